// docs/options.md against the commands themselves: every shared option the
// table lists is in the --help of each command it names, with the table's
// default and one help line for all of them, and no command's --help has a
// shared option the table leaves out for it. The commands are those of
// `endsolve help`, so that a command added later is checked too.
#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "tests/cli/run_command.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::testing {
namespace {

const std::string kBinary = ENDSOLVE_BINARY;

// One row of the table: an option, its default as the help shows it ("" for
// a row whose default is in words: the help shows none), and the commands
// that take it.
struct Row {
  std::string option;
  std::string shown_default;
  std::set<std::string> commands;
};

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<Row> TableRows() {
  std::vector<Row> rows;
  for (const absl::string_view line :
       absl::StrSplit(ReadFile(std::string(ENDSOLVE_SOURCE_DIR) + "/docs/options.md"), '\n')) {
    if (!absl::StartsWith(line, "| `--")) continue;
    const std::vector<std::string> cells =
        absl::StrSplit(absl::StripSuffix(absl::StripPrefix(line, "| "), " |"), " | ");
    if (cells.size() != 4) {
      ADD_FAILURE() << "not 4 cells: " << line;
      continue;
    }
    Row row;
    // "`--threads N`": the name, without its value's placeholder.
    row.option = std::string(absl::StripPrefix(cells[0], "`"));
    row.option = row.option.substr(0, row.option.find_first_of(" `"));
    const std::string& shown = cells[2];
    if (shown.size() > 2 && shown.front() == '`' && shown.back() == '`') {
      row.shown_default = shown.substr(1, shown.size() - 2);
    }
    for (const absl::string_view command : absl::StrSplit(cells[3], ", ")) {
      row.commands.emplace(command);
    }
    rows.push_back(row);
  }
  return rows;
}

// The commands `endsolve help` lists ("solve", "bench ffo", "study
// schemes"): the words after "endsolve" on each usage line.
std::vector<std::string> Commands() {
  const CommandOutput r = RunCommand(kBinary + " help");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  std::vector<std::string> commands;
  for (const absl::string_view line : absl::StrSplit(r.out, '\n')) {
    if (!absl::StartsWith(line, "  endsolve ")) continue;
    std::vector<std::string> words;
    for (const absl::string_view word :
         absl::StrSplit(absl::StripPrefix(line, "  endsolve "), ' ', absl::SkipEmpty())) {
      if (absl::StartsWith(word, "[") || absl::StartsWith(word, "-") ||
          !absl::ascii_islower(static_cast<unsigned char>(word[0]))) {
        break;
      }
      words.emplace_back(word);
    }
    commands.push_back(absl::StrJoin(words, " "));
  }
  return commands;
}

// An option as a command's --help shows it: the default after '=' ("" for
// none) and its help line, less what CLI11 adds of the option's ties to
// others (Needs:, Excludes:).
struct HelpOption {
  std::string shown_default;
  std::string text;
};

// CLI11's help: "  --hash-mb INT=256           transposition table ...",
// the option's name, type and default, what it needs or excludes
// ("Needs: --pv"), then its help line, after at least two spaces, or on the
// line below when the rest is long (or after one space when the ties fill
// the column exactly).
std::map<std::string, HelpOption> HelpOptions(const std::string& help) {
  std::map<std::string, HelpOption> options;
  const std::vector<std::string> lines = absl::StrSplit(help, '\n');
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const absl::string_view line = absl::StripLeadingAsciiWhitespace(lines[i]);
    if (!absl::StartsWith(line, "--")) continue;
    const std::size_t gap = line.find("  ");
    std::string head(line.substr(0, gap));
    std::string text =
        gap == absl::string_view::npos
            ? ""
            : std::string(absl::StripLeadingAsciiWhitespace(line.substr(gap)));
    std::size_t ties = std::string::npos;
    for (const char* tie : {" Needs: ", " Excludes: "}) ties = std::min(ties, head.find(tie));
    if (ties != std::string::npos) {
      // The named options, then any words of the help line.
      std::vector<std::string> rest;
      for (const absl::string_view word : absl::StrSplit(head.substr(ties), ' ', absl::SkipEmpty())) {
        if (rest.empty() && (absl::StartsWith(word, "--") || word == "Needs:" || word == "Excludes:")) {
          continue;
        }
        rest.emplace_back(word);
      }
      if (!rest.empty()) text = absl::StrJoin(rest, " ") + (text.empty() ? "" : " " + text);
      head.resize(ties);
    }
    if (text.empty() && i + 1 < lines.size()) {
      text = std::string(absl::StripAsciiWhitespace(lines[i + 1]));
    }
    const std::string name = head.substr(0, head.find_first_of(" ="));
    const std::size_t equals = head.find('=');
    options[name] = {equals == std::string::npos ? "" : head.substr(equals + 1), text};
  }
  return options;
}

TEST(OptionsTableTest, EveryCommandsHelpAgreesWithDocsOptions) {
  const std::vector<Row> rows = TableRows();
  ASSERT_GE(rows.size(), 15u) << "docs/options.md's table not found";
  const std::vector<std::string> commands = Commands();
  ASSERT_GE(commands.size(), 12u);
  std::set<std::string> shared;
  for (const Row& row : rows) {
    shared.insert(row.option);
    for (const std::string& command : row.commands) {
      EXPECT_THAT(commands, ::testing::Contains(command))
          << "docs/options.md lists " << row.option << " for " << command
          << ", which endsolve help does not list";
    }
  }
  // The help line of each shared option, the same in every command.
  std::map<std::string, std::string> text_of;
  for (const std::string& command : commands) {
    SCOPED_TRACE(command);
    const CommandOutput r = RunCommand(kBinary + " " + command + " --help");
    ASSERT_EQ(r.exit_status, 0) << r.err;
    const std::map<std::string, HelpOption> help = HelpOptions(r.out);
    for (const Row& row : rows) {
      if (!row.commands.contains(command)) continue;
      const auto it = help.find(row.option);
      if (it == help.end()) {
        ADD_FAILURE() << "docs/options.md lists " << row.option << " for " << command
                      << ", whose --help does not have it";
        continue;
      }
      EXPECT_EQ(it->second.shown_default, row.shown_default)
          << row.option << "'s default in " << command << "'s --help";
      // bench scaling's list of counts and prove's unit tables have help of
      // their own, as their rows have meanings of their own.
      const std::string key = row.option + " " + row.shown_default;
      const auto [known, inserted] = text_of.emplace(key, it->second.text);
      EXPECT_EQ(it->second.text, known->second) << row.option << "'s help line in " << command;
    }
    for (const auto& [option, shown] : help) {
      if (!shared.contains(option)) continue;
      bool listed = false;
      for (const Row& row : rows) listed = listed || (row.option == option && row.commands.contains(command));
      EXPECT_TRUE(listed) << command << "'s --help has " << option
                          << ", which docs/options.md does not list for it";
    }
  }
}

}  // namespace
}  // namespace endsolve::testing
