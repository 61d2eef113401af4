#include "endsolve/output/output_path.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace endsolve {
namespace {

namespace fs = std::filesystem;

// The absolute path of `path` with its folder's links resolved, the name
// itself kept (a link at the name is the file a write would replace).
std::string Resolved(const std::string& path) {
  std::error_code ec;
  fs::path absolute = fs::absolute(fs::path(path), ec).lexically_normal();
  if (ec) return path;
  if (!absolute.has_filename()) return absolute.string();
  const fs::path folder = fs::weakly_canonical(absolute.parent_path(), ec);
  return ec ? absolute.string() : (folder / absolute.filename()).string();
}

// Up to kOutputHeadBytes of the regular file at `path`. Opened without
// blocking (a FIFO put there is refused before, by its type).
std::string Head(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return "";
  std::string head(kOutputHeadBytes, '\0');
  std::size_t got = 0;
  while (got < head.size()) {
    const ssize_t n = read(fd, head.data() + got, head.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  close(fd);
  head.resize(got);
  return head;
}

}  // namespace

OutputKind CsvTable(std::string name, std::string header) {
  return {std::move(name), [header = std::move(header)](std::string_view head) {
            return head.starts_with(header + "\n") || head == header;
          }};
}

OutputKind SvgPicture() {
  return {"an SVG picture", [](std::string_view head) {
            return head.starts_with("<svg ") || head.starts_with("<?xml");
          }};
}

OutputKind PlotPicture(const std::string& path) {
  if (absl::AsciiStrToLower(fs::path(path).extension().string()) == ".png") {
    return {"a PNG picture",
            [](std::string_view head) { return head.starts_with("\x89PNG\r\n\x1a\n"); }};
  }
  return SvgPicture();
}

OutputKind JsonLines(std::string name) {
  return {std::move(name), [](std::string_view head) { return head.empty() || head[0] == '{'; }};
}

bool SameFile(const std::string& a, const std::string& b) {
  struct stat sa, sb;
  if (stat(a.c_str(), &sa) == 0 && stat(b.c_str(), &sb) == 0) {
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  }
  return Resolved(a) == Resolved(b);
}

absl::Status CheckOutputPath(const std::string& option, const std::string& path,
                             const OutputKind& kind, const std::vector<std::string>& inputs) {
  const std::string named = absl::StrCat(option, " ", path);
  if (path.empty()) return absl::OkStatus();
  std::error_code ec;
  const fs::path folder = fs::path(path).parent_path();
  if (!folder.empty() && !fs::is_directory(folder, ec)) {
    return absl::InvalidArgumentError(
        absl::StrCat(named, ": there is no folder ", folder.string(), " to write it in"));
  }
  for (const std::string& input : inputs) {
    if (SameFile(path, input)) {
      return absl::InvalidArgumentError(absl::StrCat(
          named, " is also an input of this run; an output goes to a file of its own"));
    }
  }
  struct stat st;
  if (lstat(path.c_str(), &st) != 0) return absl::OkStatus();  // a new file
  if (stat(path.c_str(), &st) != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(named, " is a symbolic link to nothing; it is left alone: remove it or give ",
                     option, " another file"));
  }
  if (S_ISDIR(st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(named, " is a folder; expected a file name"));
  }
  if (!S_ISREG(st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(
        named, " is not a regular file (a device, a pipe or a socket); give ", option,
        " a file"));
  }
  if (!kind.recognizes) {
    return absl::AlreadyExistsError(absl::StrCat(named, " exists; it is left alone: give ", option,
                                                 " a file that does not exist yet"));
  }
  if (!kind.recognizes(Head(path))) {
    return absl::AlreadyExistsError(absl::StrCat(named, " exists and is not ", kind.name,
                                                 "; it is left alone: remove it or give ", option,
                                                 " another file"));
  }
  return absl::OkStatus();
}

}  // namespace endsolve
