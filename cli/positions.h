// Turning command-line arguments into positions: each argument is a position
// file, an .obf-style position line, or a move transcript.
#ifndef ENDSOLVE_CLI_POSITIONS_H_
#define ENDSOLVE_CLI_POSITIONS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "board/position.h"
#include "board/position_io.h"

namespace endsolve::cli {

struct LoadedPositions {
  std::vector<Position> positions;
  std::vector<absl::Status> errors;  // one per bad line or unreadable argument
};

// Reads every argument in order. An argument naming an existing file is read
// as a file (with `options`: which position of each game of a .wtb file);
// anything else is parsed as one position. Errors are collected, not fatal,
// so that the good positions still get solved.
LoadedPositions LoadPositions(const std::vector<std::string>& args,
                              const ReadOptions& options = {});

// The read options from the --empties flag ("" for the default, else 0..60);
// InvalidArgument for anything else.
absl::StatusOr<ReadOptions> ReadOptionsFromFlags();

// Keeps the positions whose number lies in the --range flag ("40-49", "40"
// or empty for all). A position's number is its FFO label (#40), else its
// game number in a .wtb file (label "game 17"), else its 1-based place in
// the input.
absl::StatusOr<std::vector<Position>> SelectRangeFromFlag(std::vector<Position> positions);

// A short stable name for a position in tables: its FFO label ("#40"), else
// FILE:LINE (for a .wtb file FILE:GAME), else "arg N".
std::string PositionId(const Position& position);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_POSITIONS_H_
