// How solve results are shown: the table rows and JSON lines, shared by
// `solve` and `bench` (the check against a file's answers is
// solver/answer_check.h).
#ifndef ENDSOLVE_CLI_REPORT_H_
#define ENDSOLVE_CLI_REPORT_H_

#include <string>
#include <string_view>

#include "board/notation.h"
#include "board/position.h"
#include "solver/answer_check.h"
#include "solver/solver.h"

namespace endsolve::cli {

// `text` as one CSV field (RFC 4180): as it is, or in double quotes with
// its quotes doubled when it holds a comma, a quote or a line break, so that
// an id taken from a file name cannot break a row.
std::string CsvField(std::string_view text);

// The width of a table's id column for these positions: the longest id,
// at least kMinIdWidth, so that long ids (paths, line numbers) keep the
// other columns in line.
inline constexpr int kMinIdWidth = 8;
int IdColumnWidth(const std::vector<Position>& positions);

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
