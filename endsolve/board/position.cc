#include "endsolve/board/position.h"

namespace endsolve {

// Walks the squares in file order (A1 first) and spells each one.
std::string Position::BoardString() const {
  std::string s(kNumSquares, '-');
  const Bitboard black = Black();
  const Bitboard white = White();
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (black & SquareBit(sq)) s[sq] = 'X';
    else if (white & SquareBit(sq)) s[sq] = 'O';
  }
  return s;
}

}  // namespace endsolve
