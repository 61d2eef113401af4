// The principal variation: from a position whose score (or a bound on it)
// the search has proven, a line of play to the end of the game that keeps
// it, each move proven by a search on the same table. Solve (solver.h)
// walks it after the root search; the table holds most of the tree by then,
// so the walk costs a few thousand nodes (SolveResult::pv_nodes).
#ifndef ENDSOLVE_SOLVER_PV_H_
#define ENDSOLVE_SOLVER_PV_H_

#include <vector>

#include "absl/status/status.h"
#include "endsolve/board/board.h"
#include "endsolve/solver/search.h"

namespace endsolve::search {

// What the line must achieve from a position, for the side to move there:
// exactly a score, at least one, or at most one.
enum class PvGoal { kExact, kAtLeast, kAtMost };

// The goal of the same line one ply later, for the other side.
constexpr PvGoal Flip(PvGoal goal) {
  switch (goal) {
    case PvGoal::kAtLeast: return PvGoal::kAtMost;
    case PvGoal::kAtMost: return PvGoal::kAtLeast;
    default: return PvGoal::kExact;
  }
}

// Appends to *pv a line from `board` to the end of the game (kPass for a
// pass) along which `goal` holds with `score` for the side to move at
// `board`. At each position the moves are tried in the searcher's order
// (the table's move first) until a search proves one that keeps the goal:
//   exact s:    a move whose child is worth exactly -s (window (-s - 1, -s + 1));
//   at least L: a move whose child is worth at most -L (a null window);
//   at most U:  any move keeps it; the first in order.
// Returns OK with the line complete; Cancelled when the searcher stopped
// (a limit, or a cancel) before the end; Internal when no move keeps the
// goal at some position, which means the goal was not true there: `pv`
// then holds the line up to that position, and the error names it. The
// searcher's counts hold the walk's nodes.
absl::Status WalkPv(Board board, int score, PvGoal goal, Searcher& searcher,
                    std::vector<int>* pv);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_PV_H_
