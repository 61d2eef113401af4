#include "endsolve/prove/pool.h"

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "endsolve/batch/claims.h"
#include "endsolve/batch/follow.h"
#include "endsolve/batch/identity.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/prove/programs.h"

namespace endsolve::prove {
namespace {

namespace fs = std::filesystem;

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


// The pools: `workers` `endsolve batch --follow` processes that live for
// the whole run of the manager, on one units file, units/pool-NNNNNN.obf,
// that the manager appends each unit to as it hands it out (endsolve/batch/follow.h).
// Each worker takes the next unit no other took (the pool's claims file,
// endsolve/batch/claims.h, whose lines name the worker), solves it in its own table,
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
    absl::StatusOr<std::vector<batch::BatchItem>> items = AppendUnits(units_.get(), units);
    if (!items.ok()) return items.status();
    for (const batch::BatchItem& item : *items) unit_of_[item.id] = *item.position;
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
      argv.push_back("--time-limit");
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

absl::StatusOr<std::unique_ptr<UnitRunner>> MakePool(const ProveOptions& options,
                                                     WorkFolder* folder) {
  auto pool = std::make_unique<PoolRunner>(options, folder);
  if (absl::Status s = pool->Open(); !s.ok()) return s;
  return pool;
}

}  // namespace endsolve::prove
