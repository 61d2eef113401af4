#include "endsolve/board/perft.h"

namespace endsolve {
namespace {

// A cancellable count polls its flag at the nodes this many plies or more
// above the depth: with bulk counting below, a poll every few hundred nodes.
constexpr int kCancelPollDepth = 3;

// Depth-first count. At depth 1 the children are leaves whatever they hold,
// so they are counted with one popcount instead of being played ("bulk
// counting"); the counts are the same as visiting them. kCancellable: polls
// *cancel (above) and returns at once once it is set; false compiles the
// count without it.
template <bool kCancellable>
void Count(const Board& board, int depth, NodeCounts& counts, const std::atomic<bool>* cancel) {
  if constexpr (kCancellable) {
    if (depth >= kCancelPollDepth && cancel->load(std::memory_order_relaxed)) return;
  }
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
    Count<kCancellable>(board.Pass(), depth - 1, counts, cancel);
    return;
  }
  ++counts.internal;
  if (depth == 1) {
    counts.leaves += PopCount(moves);
    return;
  }
  while (moves) {
    const int square = PopFirstSquare(moves);
    Count<kCancellable>(board.Play(square), depth - 1, counts, cancel);
  }
}

}  // namespace

NodeCounts Perft(const Board& board, int depth, const std::atomic<bool>* cancel) {
  NodeCounts counts;
  if (cancel != nullptr) {
    Count<true>(board, depth, counts, cancel);
  } else {
    Count<false>(board, depth, counts, nullptr);
  }
  return counts;
}

}  // namespace endsolve
