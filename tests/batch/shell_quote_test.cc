// ShellQuote (batch/shell_quote.h): the words of batch's printed resume
// command and of a proof's `sbatch --wrap` reach a POSIX shell as they were,
// whatever they hold. Each word is handed to /bin/sh, which prints it back.
#include "endsolve/batch/shell_quote.h"

#include <cstdio>
#include <string>

#include "gtest/gtest.h"

namespace endsolve::batch {
namespace {

// What `sh -c "printf %s WORD"` prints, WORD quoted by ShellQuote.
std::string ThroughShell(const std::string& word) {
  const std::string script = "printf %s " + ShellQuote(word);
  const std::string command = "sh -c " + ShellQuote(script);
  std::FILE* sh = popen(command.c_str(), "r");
  if (sh == nullptr) return "<popen failed>";
  std::string out;
  char buffer[256];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, sh)) > 0;) out.append(buffer, n);
  pclose(sh);
  return out;
}

TEST(ShellQuote, EveryWordReachesTheShellAsItWas) {
  for (const std::string word : {
           "plain.obf", "my proof", "it's", "x$(touch CANARY)y", "x`touch CANARY`y",
           "x;touch CANARY;y", "x\ntouch CANARY\ny", "x'; system(\"touch CANARY\"); y='",
           "a\\b", "*", "~", "!x", "", "--flag", "''''",
       }) {
    EXPECT_EQ(ThroughShell(word), word) << "quoted as " << ShellQuote(word);
  }
}

TEST(ShellQuote, APlainWordStaysAsItIs) {
  EXPECT_EQ(ShellQuote("ffo/fforum-1-19.obf"), "ffo/fforum-1-19.obf");
  EXPECT_EQ(ShellQuote("my proof"), "'my proof'");
  EXPECT_EQ(ShellQuote("it's"), "'it'\\''s'");
  EXPECT_EQ(ShellQuote(""), "''");
}

}  // namespace
}  // namespace endsolve::batch
