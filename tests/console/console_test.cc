// console/: the command line runner on a small program of its own (the
// commands' own lists are tested end to end in tests/cli and tests/train),
// "did you mean", and the progress display as a log sees it.
#include <atomic>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "endsolve/console/command_line.h"
#include "endsolve/console/progress_display.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::console {
namespace {

using ::testing::HasSubstr;

TEST(NearestTest, SuggestsASlipOfTheFingerAndNothingFarther) {
  const std::vector<std::string> options = {"--threads", "--hash-mb", "--tt-scheme"};
  EXPECT_EQ(Nearest("--thrads", options), "--threads");    // one edit
  EXPECT_EQ(Nearest("--thraeds", options), "--threads");   // two edits
  EXPECT_EQ(Nearest("--hash", options), "--hash-mb");      // a prefix
  EXPECT_EQ(Nearest("--t", options), "");                  // too short a prefix
  EXPECT_EQ(Nearest("--depth", options), "");              // nothing like it
  EXPECT_EQ(Nearest("slove", {"solve", "bench"}), "solve");
}

// A program "toy" with one subcommand "run": --count N (1 to 9), a flag,
// and positional arguments; its run records what it was given.
struct Toy {
  Toy() : root("toy 1.0: a test program", "toy") {
    CLI::App* run = root.add_subcommand("run", "runs");
    run->add_option("--count", count, "how many")->check(InRange(1, 9, "a count"));
    run->add_flag("--loud", loud, "louder");
    AddPositionals(*run, "WORDS", words, "words");
    runs[run] = [this](const std::vector<std::string>& typed) {
      given = typed;
      return 7;
    };
  }
  int Run(std::vector<std::string> args) {
    args.insert(args.begin(), "toy");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    ::testing::internal::CaptureStdout();
    ::testing::internal::CaptureStderr();
    const int status = RunCommandLine(root, runs, "footer\n", static_cast<int>(argv.size()), argv.data());
    out = ::testing::internal::GetCapturedStdout();
    err = ::testing::internal::GetCapturedStderr();
    return status;
  }
  CLI::App root;
  CommandRuns runs;
  int count = 1;
  bool loud = false;
  std::vector<std::string> words, given;
  std::string out, err;
};

TEST(RunCommandLineTest, RunsTheSubcommandWithItsOptionsAndPositionals) {
  Toy toy;
  // A board string begins with dashes but is no option: it stays a word.
  const std::string board = "--XXXXX--OOOXX-O X";
  EXPECT_EQ(toy.Run({"run", "--count", "3", board, "--loud", "b"}), 7);
  EXPECT_EQ(toy.count, 3);
  EXPECT_TRUE(toy.loud);
  EXPECT_EQ(toy.words, (std::vector<std::string>{board, "b"}));
  EXPECT_EQ(toy.given, (std::vector<std::string>{"--count", "3", board, "--loud", "b"}));
  EXPECT_EQ(toy.err, "");
}

TEST(RunCommandLineTest, BadUsageExitsTwoNamingTheCommand) {
  const struct {
    std::vector<std::string> args;
    std::string message;
  } cases[] = {
      {{"run", "--count", "10"}, "toy run: --count: expected a count from 1 to 9, found '10'\n"},
      {{"run", "--count"}, "toy run: option --count expects a value\n"},
      {{"run", "--cuont", "2"}, "toy run: unknown option --cuont (did you mean --count?); options of run: --count --loud\n"},
      {{"rnu"}, "toy: unknown command 'rnu' (did you mean 'run'?); 'toy help' lists the commands\n"},
      {{"help", "nothing"}, "toy: no command named 'nothing'\n"},
  };
  for (const auto& c : cases) {
    Toy toy;
    EXPECT_EQ(toy.Run(c.args), kExitBadInput) << c.message;
    EXPECT_EQ(toy.err, c.message);
    EXPECT_EQ(toy.out, "");
    EXPECT_TRUE(toy.given.empty()) << c.message;
  }
}

TEST(RunCommandLineTest, HelpPrintsTheOverviewOrOneCommandsOptions) {
  Toy toy;
  EXPECT_EQ(toy.Run({"help"}), kExitOk);
  EXPECT_THAT(toy.out, HasSubstr("toy run [OPTIONS] [WORDS...]\n      runs\n"));
  EXPECT_THAT(toy.out, HasSubstr("'toy help COMMAND' or 'toy COMMAND --help'"));
  EXPECT_THAT(toy.out, HasSubstr("footer\n"));
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"help", "run"}, std::vector<std::string>{"run", "--help"}}) {
    Toy one;
    EXPECT_EQ(one.Run(args), kExitOk);
    EXPECT_THAT(one.out, HasSubstr("Usage: toy run [OPTIONS]"));
    EXPECT_THAT(one.out, HasSubstr("--count"));
    EXPECT_TRUE(one.given.empty());
  }
  // No command at all is bad usage: the overview, on stderr.
  Toy bare;
  EXPECT_EQ(bare.Run({}), kExitBadInput);
  EXPECT_EQ(bare.out, "");
  EXPECT_EQ(bare.err, toy.out);
  Toy version;
  EXPECT_EQ(version.Run({"--version"}), kExitOk);
  EXPECT_EQ(version.out, "toy 1.0\n");
}

TEST(StatusCheckTest, RefusesWithTheParsersMessage) {
  CLI::App app("check", "check");
  std::string value;
  app.add_option("--v", value)->check(StatusCheck([](const std::string& s) {
    return s == "ok" ? absl::OkStatus() : absl::InvalidArgumentError("expected ok, found '" + s + "'");
  }));
  EXPECT_NO_THROW(app.parse(std::vector<std::string>{"ok", "--v"}));
  EXPECT_THAT([&] { app.parse(std::vector<std::string>{"no", "--v"}); },
              ::testing::ThrowsMessage<CLI::ValidationError>(HasSubstr("expected ok, found 'no'")));
}

TEST(ProgressDisplayTest, ALogGetsMessagesAndAFinalLine) {
  std::atomic<int> done = 0;
  ::testing::internal::CaptureStderr();
  {
    ProgressDisplay display([&done](bool terminal) { return terminal ? "drawn" : std::to_string(done.load()) + " done"; },
                            /*terminal=*/false, "toy: ");
    display.Message("a message");
    done = 3;
    display.Stop();
    display.Stop();  // a second Stop does nothing
  }
  // Within the 30 s log interval nothing else is logged.
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "a message\ntoy: 3 done\n");
}

// A status line longer than the terminal keeps its head and its tail, where
// the counts and the time are.
TEST(ProgressDisplayTest, ALongLineKeepsItsHeadAndTailOnATerminal) {
  const std::string line =
      "wthor/wth2024-sample.wtb:1: selective pass (margin 16), root 13/13, best F5 +4, "
      "464520540 nodes (65.1 M/s), 31.5s";
  EXPECT_EQ(FitToWidth(line, line.size()), line);
  const std::string fit = FitToWidth(line, 79);
  EXPECT_EQ(fit.size(), 79u) << fit;
  EXPECT_TRUE(fit.starts_with("wthor/wth2024-sample")) << fit;
  EXPECT_TRUE(fit.ends_with("464520540 nodes (65.1 M/s), 31.5s")) << fit;
  EXPECT_NE(fit.find("..."), std::string::npos) << fit;
  // Never inside a UTF-8 character: "é" is two bytes.
  const std::string accents = "éééééééééééééééééééé: 12345 nodes, 1.0s";
  for (std::size_t width = 1; width < accents.size(); ++width) {
    const std::string cut = FitToWidth(accents, width);
    EXPECT_LE(cut.size(), width);
    for (std::size_t i = 0; i + 1 < cut.size(); ++i) {
      if (static_cast<unsigned char>(cut[i]) == 0xc3) {
        EXPECT_EQ(static_cast<unsigned char>(cut[i + 1]) & 0xc0, 0x80) << width << " " << cut;
      }
    }
    if (!cut.empty()) EXPECT_NE(static_cast<unsigned char>(cut.back()), 0xc3) << width;
  }
}

}  // namespace
}  // namespace endsolve::console
