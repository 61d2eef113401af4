#include "endsolve/prove/schedules.h"

#include <algorithm>
#include <optional>
#include <queue>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "endsolve/prove/proof_tree.h"
#include "endsolve/solver/solver.h"

namespace endsolve::prove {
namespace {

double SecondsSince(absl::Time start) { return absl::ToDoubleSeconds(absl::Now() - start); }

// A unit on a virtual worker: when it will have answered, and which.
struct Running {
  double finish = 0;
  std::int64_t order = 0;  // started before: heard before among equal finishes
  Position unit;
  bool operator>(const Running& other) const {
    return finish != other.finish ? finish > other.finish : order > other.order;
  }
};

}  // namespace

const char* ScheduleName(Schedule schedule) {
  return schedule == Schedule::kRounds ? "rounds" : "overlap";
}

absl::StatusOr<std::unique_ptr<ScheduleModel>> ScheduleModel::Create(
    const Position& root, const ScheduleOptions& options) {
  std::unique_ptr<ScheduleModel> model(new ScheduleModel(root, options));
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

absl::StatusOr<ScheduleModel::Answer> ScheduleModel::Solve(const Position& unit) {
  const batch::QuestionKey question = batch::QuestionOf(unit);
  if (const auto known = answers_.find(question); known != answers_.end()) return known->second;
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
  const ScoreWindow allowed = ScoresAllowed(result->score, result->kind);
  Answer answer{allowed.lo, allowed.hi, absl::ToDoubleSeconds(result->time),
                result->nodes.total(), result->best_move};
  answers_.emplace(question, answer);
  return answer;
}

absl::StatusOr<ScheduleRun> ScheduleModel::Run(Schedule schedule, int workers,
                                               bool count_manager) {
  ScheduleRun run;
  run.schedule = schedule;
  run.workers = workers;
  run.manager_counted = count_manager;
  double clock = 0;  // the virtual wall, seconds
  auto manager = [&](double seconds) {
    run.manager_seconds += seconds;
    if (count_manager) clock += seconds;
  };
  manager(estimate_seconds_);
  const eval::Evaluator& evaluator =
      options_.evaluator != nullptr ? *options_.evaluator : eval::Evaluator::Default();
  absl::Time start = absl::Now();
  ProofTree tree(root_.board, root_.to_move, first_test_, options_.unit_empties, evaluator,
                 options_.plan_threads, /*split_within=*/0, ordering_.get());
  manager(SecondsSince(start));

  Knowledge knowledge;  // what the manager has heard
  std::priority_queue<Running, std::vector<Running>, std::greater<Running>> running;
  std::int64_t started_count = 0;
  int idle = workers;
  std::set<batch::QuestionKey> started;  // every unit started, answered or not
  std::map<batch::QuestionKey, bool> expected;  // the plan's units, and the answer it took
  std::vector<Position> queue;                  // the plan's units nobody started, in its order
  std::size_t next = 0;
  bool stale = true;  // the plan needs making (again)
  // The plan's units not answered yet: once none is left, every answer
  // agreed with the plan and its test is decided.
  std::size_t plan_open = 0;
  // An answer of a unit outside the plan (an earlier plan's, still
  // running when this one was made) may decide the test: back up again.
  bool outside = false;
  std::optional<int> current_test;
  Interval interval;
  auto cancelled = [&] { return options_.cancel != nullptr && options_.cancel->load(); };

  // A free worker starts `unit` at `at`.
  auto begin = [&](const Position& unit, double at) -> absl::Status {
    const absl::StatusOr<Answer> answer = Solve(unit);
    if (!answer.ok()) return answer.status();
    running.push({at + answer->seconds, started_count++, unit});
    --idle;
    ++run.units;
    run.nodes += answer->nodes;
    run.unit_seconds += answer->seconds;
    return absl::OkStatus();
  };
  // The manager hears the first answer to come.
  auto hear = [&]() -> absl::Status {
    const Running done = running.top();
    running.pop();
    clock = std::max(clock, done.finish);
    ++idle;
    const Answer& answer = answers_.at(batch::QuestionOf(done.unit));
    if (!knowledge.Learn(done.unit.board, answer.lo, answer.hi)) {
      return absl::InternalError("two units' answers contradict each other");
    }
    const auto it = expected.find(batch::QuestionOf(done.unit));
    if (it == expected.end()) {
      outside = true;
      return absl::OkStatus();
    }
    // As RoundPruner::Heard: the window [t - 1, t - 1] asks "at least t?".
    const bool yes = answer.lo >= done.unit.window->lo;
    if (yes != it->second || --plan_open == 0) stale = true;
    return absl::OkStatus();
  };

  for (;;) {
    if (cancelled()) return absl::CancelledError("interrupted");
    // Backing the answers up, the manager's time too, where they can have
    // moved the root: before a plan, and after an answer from outside it
    // (Prove backs up once a round; a backup after every answer would cost
    // a walk of the tree each: some 60 s of #69's proof on one worker).
    if (stale || outside) {
      start = absl::Now();
      interval = tree.RootInterval(knowledge);
      manager(SecondsSince(start));
      outside = false;
    }
    if (interval.exact()) {
      // The line that keeps the score, and the exact solve of its last
      // unit, on the first worker free; the units still running answer
      // nothing the proof needs.
      const ProofTree::Line line = tree.ProvenLine(knowledge);
      run.score = line.score;
      std::optional<int> first_move;
      if (!line.moves.empty()) first_move = line.moves.front();
      if (line.frontier) {
        const double at = idle > 0 ? clock : std::max(clock, running.top().finish);
        if (idle == 0) {
          running.pop();
          ++idle;
        }
        if (absl::Status s = begin(*line.frontier, at); !s.ok()) return s;
        const Answer& answer = answers_.at(batch::QuestionOf(*line.frontier));
        clock = at + answer.seconds;
        if (!first_move) first_move = answer.best_move;
      }
      run.best_move = first_move.value_or(kNoMove);
      run.wall_seconds = clock;
      return run;
    }
    // A test that answers outside the plan decided (a unit of an earlier
    // plan, still running when this one was made) wants the next test now.
    if (current_test && (interval.lower >= *current_test || interval.upper < *current_test)) {
      stale = true;
    }
    if (stale) {
      // 1. The plan: the test under way while undecided, else the next
      // one. The estimates are fitted to the answers in (Calibrate) where
      // Prove fits them: rounds before each plan, as Prove before each
      // round (prover.cc, step 3); overlap before each test, its plans after
      // an answer being those the local engine makes again inside a round,
      // without a fit (round_pruner.h).
      start = absl::Now();
      const int test = TestToPlan(current_test, first_test_, interval);
      if (schedule == Schedule::kRounds || test != current_test) tree.Calibrate(knowledge);
      current_test = test;
      std::vector<Position> plan;
      std::vector<bool> plan_expected;
      const TestState state = tree.Plan(test, knowledge, &plan, &plan_expected);
      manager(SecondsSince(start));
      ++run.plans;
      if (!running.empty()) ++run.plans_while_running;
      if (state != TestState::kPending) continue;  // the interval moves
      queue.clear();
      expected.clear();
      next = 0;
      plan_open = plan.size();
      for (std::size_t i = 0; i < plan.size(); ++i) {
        const batch::QuestionKey question = batch::QuestionOf(plan[i]);
        expected.emplace(question, plan_expected[i]);
        if (!started.contains(question)) queue.push_back(plan[i]);
      }
      stale = false;
      if (queue.empty() && running.empty()) {
        return absl::InternalError(absl::StrFormat(
            "the test >= %d asks only units that have answered", test));
      }
    }
    // 2. The free workers start the plan's units nobody has started.
    auto start_free = [&]() -> absl::Status {
      while (idle > 0 && next < queue.size()) {
        const Position& unit = queue[next++];
        if (!started.insert(batch::QuestionOf(unit)).second) continue;
        if (absl::Status s = begin(unit, clock); !s.ok()) return s;
      }
      return absl::OkStatus();
    };
    // 3. The answers. Rounds: every unit of the plan starts and is waited
    // for before the next plan. Overlap: the answers due first, and a new
    // plan after one against this one.
    if (schedule == Schedule::kRounds) {
      while (next < queue.size() || !running.empty()) {
        if (absl::Status s = start_free(); !s.ok()) return s;
        if (running.empty()) break;
        if (absl::Status s = hear(); !s.ok()) return s;
      }
      stale = true;
      continue;
    }
    if (absl::Status s = start_free(); !s.ok()) return s;
    if (running.empty()) {
      stale = true;  // every unit of the plan heard, each as it expected
      continue;
    }
    if (absl::Status s = hear(); !s.ok()) return s;
    while (!running.empty() && running.top().finish <= clock) {
      if (absl::Status s = hear(); !s.ok()) return s;
    }
  }
}

}  // namespace endsolve::prove
