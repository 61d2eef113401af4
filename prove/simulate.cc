#include "endsolve/prove/simulate.h"

#include <algorithm>
#include <queue>
#include <vector>

#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "endsolve/batch/input.h"
#include "endsolve/prove/manager.h"
#include "endsolve/prove/proof_tree.h"
#include "endsolve/solver/solver.h"

namespace endsolve::prove {
namespace {

double SecondsSince(absl::Time start) { return absl::ToDoubleSeconds(absl::Now() - start); }

// A unit on a virtual worker: when it will have answered, and which.
struct Running {
  double finish = 0;
  std::int64_t order = 0;  // started before: heard before among equal finishes
  batch::QuestionKey question;
  bool operator>(const Running& other) const {
    return finish != other.finish ? finish > other.finish : order > other.order;
  }
};

}  // namespace

absl::StatusOr<std::unique_ptr<Simulation>> Simulation::Create(const Position& root,
                                                               const SimulationOptions& options) {
  std::unique_ptr<Simulation> model(new Simulation(root, options));
  TTOptions table;
  table.size_mib = static_cast<std::size_t>(options.hash_mb);
  for (std::unique_ptr<TranspositionTable>* made : {&model->ordering_, &model->units_}) {
    absl::StatusOr<std::unique_ptr<TranspositionTable>> created = TranspositionTable::Create(table);
    if (!created.ok()) return created.status();
    *made = *std::move(created);
  }
  // The first test and the ordering table, as the parallel and Slurm
  // engines' manager makes them (prover.cc): on its own threads, into a
  // table of its own that the units never touch.
  SolveOptions solve;
  solve.threads = options.plan_threads > 0 ? options.plan_threads : HardwareThreads();
  solve.evaluator = options.evaluator;
  solve.cancel = options.cancel;
  solve.tt = model->ordering_.get();
  solve.max_empties = options.max_empties;
  const absl::StatusOr<ScoreEstimate> estimate = EstimateScore(root.board, solve, options.passes);
  if (!estimate.ok()) return estimate.status();
  if (estimate->stopped) return absl::CancelledError("interrupted during the first estimate");
  model->first_test_ = FirstTestOf(*estimate);
  model->estimate_seconds_ = absl::ToDoubleSeconds(estimate->time);
  return model;
}

absl::StatusOr<const Simulation::Answer*> Simulation::Solve(const Position& unit) {
  const batch::QuestionKey question = batch::QuestionOf(unit);
  if (const auto known = answers_.find(question); known != answers_.end()) return &known->second;
  SolveOptions solve;
  solve.threads = 1;
  solve.evaluator = options_.evaluator;
  solve.cancel = options_.cancel;
  solve.tt = units_.get();
  solve.lo = unit.window->lo;
  solve.hi = unit.window->hi;
  const absl::StatusOr<SolveResult> result = endsolve::Solve(unit.board, solve);
  if (!result.ok()) return result.status();
  if (result->stopped) return absl::CancelledError("interrupted in a unit's solve");
  batch::BatchItem item;
  item.id = "simulated";
  item.position = unit;
  batch::RunSettings run;
  run.fresh_table = false;
  Answer answer;
  static_cast<batch::Record&>(answer.record) = batch::FinishedRecord(item, *result, run);
  answer.seconds = absl::ToDoubleSeconds(result->time);
  answer.nodes = result->nodes.total();
  return &answers_.emplace(question, std::move(answer)).first->second;
}

absl::StatusOr<SimulatedRun> Simulation::Run(int workers, bool count_manager) {
  SimulatedRun run;
  run.workers = workers;
  run.manager_counted = count_manager;
  double clock = 0;  // the virtual wall, seconds
  auto manager_time = [&](absl::Time since) {
    const double seconds = SecondsSince(since);
    run.manager_seconds += seconds;
    if (count_manager) clock += seconds;
  };
  run.manager_seconds = estimate_seconds_;
  if (count_manager) clock = estimate_seconds_;
  const eval::Evaluator& evaluator =
      options_.evaluator != nullptr ? *options_.evaluator : eval::Evaluator::Default();
  absl::Time start = absl::Now();
  ProofTree tree(root_.board, root_.to_move, first_test_, options_.unit_empties, evaluator,
                 options_.plan_threads, /*split_within=*/0, ordering_.get());
  tree.SetCancel(options_.cancel);
  Manager manager(&tree, first_test_, std::nullopt);
  manager_time(start);
  std::priority_queue<Running, std::vector<Running>, std::greater<Running>> running;
  std::int64_t started = 0;
  for (;;) {
    if (options_.cancel != nullptr && options_.cancel->load()) {
      return absl::CancelledError("interrupted");
    }
    start = absl::Now();
    const absl::StatusOr<std::vector<Position>> units =
        manager.Wanted(static_cast<std::size_t>(workers) - running.size(),
                       [&](int) { ++run.tests; });
    manager_time(start);
    if (!units.ok()) return units.status();
    if (manager.complete()) break;
    for (const Position& unit : *units) {
      const absl::StatusOr<const Answer*> answer = Solve(unit);
      if (!answer.ok()) return answer.status();
      running.push({clock + (*answer)->seconds, started++, batch::QuestionOf(unit)});
      ++run.units;
      run.nodes += (*answer)->nodes;
      run.unit_seconds += (*answer)->seconds;
    }
    if (running.empty()) return absl::InternalError("the proof needs no unit and is not proven");
    // The answers due first: the earliest, and every other due by then.
    clock = std::max(clock, running.top().finish);
    start = absl::Now();
    while (!running.empty() && running.top().finish <= clock) {
      if (absl::Status s = manager.Heard(answers_.at(running.top().question).record); !s.ok()) {
        return s;
      }
      running.pop();
    }
    manager_time(start);
  }
  run.score = manager.score();
  run.best_move = manager.line().empty() ? kNoMove : manager.line().front();
  run.wall_seconds = clock;
  run.expanded = tree.expanded();
  return run;
}

}  // namespace endsolve::prove
