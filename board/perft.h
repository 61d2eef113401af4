// Perft: counts the nodes of the full game tree to a fixed depth.
//
// The counting convention, shared with the solver and the benchmarks: a node
// is a leaf when the depth reaches 0 or the game is over; every other node
// visited is internal; a pass is a node that uses one ply.
#ifndef ENDSOLVE_BOARD_PERFT_H_
#define ENDSOLVE_BOARD_PERFT_H_

#include <cstdint>

#include "board/board.h"

namespace endsolve {

struct NodeCounts {
  std::uint64_t leaves = 0;
  std::uint64_t internal = 0;
  std::uint64_t total() const { return leaves + internal; }
  NodeCounts& operator+=(const NodeCounts& o) {
    leaves += o.leaves;
    internal += o.internal;
    return *this;
  }
};

NodeCounts Perft(const Board& board, int depth);

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_PERFT_H_
