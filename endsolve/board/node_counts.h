// Node counts, and the counting convention that perft, the solver and the
// benchmarks share, so that their figures can be compared.
//
// A node is a leaf when the depth reaches 0 or the game is over; every other
// node visited is internal; a pass is a node that uses one ply. The solver
// counts with depth = "to the end of the game" (endsolve/solver/search.h).
#ifndef ENDSOLVE_BOARD_NODE_COUNTS_H_
#define ENDSOLVE_BOARD_NODE_COUNTS_H_

#include <cstdint>

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

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_NODE_COUNTS_H_
