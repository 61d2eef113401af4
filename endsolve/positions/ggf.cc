#include "endsolve/positions/ggf.h"

#include <cassert>
#include <cctype>
#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/positions/read_file.h"

namespace endsolve {
namespace {

absl::string_view View(std::string_view s) { return absl::string_view(s.data(), s.size()); }

// One record's reader: the text, where the record starts in its source (for
// line numbers), and the game being built.
class RecordReader {
 public:
  RecordReader(std::string_view text, std::string_view source, int number, int first_line)
      : text_(text), source_(source), number_(number), line_(first_line) {}

  absl::StatusOr<GgfGame> Read() {
    game_.number = number_;
    game_.line = line_;
    game_.start = Board::Initial();
    end_ = game_.End();
    SkipSpaces();
    if (!Take("(;")) return Error("expected a game record starting \"(;\"");
    bool board_seen = false;
    for (;;) {
      SkipSpaces();
      if (Take(";")) {
        SkipSpaces();
        if (!Take(")")) return Error("expected ')' after the record's closing ';'");
        break;
      }
      if (Take(")")) break;
      if (pos_ >= text_.size()) return Error("expected the record to end with \";)\", found the end of the text");
      const std::size_t name_start = pos_;
      while (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      const std::string_view name = text_.substr(name_start, pos_ - name_start);
      if (name.empty()) {
        return Error(absl::StrFormat("expected a tag such as BO[...] or B[...], found '%c'", text_[pos_]));
      }
      SkipSpaces();
      absl::StatusOr<std::string> value = Value(name);
      if (!value.ok()) return value.status();
      if (name == "GM") {
        if (!absl::EqualsIgnoreCase(View(*value), "othello")) {
          return Error(absl::StrCat("expected the game GM[Othello], found GM[", *value, "]"));
        }
      } else if (name == "TY") {
        // 8: the standard game; 8r: a random start, given by BO. Anti,
        // synchro, komi and board sizes other than 8 are other games.
        if (*value != "8" && *value != "8r") {
          return Error(absl::StrCat("expected the game type TY[8] or TY[8r] (8x8 Othello), found TY[",
                                    *value, "]"));
        }
      } else if (name == "BO") {
        if (!game_.moves.empty()) return Error("expected the board BO[...] before the moves");
        if (absl::Status board = ReadBoard(*value); !board.ok()) return board;
        board_seen = true;
      } else if (name == "B" || name == "W") {
        if (absl::Status move = ReadMove(name == "B" ? Color::kBlack : Color::kWhite, *value);
            !move.ok()) {
          return move;
        }
      } else if (name == "PB") {
        game_.black = *value;
      } else if (name == "PW") {
        game_.white = *value;
      } else if (name == "RE") {
        game_.result = *value;
      }
    }
    SkipSpaces();
    if (pos_ != text_.size()) {
      return Error("expected nothing after the record's \";)\"");
    }
    if (!board_seen) return Error("expected a board BO[8 ...] in the record");
    return std::move(game_);
  }

 private:
  absl::Status Error(std::string_view what) const {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s: game %d (line %d): %s", source_, number_, line_, what));
  }

  void SkipSpaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
      if (text_[pos_] == '\n') ++line_;
      ++pos_;
    }
  }

  bool Take(std::string_view token) {
    if (text_.substr(pos_).substr(0, token.size()) != token) return false;
    pos_ += token.size();
    return true;
  }

  // The value of a tag, its "\x" escapes undone.
  absl::StatusOr<std::string> Value(std::string_view name) {
    if (!Take("[")) return Error(absl::StrCat("expected '[' after the tag ", View(name)));
    std::string value;
    for (;;) {
      if (pos_ >= text_.size()) {
        return Error(absl::StrCat("expected ']' to end the value of ", View(name), ", found the end of the text"));
      }
      const char c = text_[pos_++];
      if (c == ']') return value;
      if (c == '\\' && pos_ < text_.size()) {
        value.push_back(text_[pos_++]);
        continue;
      }
      if (c == '\n') ++line_;
      value.push_back(c);
    }
  }

  absl::Status ReadBoard(std::string_view value) {
    std::size_t i = 0;
    auto skip = [&] {
      while (i < value.size() && std::isspace(static_cast<unsigned char>(value[i]))) ++i;
    };
    skip();
    if (i >= value.size() || value[i] != '8' ||
        (i + 1 < value.size() && !std::isspace(static_cast<unsigned char>(value[i + 1])))) {
      return Error(absl::StrCat("expected the board BO[8 ...] of size 8, found BO[", View(value), "]"));
    }
    ++i;
    Bitboard black = 0, white = 0;
    for (int square = 0; square < kNumSquares; ++square) {
      skip();
      if (i >= value.size()) {
        return Error(absl::StrFormat("expected 64 squares in BO[...], found %d", square));
      }
      const char c = value[i++];
      if (c == '*') {
        black |= SquareBit(square);
      } else if (c == 'O') {
        white |= SquareBit(square);
      } else if (c != '-') {
        return Error(absl::StrFormat(
            "expected a square of BO[...] ('*' black, 'O' white, '-' empty), found '%c' at %s", c,
            SquareName(square)));
      }
    }
    skip();
    if (i >= value.size() || (value[i] != '*' && value[i] != 'O')) {
      return Error("expected the colour to move ('*' black or 'O' white) after the 64 squares of BO[...]");
    }
    const Color to_move = value[i++] == '*' ? Color::kBlack : Color::kWhite;
    skip();
    if (i != value.size()) return Error("expected nothing after the colour to move in BO[...]");
    game_.start_to_move = to_move;
    game_.start = to_move == Color::kBlack ? Board{black, white} : Board{white, black};
    end_ = game_.End();
    return absl::OkStatus();
  }

  // A move "SQUARE[/EVAL[/TIME]]" of `color`, played on the board so far.
  absl::Status ReadMove(Color color, std::string_view value) {
    if (absl::Status played = PlayGgfMove(game_, end_, value, color); !played.ok()) {
      return Error(std::string(played.message()));
    }
    return absl::OkStatus();
  }

  std::string_view text_;
  std::string_view source_;
  int number_;
  int line_;
  std::size_t pos_ = 0;
  GgfGame game_;
  Position end_;  // game_.End()
};

}  // namespace

bool IsGgfPass(std::string_view text) {
  return absl::EqualsIgnoreCase(View(text), "pa") || absl::EqualsIgnoreCase(View(text), "pass") ||
         absl::EqualsIgnoreCase(View(text), "ps");
}

namespace {

// Appends `square` (or kPass) to the game and plays it on `end`.
void Append(GgfGame& game, Position& end, int square) {
  game.moves.push_back(square);
  end.board = square == kPass ? end.board.Pass() : end.board.Play(square);
  end.to_move = Opposite(end.to_move);
}

}  // namespace

absl::Status PlayGgfMove(GgfGame& game, Position& end, std::string_view text,
                         std::optional<Color> color) {
  assert(end.board == game.End().board && end.to_move == game.End().to_move);
  const std::string move(absl::StripAsciiWhitespace(View(text.substr(0, text.find('/')))));
  const Board& board = end.board;
  const Color mover = color.value_or(end.to_move);
  const char* side = mover == Color::kBlack ? "black" : "white";
  if (board.IsGameOver()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("expected no move after the end of the game, found '%s'", move));
  }
  if (IsGgfPass(move)) {
    if (mover != end.to_move || board.Moves() != 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "expected a pass only where %s has no legal move, found '%s'", side, move));
    }
    Append(game, end, kPass);
    return absl::OkStatus();
  }
  const std::optional<int> square = ParseSquare(move);
  if (!square) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "expected a move for %s (a square A1-H8 or PA), found '%s'", side, move));
  }
  // The side to move has none and the move is the other side's: a pass
  // that was not written comes first.
  if (board.Moves() == 0 && (!color || mover != end.to_move)) {
    if ((board.OpponentMoves() & SquareBit(*square)) == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "expected a legal move for %s, found '%s' (%s must pass)",
          end.to_move == Color::kBlack ? "white" : "black", move,
          end.to_move == Color::kBlack ? "black" : "white"));
    }
    Append(game, end, kPass);
    Append(game, end, *square);
    return absl::OkStatus();
  }
  if (mover != end.to_move || (board.Moves() & SquareBit(*square)) == 0) {
    return absl::InvalidArgumentError(
        absl::StrFormat("expected a legal move for %s, found '%s'", side, move));
  }
  Append(game, end, *square);
  return absl::OkStatus();
}

Position GgfGame::After(std::size_t plies) const {
  Position position;
  position.board = start;
  position.to_move = start_to_move;
  for (std::size_t i = 0; i < plies; ++i) {
    const int square = moves[i];
    position.board = square == kPass ? position.board.Pass() : position.board.Play(square);
    position.to_move = Opposite(position.to_move);
  }
  position.line = line;
  position.label = absl::StrCat("game ", number);
  return position;
}

absl::StatusOr<GgfGame> ParseGgfGame(std::string_view text, std::string_view source) {
  return RecordReader(text, source, 1, 1).Read();
}

GgfFile ParseGgfFile(std::string_view text, std::string_view source) {
  GgfFile file;
  int line = 1;
  int number = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char c = text[pos];
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (c == '\n') ++line;
      ++pos;
      continue;
    }
    if (c != '(') {
      // Not a record: say where, and go on at the next line.
      file.errors.push_back(absl::InvalidArgumentError(absl::StrFormat(
          "%s: line %d: expected a game record starting \"(;\", found '%c'", source, line, c)));
      const std::size_t end = text.find('\n', pos);
      pos = end == std::string_view::npos ? text.size() : end;
      continue;
    }
    ++number;
    // A record ends at the first ")" outside a value.
    std::size_t end = pos + 1;
    bool in_value = false;
    for (; end < text.size(); ++end) {
      const char d = text[end];
      if (in_value) {
        if (d == '\\') {
          ++end;
        } else if (d == ']') {
          in_value = false;
        }
      } else if (d == '[') {
        in_value = true;
      } else if (d == ')') {
        ++end;
        break;
      }
    }
    const std::string_view record = text.substr(pos, end - pos);
    absl::StatusOr<GgfGame> game = RecordReader(record, source, number, line).Read();
    if (game.ok()) {
      file.games.push_back(*std::move(game));
    } else {
      file.errors.push_back(game.status());
    }
    for (char d : record) line += d == '\n' ? 1 : 0;
    pos = end;
  }
  return file;
}

absl::StatusOr<GgfFile> ReadGgfFile(const std::string& path) {
  absl::StatusOr<std::string> bytes = ReadFileBytes(path);
  if (!bytes.ok()) return bytes.status();
  return ParseGgfFile(*bytes, path);
}

namespace {

// A tag's value with '\\' and ']' escaped, so that it reads back as written.
std::string Escaped(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == ']' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

}  // namespace

std::string ToGgf(const GgfGame& game) {
  std::string board;
  const Bitboard black = game.start_to_move == Color::kBlack ? game.start.player : game.start.opponent;
  const Bitboard white = game.start_to_move == Color::kBlack ? game.start.opponent : game.start.player;
  for (int square = 0; square < kNumSquares; ++square) {
    board.push_back((black & SquareBit(square)) ? '*' : (white & SquareBit(square)) ? 'O' : '-');
  }
  std::string out = absl::StrCat("(;GM[Othello]PC[endsolve]");
  if (!game.black.empty()) absl::StrAppend(&out, "PB[", Escaped(game.black), "]");
  if (!game.white.empty()) absl::StrAppend(&out, "PW[", Escaped(game.white), "]");
  if (!game.result.empty()) absl::StrAppend(&out, "RE[", Escaped(game.result), "]");
  absl::StrAppend(&out, "TY[8]BO[8 ", board, " ", game.start_to_move == Color::kBlack ? "*" : "O", "]");
  Color color = game.start_to_move;
  for (int square : game.moves) {
    absl::StrAppend(&out, color == Color::kBlack ? "B[" : "W[",
                    square == kPass ? std::string("PA") : SquareName(square), "]");
    color = Opposite(color);
  }
  absl::StrAppend(&out, ";)");
  return out;
}

bool IsGgfFileName(std::string_view file_name) {
  constexpr std::string_view kExtension = ".ggf";
  if (file_name.size() < kExtension.size()) return false;
  return absl::EqualsIgnoreCase(View(file_name.substr(file_name.size() - kExtension.size())),
                                View(kExtension));
}

}  // namespace endsolve
