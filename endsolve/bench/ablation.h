// The ablation of the search: the same positions solved with each ordering
// feature and cutoff switched the other way from the defaults, one at a
// time, and the killer count varied. What `endsolve bench ablation`
// measures; endsolve/bench/results/solver-ordering.md's ablation tables come from it.
#ifndef ENDSOLVE_BENCH_ABLATION_H_
#define ENDSOLVE_BENCH_ABLATION_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/board/position.h"
#include "endsolve/solver/solver.h"

namespace endsolve::bench {

struct AblationVariant {
  std::string name;  // "defaults", "parity off", "killers 4", ...
  SearchFeatures features;
};

// The defaults first, then every feature switched, then the eval-based
// three together, then the other killer counts.
std::vector<AblationVariant> AblationVariants(const SearchFeatures& defaults = {});

struct AblationRow {
  std::string name;
  NodeCounts nodes;        // over all positions, one run each
  double seconds = 0;
  int wrong = 0;           // against the input's answers
};

// Solves every position once per variant with `options` (its table, or one
// made for the whole ablation, cleared before every solve); `on_start(v, i)` before each. Stops
// after the variant in progress when `cancel` is raised, returning the
// complete rows.
absl::StatusOr<std::vector<AblationRow>> MeasureAblation(
    const std::vector<Position>& positions, const SolveOptions& options,
    const std::vector<AblationVariant>& variants, const std::atomic<bool>& cancel,
    const std::function<void(int variant, int position)>& on_start = {});

// The Markdown table: variant, nodes, internal nodes, time, nodes against
// the first row, wrong answers.
std::string FormatAblationTable(const std::vector<AblationRow>& rows);

}  // namespace endsolve::bench

#endif  // ENDSOLVE_BENCH_ABLATION_H_
