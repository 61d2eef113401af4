// The game rules on bitboards.
//
// A Board is seen from the side to move: `player` holds the discs of the side
// to move, `opponent` the other side's. Which colour that is lives outside
// (see position.h); the rules and the search never need it. Playing a move or
// passing swaps the two sets, so the search is a plain negamax.
#ifndef ENDSOLVE_BOARD_BOARD_H_
#define ENDSOLVE_BOARD_BOARD_H_

#include <cassert>

#include "endsolve/board/bitboard.h"

namespace endsolve {

// The squares where the side owning `player` may move: empty squares that
// bracket at least one line of `opponent` discs with a `player` disc.
Bitboard LegalMoves(Bitboard player, Bitboard opponent);

// The opponent discs flipped when the side owning `player` moves on the empty
// square `square`. Empty when the move is illegal.
Bitboard Flips(Bitboard player, Bitboard opponent, int square);

// The final disc difference for `player` when the game ends here. Empty
// squares go to the winner, the rule of the FFO answers and of the World
// Othello Federation; a draw stays 0.
constexpr int FinalScore(Bitboard player, Bitboard opponent) {
  const int own = PopCount(player);
  const int theirs = PopCount(opponent);
  const int empties = kNumSquares - own - theirs;
  const int diff = own - theirs;
  if (diff > 0) return diff + empties;
  if (diff < 0) return diff - empties;
  return 0;
}

// The most legal moves a position can have: 33 is the known maximum in a
// reachable position; 40 leaves room, and keeps a move list on the stack
// small (the search keeps one a node). Every move list of the project is
// this long.
inline constexpr int kMaxMoves = 40;

struct Board {
  Bitboard player = 0;
  Bitboard opponent = 0;

  // The standard start: black (to move) on D5 and E4, white on D4 and E5.
  static constexpr Board Initial() {
    return {SquareBit(28) | SquareBit(35), SquareBit(27) | SquareBit(36)};
  }

  constexpr Bitboard Empties() const { return ~(player | opponent); }
  constexpr int EmptyCount() const { return PopCount(Empties()); }
  Bitboard Moves() const { return LegalMoves(player, opponent); }
  Bitboard OpponentMoves() const { return LegalMoves(opponent, player); }

  // The board after the side to move plays `square`, which must be legal.
  Board Play(int square) const {
    const Bitboard flipped = Flips(player, opponent, square);
    assert(flipped != 0 && (Empties() & SquareBit(square)));
    return PlayFlips(square, flipped);
  }
  // As Play(), with the flips already computed by the caller.
  constexpr Board PlayFlips(int square, Bitboard flipped) const {
    return {opponent ^ flipped, player ^ flipped ^ SquareBit(square)};
  }
  constexpr Board Pass() const { return {opponent, player}; }

  // True when neither side can move.
  bool IsGameOver() const { return Moves() == 0 && OpponentMoves() == 0; }
  constexpr int FinalScore() const { return endsolve::FinalScore(player, opponent); }

  friend constexpr bool operator==(const Board&, const Board&) = default;
};

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_BOARD_H_
