// The tables and CSV of `endsolve bench ffo`, from the rows bench/ measures.
#ifndef ENDSOLVE_BENCH_REPORT_H_
#define ENDSOLVE_BENCH_REPORT_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "endsolve/bench/runner.h"
#include "endsolve/board/position.h"

namespace endsolve::bench {

// `text` as one CSV field (RFC 4180): as it is, or in double quotes with
// its quotes doubled when it holds a comma, a quote or a line break, so that
// an id taken from a file name cannot break a row.
std::string CsvField(std::string_view text);


// The per-position table and the totals line, ready to paste.
std::string FormatBenchTable(const std::vector<Position>& positions,
                             const BenchSummary& summary, int threads, int repeat);
// The first line of WriteBenchCsv's file, which tells it from a user's.
inline constexpr char kBenchCsvHeader[] =
    "id,threads,empties,best_move,score,expected,ok,median_nodes,median_seconds,leaves,"
    "internal_nodes";
// The table as CSV, written at once (WriteFileAtomically).
absl::Status WriteBenchCsv(const std::string& path, const std::vector<Position>& positions,
                           const BenchSummary& summary, int threads);

}  // namespace endsolve::bench

#endif  // ENDSOLVE_BENCH_REPORT_H_
