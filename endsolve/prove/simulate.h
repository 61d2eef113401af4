// What one proof would take on P workers (`endsolve prove --simulate`): the
// manager itself (manager.h) run against P virtual workers and a virtual
// clock. Each unit is solved here for real when a virtual worker starts it
// (one thread, one table for every unit, as the local engine's), and its
// answer reaches the manager when that worker would have finished: its
// start plus the seconds the solve took. The manager's own time (the first
// test's selective passes, each walk, each answer's backup) is measured
// here and put on the clock, or left off it to see what the units alone
// would take.
//
// Seconds are CPU seconds of the thread that ran them (the units, and the
// manager on one plan thread; on more, wall seconds): they leave out the
// time another process held the core, not what it costs in the memory
// this one waits on. Beside two other jobs on two cores, FFO #40-#42 took
// 1.96 s of CPU for 35.9 M nodes (18.3 M/s, about 0.85 of the rate alone),
// and FFO #76's first passes in a 512 MiB table 83.0 s of CPU against
// 76.2 s alone: figures to quote come from a simulation run alone. A unit's
// answer, with its seconds and nodes, can be kept in a results file
// (`answers`), so that a simulation stopped midway resumes where it was and
// another worker count solves only the units no earlier run asked.
#ifndef ENDSOLVE_PROVE_SIMULATE_H_
#define ENDSOLVE_PROVE_SIMULATE_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/batch/record.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/board/position.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/prove/prover.h"

namespace endsolve::prove {

struct SimulationOptions {
  int unit_empties = kDefaultUnitEmpties;
  int hash_mb = 64;      // the manager's table (the ordering passes') and the units' one table
  int max_empties = kDefaultMaxEmpties;  // the root's, for its estimate (SolveOptions)
  int plan_threads = 1;  // the manager's threads, as ProveOptions' (0: every hardware thread)
  // Not 0: the manager timed as one of this many cores would run it (a
  // cluster node's manager predicted on a machine of two cores), on one
  // thread here. The first test's passes run twice: on one thread, its CPU
  // seconds per node measured, and on a virtual machine of this many cores
  // (endsolve/solver/virtual_clock.h); their seconds are one thread's, times
  // the machine's ticks over one thread's, each searching thread slowed as
  // on the real 16-core machine the ticks are calibrated to
  // (search::MachineRate, virtual_clock.h). The walks read the one thread's
  // table, the same in every run (a parallel search's differs from run to
  // run), and the first test is its. Each expansion's evaluation searches,
  // which the manager runs side by side, count as they would on these
  // cores (SearchesOnCores); the rest of a walk and the backups as measured.
  int plan_cores = 0;
  // The selective passes over the root, as ProveOptions' (0..3: Create
  // refuses others with EstimateScore's error).
  int passes = kOrderingPasses;
  int eldest_first = kEldestFirstHeight;  // as ProveOptions'
  // A batch results file (endsolve/batch/results_file.h) of the units' answers, each
  // line a unit with its seconds (CPU, as above) and nodes: read first, its
  // questions never solved again; each unit solved is appended. Empty: none.
  std::string answers;
  const eval::Evaluator* evaluator = nullptr;  // null: the built-in one
  const std::atomic<bool>* cancel = nullptr;
};

// One proof on one worker count.
struct SimulatedRun {
  int workers = 0;
  bool manager_counted = true;  // the manager's time on the clock
  int score = 0;
  int best_move = kNoMove;
  int units = 0;                // units started (each runs to its end)
  std::uint64_t nodes = 0;      // theirs
  double unit_seconds = 0;      // theirs: one worker's wall, with no manager
  double manager_seconds = 0;   // the selective passes', every walk's and backup's
  // The walks' evaluation searches (each expansion's children's): their CPU
  // seconds here, and with plan_cores what they count in manager_seconds
  // (SearchesOnCores; without, the same).
  double searches_seconds = 0;
  double searches_counted = 0;
  double wall_seconds = 0;      // the virtual clock at the proof's end
  int tests = 0;                // tests of the root asked
  std::int64_t expanded = 0;    // positions the manager expanded
};

// The first test's passes: what they cost, and on what.
struct PassesCost {
  int cores = 0;                   // the virtual machine's (0: measured here)
  // Measured here: on one thread, its CPU seconds (with cores, or with one
  // plan thread), or on plan_threads, their wall seconds.
  double measured_seconds = 0;
  std::uint64_t measured_nodes = 0;
  std::int64_t ticks = 0;          // on the virtual machine (0: none)
  std::uint64_t nodes = 0;         // on the virtual machine
  double search_share = 1;         // of its cores' ticks, searching
  std::uint64_t tasks = 0;         // helper tasks run there
  std::int64_t task_ticks = 0;     // the ticks they cost (search::kVirtualTaskCost)
  double seconds = 0;              // the cost put on the clock
};

// The wall seconds of one expansion's evaluation searches, `seconds` each
// on one thread here, on a manager of `cores` cores: handed out in order,
// each to the core free first (a parallel_for over a few jobs), every one
// slowed to the calibrated machine's rate with as many searching as there
// are jobs, at most `cores` (search::MachineRate). One core: their sum.
double SearchesOnCores(const std::vector<double>& seconds, int cores);

// Runs proofs of one root. Each unit is solved once: a proof that asks a
// question an earlier one asked takes its answer and its seconds from then,
// so every run shares the unit times it compares.
class Simulation {
 public:
  // Runs the first test's selective passes into the manager's table (its
  // time counted in every run's manager seconds), after reading `answers`.
  // Errors as Solve's, and the answers file's (not a results file, a line
  // of it that is no unit's answer, named by its line).
  static absl::StatusOr<std::unique_ptr<Simulation>> Create(const Position& root,
                                                            const SimulationOptions& options);
  // The proof on `workers` virtual workers. Errors: a cancel (the message
  // says so), answers that contradict each other.
  absl::StatusOr<SimulatedRun> Run(int workers, bool count_manager);

  // The first test, and the seconds its passes took (passes().seconds).
  int first_test() const { return first_test_; }
  double estimate_seconds() const { return passes_.seconds; }
  const PassesCost& passes() const { return passes_; }
  // Answers taken from `answers` when it was read, and units solved since.
  int answers_read() const { return answers_read_; }
  int units_solved() const { return units_solved_; }
  // The answers file's corrupted lines, skipped ("NAME:LINE: ignoring ...").
  const std::vector<std::string>& answers_warnings() const;

 private:
  struct Answer {
    batch::ResultRecord record;
    double seconds = 0;
    std::uint64_t nodes = 0;
  };
  Simulation(const Position& root, const SimulationOptions& options)
      : root_(root), options_(options) {}
  // The manager's seconds: its thread's CPU on one plan thread (as it runs
  // with plan_cores).
  bool manager_on_cpu() const { return options_.plan_threads == 1 || options_.plan_cores > 0; }
  // Opens `options_.answers` and takes its answers.
  absl::Status ReadAnswers();
  // The first test from the passes into `ordering_`, and their cost.
  absl::Status RunPasses();
  // The answer to `unit`'s question, solved now unless asked before.
  absl::StatusOr<const Answer*> Solve(const Position& unit);

  Position root_;
  SimulationOptions options_;
  std::unique_ptr<TranspositionTable> ordering_;  // the passes' (the manager's), never written after
  std::unique_ptr<TranspositionTable> units_;     // every unit's, never cleared
  std::unique_ptr<batch::ResultsAppender> answers_file_;  // null without `answers`
  int first_test_ = 0;
  PassesCost passes_;
  int answers_read_ = 0;
  int units_solved_ = 0;
  std::map<batch::QuestionKey, Answer> answers_;
};

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_SIMULATE_H_
