// Reading a whole input file into memory, with the errors a user can cause
// (no such file, a read error) as a Status naming the path as given.
#ifndef ENDSOLVE_BOARD_READ_FILE_H_
#define ENDSOLVE_BOARD_READ_FILE_H_

#include <string>

#include "absl/status/statusor.h"

namespace endsolve {

// The bytes of `path`: "cannot open PATH: ..." or "cannot read PATH: ...".
// For the position and game files, which are at most a few MB.
absl::StatusOr<std::string> ReadFileBytes(const std::string& path);

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_READ_FILE_H_
