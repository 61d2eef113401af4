// The schemes study: the exact solve of a set of positions under each of
// Breuker's replacement schemes (endsolve/hashtable/README.md) at each table size,
// compared by nodes. The experiment of endsolve/hashtable/README.md's "Default
// scheme" table, as a command (`endsolve study schemes`).
#ifndef ENDSOLVE_STUDY_SCHEMES_H_
#define ENDSOLVE_STUDY_SCHEMES_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "endsolve/board/position.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/solver/solver.h"

namespace endsolve::study {

// Table sizes in entries, comma-separated, each a power of two with an
// optional K (2^10) or M (2^20) suffix: "8K,32K,512K".
absl::StatusOr<std::vector<std::size_t>> ParseEntryCounts(absl::string_view list);
// 8192 -> "8K", 1048576 -> "1M", 200 -> "200".
std::string FormatEntryCount(std::size_t entries);

// Every scheme, in the order of endsolve/hashtable/README.md.
std::vector<ReplacementScheme> AllSchemes();

struct SchemeCell {
  ReplacementScheme scheme;
  std::size_t entries = 0;     // the size asked for
  std::uint64_t capacity = 0;  // the entries the table really has
  std::uint64_t nodes = 0;     // over all positions
  int wrong = 0;               // answers the input disagrees with
};

// Solves every position with `options` (its threads, features and
// evaluation; its table options are not used) in a fresh table of each
// size under each scheme: scheme-major, then size. `on_start` hears of each
// solve (scheme index, size index, position index); `cancel` stops after
// the cell under way, returning the complete cells.
absl::StatusOr<std::vector<SchemeCell>> MeasureSchemes(
    const std::vector<Position>& positions, const std::vector<std::size_t>& entry_counts,
    SolveOptions options, const std::atomic<bool>& cancel,
    const std::function<void(int scheme, int size, int position)>& on_start = {});

// One row per scheme, one column per size: the nodes and, in brackets, the
// percentage over the column's best (the best marked with '*').
std::string FormatSchemesTable(const std::vector<SchemeCell>& cells,
                               const std::vector<std::size_t>& entry_counts);

}  // namespace endsolve::study

#endif  // ENDSOLVE_STUDY_SCHEMES_H_
