#include "endsolve/batch/claims.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "endsolve/batch/identity.h"
#include "endsolve/positions/read_file.h"

namespace endsolve::batch {
namespace {

absl::Status Failed(const std::string& path, const char* what) {
  return absl::FailedPreconditionError(
      absl::StrCat("claims file ", path, ": cannot ", what, ": ", std::strerror(errno)));
}

// Holds the file's exclusive lock for its lifetime.
class Locked {
 public:
  explicit Locked(int fd) : fd_(fd) {
    int r;
    while ((r = flock(fd_, LOCK_EX)) != 0 && errno == EINTR) {
    }
    ok_ = r == 0;
  }
  ~Locked() {
    if (ok_) flock(fd_, LOCK_UN);
  }
  bool ok() const { return ok_; }

 private:
  int fd_;
  bool ok_ = false;
};

// `owner` as a claims line holds it: no tab or newline of its own.
std::string EscapeOwner(absl::string_view owner) {
  std::string out;
  for (const char c : owner) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

std::string UnescapeOwner(absl::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    const char next = text[++i];
    out += next == 't' ? '\t' : next == 'n' ? '\n' : next;
  }
  return out;
}

}  // namespace

ClaimLine ParseClaimLine(absl::string_view line) {
  const std::size_t tab = line.rfind('\t');
  if (tab == absl::string_view::npos) return {std::string(line), ""};
  return {std::string(line.substr(0, tab)), UnescapeOwner(line.substr(tab + 1))};
}

OutputKind Claims::Kind() {
  return {"a claims file of endsolve batch", [](std::string_view head) {
            // The last line of the head may be cut by its length, or torn
            // (a run killed in its first write): printable text then.
            const std::size_t end = head.rfind('\n');
            if (end == std::string_view::npos) {
              return std::all_of(head.begin(), head.end(), [](char c) {
                return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f;
              });
            }
            for (const absl::string_view line :
                 absl::StrSplit(absl::string_view(head.data(), end), '\n')) {
              if (!SplitBatchId(ParseClaimLine(line).id)) return false;
            }
            return true;
          }};
}

absl::StatusOr<std::unique_ptr<Claims>> Claims::Open(const std::string& path,
                                                     const std::string& owner) {
  const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0644);
  if (fd < 0) return Failed(path, "open it");
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return absl::FailedPreconditionError(
        absl::StrCat("claims file ", path, ": not a regular file; give --claims a file"));
  }
  return std::unique_ptr<Claims>(
      new Claims(path, owner.empty() ? "" : "\t" + EscapeOwner(owner), fd));
}

Claims::~Claims() { close(fd_); }

absl::Status Claims::CatchUp(std::string* torn) {
  char buffer[1 << 16];
  std::string& tail = *torn;  // a line no newline ends yet (a run killed in its write)
  tail.clear();
  for (;;) {
    const ssize_t n = pread(fd_, buffer, sizeof(buffer), read_ + static_cast<long long>(tail.size()));
    if (n < 0) {
      if (errno == EINTR) continue;
      return Failed(path_, "read it");
    }
    if (n == 0) break;
    tail.append(buffer, static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (std::size_t end; (end = tail.find('\n', start)) != std::string::npos; start = end + 1) {
      claimed_.insert(ParseClaimLine(absl::string_view(tail).substr(start, end - start)).id);
    }
    read_ += static_cast<long long>(start);
    tail.erase(0, start);
  }
  return absl::OkStatus();
}

absl::StatusOr<bool> Claims::Claim(const std::string& id) {
  const Locked lock(fd_);
  if (!lock.ok()) return Failed(path_, "lock it");
  std::string torn;
  if (absl::Status s = CatchUp(&torn); !s.ok()) return s;
  if (claimed_.contains(id)) return false;
  // One write of the whole line, under the lock: no other run's line can
  // come between its parts. A torn last line is ended first, so that it
  // stays a line of its own.
  const std::string line = absl::StrCat(torn.empty() ? "" : "\n", id, owner_, "\n");
  if (write(fd_, line.data(), line.size()) != static_cast<ssize_t>(line.size())) {
    return Failed(path_, "append to it");
  }
  if (!torn.empty()) claimed_.insert(ParseClaimLine(torn).id);
  claimed_.insert(id);
  read_ += static_cast<long long>(torn.size() + line.size());
  return true;
}

absl::StatusOr<std::vector<ClaimLine>> ClaimsReader::ReadNew() {
  std::vector<ClaimLine> claims;
  absl::StatusOr<std::string> read = ReadFileFrom(path_, static_cast<std::size_t>(read_));
  if (absl::IsNotFound(read.status())) return claims;
  if (!read.ok()) return read.status();
  const std::string& text = *read;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    claims.push_back(ParseClaimLine(absl::string_view(text).substr(start, end - start)));
  }
  read_ += static_cast<long long>(start);
  return claims;
}

}  // namespace endsolve::batch
