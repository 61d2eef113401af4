// Bitboards and squares: the vocabulary every other file speaks.
//
// A bitboard is a 64-bit set of squares. Square A1 is bit 0, B1 bit 1, ...,
// H1 bit 7, A2 bit 8, ..., H8 bit 63: the order in which board strings list
// the squares, row by row. Shifting left by 1 moves a set one column right
// (towards H), shifting left by 8 moves it one row down the string (towards
// row 8).
#ifndef ENDSOLVE_BOARD_BITBOARD_H_
#define ENDSOLVE_BOARD_BITBOARD_H_

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace endsolve {

using Bitboard = std::uint64_t;

inline constexpr int kNumSquares = 64;
// Pseudo-moves stored where a square index is expected: a pass in a
// principal variation, and "no move known" in tables and results.
inline constexpr int kPass = 64;
inline constexpr int kNoMove = 65;

// A1, H1, A8 and H8: the squares no disc is ever flipped on, which move
// orderings weigh apart (endsolve/solver/move_order.h, endsolve/prove/proof_tree.cc).
inline constexpr Bitboard kCorners = 0x8100000000000081ULL;
// Squares diagonally next to a corner (X squares) and next to it on an
// edge (C squares): playing them while the corner is empty tends to give it
// away (endsolve/solver/move_order.h, endsolve/solver/eval_order.cc).
inline constexpr Bitboard kXSquares = 0x0042000000004200ULL;
inline constexpr Bitboard kCSquares = 0x4281000000008142ULL;

// `squares` in the three groups that move orderings try in turn when they
// know nothing better of the moves: the corners, the squares that are
// neither corners nor X nor C squares, then the X and C squares.
constexpr std::array<Bitboard, 3> BySquareClass(Bitboard squares) {
  return {squares & kCorners, squares & ~(kCorners | kXSquares | kCSquares),
          squares & (kXSquares | kCSquares)};
}

constexpr Bitboard SquareBit(int square) { return Bitboard{1} << square; }
constexpr int PopCount(Bitboard b) { return std::popcount(b); }
// The lowest-numbered square of a non-empty set.
constexpr int FirstSquare(Bitboard b) { return std::countr_zero(b); }
// Removes the lowest-numbered square from b and returns it; b must be non-empty.
constexpr int PopFirstSquare(Bitboard& b) {
  const int square = std::countr_zero(b);
  b &= b - 1;
  return square;
}
constexpr int Column(int square) { return square & 7; }
constexpr int Row(int square) { return square >> 3; }

// "A1".."H8" for squares, "PS" for kPass and "--" for kNoMove: the upper-case
// spelling of Edax's .obf answers.
std::string SquareName(int square);

// Parses "a1".."h8" in either case. Returns nullopt for anything else,
// including "PS".
std::optional<int> ParseSquare(std::string_view text);

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_BITBOARD_H_
