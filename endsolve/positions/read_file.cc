#include "endsolve/positions/read_file.h"

#include <cerrno>
#include <cstdio>
#include <filesystem>

#include "absl/strings/str_cat.h"

namespace endsolve {

// Reads in blocks until the end or the bound. fopen succeeds on a directory
// on Linux and the first read fails with EISDIR, so a directory is caught
// before, with a plainer message.
absl::StatusOr<std::string> ReadFileBytes(const std::string& path, std::size_t max_bytes) {
  return ReadFileFrom(path, 0, max_bytes);
}

absl::StatusOr<std::string> ReadFileFrom(const std::string& path, std::size_t offset,
                                         std::size_t max_bytes) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    return absl::InvalidArgumentError(absl::StrCat("cannot read ", path, ": it is a directory"));
  }
  std::FILE* file = std::fopen(path == kStandardInput ? "/dev/stdin" : path.c_str(), "rb");
  if (file == nullptr) return absl::ErrnoToStatus(errno, absl::StrCat("cannot open ", path));
  if (offset > 0 && fseeko(file, static_cast<off_t>(offset), SEEK_SET) != 0) {
    const int error = errno;
    std::fclose(file);
    return absl::ErrnoToStatus(error, absl::StrCat("cannot read ", path));
  }
  std::string bytes;
  char buffer[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) {
    if (bytes.size() + n > max_bytes) {
      std::fclose(file);
      return absl::InvalidArgumentError(absl::StrCat(
          path, ": more than ", max_bytes,
          " bytes, which no position or game file holds; split it into smaller files"));
    }
    bytes.append(buffer, n);
  }
  const bool failed = std::ferror(file) != 0;
  const int error = errno;
  std::fclose(file);
  if (failed) return absl::ErrnoToStatus(error, absl::StrCat("cannot read ", path));
  return bytes;
}

}  // namespace endsolve
