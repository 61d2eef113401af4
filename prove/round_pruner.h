#ifndef ENDSOLVE_PROVE_ROUND_PRUNER_H_
#define ENDSOLVE_PROVE_ROUND_PRUNER_H_

// The local engine's pruning inside a round (prove/README.md, "Pruning
// inside a round"): which of a round's units still need running, given the
// answers of those that ran before them.

#include <cstddef>
#include <map>
#include <set>
#include <vector>

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
class RoundPruner {
 public:
  // `units` and `expected`: the round's plan as ProofTree::Plan made it
  // with `knowledge`, the answers before the round, in the plan's order;
  // both empty for a round that resumes, whose plan is made again before
  // its first unit.
  RoundPruner(ProofTree* tree, int test, Knowledge knowledge, const std::vector<Position>& units,
              const std::vector<bool>& expected);

  // Whether `unit` is the first unit, not run yet, of the plan made with
  // every answer heard so far; if so, it is taken as run.
  bool Run(const Position& unit);

  // Whether `unit` was run (Run said yes) by this pruner: a unit skipped
  // and needed again later is the next round's, not a failure to retry.
  bool WasRun(const Position& unit) const;

  // A unit's answer: learnt, and compared with what the plan took for it.
  // A timed-out record teaches nothing and changes no plan.
  void Heard(const batch::ResultRecord& record);

 private:
  void Replan();
  // Takes a plan's units, in its order, and the answer it expects of each.
  void Adopt(const std::vector<Position>& units, const std::vector<bool>& expected);

  ProofTree* tree_;
  int test_;
  Knowledge knowledge_;
  std::map<batch::QuestionKey, bool> expected_;  // the plan's units, and the answer it expects
  std::vector<batch::QuestionKey> order_;        // the plan's units in its order
  std::size_t next_ = 0;                         // order_'s first unit that may not have run
  std::set<batch::QuestionKey> run_;
  bool stale_;                                   // an answer contradicted the plan
};

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_ROUND_PRUNER_H_
