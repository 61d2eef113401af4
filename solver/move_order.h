// Move ordering: the keys by which the search sorts the moves of a node,
// best first. Alpha-beta visits the fewest nodes when a move that cuts off
// comes first, and the cheapest such move when it has the smallest subtree;
// every term here is a cheap guess at that.
//
// The key (Searcher::ScoreMoves; the table-less layer in last_empties.cc
// uses only the replies and parity terms) is built from switchable terms:
//   TT move       the table's best move: always first
//   killers       recent refutations at the same ply, right after it
//   fastest-first minus the opponent's replies after the move, corners
//                 counted three times; minus the opponent's potential
//                 mobility; plus our discs made stable by a corner
//   parity        a move into a quadrant with an odd number of empties keeps
//                 the last move of that region for the side to move
//   history       Schaeffer's credits of the square
//   eval          from kEvalOrderMinEmpties up (search.h): the value of the
//                 move by a shallow evaluation search (eval_order.h), a
//                 disc worth a quarter of a reply (half from 18 empties)
// The fastest-first and parity weights were tuned together on node counts
// (solver/README.md): in units of 2^18, a reply costs 4 (a corner reply
// 12), a square of potential mobility 2, a stable disc at a corner is worth
// 1, odd parity 2.
#ifndef ENDSOLVE_SOLVER_MOVE_ORDER_H_
#define ENDSOLVE_SOLVER_MOVE_ORDER_H_

#include <array>
#include <bit>
#include <utility>

#include "endsolve/board/bitboard.h"
#include "endsolve/board/fast_rules.h"

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

// --- Key weights (see the top of the file) ---
inline constexpr int kTTMoveKey = 1 << 30;
inline constexpr int kKillerKey = 1 << 29;  // minus the killer's slot
// Weighted replies count up to about 33 + 8: 41 * 2^20 < 2^26, so every
// fastest-first key stays far below the killers.
inline constexpr int kMobilityWeight = 1 << 20;
// An opponent left without a move passes: the best we can hope for in
// fastest-first terms, worth more than any reply count.
inline constexpr int kOpponentPassesBonus = 42 * kMobilityWeight;
inline constexpr int kPotentialMobilityWeight = 1 << 19;
inline constexpr int kCornerStabilityWeight = 1 << 18;
inline constexpr int kParityBonus = 1 << 19;
// History credits are compared by their bit width (0..64): a move credited
// a thousand times more than another gains about 10 * 2^16, under one reply.
inline constexpr int kHistoryWeight = 1 << 16;
// The static square class breaks the last ties.
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

// The fastest-first term: minus the opponent's replies (corners three
// times), minus the opponent's potential mobility (the empty squares next
// to our discs), plus our corner stability.
inline int FastestFirstKey(Bitboard child_player, Bitboard child_opponent) {
  const Bitboard replies = fast::Moves(child_player, child_opponent);
  if (replies == 0) return kOpponentPassesBonus;
  const int weighted = PopCount(replies) + 2 * PopCount(replies & kCorners);
  const int potential =
      fast::PotentialMobility(child_opponent, ~(child_player | child_opponent));
  return -weighted * kMobilityWeight - potential * kPotentialMobilityWeight +
         CornerStability(child_opponent) * kCornerStabilityWeight;
}

// The replies term alone, for the table-less layer: there the subtrees are
// small, and potential mobility and corner stability cost more time than
// the nodes they save (solver/README.md).
inline int RepliesKey(Bitboard child_player, Bitboard child_opponent) {
  const Bitboard replies = fast::Moves(child_player, child_opponent);
  if (replies == 0) return kOpponentPassesBonus;
  return -(PopCount(replies) + 2 * PopCount(replies & kCorners)) * kMobilityWeight;
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
