// The study's algorithms by name, and the run of every search over
// algorithms, depths and positions.
#include "endsolve/study/study.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "endsolve/positions/arguments.h"
#include "endsolve/study/disagreements.h"

namespace endsolve::study {
namespace {

constexpr absl::string_view kAlgorithmNames =
    "negamax, alphabeta, killer=N (N 1..32), history, tt, tt+killer=N, tt+history, "
    "fastest-first, eval";

// N of "killer=N", 1..kMaxStudyKillers.
absl::StatusOr<int> ParseKillers(absl::string_view text, absl::string_view name) {
  int killers = 0;
  // Digits only: SimpleAtoi alone would take "+4" or " 4 ".
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), absl::ascii_isdigit);
  if (!digits || !absl::SimpleAtoi(text, &killers) || killers < 1 || killers > kMaxStudyKillers) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "algorithm \"%s\": killer=N takes N from 1 to %d", name, kMaxStudyKillers));
  }
  return killers;
}

}  // namespace

// Matches the names of the header one by one; "tt+" prefixes the three
// that combine with the table.
absl::StatusOr<Algorithm> ParseAlgorithm(absl::string_view name) {
  Algorithm algorithm;
  algorithm.name = std::string(name);
  absl::string_view rest = name;
  if (rest == "negamax") {
    algorithm.alphabeta = false;
    return algorithm;
  }
  if (rest == "alphabeta") return algorithm;
  if (rest == "fastest-first") {
    algorithm.fastest_first = true;
    return algorithm;
  }
  if (rest == "eval") {
    algorithm.eval_order = true;
    return algorithm;
  }
  if (rest == "tt") {
    algorithm.tt = true;
    return algorithm;
  }
  algorithm.tt = absl::ConsumePrefix(&rest, "tt+");
  if (rest == "history") {
    algorithm.history = true;
    return algorithm;
  }
  if (absl::ConsumePrefix(&rest, "killer=")) {
    const absl::StatusOr<int> killers = ParseKillers(rest, name);
    if (!killers.ok()) return killers.status();
    algorithm.killers = *killers;
    return algorithm;
  }
  return absl::InvalidArgumentError(
      absl::StrFormat("unknown algorithm \"%s\"; the algorithms are %s", name, kAlgorithmNames));
}

// Splits on commas; spaces around a name are allowed, an empty name is not.
absl::StatusOr<std::vector<Algorithm>> ParseAlgorithms(absl::string_view list) {
  std::vector<Algorithm> algorithms;
  for (absl::string_view name : absl::StrSplit(list, ',')) {
    name = absl::StripAsciiWhitespace(name);
    if (name.empty()) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "empty algorithm name in \"%s\"; the algorithms are %s", list, kAlgorithmNames));
    }
    absl::StatusOr<Algorithm> algorithm = ParseAlgorithm(name);
    if (!algorithm.ok()) return algorithm.status();
    algorithms.push_back(*std::move(algorithm));
  }
  return algorithms;
}

// The list; every name parses, so value() cannot throw.
std::vector<Algorithm> DefaultAlgorithms() {
  return ParseAlgorithms(kDefaultAlgorithms).value();
}

absl::StatusOr<LeafEval> ParseLeafEval(absl::string_view name) {
  if (name == "patterns") return LeafEval::kPatterns;
  if (name == "discs") return LeafEval::kDiscs;
  return absl::InvalidArgumentError(absl::StrCat("expected patterns or discs, found '", name, "'"));
}

absl::StatusOr<std::vector<int>> ParseDepths(absl::string_view text, int max_depth) {
  max_depth = std::min(max_depth, kMaxStudyDepth);
  auto range = ParseRange(std::string(text));
  if (!range.ok() || text.empty() || range->first < 1 || range->second > max_depth) {
    return absl::InvalidArgumentError(absl::StrCat(
        "expected depths FIRST-LAST from 1 to ", max_depth, " such as 2-6, found '", text, "'"));
  }
  std::vector<int> depths;
  for (int d = range->first; d <= range->second; ++d) depths.push_back(d);
  return depths;
}

// Groups the rows by (depth, position), and in each group compares every
// row with the one of the lowest algorithm index.
std::vector<std::string> FindDisagreements(const std::vector<StudyRow>& rows,
                                           const std::vector<Algorithm>& algorithms,
                                           const std::vector<Position>& positions) {
  std::map<std::pair<int, int>, std::vector<const StudyRow*>> groups;
  for (const StudyRow& row : rows) groups[{row.depth, row.position}].push_back(&row);
  std::vector<std::string> lines;
  for (auto& [key, group] : groups) {
    std::sort(group.begin(), group.end(),
              [](const StudyRow* a, const StudyRow* b) { return a->algorithm < b->algorithm; });
    const int reference = group.front()->outcome.value;
    std::vector<std::string> values;
    for (const StudyRow* row : group) {
      if (row == group.front() || row->outcome.value != reference) {
        values.push_back(absl::StrFormat("%s %+d", algorithms[row->algorithm].name, row->outcome.value));
      }
    }
    if (values.size() == 1) continue;
    const auto& [depth, position] = key;
    std::string where = absl::StrCat("depth ", depth, ", position ", position);
    if (position < static_cast<int>(positions.size()) && !positions[position].label.empty()) {
      absl::StrAppend(&where, " (", positions[position].label, ")");
    }
    lines.push_back(absl::StrCat(where, ": ", absl::StrJoin(values, ", ")));
  }
  return lines;
}

// The searches are numbered in row order and handed out one at a time from
// an atomic counter, to the calling thread alone or to `jobs` threads, each
// with its own table (the first may be the caller's). A cancel is checked
// before each search starts.
absl::StatusOr<StudyResults> RunStudy(
    const std::vector<Position>& positions, const StudyOptions& options,
    const std::atomic<bool>& cancel,
    const std::function<void(int algorithm, int depth, int position)>& on_start) {
  for (const int depth : options.depths) {
    if (depth < 1 || depth > kMaxStudyDepth) {
      return absl::InvalidArgumentError(
          absl::StrFormat("depth %d: the study searches 1 to %d plies", depth, kMaxStudyDepth));
    }
  }
  for (const Algorithm& algorithm : options.algorithms) {
    if (algorithm.killers < 0 || algorithm.killers > kMaxStudyKillers) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "algorithm \"%s\": killer=N takes N from 1 to %d", algorithm.name, kMaxStudyKillers));
    }
  }
  if (options.jobs < 1) {
    return absl::InvalidArgumentError(absl::StrFormat("jobs %d: at least 1", options.jobs));
  }

  const int num_algorithms = static_cast<int>(options.algorithms.size());
  const int num_depths = static_cast<int>(options.depths.size());
  const int num_positions = static_cast<int>(positions.size());
  const int num_searches = num_algorithms * num_depths * num_positions;
  const int jobs = std::max(1, std::min(options.jobs, num_searches));

  const bool needs_table = std::any_of(options.algorithms.begin(), options.algorithms.end(),
                                       [](const Algorithm& a) { return a.tt; });
  std::vector<std::unique_ptr<TranspositionTable>> owned;
  std::vector<TranspositionTable*> tables(jobs, nullptr);
  if (needs_table) {
    for (int job = 0; job < jobs; ++job) {
      if (job == 0 && options.settings.tt != nullptr) {
        tables[job] = options.settings.tt;
        continue;
      }
      absl::StatusOr<std::unique_ptr<TranspositionTable>> table =
          TranspositionTable::Create(options.table);
      if (!table.ok()) return table.status();
      // Its pages taken before any search is timed: a table search of a
      // few hundred nodes would otherwise be timed with the faults of the
      // pages its stores land on (the first depth-2 search took 9,000
      // times alpha-beta's time).
      (*table)->Populate();
      owned.push_back(*std::move(table));
      tables[job] = owned.back().get();
    }
  }

  std::vector<StudyRow> rows(num_searches);
  std::vector<char> done(num_searches, 0);
  std::atomic<int> next{0};
  std::mutex start_mutex;  // on_start hears of one search at a time
  auto work = [&](int job) {
    SearchSettings settings = options.settings;
    settings.tt = tables[job];
    while (!cancel.load(std::memory_order_relaxed)) {
      const int index = next.fetch_add(1, std::memory_order_relaxed);
      if (index >= num_searches) break;
      StudyRow& row = rows[index];
      row.algorithm = index / (num_depths * num_positions);
      row.depth = options.depths[index / num_positions % num_depths];
      row.position = index % num_positions;
      if (on_start) {
        std::lock_guard<std::mutex> lock(start_mutex);
        on_start(row.algorithm, row.depth, row.position);
      }
      row.outcome = Search(positions[row.position].board, row.depth,
                           options.algorithms[row.algorithm], settings);
      done[index] = 1;
    }
  };
  if (jobs == 1) {
    work(0);
  } else {
    std::vector<std::thread> threads;
    threads.reserve(jobs);
    for (int job = 0; job < jobs; ++job) threads.emplace_back(work, job);
    for (std::thread& thread : threads) thread.join();
  }

  StudyResults results;
  for (int index = 0; index < num_searches; ++index) {
    if (done[index]) results.rows.push_back(rows[index]);
  }
  results.disagreements = FindDisagreements(results.rows, options.algorithms, positions);
  return results;
}

}  // namespace endsolve::study
