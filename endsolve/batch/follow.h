// A followed input (`endsolve batch --follow`): one .obf file that another
// program appends to while the run solves it, as endsolve prove's pools do
// (endsolve/prove/engines.h): the workers live for the whole proof and take each
// unit as the manager appends it, instead of a batch per step waited for.
//
// The file ends at a line `% end` (to any other reader a comment), or when
// nothing has modified it for a while: its writer is gone, so a worker of
// a manager killed outright does not wait for ever. A writer with nothing
// to append touches the file (Touch) to say it is still there.
#ifndef ENDSOLVE_BATCH_FOLLOW_H_
#define ENDSOLVE_BATCH_FOLLOW_H_

#include <atomic>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "endsolve/batch/input.h"

namespace endsolve::batch {

// The line that ends a followed file.
inline constexpr char kFollowEndLine[] = "% end";

// Appends the end line to `path` unless it has it; an error names the file.
absl::Status EndFollowedFile(const std::string& path);

// Marks `path` modified now, so that its followers keep waiting.
absl::Status Touch(const std::string& path);

class FollowedInput {
 public:
  // `quiet`: how long the file may stay unmodified before its writer is
  // taken to be gone.
  FollowedInput(std::string path, absl::Duration quiet) : path_(std::move(path)), quiet_(quiet) {}

  // The items of the lines completed since the last call, numbered and
  // identified as a whole read of the file would (a line without its
  // newline yet waits for it). Notes go to `warnings`. An error names the
  // file.
  absl::StatusOr<std::vector<BatchItem>> ReadNew(std::vector<std::string>* warnings);

  // Waits until the file grows, or ends (its end line read, or nothing has
  // modified it for `quiet`), or `interrupted`. Looks often right after the
  // last growth and less as the wait goes on.
  void Wait(const std::atomic<bool>& interrupted);

  // Whether the end line has been read, or the writer is gone (checked by Wait).
  bool ended() const { return ended_; }

 private:
  std::string path_;
  absl::Duration quiet_;
  long long read_ = 0;  // bytes of whole lines read
  long long seen_ = 0;  // bytes the file had at the last read
  int lines_ = 0;       // lines read
  bool ended_ = false;
};

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_FOLLOW_H_
