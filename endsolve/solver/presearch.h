// The presearch: iterative deepening with the pattern evaluation at the
// root, before the exact passes. Its last value, rounded to an even score,
// is the first MTD(f) guess (solver.cc); each iteration is reported as
// progress, so that the user of a long solve sees the engine's belief (an
// estimate, not a proof) within a second.
//
// It leaves nothing in the transposition table. Storing its best moves there
// (as entries with the trivial bounds [-64, 64], which order the exact
// search and cannot cut it) was measured and dropped: it saved nodes on FFO
// #40-#44 and cost more on #45-#49, because a move that is best by the
// evaluation at a node, put first ahead of the fastest-first key, often has
// the larger proof tree (endsolve/bench/results/solver-ordering.md, "Presearch").
//
// As with the ordering searches, the presearch's positions are not nodes of
// the solve; SolveResult::presearch_nodes counts them apart, and its time is
// in the solve's.
#ifndef ENDSOLVE_SOLVER_PRESEARCH_H_
#define ENDSOLVE_SOLVER_PRESEARCH_H_

#include <cstdint>
#include <functional>

#include "endsolve/board/board.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/solver/settings.h"

namespace endsolve::search {

// One finished iteration.
struct PresearchIteration {
  int depth = 0;
  int value = 0;            // evaluation units, for the side to move at the root
  int best_move = kNoMove;  // kPass when the side to move must pass, kNoMove when the game is over
  std::uint64_t nodes = 0;  // positions visited so far, all iterations
};

// The presearch runs from kPresearchMinEmpties empties, to
// kPresearchDepth plies (settings.h).

// Iterative deepening of `board` from 1 to `max_depth` plies (fewer when
// the game ends sooner), each iteration an EvalSearch (eval_order.h) of
// every root move, the best of the previous iteration first; calls
// `on_iteration` (when set) after each. Returns the last iteration.
PresearchIteration RunPresearch(const Board& board, const eval::Evaluator& evaluator,
                                int max_depth,
                                const std::function<void(const PresearchIteration&)>& on_iteration);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_PRESEARCH_H_
