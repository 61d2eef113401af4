// The rows of the benchmarks' tables as JSON (`endsolve bench ... --json`):
// one object a row, its keys in the order of the CSV columns where the
// benchmark writes CSV, so that a script reads either the same way.
#ifndef ENDSOLVE_BENCH_JSON_ROWS_H_
#define ENDSOLVE_BENCH_JSON_ROWS_H_

#include <string>
#include <vector>

#include "endsolve/bench/ablation.h"
#include "endsolve/bench/runner.h"
#include "endsolve/bench/scaling.h"
#include "endsolve/bench/virtual_scaling.h"
#include "endsolve/board/position.h"

namespace endsolve::bench {

// bench ffo: a position's medians (kBenchCsvHeader's columns).
std::vector<std::string> BenchJsonRows(const std::vector<Position>& positions,
                                       const BenchSummary& summary, int threads);
// bench scaling: a thread count's medians against the first count's
// (kScalingCsvHeader's columns; with --verbose, where the threads spent
// their time).
std::vector<std::string> ScalingJsonRows(const std::vector<ScalingRow>& rows);
// bench scaling --virtual: a count's predicted time in nodes, then each
// count's positions (objects with an "id"): their ticks, speedup and nodes.
std::vector<std::string> VirtualJsonRows(const std::vector<VirtualRow>& rows);
// bench ablation: a variant's nodes and time over every position.
std::vector<std::string> AblationJsonRows(const std::vector<AblationRow>& rows);

}  // namespace endsolve::bench

#endif  // ENDSOLVE_BENCH_JSON_ROWS_H_
