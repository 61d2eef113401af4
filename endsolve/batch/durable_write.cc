#include "endsolve/batch/durable_write.h"

#include <unistd.h>

#include <cerrno>
#include <cstddef>

#include "absl/strings/str_cat.h"

namespace endsolve::batch {

absl::Status WriteAll(int fd, absl::string_view bytes, absl::string_view path) {
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::ErrnoToStatus(errno, absl::StrCat("cannot write to ", path));
    written += static_cast<std::size_t>(n);
  }
  return absl::OkStatus();
}

absl::Status WriteDurably(int fd, absl::string_view bytes, absl::string_view path) {
  if (absl::Status s = WriteAll(fd, bytes, path); !s.ok()) return s;
  if (fsync(fd) != 0) return absl::ErrnoToStatus(errno, absl::StrCat("cannot sync ", path));
  return absl::OkStatus();
}

}  // namespace endsolve::batch
