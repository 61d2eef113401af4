#include "endsolve/board/perft.h"

namespace endsolve {
namespace {

// Depth-first count. At depth 1 the children are leaves whatever they hold,
// so they are counted with one popcount instead of being played ("bulk
// counting"); the counts are the same as visiting them.
void Count(const Board& board, int depth, NodeCounts& counts) {
  if (depth == 0) {
    ++counts.leaves;
    return;
  }
  Bitboard moves = board.Moves();
  if (moves == 0) {
    if (board.OpponentMoves() == 0) {  // game over: a leaf at any depth
      ++counts.leaves;
      return;
    }
    ++counts.internal;
    Count(board.Pass(), depth - 1, counts);
    return;
  }
  ++counts.internal;
  if (depth == 1) {
    counts.leaves += PopCount(moves);
    return;
  }
  while (moves) {
    const int square = PopFirstSquare(moves);
    Count(board.Play(square), depth - 1, counts);
  }
}

}  // namespace

NodeCounts Perft(const Board& board, int depth) {
  NodeCounts counts;
  Count(board, depth, counts);
  return counts;
}

}  // namespace endsolve
