// What a running solve reports (SolveOptions::on_progress). Shared by the
// public solver (solver.h) and the searcher (search.h).
#ifndef ENDSOLVE_SOLVER_PROGRESS_H_
#define ENDSOLVE_SOLVER_PROGRESS_H_

#include <cstdint>

#include "absl/time/time.h"
#include "endsolve/board/bitboard.h"

namespace endsolve {

// A snapshot of a running solve, for live progress displays. The root is
// searched in passes, each over every root move; the root move counts are
// those of the current pass. Estimates come first, with iteration 0: the
// presearch reports each of its iterations with presearch_depth > 0, its
// estimate (an evaluation, not a proof) in bound = upper and its move in
// best_move, its positions (not nodes of the solve) in nodes; then each
// selective pass reports each root move with its ProbCut margin in
// `margin`, its best score so far (a selective value, not a proof) in
// bound and its move in best_move, and the solve's nodes. The exact passes
// follow with iteration 1, 2, ..., and what they report as bounds is proven.
// With SolveOptions::all_moves, the solves of the other moves that follow
// report too, with `scoring_move` set: their fields are turned to the
// root's side (bound and upper bound that move's score, or both its
// estimate; best_move is the move), while the passes and root moves counted
// are those of the move's solve. An estimate before the move's solve has
// one is not reported.
struct Progress {
  int iteration = 0;        // the exact pass, from 1; 0: the presearch or a selective pass
  int presearch_depth = 0;  // the presearch's iteration (plies), when iteration is 0
  int margin = 0;           // a selective pass's ProbCut margin (discs; wider high in the tree: search.h), when iteration is 0
  int root_moves_done = 0;
  int root_moves_total = 0;
  int best_move = kNoMove;  // the move that reaches `bound`, once one is proven
  int bound = -64;          // best score so far (a lower bound on the result)
  int upper = 64;           // an upper bound on the result proven so far
  std::uint64_t nodes = 0;  // of the whole solve, the moves scored so far included
  absl::Duration elapsed;
  int scoring_move = kNoMove;  // all_moves: the move being solved, after the root's own solve
  int moves_scored = 0;        // all_moves: moves with their exact score so far
  int moves_to_score = 0;      // all_moves: the legal moves
};

}  // namespace endsolve

#endif  // ENDSOLVE_SOLVER_PROGRESS_H_
