// The obviously correct rules, square by square: the oracle the fast
// bitboard code in board/ is tested against. Slow on purpose.
#ifndef ENDSOLVE_TESTS_BOARD_REFERENCE_RULES_H_
#define ENDSOLVE_TESTS_BOARD_REFERENCE_RULES_H_

#include <random>

#include "endsolve/board/board.h"

namespace endsolve::reference {

// Walks each of the eight directions from `square` one square at a time.
Bitboard Flips(Bitboard player, Bitboard opponent, int square);
// Every empty square with a non-empty Flips().
Bitboard LegalMoves(Bitboard player, Bitboard opponent);
// Counts discs one square at a time; empties go to the winner.
int FinalScore(Bitboard player, Bitboard opponent);

// A position reached by `plies` random legal moves (passes included) from
// the initial position, stopping early if the game ends.
Board RandomPosition(std::mt19937_64& rng, int plies);

}  // namespace endsolve::reference

#endif  // ENDSOLVE_TESTS_BOARD_REFERENCE_RULES_H_
