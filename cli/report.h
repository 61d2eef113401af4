// How solve results are shown: the table rows and JSON lines, shared by
// `solve` and `bench` (the check against a file's answers is
// solver/answer_check.h).
#ifndef ENDSOLVE_CLI_REPORT_H_
#define ENDSOLVE_CLI_REPORT_H_

#include <string>

#include "board/position.h"
#include "solver/answer_check.h"
#include "solver/solver.h"

namespace endsolve::cli {

// "+38", "-2", "+0": scores are signed, as in the .obf answers.
std::string FormatScore(int score);
// The PV as upper-case squares separated by spaces, "PS" for passes.
std::string FormatPv(const std::vector<int>& pv);

// The header line and one row of the results table.
std::string TableHeader();
std::string TableRow(const Position& position, const SolveResult& result, Verdict verdict);

// One JSON object (a line, without newline) with the keys documented in
// README: id, empties, best_move, score, expected_score, ok, pv, leaves,
// internal_nodes, nodes, presearch_nodes, seconds.
std::string JsonLine(const Position& position, const SolveResult& result, Verdict verdict);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_REPORT_H_
