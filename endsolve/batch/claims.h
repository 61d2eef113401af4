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
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "endsolve/output/output_path.h"

namespace endsolve::batch {

// A claim as the file holds it: the position's id, and the run that took
// it (its results file, as that run named it; empty in a file of a run that
// named none).
struct ClaimLine {
  std::string id;
  std::string owner;
};

// One line of a claims file: `ID` or `ID<TAB>OWNER`, the owner with its
// backslashes, tabs and newlines escaped (\\, \t, \n), so that the last tab
// separates the two.
ClaimLine ParseClaimLine(absl::string_view line);

// One run's handle on the claims file: a line per claim, appended under an
// exclusive flock, so that of the runs that want a position exactly one
// gets it. Each line names the run that took it, so that whoever runs the
// pool knows which positions a run held when it died: those stay unsolved
// (no other run takes them) until asked again under a new line (endsolve
// prove's pools do so: endsolve/prove/engines.h).
class Claims {
 public:
  // What a claims file is, for the check of --claims before a run
  // (endsolve/output/output_path.h): text whose every whole line is a batch id
  // (FILE:LINE:HASH, endsolve/batch/identity.h), so that no other file of the
  // user's is appended to.
  static OutputKind Kind();

  // Opens (creates) the file, which must be a regular file; an error names
  // it. `owner` names this run in its claims (batch: its --out).
  static absl::StatusOr<std::unique_ptr<Claims>> Open(const std::string& path,
                                                      const std::string& owner = "");
  ~Claims();
  Claims(const Claims&) = delete;
  Claims& operator=(const Claims&) = delete;

  // True when this run now holds `id` (a position's batch id), false when
  // some run claimed it before. An error names the file.
  absl::StatusOr<bool> Claim(const std::string& id);

 private:
  Claims(std::string path, std::string owner, int fd)
      : path_(std::move(path)), owner_(std::move(owner)), fd_(fd) {}
  // Reads the lines appended since the last read (under the lock); `torn`
  // gets what follows the last newline.
  absl::Status CatchUp(std::string* torn);

  std::string path_;
  std::string owner_;  // escaped, with its tab: what follows each id this run writes
  int fd_;
  long long read_ = 0;            // bytes of the file read into claimed_
  std::set<std::string> claimed_;  // by any run
};

// Reads a claims file as it grows (whoever runs a pool: which run holds
// which position). A line still being written is left for the next call.
class ClaimsReader {
 public:
  explicit ClaimsReader(std::string path) : path_(std::move(path)) {}
  // The claims appended since the last call; none while the file does not
  // exist. An error names the file.
  absl::StatusOr<std::vector<ClaimLine>> ReadNew();

 private:
  std::string path_;
  long long read_ = 0;  // bytes of whole lines read
};

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_CLAIMS_H_
