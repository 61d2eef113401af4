// Totals over batch results, for the end of a batch, `endsolve batch
// --summary` and `endsolve merge`.
#ifndef ENDSOLVE_BATCH_SUMMARY_H_
#define ENDSOLVE_BATCH_SUMMARY_H_

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/batch/record.h"
#include "endsolve/batch/results_file.h"

namespace endsolve::batch {

struct ResultsSummary {
  int positions = 0;
  int solved = 0, wrong = 0, bad_input = 0, timed_out = 0;
  int duplicates = 0;  // records that took another occurrence's result
  double seconds = 0;  // search time; duplicates add none
  std::uint64_t leaves = 0, internal_nodes = 0;
  std::set<std::string> shards, modes;
  std::vector<const ResultRecord*> mismatches;  // wrong-answer, in the given order
  std::vector<const ResultRecord*> bad_inputs;
  std::vector<const ResultRecord*> timeouts;
};

// Adds up one record per position (the latest of each id).
ResultsSummary Summarize(const std::vector<const ResultRecord*>& records);

// Whole results files read for their totals: the records, and the summary
// whose lists point into them (so it moves with them and is never copied).
struct FilesSummary {
  FilesSummary() = default;
  FilesSummary(FilesSummary&&) = default;
  FilesSummary& operator=(FilesSummary&&) = default;
  std::vector<ResultsContents> files;
  ResultsSummary summary;
  // Every record that contradicts itself or another record of its id in
  // any of the files: "FILE:LINE: ID: what is wrong" (CheckRecords).
  std::vector<std::string> disagreements;
};

// The totals of whole results files (`endsolve batch --summary`): the latest
// record of each id, taken in the order of their lines, and every record
// checked, across the files (merge_check.h's CheckRecords). Warnings about
// torn or corrupted lines go to `warnings`; a file that cannot be read is
// the error.
absl::StatusOr<FilesSummary> SummarizeFiles(const std::vector<std::string>& paths,
                                            std::vector<std::string>* warnings);

// The report printed by --summary and merge: one line of counts per status,
// the time and the nodes, then every mismatch ("ID: expected +18, found +16
// (G8)"), every bad input line with its error and every timed-out position.
std::string FormatSummary(const ResultsSummary& summary);

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_SUMMARY_H_
