#include "endsolve/prove/prover.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "endsolve/board/notation.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/prove/engines.h"
#include "endsolve/prove/manager.h"
#include "endsolve/prove/proof_tree.h"
#include "endsolve/prove/work_folder.h"
#include "endsolve/solver/solver.h"

namespace endsolve::prove {
namespace {

// How often, at most, the manager tells its user how the proof stands
// while the interval stays where it is.
constexpr absl::Duration kProgressEvery = absl::Seconds(2);

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

// The first test: prove.json's, or the root estimated (the score after the
// first kGuessPasses of the ordering passes, or all where there are fewer)
// and saved there. Either way the ordering passes fill `tt`: a manager that
// restarts takes the saved test and runs the passes again for their table
// (their nodes are then this run's cost, not the proof's). Empty when a
// cancel stopped the passes.
absl::StatusOr<std::optional<FirstTest>> FirstTestOfTheProof(
    WorkFolder& folder, const Position& root, const ProveOptions& options,
    TranspositionTable* tt, const std::function<void(const std::string&)>& say) {
  absl::StatusOr<std::optional<FirstTest>> saved = folder.ReadFirstTest();
  if (!saved.ok()) return saved.status();
  const absl::StatusOr<ScoreEstimate> estimate = RunOrderingPasses(root, options, tt);
  if (!estimate.ok()) return estimate.status();
  if (estimate->stopped) return std::nullopt;
  if (*saved) {
    say(absl::StrFormat("ordering passes run again for their table (%d passes, %d nodes, %.1f s)",
                        options.passes, estimate->nodes.total(),
                        absl::ToDoubleSeconds(estimate->time)));
    return saved;
  }
  FirstTest first;
  first.test = FirstTestOf(*estimate);
  first.nodes = estimate->nodes.total();
  first.seconds = absl::ToDoubleSeconds(estimate->time);
  if (absl::Status s = folder.SaveFirstTest(first); !s.ok()) return s;
  if (options.passes == 0) {
    say(absl::StrFormat("first test %s: the presearch's estimate (no selective pass, %.1f s)",
                        FormatScore(first.test), first.seconds));
  } else {
    say(absl::StrFormat(
        "first test %s: the selective estimate after %d passes (%d passes for the ordering "
        "table, %d nodes, %.1f s)",
        FormatScore(first.test), std::min(kGuessPasses, options.passes), options.passes,
        first.nodes, first.seconds));
  }
  return first;
}

absl::Status CheckOptions(const Position& root, const ProveOptions& options) {
  if (options.unit_empties < kMinUnitEmpties || options.unit_empties > kNumSquares) {
    return absl::InvalidArgumentError(absl::StrCat("unit empties ", options.unit_empties,
                                                   " outside ", kMinUnitEmpties, "..64"));
  }
  if (options.passes < 0 || options.passes > kSelectivePasses) {
    return absl::InvalidArgumentError(
        absl::StrCat("passes ", options.passes, " outside 0..", kSelectivePasses));
  }
  // Before the folder is made, and whatever the passes (with none, no
  // solve of the root applies the guard).
  return CheckMaxEmpties(root.board, options.max_empties);
}

// The manager's loop: units handed out as the answers come, until the
// score, its line and the line's tail are known, or a cancel.
class Run {
 public:
  Run(const ProveOptions& options, WorkFolder* folder, ProofTree* tree, Manager* manager,
      UnitRunner* runner, std::function<void(const std::string&)> say)
      : options_(options), folder_(folder), tree_(tree), manager_(manager), runner_(runner),
        say_(std::move(say)) {}

  // Returns whether the proof is complete (else interrupted).
  absl::StatusOr<bool> Go() {
    if (absl::Status s = Hear(); !s.ok()) return s;
    for (;;) {
      if (Cancelled()) return false;
      const std::size_t running = manager_->in_flight();
      const std::size_t slots = static_cast<std::size_t>(runner_->slots());
      const absl::StatusOr<std::vector<Position>> units = manager_->Wanted(
          running < slots ? slots - running : 0, [&](int test) { StartTest(test); });
      if (absl::IsAborted(units.status())) {
        return absl::AbortedError(absl::StrCat(units.status().message(),
                                               "; the proof stops here, its finished units kept in ",
                                               folder_->root()));
      }
      if (!units.ok()) return units.status();
      if (!written_.ok()) return written_;
      if (Cancelled()) return false;
      if (manager_->complete()) return true;
      if (!units->empty()) {
        if (absl::Status s = runner_->Start(*units); !s.ok()) return s;
      } else if (manager_->in_flight() == 0) {
        return absl::InternalError(absl::StrFormat(
            "the test >= %d of a root known in [%d, %d] needs no unit", manager_->test().value_or(0),
            manager_->interval().lower, manager_->interval().upper));
      }
      const absl::StatusOr<std::vector<Position>> finished = runner_->Wait();
      if (!finished.ok()) return finished.status();
      if (Cancelled()) return false;
      const std::int64_t lost = manager_->lost();
      if (absl::Status s = Hear(); !s.ok()) return s;
      for (const Position& unit : *finished) manager_->Lost(unit);  // those still unanswered
      if (manager_->lost() > lost) {
        say_(absl::StrFormat("%d units unanswered (crashed, killed or past the time limit); "
                             "asking them once more",
                             manager_->lost() - lost));
      }
      Report();
    }
  }

  // Appends an expanded position to tree.txt; the first error is kept.
  void Expanded(const std::vector<int>& path) {
    if (written_.ok()) written_ = folder_->AppendTree(path);
  }

 private:
  bool Cancelled() const { return options_.cancel != nullptr && options_.cancel->load(); }

  absl::Status Hear() {
    return folder_->ReadNewResults(
        [&](const batch::ResultRecord& record) { return manager_->Heard(record); });
  }

  void StartTest(int test) {
    if (written_.ok()) written_ = folder_->LogTest(test);
    const Interval interval = manager_->interval();
    say_(absl::StrFormat("score in [%s, %s], testing >= %s", FormatScore(interval.lower),
                         FormatScore(interval.upper), FormatScore(test)));
    reported_ = interval;
    last_report_ = absl::Now();
  }

  void Report() {
    const Interval interval = manager_->interval();
    if (interval == reported_ && absl::Now() - last_report_ < kProgressEvery) return;
    say_(absl::StrFormat("score in [%s, %s], testing >= %s: %d units answered, %d running, "
                         "%d positions expanded",
                         FormatScore(interval.lower), FormatScore(interval.upper),
                         FormatScore(manager_->test().value_or(0)), folder_->units(),
                         manager_->in_flight(), tree_->expanded()));
    reported_ = interval;
    last_report_ = absl::Now();
  }

  const ProveOptions& options_;
  WorkFolder* folder_;
  ProofTree* tree_;
  Manager* manager_;
  UnitRunner* runner_;
  std::function<void(const std::string&)> say_;
  absl::Status written_;
  Interval reported_;
  absl::Time last_report_ = absl::Now();
};

}  // namespace

int FirstTestOf(const ScoreEstimate& estimate) {
  return estimate.pass_scores.size() >= kGuessPasses ? estimate.pass_scores[kGuessPasses - 1]
                                                     : estimate.score;
}

absl::StatusOr<ProveSummary> Prove(const Position& root, const ProveOptions& options) {
  if (absl::Status s = CheckOptions(root, options); !s.ok()) return s;
  const absl::Time start = absl::Now();
  absl::StatusOr<std::unique_ptr<WorkFolder>> folder =
      WorkFolder::Open(options.folder, root, options.unit_empties);
  if (!folder.ok()) return folder.status();
  const eval::Evaluator& evaluator = eval::Evaluator::OrDefault(options.evaluator);
  auto say = [&](const std::string& line) {
    if (options.on_event) options.on_event(line);
  };
  // The manager's table, the ordering passes' (ProofTree's `ordering`);
  // the local engine's units share it, one table for the whole proof.
  TTOptions table_options;
  table_options.size_mib = static_cast<std::size_t>(options.hash_mb);
  absl::StatusOr<std::unique_ptr<TranspositionTable>> table =
      TranspositionTable::Create(table_options);
  if (!table.ok()) return table.status();
  ProveSummary summary;
  const absl::StatusOr<std::optional<FirstTest>> first =
      FirstTestOfTheProof(**folder, root, options, table->get(), say);
  if (!first.ok()) return first.status();
  if (!*first) {
    summary.interrupted = true;
    return summary;
  }
  ProofTree tree(root.board, root.to_move, (*first)->test, options.unit_empties, evaluator,
                 options.plan_threads, options.split_within, table->get());
  tree.SetCancel(options.cancel);
  tree.SetEldestFirst(options.eldest_first);
  if (absl::Status s = (*folder)->LoadTree(&tree); !s.ok()) return s;
  const std::optional<int> under_way = (*folder)->TestUnderWay();
  const double earlier = (*folder)->EarlierWallSeconds();
  Manager manager(&tree, (*first)->test, under_way);
  absl::StatusOr<std::unique_ptr<UnitRunner>> runner =
      MakeRunner(options, folder->get(), table->get());
  if (!runner.ok()) return runner.status();
  Run run(options, folder->get(), &tree, &manager, runner->get(), say);
  tree.SetOnExpand([&](const std::vector<int>& path) { run.Expanded(path); });
  const absl::StatusOr<bool> complete = run.Go();
  tree.SetOnExpand({});
  const double wall = absl::ToDoubleSeconds(absl::Now() - start);
  if (absl::Status s = (*folder)->LogStop(wall); !s.ok()) return s;
  if (!complete.ok()) return complete.status();
  summary.interrupted = !*complete;
  summary.score = manager.score();
  summary.pv = manager.line();
  summary.best_move = summary.pv.empty() ? kNoMove : summary.pv.front();
  summary.tests = (*folder)->TestsLogged();
  summary.units = (*folder)->units();
  summary.nodes = (*folder)->nodes() + (*first)->nodes;
  summary.cpu_seconds = (*folder)->cpu_seconds() + (*first)->seconds * options.threads;
  summary.wall_seconds = earlier + wall;
  summary.expanded = tree.expanded();
  summary.folder_bytes = (*folder)->Bytes();
  return summary;
}

}  // namespace endsolve::prove
