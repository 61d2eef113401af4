#include "endsolve/positions/arguments.h"

#include <algorithm>
#include <filesystem>
#include <limits>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"

#include "absl/strings/str_cat.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/positions/read_file.h"

namespace endsolve {
// Parses "A-B" or "A" into an inclusive range.
absl::StatusOr<std::pair<int, int>> ParseRange(const std::string& text) {
  if (text.empty()) return std::pair<int, int>{std::numeric_limits<int>::min(),
                                               std::numeric_limits<int>::max()};
  std::vector<absl::string_view> parts = absl::StrSplit(text, '-');
  int lo = 0, hi = 0;
  if (parts.size() > 2 || !absl::SimpleAtoi(parts.front(), &lo) ||
      !absl::SimpleAtoi(parts.back(), &hi) || lo > hi) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected FIRST-LAST such as 40-44, found '", text, "'"));
  }
  return std::pair<int, int>{lo, hi};
}

namespace {

constexpr absl::string_view kGameLabel = "game ";

// The number --range selects by: the FFO label "#N", else the game number of
// a WTHOR label "game N", else the place.
int PositionNumber(const Position& p, int index) {
  int n = 0;
  if (p.label.size() > 1 && p.label[0] == '#' && absl::SimpleAtoi(p.label.substr(1), &n)) return n;
  if (absl::StartsWith(p.label, kGameLabel) &&
      absl::SimpleAtoi(absl::string_view(p.label).substr(kGameLabel.size()), &n)) {
    return n;
  }
  return index + 1;
}

}  // namespace

absl::StatusOr<std::vector<bool>> InRangeFlags(const std::vector<Position>& positions,
                                               const std::string& range_text) {
  auto range = ParseRange(range_text);
  if (!range.ok()) return range.status();
  std::vector<bool> in(positions.size(), false);
  bool any = false;
  int lowest = std::numeric_limits<int>::max(), highest = std::numeric_limits<int>::min();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const int n = PositionNumber(positions[i], static_cast<int>(i));
    lowest = std::min(lowest, n);
    highest = std::max(highest, n);
    in[i] = n >= range->first && n <= range->second;
    any = any || in[i];
  }
  // A range that selects nothing from positions that were read is a
  // mistake to report, not a run to call successful.
  if (!any && !positions.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--range ", range_text, " matched none of the ", positions.size(),
        " positions read (their numbers run from ", lowest, " to ", highest, ")"));
  }
  return in;
}

absl::StatusOr<std::vector<Position>> SelectRange(std::vector<Position> positions,
                                                  const std::string& range) {
  absl::StatusOr<std::vector<bool>> in = InRangeFlags(positions, range);
  if (!in.ok()) return in.status();
  std::vector<Position> chosen;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if ((*in)[i]) chosen.push_back(std::move(positions[i]));
  }
  return chosen;
}

namespace {

// True when `arg` reads as a file name rather than a position: it holds a
// '/' or ends in an extension such as ".obf" (positions and move lists hold
// neither).
bool LooksLikeAFileName(absl::string_view arg) {
  if (absl::StrContains(arg, '/')) return true;
  const std::size_t dot = arg.rfind('.');
  if (dot == absl::string_view::npos || dot + 1 == arg.size() || arg.size() - dot > 5) return false;
  return std::all_of(arg.begin() + static_cast<std::ptrdiff_t>(dot) + 1, arg.end(),
                     [](char c) { return absl::ascii_isalnum(static_cast<unsigned char>(c)); });
}

// The name of a position typed as `arg` (TypedName in arguments.h): the
// text without its whitespace when that is a short run of letters and
// digits, else "" (the id is then "position N").
std::string TypedName(absl::string_view arg) {
  std::string name;
  for (const char c : arg) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (absl::ascii_isspace(u)) continue;
    if (!absl::ascii_isalnum(u) || name.size() == kMaxTypedIdLength) return "";
    name.push_back(c);
  }
  return name;
}

}  // namespace

// An argument is a file when something of that name exists: a regular file,
// and also /dev/stdin, a pipe or a process substitution, read as batch reads
// them (endsolve/positions/read_file.h); "-" is standard input. Otherwise it is a
// position; one that does not parse is reported as a missing file when it
// looks like a file's name.
LoadedPositions LoadPositions(const std::vector<std::string>& args, const ReadOptions& options) {
  LoadedPositions loaded;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    std::error_code ec;
    if (arg == kStandardInput || std::filesystem::exists(arg, ec)) {
      auto read = ReadPositionFile(arg, options);
      if (!read.ok()) {
        loaded.errors.push_back(read.status());
        loaded.error_inputs.push_back(arg);
        continue;
      }
      for (Position& p : read->positions) loaded.positions.push_back(std::move(p));
      for (std::string& note : read->notes) loaded.notes.push_back(std::move(note));
      for (absl::Status& e : read->errors) {
        loaded.errors.push_back(std::move(e));
        loaded.error_inputs.push_back(arg);
      }
      continue;
    }
    const std::string source = absl::StrCat("argument ", i + 1);
    auto position = ParsePositionText(arg, source);
    if (!position.ok() && LooksLikeAFileName(arg)) {
      loaded.errors.push_back(
          absl::NotFoundError(absl::StrCat("cannot open ", arg, ": no such file")));
      loaded.error_inputs.push_back(arg);
      continue;
    }
    if (!position.ok()) {
      loaded.errors.push_back(absl::InvalidArgumentError(absl::StrCat(
          position.status().message(), " (and no file named '", arg, "' exists)")));
      loaded.error_inputs.push_back(source);
      continue;
    }
    position->line = static_cast<int>(i + 1);
    position->label = TypedName(arg);
    loaded.positions.push_back(std::move(*position));
  }
  return loaded;
}

// Errors are grouped by their input as they come, in order: one input's
// errors are consecutive. An error without a recorded input (a list built
// by hand) counts as its own group.
std::vector<std::string> ErrorReport(const LoadedPositions& loaded) {
  std::vector<std::string> lines;
  const std::vector<absl::Status>& errors = loaded.errors;
  std::size_t i = 0;
  while (i < errors.size()) {
    const bool named = i < loaded.error_inputs.size();
    std::size_t end = i + 1;
    while (named && end < errors.size() && end < loaded.error_inputs.size() &&
           loaded.error_inputs[end] == loaded.error_inputs[i]) {
      ++end;
    }
    const std::size_t count = end - i;
    const std::size_t shown = std::min<std::size_t>(count, kMaxErrorsShownPerInput);
    for (std::size_t k = i; k < i + shown; ++k) lines.emplace_back(errors[k].message());
    if (count > shown) {
      lines.push_back(absl::StrCat(loaded.error_inputs[i], ": ", count - shown,
                                   " more errors not shown (", count, " in all)"));
    }
    i = end;
  }
  return lines;
}

// Only FFO labels stand alone: a WTHOR label ("game 17") needs its file.
// Without a file, the label is what the user typed (LoadPositions) or a
// name the caller gave ("initial position").
std::string PositionId(const Position& position) {
  if (absl::StartsWith(position.label, "#")) return position.label;
  if (!position.file.empty()) return absl::StrCat(position.file, ":", position.line);
  if (!position.label.empty()) return position.label;
  if (position.line <= 0) return "position";
  return absl::StrCat("position ", position.line);
}

int IdColumnWidth(const std::vector<Position>& positions) {
  int width = kMinIdWidth;
  for (const Position& p : positions) width = std::max(width, static_cast<int>(PositionId(p).size()));
  return width;
}

}  // namespace endsolve
