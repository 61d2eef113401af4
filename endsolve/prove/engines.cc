#include "endsolve/prove/engines.h"

#include <deque>
#include <string>

#include "absl/strings/str_cat.h"
#include "endsolve/batch/identity.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/progress.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/batch/run.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/prove/pool.h"

namespace endsolve::prove {
namespace {

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
    absl::StatusOr<std::vector<batch::BatchItem>> items = AppendUnits(units_.get(), units);
    if (!items.ok()) return items.status();
    for (batch::BatchItem& item : *items) queue_.push_back(std::move(item));
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

}  // namespace

absl::StatusOr<std::unique_ptr<UnitRunner>> MakeRunner(const ProveOptions& options,
                                                       WorkFolder* folder,
                                                       TranspositionTable* table) {
  if (options.engine != Engine::kLocal) return MakePool(options, folder);
  auto local = std::make_unique<LocalRunner>(options, folder, table);
  if (absl::Status s = local->Open(); !s.ok()) return s;
  return local;
}

}  // namespace endsolve::prove
