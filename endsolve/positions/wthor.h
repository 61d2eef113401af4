// Reading WTHOR game databases (.wtb), the real-game archive of the
// Fédération Française d'Othello, as games and as positions to solve.
//
// The format (little-endian): a 16-byte header
//   0-3    century, year, month, day the file was written
//   4-7    number of games (uint32)
//   8-9    number of records of another kind (0 in a game file; player and
//          tournament lists, WTHOR.JOU and WTHOR.TRN, use this field instead)
//   10-11  year of the games (uint16)
//   12     board size: 0 or 8 for 8x8 (10x10 files have longer records)
//   13     game type, 0 (normal)
//   14     depth of the theoretical score, in empties (24 for the yearly
//          files, 0 when the file has no theoretical scores)
//   15     reserved
// then one 68-byte record per game:
//   0-1 tournament, 2-3 black player, 4-5 white player (uint16 indexes into
//   lists not read here), 6 black's discs at the end as played, 7 black's
//   theoretical score (black's discs with perfect play from the position at
//   `depth` empties), 8-67 the moves, one byte each, 10 x row + column with
//   rows and columns 1-8 (11 = A1, 18 = H1, 56 = F5), 0 after the last move.
//   Passes are not written: a side with no legal move is skipped.
//
// Errors are user errors, so they are absl::Status values, never crashes or
// asserts; each names the file, and where it is about one game, the game's
// 1-based record number and the 1-based move number:
//   WTH_2024.wtb: game 17, move 23: expected a legal move, found 'A1' (illegal)
//   WTH_2024.wtb: expected 1234 records of 68 bytes after the 16-byte header
//       (83,928 bytes), found 50,000 bytes
// A bad game does not stop the reading: the other games still come through.
#ifndef ENDSOLVE_POSITIONS_WTHOR_H_
#define ENDSOLVE_POSITIONS_WTHOR_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "endsolve/board/position.h"
#include "endsolve/positions/position_io.h"

namespace endsolve {

inline constexpr int kWthorHeaderBytes = 16;
inline constexpr int kWthorRecordBytes = 68;
// The depth used when a file gives none (header byte 14 is 0): the depth of
// the yearly files' theoretical scores.
inline constexpr int kWthorDefaultEmpties = 24;

struct WthorGame {
  int number = 0;               // 1-based record number in the file
  std::vector<int> moves;       // squares 0..63 in play order, passes not written (as in the file)
  int black_discs = 0;          // byte 6: black's final disc count as played
  int black_theoretical = 0;    // byte 7
};

struct WthorFile {
  int year = 0;
  int theoretical_depth = 0;    // header byte 14 (24 or 0)
  std::vector<WthorGame> games; // the good games, in file order, each replayed legally to its last move
  std::vector<absl::Status> errors;  // one per bad game (or a header/length error)
};

// Parses a whole .wtb file. `file_name` starts every error message. A game
// is good when every move byte is a square, each move is legal when replayed
// from the initial position (with implied passes), no move comes after the
// game is over, the bytes after the first 0 are all 0, and bytes 6 and 7 lie
// in 0..64. A header that is not a game file's (too short, records of another
// kind, a board size other than 0 or 8, a game type other than 0, a depth
// above 60) gives one error and no games; a length that disagrees with the
// header's count gives one error, and every complete record is still read.
WthorFile ParseWthor(std::string_view bytes, std::string_view file_name);

// Reads and parses a file. Fails only when the file cannot be read at all;
// bad games and a bad header are in the result's errors.
absl::StatusOr<WthorFile> ReadWthorFile(const std::string& path);

// Replays `game` and returns the position with exactly `empties` empty squares, side to move
// after any forced pass (as transcripts do in position_io). When `expected` is true, the
// position carries the game's theoretical score as its expected answer, converted to the side
// to move's final disc difference (black: 2*black_theoretical - 64; white: the negation).
// That answer's square is kNoMove: the file gives the best score but not the best move.
// The position's file is `file_name`, its line the game number and its label "game N".
// Fails when `empties` is not in 0..60, when a move is not legal (a game built by hand), or
// when the game's moves end before reaching `empties` (an OutOfRange status):
//   WTH_2024.wtb: game 17: expected the moves to reach 24 empties, found they end at 31 empties
absl::StatusOr<Position> WthorPosition(const WthorGame& game, int empties, std::string_view file_name, bool expected);

// One position per good game of `file` at `empties` empty squares (nullopt:
// the file's theoretical depth, or kWthorDefaultEmpties when that is 0), each
// carrying its theoretical score when `empties` equals the file's depth (and
// that is not 0). The errors are the file's own, then one per game that ends
// too early (WthorPositions makes those notes), each in game order; every message starts "FILE_NAME: game N" for
// a game, "FILE_NAME: " followed by no game for the header.
// Only the games numbered within `games` (inclusive; nullopt: all) are read:
// the others give no position, no error and no note. A game in them that ends
// before `empties` is a note ("FILE: game N: ends at E empties, before the
// ASKED asked; left out"), not an error: real games end early.
ReadResult WthorPositions(const WthorFile& file, std::optional<int> empties,
                          std::string_view file_name,
                          std::optional<std::pair<int, int>> games = std::nullopt);

// True when `file_name` ends in ".wtb" in any case: the name that selects
// this format among the position files.
bool IsWthorFileName(std::string_view file_name);

// The game number of an error message of this reader ("FILE_NAME: game N,
// ..." or "FILE_NAME: game N: ..."), or 0 for a header error or any other
// message.
int WthorErrorGame(std::string_view message, std::string_view file_name);

}  // namespace endsolve

#endif  // ENDSOLVE_POSITIONS_WTHOR_H_
