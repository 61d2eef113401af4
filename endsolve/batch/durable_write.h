// One durable write: every byte, then fsync. What the results file's append
// (results_file.h) and `solve --obf` need so that a finished line survives
// a crash.
#ifndef ENDSOLVE_BATCH_DURABLE_WRITE_H_
#define ENDSOLVE_BATCH_DURABLE_WRITE_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace endsolve::batch {

// Writes all of `bytes` to `fd` (again only for what a signal or a full
// pipe left unwritten), then fsync: the bytes are on disk when it returns
// OK. `path` names the file in the error ("cannot write to PATH", "cannot
// sync PATH").
absl::Status WriteDurably(int fd, absl::string_view bytes, absl::string_view path);
// The same without the fsync: in the kernel's hands when it returns OK (a
// process killed afterwards loses nothing; a power loss may).
absl::Status WriteAll(int fd, absl::string_view bytes, absl::string_view path);

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_DURABLE_WRITE_H_
