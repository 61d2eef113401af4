#include "endsolve/positions/wthor.h"

#include <algorithm>
#include <cstdint>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/positions/read_file.h"

namespace endsolve {
namespace {

constexpr int kMovesOffset = 8;    // the move bytes of a record
constexpr int kMaxGameMoves = kWthorRecordBytes - kMovesOffset;  // 60
constexpr int kMaxDiscs = kNumSquares;

// Header fields.
constexpr int kGameCountOffset = 4;
constexpr int kOtherCountOffset = 8;
constexpr int kYearOffset = 10;
constexpr int kBoardSizeOffset = 12;
constexpr int kGameTypeOffset = 13;
constexpr int kDepthOffset = 14;
// Record fields.
constexpr int kBlackDiscsOffset = 6;
constexpr int kTheoreticalOffset = 7;

// Abseil's string_view is not std::string_view in every build of it.
absl::string_view View(std::string_view s) { return absl::string_view(s.data(), s.size()); }
std::string_view View(absl::string_view s) { return std::string_view(s.data(), s.size()); }

std::uint32_t Byte(std::string_view bytes, std::size_t at) {
  return static_cast<unsigned char>(bytes[at]);
}
std::uint32_t Uint16(std::string_view bytes, std::size_t at) {
  return Byte(bytes, at) | Byte(bytes, at + 1) << 8;
}
std::uint32_t Uint32(std::string_view bytes, std::size_t at) {
  return Uint16(bytes, at) | Uint16(bytes, at + 2) << 16;
}

// 83928 as "83,928": byte counts are easier to compare that way.
std::string WithThousands(std::uint64_t n) {
  // Built by appending: GCC 12 misreads std::string::insert here as an
  // overlapping copy (-Wrestrict), which -Werror (CI) turns into an error.
  const std::string digits = absl::StrCat(n);
  std::string grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

// The square of a move byte 10 x row + column (rows and columns 1-8), or
// nullopt for a byte that names no square.
std::optional<int> SquareOfByte(std::uint32_t byte) {
  const std::uint32_t row = byte / 10;
  const std::uint32_t column = byte % 10;
  if (row < 1 || row > 8 || column < 1 || column > 8) return std::nullopt;
  return static_cast<int>((row - 1) * 8 + (column - 1));
}

absl::Status FileError(std::string_view file_name, std::string_view message) {
  return absl::InvalidArgumentError(absl::StrFormat("%s: %s", file_name, message));
}
absl::Status GameError(std::string_view file_name, int game, std::string_view message) {
  return absl::InvalidArgumentError(absl::StrFormat("%s: game %d: %s", file_name, game, message));
}
absl::Status MoveError(std::string_view file_name, int game, int move, std::string_view message) {
  return absl::InvalidArgumentError(
      absl::StrFormat("%s: game %d, move %d: %s", file_name, game, move, message));
}

// If the side to move has no move but the other side has, passes: WTHOR
// leaves such passes out, as transcripts do.
void PassIfForced(Board& board, Color& to_move) {
  if (board.Moves() == 0 && board.OpponentMoves() != 0) {
    board = board.Pass();
    to_move = Opposite(to_move);
  }
}

// Plays move number `number` (1-based) on `square`, passing first when
// forced; the error names the game and the move.
absl::Status PlayMove(Board& board, Color& to_move, int square, int number,
                      std::string_view file_name, int game) {
  PassIfForced(board, to_move);
  if (board.Moves() == 0) {
    return MoveError(file_name, game, number,
                     absl::StrCat("expected the end of the moves (the game is over), found '",
                                  SquareName(square), "'"));
  }
  if (!(board.Moves() & SquareBit(square))) {
    const bool occupied = !(board.Empties() & SquareBit(square));
    return MoveError(file_name, game, number,
                     absl::StrCat("expected a legal move, found '", SquareName(square), "' (",
                                  occupied ? "occupied" : "illegal", ")"));
  }
  board = board.Play(square);
  to_move = Opposite(to_move);
  return absl::OkStatus();
}

// Decodes and replays one 68-byte record.
absl::StatusOr<WthorGame> ParseRecord(std::string_view record, int number,
                                      std::string_view file_name) {
  WthorGame game;
  game.number = number;
  game.black_discs = static_cast<int>(Byte(record, kBlackDiscsOffset));
  game.black_theoretical = static_cast<int>(Byte(record, kTheoreticalOffset));
  if (game.black_discs > kMaxDiscs) {
    return GameError(file_name, number,
                     absl::StrCat("expected black's final disc count (byte 6) from 0 to 64, found ",
                                  game.black_discs));
  }
  if (game.black_theoretical > kMaxDiscs) {
    return GameError(file_name, number,
                     absl::StrCat("expected black's theoretical score (byte 7) from 0 to 64, found ",
                                  game.black_theoretical));
  }
  Board board = Board::Initial();
  Color to_move = Color::kBlack;
  int i = 0;
  for (; i < kMaxGameMoves; ++i) {
    const std::uint32_t byte = Byte(record, kMovesOffset + i);
    if (byte == 0) break;
    const std::optional<int> square = SquareOfByte(byte);
    if (!square) {
      return MoveError(file_name, number, i + 1,
                       absl::StrCat("expected a square byte 11-88 (10 x row + column), found ",
                                    byte));
    }
    if (absl::Status s = PlayMove(board, to_move, *square, i + 1, file_name, number); !s.ok()) {
      return s;
    }
    game.moves.push_back(*square);
  }
  for (int j = i + 1; j < kMaxGameMoves; ++j) {
    const std::uint32_t byte = Byte(record, kMovesOffset + j);
    if (byte != 0) {
      return MoveError(file_name, number, j + 1,
                       absl::StrCat("expected 0 (the moves end after move ", i, "), found ", byte));
    }
  }
  return game;
}

// Checks the header's fixed fields; an error means the records cannot be
// trusted at all.
absl::Status CheckHeader(std::string_view bytes, std::string_view file_name) {
  if (bytes.size() < kWthorHeaderBytes) {
    return FileError(file_name, absl::StrCat("expected a 16-byte WTHOR header, found ",
                                             bytes.size(), bytes.size() == 1 ? " byte" : " bytes"));
  }
  if (const std::uint32_t other = Uint16(bytes, kOtherCountOffset); other != 0) {
    return FileError(
        file_name,
        absl::StrCat("expected a game file (header bytes 8-9 = 0), found ", other,
                     " records of another kind (a player or tournament list?)"));
  }
  if (const std::uint32_t size = Byte(bytes, kBoardSizeOffset); size != 0 && size != 8) {
    return FileError(file_name,
                     absl::StrCat("expected board size 0 or 8 (header byte 12), found ", size));
  }
  if (const std::uint32_t type = Byte(bytes, kGameTypeOffset); type != 0) {
    return FileError(file_name,
                     absl::StrCat("expected game type 0 (header byte 13), found ", type));
  }
  if (const std::uint32_t depth = Byte(bytes, kDepthOffset); depth > 60) {
    return FileError(
        file_name,
        absl::StrCat("expected a theoretical depth from 0 to 60 empties (header byte 14), found ",
                     depth));
  }
  return absl::OkStatus();
}

}  // namespace

WthorFile ParseWthor(std::string_view bytes, std::string_view file_name) {
  WthorFile file;
  if (absl::Status s = CheckHeader(bytes, file_name); !s.ok()) {
    file.errors.push_back(std::move(s));
    return file;
  }
  file.year = static_cast<int>(Uint16(bytes, kYearOffset));
  file.theoretical_depth = static_cast<int>(Byte(bytes, kDepthOffset));
  const std::uint64_t count = Uint32(bytes, kGameCountOffset);
  const std::uint64_t body = bytes.size() - kWthorHeaderBytes;
  if (body != count * kWthorRecordBytes) {
    file.errors.push_back(FileError(
        file_name,
        absl::StrCat("expected ", count, count == 1 ? " record" : " records",
                     " of 68 bytes after the 16-byte header (",
                     WithThousands(count * kWthorRecordBytes), " bytes), found ",
                     WithThousands(body), body == 1 ? " byte" : " bytes")));
  }
  const std::uint64_t complete = body / kWthorRecordBytes;
  for (std::uint64_t i = 0; i < complete; ++i) {
    const std::string_view record =
        bytes.substr(kWthorHeaderBytes + i * kWthorRecordBytes, kWthorRecordBytes);
    absl::StatusOr<WthorGame> game = ParseRecord(record, static_cast<int>(i + 1), file_name);
    if (game.ok()) {
      file.games.push_back(*std::move(game));
    } else {
      file.errors.push_back(game.status());
    }
  }
  return file;
}

// Reads the whole file (the largest WTHOR file is a few MB).
absl::StatusOr<WthorFile> ReadWthorFile(const std::string& path) {
  absl::StatusOr<std::string> bytes = ReadFileBytes(path);
  if (!bytes.ok()) return bytes.status();
  return ParseWthor(*bytes, path);
}

absl::StatusOr<Position> WthorPosition(const WthorGame& game, int empties,
                                       std::string_view file_name, bool expected) {
  if (empties < 0 || empties > kMaxGameMoves) {
    return GameError(file_name, game.number,
                     absl::StrCat("expected a number of empties from 0 to 60, found ", empties));
  }
  Board board = Board::Initial();
  Color to_move = Color::kBlack;
  for (std::size_t i = 0; i < game.moves.size() && board.EmptyCount() > empties; ++i) {
    const int square = game.moves[i];
    if (square < 0 || square >= kNumSquares) {
      return MoveError(file_name, game.number, static_cast<int>(i) + 1,
                       absl::StrCat("expected a square 0..63, found ", square));
    }
    if (absl::Status s = PlayMove(board, to_move, square, static_cast<int>(i) + 1, file_name,
                                  game.number);
        !s.ok()) {
      return s;
    }
  }
  if (board.EmptyCount() != empties) {
    // OutOfRange: the one error WthorPositions turns into a note.
    return absl::OutOfRangeError(absl::StrFormat(
        "%s: game %d: expected the moves to reach %d empties, found they end at %d empties",
        file_name, game.number, empties, board.EmptyCount()));
  }
  PassIfForced(board, to_move);
  Position position;
  position.board = board;
  position.to_move = to_move;
  if (expected) {
    const int black = 2 * game.black_theoretical - kNumSquares;
    position.answers.push_back({kNoMove, to_move == Color::kBlack ? black : -black});
  }
  position.file = std::string(file_name);
  position.line = game.number;
  position.label = absl::StrCat("game ", game.number);
  return position;
}

ReadResult WthorPositions(const WthorFile& file, std::optional<int> empties,
                          std::string_view file_name, std::optional<std::pair<int, int>> games) {
  const int depth = file.theoretical_depth;
  const int n = empties.value_or(depth != 0 ? depth : kWthorDefaultEmpties);
  const bool expected = depth != 0 && n == depth;
  auto wanted = [&](int number) {
    return !games || (number >= games->first && number <= games->second);
  };
  ReadResult result;
  for (const absl::Status& error : file.errors) {
    // The header's errors (game 0) concern every game.
    const int number = WthorErrorGame(View(error.message()), file_name);
    if (number == 0 || wanted(number)) result.errors.push_back(error);
  }
  for (const WthorGame& game : file.games) {
    if (!wanted(game.number)) continue;
    absl::StatusOr<Position> position = WthorPosition(game, n, file_name, expected);
    if (position.ok()) {
      result.positions.push_back(*std::move(position));
    } else if (absl::IsOutOfRange(position.status())) {
      result.notes.push_back(absl::StrFormat(
          "%s: game %d: ends at %d empties, before the %d asked; left out", file_name, game.number,
          kMaxGameMoves - static_cast<int>(game.moves.size()), n));
    } else {
      result.errors.push_back(position.status());
    }
  }
  // Game order for the errors, as position files give line order; header
  // errors (game 0) first.
  std::stable_sort(result.errors.begin(), result.errors.end(),
                   [&](const absl::Status& a, const absl::Status& b) {
                     return WthorErrorGame(View(a.message()), file_name) <
                            WthorErrorGame(View(b.message()), file_name);
                   });
  return result;
}

bool IsWthorFileName(std::string_view file_name) {
  constexpr std::string_view kExtension = ".wtb";
  if (file_name.size() < kExtension.size()) return false;
  return absl::EqualsIgnoreCase(View(file_name.substr(file_name.size() - kExtension.size())),
                                View(kExtension));
}

int WthorErrorGame(std::string_view message, std::string_view file_name) {
  if (!message.starts_with(file_name)) return 0;
  message.remove_prefix(file_name.size());
  constexpr std::string_view kGame = ": game ";
  if (!message.starts_with(kGame)) return 0;
  message.remove_prefix(kGame.size());
  const std::size_t end = message.find_first_of(",:");
  int game = 0;
  if (end == std::string_view::npos || !absl::SimpleAtoi(View(message.substr(0, end)), &game)) return 0;
  return game;
}

}  // namespace endsolve
