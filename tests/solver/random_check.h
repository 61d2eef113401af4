// The random-endgame check of Solve(), shared by the sequential tests
// (solver_test.cc) and the parallel ones (parallel_solver_test.cc): each
// position is solved exactly and checked by the oracle (score, best move,
// pv), then solved again as WLD or with a narrow window placed below,
// around or above the score, and checked against the exact score.
#ifndef ENDSOLVE_TESTS_SOLVER_RANDOM_CHECK_H_
#define ENDSOLVE_TESTS_SOLVER_RANDOM_CHECK_H_

#include <cstdint>
#include <vector>

#include "endsolve/board/board.h"
#include "endsolve/solver/solver.h"

namespace endsolve::testing {

// The feature combinations the random tests rotate through: the defaults,
// everything off, and mixes that switch on what the defaults leave off.
std::vector<SearchFeatures> FeatureSets();

// Checks one position. `base` gives the options that are not the point of
// the check (threads, split threshold); its table, features, window and
// WLD flag are replaced. `index` picks WLD or the window's width and side.
void CheckPosition(const Board& board, const SearchFeatures& features, int index,
                   TranspositionTable* table, const SolveOptions& base = {});

// Checks `count` positions with `empties` empty squares drawn from `seed`
// (a quarter of them under a sanitizer: tests/sanitized_share.h), rotating
// through FeatureSets(), on one 2 MiB table.
void CheckRandomPositions(int empties, int count, std::uint64_t seed,
                          const SolveOptions& base = {});

}  // namespace endsolve::testing

#endif  // ENDSOLVE_TESTS_SOLVER_RANDOM_CHECK_H_
