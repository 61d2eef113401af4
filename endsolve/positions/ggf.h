// Reading games in GGF, the Generic Game Format of the Generic Game Server
// (GGS), which NBoard sends its engines (`set game`) and writes to its game
// files. A game is one record
//
//   (;GM[Othello]PC[NBoard]PB[black]PW[white]RE[+12.00]TY[8]
//     BO[8 ---------------------------O*------*O--------------------------- *]
//     B[F5]W[F6//1.5]B[D3/-2.00/0.3]...;)
//
// of tags NAME[value]: BO the starting board (its size, 8, then 64 squares
// row by row, '*' black, 'O' white, '-' empty, spaces allowed between them,
// then the colour to move), then B and W the moves in play order, each
// "SQUARE[/EVAL[/TIME]]" with PA or PASS for a pass (any case). A value
// may hold "\]" for a ']' that does not end it. Tags the reader does not
// need (the players, the result, the clock, comments) are kept as text
// where they are useful (PB, PW, RE) and otherwise skipped. A file holds
// any number of records, one after another.
//
// GGS writes a pass only where a side had no move; NBoard does the same, and
// an engine must also follow a move list that leaves the pass out, so a
// move of the side that did not have the turn is taken as played after a
// pass when the side to move had no legal move.
//
// Errors are user errors (absl::Status), each naming the source, the
// game's 1-based number, the line of the text and what was expected:
//   game.ggf: game 2 (line 7): expected a legal move for white, found 'A1'
#ifndef ENDSOLVE_POSITIONS_GGF_H_
#define ENDSOLVE_POSITIONS_GGF_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "endsolve/board/position.h"

namespace endsolve {

struct GgfGame {
  int number = 1;                 // 1-based, in its text
  int line = 1;                   // the line of its "(;"
  Board start;                    // from the side to move's point of view
  Color start_to_move = Color::kBlack;
  std::vector<int> moves;         // squares 0..63 and kPass, in play order, passes included
  std::string black, white;       // PB and PW, "" when absent
  std::string result;             // RE as written, "" when absent

  // The position after the first `plies` moves (0: the start), with the
  // colour to move. `plies` must be at most moves.size().
  Position After(std::size_t plies) const;
  // The position at the end of the moves.
  Position End() const { return After(moves.size()); }
};

// Whether `text` is a pass as GGF and NBoard write it: PA, PASS or PS, any case.
bool IsGgfPass(std::string_view text);

// Plays one move at the end of `game`: `text` is "SQUARE[/EVAL[/TIME]]" or
// a pass, `color` the side that plays it (a record's B or W), or none for the
// side whose turn it is (NBoard's `move`). A pass only where the side to
// move has no legal move; a move of the other side, or a square the side to
// move cannot take while the other can, after a pass that was not written
// (the pass goes into `moves`). `end` is game.End(), which the caller keeps
// so that a game is not replayed from its start at every move; it follows
// the moves played. On a bad move `game` and `end` are unchanged and the
// status says what was expected, the caller's place in front of it:
//   expected a legal move for white, found 'A1'
absl::Status PlayGgfMove(GgfGame& game, Position& end, std::string_view text,
                         std::optional<Color> color);

// Parses one GGF record, the whole of `text` but for surrounding spaces.
// `source` starts every error message.
absl::StatusOr<GgfGame> ParseGgfGame(std::string_view text, std::string_view source);

struct GgfFile {
  std::vector<GgfGame> games;         // the good games, in order
  std::vector<absl::Status> errors;   // one per bad game, in order
};

// Parses every record of `text`; a bad record is an error and the others
// still come through. Text outside the records (blank lines) is allowed;
// anything else there is an error.
GgfFile ParseGgfFile(std::string_view text, std::string_view source);

// Reads and parses a file. Fails only when the file cannot be read.
absl::StatusOr<GgfFile> ReadGgfFile(const std::string& path);

// The record of a game as NBoard and GGS write it: GM, TY and BO, then
// the moves (PB, PW and RE when not empty). ParseGgfGame reads it back.
std::string ToGgf(const GgfGame& game);

// True when `file_name` ends in ".ggf" in any case.
bool IsGgfFileName(std::string_view file_name);

}  // namespace endsolve

#endif  // ENDSOLVE_POSITIONS_GGF_H_
