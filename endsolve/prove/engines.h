// How a proof's units run (endsolve/prove/README.md, "Engines"): in this process, or
// by a pool of worker processes, here or as a Slurm array. Every engine
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
  // Waits for news of the started units and returns those that may have
  // finished unanswered (their worker ended, or a time limit; one the
  // manager has heard answered is dropped by it): the local engine once a
  // unit has finished, a pool after one look at its workers. The answers
  // are in results/ by then. Returns early, with none, once the proof's
  // cancel flag is raised.
  virtual absl::StatusOr<std::vector<Position>> Wait() = 0;
};

// How many units a pool (the parallel and Slurm engines) keeps handed out a
// worker: one it solves and one waiting for it, so that a worker that
// finishes a unit finds the next without waiting for the manager to hear
// the answer and walk; the one waiting is the walk's next unit, asked
// before the answers that might spare it.
inline constexpr int kUnitsPerWorker = 2;

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
