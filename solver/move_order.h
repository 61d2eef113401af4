// Move ordering: the keys by which the search sorts the moves of a node,
// best first. Alpha-beta visits the fewest nodes when the best move comes
// first; every term here is a cheap guess at which move that is.
//
// The full key (Searcher::ScoreMoves) is a sum of switchable terms, largest
// weight first:
//   TT move       the table's best move: always first
//   killers       recent refutations at the same ply
//   fastest-first the opponent's replies after the move, corners counted
//                 twice (fewer replies: a smaller tree, and often a better
//                 move), then the opponent's potential mobility
//   history       Schaeffer's credits of the square
//   parity        a move into a quadrant with an odd number of empties keeps
//                 the last move of that region for the side to move
//   (seam)        an evaluation term joins here in a later issue
#ifndef ENDSOLVE_SOLVER_MOVE_ORDER_H_
#define ENDSOLVE_SOLVER_MOVE_ORDER_H_

#include <array>
#include <bit>
#include <utility>

#include "board/bitboard.h"
#include "solver/fast_rules.h"

namespace endsolve::search {

// One candidate move with the position it leads to, seen from the opponent
// (who moves next there), and its ordering key.
struct ScoredMove {
  Bitboard player;    // the child's side to move: our opponent, flips removed
  Bitboard opponent;  // our discs, flips and the new disc added
  int square;
  int key;
};

inline constexpr Bitboard kCorners = 0x8100000000000081ULL;
// Squares diagonally next to an empty corner (X squares) and next to it on
// an edge (C squares): playing them tends to give the corner away.
inline constexpr Bitboard kXSquares = 0x0042000000004200ULL;
inline constexpr Bitboard kCSquares = 0x4281000000008142ULL;

// --- Key weights. Each term's range stays below the next weight up, so a
// term only breaks ties of the terms above it. ---
inline constexpr int kTTMoveKey = 1 << 30;
inline constexpr int kKillerKey = 1 << 29;  // minus the killer's slot
// Mobility counts up to ~33 + 4 corners; 37 * 2^20 < 2^26 stays far below
// the killers.
inline constexpr int kMobilityWeight = 1 << 20;
// An opponent left without a move passes: the best we can hope for in
// fastest-first terms, worth more than any mobility count.
inline constexpr int kOpponentPassesBonus = 40 * kMobilityWeight;
// Potential mobility counts up to ~40.
inline constexpr int kPotentialMobilityWeight = 1 << 19;
// Corner stability counts up to 12.
inline constexpr int kCornerStabilityWeight = 1 << 18;
// Parity, history and the static square class break the remaining ties.
inline constexpr int kParityBonus = 1 << 19;
inline constexpr int kHistoryWeight = 1 << 16;  // times bit_width(credits) <= 64
inline constexpr int kCornerBonus = 1 << 4;
inline constexpr int kXCSquarePenalty = 1 << 3;

// Quadrants: A1-D4, E1-H4, A5-D8, E5-H8. Bit q of a parity word is set when
// quadrant q holds an odd number of empty squares.
inline constexpr std::array<Bitboard, 4> kQuadrants = {
    0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL, 0x0F0F0F0F00000000ULL,
    0xF0F0F0F000000000ULL};

constexpr unsigned QuadrantBit(int square) {
  return 1u << ((Row(square) >> 2) * 2 + (Column(square) >> 2));
}

constexpr unsigned ParityOf(Bitboard empties) {
  unsigned parity = 0;
  for (int q = 0; q < 4; ++q) parity |= static_cast<unsigned>(PopCount(empties & kQuadrants[q]) & 1) << q;
  return parity;
}

// The squares of the quadrants whose bit is set in `parity`.
inline constexpr std::array<Bitboard, 16> kParityMasks = [] {
  std::array<Bitboard, 16> masks{};
  for (unsigned parity = 0; parity < 16; ++parity) {
    for (int q = 0; q < 4; ++q) {
      if (parity >> q & 1) masks[parity] |= kQuadrants[q];
    }
  }
  return masks;
}();

// Our discs that are stable thanks to a corner: the corners we own and the
// edge squares next to them (C squares) that we own too. A cheap proxy for
// stability, which takes lines away from the opponent for good.
inline int CornerStability(Bitboard own) {
  const Bitboard corners = own & kCorners;
  const Bitboard beside = ((corners & 0x0100000000000001ULL) << 1) |
                          ((corners & 0x8000000000000080ULL) >> 1) |
                          ((corners & 0x0000000000000081ULL) << 8) |
                          ((corners & 0x8100000000000000ULL) >> 8);
  return PopCount(corners | (beside & own));
}

// The fastest-first term: minus the opponent's replies (corners twice) and,
// at a lower weight, minus the opponent's potential mobility (the empty
// squares next to our discs).
inline int FastestFirstKey(Bitboard child_player, Bitboard child_opponent) {
  const Bitboard replies = fast::Moves(child_player, child_opponent);
  if (replies == 0) return kOpponentPassesBonus;
  const int weighted = PopCount(replies) + 2 * PopCount(replies & kCorners);
  const int potential =
      fast::PotentialMobility(child_opponent, ~(child_player | child_opponent));
  return -weighted * kMobilityWeight - potential * kPotentialMobilityWeight +
         CornerStability(child_opponent) * kCornerStabilityWeight;
}

// A static preference for the square itself: corners are good, X and C
// squares next to an empty corner are usually bad.
constexpr int SquareKey(int square) {
  const Bitboard bit = SquareBit(square);
  if (bit & kCorners) return kCornerBonus;
  if (bit & (kXSquares | kCSquares)) return -kXCSquarePenalty;
  return 0;
}

// Moves the highest-key move of moves[first..count) to position `first`
// (one step of a selection sort: most nodes cut off after one or two moves,
// so sorting everything up front would be wasted work).
inline void SelectBest(ScoredMove* moves, int first, int count) {
  int best = first;
  for (int i = first + 1; i < count; ++i) {
    if (moves[i].key > moves[best].key) best = i;
  }
  if (best != first) std::swap(moves[first], moves[best]);
}

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_MOVE_ORDER_H_
