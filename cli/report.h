// How solve results are shown: the table rows and JSON lines, shared by
// `solve` and `bench` (the check against a file's answers is
// solver/answer_check.h).
#ifndef ENDSOLVE_CLI_REPORT_H_
#define ENDSOLVE_CLI_REPORT_H_

#include <string>
#include <string_view>

#include "board/arguments.h"
#include "board/notation.h"
#include "board/position.h"
#include "solver/answer_check.h"
#include "solver/solver.h"

namespace endsolve::cli {

// The header line and one row of the results table.
std::string TableHeader(int id_width = kMinIdWidth);
std::string TableRow(const Position& position, const SolveResult& result, Verdict verdict,
                     int id_width = kMinIdWidth);

// One JSON object (a line, without newline) with the keys documented in
// README: id, empties, best_move, score, expected_score, ok, pv, leaves,
// internal_nodes, nodes, presearch_nodes, seconds.
std::string JsonLine(const Position& position, const SolveResult& result, Verdict verdict);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_REPORT_H_
