// Reading and writing position files.
//
// Formats read:
//  - Edax .obf: one position per line, a 64-character board (A1 ... H8, row
//    by row), a space, the side to move, then optional `; MOVE:score;`
//    answers, best first, and among them at most one `; window:LO,HI;`
//    (the position's ScoreWindow). `%` starts a comment; blank lines are
//    skipped.
//    X, x, b, * are black; O, o, w are white; -, . are empty.
//  - A plain line: the 64-character board and a side, nothing after it. (A
//    special case of .obf.)
//  - FFO .pos: the board on the first non-blank line; the next line holds
//    Black or White in any case, maybe followed by "to move", and nothing
//    else; later lines may describe the position, but none may start another
//    one (a board, or a Black or White line). Chosen by the `.pos` file
//    extension.
//  - A move transcript from the initial position, such as `f5d6c3d3c4`
//    (either case), with forced passes implied.
//    A line that starts with a square name is a transcript, in a file as on
//    the command line; the position is the one after the last move, with a
//    forced pass at the end applied too.
//  - WTHOR game databases (.wtb, binary; endsolve/positions/wthor.h): one position per
//    game, the one with a chosen number of empty squares (ReadOptions), with
//    the game's theoretical score as its answer at the file's theoretical
//    depth. Chosen by the `.wtb` file extension, in any case. Errors name the
//    game instead of a line: `FILE: game N, move M: expected ..., found ...`.
// Quietly accepted: CRLF line endings, a UTF-8 BOM, a missing final newline,
// trailing blank lines.
//
// Errors are user errors, so they are absl::Status values, never crashes:
// one per bad line, with a message of the form
//   FILE:LINE:COLUMN: expected WHAT, found WHAT
// (for example `positions.obf:7:66: expected side to move 'X' or 'O', found
// 'Z'`). Reading carries on with the next line.
//
// Besides the syntax, every position read is checked as far as a line allows:
// the four centre squares are occupied (no game empties them), each answer's
// move is legal (a pass, `PS`, only when the side to move has no move) and
// answered once, each score lies in -64..+64, and a transcript's moves are
// legal and end with the game at the latest. Columns count bytes from 1.
#ifndef ENDSOLVE_POSITIONS_POSITION_IO_H_
#define ENDSOLVE_POSITIONS_POSITION_IO_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "endsolve/board/position.h"

namespace endsolve {

struct ReadResult {
  std::vector<Position> positions;     // the good ones, in file order
  std::vector<absl::Status> errors;    // one per bad line (or game), in file order
  // Not errors: the real games of a .wtb file that end before the empties
  // asked for (a resignation, a game over), left out, in game order.
  std::vector<std::string> notes;
};

// What a file alone does not say about the positions wanted from it.
struct ReadOptions {
  // .wtb files: the number of empty squares of each game's position, 0..60;
  // nullopt for the file's theoretical depth, or 24 when the file has none.
  std::optional<int> wthor_empties;
  // .wtb files: the games to read, by number, inclusive (--range); the others
  // are not read at all: no position, no error, no note. nullopt: every game.
  std::optional<std::pair<int, int>> wthor_games;
};

// Parses the text (the bytes) of a whole file. `file_name` is used in error
// messages and stored in each Position; a name ending in ".pos" selects the
// FFO format, one ending in ".wtb" (any case) the WTHOR format.
ReadResult ParsePositions(std::string_view text, std::string_view file_name,
                          const ReadOptions& options = {});

// Reads and parses a file. Fails only when the file cannot be read at all;
// bad lines are in the result's errors.
absl::StatusOr<ReadResult> ReadPositionFile(const std::string& path,
                                            const ReadOptions& options = {});

// Parses one position given on the command line: an .obf/plain line (board
// and side, answers allowed) or a move transcript. `source` names it in
// errors (e.g. "argument 2"), which read
//   SOURCE, column COLUMN: expected WHAT, found WHAT
// The returned Position has no file, line 0 and no label.
absl::StatusOr<Position> ParsePositionText(std::string_view text, std::string_view source);

// The moves of a move transcript such as "f5d6c3" (one of ParsePositionText's
// texts, read and checked as it reads them), each pass the transcript
// leaves out put in as kPass before the move that follows it.
absl::StatusOr<std::vector<int>> ParseTranscriptMoves(std::string_view text,
                                                      std::string_view source);

// The .obf line for `position`, without a newline: board, side, and its
// answers if any (`; G8:+18; H1:+12;`), then its window if it has one
// (`; window:-1,0;`). An answer without a move (kNoMove:
// only the best score is known, as in WTHOR files) has no .obf spelling and
// is left out.
std::string FormatObf(const Position& position);

// Writes positions as an .obf file, one line each.
absl::Status WriteObfFile(const std::string& path, const std::vector<Position>& positions);

}  // namespace endsolve

#endif  // ENDSOLVE_POSITIONS_POSITION_IO_H_
