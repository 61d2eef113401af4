// Test oracles for the solver: the simplest code that can be trusted, built
// only on board/ (its Flips and LegalMoves), never on solver/.
#ifndef ENDSOLVE_TESTS_SOLVER_ORACLE_H_
#define ENDSOLVE_TESTS_SOLVER_ORACLE_H_

#include <cstdint>
#include <random>
#include <vector>

#include "endsolve/board/board.h"
#include "endsolve/board/perft.h"

namespace endsolve::testing {

// Plain fail-soft negamax alpha-beta: moves in square order, no table, no
// ordering. With the window (-65, 65) it returns the exact final score.
int OracleSearch(const Board& board, int alpha, int beta);
inline int OracleScore(const Board& board) { return OracleSearch(board, -65, 65); }

// A position with `empties` empty squares reached by uniformly random moves
// from the initial position (passing when forced). Games that end before
// reaching it are thrown away and replayed.
Board RandomPosition(std::mt19937_64& rng, int empties);

// Plays `pv` from `board` and returns the final score for the side to move
// at `board`. Fails the current test (and returns 999) when a move is
// illegal, a kPass is not forced, a forced pass is missing, or the pv stops
// before the game is over.
int PlayOut(const Board& board, const std::vector<int>& pv);

}  // namespace endsolve::testing

#endif  // ENDSOLVE_TESTS_SOLVER_ORACLE_H_
