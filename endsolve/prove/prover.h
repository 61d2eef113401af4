// `endsolve prove`: one position proven through many independent unit
// solves, each an ordinary batch line with a window (endsolve/prove/README.md). The
// manager (manager.h) hands out units as their answers come, the engines
// (engines.h) run them, and the work folder (work_folder.h) keeps
// everything: killing the manager or a worker at any moment loses no
// finished unit, and running the same command again resumes.
#ifndef ENDSOLVE_PROVE_PROVER_H_
#define ENDSOLVE_PROVE_PROVER_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "endsolve/board/position.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/solver/solver.h"

namespace endsolve::prove {

// The frontier's default: 20 empties, a unit of about a second here at two
// threads (FFO-like positions of 20 empties: 0.1-2 s), so that a proof of
// a few hundred units shows progress every few seconds and what a unit pays
// alone (its own start, its own table with the parallel and Slurm engines)
// stays small.
inline constexpr int kDefaultUnitEmpties = 20;
// The fewest: below 8 empties a unit costs less than planning it.
inline constexpr int kMinUnitEmpties = 8;

// The first test: the exact solve's own estimate of the root, its
// presearch and its first kGuessPasses selective passes (solver.h's
// EstimateScore). Each test between the first and the score costs a proof
// tree of its own. On 37 positions of 30 empties from WTHOR games one pass
// misses the exact score by 1.41 discs on average, two by 0.86 (670 M
// nodes a position), the 8-ply presearch by 3.24; on FFO #60-#64
// two passes took 18 tests instead of 22 and 0.94 of the nodes
// (endsolve/bench/results/prove-rounds-design.md).
inline constexpr int kGuessPasses = 2;
// The passes whose table orders the manager's tree (ProofTree's `ordering`):
// all of them. The third pass costs little beside a proof and its table is
// the nearest the truth; FFO #60-#64, one thread, 20-empty units (the first
// test from two passes either way): the tree ordered by the evaluation
// searches alone 5,487 M nodes, by two passes' table 3,903 M, by three
// passes' 3,447 M, their nodes included: 2.24, 1.59 and 1.41 times the
// solves' (endsolve/bench/results/prove-rounds-design.md).
inline constexpr int kOrderingPasses = kSelectivePasses;
static_assert(kGuessPasses <= kOrderingPasses);

// Young brothers wait from this height up (ProofTree::SetEldestFirst, the
// plies above the units): high enough that the waits are few on any line,
// low enough that a wrong eldest's brothers are not asked whole. FFO #76
// (32 empties, 24-empty units, 1,024 virtual workers, one run each from
// kept answers): from heights 1, 2, 3, 4 and 5 up 116.2, 105.9, 68.8, 71.2
// and 57.4 s with 1.22, 1.22, 1.36, 1.35 and 1.64 times solve's nodes;
// nowhere 49.6 s and 1.84. From 3 up on 256 workers 77.2 s and 1.23
// against 64.9 s and 1.41; on 16 and 64 the same within 3%
// (endsolve/bench/results/prove-ffo76-eldest-first-2026-12-04.txt).
inline constexpr int kEldestFirstHeight = 3;

// The first test from the ordering passes' estimate: the score after the
// first kGuessPasses, or after all of them where there are fewer (0: the
// presearch's guess). A game over, or too few empties for a selective pass,
// has no passes: the presearch's guess (or the final score) is the test.
int FirstTestOf(const ScoreEstimate& estimate);

// How the units are run (engines.h).
enum class Engine {
  kLocal,     // in this process, one after another, with all threads
  kParallel,  // a pool of `workers` endsolve batch --follow processes here, for the whole run
  kSlurm,     // the pool as one `sbatch --array=1-workers`
};

struct ProveOptions {
  std::string folder;
  int unit_empties = kDefaultUnitEmpties;
  Engine engine = Engine::kLocal;
  int workers = 2;           // kParallel, kSlurm: workers (processes, array tasks) in the pool
  int threads = 1;           // per unit solve (each worker's, with kParallel)
  int hash_mb = 64;          // per unit solve
  int max_empties = kDefaultMaxEmpties;  // the root's, for its estimate (SolveOptions)
  // The manager's own threads (0: every hardware thread): the evaluation
  // searches that order the positions it expands (the plans do not depend
  // on their number) and, with kParallel and kSlurm, the first test's
  // estimate (a selective search on several threads may estimate otherwise
  // from run to run; 1 makes the proof repeatable). Its planning is time
  // that no worker count shortens (endsolve/prove/README.md, "Beyond this machine").
  int plan_threads = 0;
  // The selective passes over the root before the first test (0 ..
  // kSelectivePasses): the first test is the score after the first
  // min(passes, kGuessPasses) of them (0: the presearch's guess), and their
  // table orders the tree. They run on the manager alone, before any unit,
  // and each costs several times the one before (one thread: FFO #69, 30
  // empties, 2.1 s, 9.0 s and 19.8 s for 1, 2 and 3 passes; #75, 32
  // empties, 76 s, 102 s and 395 s), so a root too large for one machine
  // takes fewer (endsolve/prove/README.md, "Beyond this machine").
  int passes = kOrderingPasses;
  // A frontier position whose estimate lies within this many discs of its
  // unit's test is split into its children's units (proof_tree.h; 0: none).
  int split_within = 0;
  // Young brothers wait at positions at least this many plies above the
  // units (ProofTree::SetEldestFirst; 0: nowhere): fewer units wasted with
  // many workers, longer chains of answers.
  int eldest_first = kEldestFirstHeight;
  // A unit that runs longer is abandoned, tried once more, and then stops
  // the proof with its position named.
  absl::Duration unit_time_limit = absl::InfiniteDuration();
  const eval::Evaluator* evaluator = nullptr;  // null: the built-in one
  std::string endsolve_binary;  // kParallel, kSlurm: the command the workers run
  // kSlurm: more sbatch options, each one word ("--partition=long",
  // "--time=2:00:00"); they come after the engine's own, so they win.
  std::vector<std::string> sbatch_options;
  const std::atomic<bool>* cancel = nullptr;
  // What the manager tells its user: one line per event (a test started,
  // the root's interval moved, units answered).
  std::function<void(const std::string&)> on_event;
};

struct ProveSummary {
  int score = 0;
  int best_move = kNoMove;
  std::vector<int> pv;
  int tests = 0;              // tests of the root asked, over every run of the manager
  int units = 0;              // unit solves run (duplicates not counted)
  std::uint64_t nodes = 0;    // over all units
  double cpu_seconds = 0;     // units' seconds times their threads
  double wall_seconds = 0;    // the manager's wall time, over every run of it
  std::int64_t expanded = 0;  // positions the manager expanded
  std::uintmax_t folder_bytes = 0;  // the work folder's, at the end
  bool interrupted = false;   // cancel: the folder keeps what was done
};

// Proves `root`'s exact score, best move and principal variation, resuming
// from the folder's results. Errors: a folder of another proof, a unit that
// failed twice, results that contradict each other, files that cannot be
// written, a root of more than `max_empties` empties.
absl::StatusOr<ProveSummary> Prove(const Position& root, const ProveOptions& options);

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_PROVER_H_
