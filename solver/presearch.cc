#include "solver/presearch.h"

#include <algorithm>
#include <climits>

#include "solver/eval_order.h"
#include "solver/fast_rules.h"
#include "solver/move_order.h"
#include "solver/search.h"

namespace endsolve::search {
namespace {

constexpr int kEvalInfinity = EvalUnits(kNumSquares + 1);

}  // namespace

// Each iteration searches the previous one's best root move first.
PresearchIteration Presearch::Run(
    const Board& board, int max_depth,
    const std::function<void(const PresearchIteration&)>& on_iteration) {
  state_ = eval::PatternState::FromBoard(board.player, board.opponent);
  PresearchIteration iteration;
  const int depth_limit = std::min(max_depth, board.EmptyCount());
  for (int depth = 1; depth <= depth_limit; ++depth) {
    int move = kNoMove;
    iteration.value = Node(board.player, board.opponent, /*a_to_move=*/true, depth,
                           -kEvalInfinity, kEvalInfinity, iteration.best_move, &move);
    iteration.depth = depth;
    iteration.best_move = move;
    iteration.nodes = nodes_;
    if (on_iteration) on_iteration(iteration);
  }
  return iteration;
}

// Below the root the moves are ordered by the static evaluation of the
// child (nodes with one ply left evaluate every child anyway, so they take
// the moves as they come).
int Presearch::Node(Bitboard player, Bitboard opponent, bool a_to_move, int depth, int alpha,
                    int beta, int first, int* best_move) {
  ++nodes_;
  *best_move = kNoMove;
  const Bitboard moves = fast::Moves(player, opponent);
  if (moves == 0) {
    if (fast::Moves(opponent, player) == 0) return EvalUnits(FinalScore(player, opponent));
    int ignored;
    *best_move = kPass;
    return -Node(opponent, player, !a_to_move, depth, -beta, -alpha, kNoMove, &ignored);
  }
  const int empties = PopCount(~(player | opponent));
  if (depth == 0) return evaluator_->Evaluate(state_, empties, a_to_move);

  ScoredMove list[kMaxMoves];
  int count = 0;
  for (Bitboard rest = moves; rest != 0;) {
    const int x = PopFirstSquare(rest);
    const Bitboard flipped = fast::Flips(player, opponent, x);
    ScoredMove& m = list[count++];
    m.player = opponent ^ flipped;
    m.opponent = player ^ flipped ^ SquareBit(x);
    m.square = x;
    m.key = 0;
    if (x == first) {
      m.key = INT_MAX;
    } else if (depth >= 2) {
      state_.Play(x, flipped, a_to_move);
      m.key = -evaluator_->Evaluate(state_, empties - 1, !a_to_move);
      state_.Undo(x, flipped, a_to_move);
    }
  }

  int best = -kEvalInfinity;
  int a = alpha;
  for (int i = 0; i < count; ++i) {
    SelectBest(list, i, count);
    const ScoredMove& m = list[i];
    const Bitboard flipped = m.player ^ opponent;
    int ignored;
    state_.Play(m.square, flipped, a_to_move);
    int value;
    if (i == 0) {
      value = -Node(m.player, m.opponent, !a_to_move, depth - 1, -beta, -a, kNoMove, &ignored);
    } else {
      value = -Node(m.player, m.opponent, !a_to_move, depth - 1, -a - 1, -a, kNoMove, &ignored);
      if (value > a && value < beta) {
        value = -Node(m.player, m.opponent, !a_to_move, depth - 1, -beta, -a, kNoMove, &ignored);
      }
    }
    state_.Undo(m.square, flipped, a_to_move);
    if (value > best) {
      best = value;
      *best_move = m.square;
      if (best >= beta) break;
      a = std::max(a, best);
    }
  }
  return best;
}

}  // namespace endsolve::search
