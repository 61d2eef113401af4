#include "tests/board/reference_rules.h"

namespace endsolve::reference {

Bitboard Flips(Bitboard player, Bitboard opponent, int square) {
  if ((player | opponent) & SquareBit(square)) return 0;
  Bitboard flipped = 0;
  for (int dc = -1; dc <= 1; ++dc) {
    for (int dr = -1; dr <= 1; ++dr) {
      if (dc == 0 && dr == 0) continue;
      Bitboard line = 0;
      int c = Column(square) + dc;
      int r = Row(square) + dr;
      while (c >= 0 && c < 8 && r >= 0 && r < 8 && (opponent & SquareBit(r * 8 + c))) {
        line |= SquareBit(r * 8 + c);
        c += dc;
        r += dr;
      }
      if (c >= 0 && c < 8 && r >= 0 && r < 8 && (player & SquareBit(r * 8 + c))) {
        flipped |= line;
      }
    }
  }
  return flipped;
}

Bitboard LegalMoves(Bitboard player, Bitboard opponent) {
  Bitboard moves = 0;
  for (int s = 0; s < 64; ++s) {
    if (Flips(player, opponent, s) != 0) moves |= SquareBit(s);
  }
  return moves;
}

int FinalScore(Bitboard player, Bitboard opponent) {
  int own = 0, theirs = 0, empty = 0;
  for (int s = 0; s < 64; ++s) {
    if (player & SquareBit(s)) ++own;
    else if (opponent & SquareBit(s)) ++theirs;
    else ++empty;
  }
  if (own > theirs) return own - theirs + empty;
  if (own < theirs) return own - theirs - empty;
  return 0;
}

Board RandomPosition(std::mt19937_64& rng, int plies) {
  Board board = Board::Initial();
  for (int i = 0; i < plies; ++i) {
    Bitboard moves = LegalMoves(board.player, board.opponent);
    if (moves == 0) {
      if (LegalMoves(board.opponent, board.player) == 0) break;
      board = board.Pass();
      continue;
    }
    int pick = static_cast<int>(rng() % static_cast<unsigned>(PopCount(moves)));
    int square = PopFirstSquare(moves);
    while (pick-- > 0) square = PopFirstSquare(moves);
    const Bitboard flipped = Flips(board.player, board.opponent, square);
    board = {board.opponent ^ flipped, board.player ^ flipped ^ SquareBit(square)};
  }
  return board;
}

}  // namespace endsolve::reference
