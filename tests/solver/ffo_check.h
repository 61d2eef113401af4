// Solving FFO positions and checking them against their .obf answers.
#ifndef ENDSOLVE_TESTS_SOLVER_FFO_CHECK_H_
#define ENDSOLVE_TESTS_SOLVER_FFO_CHECK_H_

#include <string>

#include "endsolve/solver/solver.h"

namespace endsolve::testing {

// Solves the positions labelled #first..#last of ffo/`file` (read with
// positions/position_io.h) with the options `base` (by default the defaults)
// and a 64 MiB table cleared before each, and checks score, best move and
// pv.
void CheckFfoFile(const std::string& file, int first, int last, const SolveOptions& base = {});

// The last number of #first..#last that this build checks: the whole range
// in a plain build, its first quarter under a sanitizer
// (tests/sanitized_share.h), where the solver runs 30-70 times slower.
int LastForThisBuild(int first, int last);

}  // namespace endsolve::testing

#endif  // ENDSOLVE_TESTS_SOLVER_FFO_CHECK_H_
