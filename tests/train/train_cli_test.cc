// `endsolve-train` as scripts/train-eval and a user see it: one option list
// per stage (console/command_line.h, as for `endsolve`), bad values refused
// with exit status 2 and their reason, and the solve stage's options taking
// effect end to end on the WTHOR fixture files.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "tests/cli/run_command.h"
#include "endsolve/train/exact_labels.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::string kTrain = ENDSOLVE_TRAIN_BINARY;
// Four WTHOR files: a good one and three broken ones (board/ tests them).
const std::string kFixtures = ENDSOLVE_WTHOR_FIXTURES;

// The long option names a --help text lists, in order.
std::vector<std::string> ListedOptions(const std::string& help) {
  std::vector<std::string> names;
  for (absl::string_view line : absl::StrSplit(help, '\n')) {
    const std::size_t dashes = line.find("--");
    if (dashes == absl::string_view::npos || line.substr(0, dashes).find_first_not_of(" -h,") !=
                                                 absl::string_view::npos) {
      continue;
    }
    const absl::string_view rest = line.substr(dashes);
    names.emplace_back(rest.substr(0, rest.find_first_of(" =")));
  }
  return names;
}

TEST(TrainCliTest, TheOverviewAndEachStagesHelpListItsOptions) {
  const CommandOutput overview = RunCommand(kTrain + " help");
  EXPECT_EQ(overview.exit_status, 0);
  // With no command at all, the same overview is a usage error's message.
  const CommandOutput bare = RunCommand(kTrain);
  EXPECT_EQ(bare.exit_status, 2);
  EXPECT_EQ(bare.err, overview.out);
  EXPECT_THAT(overview.out, HasSubstr("endsolve-train solve [OPTIONS]"));
  EXPECT_THAT(overview.out, HasSubstr("endsolve-train fit [OPTIONS]"));
  const CommandOutput solve = RunCommand(kTrain + " solve --help");
  EXPECT_EQ(solve.exit_status, 0);
  EXPECT_EQ(ListedOptions(solve.out),
            (std::vector<std::string>{"--help", "--wthor", "--out", "--empties", "--every",
                                      "--heldout-every", "--deviations", "--deviation-plies", "--threads",
                                      "--hash-mb"}));
  const CommandOutput fit = RunCommand(kTrain + " help fit");
  EXPECT_EQ(fit.exit_status, 0);
  EXPECT_EQ(ListedOptions(fit.out),
            (std::vector<std::string>{"--help", "--wthor", "--labels", "--out", "--report",
                                      "--threads", "--epochs", "--l2", "--late-labels"}));
  EXPECT_EQ(fit.err, "");
}

TEST(TrainCliTest, BadUsageExitsTwoWithItsReason) {
  const std::string fit = kTrain + " fit --wthor " + kFixtures + " --out /dev/null --report /dev/null";
  const struct {
    std::string args, message;
  } cases[] = {
      {fit + " --l2 abc", "endsolve-train fit: --l2: expected a number of pseudo-samples, 0 or more, found 'abc'"},
      {fit + " --l2 -1", "found '-1'"},
      {fit + " --epochs 0", "--epochs: expected a number of epochs from 1 to 100000, found '0'"},
      {fit + " --late-labels maybe", "--late-labels"},
      {kTrain + " fit --wthor x --out y", "endsolve-train fit: --report is required"},
      {kTrain + " solve --wthor x", "endsolve-train solve: --out is required"},
      {kTrain + " solve --wthor x --out y --empties 99",
       "--empties: expected a number of empty squares from 1 to 36, found '99'"},
      {kTrain + " solve --wthor x --out y --every 0", "--every: expected a stride from 1"},
      {kTrain + " solve --wthor x --out y --heldout-every 0",
       "--heldout-every: expected a stride from 1"},
      {kTrain + " solve --wthor x --out y --hash-mb 0",
       "--hash-mb: transposition table size must be at least 1 MiB"},
      {kTrain + " solve --wthor x --out y --thread 2",
       "unknown option --thread (did you mean --threads?)"},
      {kTrain + " slove", "unknown command 'slove' (did you mean 'solve'?)"},
      {kTrain + " solve --wthor /nonexistent/wthor --out y", "endsolve-train solve: /nonexistent/wthor"},
      // Labels need a file of their own: a device would swallow them all.
      {kTrain + " solve --wthor " + kFixtures + " --out /dev/full",
       "endsolve-train solve: --out: /dev/full is not a regular file (a device, a pipe or a "
       "folder); labels need a file of their own"},
      // A labels file that is not there is not an empty one: the fit would
      // go on with bootstrap labels only.
      {fit + " --labels /nonexistent/labels.txt",
       "endsolve-train fit: --labels: cannot open /nonexistent/labels.txt: no such file"},
      {fit + " --labels " + kFixtures + "/../wthor_test.cc,/nonexistent/labels.txt",
       "--labels: cannot open /nonexistent/labels.txt: no such file"},
  };
  for (const auto& c : cases) {
    const CommandOutput r = RunCommand(c.args);
    EXPECT_EQ(r.exit_status, 2) << c.args;
    EXPECT_THAT(r.err, HasSubstr(c.message)) << c.args;
    EXPECT_THAT(r.err, Not(HasSubstr("terminate"))) << c.args;
  }
}

// A write that fails (here against a file size limit of 0, as on a full
// disk) stops the stage at once with the reason, instead of solving the 13
// positions on into nothing.
TEST(TrainCliTest, AWriteThatFailsStopsTheSolveStage) {
  const std::string out = WriteTempFile("labels-limited.txt", "");
  // With SIGXFSZ ignored, the write fails with EFBIG. The limit holds in a
  // subshell only, whose messages and exit status go through a pipe, so
  // that the captured stderr is not limited too.
  const CommandOutput r = RunCommand(absl::StrCat(
      "{ (trap '' XFSZ; ulimit -f 0; exec ", kTrain, " solve --wthor ", kFixtures, " --out ", out,
      " --threads 1 --hash-mb 1 --empties 10) 2>&1; echo \"exit status $?\"; } | cat >&2"));
  EXPECT_THAT(r.err, HasSubstr("exit status 1"));
  EXPECT_THAT(r.err, HasSubstr("endsolve-train solve: cannot write to " + out));
  EXPECT_THAT(r.err, Not(HasSubstr("solved 13 positions")));
  EXPECT_THAT(r.err, Not(HasSubstr("13/13 solved")));
}

TEST(TrainCliTest, TheSolveStageTakesItsOptionsAndResumes) {
  const std::string out = WriteTempFile("labels.txt", "");
  const std::string solve =
      absl::StrCat(kTrain, " solve --wthor ", kFixtures, " --out ", out, " --threads 2 --hash-mb 1");
  // Every third training game (and every held-out one) at 10 empties.
  const CommandOutput some = RunCommand(solve + " --empties 10 --every 3");
  ASSERT_EQ(some.exit_status, 0) << some.err;
  EXPECT_THAT(some.err, HasSubstr("warning: " + kFixtures + "/truncated.wtb"));
  absl::StatusOr<std::vector<train::ExactLabel>> labels = train::ReadLabels(out);
  ASSERT_TRUE(labels.ok()) << labels.status();
  const std::size_t every_third = labels->size();
  ASSERT_GT(every_third, 0u);
  for (const train::ExactLabel& label : *labels) EXPECT_EQ(label.board.EmptyCount(), 10);
  // All the games: only the others are solved, and a run after that has
  // nothing left to do.
  const CommandOutput rest = RunCommand(solve + " --empties 10");
  ASSERT_EQ(rest.exit_status, 0) << rest.err;
  labels = train::ReadLabels(out);
  ASSERT_TRUE(labels.ok());
  EXPECT_GT(labels->size(), every_third);
  EXPECT_THAT(rest.err, HasSubstr(absl::StrCat(every_third, " already solved")));
  const CommandOutput again = RunCommand(solve + " --empties 10");
  EXPECT_EQ(again.exit_status, 0);
  EXPECT_THAT(again.err, HasSubstr("solved 0 positions into " + out));
}

}  // namespace
}  // namespace endsolve::testing
