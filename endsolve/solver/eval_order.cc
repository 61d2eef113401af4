#include "endsolve/solver/eval_order.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include "endsolve/board/board.h"
#include "endsolve/board/fast_rules.h"
#include "endsolve/eval/fast_evaluate.h"

namespace endsolve::search {

int EvalSearch::ChildValue(int square, Bitboard flipped, Bitboard child_player,
                           Bitboard child_opponent, int depth, int alpha, int beta) {
  const eval::PatternState parent = state_;
  state_.Play(square, flipped, /*a_moves=*/true);
  ClearKillers();
  const int value = -Search(child_player, child_opponent, /*a_to_move=*/false, depth, -beta, -alpha);
  state_ = parent;  // a copy (96 bytes then, 192 now) cost less than undoing Play
  return value;
}

int EvalSearch::Value(Bitboard player, Bitboard opponent, int depth, int alpha, int beta) {
  Reset(player, opponent);
  ClearKillers();
  return Search(player, opponent, /*a_to_move=*/true, depth, alpha, beta);
}

double EvalSearchDiscs(const eval::Evaluator& evaluator, Bitboard player, Bitboard opponent,
                       int depth) {
  EvalSearch search(&evaluator);
  const int units = search.Value(player, opponent, depth, -EvalUnits(kNumSquares + 1),
                                 EvalUnits(kNumSquares + 1));
  return std::round(100.0 * units / eval::kUnitsPerDisc) / 100.0;
}

int EvalSearch::Search(Bitboard player, Bitboard opponent, bool a_to_move, int depth, int alpha,
                       int beta) {
  assert(depth <= kMaxEvalSearchDepth);
  ++nodes_;
  const int empties = PopCount(~(player | opponent));
  Bitboard moves = fast::Moves(player, opponent);
  if (moves == 0) {
    if (fast::Moves(opponent, player) == 0) return EvalUnits(FinalScore(player, opponent));
    return -Search(opponent, player, !a_to_move, depth, -beta, -alpha);
  }
  if (depth == 0) return eval::fast::Evaluate(*evaluator_, state_, empties, a_to_move);
  int best = -EvalUnits(kNumSquares + 1);
  const eval::PatternState parent = state_;
  // Searches one child; true when it cuts the node off.
  auto search_child = [&](int square, Bitboard flipped, const Board& child) {
    state_.Play(square, flipped, a_to_move);
    const int value = -Search(child.player, child.opponent, !a_to_move, depth - 1, -beta,
                              -std::max(alpha, best));
    state_ = parent;
    if (value > best) best = value;
    return best >= beta;
  };
  if (depth >= kOrderedEvalSearchDepth) {
    if (cancel_ != nullptr && (stopped_ || cancel_->load(std::memory_order_relaxed))) {
      stopped_ = true;
      return 0;
    }
    // The children by their static value, the opponent's worst first.
    struct Child {
      int square;
      Bitboard flipped;
      Board board;
      int key;
    };
    std::array<Child, kNumSquares> children;
    int n = 0;
    while (moves != 0) {
      Child& c = children[static_cast<std::size_t>(n++)];
      c.square = PopFirstSquare(moves);
      c.flipped = fast::Flips(player, opponent, c.square);
      c.board = fast::Play(player, opponent, c.square, c.flipped);
      state_.Play(c.square, c.flipped, a_to_move);
      c.key = eval::fast::Evaluate(*evaluator_, state_, empties - 1, !a_to_move);
      state_ = parent;
    }
    // An insertion sort: stable (ties keep the square order, the same tree on
    // every run), and unlike std::stable_sort it takes no buffer from the heap.
    for (int i = 1; i < n; ++i) {
      const Child c = children[static_cast<std::size_t>(i)];
      int j = i;
      for (; j > 0 && c.key < children[static_cast<std::size_t>(j - 1)].key; --j) {
        children[static_cast<std::size_t>(j)] = children[static_cast<std::size_t>(j - 1)];
      }
      children[static_cast<std::size_t>(j)] = c;
    }
    for (int i = 0; i < n; ++i) {
      const Child& c = children[static_cast<std::size_t>(i)];
      if (search_child(c.square, c.flipped, c.board)) break;
    }
    return best;
  }
  // Too few plies left to pay for a sort: the killer first, then the
  // squares by a fixed preference that costs nothing, corners first and the
  // X and C squares last (as the table-less layer without fastest-first).
  // On FFO #58 the leaves evaluated fall from 225.7 M in square order to
  // 177.4 M, for the same nodes of the solve within 0.1% (the values
  // below the ordering searches' window are fail-soft bounds, which the
  // order may change): endsolve/bench/results/solver-node-rate.md.
  std::int8_t& killer = killers_[static_cast<std::size_t>(depth)];
  if (killer != kNoKiller && (moves & SquareBit(killer))) {
    const int x = killer;
    moves &= ~SquareBit(x);
    const Bitboard flipped = fast::Flips(player, opponent, x);
    if (search_child(x, flipped, fast::Play(player, opponent, x, flipped))) return best;
  }
  for (Bitboard rest : BySquareClass(moves)) {
    while (rest != 0) {
      const int x = PopFirstSquare(rest);
      const Bitboard flipped = fast::Flips(player, opponent, x);
      if (search_child(x, flipped, fast::Play(player, opponent, x, flipped))) {
        killer = static_cast<std::int8_t>(x);
        return best;
      }
    }
  }
  return best;
}

}  // namespace endsolve::search
