#include "endsolve/batch/input.h"

#include <algorithm>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/positions/arguments.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/positions/read_file.h"
#include "endsolve/positions/wthor.h"

namespace endsolve::batch {
namespace {

// The text of each line, numbered from 1, as endsolve/positions/position_io.cc numbers
// them: a UTF-8 byte-order mark and the '\r' of CRLF are not part of a line.
std::vector<std::string> SplitLines(absl::string_view text) {
  constexpr absl::string_view kUtf8Bom = "\xEF\xBB\xBF";
  if (absl::StartsWith(text, kUtf8Bom)) text.remove_prefix(kUtf8Bom.size());
  std::vector<std::string> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    absl::string_view line = text.substr(0, end);
    if (absl::EndsWith(line, "\r")) line.remove_suffix(1);
    lines.emplace_back(line);
    if (end == absl::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

// The LINE of an error message "FILE:LINE:COL: ...", or 0 when the message
// does not start with the file's name (a file name may hold colons, so the
// name is matched whole rather than split off).
int ErrorLine(absl::string_view message, absl::string_view file) {
  if (!absl::ConsumePrefix(&message, file) || !absl::ConsumePrefix(&message, ":")) return 0;
  int line = 0;
  return absl::SimpleAtoi(message.substr(0, message.find(':')), &line) ? line : 0;
}

// The bytes a bad item of a .wtb file stands for, in lower-case hex: game
// N's 68-byte record, or for the header (game 0) the header's bytes.
std::string WthorRaw(absl::string_view bytes, int game) {
  absl::string_view part;
  if (game == 0) {
    part = bytes.substr(0, kWthorHeaderBytes);
  } else {
    const std::size_t at = kWthorHeaderBytes + static_cast<std::size_t>(game - 1) * kWthorRecordBytes;
    if (at < bytes.size()) part = bytes.substr(at, kWthorRecordBytes);
  }
  return absl::BytesToHexString(part);
}

}  // namespace

// Parses the text with board/'s reader, then merges its positions and its
// errors back into line order, giving each an id.
std::vector<BatchItem> ItemsOfText(absl::string_view text, const std::string& file,
                                   const ReadOptions& options, int lines_before,
                                   std::vector<std::string>* warnings) {
  const bool wthor = IsWthorFileName(file);
  const std::vector<std::string> lines = wthor ? std::vector<std::string>() : SplitLines(text);
  ReadResult read = ParsePositions(std::string_view(text.data(), text.size()), file, options);
  for (std::string& note : read.notes) warnings->push_back(std::move(note));

  std::vector<BatchItem> items;
  for (Position& position : read.positions) {
    BatchItem item;
    item.file = file;
    item.line = position.line + lines_before;
    position.line = item.line;
    item.id = BatchId(file, item.line, ItemHash(KeyOf(position.board), position.window));
    item.position = std::move(position);
    items.push_back(std::move(item));
  }
  for (const absl::Status& error : read.errors) {
    BatchItem item;
    item.file = file;
    item.error = std::string(error.message());
    if (wthor) {
      item.line = WthorErrorGame(
          std::string_view(error.message().data(), error.message().size()), file);
      item.raw = WthorRaw(text, item.line);
    } else {
      const int line = ErrorLine(error.message(), file);
      if (line >= 1 && line <= static_cast<int>(lines.size())) item.raw = lines[line - 1];
      item.line = line + lines_before;
      if (lines_before > 0 && line > 0) {
        // The reader numbered the text's own lines: the file's number instead.
        absl::string_view rest = error.message();
        rest.remove_prefix(file.size() + 1 + absl::StrCat(line).size());
        item.error = absl::StrCat(file, ":", item.line, rest);
      }
    }
    item.id = BatchId(file, item.line, Fnv1a64(item.raw));
    items.push_back(std::move(item));
  }
  std::stable_sort(items.begin(), items.end(),
                   [](const BatchItem& a, const BatchItem& b) { return a.line < b.line; });
  return items;
}

absl::StatusOr<BatchInput> LoadBatchInput(const std::vector<std::string>& files,
                                          const ReadOptions& options) {
  BatchInput input;
  std::set<std::string> seen;
  for (const std::string& file : files) {
    if (!seen.insert(CanonicalFileName(file)).second) {
      input.warnings.push_back(
          absl::StrCat(file, ": named more than once; its positions are taken once"));
      continue;
    }
    absl::StatusOr<std::string> text = ReadFileBytes(file);
    if (!text.ok()) return text.status();
    for (BatchItem& item : ItemsOfText(*text, file, options, 0, &input.warnings)) {
      input.items.push_back(std::move(item));
    }
  }
  return input;
}

absl::StatusOr<std::vector<BatchItem>> SelectRange(std::vector<BatchItem> items,
                                                   const std::string& range) {
  std::vector<Position> positions;
  for (const BatchItem& item : items) {
    if (item.ok()) positions.push_back(*item.position);
  }
  absl::StatusOr<std::vector<bool>> in = InRangeFlags(positions, range);
  if (!in.ok()) return in.status();
  std::vector<BatchItem> chosen;
  std::size_t good = 0;
  for (BatchItem& item : items) {
    if (!item.ok() || (*in)[good++]) chosen.push_back(std::move(item));
  }
  return chosen;
}

std::vector<BatchItem> SelectShard(std::vector<BatchItem> items, const Shard& shard) {
  std::vector<BatchItem> chosen;
  for (BatchItem& item : items) {
    if (InShard(item.id, shard)) chosen.push_back(std::move(item));
  }
  return chosen;
}

}  // namespace endsolve::batch
