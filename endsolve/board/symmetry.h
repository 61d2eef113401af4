// The eight symmetries of the board (the dihedral group of the square).
//
// Symmetry k, for k in 0..7, is the composition of three reflections chosen
// by its bits: bit 0 mirrors the columns (A <-> H), bit 1 mirrors the rows
// (1 <-> 8), bit 2 transposes along the A1-H8 diagonal, applied in that order.
// Symmetry 0 is the identity. Othello's rules commute with all eight, so a
// position and its images have the same score and corresponding best moves.
#ifndef ENDSOLVE_BOARD_SYMMETRY_H_
#define ENDSOLVE_BOARD_SYMMETRY_H_

#include <compare>

#include "endsolve/board/bitboard.h"
#include "endsolve/board/board.h"

namespace endsolve {

inline constexpr int kNumSymmetries = 8;

Bitboard MirrorColumns(Bitboard b);
Bitboard MirrorRows(Bitboard b);
Bitboard TransposeDiagonal(Bitboard b);

Bitboard Transform(Bitboard b, int symmetry);
int TransformSquare(int square, int symmetry);
Board Transform(const Board& board, int symmetry);

// The image of `board` under the symmetry that makes (player, opponent)
// smallest, used to recognise the same position in another orientation.
// `symmetry`, when given, receives the symmetry that was applied.
Board Canonical(const Board& board, int* symmetry = nullptr);

// A position up to symmetry: the canonical image of the board, seen from the
// side to move. Two positions with equal keys have the same score, and their
// moves correspond through SymmetryBetween.
struct PositionKey {
  Bitboard player = 0;
  Bitboard opponent = 0;
  friend auto operator<=>(const PositionKey&, const PositionKey&) = default;
};
PositionKey KeyOf(const Board& board);

// The symmetry s (0..7) with Transform(from, s) == to, or -1 when `to` is no
// image of `from`. A move m of `from` is TransformSquare(m, s) in `to`.
int SymmetryBetween(const Board& from, const Board& to);

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_SYMMETRY_H_
