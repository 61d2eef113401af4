#include "endsolve/prove/engines.h"

#include <fcntl.h>
#include <spawn.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "endsolve/batch/claims.h"
#include "endsolve/batch/follow.h"
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
// How long the manager waits for answers between looks at the results, on
// this machine and on a cluster's shared file system (each look lists
// results/ and sizes its files).
constexpr absl::Duration kLocalLook = absl::Milliseconds(2);
constexpr absl::Duration kClusterLook = absl::Milliseconds(50);
// How often the manager touches its pool's units file, and how long a
// worker waits on a file nobody touched before it takes its manager for
// dead (a shared file system may show a new time a minute late).
constexpr absl::Duration kHeartbeat = absl::Seconds(10);
constexpr absl::Duration kWorkerQuiet = absl::Seconds(300);

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

// Starts `argv` (argv[0] looked up on PATH) without a shell and without
// waiting: its standard output to /dev/null, its standard error appended to
// `err_path`. Returns its process id, or an error naming it.
absl::StatusOr<pid_t> SpawnProgram(std::vector<std::string> argv, const std::string& err_path) {
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
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
  return pid;
}

// The array tasks of Slurm job `job` still queued (pending, running or
// completing), by task number (squeue -r: one line a task); none once
// Slurm has forgotten the job. An error when squeue fails otherwise.
absl::StatusOr<std::set<int>> QueuedTasks(const std::string& job, const std::string& scratch) {
  const std::string out = scratch + ".queue";
  const std::string err = scratch + ".queue-error";
  std::error_code ec;
  fs::remove(err, ec);
  const absl::StatusOr<int> status =
      RunProgram({"squeue", "-h", "-r", "-o", "%K", "-j", job}, out, err);
  if (!status.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(status.status().message(), "; is Slurm's squeue on PATH?"));
  }
  const std::string complaint = ReadFileBytes(err).value_or("");
  if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0) {
    if (complaint.find("Invalid job id") != std::string::npos) return std::set<int>{};
    return absl::UnavailableError(absl::StrCat("squeue failed on job ", job, ": ", complaint));
  }
  std::set<int> tasks;
  for (const absl::string_view line : absl::StrSplit(ReadFileBytes(out).value_or(""), '\n')) {
    int task = 0;
    if (absl::SimpleAtoi(line, &task)) tasks.insert(task);
  }
  return tasks;
}

// The pools: `workers` `endsolve batch --follow` processes that live for
// the whole run of the manager, on one units file, units/pool-NNNNNN.obf,
// that the manager appends each unit to as it hands it out (batch/follow.h).
// Each worker takes the next unit no other took (the pool's claims file,
// batch/claims.h, whose lines name the worker), solves it in its own table,
// kept from unit to unit as the local engine's (batch --keep-table), and
// appends its answer to results/pool-NNNNNN-worker-K.jsonl. So a worker
// starts once, a unit waits for no other, and the manager hands out the
// next unit as soon as an answer calls for it. A worker that dies (killed,
// crashed, its Slurm task cancelled or past its time) leaves the units it
// claimed unanswered: the manager asks them once more, and starts workers
// again while units wait for them. The manager ends the pool (the end line)
// when it stops, and a manager started again ends the pools of its earlier
// runs first; a worker whose manager was killed outright stops once the file
// has not been touched for kWorkerQuiet.
class PoolRunner : public UnitRunner {
 public:
  PoolRunner(const ProveOptions& options, WorkFolder* folder)
      : options_(options), folder_(folder) {}
  ~PoolRunner() override { Stop(); }

  // Ends the pools of earlier runs of the manager (their workers stop after
  // the unit they hold), waits for Slurm's last array of them (whose tasks
  // would otherwise go on beside this run's), and opens this run's pool.
  absl::Status Open() {
    std::error_code ec;
    int last = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder_->Units(), ec)) {
      int pool = 0;
      char end = 0;
      if (std::sscanf(entry.path().filename().string().c_str(), "pool-%d.ob%c", &pool, &end) == 2) {
        last = std::max(last, pool);
        if (absl::Status s = batch::EndFollowedFile(entry.path().string()); !s.ok()) return s;
      }
    }
    if (options_.engine == Engine::kSlurm && last > 0) {
      const std::string job_file = SlurmLogs() + absl::StrFormat("/pool-%06d.job", last);
      if (const std::string earlier = SubmittedJob(job_file); !earlier.empty()) {
        if (absl::Status s = WaitForJob(earlier, job_file, Log(), options_.cancel); !s.ok()) {
          return s;
        }
      }
    }
    pool_ = last + 1;
    absl::StatusOr<std::unique_ptr<LineAppender>> units =
        LineAppender::Open(folder_->Units() + absl::StrFormat("/pool-%06d.obf", pool_),
                           /*durable=*/true);  // seen by workers on other machines at once
    if (!units.ok()) return units.status();
    units_ = *std::move(units);
    claims_path_ = folder_->Units() + absl::StrFormat("/pool-%06d.claims", pool_);
    claims_ = std::make_unique<batch::ClaimsReader>(claims_path_);
    workers_.resize(static_cast<std::size_t>(options_.workers));
    for (int k = 1; k <= options_.workers; ++k) {
      Worker& w = workers_[static_cast<std::size_t>(k - 1)];
      w.out = folder_->Results() + absl::StrFormat("/pool-%06d-worker-%d.jsonl", pool_, k);
      by_owner_[w.out] = k;
    }
    return absl::OkStatus();
  }

  int slots() const override { return options_.workers * kUnitsPerWorker; }

  absl::Status Start(const std::vector<Position>& units) override {
    std::string lines;
    for (const Position& unit : units) absl::StrAppend(&lines, FormatObf(unit), "\n");
    const absl::StatusOr<int> first = units_->Append(lines);
    if (!first.ok()) return first.status();
    int line = *first;
    for (const Position& unit : units) {
      unit_of_[batch::BatchId(units_->path(), line++,
                              batch::ItemHash(KeyOf(unit.board), unit.window))] = unit;
    }
    touched_ = absl::Now();
    return StartWorkers();
  }

  absl::StatusOr<std::vector<Position>> Wait() override {
    std::vector<Position> lost;
    if (Cancelled()) return lost;
    absl::SleepFor(options_.engine == Engine::kSlurm ? kClusterLook : kLocalLook);
    // Alive: its followers wait for more while the manager lives.
    if (absl::Now() - touched_ > kHeartbeat) {
      if (absl::Status s = batch::Touch(units_->path()); !s.ok()) return s;
      touched_ = absl::Now();
    }
    absl::StatusOr<std::vector<batch::ClaimLine>> claims = claims_->ReadNew();
    if (!claims.ok()) return claims.status();
    for (const batch::ClaimLine& claim : *claims) {
      const auto worker = by_owner_.find(claim.owner);
      const auto unit = unit_of_.find(claim.id);
      if (worker == by_owner_.end() || unit == unit_of_.end()) continue;  // not this run's
      workers_[static_cast<std::size_t>(worker->second - 1)].claimed.push_back(unit->second);
      unit_of_.erase(unit);
    }
    absl::StatusOr<std::vector<int>> ended = Ended();
    if (!ended.ok()) return ended.status();
    for (const int k : *ended) {
      Worker& w = workers_[static_cast<std::size_t>(k - 1)];
      w.alive = false;
      for (Position& unit : w.claimed) lost.push_back(std::move(unit));
      w.claimed.clear();
    }
    if (!ended->empty()) {
      // Workers that keep ending with nothing answered (a bad binary, a
      // partition that kills them) would be started for ever.
      if (folder_->units() > answered_at_end_) {
        answered_at_end_ = folder_->units();
        idle_ends_ = 0;
      } else if ((idle_ends_ += static_cast<int>(ended->size())) > 2 * options_.workers) {
        return absl::FailedPreconditionError(absl::StrCat(
            idle_ends_, " workers ended in a row with no unit answered; see ", Log()));
      }
      if (absl::Status s = StartWorkers(); !s.ok()) return s;
    }
    return lost;
  }

 private:
  struct Worker {
    std::string out;                // its results file, which names it in the claims
    bool alive = false;
    pid_t pid = 0;                  // the parallel engine's process
    std::vector<Position> claimed;  // its units not yet known answered
  };

  bool Cancelled() const { return options_.cancel != nullptr && options_.cancel->load(); }
  std::string Log() const { return folder_->root() + "/workers.log"; }
  std::string SlurmLogs() const { return folder_->root() + "/slurm"; }
  std::string JobFile() const { return SlurmLogs() + absl::StrFormat("/pool-%06d.job", pool_); }

  // One worker's command; `out` its results file.
  std::vector<std::string> WorkerArgv(const std::string& out) const {
    std::vector<std::string> argv = {
        options_.endsolve_binary, "batch", units_->path(), "--follow",
        absl::StrCat(absl::ToInt64Seconds(kWorkerQuiet)), "--claims", claims_path_, "--out", out,
        "--keep-table", "--threads", absl::StrCat(options_.threads), "--hash-mb",
        absl::StrCat(options_.hash_mb)};
    if (options_.unit_time_limit != absl::InfiniteDuration()) {
      argv.push_back("--time-limit-per-position");
      argv.push_back(absl::StrCat(absl::ToDoubleSeconds(options_.unit_time_limit)));
    }
    return argv;
  }

  // Starts the workers that are not running: each in its own process here,
  // or on Slurm, once none of the pool's array is left, a new array.
  absl::Status StartWorkers() {
    if (options_.engine == Engine::kSlurm) {
      for (const Worker& w : workers_) {
        if (w.alive) return absl::OkStatus();
      }
      return SubmitArray();
    }
    for (Worker& w : workers_) {
      if (w.alive) continue;
      absl::StatusOr<pid_t> pid = SpawnProgram(WorkerArgv(w.out), Log());
      if (!pid.ok()) return pid.status();
      w.pid = *pid;
      w.alive = true;
    }
    return absl::OkStatus();
  }

  // The workers that have ended since the last look, by number.
  absl::StatusOr<std::vector<int>> Ended() {
    std::vector<int> ended;
    if (options_.engine == Engine::kSlurm) {
      if (job_.empty() || absl::Now() - queue_looked_ < kQueuePoll) return ended;
      queue_looked_ = absl::Now();
      absl::StatusOr<std::set<int>> queued = QueuedTasks(job_, JobFile());
      if (!queued.ok()) {
        if (++queue_failures_ >= kQueueFailures) return queued.status();
        return ended;
      }
      queue_failures_ = 0;
      for (int k = 1; k <= options_.workers; ++k) {
        if (workers_[static_cast<std::size_t>(k - 1)].alive && !queued->contains(k)) {
          ended.push_back(k);
        }
      }
      return ended;
    }
    for (int k = 1; k <= options_.workers; ++k) {
      Worker& w = workers_[static_cast<std::size_t>(k - 1)];
      int status = 0;
      if (w.alive && waitpid(w.pid, &status, WNOHANG) == w.pid) ended.push_back(k);
    }
    return ended;
  }

  // Slurm: one array of `workers` tasks on the pool, task K worker K. The
  // tasks see the folder through the file system they share with the
  // manager.
  absl::Status SubmitArray() {
    std::error_code ec;
    fs::create_directories(SlurmLogs(), ec);
    // What a task runs: its worker, exec'd so that Slurm's signals
    // (scancel, the time limit) reach endsolve, which keeps every finished unit.
    constexpr char kTask[] = "\x01task\x01";
    const std::string out =
        folder_->Results() + absl::StrFormat("/pool-%06d-worker-%s.jsonl", pool_, kTask);
    std::string wrap = "exec";
    for (const std::string& word : WorkerArgv(out)) {
      absl::StrAppend(&wrap, " ", ShellWord(word, kTask, "SLURM_ARRAY_TASK_ID"));
    }
    std::vector<std::string> argv = {
        "sbatch",
        "--parsable",
        "--job-name=endsolve-prove",
        absl::StrCat("--array=1-", options_.workers),
        absl::StrCat("--cpus-per-task=", options_.threads),
        absl::StrCat("--output=", SlurmLogs(), absl::StrFormat("/pool-%06d", pool_), "-%A_%a.log")};
    for (const std::string& o : options_.sbatch_options) argv.push_back(o);
    argv.push_back(absl::StrCat("--wrap=", wrap));
    const absl::StatusOr<int> status = RunProgram(std::move(argv), JobFile(), Log());
    if (!status.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat(status.status().message(), "; is Slurm's sbatch on PATH?"));
    }
    job_ = SubmittedJob(JobFile());
    if (job_.empty()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "sbatch did not submit the pool's array (no job id); its messages are in ", Log()));
    }
    for (Worker& w : workers_) w.alive = true;
    queue_looked_ = absl::Now();
    return absl::OkStatus();
  }

  // Ends the pool: the end line for workers that are still to read it, and
  // the workers stopped (each keeps its finished units; the units they hold
  // are the walk's speculation, or the proof was stopped).
  void Stop() {
    if (units_ == nullptr) return;
    (void)batch::EndFollowedFile(units_->path());
    if (options_.engine == Engine::kSlurm) {
      if (!job_.empty()) (void)RunProgram({"scancel", job_}, "/dev/null", Log());
      return;
    }
    for (Worker& w : workers_) {
      if (w.alive) kill(w.pid, SIGTERM);
    }
    for (Worker& w : workers_) {
      if (!w.alive) continue;
      int status = 0;
      while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
      }
      w.alive = false;
    }
  }

  const ProveOptions& options_;
  WorkFolder* folder_;
  int pool_ = 0;
  std::unique_ptr<LineAppender> units_;
  std::string claims_path_;
  std::unique_ptr<batch::ClaimsReader> claims_;
  std::vector<Worker> workers_;
  std::map<std::string, int> by_owner_;             // results file -> worker
  std::map<std::string, Position> unit_of_;         // by batch id, until claimed
  absl::Time touched_ = absl::Now();
  std::string job_;                                 // Slurm: the pool's array now
  absl::Time queue_looked_ = absl::InfinitePast();
  int queue_failures_ = 0;
  int answered_at_end_ = 0;
  int idle_ends_ = 0;
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
