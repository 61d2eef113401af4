#include "endsolve/solver/presearch.h"

#include <algorithm>
#include <vector>

#include "endsolve/board/fast_rules.h"
#include "endsolve/solver/eval_order.h"

namespace endsolve::search {
namespace {

constexpr int kEvalInfinity = EvalUnits(kNumSquares + 1);

// A root move and what the last iteration said of it (a fail-low value is
// an upper bound, still a fair key for the next iteration's order).
struct RootMove {
  int square;
  Bitboard flipped;
  Board child;
  int value;
};

}  // namespace

// Each iteration searches the root moves in the order of the previous one's
// values, the current best as alpha: the best move first makes the others
// fail low cheaply. Below the root the evaluation search takes the moves as
// they come, as the ordering searches do.
PresearchIteration RunPresearch(const Board& board, const eval::Evaluator& evaluator,
                                int max_depth,
                                const std::function<void(const PresearchIteration&)>& on_iteration) {
  EvalSearch search(&evaluator);
  std::vector<RootMove> moves;
  for (Bitboard rest = board.Moves(); rest != 0;) {
    const int x = PopFirstSquare(rest);
    const Bitboard flipped = fast::Flips(board.player, board.opponent, x);
    moves.push_back({x, flipped, board.Play(x), 0});
  }
  PresearchIteration iteration;
  const int depth_limit = std::min(max_depth, board.EmptyCount());
  for (int depth = 1; depth <= depth_limit; ++depth) {
    if (moves.empty()) {  // a pass, or the end of the game
      iteration.value = search.Value(board.player, board.opponent, depth, -kEvalInfinity,
                                     kEvalInfinity);
      iteration.best_move = board.OpponentMoves() != 0 ? kPass : kNoMove;
    } else {
      search.Reset(board.player, board.opponent);
      int best = -kEvalInfinity;
      for (RootMove& m : moves) {
        m.value = search.ChildValue(m.square, m.flipped, m.child.player, m.child.opponent,
                                    depth - 1, best, kEvalInfinity);
        if (m.value > best) {
          best = m.value;
          iteration.best_move = m.square;
        }
      }
      iteration.value = best;
      std::stable_sort(moves.begin(), moves.end(),
                       [](const RootMove& a, const RootMove& b) { return a.value > b.value; });
    }
    iteration.depth = depth;
    iteration.nodes = search.nodes();
    if (on_iteration) on_iteration(iteration);
  }
  return iteration;
}

}  // namespace endsolve::search
