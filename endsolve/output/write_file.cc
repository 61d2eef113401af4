#include "endsolve/output/write_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <filesystem>

#include "absl/strings/str_cat.h"

namespace endsolve {
namespace {

// The folder that holds `path` ("." for a bare name).
std::string FolderOf(const std::string& path) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  return folder.empty() ? "." : folder.string();
}

// Every byte of `bytes` to `fd` (again for what a signal left unwritten),
// then fsync and close; errno of the first failure, 0 when all went well.
int WriteSyncClose(int fd, std::string_view bytes) {
  int error = 0;
  for (std::size_t written = 0; written < bytes.size() && error == 0;) {
    const ssize_t n = write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) error = errno;
    if (n >= 0) written += static_cast<std::size_t>(n);
  }
  if (error == 0 && fsync(fd) != 0) error = errno;
  if (close(fd) != 0 && error == 0) error = errno;
  return error;
}

}  // namespace

absl::Status WriteFileAtomically(const std::string& path, std::string_view bytes) {
  const std::string folder = FolderOf(path);
  std::string fresh = absl::StrCat(folder, "/.",
                                   std::filesystem::path(path).filename().string(), ".XXXXXX");
  // mkstemp opens with O_CREAT | O_EXCL: it makes a new file or fails, and
  // follows no symbolic link that a user left under the name.
  const int fd = mkstemp(fresh.data());
  if (fd < 0) return absl::ErrnoToStatus(errno, absl::StrCat("cannot write ", path));
  struct stat old;
  const mode_t mode = stat(path.c_str(), &old) == 0 && S_ISREG(old.st_mode)
                          ? (old.st_mode & 07777)
                          : 0644;
  if (fchmod(fd, mode) != 0) {
    const int error = errno;
    close(fd);
    unlink(fresh.c_str());
    return absl::ErrnoToStatus(error, absl::StrCat("cannot write ", path));
  }
  if (const int error = WriteSyncClose(fd, bytes); error != 0) {
    unlink(fresh.c_str());  // a partial file helps nobody
    return absl::ErrnoToStatus(error, absl::StrCat("cannot write ", path));
  }
  if (rename(fresh.c_str(), path.c_str()) != 0) {
    const int error = errno;
    unlink(fresh.c_str());
    return absl::ErrnoToStatus(error, absl::StrCat("cannot rename a new file over ", path));
  }
  // The rename is a change of the folder: synced, it survives a crash.
  if (const int dir = open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    fsync(dir);
    close(dir);
  }
  return absl::OkStatus();
}

}  // namespace endsolve
