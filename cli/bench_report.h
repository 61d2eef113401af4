// The tables and CSV of `endsolve bench ffo`, from the rows bench/ measures.
#ifndef ENDSOLVE_CLI_BENCH_REPORT_H_
#define ENDSOLVE_CLI_BENCH_REPORT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "bench/runner.h"
#include "board/position.h"

namespace endsolve::cli {

// The per-position table and the totals line, ready to paste.
std::string FormatBenchTable(const std::vector<Position>& positions,
                             const bench::BenchSummary& summary, int threads, int repeat);
absl::Status WriteBenchCsv(const std::string& path, const std::vector<Position>& positions,
                           const bench::BenchSummary& summary, int threads);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_BENCH_REPORT_H_
