// How a proof's units run (prove/README.md, "Engines"): in this process, or
// by worker processes, a GNU parallel pool or a Slurm array. Every engine
// writes the units it is given to units/ and their answers to results/,
// where the manager reads them (WorkFolder::ReadNewResults): an engine
// takes units and says when they have finished, nothing more.
#ifndef ENDSOLVE_PROVE_ENGINES_H_
#define ENDSOLVE_PROVE_ENGINES_H_

#include <atomic>
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/board/position.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/prove/prover.h"
#include "endsolve/prove/work_folder.h"

namespace endsolve::prove {

class UnitRunner {
 public:
  virtual ~UnitRunner() = default;
  // How many units run at once.
  virtual int slots() const = 0;
  // Starts `units` (at most slots() beside those running), each written
  // to units/ now, once.
  virtual absl::Status Start(const std::vector<Position>& units) = 0;
  // Waits until at least one started unit has finished (answered, or left
  // unanswered by a worker that died or a time limit), and returns those
  // that have; their answers are in results/ by then. Returns early, with
  // none, once the proof's cancel flag is raised.
  virtual absl::StatusOr<std::vector<Position>> Wait() = 0;
};

// A pool's step (the parallel and Slurm engines) hands out this many units
// a worker: each step starts its workers anew, GNU parallel's start and each
// process's empty table (Slurm adds its submission and queue), so a step of
// one unit a worker paid that for each unit. The units past each worker's
// first are the walk's next ones, asked before the answers that might
// spare them. FFO #60 and #61 (20-empty units, two one-thread workers;
// nodes, wall seconds with other work beside): 1 a worker 42.4 M, 39.4 s
// and 47.6 M, 26.2 s; 4: 53.9 M, 12.7 s and 53.3 M, 8.3 s; 8: 65.4 M, 9.6 s
// and 54.1 M, 5.4 s (locally 23.7 M and 38.4 M, 2.1 s and 2.4 s). A pool
// whose workers live for the whole proof needs no such trade.
inline constexpr int kStepUnitsPerWorker = 4;

// The engine the options name, on `folder`. The local engine's units share
// `table` (the manager's, which the ordering passes filled): one table for
// the whole proof, never cleared, carries what each unit learnt to the
// next (its bounds hold whatever the window). FFO #60 and #61 at one thread
// with 20-empty units: 175.9 M -> 137.8 M and 98.9 M -> 88.0 M nodes
// against a table cleared before each unit.
absl::StatusOr<std::unique_ptr<UnitRunner>> MakeRunner(const ProveOptions& options,
                                                       WorkFolder* folder,
                                                       TranspositionTable* table);

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_ENGINES_H_
