#include "endsolve/board/symmetry.h"

namespace endsolve {

// Reverses the bits of every byte, i.e. the columns of every row. Three
// rounds of swapping adjacent bits, pairs and nibbles do it for all eight
// rows at once.
Bitboard MirrorColumns(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  b = ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return b;
}

// Reverses the order of the rows: one row is one byte, so this is a byte swap.
Bitboard MirrorRows(Bitboard b) { return __builtin_bswap64(b); }  // std::byteswap is C++23

// Swaps square (row r, column c) with (row c, column r). The classic three
// delta swaps exchange the off-diagonal 4x4, then 2x2, then 1x1 blocks; the
// masks select the lower member of each pair and the shifts are the square
// distance between the members (28 = 4 rows - 4 columns, and so on).
Bitboard TransposeDiagonal(Bitboard b) {
  Bitboard t = (b ^ (b << 28)) & 0x0F0F0F0F00000000ULL;
  b ^= t ^ (t >> 28);
  t = (b ^ (b << 14)) & 0x3333000033330000ULL;
  b ^= t ^ (t >> 14);
  t = (b ^ (b << 7)) & 0x5500550055005500ULL;
  b ^= t ^ (t >> 7);
  return b;
}

// Applies the reflections chosen by the bits of `symmetry`, in the order the
// header documents.
Bitboard Transform(Bitboard b, int symmetry) {
  if (symmetry & 1) b = MirrorColumns(b);
  if (symmetry & 2) b = MirrorRows(b);
  if (symmetry & 4) b = TransposeDiagonal(b);
  return b;
}

// The image of one square, computed through its bitboard so that squares and
// sets can never disagree.
int TransformSquare(int square, int symmetry) {
  if (square < 0 || square >= kNumSquares) return square;
  return FirstSquare(Transform(SquareBit(square), symmetry));
}

Board Transform(const Board& board, int symmetry) {
  return {Transform(board.player, symmetry), Transform(board.opponent, symmetry)};
}

// Tries all eight images and keeps the one with the smallest (player,
// opponent) pair; ties keep the lowest symmetry number, so the choice is
// deterministic.
Board Canonical(const Board& board, int* symmetry) {
  Board best = board;
  int best_symmetry = 0;
  for (int s = 1; s < kNumSymmetries; ++s) {
    const Board image = Transform(board, s);
    if (image.player < best.player ||
        (image.player == best.player && image.opponent < best.opponent)) {
      best = image;
      best_symmetry = s;
    }
  }
  if (symmetry != nullptr) *symmetry = best_symmetry;
  return best;
}

// The canonical image's two sets: equal for all eight images of a position,
// and ordered, so that keys can index a std::map.
PositionKey KeyOf(const Board& board) {
  const Board canonical = Canonical(board);
  return {canonical.player, canonical.opponent};
}

// Eight tries; a board with symmetries of its own matches several, and any
// of them maps moves correctly, so the first is as good as the others.
int SymmetryBetween(const Board& from, const Board& to) {
  for (int s = 0; s < kNumSymmetries; ++s) {
    if (Transform(from, s) == to) return s;
  }
  return -1;
}

}  // namespace endsolve
