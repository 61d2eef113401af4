// One batch run over its results file: what the file already answers, what
// this run must still solve, and the solve of each position, appended as
// soon as it finishes (docs/batch-and-clusters.md, "Batch solving"). The command line (cli/) only
// reads flags, opens the file and shows progress around it.
#ifndef ENDSOLVE_BATCH_RUN_H_
#define ENDSOLVE_BATCH_RUN_H_

#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "endsolve/batch/claims.h"
#include "endsolve/batch/identity.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/progress.h"
#include "endsolve/batch/record.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/solver/solver.h"

namespace endsolve::batch {

// Parses a time limit per position: an absl duration ("90s", "1h30m") or a
// plain number of seconds; empty means no limit. Anything else, and a limit
// that is not positive, is refused with what was expected.
absl::StatusOr<absl::Duration> ParseTimeLimit(absl::string_view text);

// Opens the results file of a run for appending (ResultsAppender::Open:
// `resume` false refuses an existing file) and refuses one of another shard
// or mode (CheckCompatible). What the user should hear of the file (a torn
// last line cut off, corrupted lines skipped) goes to `notes`.
absl::StatusOr<std::unique_ptr<ResultsAppender>> OpenResults(const std::string& path, bool resume,
                                                             const RunSettings& run,
                                                             std::vector<std::string>* notes);

// A timed-out position is tried again only with a longer limit than the one
// it ran out of: the same limit would only time out again.
bool Retry(const ResultRecord& record, const RunSettings& run);

// Refuses a results file written by a run whose records would not mean the
// same: another shard (its positions are not ours) or another mode (WLD
// scores are not exact scores). `path` names the file in the error.
absl::Status CheckCompatible(const std::string& path, const ResultsContents& contents,
                             const RunSettings& run);

// What a run must do of its items: the positions that need it (in input
// order), how many are done already, and how many of those pending timed
// out before under a shorter limit and are tried again.
struct BatchPlan {
  std::vector<const BatchItem*> pending;
  int skipped = 0;
  int retried = 0;
};

class BatchRun {
 public:
  // `options` carries the table (options.tt, cleared before every solve so
  // that each result is independent of order and of resume) and the cancel
  // flag; `results` is the open file, already checked by CheckCompatible.
  BatchRun(RunSettings run, SolveOptions options, ResultsAppender* results);

  // True when the position needs nothing from this run.
  bool Finished(const BatchItem& item) const;
  // True when it timed out before, under a shorter limit than this run's.
  bool Retried(const BatchItem& item) const;

  // Which of `items` (this shard's) this run must do.
  BatchPlan Plan(const std::vector<BatchItem>& items) const;

  // The summed WorkWeight of what this run must search: the first pending
  // occurrence of each position that no record answers yet.
  double WorkToDo(const std::vector<const BatchItem*>& pending) const;

  // Shares the input with other runs through `claims` (may be null: no
  // sharing): Do then solves only the positions this run claims first.
  void ShareThrough(Claims* claims) { claims_ = claims; }
  // Solves (or copies from an earlier occurrence, or records as bad) one
  // position and appends its line (under the id of its earlier record when
  // that spelt the file otherwise); returns that record, or nullptr when
  // `interrupted` stopped the solve or another run claimed the position
  // (nothing was written for it).
  absl::StatusOr<const ResultRecord*> Do(const BatchItem& item, BatchProgress* progress,
                                         const std::atomic<bool>& interrupted);

  // Does the pending positions in order, each as Do does, until
  // `interrupted`; `on_record` hears of each record written. Returns how
  // many were done (not those left to other runs), or the first error (the
  // records before it are kept).
  absl::StatusOr<int> DoAll(
      const std::vector<const BatchItem*>& pending, BatchProgress* progress,
      const std::atomic<bool>& interrupted,
      const std::function<void(const BatchItem&, const ResultRecord&)>& on_record);

  // The latest record of each of `items` that has one.
  std::vector<const ResultRecord*> Records(const std::vector<BatchItem>& items) const;

 private:
  RunSettings run_;
  SolveOptions options_;
  ResultsAppender* results_;
  Claims* claims_ = nullptr;
  std::map<QuestionKey, const ResultRecord*> by_key_;  // answers for duplicates
  // The latest record of each ResumeKey: ids under any spelling of one path.
  std::map<std::string, const ResultRecord*> final_;
  mutable std::map<std::string, std::string, std::less<>> spellings_;  // ResumeKey's cache

  // The latest record of the position with this id, or nullptr.
  const ResultRecord* Final(const std::string& id) const;
  std::deque<ResultRecord> written_;                   // this run's records (stable addresses)
};

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_RUN_H_
