// Perft: counts the nodes of the full game tree to a fixed depth, under the
// counting convention of board/node_counts.h.
#ifndef ENDSOLVE_BOARD_PERFT_H_
#define ENDSOLVE_BOARD_PERFT_H_

#include "endsolve/board/board.h"
#include "endsolve/board/node_counts.h"

namespace endsolve {

// The deepest perft `endsolve perft` and the Python module's perft()
// accept: 60 plies already lie far beyond any count that can finish.
inline constexpr int kMaxPerftDepth = 60;

// The nodes of the game tree from `board` (itself included) down to `depth`
// plies.
NodeCounts Perft(const Board& board, int depth);

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_PERFT_H_
