#ifndef ENDSOLVE_PROVE_ROUND_PRUNER_H_
#define ENDSOLVE_PROVE_ROUND_PRUNER_H_

// The pruning inside a round (prove/README.md, "Pruning inside a round"):
// which of a round's units still need running, given the answers of those
// that ran before them: for the local engine, one after another, and for
// workers side by side (the parallel and Slurm engines), whose manager
// reads their answers as they come.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "endsolve/batch/claims.h"
#include "endsolve/batch/record.h"
#include "endsolve/board/position.h"
#include "endsolve/prove/proof_tree.h"

namespace endsolve::prove {

// The local engine runs a round's units one after another, so an answer can
// change what comes after it, as in alpha-beta: where every child must
// succeed and one fails, its siblings are needless; where one child must
// and the eldest fails, the next is wanted, before anything that follows
// in the tree. The plan changes only where an answer contradicts the
// hypothesis it was made under, so it is made again, with every answer in
// so far, only after such an answer.
//
// A unit runs only if it is the first unit of the current plan not run
// yet: the units then run in alpha-beta's order, each asked with every
// answer before it in. A unit the plan no longer asks, or asks only after
// units this round does not hold, is skipped; a later plan that wants it
// again puts it in the next round, after those units. Until 2026-11-27 a
// unit ran whenever the plan still asked it, so a round finished the units
// it held before the next one began: FFO #68 (24-empty units) refuted
// "at least +28" at all fourteen other root moves before the round that
// proved E8 reaches it (prove/README.md).
//
// Workers side by side take a round's units in the file's order, as many
// at once as there are workers, so the order is theirs: the manager can
// only keep them from starting a unit that the plan made again no longer
// asks (Asks, Keep).
class RoundPruner {
 public:
  enum class Engine {
    kOneAfterAnother,  // the local engine: Run
    kSideBySide,       // workers: Asks and Keep
  };

  // `units` and `expected`: the round's plan as ProofTree::Plan made it
  // with `knowledge`, the answers before the round, in the plan's order;
  // both empty for a round that resumes, whose plan is made again before
  // its first unit.
  RoundPruner(Engine engine, ProofTree* tree, int test, Knowledge knowledge,
              const std::vector<Position>& units, const std::vector<bool>& expected);

  // One after another: whether `unit` is the first unit, not run yet, of
  // the plan made with every answer heard so far; if so, it is taken as run.
  bool Run(const Position& unit);

  // Side by side: whether the plan made with every answer heard so far
  // still asks `unit`.
  bool Asks(const Position& unit);
  // Side by side: `unit` is kept from running (the manager claimed it).
  void Keep(const Position& unit);

  // Whether this pruner kept `unit` from running (Run said no, or Keep):
  // a unit skipped and needed again later is the next round's, not a
  // failure to retry.
  bool Skipped(const Position& unit) const;

  // A unit's answer: learnt, and compared with what the plan took for it.
  // Returns whether it contradicts the plan (which is then made again when
  // next asked). A timed-out record teaches nothing and changes no plan.
  bool Heard(const batch::ResultRecord& record);

 private:
  void Replan();
  // Takes a plan's units, in its order, and the answer it expects of each.
  void Adopt(const std::vector<Position>& units, const std::vector<bool>& expected);

  Engine engine_;
  ProofTree* tree_;
  int test_;
  Knowledge knowledge_;
  std::map<batch::QuestionKey, bool> expected_;  // the plan's units, and the answer it expects
  std::vector<batch::QuestionKey> order_;        // the plan's units in its order
  std::size_t next_ = 0;                         // order_'s first unit that may not have run
  std::set<batch::QuestionKey> run_;             // one after another: what Run let run
  std::set<batch::QuestionKey> kept_;            // side by side: what Keep kept from running
  bool stale_;                                   // an answer contradicted the plan
};

// The parallel and Slurm engines' pruning: while a round's workers run,
// the manager reads their answers as they are appended (Poll), and after
// one against the plan it claims, in the round's claims file
// (batch/claims.h), the round's units that the plan made again no longer
// asks, so that no worker starts them (RoundPruner, side by side). A unit
// some worker claimed first runs anyway.
class WorkersPruning {
 public:
  // `results`: the folder of the round's workers' results files, each
  // named `prefix`...`.jsonl` (prove's results/round-NNN-worker-K-of-N.jsonl).
  WorkersPruning(RoundPruner* pruner, std::string results, std::string prefix)
      : pruner_(pruner), results_(std::move(results)), prefix_(std::move(prefix)) {}

  // Reads the units' batch ids from the round's units file and opens its
  // claims file; a round that resumes, whose plan is made again here,
  // keeps what that plan no longer asks from the workers before they start.
  // Errors name the file.
  absl::Status Start(const std::string& units_path, const std::string& claims_path);

  // Learns the answers appended since the last call (whole lines only: a
  // line a worker is still writing waits for the next call), and claims the
  // units that an answer against the plan made needless.
  absl::Status Poll();

 private:
  absl::Status ClaimNeedless();

  RoundPruner* pruner_;
  std::string results_;
  std::string prefix_;
  std::vector<std::pair<Position, std::string>> units_;  // each with its batch id
  std::set<std::size_t> taken_;                          // units_ a worker claimed first
  std::unique_ptr<batch::Claims> claims_;
  std::map<std::string, std::uintmax_t> read_;  // bytes of each results file learnt
};

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_ROUND_PRUNER_H_
