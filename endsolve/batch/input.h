// The work list of a batch: every position and every bad line of the input
// files, each with its id (endsolve/batch/identity.h), in file and line order.
#ifndef ENDSOLVE_BATCH_INPUT_H_
#define ENDSOLVE_BATCH_INPUT_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/batch/identity.h"
#include "endsolve/board/position.h"
#include "endsolve/positions/position_io.h"

namespace endsolve::batch {

struct BatchItem {
  std::string id;
  std::string file;                  // as given on the command line
  int line = 0;                      // 1-based; for .pos files the board's line; for
                                     // .wtb files the game number (0: the header)
  std::optional<Position> position;  // empty for a bad line
  std::string error;                 // a bad line's message, FILE:LINE:COL: ...
                                     // (.wtb: FILE: game N, move M: ...)
  std::string raw;                   // a bad line's text, as read (.wtb: the bad game's
                                     // 68-byte record, or the header, in hex)
  bool ok() const { return position.has_value(); }
};

struct BatchInput {
  std::vector<BatchItem> items;
  std::vector<std::string> warnings;  // e.g. a file named twice, a .wtb game that ends early
};

// Reads the files in order. A bad line becomes an item too, so that it gets
// an id, a shard and a bad-input record like any position; a file that
// cannot be read at all fails the whole batch, before anything is written.
// A file named twice, under any spelling (CanonicalFileName), is read once
// (its positions would be recorded twice), with a warning.
// `options` chooses the position of each game of a .wtb file, so it is part
// of what the ids depend on.
absl::StatusOr<BatchInput> LoadBatchInput(const std::vector<std::string>& files,
                                          const ReadOptions& options = {});

// The items of one file's text, as LoadBatchInput gives them, its
// positions and its errors merged in line order; `lines_before` lines of
// the file precede the text (a followed file read in parts: endsolve/batch/follow.h),
// so that lines and ids are the file's. Notes go to `warnings`.
std::vector<BatchItem> ItemsOfText(absl::string_view text, const std::string& file,
                                   const ReadOptions& options, int lines_before,
                                   std::vector<std::string>* warnings);

// The items whose position's number lies in `range` (endsolve/positions/arguments.h's
// InRangeFlags, the place counted among the good positions, as `solve`
// counts it), and every bad line, which has no number and still gets its
// bad-input record; in the same order. A range that matches no position
// is an error.
absl::StatusOr<std::vector<BatchItem>> SelectRange(std::vector<BatchItem> items,
                                                   const std::string& range);

// The items of one shard, in the same order.
std::vector<BatchItem> SelectShard(std::vector<BatchItem> items, const Shard& shard);

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_INPUT_H_
