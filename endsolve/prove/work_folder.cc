#include "endsolve/prove/work_folder.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "endsolve/batch/durable_write.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/board/notation.h"
#include "endsolve/output/write_file.h"
#include "endsolve/batch/identity.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/positions/read_file.h"
#include "nlohmann/json.hpp"

namespace endsolve::prove {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// The root as prove.json spells it: board and side, nothing else.
std::string RootText(const Position& root) {
  Position bare;
  bare.board = root.board;
  bare.to_move = root.to_move;
  return FormatObf(bare);
}

// The whole lines of a text, and what follows the last newline.
std::vector<std::string> WholeLines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    lines.push_back(text.substr(start, end - start));
  }
  return lines;
}

// log.jsonl's whole lines that parse as objects.
std::vector<Json> LogLines(const std::string& path) {
  std::vector<Json> lines;
  const absl::StatusOr<std::string> text = ReadFileBytes(path);
  if (!text.ok()) return lines;
  for (const std::string& line : WholeLines(*text)) {
    Json j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_object()) lines.push_back(std::move(j));
  }
  return lines;
}

}  // namespace

absl::StatusOr<std::unique_ptr<LineAppender>> LineAppender::Open(const std::string& path,
                                                                  bool durable) {
  const int fd = open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return absl::ErrnoToStatus(errno, absl::StrCat("cannot open ", path));
  const absl::StatusOr<std::string> text = ReadFileBytes(path);
  if (!text.ok()) {
    close(fd);
    return text.status();
  }
  const std::size_t whole = text->rfind('\n') == std::string::npos ? 0 : text->rfind('\n') + 1;
  if (whole < text->size() && ftruncate(fd, static_cast<off_t>(whole)) != 0) {
    close(fd);
    return absl::ErrnoToStatus(errno, absl::StrCat("cannot cut the torn last line of ", path));
  }
  const int lines = static_cast<int>(std::count(text->begin(), text->begin() + whole, '\n'));
  return std::unique_ptr<LineAppender>(new LineAppender(path, fd, lines, durable));
}

LineAppender::~LineAppender() { close(fd_); }

absl::StatusOr<int> LineAppender::Append(const std::string& lines) {
  const absl::Status written = durable_ ? batch::WriteDurably(fd_, lines, path_)
                                        : batch::WriteAll(fd_, lines, path_);
  if (!written.ok()) return written;
  const int first = lines_ + 1;
  lines_ += static_cast<int>(std::count(lines.begin(), lines.end(), '\n'));
  return first;
}

absl::StatusOr<std::vector<batch::BatchItem>> AppendUnits(LineAppender* file,
                                                          const std::vector<Position>& units) {
  std::string lines;
  for (const Position& unit : units) absl::StrAppend(&lines, FormatObf(unit), "\n");
  const absl::StatusOr<int> first = file->Append(lines);
  if (!first.ok()) return first.status();
  std::vector<batch::BatchItem> items;
  int line = *first;
  for (const Position& unit : units) {
    batch::BatchItem item;
    item.file = file->path();
    item.line = line++;
    item.position = unit;
    item.id = batch::BatchId(item.file, item.line, batch::ItemHash(KeyOf(unit.board), unit.window));
    items.push_back(std::move(item));
  }
  return items;
}

absl::StatusOr<std::unique_ptr<WorkFolder>> WorkFolder::Open(const std::string& root,
                                                             const Position& proven,
                                                             int unit_empties) {
  std::unique_ptr<WorkFolder> folder(new WorkFolder(root));
  std::error_code ec;
  const bool fresh = !fs::exists(folder->State(), ec);
  if (fresh && fs::exists(root, ec)) {
    if (!fs::is_directory(root, ec)) {
      return absl::FailedPreconditionError(
          absl::StrCat("--folder ", root, " is a file; give --folder a new or empty folder"));
    }
    // A new proof goes into a folder that holds nothing else (units/ and
    // results/ may be left by a start stopped before its state was written).
    for (const fs::directory_entry& entry : fs::directory_iterator(root, ec)) {
      const std::string name = entry.path().filename().string();
      if (name == "units" || name == "results") continue;
      return absl::FailedPreconditionError(absl::StrCat(
          "--folder ", root, " holds ", name,
          " and no prove.json: it is not the work folder of a proof, and is left alone; give "
          "--folder a new or empty folder"));
    }
  }
  fs::create_directories(folder->Units(), ec);
  if (!ec) fs::create_directories(folder->Results(), ec);
  if (ec) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot create the work folder ", root, ": ", ec.message()));
  }
  Json want = Json::object();
  want["root"] = RootText(proven);
  want["unit_empties"] = unit_empties;
  if (fresh) {
    if (absl::Status s = WriteFileAtomically(folder->State(), want.dump(2) + "\n"); !s.ok()) {
      return s;
    }
  } else {
    const absl::StatusOr<std::string> text = ReadFileBytes(folder->State());
    if (!text.ok()) return text.status();
    const Json have = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
    if (have.is_discarded() || !have.is_object() || !have.contains("root") ||
        !have.contains("unit_empties")) {
      return absl::FailedPreconditionError(
          absl::StrCat(folder->State(), ": not a proof's state (expected a JSON object with "
                                        "\"root\" and \"unit_empties\"); is ",
                       root, " the work folder of a proof?"));
    }
    if (have["root"] != want["root"]) {
      return absl::FailedPreconditionError(absl::StrCat(
          folder->State(), ": this folder proves ", have["root"].dump(), ", not ",
          want["root"].dump(), "; give each position its own work folder"));
    }
    if (have["unit_empties"] != want["unit_empties"]) {
      return absl::FailedPreconditionError(absl::StrCat(
          folder->State(), ": this folder's units have ", have["unit_empties"].dump(),
          " empties, not ", unit_empties, " (--unit-empties); resume with --unit-empties ",
          have["unit_empties"].dump(), " or use another folder"));
    }
  }
  return folder;
}

absl::StatusOr<std::optional<FirstTest>> WorkFolder::ReadFirstTest() const {
  const absl::StatusOr<std::string> text = ReadFileBytes(State());
  if (!text.ok()) return text.status();
  const Json state = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (!state.is_object() || !state.contains("first_test")) return std::nullopt;
  const Json& saved = state["first_test"];
  if (!saved.is_object() || !saved.contains("test") || !saved["test"].is_number_integer() ||
      saved["test"].get<int>() % 2 != 0) {
    return absl::DataLossError(absl::StrCat(
        State(), ": \"first_test\" should be {\"test\": an even score, \"nodes\": N, "
                 "\"seconds\": S}; found ",
        saved.dump()));
  }
  FirstTest first;
  first.test = saved["test"].get<int>();
  first.nodes = saved.value("nodes", std::uint64_t{0});
  first.seconds = saved.value("seconds", 0.0);
  return first;
}

absl::Status WorkFolder::SaveFirstTest(const FirstTest& first) {
  const absl::StatusOr<std::string> text = ReadFileBytes(State());
  if (!text.ok()) return text.status();
  Json state = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
  state["first_test"] = {{"test", first.test}, {"nodes", first.nodes}, {"seconds", first.seconds}};
  return WriteFileAtomically(State(), state.dump(2) + "\n");
}

absl::Status WorkFolder::LoadTree(ProofTree* tree) const {
  if (!fs::exists(Tree())) return absl::OkStatus();
  const absl::StatusOr<std::string> text = ReadFileBytes(Tree());
  if (!text.ok()) return text.status();
  const std::vector<std::string> lines = WholeLines(*text);  // a torn last line is left out
  // The line as found, escaped and cut (a damaged file may hold any bytes,
  // on one line of megabytes), and what to do: without tree.txt the same
  // command expands the tree again from the root.
  auto bad_line = [&](std::size_t index) {
    constexpr std::size_t kShown = 60;
    std::string found = absl::CHexEscape(lines[index].substr(0, kShown));
    if (lines[index].size() > kShown) found += "...";
    return absl::DataLossError(absl::StrCat(
        Tree(), ":", index + 1,
        ": expected the moves to an expanded position of this root, found '", found,
        "'; the file is damaged: remove it and the same command plans the tree again"));
  };
  std::vector<std::vector<int>> paths;
  for (std::size_t index = 0; index < lines.size(); ++index) {
    const std::string& line = lines[index];
    std::vector<int>& path = paths.emplace_back();
    if (line == "-") continue;
    if (line.size() % 3 != 2) return bad_line(index);
    for (std::size_t i = 0; i < line.size(); i += 3) {
      const std::string name = line.substr(i, 2);
      if (i + 2 < line.size() && line[i + 2] != ' ') return bad_line(index);
      if (name == "PS") {
        path.push_back(kPass);
      } else if (const std::optional<int> square = ParseSquare(name)) {
        path.push_back(*square);
      } else {
        return bad_line(index);
      }
    }
  }
  if (const std::optional<std::size_t> bad = tree->ExpandPaths(paths)) return bad_line(*bad);
  return absl::OkStatus();
}

absl::Status WorkFolder::AppendTree(const std::vector<int>& path) {
  if (tree_ == nullptr) {
    absl::StatusOr<std::unique_ptr<LineAppender>> opened = LineAppender::Open(Tree(), false);
    if (!opened.ok()) return opened.status();
    tree_ = *std::move(opened);
  }
  return tree_->Append(absl::StrCat(path.empty() ? "-" : FormatPv(path), "\n")).status();
}

absl::Status WorkFolder::AppendLog(const std::string& line) {
  if (log_ == nullptr) {
    absl::StatusOr<std::unique_ptr<LineAppender>> opened = LineAppender::Open(Log(), true);
    if (!opened.ok()) return opened.status();
    log_ = *std::move(opened);
  }
  return log_->Append(line + "\n").status();
}

std::optional<int> WorkFolder::TestUnderWay() const {
  std::optional<int> test;
  for (const Json& j : LogLines(Log())) {
    if (j.contains("test") && j["test"].is_number_integer()) test = j["test"].get<int>();
  }
  return test;
}

int WorkFolder::TestsLogged() const {
  int tests = 0;
  for (const Json& j : LogLines(Log())) tests += j.contains("test") ? 1 : 0;
  return tests;
}

double WorkFolder::EarlierWallSeconds() const {
  double wall = 0;
  for (const Json& j : LogLines(Log())) {
    if (j.contains("wall_seconds") && j["wall_seconds"].is_number()) {
      wall += j["wall_seconds"].get<double>();
    }
  }
  return wall;
}

absl::Status WorkFolder::LogTest(int test) {
  Json line = Json::object();
  line["test"] = test;
  return AppendLog(line.dump());
}

absl::Status WorkFolder::LogStop(double wall_seconds) {
  Json line = Json::object();
  line["wall_seconds"] = wall_seconds;
  return AppendLog(line.dump());
}

absl::Status WorkFolder::ReadNewResults(
    const std::function<absl::Status(const batch::ResultRecord&)>& heard) {
  std::vector<std::string> paths;
  for (const fs::directory_entry& entry : fs::directory_iterator(Results())) {
    if (entry.path().extension() != ".jsonl") continue;
    // Read without a check, a FIFO put here would block the manager.
    std::error_code ec;
    if (!entry.is_regular_file(ec)) {
      return absl::FailedPreconditionError(absl::StrCat(
          entry.path().string(), " is not a regular file, and a proof's results/ holds only "
          "the results files its units write: remove it, and the same command resumes"));
    }
    paths.push_back(entry.path().string());
  }
  std::sort(paths.begin(), paths.end());
  for (const std::string& path : paths) {
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    std::uintmax_t& read = read_[path];
    if (ec || size <= read) continue;
    std::ifstream in(path, std::ios::binary);
    in.seekg(static_cast<std::streamoff>(read));
    std::string text(size - read, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    const std::size_t whole = text.rfind('\n');
    if (whole == std::string::npos) continue;
    text.resize(whole + 1);
    const batch::ResultsContents contents = batch::ParseResults(text, path);
    int& lines = lines_read_[path];
    for (batch::ResultRecord r : contents.records) {
      r.line_number += lines;  // the file's line, not the part's
      if (!r.duplicate_of) {
        ++units_;
        nodes_ += r.nodes.value_or(0);
        cpu_seconds_ += r.seconds.value_or(0) * r.threads;
      }
      if (absl::Status s = heard(r); !s.ok()) {
        return absl::Status(s.code(), absl::StrCat(path, ": ", s.message()));
      }
    }
    lines += static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    read += text.size();
  }
  return absl::OkStatus();
}

std::uintmax_t WorkFolder::Bytes() const {
  std::uintmax_t bytes = 0;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root_, ec)) {
    if (entry.is_regular_file(ec)) bytes += entry.file_size(ec);
  }
  return bytes;
}

}  // namespace endsolve::prove
