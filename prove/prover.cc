#include "endsolve/prove/prover.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/progress.h"
#include "endsolve/batch/record.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/batch/run.h"
#include "endsolve/batch/shell_quote.h"
#include "endsolve/board/notation.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/output/write_file.h"
#include "endsolve/positions/read_file.h"
#include "endsolve/prove/proof_tree.h"
#include "endsolve/prove/round_pruner.h"
#include "endsolve/solver/solver.h"
#include "nlohmann/json.hpp"

namespace endsolve::prove {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// The folder's files.
struct Folder {
  std::string root;
  std::string State() const { return root + "/prove.json"; }
  std::string Units() const { return root + "/units"; }
  std::string Results() const { return root + "/results"; }
  std::string Rounds() const { return root + "/rounds.jsonl"; }
  std::string Tree() const { return root + "/tree.txt"; }
  std::string RoundUnits(int round, bool retry) const {
    return absl::StrFormat("%s/round-%03d%s.obf", Units(), round, retry ? "-retry" : "");
  }
  // The results file of a round run by the local engine (the parallel
  // engine's shards add "-shard-K-of-N").
  std::string LocalResults(int round, bool retry) const {
    return absl::StrFormat("%s/round-%03d%s.jsonl", Results(), round, retry ? "-retry" : "");
  }
};

// The root as prove.json spells it: board and side, nothing else.
std::string RootText(const Position& root) {
  Position bare;
  bare.board = root.board;
  bare.to_move = root.to_move;
  return FormatObf(bare);
}

// Creates the folder on first use; refuses a folder of another proof.
absl::Status OpenFolder(const Folder& folder, const Position& root, int unit_empties) {
  std::error_code ec;
  const bool fresh = !fs::exists(folder.State(), ec);
  if (fresh && fs::exists(folder.root, ec)) {
    if (!fs::is_directory(folder.root, ec)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "--folder ", folder.root, " is a file; give --folder a new or empty folder"));
    }
    // A new proof goes into a folder that holds nothing else (units/ and
    // results/ may be left by a start stopped before its state was written).
    for (const fs::directory_entry& entry : fs::directory_iterator(folder.root, ec)) {
      const std::string name = entry.path().filename().string();
      if (name == "units" || name == "results") continue;
      return absl::FailedPreconditionError(absl::StrCat(
          "--folder ", folder.root, " holds ", name, " and no ",
          fs::path(folder.State()).filename().string(),
          ": it is not the work folder of a proof, and is left alone; give --folder a new or "
          "empty folder"));
    }
  }
  fs::create_directories(folder.Units(), ec);
  if (!ec) fs::create_directories(folder.Results(), ec);
  if (ec) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot create the work folder ", folder.root, ": ", ec.message()));
  }
  Json want = Json::object();
  want["root"] = RootText(root);
  want["unit_empties"] = unit_empties;
  if (fresh) return WriteFileAtomically(folder.State(), want.dump(2) + "\n");
  const absl::StatusOr<std::string> text = ReadFileBytes(folder.State());
  if (!text.ok()) return text.status();
  const Json have = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (have.is_discarded() || !have.is_object() || !have.contains("root") ||
      !have.contains("unit_empties")) {
    return absl::FailedPreconditionError(
        absl::StrCat(folder.State(), ": not a proof's state (expected a JSON object with "
                                     "\"root\" and \"unit_empties\"); is ",
                     folder.root, " the work folder of a proof?"));
  }
  if (have["root"] != want["root"]) {
    return absl::FailedPreconditionError(absl::StrCat(
        folder.State(), ": this folder proves ", have["root"].dump(), ", not ",
        want["root"].dump(), "; give each position its own work folder"));
  }
  if (have["unit_empties"] != want["unit_empties"]) {
    return absl::FailedPreconditionError(absl::StrCat(
        folder.State(), ": this folder's units have ", have["unit_empties"].dump(),
        " empties, not ", unit_empties, " (--unit-empties); resume with --unit-empties ",
        have["unit_empties"].dump(), " or use another folder"));
  }
  return absl::OkStatus();
}

// Everything the results files say.
struct Results {
  Knowledge knowledge;
  // The answer to each question, for the principal variation's tail.
  std::map<batch::QuestionKey, batch::ResultRecord> answers;
  int units = 0;
  std::uint64_t nodes = 0;
  double cpu_seconds = 0;
};

// Everything the results files say, kept up to date as they grow. A
// finished round's files never change again, and learning every record
// again before and after every round was most of a long proof's planning
// (FFO #64: 34,169 records, 44 rounds; FFO #69 with 20-empty units, 197,759
// records: some 3 s a round). So only a file whose size or time moved is
// read again, and only its records beyond those already learnt are learnt
// (results files only grow; one that shrank is learnt again from scratch,
// with all the others).
class ResultsReader {
 public:
  // Reads what changed; the Results stay valid until the next call.
  absl::StatusOr<const Results*> Read(const Folder& folder) {
    std::vector<std::string> paths;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder.Results())) {
      if (entry.path().extension() != ".jsonl") continue;
      // Read without a check, a FIFO put here would block the manager.
      std::error_code ec;
      if (!entry.is_regular_file(ec)) {
        return absl::FailedPreconditionError(absl::StrCat(
            entry.path().string(), " is not a regular file, and a proof's results/ holds only "
            "the results files its units write: remove it, and the same command resumes"));
      }
      paths.push_back(entry.path().string());
    }
    std::sort(paths.begin(), paths.end());
    for (const std::string& path : paths) {
      std::error_code ec;
      const std::uintmax_t size = fs::file_size(path, ec);
      const fs::file_time_type time = ec ? fs::file_time_type{} : fs::last_write_time(path, ec);
      File& file = files_[path];
      if (!ec && file.size == size && file.time == time) continue;
      absl::StatusOr<batch::ResultsContents> contents = batch::ReadResultsFile(path);
      if (!contents.ok()) return contents.status();
      // Unknown (the stat failed): never taken for unchanged.
      file.size = ec ? ~std::uintmax_t{0} : size;
      file.time = time;
      if (contents->records.size() < file.learnt) {  // rewritten: learn everything again
        files_.clear();
        results_ = Results{};
        return Read(folder);
      }
      for (std::size_t i = file.learnt; i < contents->records.size(); ++i) {
        if (absl::Status s = Learn(path, contents->records[i]); !s.ok()) return s;
      }
      file.learnt = contents->records.size();
    }
    return &results_;
  }

 private:
  absl::Status Learn(const std::string& path, const batch::ResultRecord& r) {
    if (r.status == batch::ResultStatus::kBadInput || !r.window) {
      return absl::InternalError(absl::StrCat(
          path, ":", r.line_number, ": not a unit's result (a unit is a position with a window)"));
    }
    if (!r.duplicate_of) {
      ++results_.units;
      results_.nodes += r.nodes.value_or(0);
      results_.cpu_seconds += r.seconds.value_or(0) * r.threads;
    }
    // A unit past its time limit answers nothing: it stays open, and the
    // round retries it once.
    if (r.status == batch::ResultStatus::kTimedOut) return absl::OkStatus();
    const ScoreWindow allowed = batch::ScoresAllowed(r);
    if (!results_.knowledge.Learn(r.position->board, allowed.lo, allowed.hi)) {
      return absl::InternalError(absl::StrCat(
          path, ":", r.line_number, ": this unit's answer (", FormatScore(*r.score), ", ",
          ScoreKindName(*r.bound), ") contradicts an earlier one for the same position"));
    }
    results_.answers.emplace(batch::QuestionOf(r), r);
    return absl::OkStatus();
  }

  struct File {
    std::uintmax_t size = 0;
    fs::file_time_type time;
    std::size_t learnt = 0;  // records learnt
  };
  std::map<std::string, File> files_;
  Results results_;
};

// The numbers of the rounds whose units files exist, in order.
std::vector<int> RoundsOnDisk(const Folder& folder) {
  std::vector<int> rounds;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder.Units())) {
    const std::string name = entry.path().filename().string();
    int round = 0;
    char tail = 0;
    if (std::sscanf(name.c_str(), "round-%d.ob%c", &round, &tail) == 2 && tail == 'f' &&
        name == absl::StrFormat("round-%03d.obf", round)) {
      rounds.push_back(round);
    }
  }
  std::sort(rounds.begin(), rounds.end());
  return rounds;
}

// What a round asks: `units`, each a position with its window, for a test
// of the root ("test": is its score at least `test`?) or for the principal
// variation's tail ("pv": the exact `test`). A units file says the kind and
// the test in a first comment line, "% test +12", so that a resumed round
// knows them; batch skips the comment.
struct RoundAsk {
  std::string kind = "test";
  int test = 0;
  std::vector<Position> units;
};

absl::Status WriteRound(const std::string& path, const RoundAsk& ask) {
  std::string text = absl::StrCat("% ", ask.kind, " ", FormatScore(ask.test), "\n");
  for (const Position& unit : ask.units) absl::StrAppend(&text, FormatObf(unit), "\n");
  return WriteFileAtomically(path, text);
}

absl::StatusOr<RoundAsk> ReadRound(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFileBytes(path);
  if (!text.ok()) return text.status();
  RoundAsk ask;
  char kind[8] = {};
  if (std::sscanf(text->c_str(), "%% %7s %d", kind, &ask.test) != 2 ||
      (std::string(kind) != "test" && std::string(kind) != "pv")) {
    return absl::DataLossError(
        absl::StrCat(path, ":1: expected '% test SCORE' or '% pv SCORE', the round's test"));
  }
  ask.kind = kind;
  ReadResult read = ParsePositions(*text, path);
  if (!read.errors.empty()) return read.errors.front();
  ask.units = std::move(read.positions);
  return ask;
}

// The units of `units` no result answers yet (timed-out ones included).
std::vector<Position> Unanswered(const std::vector<Position>& units, const Results& results) {
  std::vector<Position> open;
  for (const Position& unit : units) {
    if (!results.answers.contains(batch::QuestionOf(unit))) open.push_back(unit);
  }
  return open;
}

// Runs one units file in this process with BatchRun: resumed, appended,
// every unit in the proof's one table `tt`; with a `pruner`, only the units
// it still needs.
absl::Status RunLocal(const std::string& units_path, const std::string& results_path,
                      const ProveOptions& options, TranspositionTable* tt, RoundPruner* pruner) {
  absl::StatusOr<batch::BatchInput> input = batch::LoadBatchInput({units_path});
  if (!input.ok()) return input.status();
  batch::RunSettings run;
  run.threads = options.threads;
  run.time_limit = options.unit_time_limit;
  // The units of a proof are neighbours in one tree: one table for all of
  // them, never cleared, carries what each unit learnt to the next (its
  // bounds hold whatever the window). FFO #60 and #61 at one thread with
  // 20-empty units: 175.9 M -> 137.8 M and 98.9 M -> 88.0 M nodes, 13.3 ->
  // 7.0 s and 9.6 -> 5.3 s against a table cleared before each unit.
  run.fresh_table = false;
  std::vector<std::string> notes;
  absl::StatusOr<std::unique_ptr<batch::ResultsAppender>> results =
      batch::OpenResults(results_path, /*resume=*/true, run, &notes);
  if (!results.ok()) return results.status();
  SolveOptions solve;
  solve.threads = options.threads;
  solve.evaluator = options.evaluator;
  solve.cancel = options.cancel;
  solve.tt = tt;
  batch::BatchRun batch(run, solve, results->get());
  const batch::BatchPlan plan = batch.Plan(input->items);
  batch::BatchProgress progress(static_cast<int>(input->items.size()), plan.skipped,
                                batch.WorkToDo(plan.pending));
  static const std::atomic<bool> kNever{false};
  const std::atomic<bool>& interrupted = options.cancel ? *options.cancel : kNever;
  for (const batch::BatchItem* item : plan.pending) {
    if (interrupted.load()) break;
    if (pruner != nullptr && item->ok() && !pruner->Run(*item->position)) continue;
    const absl::StatusOr<const batch::ResultRecord*> record =
        batch.Do(*item, &progress, interrupted);
    if (!record.ok()) return record.status();
    if (*record == nullptr) break;  // interrupted
    if (pruner != nullptr) pruner->Heard(**record);
  }
  return absl::OkStatus();
}

// What every worker's `endsolve batch` is told of each unit's solve.
void AppendUnitOptions(const ProveOptions& options, std::vector<std::string>* argv) {
  argv->insert(argv->end(), {"--threads", absl::StrCat(options.threads), "--hash-mb",
                             absl::StrCat(options.hash_mb)});
  if (options.unit_time_limit != absl::InfiniteDuration()) {
    argv->push_back("--time-limit-per-position");
    argv->push_back(absl::StrCat(absl::ToDoubleSeconds(options.unit_time_limit)));
  }
}

// A round's claims file (batch/claims.h), begun with the units answered
// already (a round run again after an interruption), so that the workers
// take every other one, those claimed by workers that were stopped
// included. Returns its path.
absl::StatusOr<std::string> SeedClaims(const std::string& units_path, const Folder& folder,
                                       int round, bool retry, const Results& answered) {
  const std::string claims =
      absl::StrFormat("%s/round-%03d%s.claims", folder.Units(), round, retry ? "-retry" : "");
  absl::StatusOr<batch::BatchInput> input = batch::LoadBatchInput({units_path});
  if (!input.ok()) return input.status();
  std::string seed;
  for (const batch::BatchItem& item : input->items) {
    if (item.ok() && answered.answers.contains(batch::QuestionOf(*item.position))) {
      absl::StrAppend(&seed, item.id, "\n");
    }
  }
  if (absl::Status s = WriteFileAtomically(claims, seed); !s.ok()) return s;
  return claims;
}

// The command of one worker of a round: an `endsolve batch` of the round's
// units file that takes the units it claims first in `claims` and writes
// results/round-NNN[-retry]-worker-K-of-N.jsonl, `worker` standing for K
// (the engine's placeholder).
std::vector<std::string> WorkerArgv(const std::string& units_path, const std::string& claims,
                                    const Folder& folder, int round, bool retry,
                                    const std::string& worker, const ProveOptions& options) {
  std::vector<std::string> argv = {
      options.endsolve_binary,
      "batch",
      units_path,
      "--claims",
      claims,
      "--out",
      absl::StrFormat("%s/round-%03d%s-worker-%s-of-%d.jsonl", folder.Results(), round,
                      retry ? "-retry" : "", worker, options.workers),
  };
  AppendUnitOptions(options, &argv);
  return argv;
}

// How often the parallel engine's manager reads its workers' answers (the
// Slurm engine's reads them as often as it asks squeue, kQueuePoll): a
// worker that starts a unit in between may start one the answers made
// needless.
constexpr absl::Duration kAnswersPoll = absl::Milliseconds(250);
// How often, meanwhile, whether the workers are done: a round of small
// units lasts a fraction of a second, and every round waits this long at
// most after its last unit.
constexpr absl::Duration kExitPoll = absl::Milliseconds(5);

// How often Slurm's queue is asked whether a round's array is done. Not
// sbatch --wait: it looks every 10 s or so, and a proof has many rounds of a
// few seconds. Each look is a request to slurmctld, so not ten a second.
constexpr absl::Duration kQueuePoll = absl::Seconds(1);
// squeue failures in a row (a controller restarting) before the manager
// stops; the same command then resumes and waits for the array again.
constexpr int kQueueFailures = 120;

// Runs `argv` (argv[0] looked up on PATH) without a shell, so that nothing
// needs quoting: its standard output to `out_path` (truncated), its standard
// error appended to `err_path`. Returns its wait status once it exits, or an
// error naming it when it cannot start. While it runs, `poll` (if any) is
// called every kAnswersPoll; once it fails it is not called again (the
// pruning it does only spares work).
absl::StatusOr<int> RunProgram(std::vector<std::string> argv, const std::string& out_path,
                               const std::string& err_path,
                               std::function<absl::Status()> poll = nullptr) {
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, out_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files, STDERR_FILENO, err_path.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND, 0644);
  std::vector<char*> args;
  for (std::string& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0].c_str(), &files, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  if (spawned != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot run ", argv[0], ": ", std::strerror(spawned)));
  }
  int status = 0;
  absl::Time polled = absl::Now();
  for (;;) {
    const pid_t done = waitpid(pid, &status, poll ? WNOHANG : 0);
    if (done == pid) return status;
    if (done < 0 && errno != EINTR) return 0;  // not ours to wait for any more
    if (done == 0) {
      if (absl::Now() - polled >= kAnswersPoll) {
        if (!poll().ok()) poll = nullptr;
        polled = absl::Now();
      }
      absl::SleepFor(kExitPoll);
    }
  }
}

// The workers' pruning of a round (WorkersPruning), started before they
// are, and the poll that their engine calls while they run; none (an empty
// function) for a retry round or without a pruner. `pruning` holds its
// state and must outlive the poll.
absl::StatusOr<std::function<absl::Status()>> StartPruning(
    RoundPruner* pruner, const Folder& folder, int round, bool retry,
    const std::string& units_path, const std::string& claims,
    std::optional<WorkersPruning>* pruning) {
  if (pruner == nullptr || retry) return std::function<absl::Status()>();
  pruning->emplace(pruner, folder.Results(), absl::StrFormat("round-%03d-worker-", round));
  if (absl::Status s = (*pruning)->Start(units_path, claims); !s.ok()) return s;
  WorkersPruning* const started = &**pruning;
  return std::function<absl::Status()>([started] { return started->Poll(); });
}

// Runs one units file with `workers` `endsolve batch` processes under GNU
// parallel, a pool: each claims the next unit no other has claimed
// (batch/claims.h: the round's units/round-NNN.claims) and writes its own
// results file. Shards of the units, fixed before the round, left the
// workers waiting for the one that drew the long units: on 16 cores the
// rounds of FFO #69 took 1.49 times what list scheduling predicts, and
// random shards of FFO #64's measured units 1.46 times at 16 workers,
// where taking the next unit free comes to 1.08 (prove/README.md,
// "Engines"). A worker that fails leaves its claimed units unanswered,
// which the manager retries (a new units file, so new claims); so only a
// parallel that cannot start is an error here. Ctrl-C reaches parallel
// itself (one process group), which stops its workers.
absl::Status RunParallel(const std::string& units_path, const Folder& folder, int round,
                         bool retry, const ProveOptions& options, const Results& answered,
                         RoundPruner* pruner) {
  const absl::StatusOr<std::string> claims =
      SeedClaims(units_path, folder, round, retry, answered);
  if (!claims.ok()) return claims.status();
  std::optional<WorkersPruning> pruning;
  const absl::StatusOr<std::function<absl::Status()>> poll =
      StartPruning(pruner, folder, round, retry, units_path, *claims, &pruning);
  if (!poll.ok()) return poll.status();
  // GNU parallel joins its command's words into a line for a shell; -q
  // quotes each word first, so that a folder named 'x$(touch y)' or 'my
  // proof' is one word, never shell syntax.
  std::vector<std::string> argv = {"parallel", "--will-cite", "--halt", "never", "-q", "-j",
                                   absl::StrCat(options.workers)};
  // GNU parallel puts K where {} stands.
  for (std::string& a : WorkerArgv(units_path, *claims, folder, round, retry, "{}", options)) {
    argv.push_back(std::move(a));
  }
  argv.push_back(":::");
  for (int k = 1; k <= options.workers; ++k) argv.push_back(absl::StrCat(k));
  const std::string log = folder.root + "/workers.log";
  const absl::StatusOr<int> status =
      RunProgram(std::move(argv), "/dev/null", log, *poll);
  if (!status.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(status.status().message(), "; is GNU parallel installed (scripts/setup)?"));
  }
  // 255: parallel itself failed (a bad option); a failed worker is not an
  // error here, its units stay open and are retried.
  if (WIFEXITED(*status) && WEXITSTATUS(*status) == 255) {
    return absl::FailedPreconditionError(
        absl::StrCat("GNU parallel failed to run the round's workers; see ", log));
  }
  return absl::OkStatus();
}

// `word` as one word of a POSIX shell command, with every `placeholder` in
// it replaced by the value of the shell variable `variable`.
std::string ShellWord(const std::string& word, const std::string& placeholder,
                      const std::string& variable) {
  std::string out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = word.find(placeholder, start);
    out += batch::ShellQuote(
        absl::string_view(word).substr(start, at == std::string::npos ? at : at - start));
    if (at == std::string::npos) return out;
    absl::StrAppend(&out, "\"$", variable, "\"");
    start = at + placeholder.size();
  }
}

// The job id that `sbatch --parsable` printed ("123" or "123;cluster"), or
// empty when it printed none (the submission failed).
std::string SubmittedJob(const std::string& path) {
  const absl::StatusOr<std::string> text = ReadFileBytes(path);
  if (!text.ok()) return "";
  std::string id;
  for (char c : *text) {
    if (c < '0' || c > '9') break;
    id += c;
  }
  return id;
}

// Waits while Slurm's queue lists job `job` (pending, running or
// completing), asking squeue every kQueuePoll; cancels it (scancel) when
// `cancel` is set. A job Slurm has forgotten ("Invalid job id") is done.
// squeue failing otherwise (the controller down) is retried for a while,
// then an error.
absl::Status WaitForJob(const std::string& job, const std::string& scratch, const std::string& log,
                        const std::atomic<bool>* cancel,
                        std::function<absl::Status()> poll = nullptr) {
  const std::string out = scratch + ".queue";
  const std::string err = scratch + ".queue-error";
  int failures = 0;
  for (;;) {
    if (cancel != nullptr && cancel->load()) {
      (void)RunProgram({"scancel", job}, "/dev/null", log);
      return absl::OkStatus();
    }
    std::error_code ec;
    fs::remove(err, ec);
    const absl::StatusOr<int> status =
        RunProgram({"squeue", "-h", "-o", "%i", "-j", job}, out, err);
    if (!status.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat(status.status().message(), "; is Slurm's squeue on PATH?"));
    }
    const std::string listed = ReadFileBytes(out).value_or("");
    const std::string complaint = ReadFileBytes(err).value_or("");
    if (WIFEXITED(*status) && WEXITSTATUS(*status) == 0) {
      if (listed.find_first_not_of(" \n") == std::string::npos) return absl::OkStatus();
      failures = 0;
    } else if (complaint.find("Invalid job id") != std::string::npos) {
      return absl::OkStatus();
    } else if (++failures >= kQueueFailures) {
      return absl::UnavailableError(absl::StrCat(
          "squeue failed ", failures, " times in a row on job ", job, ": ", complaint,
          "the same command resumes the proof once Slurm answers"));
    }
    if (poll && !poll().ok()) poll = nullptr;  // as RunProgram's
    absl::SleepFor(kQueuePoll);
  }
}

// Runs one units file as one Slurm job array of `workers` tasks, a pool as
// the parallel engine's workers are (each task claims the next unit no
// other took), and waits until the queue no longer lists it. The tasks see
// the folder through the file system they share with the manager. A task
// that never starts leaves its units to the others; one that fails or is
// cancelled leaves the unit it was solving unanswered, which the manager
// retries; so only a failed submission is an error here. A cancel of the
// manager (Ctrl-C) cancels the array.
absl::Status RunSlurm(const std::string& units_path, const Folder& folder, int round, bool retry,
                      const ProveOptions& options, const Results& answered, RoundPruner* pruner) {
  const std::string logs = folder.root + "/slurm";
  std::error_code ec;
  fs::create_directories(logs, ec);
  const std::string name = absl::StrFormat("round-%03d%s", round, retry ? "-retry" : "");
  const std::string job_file = absl::StrCat(logs, "/", name, ".job");
  const std::string log = folder.root + "/workers.log";
  // A manager killed while its array ran leaves the array running: wait for
  // it first, rather than race a second array whose tasks would find the
  // shard files locked by the first's.
  // Its answers then count too.
  std::optional<Results> since;
  if (const std::string earlier = SubmittedJob(job_file); !earlier.empty()) {
    if (absl::Status s = WaitForJob(earlier, job_file, log, options.cancel); !s.ok()) return s;
    if (options.cancel != nullptr && options.cancel->load()) return absl::OkStatus();
    ResultsReader fresh;
    absl::StatusOr<const Results*> again = fresh.Read(folder);
    if (!again.ok()) return again.status();
    since = **again;
  }
  // What a task runs: the shard's batch, exec'd so that Slurm's signals
  // (scancel, the time limit) reach endsolve, which keeps every finished unit.
  const absl::StatusOr<std::string> claims =
      SeedClaims(units_path, folder, round, retry, since ? *since : answered);
  if (!claims.ok()) return claims.status();
  std::optional<WorkersPruning> pruning;
  const absl::StatusOr<std::function<absl::Status()>> poll =
      StartPruning(pruner, folder, round, retry, units_path, *claims, &pruning);
  if (!poll.ok()) return poll.status();
  constexpr char kTask[] = "\x01task\x01";
  std::string wrap = "exec";
  for (const std::string& word :
       WorkerArgv(units_path, *claims, folder, round, retry, kTask, options)) {
    absl::StrAppend(&wrap, " ", ShellWord(word, kTask, "SLURM_ARRAY_TASK_ID"));
  }
  std::vector<std::string> argv = {"sbatch",
                                   "--parsable",
                                   "--job-name=endsolve-prove",
                                   absl::StrCat("--array=1-", options.workers),
                                   absl::StrCat("--cpus-per-task=", options.threads),
                                   absl::StrCat("--output=", logs, "/", name, "-%A_%a.log")};
  for (const std::string& o : options.sbatch_options) argv.push_back(o);
  argv.push_back(absl::StrCat("--wrap=", wrap));
  const absl::StatusOr<int> status = RunProgram(std::move(argv), job_file, log);
  if (!status.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(status.status().message(), "; is Slurm's sbatch on PATH?"));
  }
  const std::string job = SubmittedJob(job_file);
  if (job.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "sbatch did not submit round ", round, "'s array (no job id); its messages are in ", log));
  }
  return WaitForJob(job, job_file, log, options.cancel, *poll);
}

absl::Status RunUnits(const std::string& units_path, const Folder& folder, int round, bool retry,
                      const ProveOptions& options, const Results& answered, TranspositionTable* tt,
                      RoundPruner* pruner) {
  switch (options.engine) {
    case Engine::kParallel:
      return RunParallel(units_path, folder, round, retry, options, answered, pruner);
    case Engine::kSlurm:
      return RunSlurm(units_path, folder, round, retry, options, answered, pruner);
    case Engine::kLocal:
      break;
  }
  return RunLocal(units_path, folder.LocalResults(round, retry), options, tt, pruner);
}

// The rounds finished before: their wall time, summed.
double EarlierWallSeconds(const Folder& folder) {
  double wall = 0;
  const absl::StatusOr<std::string> text = ReadFileBytes(folder.Rounds());
  if (!text.ok()) return 0;
  std::size_t start = 0;
  while (start < text->size()) {
    const std::size_t end = text->find('\n', start);
    if (end == std::string::npos) break;  // a torn last line: that round is run again
    const Json j = Json::parse(text->substr(start, end - start), nullptr, false);
    if (j.is_object() && j.contains("wall_seconds") && j["wall_seconds"].is_number()) {
      wall += j["wall_seconds"].get<double>();
    }
    start = end + 1;
  }
  return wall;
}

absl::Status AppendRound(const Folder& folder, const Json& line) {
  std::string text;
  if (fs::exists(folder.Rounds())) {
    absl::StatusOr<std::string> old = ReadFileBytes(folder.Rounds());
    if (!old.ok()) return old.status();
    text = *old;
    if (!text.empty() && text.back() != '\n') text.resize(text.rfind('\n') + 1);
  }
  return WriteFileAtomically(folder.Rounds(), text + line.dump() + "\n");
}

// tree.txt: one expanded position a line, the moves from the root to it
// ("-" for the root itself), parents first.
absl::Status SaveTree(const Folder& folder, const ProofTree& tree) {
  std::string text;
  for (const std::vector<int>& path : tree.ExpandedPaths()) {
    text += path.empty() ? "-" : FormatPv(path);
    text += '\n';
  }
  return WriteFileAtomically(folder.Tree(), text);
}

// Expands what an earlier run of the manager had expanded.
absl::Status LoadTree(const Folder& folder, ProofTree* tree) {
  if (!fs::exists(folder.Tree())) return absl::OkStatus();
  absl::StatusOr<std::string> text = ReadFileBytes(folder.Tree());
  if (!text.ok()) return text.status();
  std::vector<std::string> lines;
  std::vector<std::vector<int>> paths;
  std::size_t start = 0;
  // The line as found, escaped and cut (a damaged file may hold any bytes,
  // on one line of megabytes), and what to do: without tree.txt the same
  // command expands the tree again from the root (README "The work folder").
  auto bad_line = [&](std::size_t index) {
    constexpr std::size_t kShown = 60;
    std::string found = absl::CHexEscape(lines[index].substr(0, kShown));
    if (lines[index].size() > kShown) found += "...";
    return absl::DataLossError(absl::StrCat(
        folder.Tree(), ":", index + 1,
        ": expected the moves to an expanded position of this root, found '", found,
        "'; the file is damaged: remove it and the same command plans the tree again"));
  };
  while (start < text->size()) {
    std::size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    lines.push_back(text->substr(start, end - start));
    start = end + 1;
    const std::string& line = lines.back();
    std::vector<int>& path = paths.emplace_back();
    if (line == "-") continue;
    for (std::size_t i = 0; i < line.size(); i += 3) {
      const std::string name = line.substr(i, 2);
      if (name == "PS") {
        path.push_back(kPass);
      } else if (const std::optional<int> square = ParseSquare(name)) {
        path.push_back(*square);
      } else {
        return bad_line(lines.size() - 1);
      }
    }
  }
  if (const std::optional<std::size_t> bad = tree->ExpandPaths(paths)) return bad_line(*bad);
  return absl::OkStatus();
}

// The first test of the proof, and what its estimate cost.
struct FirstTest {
  int test = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool estimated = false;  // by this run of the manager, not read back
  bool stopped = false;    // a cancel stopped the estimate
  // Read back: what refilling the ordering table cost this run (not the
  // proof's: a restart's cost, as a killed unit's lost work is).
  std::uint64_t refill_nodes = 0;
  double refill_seconds = 0;
};

// The selective passes over the root (options.passes) into `tt`, the
// manager's ordering table (ProofTree's `ordering`). The local engine's
// units share that table, and the other engines' workers have tables of
// their own, so the passes run on the proof's threads with the local
// engine and on the manager's otherwise (FFO #69 on 16 cores: 3.6 s
// against 10.5 s on one). On one thread they leave the same table every
// time, so a restarted manager orders its tree as the first run did; on
// several, entries depend on the threads' timing, and the plans (never the
// score) may vary from run to run.
absl::StatusOr<ScoreEstimate> RunOrderingPasses(const Position& root, const ProveOptions& options,
                                                TranspositionTable* tt) {
  SolveOptions solve;
  solve.threads = options.engine == Engine::kLocal ? options.threads
                  : options.plan_threads > 0      ? options.plan_threads
                                                  : HardwareThreads();
  solve.evaluator = options.evaluator;
  solve.cancel = options.cancel;
  solve.tt = tt;
  solve.table.size_mib = static_cast<std::size_t>(options.hash_mb);
  solve.max_empties = options.max_empties;
  return EstimateScore(root.board, solve, options.passes);
}

// prove.json's first test, or the root estimated (the score after the
// first kGuessPasses of the ordering passes, or all where there are
// fewer) and saved to prove.json.
// Either way the ordering passes fill `tt`: a manager that restarts takes
// the saved test and runs the passes again for their table (their nodes
// are then this run's cost, not the proof's).
absl::StatusOr<FirstTest> ReadOrEstimateFirstTest(const Folder& folder, const Position& root,
                                                  const ProveOptions& options,
                                                  TranspositionTable* tt) {
  const absl::StatusOr<std::string> text = ReadFileBytes(folder.State());
  if (!text.ok()) return text.status();
  Json state = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
  FirstTest first;
  if (state.contains("first_test")) {
    const Json& saved = state["first_test"];
    if (!saved.is_object() || !saved.contains("test") || !saved["test"].is_number_integer() ||
        saved["test"].get<int>() % 2 != 0) {
      return absl::DataLossError(absl::StrCat(
          folder.State(), ": \"first_test\" should be {\"test\": an even score, \"nodes\": N, "
                          "\"seconds\": S}; found ",
          saved.dump()));
    }
    first.test = saved["test"].get<int>();
    first.nodes = saved.value("nodes", std::uint64_t{0});
    first.seconds = saved.value("seconds", 0.0);
    const absl::StatusOr<ScoreEstimate> refill = RunOrderingPasses(root, options, tt);
    if (!refill.ok()) return refill.status();
    first.stopped = refill->stopped;
    first.refill_nodes = refill->nodes.total();
    first.refill_seconds = absl::ToDoubleSeconds(refill->time);
    return first;
  }
  const absl::StatusOr<ScoreEstimate> estimate = RunOrderingPasses(root, options, tt);
  if (!estimate.ok()) return estimate.status();
  if (estimate->stopped) {
    first.stopped = true;
    return first;
  }
  first.test = FirstTestOf(*estimate);
  first.nodes = estimate->nodes.total();
  first.seconds = absl::ToDoubleSeconds(estimate->time);
  first.estimated = true;
  state["first_test"] = {{"test", first.test}, {"nodes", first.nodes}, {"seconds", first.seconds}};
  if (absl::Status s = WriteFileAtomically(folder.State(), state.dump(2) + "\n"); !s.ok()) return s;
  return first;
}

// The positions of `units` in words, for the message that stops a proof.
std::string Describe(const std::vector<Position>& units) {
  std::vector<std::string> lines;
  for (const Position& unit : units) lines.push_back(FormatObf(unit));
  return absl::StrJoin(lines, "\n  ");
}

}  // namespace

int FirstTestOf(const ScoreEstimate& estimate) {
  return estimate.pass_scores.size() >= kGuessPasses ? estimate.pass_scores[kGuessPasses - 1]
                                                     : estimate.score;
}

absl::StatusOr<ProveSummary> Prove(const Position& root, const ProveOptions& options) {
  if (options.unit_empties < kMinUnitEmpties || options.unit_empties > kNumSquares) {
    return absl::InvalidArgumentError(absl::StrCat("unit empties ", options.unit_empties,
                                                   " outside ", kMinUnitEmpties, "..64"));
  }
  if (options.passes < 0 || options.passes > kSelectivePasses) {
    return absl::InvalidArgumentError(
        absl::StrCat("passes ", options.passes, " outside 0..", kSelectivePasses));
  }
  const Folder folder{options.folder};
  if (absl::Status s = OpenFolder(folder, root, options.unit_empties); !s.ok()) return s;
  const eval::Evaluator& evaluator =
      options.evaluator != nullptr ? *options.evaluator : eval::Evaluator::Default();
  auto say = [&](const std::string& line) {
    if (options.on_event) options.on_event(line);
  };
  // The manager's table, the ordering passes' (ProofTree's `ordering`);
  // the local engine's units share it, one table for the whole proof.
  std::unique_ptr<TranspositionTable> table;
  {
    TTOptions table_options;
    table_options.size_mib = static_cast<std::size_t>(options.hash_mb);
    absl::StatusOr<std::unique_ptr<TranspositionTable>> created =
        TranspositionTable::Create(table_options);
    if (!created.ok()) return created.status();
    table = *std::move(created);
  }
  // The manager's own time before the first round counts as its planning.
  absl::Time planning_since = absl::Now();

  // The first test (kGuessPasses), estimated once and kept in prove.json.
  absl::StatusOr<FirstTest> first = ReadOrEstimateFirstTest(folder, root, options, table.get());
  if (!first.ok()) return first.status();
  if (first->stopped) {
    ProveSummary stopped;
    stopped.interrupted = true;
    return stopped;
  }
  if (first->estimated && options.passes == 0) {
    say(absl::StrFormat("first test %s: the presearch's estimate (no selective pass, %.1f s)",
                        FormatScore(first->test), first->seconds));
  } else if (first->estimated) {
    say(absl::StrFormat(
        "first test %s: the selective estimate after %d passes (%d passes for the ordering "
        "table, %d nodes, %.1f s)",
        FormatScore(first->test), std::min(kGuessPasses, options.passes), options.passes,
        first->nodes, first->seconds));
  } else {
    say(absl::StrFormat("ordering passes run again for their table (%d passes, %d nodes, %.1f s)",
                        options.passes, first->refill_nodes, first->refill_seconds));
  }
  const int guess = first->test;
  ProofTree tree(root.board, root.to_move, guess, options.unit_empties, evaluator,
                 options.plan_threads, options.split_within, table.get());
  tree.SetCancel(options.cancel);
  if (absl::Status s = LoadTree(folder, &tree); !s.ok()) return s;
  // tree.txt is written again only when the tree grew: a 126,748-position
  // tree is some 3 MB.
  std::int64_t saved_expanded = tree.expanded();
  auto save_tree = [&]() -> absl::Status {
    if (tree.expanded() == saved_expanded) return absl::OkStatus();
    if (absl::Status s = SaveTree(folder, tree); !s.ok()) return s;
    saved_expanded = tree.expanded();
    return absl::OkStatus();
  };

  ProveSummary summary;
  summary.wall_seconds = EarlierWallSeconds(folder);
  ResultsReader reader;
  std::vector<int> rounds = RoundsOnDisk(folder);
  int round = rounds.empty() ? 0 : rounds.back();
  bool rerun_last = !rounds.empty();  // checked against the results below
  // The test under way: kept until the interval decides it, even when
  // fail-soft answers move an end of the interval short of it (NextTest
  // chooses only the next one); a manager that resumes reads it back from
  // the last round's file (step 1).
  std::optional<int> current_test;
  // planning_since (above): since the last round ended, or the manager
  // started: its own time before the next round's units start, reading the
  // results, backing them up and planning the test (prove/README.md,
  // "Beyond this machine").
  auto cancelled = [&] { return options.cancel != nullptr && options.cancel->load(); };

  for (;;) {
    absl::StatusOr<const Results*> read = reader.Read(folder);
    if (!read.ok()) return read.status();
    const Results* results = *read;
    const Interval interval = tree.RootInterval(results->knowledge);

    // 1. What this round asks: the last round again while units of it are
    // unanswered (a manager stopped mid-round), else new units.
    RoundAsk ask;
    std::vector<bool> expected;  // a new test round's: the plan's answer to each unit
    bool resumed = false;
    if (rerun_last) {
      rerun_last = false;
      absl::StatusOr<RoundAsk> last = ReadRound(folder.RoundUnits(round, false));
      if (!last.ok()) return last.status();
      if (last->kind == "test") current_test = last->test;
      if (const std::size_t open = Unanswered(last->units, *results).size(); open > 0) {
        say(absl::StrFormat("round %d: resuming, %d of its %d units unanswered", round, open,
                            last->units.size()));
        ask = *std::move(last);
        resumed = true;
      }
    }
    if (!resumed && interval.exact()) {
      // 2. The score is proven: the line that keeps it, and its tail from
      // the exact solve of the frontier position that ends it.
      const ProofTree::Line line = tree.ProvenLine(results->knowledge);
      summary.score = line.score;
      summary.pv = line.moves;
      if (line.frontier) {
        const auto answer = results->answers.find(batch::QuestionOf(*line.frontier));
        if (answer == results->answers.end()) {
          ask = RoundAsk{"pv", line.frontier->window->lo, {*line.frontier}};
        } else {
          const int symmetry =
              SymmetryBetween(answer->second.position->board, line.frontier->board);
          for (int move : *answer->second.pv) summary.pv.push_back(TransformSquare(move, symmetry));
        }
      }
      if (ask.units.empty()) {  // the tail is known: the proof is complete
        summary.best_move = summary.pv.empty() ? kNoMove : summary.pv.front();
        summary.rounds = static_cast<int>(RoundsOnDisk(folder).size());
        summary.units = results->units;
        summary.nodes = results->nodes + first->nodes;
        summary.cpu_seconds = results->cpu_seconds + first->seconds * options.threads;
        summary.expanded = tree.expanded();
        return summary;
      }
    }
    if (ask.units.empty()) {
      // 3. A new test: "at least `test`?", `test` in (lower, upper] as
      // NextTest moves it from the guess, planned with the estimates
      // fitted to the answers in so far.
      tree.Calibrate(results->knowledge);
      ask.test = TestToPlan(current_test, guess, interval);
      current_test = ask.test;
      const int test = ask.test;
      const TestState state = tree.Plan(test, results->knowledge, &ask.units, &expected);
      if (cancelled()) {
        summary.interrupted = true;
        return summary;
      }
      if (state != TestState::kPending) {
        // Decided by answers that the part of the tree expanded only now
        // brings to the root: the interval moves, and the loop goes on.
        if (tree.RootInterval(results->knowledge) == interval) {
          return absl::InternalError(absl::StrFormat(
              "the test >= %d of a root known in [%d, %d] was decided by the plan but not by "
              "the bounds",
              test, interval.lower, interval.upper));
        }
        continue;
      }
      if (ask.units.empty()) {
        return absl::InternalError(absl::StrFormat(
            "the test >= %d of a root known in [%d, %d] needs no unit", test, interval.lower,
            interval.upper));
      }
    }
    if (cancelled()) {
      summary.interrupted = true;
      return summary;
    }
    if (!resumed) {
      ++round;
      // The tree first: a units file on disk always has the tree it was
      // planned on, so that a restarted manager backs up the same way.
      if (absl::Status s = save_tree(); !s.ok()) return s;
      if (absl::Status s = WriteRound(folder.RoundUnits(round, false), ask); !s.ok()) return s;
    }
    say(absl::StrFormat("round %d: score in [%s, %s], %s %s: %d unit%s of %d empties", round,
                        FormatScore(interval.lower), FormatScore(interval.upper),
                        ask.kind == "pv" ? "principal variation, exact" : "testing >=",
                        FormatScore(ask.test), ask.units.size(), ask.units.size() == 1 ? "" : "s",
                        ask.units.front().board.EmptyCount()));

    // 4. Run the units; those left unanswered (a worker killed, a unit past
    // its time limit) once more; then stop with their positions named.
    // An interruption is checked before the engine's status: a terminal's
    // Ctrl-C also reaches GNU parallel, whose exit on it is no failed round.
    const absl::Time start = absl::Now();
    const double planning = absl::ToDoubleSeconds(start - planning_since);
    std::optional<RoundPruner> pruner;
    if (options.prune && ask.kind == "test") {
      pruner.emplace(options.engine == Engine::kLocal ? RoundPruner::Engine::kOneAfterAnother
                                                      : RoundPruner::Engine::kSideBySide,
                     &tree, ask.test, results->knowledge,
                     resumed ? std::vector<Position>{} : ask.units,
                     resumed ? std::vector<bool>{} : expected);
    }
    RoundPruner* const prune = pruner ? &*pruner : nullptr;
    // The units that ran and left no answer (a worker killed, a unit past
    // its time limit); with the pruner, not those it skipped: the next
    // round plans them again if the test needs them.
    auto still_open = [&](const Results& now) {
      std::vector<Position> open = Unanswered(ask.units, now);
      if (prune != nullptr) std::erase_if(open, [&](const Position& u) { return prune->Skipped(u); });
      return open;
    };
    absl::Status ran = RunUnits(folder.RoundUnits(round, false), folder, round, false, options,
                                *results, table.get(), prune);
    if (cancelled()) {
      summary.interrupted = true;
      return summary;
    }
    if (!ran.ok()) return ran;
    read = reader.Read(folder);
    if (!read.ok()) return read.status();
    const Results* after = *read;
    std::vector<Position> open = still_open(*after);
    if (!open.empty()) {
      say(absl::StrFormat("round %d: %d units unanswered (crashed, killed or past the time "
                          "limit); trying them once more",
                          round, open.size()));
      if (!fs::exists(folder.RoundUnits(round, true))) {
        if (absl::Status s = WriteRound(folder.RoundUnits(round, true), {ask.kind, ask.test, open});
            !s.ok()) {
          return s;
        }
      }
      ran = RunUnits(folder.RoundUnits(round, true), folder, round, true, options, *after,
                     table.get(), prune);
      if (cancelled()) {
        summary.interrupted = true;
        return summary;
      }
      if (!ran.ok()) return ran;
      read = reader.Read(folder);
      if (!read.ok()) return read.status();
      after = *read;
      open = still_open(*after);
      if (!open.empty()) {
        // A unit is answered by a retry only under the retry file's id; a
        // timed-out retry leaves the question open.
        return absl::AbortedError(absl::StrFormat(
            "round %d: %d units failed twice (crashed, or past --unit-time-limit); the proof "
            "stops here, its finished units kept in %s:\n  %s",
            round, open.size(), folder.root, Describe(open)));
      }
    }
    // Units the pruner skipped: unanswered, and needless or left for a
    // later round, after units this one does not hold.
    const std::size_t skipped = Unanswered(ask.units, *after).size();
    // What the pruner's plans expanded, for a manager that restarts.
    if (prune != nullptr) {
      if (absl::Status s = save_tree(); !s.ok()) return s;
    }
    planning_since = absl::Now();
    const double wall = absl::ToDoubleSeconds(planning_since - start) + planning;
    summary.wall_seconds += wall;
    Json line = Json::object();
    line["round"] = round;
    line["kind"] = ask.kind;
    line["test"] = ask.test;
    line["units"] = ask.units.size();
    line["skipped"] = skipped;
    line["wall_seconds"] = wall;  // the planning included
    line["plan_seconds"] = planning;
    if (absl::Status s = AppendRound(folder, line); !s.ok()) return s;
    const Interval now = tree.RootInterval(after->knowledge);
    say(absl::StrFormat("round %d done in %.1f s: score in [%s, %s]%s", round, wall,
                        FormatScore(now.lower), FormatScore(now.upper),
                        skipped == 0 ? ""
                                     : absl::StrFormat(", %d of its units skipped (answers "
                                                       "against the plan made them needless "
                                                       "or put others first)",
                                                       skipped)));
  }
}

}  // namespace endsolve::prove
