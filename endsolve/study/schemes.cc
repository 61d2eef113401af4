#include "endsolve/study/schemes.h"

#include <algorithm>
#include <bit>
#include <limits>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "endsolve/solver/answer_check.h"

namespace endsolve::study {

absl::StatusOr<std::vector<std::size_t>> ParseEntryCounts(absl::string_view list) {
  std::vector<std::size_t> counts;
  for (absl::string_view item : absl::StrSplit(list, ',', absl::SkipWhitespace())) {
    absl::string_view digits = item;
    int shift = 0;
    if (!digits.empty() && absl::ascii_toupper(digits.back()) == 'K') shift = 10;
    if (!digits.empty() && absl::ascii_toupper(digits.back()) == 'M') shift = 20;
    if (shift > 0) digits.remove_suffix(1);
    std::size_t n = 0;
    if (!absl::SimpleAtoi(digits, &n) || n == 0 || n > (std::numeric_limits<std::size_t>::max() >> 21) ||
        !std::has_single_bit(n << shift)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "expected table sizes in entries, powers of two such as 8K,32K,512K, found '", item, "'"));
    }
    counts.push_back(n << shift);
  }
  if (counts.empty()) return absl::InvalidArgumentError("expected at least one table size");
  return counts;
}

std::string FormatEntryCount(std::size_t entries) {
  if (entries >= (1u << 20) && entries % (1u << 20) == 0) return absl::StrCat(entries >> 20, "M");
  if (entries >= (1u << 10) && entries % (1u << 10) == 0) return absl::StrCat(entries >> 10, "K");
  return absl::StrCat(entries);
}

std::vector<ReplacementScheme> AllSchemes() {
  return {ReplacementScheme::kDeep,    ReplacementScheme::kNew,     ReplacementScheme::kOld,
          ReplacementScheme::kBig1,    ReplacementScheme::kBigAll,  ReplacementScheme::kTwoDeep,
          ReplacementScheme::kTwoBig1, ReplacementScheme::kTwoBigAll};
}

absl::StatusOr<std::vector<SchemeCell>> MeasureSchemes(
    const std::vector<Position>& positions, const std::vector<std::size_t>& entry_counts,
    SolveOptions options, const std::atomic<bool>& cancel,
    const std::function<void(int, int, int)>& on_start) {
  options.cancel = &cancel;
  std::vector<SchemeCell> cells;
  const std::vector<ReplacementScheme> schemes = AllSchemes();
  for (std::size_t s = 0; s < schemes.size(); ++s) {
    for (std::size_t z = 0; z < entry_counts.size(); ++z) {
      auto table = TranspositionTable::CreateWithEntries(entry_counts[z], schemes[s]);
      if (!table.ok()) return table.status();
      options.tt = table->get();
      SchemeCell cell{schemes[s], entry_counts[z], (*table)->Stats().capacity, 0, 0};
      absl::StatusOr<int> finished = SolveEach(
          positions, options,
          [&](int i) {
            if (on_start) on_start(static_cast<int>(s), static_cast<int>(z), i);
          },
          [&](int i, const SolveResult& result) {
            cell.nodes += result.nodes.total();
            if (CheckAnswer(positions[static_cast<std::size_t>(i)], result, options.wld) ==
                Verdict::kWrong) {
              ++cell.wrong;
            }
          });
      if (!finished.ok()) return finished.status();
      // An interrupted cell is no measurement. Each position starts from an
      // empty table (SolveEach clears it), as in endsolve/hashtable/README.md.
      if (*finished != static_cast<int>(positions.size())) return cells;
      cells.push_back(cell);
    }
  }
  return cells;
}

std::string FormatSchemesTable(const std::vector<SchemeCell>& cells,
                               const std::vector<std::size_t>& entry_counts) {
  // The best (fewest nodes) of each size's column.
  std::vector<std::uint64_t> best(entry_counts.size(), std::numeric_limits<std::uint64_t>::max());
  std::vector<std::uint64_t> capacity(entry_counts.size(), 0);
  auto column = [&](const SchemeCell& c) {
    return static_cast<std::size_t>(
        std::find(entry_counts.begin(), entry_counts.end(), c.entries) - entry_counts.begin());
  };
  for (const SchemeCell& c : cells) {
    best[column(c)] = std::min(best[column(c)], c.nodes);
    capacity[column(c)] = c.capacity;
  }
  std::string out = "| scheme |";
  for (std::size_t z = 0; z < entry_counts.size(); ++z) {
    absl::StrAppendFormat(&out, " %s entries (%d slots) |", FormatEntryCount(entry_counts[z]),
                          capacity[z]);
  }
  out += "\n|---|";
  for (std::size_t z = 0; z < entry_counts.size(); ++z) out += "---|";
  out += "\n";
  for (const ReplacementScheme scheme : AllSchemes()) {
    std::string row = absl::StrCat("| ", std::string(SchemeName(scheme)), " |");
    bool any = false;
    for (std::size_t z = 0; z < entry_counts.size(); ++z) {
      const auto cell = std::find_if(cells.begin(), cells.end(), [&](const SchemeCell& c) {
        return c.scheme == scheme && c.entries == entry_counts[z];
      });
      if (cell == cells.end()) {
        row += " - |";
        continue;
      }
      any = true;
      const double over = 100.0 * (static_cast<double>(cell->nodes) / static_cast<double>(best[z]) - 1.0);
      std::string text = cell->nodes == best[z] ? absl::StrFormat(" %d *", cell->nodes)
                                                : absl::StrFormat(" %d (+%.1f%%)", cell->nodes, over);
      if (cell->wrong > 0) absl::StrAppendFormat(&text, ", %d WRONG", cell->wrong);
      absl::StrAppend(&row, text, " |");
    }
    if (any) absl::StrAppend(&out, row, "\n");
  }
  return out;
}

}  // namespace endsolve::study
