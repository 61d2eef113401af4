// `endsolve prove` end to end, on the built binary: kill -9 of the manager in
// the middle of a round, and of a GNU parallel worker in the middle of its
// units; the restarted proof gives the same answer as solve, with a line
// that keeps it, and no unit is solved twice (every question has one result
// record in the folder).
#include <csignal>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "board/position_io.h"
#include "nlohmann/json.hpp"
#include "tests/cli/batch_test_util.h"
#include "tests/cli/run_command.h"

namespace endsolve::testing {
namespace {

using ::testing::HasSubstr;

const std::string kBinary = ENDSOLVE_BINARY;
const std::string kFfo1To19 = std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-1-19.obf";
const std::string kFfo40To59 = std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-40-59.obf";

// FFO #3 (14 empties, D1 +2): with 9-empty units its
// first round asks a few dozen units, enough to kill a run among them.
std::vector<std::string> ProveArgv(const std::string& folder, const std::vector<std::string>& extra) {
  std::vector<std::string> argv = {kBinary, "prove",    kFfo1To19,  "--range", "3",
                                   "--folder", folder,  "--unit-empties", "9",
                                   "--threads", "1",    "--hash-mb", "1",  "--json"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return argv;
}

std::string Shell(const std::vector<std::string>& argv) {
  std::string command;
  for (const std::string& a : argv) absl::StrAppend(&command, command.empty() ? "" : " ", "'", a, "'");
  return command;
}

// How many result records each question (position and window) has over
// every results file of the folder.
std::map<std::string, int> RecordsPerQuestion(const std::string& folder) {
  std::map<std::string, int> count;
  for (const auto& entry : std::filesystem::directory_iterator(folder + "/results")) {
    for (const nlohmann::json& j : ReadResultLines(entry.path().string())) {
      if (j.contains("duplicate_of")) continue;
      ++count[absl::StrCat(j["position"].get<std::string>(), " ", j["window"].dump())];
    }
  }
  return count;
}

// The proof's line replays legally from its position to the end of the
// game and ends with the proven score.
void ExpectLineReachesTheScore(const nlohmann::json& proof) {
  Board board = ParsePositionText(proof["position"].get<std::string>(), "proof")->board;
  int sign = 1;
  for (const nlohmann::json& move : proof["pv"]) {
    if (move == "PS") {
      ASSERT_EQ(board.Moves(), 0u);
      board = board.Pass();
    } else {
      const int square = *ParseSquare(move.get<std::string>());
      ASSERT_TRUE(board.Moves() & SquareBit(square)) << move;
      board = board.Play(square);
    }
    sign = -sign;
  }
  EXPECT_TRUE(board.IsGameOver());
  EXPECT_EQ(sign * board.FinalScore(), proof["score"].get<int>());
}

nlohmann::json Proven(const CommandOutput& r) {
  const std::string last = r.out.substr(r.out.rfind('{'));
  return nlohmann::json::parse(last);
}

TEST(ProveCli, KillNineOfTheManagerMidRoundThenResumeLosesAndRepeatsNothing) {
  const TempFolder folder("prove_kill_manager");
  const CommandOutput whole = RunCommand(Shell(ProveArgv(folder / "whole", {})));
  ASSERT_EQ(whole.exit_status, 0) << whole.err;
  const nlohmann::json reference = Proven(whole);

  const ChildEnd end = RunAndSignalAfterLines(ProveArgv(folder / "killed", {}),
                                              folder / "killed/results/round-001.jsonl", 5,
                                              SIGKILL, folder / "killed.log");
  ASSERT_TRUE(end.killed) << "the proof ended before its fifth unit: " << end.exit_status;
  const CommandOutput resumed = RunCommand(Shell(ProveArgv(folder / "killed", {})));
  ASSERT_EQ(resumed.exit_status, 0) << resumed.err;
  EXPECT_THAT(resumed.err, HasSubstr("round 1: resuming"));
  const nlohmann::json proven = Proven(resumed);
  EXPECT_EQ(proven["score"], reference["score"]);
  EXPECT_EQ(proven["score"], proven["expected_score"]);
  // The local engine's units share one table, which a restart empties: the
  // answers' fail-soft bounds, and so the later plans, units and line may
  // differ from the uninterrupted run's; the line must still keep the score.
  ExpectLineReachesTheScore(proven);
  for (const auto& [question, records] : RecordsPerQuestion(folder / "killed")) {
    EXPECT_EQ(records, 1) << question;
  }
}

// Ctrl-C stops the proof cleanly: exit status 130, the folder and the
// command that resumes named, and the same command then finishes it.
TEST(ProveCli, CtrlCStopsAndTheSameCommandResumes) {
  const TempFolder folder("prove_ctrl_c");
  const ChildEnd end = RunAndSignalAfterLines(ProveArgv(folder / "p", {}),
                                              folder / "p/results/round-001.jsonl", 3, SIGINT,
                                              folder / "ctrl-c.log");
  ASSERT_FALSE(end.killed);
  EXPECT_EQ(end.exit_status, 130);
  EXPECT_THAT(ReadFile(folder / "ctrl-c.log"),
              HasSubstr("interrupted; the finished units are kept in " + folder / "p"));
  const CommandOutput resumed = RunCommand(Shell(ProveArgv(folder / "p", {})));
  ASSERT_EQ(resumed.exit_status, 0) << resumed.err;
  const nlohmann::json proven = Proven(resumed);
  EXPECT_EQ(proven["score"], proven["expected_score"]);
  for (const auto& [question, records] : RecordsPerQuestion(folder / "p")) {
    EXPECT_EQ(records, 1) << question;
  }
}

// A worker killed in the middle of its shard leaves its units unanswered;
// the round tries them once more and the proof goes on to the same answer.
TEST(ProveCli, AKilledWorkerSUnitsAreTriedOnceMore) {
  const TempFolder folder("prove_kill_worker");
  const std::string dir = folder / "p";
  // Kill the first shard's batch process once it has written a result.
  const std::string killer = absl::StrCat(
      "( while ! [ -f '", dir, "/results/round-001-shard-1-of-2.jsonl' ] || "
      "[ $(wc -l < '", dir, "/results/round-001-shard-1-of-2.jsonl') -lt 1 ]; do sleep 0.01; done; "
      // [2] matches 2 but not this command line's own text.
      "pkill -9 -f -- 'batch .*--shard 1/[2] --out' ) & ");
  // FFO #40 (20 empties) with 19-empty units: its first round gives each
  // shard a few units of about 0.1 s, so the kill lands inside one.
  const CommandOutput r = RunCommand(
      killer + Shell({kBinary, "prove", kFfo40To59, "--range", "40", "--folder", dir,
                      "--unit-empties", "19", "--threads", "1", "--hash-mb", "16", "--json",
                      "--engine", "parallel", "--workers", "2"}));
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("units unanswered (crashed, killed or past the time limit); "
                               "trying them once more"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/units/round-001-retry.obf"));
  const nlohmann::json proven = Proven(r);
  EXPECT_EQ(proven["score"], proven["expected_score"]);
  ExpectLineReachesTheScore(proven);
  for (const auto& [question, records] : RecordsPerQuestion(dir)) {
    EXPECT_EQ(records, 1) << question;
  }
}

// A unit past its time limit is tried once more; past it again, the proof
// stops with the units' positions named and exit status 2, its folder kept.
TEST(ProveCli, AUnitThatTimesOutTwiceStopsTheProofByName) {
  const TempFolder folder("prove_time_limit");
  const CommandOutput r = RunCommand(
      Shell({kBinary, "prove", kFfo40To59, "--range", "40", "--folder", folder / "p",
             "--unit-empties", "19", "--threads", "1", "--hash-mb", "16",
             "--unit-time-limit", "0.001"}));
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("trying them once more"));
  EXPECT_THAT(r.err, HasSubstr("units failed twice (crashed, or past --unit-time-limit); the "
                               "proof stops here, its finished units kept in"));
  // The first unit of round 1 (after the file's "% test SCORE" line),
  // named by its .obf line with its window.
  const std::string units = ReadFile(folder / "p/units/round-001.obf");
  ASSERT_EQ(units.substr(0, 7), "% test ");
  const std::size_t first = units.find('\n') + 1;
  EXPECT_THAT(r.err, HasSubstr(units.substr(first, units.find('\n', first) - first)));
  EXPECT_TRUE(std::filesystem::exists(folder / "p/units/round-001-retry.obf"));
}

TEST(ProveCli, HelpNamesTheFolderAndTheEngines) {
  const CommandOutput r = RunCommand(kBinary + " prove --help");
  EXPECT_EQ(r.exit_status, 0);
  EXPECT_THAT(r.out, HasSubstr("--folder"));
  EXPECT_THAT(r.out, HasSubstr("--unit-empties"));
  EXPECT_THAT(r.out, HasSubstr("parallel: GNU parallel"));
}

}  // namespace
}  // namespace endsolve::testing
