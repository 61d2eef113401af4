#include "endsolve/batch/follow.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "absl/strings/match.h"
#include "absl/strings/strip.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "endsolve/batch/durable_write.h"
#include "endsolve/positions/read_file.h"

namespace endsolve::batch {
namespace {

// The looks of Wait: the first right after the file last grew, then each
// twice as far, at most kLongestLook apart: a worker waits a few
// milliseconds for the manager's next unit when units take milliseconds,
// and an idle pool of a thousand workers asks a shared file system ten
// times a second each at most.
constexpr absl::Duration kFirstLook = absl::Milliseconds(1);
constexpr absl::Duration kLongestLook = absl::Milliseconds(100);

absl::Status FileFailed(const std::string& path, const char* what) {
  return absl::FailedPreconditionError(
      absl::StrCat(path, ": cannot ", what, ": ", std::strerror(errno)));
}

// Whether the line (its '\r' of CRLF aside) is the end line.
bool IsEndLine(absl::string_view line) {
  absl::ConsumeSuffix(&line, "\r");
  return line == kFollowEndLine;
}

}  // namespace

absl::Status EndFollowedFile(const std::string& path) {
  const int fd = open(path.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd < 0) return FileFailed(path, "open it to end it");
  struct stat st;
  std::string tail;  // the file's last bytes, as many as the end line has
  if (fstat(fd, &st) == 0) {
    const long long keep = std::min<long long>(st.st_size, sizeof(kFollowEndLine));
    tail.resize(static_cast<std::size_t>(keep));
    if (pread(fd, tail.data(), tail.size(), st.st_size - keep) != keep) tail.clear();
  }
  absl::Status status;
  if (!absl::EndsWith(tail, absl::StrCat(kFollowEndLine, "\n"))) {
    const std::string line = absl::StrCat(tail.empty() || tail.back() == '\n' ? "" : "\n",
                                          kFollowEndLine, "\n");
    status = WriteAll(fd, line, path);
    if (status.ok() && fsync(fd) != 0) status = FileFailed(path, "sync it");
  }
  close(fd);
  return status;
}

absl::Status Touch(const std::string& path) {
  if (utimensat(AT_FDCWD, path.c_str(), nullptr, 0) != 0) return FileFailed(path, "touch it");
  return absl::OkStatus();
}

absl::StatusOr<std::vector<BatchItem>> FollowedInput::ReadNew(std::vector<std::string>* warnings) {
  std::vector<BatchItem> items;
  if (ended_) return items;
  absl::StatusOr<std::string> text = ReadFileFrom(path_, static_cast<std::size_t>(read_));
  if (!text.ok()) return text.status();
  seen_ = read_ + static_cast<long long>(text->size());
  // Whole lines only, up to the end line.
  std::size_t whole = 0;
  int lines = 0;
  for (std::size_t end; (end = text->find('\n', whole)) != std::string::npos; whole = end + 1) {
    if (IsEndLine(absl::string_view(*text).substr(whole, end - whole))) {
      ended_ = true;
      break;
    }
    ++lines;
  }
  text->resize(whole);
  if (!text->empty()) items = ItemsOfText(*text, path_, {}, lines_, warnings);
  read_ += static_cast<long long>(whole);
  lines_ += lines;
  return items;
}

void FollowedInput::Wait(const std::atomic<bool>& interrupted) {
  absl::Duration look = kFirstLook;
  while (!ended_ && !interrupted.load()) {
    struct stat st;
    if (stat(path_.c_str(), &st) != 0) {
      ended_ = true;  // removed: its writer is done with it
      return;
    }
    if (st.st_size != seen_) return;
    const absl::Time modified = absl::TimeFromTimespec(st.st_mtim);
    if (absl::Now() - modified > quiet_) {
      ended_ = true;
      return;
    }
    absl::SleepFor(look);
    look = std::min(look * 2, kLongestLook);
  }
}

}  // namespace endsolve::batch
