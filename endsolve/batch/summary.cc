#include "endsolve/batch/summary.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "endsolve/batch/merge_check.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/board/notation.h"

namespace endsolve::batch {
ResultsSummary Summarize(const std::vector<const ResultRecord*>& records) {
  ResultsSummary s;
  for (const ResultRecord* r : records) {
    ++s.positions;
    s.shards.insert(r->shard);
    s.modes.insert(r->wld ? "wld" : "exact");
    if (r->duplicate_of) ++s.duplicates;
    switch (r->status) {
      case ResultStatus::kSolved:
        ++s.solved;
        break;
      case ResultStatus::kWrongAnswer:
        ++s.wrong;
        s.mismatches.push_back(r);
        break;
      case ResultStatus::kBadInput:
        ++s.bad_input;
        s.bad_inputs.push_back(r);
        break;
      case ResultStatus::kTimedOut:
        ++s.timed_out;
        s.timeouts.push_back(r);
        break;
    }
    if (r->status == ResultStatus::kBadInput) continue;
    s.leaves += r->leaves.value_or(0);
    s.internal_nodes += r->internal_nodes.value_or(0);
    s.seconds += r->seconds.value_or(0.0);
  }
  return s;
}

absl::StatusOr<FilesSummary> SummarizeFiles(const std::vector<std::string>& paths,
                                            std::vector<std::string>* warnings) {
  FilesSummary read_files;
  for (const std::string& path : paths) {
    absl::StatusOr<ResultsContents> read = ReadResultsFile(path);
    if (!read.ok()) return read.status();
    warnings->insert(warnings->end(), read->warnings.begin(), read->warnings.end());
    read_files.files.push_back(*std::move(read));
  }
  std::vector<const ResultRecord*> latest;
  for (const ResultsContents& c : read_files.files) {
    for (const auto& [id, record] : LatestById(c)) latest.push_back(record);
  }
  std::sort(latest.begin(), latest.end(), [](const ResultRecord* a, const ResultRecord* b) {
    return a->line_number < b->line_number;
  });
  read_files.summary = Summarize(latest);
  std::vector<NamedResults> named;
  for (std::size_t i = 0; i < paths.size(); ++i) named.push_back({paths[i], &read_files.files[i]});
  read_files.disagreements = CheckRecords(named, IdScope::kAcrossFiles);
  return read_files;
}

std::string FormatSummary(const ResultsSummary& s) {
  const std::uint64_t nodes = s.leaves + s.internal_nodes;
  std::string out = absl::StrFormat(
      "positions     %d (shards %s; %s)\n"
      "solved        %d\n"
      "wrong-answer  %d\n"
      "bad-input     %d\n"
      "timed-out     %d\n"
      "duplicates    %d (results taken from another occurrence of the same position)\n"
      "time          %.3f s of search\n"
      "nodes         %d (leaves %d, internal %d), %.2f M/s\n",
      s.positions, s.shards.empty() ? "none" : absl::StrJoin(s.shards, " "),
      s.modes.empty() ? "no results" : absl::StrJoin(s.modes, " and "), s.solved, s.wrong,
      s.bad_input, s.timed_out, s.duplicates, s.seconds, nodes, s.leaves, s.internal_nodes,
      s.seconds > 0 ? static_cast<double>(nodes) / s.seconds / 1e6 : 0.0);
  if (!s.mismatches.empty()) {
    absl::StrAppend(&out, "mismatches with the input's answers:\n");
    for (const ResultRecord* r : s.mismatches) {
      absl::StrAppend(&out, "  ", r->id, ": expected ",
                      r->expected_score ? FormatScore(*r->expected_score) : "?", ", found ",
                      FormatScore(*r->score), " (", SquareName(*r->best_move), ")\n");
    }
  }
  if (!s.bad_inputs.empty()) {
    absl::StrAppend(&out, "bad input lines:\n");
    for (const ResultRecord* r : s.bad_inputs) {
      absl::StrAppend(&out, "  ", r->error.value_or("?"), "\n");
    }
  }
  if (!s.timeouts.empty()) {
    absl::StrAppend(&out, "timed out:\n");
    for (const ResultRecord* r : s.timeouts) {
      absl::StrAppendFormat(&out, "  %s (limit %s s)\n", r->id,
                            absl::StrCat(*r->time_limit_seconds));
    }
  }
  return out;
}

}  // namespace endsolve::batch
