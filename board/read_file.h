// Reading a whole input file into memory, with the errors a user can cause
// (no such file, a directory, a read error, an endless input) as a Status
// naming the path as given. Every command reads its position and game files
// through it, so `solve`, `batch`, `eval` and `bench` accept the same inputs:
// regular files, and also /dev/stdin, pipes and process substitutions.
#ifndef ENDSOLVE_BOARD_READ_FILE_H_
#define ENDSOLVE_BOARD_READ_FILE_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"

namespace endsolve {

// The most an input file may hold. A position line is under 200 bytes, so
// this is over a million positions; the largest WTHOR file is a few MB. The
// bound turns an endless input (/dev/zero) into an error instead of a
// std::bad_alloc.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{256} << 20;

// The bytes of `path`: "cannot open PATH: ...", "cannot read PATH: it is a
// directory", "cannot read PATH: ..." or "PATH: more than MAX bytes ...".
absl::StatusOr<std::string> ReadFileBytes(const std::string& path,
                                          std::size_t max_bytes = kMaxInputFileBytes);

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_READ_FILE_H_
