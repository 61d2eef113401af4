// Positions named on a command line, as every front end reads them: each
// argument is a position file, an .obf-style position line or a move
// transcript. Then the choice of some of them by number, and their short ids.
#ifndef ENDSOLVE_POSITIONS_ARGUMENTS_H_
#define ENDSOLVE_POSITIONS_ARGUMENTS_H_

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "endsolve/board/position.h"
#include "endsolve/positions/position_io.h"

namespace endsolve {

struct LoadedPositions {
  std::vector<Position> positions;
  std::vector<absl::Status> errors;  // one per bad line or unreadable argument
  std::vector<std::string> error_inputs;  // the argument each error came from, as given
  std::vector<std::string> notes;  // not errors: .wtb games that end early (ReadResult)
};

// The most errors of one input shown to a user: a file of random bytes has
// an error a line, and 20 are enough to see what is wrong.
inline constexpr int kMaxErrorsShownPerInput = 20;

// The messages of `loaded`'s errors as a user should see them: each input's
// first kMaxErrorsShownPerInput, then for an input with more, one line
// "INPUT: N more errors not shown (M in all)". Every front end prints these,
// so that a garbage file of any size gives a screenful, not megabytes.
std::vector<std::string> ErrorReport(const LoadedPositions& loaded);

// Reads every argument in order. An argument naming an existing file, or
// "-" (standard input), is read as a file (with `options`: which position of
// each game of a .wtb file, and which games); anything else is parsed as one
// position, whose line is its argument's number (from 1) and whose label is
// what was typed when that makes a short name (kMaxTypedIdLength). Errors
// are collected, not fatal, so that the good positions still get solved;
// a position that does not parse is named "argument N" in its error.
LoadedPositions LoadPositions(const std::vector<std::string>& args,
                              const ReadOptions& options = {});

// Parses a range of position numbers, "A-B" or "A", inclusive; "" is all.
absl::StatusOr<std::pair<int, int>> ParseRange(const std::string& text);

// Which of `positions` have their number in `range` ("40-49", "40" or
// empty for all), one flag each. A position's number is its FFO label
// (#40), else its game number in a .wtb file (label "game 17"), else its
// 1-based place in the input. A range that matches none of them is an error.
absl::StatusOr<std::vector<bool>> InRangeFlags(const std::vector<Position>& positions,
                                               const std::string& range);

// Keeps the positions whose number lies in `range`, as InRangeFlags says.
absl::StatusOr<std::vector<Position>> SelectRange(std::vector<Position> positions,
                                                  const std::string& range);

// A position typed on the command line is named by what the user typed
// when that is a move transcript (letters and digits; spaces, which users
// paste between moves, left out) of at most this many characters, 16 moves:
// "f5d6c3". Anything else typed (a 64-square board and its side, a longer
// game) is "position N", N its argument's number, since 65 and more
// characters would widen every table's id column and bury the figures.
inline constexpr std::size_t kMaxTypedIdLength = 32;

// A short stable name for a position in tables, JSON lines and pictures:
// its FFO label ("#40"), else FILE:LINE (for a .wtb file FILE:GAME), else
// the label of a position without a file (what was typed, see above, or a
// caller's name such as "initial position"), else "position N" (N its
// line: its argument's number).
std::string PositionId(const Position& position);

// The width of a table's id column for these positions: the longest id,
// at least kMinIdWidth, so that long ids (paths, line numbers) keep the
// other columns in line.
inline constexpr int kMinIdWidth = 8;
int IdColumnWidth(const std::vector<Position>& positions);

}  // namespace endsolve

#endif  // ENDSOLVE_POSITIONS_ARGUMENTS_H_
