#include "board/read_file.h"

#include <cerrno>
#include <cstdio>

#include "absl/strings/str_cat.h"

namespace endsolve {

absl::StatusOr<std::string> ReadFileBytes(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) return absl::ErrnoToStatus(errno, absl::StrCat("cannot open ", path));
  std::string bytes;
  char buffer[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) bytes.append(buffer, n);
  const bool failed = std::ferror(file) != 0;
  const int error = errno;
  std::fclose(file);
  if (failed) return absl::ErrnoToStatus(error, absl::StrCat("cannot read ", path));
  return bytes;
}

}  // namespace endsolve
