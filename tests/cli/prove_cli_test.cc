// `endsolve prove` end to end, on the built binary: kill -9 of the manager in
// the middle of its units, and of a pool's workers in the middle of
// theirs; the restarted proof gives the same answer as solve, with a line
// that keeps it, and no unit is solved twice (every question has one result
// record in the folder). The Slurm engine against a stand-in sbatch (a real
// cluster: scripts/test-slurm).
#include <algorithm>
#include <csignal>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "endsolve/positions/position_io.h"
#include "tests/cli/batch_test_util.h"
#include "tests/cli/run_command.h"
#include "tests/sanitized_share.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace endsolve::testing {
namespace {

using ::testing::HasSubstr;

const std::string kBinary = ENDSOLVE_BINARY;
const std::string kFfo1To19 = std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-1-19.obf";
const std::string kFfo40To59 = std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-40-59.obf";

// FFO #3 (14 empties, D1 +2): with 9-empty units a proof of a few hundred
// units, enough to kill a run among them.
std::vector<std::string> ProveArgv(const std::string& folder, const std::vector<std::string>& extra) {
  std::vector<std::string> argv = {kBinary, "prove",    kFfo1To19,  "--range", "3",
                                   "--folder", folder,  "--unit-empties", "9",
                                   "--threads", "1",    "--hash-mb", "1",  "--json"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return argv;
}

// `argv` as a shell command line, each word single-quoted.
std::string Shell(const std::vector<std::string>& argv) {
  std::string command;
  for (const std::string& a : argv) {
    absl::StrAppend(&command, command.empty() ? "" : " ", "'",
                    absl::StrReplaceAll(a, {{"'", "'\\''"}}), "'");
  }
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

TEST(ProveCli, KillNineOfTheManagerThenResumeLosesAndRepeatsNothing) {
  const TempFolder folder("prove_kill_manager");
  const CommandOutput whole = RunCommand(Shell(ProveArgv(folder / "whole", {})));
  ASSERT_EQ(whole.exit_status, 0) << whole.err;
  const nlohmann::json reference = Proven(whole);

  // Killed after its 60th unit.
  const ChildEnd end = RunAndSignalAfterLines(ProveArgv(folder / "killed", {}),
                                              folder / "killed/results/local.jsonl", 60,
                                              SIGKILL, folder / "killed.log");
  ASSERT_TRUE(end.killed) << "the proof ended before its 60th unit: " << end.exit_status;
  const CommandOutput resumed = RunCommand(Shell(ProveArgv(folder / "killed", {})));
  ASSERT_EQ(resumed.exit_status, 0) << resumed.err;
  const nlohmann::json proven = Proven(resumed);
  EXPECT_EQ(proven["score"], reference["score"]);
  EXPECT_EQ(proven["score"], proven["expected_score"]);
  // The local engine's units share one table, which a restart empties: the
  // answers' fail-soft bounds, and so the later walks, units and line may
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
                                              folder / "p/results/local.jsonl", 30, SIGINT,
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

// Ctrl-C at a terminal reaches the pool's workers as well as the manager:
// the proof stops as interrupted (not as failed workers), and the same
// command resumes it with a new pool.
TEST(ProveCli, CtrlCOfTheWholeParallelJobStopsAndTheSameCommandResumes) {
  const TempFolder folder("prove_ctrl_c_parallel");
  // FFO #40 (20 empties) with 19-empty units: the ordering table's move
  // first, then the root's other moves, units of about 0.1 s, so that the
  // signal lands while the workers solve. One planning thread, so that the
  // walks are these on every run.
  const std::vector<std::string> argv = {
      kBinary,        "prove", kFfo40To59,  "--range",  "40",       "--folder", folder / "p",
      "--unit-empties", "19",  "--threads", "1",        "--hash-mb", "16",      "--json",
      "--engine",     "parallel", "--workers", "3", "--plan-threads", "1"};
  const ChildEnd end =
      RunAndSignalAfterLines(argv, folder / "p/results/pool-000001-worker-1.jsonl", 1,
                             SIGINT, folder / "ctrl-c.log", /*whole_group=*/true);
  ASSERT_FALSE(end.killed);
  EXPECT_EQ(end.exit_status, 130) << ReadFile(folder / "ctrl-c.log");
  EXPECT_THAT(ReadFile(folder / "ctrl-c.log"),
              HasSubstr("interrupted; the finished units are kept in " + folder / "p"));
  const CommandOutput resumed = RunCommand(Shell(argv));
  ASSERT_EQ(resumed.exit_status, 0) << resumed.err;
  const nlohmann::json proven = Proven(resumed);
  EXPECT_EQ(proven["score"], proven["expected_score"]);
  ExpectLineReachesTheScore(proven);
  for (const auto& [question, records] : RecordsPerQuestion(folder / "p")) {
    EXPECT_EQ(records, 1) << question;
  }
  // The first run's pool was ended (its last line), and the second run
  // had a pool of its own.
  const std::string first = ReadFile(folder / "p/units/pool-000001.obf");
  EXPECT_TRUE(absl::EndsWith(first, "\n% end\n")) << first;
  EXPECT_TRUE(std::filesystem::exists(folder / "p/results/pool-000002-worker-1.jsonl"));
}

// Workers killed in the middle of their units leave the units they
// claimed unanswered: the manager, which learns of each death at once,
// asks them once more and starts the workers again, and the proof goes on
// to the same answer with every question answered once.
TEST(ProveCli, AKilledWorkerSUnitsAreTriedOnceMore) {
  const TempFolder folder("prove_kill_worker");
  const std::string dir = folder / "p";
  // Kill the three workers once two units are answered: on two cores the
  // three are solving theirs.
  const std::string killer = absl::StrCat(
      "( while [ \"$(cat '", dir, "'/results/pool-000001-worker-*.jsonl 2>/dev/null | wc -l)\" "
      "-lt 2 ]; do sleep 0.01; done; "
      // Only this test's workers (their --out is in its folder; tests run
      // side by side); [1] matches 1 but not this command line's own text.
      "pkill -9 -f -- 'batch .*--out ", dir, "/results/pool-00000[1]-worker-' ) & ");
  // FFO #40 (20 empties) with 19-empty units: the ordering table's move
  // first (the first test, +38, is the score), then the other moves of the
  // root (is any above +38?), units of about 0.1 s. One planning thread, so
  // that the ordering passes leave the same table, and the walks are these,
  // on every run.
  const CommandOutput r = RunCommand(
      killer + Shell({kBinary, "prove", kFfo40To59, "--range", "40", "--folder", dir,
                      "--unit-empties", "19", "--threads", "1", "--hash-mb", "16", "--json",
                      "--engine", "parallel", "--workers", "3", "--plan-threads", "1"}));
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("units unanswered (crashed, killed or past the time limit); "
                               "asking them once more"));
  const nlohmann::json proven = Proven(r);
  EXPECT_EQ(proven["score"], proven["expected_score"]);
  ExpectLineReachesTheScore(proven);
  for (const auto& [question, records] : RecordsPerQuestion(dir)) {
    EXPECT_EQ(records, 1) << question;
  }
}

// A unit past its time limit is asked once more; past it again, the proof
// stops with the unit's position named and exit status 2, its folder kept.
TEST(ProveCli, AUnitThatTimesOutTwiceStopsTheProofByName) {
  const TempFolder folder("prove_time_limit");
  const CommandOutput r = RunCommand(
      Shell({kBinary, "prove", kFfo40To59, "--range", "40", "--folder", folder / "p",
             "--unit-empties", "19", "--threads", "1", "--hash-mb", "16",
             "--time-limit", "0.001"}));
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("asking them once more"));
  EXPECT_THAT(r.err, HasSubstr("a unit failed 2 times (crashed, killed, or past "
                               "--time-limit): "));
  EXPECT_THAT(r.err, HasSubstr("; the proof stops here, its finished units kept in " +
                               folder / "p"));
  // The unit is the last one handed out, twice: named by its .obf line with
  // its window.
  const std::vector<std::string> units =
      absl::StrSplit(ReadFile(folder / "p/units/local.obf"), '\n', absl::SkipEmpty());
  ASSERT_GE(units.size(), 2u);
  EXPECT_THAT(r.err, HasSubstr(units.back()));
  EXPECT_EQ(std::count(units.begin(), units.end(), units.back()), 2);
}

// Stand-ins for Slurm's sbatch, squeue and scancel, put first on PATH.
// sbatch logs its arguments, prints a job id as --parsable does, and starts
// the --wrap command once per task of --array=1-N in the background with
// SLURM_ARRAY_TASK_ID set, as the tasks of a real array would; squeue -r
// -o %K lists the tasks still running, scancel stops them. (scripts/test-slurm
// runs a real one-node cluster.) The tasks of the first array listed in
// $SKIP_TASKS ("1 3") are not run, as if cancelled before they started; with
// NO_TASKS set no task runs. With FAIL_SUBMIT set sbatch refuses, as it does
// a bad option. squeue -o %i lists job 4242 for its first $QUEUED_LOOKS
// calls, as if an array left by an earlier run were still running.
constexpr char kFakeSbatch[] = R"sh(#!/bin/sh
dir="$(dirname "$0")"
log="$dir/sbatch.log"
echo "sbatch $*" >> "$log"
if [ -n "$FAIL_SUBMIT" ]; then echo "sbatch: error: Invalid partition name specified" >&2; exit 1; fi
tasks=0
wrap=
for a in "$@"; do
  case "$a" in
    --array=1-*) tasks=${a#--array=1-} ;;
    --wrap=*) wrap=${a#--wrap=} ;;
  esac
done
echo 4242
first="$dir/first-array-done"
rm -f "$dir"/task-*
k=1
while [ "$k" -le "$tasks" ]; do
  if [ -z "$NO_TASKS" ] && { [ -f "$first" ] || ! echo " $SKIP_TASKS " | grep -q " $k "; }; then
    touch "$dir/task-$k.running"
    (
      SLURM_ARRAY_TASK_ID=$k sh -c "$wrap" >> "$log" 2>&1 &
      echo $! > "$dir/task-$k.pid"
      wait
      rm -f "$dir/task-$k.running"
    ) > /dev/null 2>&1 &
  fi
  k=$((k + 1))
done
touch "$first"
)sh";
constexpr char kFakeSqueue[] = R"sh(#!/bin/sh
dir="$(dirname "$0")"
log="$dir/sbatch.log"
echo "squeue $*" >> "$log"
case "$*" in
  *%K*)
    for f in "$dir"/task-*.running; do
      [ -f "$f" ] || continue
      k=${f##*/task-}
      echo "${k%.running}"
    done ;;
  *)
    looks="$dir/squeue-looks"
    n=$(cat "$looks" 2>/dev/null || echo 0)
    if [ "$n" -lt "${QUEUED_LOOKS:-0}" ]; then
      echo $((n + 1)) > "$looks"
      echo 4242
      echo "squeue: listed 4242" >> "$log"
    fi ;;
esac
)sh";
constexpr char kFakeScancel[] = R"sh(#!/bin/sh
dir="$(dirname "$0")"
echo "scancel $*" >> "$dir/sbatch.log"
for f in "$dir"/task-*.pid; do
  [ -f "$f" ] && kill -TERM "$(cat "$f")" 2>/dev/null
done
exit 0
)sh";

// A folder of stand-ins for Slurm's commands, to put first on PATH.
void WriteFakeSlurm(const std::string& bin) {
  std::filesystem::create_directories(bin);
  WriteFile(bin + "/sbatch", kFakeSbatch);
  WriteFile(bin + "/squeue", kFakeSqueue);
  WriteFile(bin + "/scancel", kFakeScancel);
  for (const char* name : {"/sbatch", "/squeue", "/scancel"}) {
    std::filesystem::permissions(bin + name, std::filesystem::perms::owner_all);
  }
}

// FFO #10 (15 empties, 11-empty units) proven into `dir` through the Slurm
// engine with an array of 3 tasks, the stand-ins first on PATH and `env` (the
// stand-ins' settings) before the command.
CommandOutput ProveFfo10WithFakeSlurm(const TempFolder& folder, const std::string& dir,
                                      const std::string& env,
                                      const std::vector<std::string>& extra) {
  WriteFakeSlurm(folder / "bin");
  std::vector<std::string> argv = {kBinary,    "prove",  kFfo1To19, "--range", "10",
                                   "--folder", dir,      "--unit-empties", "11", "--threads",
                                   "1",        "--hash-mb", "1",     "--json",  "--engine",
                                   "slurm",    "--workers", "3"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return RunCommand(absl::StrCat("PATH='", folder / "bin", "':\"$PATH\" ", env, " ", Shell(argv)));
}

// The Slurm engine runs its pool as one array of --workers tasks, each an
// `endsolve batch --follow` of the pool's units that claims the next unit no
// other task took, for the whole proof; the manager ends the array
// (scancel) when the proof is done. A task that never runs leaves nothing
// behind. The folder's name has a space and a quote, which the task's shell
// command must keep. FFO #10 (15 empties) with 11-empty units.
TEST(ProveCli, TheSlurmEngineRunsItsPoolAsOneArrayOfWorkersThatShareTheUnits) {
  const TempFolder folder("prove_slurm");
  const std::string dir = folder / "it's a proof";
  const CommandOutput r = ProveFfo10WithFakeSlurm(folder, dir, "SKIP_TASKS=1",
                                                  {"--sbatch-options=--partition=test --time=10"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const nlohmann::json proven = Proven(r);
  EXPECT_EQ(proven["score"], proven["expected_score"]);
  ExpectLineReachesTheScore(proven);
  const std::map<std::string, int> per_question = RecordsPerQuestion(dir);
  for (const auto& [question, records] : per_question) {
    EXPECT_EQ(records, 1) << question;
  }
  // Task 1 never ran; tasks 2 and 3 answered every unit between them.
  EXPECT_FALSE(std::filesystem::exists(dir + "/results/pool-000001-worker-1.jsonl"));
  EXPECT_EQ(CompleteLines(dir + "/results/pool-000001-worker-2.jsonl") +
                CompleteLines(dir + "/results/pool-000001-worker-3.jsonl"),
            static_cast<int>(per_question.size()));
  EXPECT_THAT(r.err, ::testing::Not(HasSubstr("asking them once more")));
  const std::string submitted = ReadFile(folder / "bin/sbatch.log");
  const std::vector<std::string> arrays = absl::StrSplit(submitted, "sbatch --parsable");
  EXPECT_EQ(arrays.size(), 2u) << submitted;  // one submission
  EXPECT_THAT(submitted, HasSubstr("--array=1-3 --cpus-per-task=1"));
  EXPECT_THAT(submitted, HasSubstr("--partition=test --time=10 --wrap=exec"));
  EXPECT_THAT(submitted, HasSubstr("--follow 300"));
  EXPECT_THAT(submitted, HasSubstr("scancel 4242"));
  EXPECT_EQ(ReadFile(dir + "/slurm/pool-000001.job"), "4242\n");
}

// An array of which no task ran (cancelled, or never scheduled) leaves the
// pool's units waiting: the manager submits the array again, and the proof
// goes on to the right score.
TEST(ProveCli, TheSlurmEngineSubmitsItsArrayAgainWhenNoTaskIsLeft) {
  const TempFolder folder("prove_slurm_retry");
  const std::string dir = folder / "p";
  const CommandOutput r = ProveFfo10WithFakeSlurm(folder, dir, "SKIP_TASKS='1 2 3'", {});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string submitted = ReadFile(folder / "bin/sbatch.log");
  const std::vector<std::string> arrays = absl::StrSplit(submitted, "sbatch --parsable");
  EXPECT_EQ(arrays.size(), 3u) << submitted;  // two submissions
  EXPECT_THAT(submitted, HasSubstr("squeue -h -r -o %K -j 4242"));  // the tasks left
  EXPECT_TRUE(std::filesystem::exists(dir + "/results/pool-000001-worker-1.jsonl"));
  const nlohmann::json proven = Proven(r);
  EXPECT_EQ(proven["score"], proven["expected_score"]);
  for (const auto& [question, records] : RecordsPerQuestion(dir)) {
    EXPECT_EQ(records, 1) << question;
  }
}

TEST(ProveCli, ASubmissionSlurmRefusesStopsTheProofWithItsMessageKept) {
  const TempFolder folder("prove_slurm_refused");
  WriteFakeSlurm(folder / "bin");
  const CommandOutput r = RunCommand(absl::StrCat(
      "PATH='", folder / "bin", "':\"$PATH\" FAIL_SUBMIT=1 ",
      Shell(ProveArgv(folder / "p", {"--engine", "slurm", "--sbatch-options=--partition=nope"}))));
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("sbatch did not submit the pool's array (no job id); its "
                               "messages are in " + folder / "p/workers.log"));
  EXPECT_THAT(ReadFile(folder / "p/workers.log"), HasSubstr("Invalid partition name"));
}

// A manager stopped while its array may still run (here: arrays whose tasks
// never ran, so that the proof stopped) finds the array's job id in the
// folder when started again, and waits while squeue lists it before it
// submits its own: the first array's workers would otherwise go on beside
// the second's.
TEST(ProveCli, ARestartedManagerWaitsForTheArrayItLeftRunning) {
  const TempFolder folder("prove_slurm_restart");
  WriteFakeSlurm(folder / "bin");
  const std::string path = absl::StrCat("PATH='", folder / "bin", "':\"$PATH\" ");
  const std::vector<std::string> argv = {
      kBinary,     "prove",     kFfo1To19, "--range",   "10",     "--folder",
      folder / "p", "--unit-empties", "11", "--threads", "1",    "--hash-mb",
      "1",         "--json",    "--engine", "slurm",    "--workers", "2"};
  const CommandOutput stopped = RunCommand(path + "NO_TASKS=1 " + Shell(argv));
  EXPECT_EQ(stopped.exit_status, 2);
  EXPECT_THAT(stopped.err, HasSubstr("workers ended in a row with no unit answered; see " +
                                     folder / "p/workers.log"));
  EXPECT_EQ(ReadFile(folder / "p/slurm/pool-000001.job"), "4242\n");
  const std::string log = folder / "bin/sbatch.log";
  const std::size_t restart = ReadFile(log).size();

  const CommandOutput resumed = RunCommand(path + "QUEUED_LOOKS=2 " + Shell(argv));
  ASSERT_EQ(resumed.exit_status, 0) << resumed.err;
  const nlohmann::json proven = Proven(resumed);
  EXPECT_EQ(proven["score"], proven["expected_score"]);
  // After the restart: squeue asked about job 4242 until it no longer
  // listed it, and only then the new pool's array submitted.
  const std::string after = ReadFile(log).substr(restart);
  const std::size_t first_listing = after.find("squeue: listed 4242");
  const std::size_t second_listing = after.find("squeue: listed 4242", first_listing + 1);
  ASSERT_NE(second_listing, std::string::npos) << after;
  const std::size_t submitted = after.find("sbatch ");
  ASSERT_NE(submitted, std::string::npos) << after;
  EXPECT_LT(second_listing, submitted) << after;
  EXPECT_EQ(after.substr(0, after.find('\n')), "squeue -h -o %i -j 4242");
}

// The proofs that did not end under the rounds manager (FFO #37: 254
// rounds in 120 s, 200 of them testing -20, each planning some 24,500 units
// and running 1-9): FFO #35 and #37 with 12-empty units end, with the
// input's scores, each question answered once, in some 2 and 16 s here.
// Each input plans a proof, so a sanitized build takes the first alone
// (HeavyInputsForThisBuild): #37 took 155 s of CI's ASan stage.
TEST(ProveCli, FfoThirtyFiveAndThirtySevenWithTwelveEmptyUnitsEnd) {
  const int positions[] = {35, 37};
  for (int i = 0; i < HeavyInputsForThisBuild(2); ++i) {
    const int number = positions[i];
    const TempFolder folder(absl::StrCat("prove_ffo", number));
    const CommandOutput r = RunCommand(Shell(
        {kBinary, "prove", std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-20-39.obf", "--range",
         absl::StrCat(number), "--folder", folder / "p", "--unit-empties", "12", "--threads", "1",
         "--plan-threads", "1", "--hash-mb", "16", "--json"}));
    ASSERT_EQ(r.exit_status, 0) << "FFO #" << number << ": " << r.err;
    const nlohmann::json proven = Proven(r);
    ASSERT_TRUE(proven.contains("expected_score")) << proven.dump();
    EXPECT_EQ(proven["score"], proven["expected_score"]) << "FFO #" << number;
    ExpectLineReachesTheScore(proven);
    for (const auto& [question, records] : RecordsPerQuestion(folder / "p")) {
      EXPECT_EQ(records, 1) << "FFO #" << number << ": " << question;
    }
  }
}

TEST(ProveCli, EngineOptionsOfAnotherEngineAreRefused) {
  const TempFolder folder("prove_engine_options");
  const CommandOutput workers = RunCommand(Shell(ProveArgv(folder / "p", {"--workers", "4"})));
  EXPECT_EQ(workers.exit_status, 2);
  EXPECT_THAT(workers.err, HasSubstr("--workers is for --engine parallel or slurm"));
  const CommandOutput sbatch = RunCommand(Shell(ProveArgv(
      folder / "p", {"--engine", "parallel", "--sbatch-options=--partition=long"})));
  EXPECT_EQ(sbatch.exit_status, 2);
  EXPECT_THAT(sbatch.err, HasSubstr("--sbatch-options is for --engine slurm"));
  // The local engine asks one unit at a time: no younger brother waits.
  const CommandOutput eldest =
      RunCommand(Shell(ProveArgv(folder / "p", {"--eldest-first", "1"})));
  EXPECT_EQ(eldest.exit_status, 2);
  EXPECT_THAT(eldest.err, HasSubstr("--eldest-first is for --engine parallel or slurm and for "
                                    "--simulate; the local engine asks one unit at a time"));
}

// --simulate proves the position here against virtual workers, writes no
// folder, and prints each worker count with the input's score.
TEST(ProveCli, SimulateProvesHereOnVirtualWorkers) {
  const CommandOutput r = RunCommand(Shell(
      {kBinary, "prove", kFfo1To19, "--range", "3", "--unit-empties", "10", "--hash-mb", "1",
       "--plan-threads", "1", "--simulate", "1,8", "--json"}));
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);  // one object, the only output
  EXPECT_EQ(j["score"], j["expected_score"]);
  ASSERT_EQ(j["predicted"].size(), 2u) << r.out;
  std::vector<int> workers;
  for (const nlohmann::json& row : j["predicted"]) {
    workers.push_back(row["workers"].get<int>());
    EXPECT_EQ(row["score"], j["expected_score"]) << row;
  }
  EXPECT_EQ(workers, (std::vector<int>{1, 8}));
  // The speedups are against one worker.
  EXPECT_DOUBLE_EQ(j["predicted"][0]["speedup"].get<double>(), 1.0);
  EXPECT_GT(j["predicted"][1]["speedup"].get<double>(), 0.0);

  const TempFolder folder("prove_simulate");
  const CommandOutput with_folder = RunCommand(Shell(ProveArgv(folder / "p", {"--simulate", "4"})));
  EXPECT_EQ(with_folder.exit_status, 2);
  EXPECT_THAT(with_folder.err, HasSubstr("excludes"));
  EXPECT_FALSE(std::filesystem::exists(folder / "p"));
  const CommandOutput no_folder =
      RunCommand(Shell({kBinary, "prove", kFfo1To19, "--range", "3"}));
  EXPECT_EQ(no_folder.exit_status, 2);
  EXPECT_THAT(no_folder.err, HasSubstr("expected --folder DIR"));
}

// --eldest-first (young brothers wait) proves the same score, in a folder
// through the parallel engine's pool (at every node above the units) and on
// virtual workers (three plies above them and higher), each question asked
// once.
TEST(ProveCli, EldestFirstProvesTheSameScore) {
  const TempFolder folder("prove_eldest_first");
  const CommandOutput r = RunCommand(Shell(ProveArgv(
      folder / "p", {"--eldest-first", "1", "--engine", "parallel", "--workers", "3"})));
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const nlohmann::json proven = Proven(r);
  EXPECT_EQ(proven["score"], proven["expected_score"]);
  ExpectLineReachesTheScore(proven);
  for (const auto& [question, records] : RecordsPerQuestion(folder / "p")) {
    EXPECT_EQ(records, 1) << question;
  }
  const CommandOutput simulated = RunCommand(Shell(
      {kBinary, "prove", kFfo1To19, "--range", "3", "--unit-empties", "10", "--hash-mb", "1",
       "--plan-threads", "1", "--simulate", "16", "--eldest-first", "3", "--json"}));
  ASSERT_EQ(simulated.exit_status, 0) << simulated.err;
  const nlohmann::json j = nlohmann::json::parse(simulated.out);
  for (const nlohmann::json& row : j["predicted"]) EXPECT_EQ(row["score"], j["expected_score"]);
}

// --simulate-plan-cores times the first test's passes as a manager of that
// many cores would run them: the JSON says on what, and what it put on the
// clock; without --simulate the option is refused.
TEST(ProveCli, SimulatePlanCoresTimesTheManagerOnAVirtualMachine) {
  const CommandOutput r = RunCommand(Shell(
      {kBinary, "prove", kFfo1To19, "--range", "3", "--unit-empties", "10", "--hash-mb", "1",
       "--plan-threads", "1", "--simulate", "4", "--simulate-plan-cores", "4", "--json"}));
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("on 4 virtual cores"));
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["score"], j["expected_score"]);
  ASSERT_TRUE(j.contains("passes")) << r.out;
  EXPECT_EQ(j["passes"]["cores"], 4);
  EXPECT_GT(j["passes"]["ticks"].get<std::int64_t>(), 0);
  EXPECT_EQ(j["passes"]["seconds"], j["estimate_seconds"]);
  // Each run: its walks' evaluation searches as measured and as counted on
  // the manager's four cores, on stderr and in the JSON.
  EXPECT_THAT(r.err, HasSubstr("prove: 4 workers: "));
  EXPECT_THAT(r.err, HasSubstr("walks' searches"));
  for (const nlohmann::json& row : j["predicted"]) {
    EXPECT_LE(row["searches_counted"].get<double>(),
              row["manager_seconds"].get<double>() + 1e-9) << r.out;
    EXPECT_GE(row["searches_counted"].get<double>(),
              row["searches_seconds"].get<double>() / 4 - 1e-9) << r.out;
  }

  const CommandOutput alone = RunCommand(
      Shell({kBinary, "prove", kFfo1To19, "--range", "3", "--simulate-plan-cores", "4"}));
  EXPECT_EQ(alone.exit_status, 2);
  EXPECT_THAT(alone.err, HasSubstr("--simulate-plan-cores requires --simulate"));
}

TEST(ProveCli, HelpNamesTheFolderAndTheEngines) {
  const CommandOutput r = RunCommand(kBinary + " prove --help");
  EXPECT_EQ(r.exit_status, 0);
  EXPECT_THAT(r.out, HasSubstr("--folder"));
  EXPECT_THAT(r.out, HasSubstr("--unit-empties"));
  EXPECT_THAT(r.out, HasSubstr("parallel: a pool of --workers endsolve batch processes"));
  EXPECT_THAT(r.out, HasSubstr("slurm: the pool as one sbatch --array"));
  EXPECT_THAT(r.out, HasSubstr("--sbatch-options"));
  EXPECT_THAT(r.out, HasSubstr("--passes"));
  const CommandOutput four =
      RunCommand(Shell({kBinary, "prove", kFfo1To19, "--range", "3", "--simulate", "1",
                        "--passes", "4"}));
  EXPECT_EQ(four.exit_status, 2);
  EXPECT_THAT(four.err, HasSubstr("--passes"));
}

}  // namespace
}  // namespace endsolve::testing
