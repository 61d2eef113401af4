#include "endsolve/prove/simulate.h"

#include <algorithm>
#include <optional>
#include <queue>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "endsolve/batch/input.h"
#include "endsolve/prove/manager.h"
#include "endsolve/prove/proof_tree.h"
#include "endsolve/prove/thread_cpu.h"
#include "endsolve/solver/solver.h"
#include "endsolve/solver/virtual_clock.h"

namespace endsolve::prove {
namespace {

// A stopwatch on the calling thread's CPU seconds, or on the wall.
class Stopwatch {
 public:
  explicit Stopwatch(bool cpu) : cpu_(cpu), start_(Now()) {}
  double Seconds() const { return Now() - start_; }

 private:
  double Now() const {
    return cpu_ ? ThreadCpuSeconds() : absl::ToDoubleSeconds(absl::Now() - absl::UnixEpoch());
  }
  bool cpu_;
  double start_;
};

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

double SearchesOnCores(const std::vector<double>& seconds, int cores) {
  if (seconds.empty()) return 0;
  const std::size_t slots = std::min(seconds.size(), static_cast<std::size_t>(std::max(1, cores)));
  // Each core's finish; each search goes to the one free first.
  std::vector<double> free_at(slots, 0.0);
  for (const double job : seconds) {
    *std::min_element(free_at.begin(), free_at.end()) += job;
  }
  const double longest = *std::max_element(free_at.begin(), free_at.end());
  return longest / search::MachineRate(static_cast<double>(slots));
}

absl::StatusOr<std::unique_ptr<Simulation>> Simulation::Create(const Position& root,
                                                               const SimulationOptions& options) {
  std::unique_ptr<Simulation> model(new Simulation(root, options));
  if (!options.answers.empty()) {
    if (absl::Status read = model->ReadAnswers(); !read.ok()) return read;
  }
  TTOptions table;
  table.size_mib = static_cast<std::size_t>(options.hash_mb);
  for (std::unique_ptr<TranspositionTable>* made : {&model->ordering_, &model->units_}) {
    absl::StatusOr<std::unique_ptr<TranspositionTable>> created = TranspositionTable::Create(table);
    if (!created.ok()) return created.status();
    *made = *std::move(created);
  }
  if (absl::Status passes = model->RunPasses(); !passes.ok()) return passes;
  return model;
}

absl::Status Simulation::RunPasses() {
  // The first test and the ordering table, as the parallel and Slurm
  // engines' manager makes them (prover.cc): on its own threads, into a
  // table of its own that the units never touch.
  SolveOptions solve;
  solve.threads = options_.plan_cores > 0     ? 1
                  : options_.plan_threads > 0 ? options_.plan_threads
                                              : HardwareThreads();
  solve.evaluator = options_.evaluator;
  solve.cancel = options_.cancel;
  solve.tt = ordering_.get();
  solve.max_empties = options_.max_empties;
  auto run_passes = [&]() -> absl::StatusOr<ScoreEstimate> {
    absl::StatusOr<ScoreEstimate> estimate =
        EstimateScore(root_.board, solve, options_.passes);
    if (estimate.ok() && estimate->stopped) {
      return absl::CancelledError("interrupted during the first estimate");
    }
    return estimate;
  };
  const Stopwatch watch(solve.threads == 1);
  const absl::StatusOr<ScoreEstimate> estimate = run_passes();
  if (!estimate.ok()) return estimate.status();
  passes_.measured_seconds = watch.Seconds();
  passes_.measured_nodes = estimate->nodes.total();
  passes_.seconds = passes_.measured_seconds;
  first_test_ = FirstTestOf(*estimate);
  if (options_.plan_cores > 0) {
    // Again on the virtual machine, in the units' table (empty until the
    // first run, cleared after): only its ticks are kept. The walks read the
    // one thread's table, the same in every run.
    search::VirtualClock clock(options_.plan_cores, search::kVirtualSlice,
                               search::kVirtualTaskCost);
    solve.threads = options_.plan_cores;
    solve.virtual_clock = &clock;
    solve.tt = units_.get();
    const absl::StatusOr<ScoreEstimate> on_cores = run_passes();
    units_->Clear();
    if (!on_cores.ok()) return on_cores.status();
    std::int64_t searching = 0;
    for (int slot = 0; slot < clock.slots(); ++slot) searching += clock.search(slot);
    passes_.cores = options_.plan_cores;
    passes_.ticks = clock.ticks();
    passes_.nodes = on_cores->nodes.total();
    passes_.tasks = clock.tasks();
    passes_.task_ticks = clock.task_ticks();
    passes_.search_share = clock.ticks() > 0 ? static_cast<double>(searching) /
                                                   (static_cast<double>(clock.ticks()) *
                                                    options_.plan_cores)
                                             : 1.0;
    // Time: one thread's seconds a node, times the ticks, each searching
    // thread at the calibrated machine's rate.
    passes_.seconds = passes_.measured_seconds * static_cast<double>(passes_.ticks) /
                      static_cast<double>(std::max<std::uint64_t>(1, passes_.measured_nodes)) /
                      search::MachineRate(passes_.cores * passes_.search_share);
  }
  return absl::OkStatus();
}

absl::Status Simulation::ReadAnswers() {
  absl::StatusOr<std::unique_ptr<batch::ResultsAppender>> opened =
      batch::ResultsAppender::Open(options_.answers, /*create_only=*/false);
  if (!opened.ok()) return opened.status();
  answers_file_ = *std::move(opened);
  // A unit costs seconds; a sync every second loses at most a second's
  // units to a power loss, none to a kill.
  answers_file_->SyncAtMostEvery(absl::Seconds(1));
  for (const batch::ResultRecord& record : answers_file_->contents().records) {
    if (record.status != batch::ResultStatus::kSolved || !record.position || !record.window ||
        !record.seconds || !record.nodes) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s:%d: expected a unit's answer (status solved, with a window, seconds and nodes), "
          "found a line of id %s",
          options_.answers, record.line_number, record.id));
    }
    Answer answer;
    answer.record = record;
    answer.seconds = *record.seconds;
    answer.nodes = *record.nodes;
    if (answers_.emplace(batch::QuestionOf(record), std::move(answer)).second) ++answers_read_;
  }
  return absl::OkStatus();
}

const std::vector<std::string>& Simulation::answers_warnings() const {
  static const std::vector<std::string> kNone;
  return answers_file_ != nullptr ? answers_file_->contents().warnings : kNone;
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
  // One thread: the solve runs on this one (solver.cc), whose CPU seconds
  // are the unit's.
  const Stopwatch cpu(/*cpu=*/true);
  const absl::StatusOr<SolveResult> result = endsolve::Solve(unit.board, solve);
  if (!result.ok()) return result.status();
  if (result->stopped) return absl::CancelledError("interrupted in a unit's solve");
  batch::BatchItem item;
  item.id = absl::StrCat("unit-", answers_.size() + 1);
  item.position = unit;
  batch::RunSettings run;
  run.fresh_table = false;
  Answer answer;
  static_cast<batch::Record&>(answer.record) = batch::FinishedRecord(item, *result, run);
  answer.seconds = cpu.Seconds();
  answer.record.seconds = answer.seconds;
  answer.nodes = result->nodes.total();
  if (answers_file_ != nullptr) {
    const absl::Status kept =
        answers_file_->Append(batch::Json(static_cast<const batch::Record&>(answer.record)));
    if (!kept.ok()) return kept;
  }
  ++units_solved_;
  return &answers_.emplace(question, std::move(answer)).first->second;
}

absl::StatusOr<SimulatedRun> Simulation::Run(int workers, bool count_manager) {
  SimulatedRun run;
  run.workers = workers;
  run.manager_counted = count_manager;
  double clock = 0;  // the virtual wall, seconds
  // What the walk's evaluation searches took here, less what they count on
  // the manager's cores, since the last manager_time.
  double searches_saved = 0;
  auto manager_time = [&](const Stopwatch& since) {
    const double seconds = since.Seconds() - searches_saved;
    searches_saved = 0;
    run.manager_seconds += seconds;
    if (count_manager) clock += seconds;
  };
  run.manager_seconds = passes_.seconds;
  if (count_manager) clock = passes_.seconds;
  const eval::Evaluator& evaluator = eval::Evaluator::OrDefault(options_.evaluator);
  Stopwatch start(manager_on_cpu());
  ProofTree tree(root_.board, root_.to_move, first_test_, options_.unit_empties, evaluator,
                 options_.plan_cores > 0 ? 1 : options_.plan_threads, /*split_within=*/0,
                 ordering_.get());
  tree.SetCancel(options_.cancel);
  tree.SetEldestFirst(options_.eldest_first);
  tree.SetOnSearches([&](const std::vector<double>& seconds) {
    double sum = 0;
    for (const double job : seconds) sum += job;
    const double counted = options_.plan_cores > 0 ? SearchesOnCores(seconds, options_.plan_cores)
                                                   : sum;
    run.searches_seconds += sum;
    run.searches_counted += counted;
    searches_saved += sum - counted;
  });
  Manager manager(&tree, first_test_, std::nullopt);
  manager_time(start);
  std::priority_queue<Running, std::vector<Running>, std::greater<Running>> running;
  std::int64_t started = 0;
  for (;;) {
    if (options_.cancel != nullptr && options_.cancel->load()) {
      return absl::CancelledError("interrupted");
    }
    start = Stopwatch(manager_on_cpu());
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
    start = Stopwatch(manager_on_cpu());
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
