#include "endsolve/batch/results_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "endsolve/batch/durable_write.h"

namespace endsolve::batch {
namespace {

// Reads the whole of an open file from its start, refusing a line longer
// than kMaxResultsLineBytes.
absl::StatusOr<std::string> ReadFd(int fd, const std::string& path) {
  std::string text;
  char buffer[1 << 16];
  off_t offset = 0;
  while (true) {
    const ssize_t n = pread(fd, buffer, sizeof buffer, offset);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return absl::ErrnoToStatus(errno, absl::StrCat("cannot read ", path));
    if (n == 0) return text;
    text.append(buffer, static_cast<std::size_t>(n));
    offset += n;
    const std::size_t last_newline = text.rfind('\n');
    const std::size_t open_line =
        last_newline == std::string::npos ? text.size() : text.size() - last_newline - 1;
    if (open_line > kMaxResultsLineBytes) {
      const auto line = std::count(text.begin(), text.end(), '\n') + 1;
      return absl::InvalidArgumentError(absl::StrCat(
          path, ":", line, ": a line of more than ", kMaxResultsLineBytes,
          " bytes; a results record is under 2 KB, so this is not a results file"));
    }
  }
}

// Syncs the folder holding `path`, so that a newly created name is durable.
void SyncParentFolder(const std::string& path) {
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (parent.empty()) parent = ".";
  const int dir = open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return;  // best effort: the data itself is synced either way
  fsync(dir);
  close(dir);
}

}  // namespace

// Two passes: parse every line, then decide which bad line is the torn last
// one (the last non-blank line, when bad) and which are corrupted ones.
ResultsContents ParseResults(absl::string_view text, absl::string_view name) {
  struct BadLine {
    int number;
    std::uint64_t start;
    std::string why;
  };
  ResultsContents contents;
  std::vector<BadLine> bad;
  bool last_is_bad = false;
  std::uint64_t offset = 0;
  int line_number = 0;
  while (offset < text.size()) {
    ++line_number;
    const std::size_t newline = text.find('\n', offset);
    const bool whole = newline != absl::string_view::npos;
    const std::size_t end = whole ? newline : text.size();
    const absl::string_view line = text.substr(offset, end - offset);
    const std::uint64_t start = offset;
    offset = whole ? end + 1 : end;
    if (whole && line.find_first_not_of(" \t\r") == absl::string_view::npos) continue;
    absl::StatusOr<ResultRecord> record =
        whole ? ParseRecord(line) : absl::DataLossError("no newline at its end");
    last_is_bad = !record.ok();
    if (!record.ok()) {
      bad.push_back({line_number, start, std::string(record.status().message())});
      continue;
    }
    record->line_number = line_number;
    contents.records.push_back(*std::move(record));
  }
  contents.complete_bytes = text.size();
  if (last_is_bad) {
    contents.torn_line = bad.back().number;
    contents.complete_bytes = bad.back().start;
    contents.torn_bytes = text.size() - bad.back().start;
    bad.pop_back();
  }
  for (const BadLine& b : bad) {
    contents.warnings.push_back(
        absl::StrCat(name, ":", b.number, ": ignoring a corrupted line (", b.why, ")"));
  }
  return contents;
}

// A first line that does not parse is allowed only as the file's one torn
// line: a prefix of a record's start, or zero bytes alone.
absl::Status CheckResultsText(absl::string_view text, absl::string_view name) {
  constexpr absl::string_view kRecordStart = R"({"id":")";
  std::size_t offset = 0;
  int line_number = 0;
  while (offset < text.size()) {
    ++line_number;
    const std::size_t newline = text.find('\n', offset);
    const std::size_t end = newline == absl::string_view::npos ? text.size() : newline;
    const absl::string_view line = text.substr(offset, end - offset);
    offset = newline == absl::string_view::npos ? text.size() : newline + 1;
    if (line.find_first_not_of(" \t\r") == absl::string_view::npos) continue;
    const absl::StatusOr<ResultRecord> record = ParseRecord(line);
    if (record.ok()) return absl::OkStatus();
    const bool only_line =
        text.substr(offset).find_first_not_of(" \t\r\n") == absl::string_view::npos;
    const bool record_start = absl::StartsWith(line, kRecordStart) ||
                              absl::StartsWith(kRecordStart, line);
    const bool zeros = line.find_first_not_of('\0') == absl::string_view::npos;
    if (only_line && (record_start || zeros)) return absl::OkStatus();
    return absl::FailedPreconditionError(absl::StrCat(
        name, ":", line_number, ": not a results file: its first line is not a result record (",
        record.status().message(),
        "); a results file of endsolve batch holds one JSON record a line"));
  }
  return absl::OkStatus();
}

OutputKind ResultsFileKind() {
  return {"a results file of endsolve batch", [](std::string_view head) {
            // The head's last line may be cut by its length: whole lines only,
            // unless there is just one.
            const std::size_t end = head.rfind('\n');
            const std::string_view whole = end == std::string_view::npos ? head : head.substr(0, end + 1);
            return CheckResultsText(absl::string_view(whole.data(), whole.size()), "").ok();
          }};
}

absl::StatusOr<ResultsContents> ReadResultsFile(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return absl::ErrnoToStatus(errno, absl::StrCat("cannot open ", path));
  absl::StatusOr<std::string> text = ReadFd(fd, path);
  close(fd);
  if (!text.ok()) return text.status();
  if (absl::Status s = CheckResultsText(*text, path); !s.ok()) return s;
  ResultsContents contents = ParseResults(*text, path);
  if (contents.torn_bytes > 0) {
    contents.warnings.push_back(absl::StrCat(path, ":", contents.torn_line,
                                             ": ignoring a torn last line (", contents.torn_bytes,
                                             " bytes), as left by an interrupted write"));
  }
  return contents;
}

std::map<std::string, const ResultRecord*> LatestById(const ResultsContents& contents) {
  std::map<std::string, const ResultRecord*> latest;
  for (const ResultRecord& record : contents.records) latest[record.id] = &record;
  return latest;
}

// Opening without O_CREAT first tells "resumed" from "created" without a
// race: O_EXCL then guarantees that this process made the file.
absl::StatusOr<std::unique_ptr<ResultsAppender>> ResultsAppender::Open(const std::string& path,
                                                                       bool create_only) {
  constexpr int kFlags = O_RDWR | O_APPEND | O_CLOEXEC;
  constexpr mode_t kMode = 0644;
  int fd = create_only ? -1 : open(path.c_str(), kFlags);
  bool created = false;
  if (fd < 0 && (create_only || errno == ENOENT)) {
    fd = open(path.c_str(), kFlags | O_CREAT | O_EXCL, kMode);
    created = fd >= 0;
    if (fd < 0 && errno == EEXIST && create_only) {
      return absl::AlreadyExistsError(absl::StrCat(
          path,
          " already exists and --no-resume was given; it is left alone. Resume it (drop "
          "--no-resume), or choose another --out, or remove it yourself"));
    }
  }
  if (fd < 0) return absl::ErrnoToStatus(errno, absl::StrCat("cannot open ", path));
  std::unique_ptr<ResultsAppender> file(new ResultsAppender(path, fd));
  struct stat info {};
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, " is not a regular file (a device, a pipe or a folder); results need a file of "
              "their own"));
  }
  file->created_ = created;
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(path,
                     " is locked by another running endsolve batch; two batches must not "
                     "append to one results file"));
  }
  if (created) {
    SyncParentFolder(path);
    return file;
  }
  absl::StatusOr<std::string> text = ReadFd(fd, path);
  if (!text.ok()) return text.status();
  if (absl::Status s = CheckResultsText(*text, path); !s.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(s.message(), ". It is left alone: give --out a new file, or a results file"));
  }
  file->contents_ = ParseResults(*text, path);
  if (file->contents_.torn_bytes > 0) {
    if (ftruncate(fd, static_cast<off_t>(file->contents_.complete_bytes)) != 0 || fsync(fd) != 0) {
      return absl::ErrnoToStatus(errno, absl::StrCat("cannot cut the torn last line off ", path));
    }
  }
  return file;
}

ResultsAppender::~ResultsAppender() {
  if (fd_ < 0) return;
  if (unsynced_) fsync(fd_);
  close(fd_);  // also releases the lock
}

// The whole line, then fsync (WriteDurably): on disk when this returns;
// with a sync period, synced once the period since the last sync is over.
absl::Status ResultsAppender::Append(const Json& record) {
  if (sync_period_ == absl::ZeroDuration()) {
    return WriteDurably(fd_, DumpLine(record) + "\n", path_);
  }
  if (absl::Status s = WriteAll(fd_, DumpLine(record) + "\n", path_); !s.ok()) return s;
  unsynced_ = true;
  const absl::Time now = absl::Now();
  if (now - synced_ < sync_period_) return absl::OkStatus();
  if (fsync(fd_) != 0) return absl::ErrnoToStatus(errno, absl::StrCat("cannot sync ", path_));
  synced_ = now;
  unsynced_ = false;
  return absl::OkStatus();
}

}  // namespace endsolve::batch
