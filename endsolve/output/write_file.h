// A whole output file replaced at once, for the files that stand for
// finished work (a merged batch, a CSV table, a picture, weights, a proof's
// state): the bytes go to a fresh file in the same folder, are synced, and
// the fresh file is renamed over the path. A crash or a full disk leaves
// the old file or the whole new one, never part of one.
#ifndef ENDSOLVE_OUTPUT_WRITE_FILE_H_
#define ENDSOLVE_OUTPUT_WRITE_FILE_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace endsolve {

// Writes `bytes` to `path` through a fresh temporary file beside it
// (".NAME.XXXXXX", made by mkstemp: created new, never an existing file,
// never through a symbolic link), synced before the rename and the folder
// synced after, so that the rename is durable too. A file that `path`
// replaces keeps its permission bits; a new one gets 0644. A write, sync
// or rename that fails removes the temporary file and leaves `path` as it
// was. Errors: "cannot write PATH: ..." (the folder is missing, the disk
// is full) or "cannot rename a new file over PATH: ...".
absl::Status WriteFileAtomically(const std::string& path, std::string_view bytes);

}  // namespace endsolve

#endif  // ENDSOLVE_OUTPUT_WRITE_FILE_H_
