// The flags that choose how positions are searched, shared by `solve`,
// `bench` and `batch`: --threads, --hash-mb, --tt-scheme, --wld, --ordering,
// --split-min-empties.
#ifndef ENDSOLVE_CLI_SEARCH_FLAGS_H_
#define ENDSOLVE_CLI_SEARCH_FLAGS_H_

#include "absl/strings/string_view.h"
#include <vector>

#include "absl/status/statusor.h"
#include "solver/solver.h"

namespace endsolve::cli {

// The absl names of the flags this file defines, for ParseSubcommandFlags.
#define ENDSOLVE_SEARCH_FLAG_NAMES "threads", "hash_mb", "tt_scheme", "wld", "ordering", \
                                   "split_min_empties", "eval"

// How --threads is read: one count, or a list for scaling runs (then the
// options get 1 thread and the caller sets each count of the list).
enum class ThreadsFlag { kOneCount, kList };

// Solve options from the flags' current values; InvalidArgument names the
// flag and the accepted values when one is malformed.
absl::StatusOr<SolveOptions> SolveOptionsFromFlags(ThreadsFlag threads = ThreadsFlag::kOneCount);

// The evaluation of the --eval flag: the built-in one when it is empty,
// else the weights file it names, loaded once (an error names the file and
// what is wrong with it).
absl::StatusOr<const eval::Evaluator*> EvaluatorFromFlag();

// The --threads flag as a list of counts ("1,2,4,8"), for scaling runs.
absl::StatusOr<std::vector<int>> ThreadCountsFromFlag();

// Parses an --ordering list: comma-separated features, each switched on by
// its name or off by "no-" before it, and "killers=N" for the killer count.
// Names: tt, killers, history, fastest-first (ff), parity, etc, stability,
// aspiration (the root strategy).
// "default" leaves the defaults; the list applies left to right over them.
absl::StatusOr<SearchFeatures> ParseFeatures(absl::string_view spec);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_SEARCH_FLAGS_H_
