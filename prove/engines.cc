#include "endsolve/prove/engines.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <deque>
#include <filesystem>
#include <functional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "endsolve/batch/identity.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/progress.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/batch/run.h"
#include "endsolve/batch/shell_quote.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/output/write_file.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/positions/read_file.h"

namespace endsolve::prove {
namespace {

namespace fs = std::filesystem;

// How often, at most, the local engine syncs its results file.
constexpr absl::Duration kLocalSyncPeriod = absl::Milliseconds(200);

// The local engine: the units one after another in this process, each on
// all of the proof's threads, in the proof's one table, appended to
// units/local.obf and their answers to results/local.jsonl through batch's
// own run, so that a unit's record is the one `endsolve batch` would write.
class LocalRunner : public UnitRunner {
 public:
  LocalRunner(const ProveOptions& options, WorkFolder* folder, TranspositionTable* table)
      : options_(options), folder_(folder) {
    run_.threads = options.threads;
    run_.time_limit = options.unit_time_limit;
    run_.fresh_table = false;  // MakeRunner: one table for the whole proof
    solve_.threads = options.threads;
    solve_.evaluator = options.evaluator;
    solve_.cancel = options.cancel;
    solve_.tt = table;
  }

  absl::Status Open() {
    absl::StatusOr<std::unique_ptr<LineAppender>> units =
        LineAppender::Open(folder_->Units() + "/local.obf", /*durable=*/false);
    if (!units.ok()) return units.status();
    units_ = *std::move(units);
    std::vector<std::string> notes;
    absl::StatusOr<std::unique_ptr<batch::ResultsAppender>> results = batch::OpenResults(
        folder_->Results() + "/local.jsonl", /*resume=*/true, run_, &notes);
    if (!results.ok()) return results.status();
    results_ = *std::move(results);
    // A unit lost to a power loss is asked again; a sync for each was most
    // of a proof's wall time where units take milliseconds (a 22-empty root
    // with 10-empty units: 156 s, 86 s of it CPU).
    results_->SyncAtMostEvery(kLocalSyncPeriod);
    batch_ = std::make_unique<batch::BatchRun>(run_, solve_, results_.get());
    return absl::OkStatus();
  }

  int slots() const override { return 1; }

  absl::Status Start(const std::vector<Position>& units) override {
    std::string lines;
    for (const Position& unit : units) absl::StrAppend(&lines, FormatObf(unit), "\n");
    const absl::StatusOr<int> first = units_->Append(lines);
    if (!first.ok()) return first.status();
    int line = *first;
    for (const Position& unit : units) {
      batch::BatchItem item;
      item.file = units_->path();
      item.line = line++;
      item.position = unit;
      item.id = batch::BatchId(item.file, item.line, batch::ItemHash(KeyOf(unit.board), unit.window));
      queue_.push_back(std::move(item));
    }
    return absl::OkStatus();
  }

  absl::StatusOr<std::vector<Position>> Wait() override {
    static const std::atomic<bool> kNever{false};
    const std::atomic<bool>& interrupted = options_.cancel ? *options_.cancel : kNever;
    std::vector<Position> finished;
    if (queue_.empty() || interrupted.load()) return finished;
    const batch::BatchItem item = std::move(queue_.front());
    queue_.pop_front();
    batch::BatchProgress progress(1, 0, batch_->WorkToDo({&item}));
    const absl::StatusOr<const batch::ResultRecord*> record =
        batch_->Do(item, &progress, interrupted);
    if (!record.ok()) return record.status();
    if (*record != nullptr) finished.push_back(*item.position);
    return finished;
  }

 private:
  const ProveOptions& options_;
  WorkFolder* folder_;
  batch::RunSettings run_;
  SolveOptions solve_;
  std::unique_ptr<LineAppender> units_;
  std::unique_ptr<batch::ResultsAppender> results_;
  std::unique_ptr<batch::BatchRun> batch_;
  std::deque<batch::BatchItem> queue_;
};

// How often Slurm's queue is asked whether a step's array is done. Not
// sbatch --wait: it looks every 10 s or so, and a proof has many steps of a
// few seconds. Each look is a request to slurmctld, so not ten a second.
constexpr absl::Duration kQueuePoll = absl::Seconds(1);
// squeue failures in a row (a controller restarting) before the manager
// stops; the same command then resumes and waits for the array again.
constexpr int kQueueFailures = 120;

// Runs `argv` (argv[0] looked up on PATH) without a shell, so that nothing
// needs quoting: its standard output to `out_path` (truncated), its standard
// error appended to `err_path`. Returns its wait status once it exits, or an
// error naming it when it cannot start.
absl::StatusOr<int> RunProgram(std::vector<std::string> argv, const std::string& out_path,
                               const std::string& err_path) {
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
  for (;;) {
    const pid_t done = waitpid(pid, &status, 0);
    if (done == pid) return status;
    if (done < 0 && errno != EINTR) return 0;  // not ours to wait for any more
  }
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
                        const std::atomic<bool>* cancel) {
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
    absl::SleepFor(kQueuePoll);
  }
}

// The pools: each step's units (those started since the last step, at
// most kStepUnitsPerWorker a worker) in units/step-NNNNNN.obf, run by `workers` `endsolve
// batch` processes that share them through the step's claims file
// (batch/claims.h), each taking the next unit no other took and writing
// results/step-NNNNNN-worker-K-of-N.jsonl; the step ends when they all
// have. Shards fixed before a step left workers waiting for the one that
// drew the long units (on 16 cores FFO #69's rounds took 1.49 times what
// list scheduling predicts, a pool 1.08; bench/results/prove-worker-pool-2026-11-26.md).
// A worker that dies leaves its unit unanswered: the manager asks it once
// more in a later step.
class PoolRunner : public UnitRunner {
 public:
  PoolRunner(const ProveOptions& options, WorkFolder* folder)
      : options_(options), folder_(folder) {}

  // The steps before this run of the manager: numbering goes on after them;
  // with Slurm, an array a killed manager left running is waited for first
  // (rather than race a second array whose tasks would find the first's
  // results files locked), its answers then counting too.
  absl::Status Open() {
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder_->Units(), ec)) {
      int step = 0;
      if (std::sscanf(entry.path().filename().string().c_str(), "step-%d.obf", &step) == 1) {
        step_ = std::max(step_, step);
      }
    }
    if (options_.engine != Engine::kSlurm || step_ == 0) return absl::OkStatus();
    const std::string job_file = SlurmLogs() + absl::StrFormat("/step-%06d.job", step_);
    if (const std::string earlier = SubmittedJob(job_file); !earlier.empty()) {
      return WaitForJob(earlier, job_file, Log(), options_.cancel);
    }
    return absl::OkStatus();
  }

  int slots() const override { return options_.workers * kStepUnitsPerWorker; }

  absl::Status Start(const std::vector<Position>& units) override {
    queued_.insert(queued_.end(), units.begin(), units.end());
    return absl::OkStatus();
  }

  absl::StatusOr<std::vector<Position>> Wait() override {
    std::vector<Position> step = std::move(queued_);
    queued_.clear();
    if (step.empty()) return step;
    ++step_;
    std::string text;
    for (const Position& unit : step) absl::StrAppend(&text, FormatObf(unit), "\n");
    const std::string units = folder_->Units() + absl::StrFormat("/step-%06d.obf", step_);
    if (absl::Status s = WriteFileAtomically(units, text); !s.ok()) return s;
    const std::string claims = folder_->Units() + absl::StrFormat("/step-%06d.claims", step_);
    if (absl::Status s = WriteFileAtomically(claims, ""); !s.ok()) return s;
    absl::Status ran = options_.engine == Engine::kSlurm ? RunSlurm(units, claims)
                                                          : RunParallel(units, claims);
    if (options_.cancel != nullptr && options_.cancel->load()) return std::vector<Position>{};
    if (!ran.ok()) return ran;
    return step;
  }

 private:
  std::string Log() const { return folder_->root() + "/workers.log"; }
  std::string SlurmLogs() const { return folder_->root() + "/slurm"; }

  // One worker's command: `worker` stands for K (the engine's placeholder).
  std::vector<std::string> WorkerArgv(const std::string& units, const std::string& claims,
                                      const std::string& worker) const {
    std::vector<std::string> argv = {
        options_.endsolve_binary, "batch", units, "--claims", claims, "--out",
        absl::StrFormat("%s/step-%06d-worker-%s-of-%d.jsonl", folder_->Results(), step_, worker,
                        options_.workers),
        "--threads", absl::StrCat(options_.threads), "--hash-mb", absl::StrCat(options_.hash_mb)};
    if (options_.unit_time_limit != absl::InfiniteDuration()) {
      argv.push_back("--time-limit-per-position");
      argv.push_back(absl::StrCat(absl::ToDoubleSeconds(options_.unit_time_limit)));
    }
    return argv;
  }

  // GNU parallel: the pool of `workers`. A failed worker is not an error
  // here, its units stay unanswered and are asked again; so only a parallel
  // that cannot start is. Ctrl-C reaches parallel itself (one process
  // group), which stops its workers.
  absl::Status RunParallel(const std::string& units, const std::string& claims) {
    // GNU parallel joins its command's words into a line for a shell; -q
    // quotes each word first, so that a folder named 'x$(touch y)' or 'my
    // proof' is one word, never shell syntax.
    std::vector<std::string> argv = {"parallel", "--will-cite", "--halt", "never", "-q", "-j",
                                     absl::StrCat(options_.workers)};
    for (std::string& a : WorkerArgv(units, claims, "{}")) argv.push_back(std::move(a));
    argv.push_back(":::");
    for (int k = 1; k <= options_.workers; ++k) argv.push_back(absl::StrCat(k));
    const absl::StatusOr<int> status = RunProgram(std::move(argv), "/dev/null", Log());
    if (!status.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat(status.status().message(), "; is GNU parallel installed (scripts/setup)?"));
    }
    // 255: parallel itself failed (a bad option).
    if (WIFEXITED(*status) && WEXITSTATUS(*status) == 255) {
      return absl::FailedPreconditionError(
          absl::StrCat("GNU parallel failed to run the step's workers; see ", Log()));
    }
    return absl::OkStatus();
  }

  // Slurm: one array of `workers` tasks, waited for until the queue no
  // longer lists it. The tasks see the folder through the file system they
  // share with the manager. A task that never starts leaves its units to
  // the others; one that fails or is cancelled leaves the unit it was
  // solving unanswered; so only a failed submission is an error here. A
  // cancel of the manager (Ctrl-C) cancels the array.
  absl::Status RunSlurm(const std::string& units, const std::string& claims) {
    std::error_code ec;
    fs::create_directories(SlurmLogs(), ec);
    const std::string name = absl::StrFormat("step-%06d", step_);
    const std::string job_file = absl::StrCat(SlurmLogs(), "/", name, ".job");
    // What a task runs: the step's batch, exec'd so that Slurm's signals
    // (scancel, the time limit) reach endsolve, which keeps every finished unit.
    constexpr char kTask[] = "\x01task\x01";
    std::string wrap = "exec";
    for (const std::string& word : WorkerArgv(units, claims, kTask)) {
      absl::StrAppend(&wrap, " ", ShellWord(word, kTask, "SLURM_ARRAY_TASK_ID"));
    }
    std::vector<std::string> argv = {"sbatch",
                                     "--parsable",
                                     "--job-name=endsolve-prove",
                                     absl::StrCat("--array=1-", options_.workers),
                                     absl::StrCat("--cpus-per-task=", options_.threads),
                                     absl::StrCat("--output=", SlurmLogs(), "/", name, "-%A_%a.log")};
    for (const std::string& o : options_.sbatch_options) argv.push_back(o);
    argv.push_back(absl::StrCat("--wrap=", wrap));
    const absl::StatusOr<int> status = RunProgram(std::move(argv), job_file, Log());
    if (!status.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat(status.status().message(), "; is Slurm's sbatch on PATH?"));
    }
    const std::string job = SubmittedJob(job_file);
    if (job.empty()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "sbatch did not submit step ", step_, "'s array (no job id); its messages are in ", Log()));
    }
    return WaitForJob(job, job_file, Log(), options_.cancel);
  }

  const ProveOptions& options_;
  WorkFolder* folder_;
  int step_ = 0;  // the last step's number
  std::vector<Position> queued_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<UnitRunner>> MakeRunner(const ProveOptions& options,
                                                       WorkFolder* folder,
                                                       TranspositionTable* table) {
  if (options.engine == Engine::kLocal) {
    auto local = std::make_unique<LocalRunner>(options, folder, table);
    if (absl::Status s = local->Open(); !s.ok()) return s;
    return local;
  }
  auto pool = std::make_unique<PoolRunner>(options, folder);
  if (absl::Status s = pool->Open(); !s.ok()) return s;
  return pool;
}

}  // namespace endsolve::prove
