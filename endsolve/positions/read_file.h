// The bytes of an input file, with the
// errors a user can cause (no such file, a directory, a read error, an
// endless input) as a Status naming the path as given. Every command reads
// its position and game files through it, so `solve`, `batch`, `eval` and
// `bench` accept the same inputs: regular files, and also /dev/stdin, pipes
// and process substitutions. Writing is endsolve/output/write_file.h.
#ifndef ENDSOLVE_POSITIONS_READ_FILE_H_
#define ENDSOLVE_POSITIONS_READ_FILE_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace endsolve {

// The most an input file may hold. A position line is under 200 bytes, so
// this is over a million positions; the largest WTHOR file is a few MB. The
// bound turns an endless input (/dev/zero) into an error instead of a
// std::bad_alloc.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{256} << 20;

// The name that stands for standard input wherever an input file is named,
// as in other Unix tools.
inline constexpr std::string_view kStandardInput = "-";

// The bytes of `path` (kStandardInput: of standard input): "cannot open PATH:
// ...", "cannot read PATH: it is a directory", "cannot read PATH: ..." or
// "PATH: more than MAX bytes ...".
absl::StatusOr<std::string> ReadFileBytes(const std::string& path,
                                          std::size_t max_bytes = kMaxInputFileBytes);

// The bytes of `path` from byte `offset` to its end, as ReadFileBytes reads
// the whole (its errors; a missing file is NotFound): a file another program
// appends to, read in parts (batch --follow's input, a claims file).
absl::StatusOr<std::string> ReadFileFrom(const std::string& path, std::size_t offset,
                                         std::size_t max_bytes = kMaxInputFileBytes);

}  // namespace endsolve

#endif  // ENDSOLVE_POSITIONS_READ_FILE_H_
