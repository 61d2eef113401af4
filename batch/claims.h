// A claims file: how batch runs that share one input share its positions
// out as workers of a pool do, each taking the next position no run has
// taken (docs/batch-and-clusters.md, "A pool of workers on one input").
// Shards (--shard K/N) split the input before anything is solved, so one
// shard may get the long positions and finish last; claims split it as the
// work goes. Each run keeps its own results file.
#ifndef ENDSOLVE_BATCH_CLAIMS_H_
#define ENDSOLVE_BATCH_CLAIMS_H_

#include <memory>
#include <set>
#include <string>

#include "absl/status/statusor.h"
#include "endsolve/output/output_path.h"

namespace endsolve::batch {

// One run's handle on the claims file: one id per line, appended under an
// exclusive flock, so that of the runs that want a position exactly one
// gets it. A run that dies leaves its claimed, unanswered positions
// unsolved (no other run takes them): whoever runs the pool looks for the
// positions no results file answers and runs them again, with a new claims
// file (endsolve prove does so through a round's retry file).
class Claims {
 public:
  // What a claims file is, for the check of --claims before a run
  // (output/output_path.h): text whose every whole line is a batch id
  // (FILE:LINE:HASH, batch/identity.h), so that no other file of the
  // user's is appended to.
  static OutputKind Kind();

  // Opens (creates) the file, which must be a regular file; an error names
  // it.
  static absl::StatusOr<std::unique_ptr<Claims>> Open(const std::string& path);
  ~Claims();
  Claims(const Claims&) = delete;
  Claims& operator=(const Claims&) = delete;

  // True when this run now holds `id` (a position's batch id), false when
  // some run claimed it before. An error names the file.
  absl::StatusOr<bool> Claim(const std::string& id);

 private:
  Claims(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  // Reads the lines appended since the last read (under the lock); `torn`
  // gets what follows the last newline.
  absl::Status CatchUp(std::string* torn);

  std::string path_;
  int fd_;
  long long read_ = 0;            // bytes of the file read into claimed_
  std::set<std::string> claimed_;  // by any run
};

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_CLAIMS_H_
