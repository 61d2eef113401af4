// Perft: counts the nodes of the full game tree to a fixed depth, under the
// counting convention of endsolve/board/node_counts.h.
#ifndef ENDSOLVE_BOARD_PERFT_H_
#define ENDSOLVE_BOARD_PERFT_H_

#include <atomic>

#include "endsolve/board/board.h"
#include "endsolve/board/node_counts.h"

namespace endsolve {

// The deepest perft `endsolve perft` and the Python module's perft()
// accept: 60 plies already lie far beyond any count that can finish.
inline constexpr int kMaxPerftDepth = 60;

// The nodes of the game tree from `board` (itself included) down to `depth`
// plies. With `cancel`, polled at the nodes 3 plies or more above the depth
// (one in some hundred nodes, so well under a millisecond apart), a true
// *cancel stops the count: the counts returned are then partial, and the
// caller that set it knows. Without one the count is compiled as before.
NodeCounts Perft(const Board& board, int depth, const std::atomic<bool>* cancel = nullptr);

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_PERFT_H_
