#include "endsolve/positions/position_io.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/positions/read_file.h"
#include "endsolve/positions/wthor.h"

namespace endsolve {
namespace {

// Some editors on Windows start UTF-8 text with this byte-order mark.
constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// The four centre squares hold discs from the start and no move ever empties
// a square, so a board with one of them empty comes from no game.
constexpr int kCentreSquares[] = {27, 28, 35, 36};  // D4 E4 D5 E5

// A final disc difference can never exceed the number of squares.
constexpr int kMaxScore = kNumSquares;

// Quoted text in messages is cut to this many bytes, so that one long line of
// garbage does not produce an error message as long as itself.
constexpr std::size_t kMaxQuoted = 20;

// Where a line comes from, for error messages: a file and a 1-based line, or
// a command-line argument (line 0).
struct Source {
  std::string_view name;
  int line = 0;
};

// One square of a board string: a disc of either colour or nothing.
enum class Cell { kBlack, kWhite, kEmpty };

// Reads one board character, with Edax's alternative spellings.
std::optional<Cell> CellOf(char c) {
  switch (c) {
    case 'X': case 'x': case 'b': case '*': return Cell::kBlack;
    case 'O': case 'o': case 'w': return Cell::kWhite;
    case '-': case '.': return Cell::kEmpty;
    default: return std::nullopt;
  }
}

// Reads the side to move: any disc character of board strings.
std::optional<Color> ColorOf(char c) {
  const std::optional<Cell> cell = CellOf(c);
  if (!cell || *cell == Cell::kEmpty) return std::nullopt;
  return *cell == Cell::kBlack ? Color::kBlack : Color::kWhite;
}

// Spaces and tabs separate fields; nothing else does.
bool IsSpace(char c) { return c == ' ' || c == '\t'; }

// True when `a` and `b` are the same apart from the case of ASCII letters.
bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return absl::ascii_tolower(static_cast<unsigned char>(x)) ==
                  absl::ascii_tolower(static_cast<unsigned char>(y));
         });
}

// Quotes user text for a message. Bytes that are not printable ASCII are
// written as \xHH so that the message stays one clean line, and long text is
// cut.
std::string Quote(std::string_view text) {
  std::string quoted = "'";
  for (const char c : text.substr(0, kMaxQuoted)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f) {
      quoted += c;
    } else {
      absl::StrAppendFormat(&quoted, "\\x%02x", byte);
    }
  }
  if (text.size() > kMaxQuoted) quoted += "...";
  return quoted + "'";
}

// Walks one line left to right, keeping the 1-based column of the next byte
// so that every error can point at the place where the reader gave up. The
// line it is given has already lost its line ending and its `%` comment.
class LineCursor {
 public:
  LineCursor(std::string_view text, Source source) : text_(text), source_(source) {}

  // True when every byte of the line has been consumed.
  bool AtEnd() const { return pos_ >= text_.size(); }
  // The next byte; the line must not be at its end.
  char Peek() const { return text_[pos_]; }
  // The next `n` bytes, or fewer at the end of the line.
  std::string_view PeekN(std::size_t n) const { return text_.substr(pos_, n); }
  // The 1-based column of the next byte (one past the last at the end).
  int Column() const { return static_cast<int>(pos_) + 1; }
  // Consumes `n` bytes.
  void Advance(std::size_t n = 1) { pos_ = std::min(pos_ + n, text_.size()); }
  // Consumes spaces and tabs.
  void SkipSpaces() {
    while (!AtEnd() && IsSpace(Peek())) ++pos_;
  }
  // Consumes bytes up to the first one that `stop` accepts, and returns them.
  template <typename Stop>
  std::string_view TakeUntil(Stop stop) {
    const std::size_t start = pos_;
    while (!AtEnd() && !stop(Peek())) ++pos_;
    return text_.substr(start, pos_ - start);
  }
  // Skips spaces, then consumes the letters that follow (a word such as
  // "Black"), and returns them; empty when no letter follows.
  std::string_view TakeWord() {
    SkipSpaces();
    return TakeUntil([](char c) { return !absl::ascii_isalpha(static_cast<unsigned char>(c)); });
  }
  // What is at the cursor, for the "found" half of a message.
  std::string DescribeNext() const {
    return AtEnd() ? std::string("end of line") : Quote(text_.substr(pos_, 1));
  }

  // The error "SOURCE:LINE:COLUMN: expected EXPECTED, found FOUND", or
  // "SOURCE, column COLUMN: ..." for a command-line argument.
  absl::Status Error(int column, std::string_view expected, std::string_view found) const {
    if (source_.line == 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s, column %d: expected %s, found %s", source_.name, column, expected, found));
    }
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s:%d:%d: expected %s, found %s", source_.name, source_.line, column, expected, found));
  }
  // The same error at the cursor, about what is there.
  absl::Status ErrorHere(std::string_view expected) const {
    return Error(Column(), expected, DescribeNext());
  }

 private:
  std::string_view text_;
  Source source_;
  std::size_t pos_ = 0;
};

// Discs by colour, before the side to move turns them into a Board.
struct Discs {
  Bitboard black = 0;
  Bitboard white = 0;
};

// The Board and Position for `discs` with `to_move` to play.
Position MakePosition(const Discs& discs, Color to_move) {
  Position position;
  position.to_move = to_move;
  position.board = to_move == Color::kBlack ? Board{discs.black, discs.white}
                                            : Board{discs.white, discs.black};
  return position;
}

// Reads the 64-character board at the cursor. The board ends at a space, a
// tab, a ';' or the end of the line; a bad character is reported at its own
// column, a wrong length with the number of characters found, and a board
// that no game reaches (an empty centre square) at that square's column.
absl::StatusOr<Discs> ReadBoard(LineCursor& cursor) {
  const int start = cursor.Column();
  const std::string_view token =
      cursor.TakeUntil([](char c) { return IsSpace(c) || c == ';'; });
  Discs discs;
  for (int sq = 0; sq < kNumSquares && sq < static_cast<int>(token.size()); ++sq) {
    const std::optional<Cell> cell = CellOf(token[sq]);
    if (!cell) {
      return cursor.Error(start + sq, "a board square 'X', 'O' or '-'",
                          Quote(token.substr(sq, 1)));
    }
    if (*cell == Cell::kBlack) discs.black |= SquareBit(sq);
    if (*cell == Cell::kWhite) discs.white |= SquareBit(sq);
  }
  if (token.size() != kNumSquares) {
    const int column = start + static_cast<int>(std::min<std::size_t>(token.size(), kNumSquares));
    return cursor.Error(column, "64 board characters",
                        absl::StrCat(token.size(), " board characters"));
  }
  for (const int sq : kCentreSquares) {
    if (!((discs.black | discs.white) & SquareBit(sq))) {
      return cursor.Error(start + sq,
                          absl::StrCat("a disc on ", SquareName(sq),
                                       " (no game empties a centre square)"),
                          Quote(token.substr(sq, 1)));
    }
  }
  return discs;
}

// Reads the side to move, a single character that must stand alone.
absl::StatusOr<Color> ReadSide(LineCursor& cursor) {
  constexpr std::string_view kExpected = "side to move 'X' or 'O'";
  if (cursor.AtEnd()) return cursor.ErrorHere(kExpected);
  const std::optional<Color> color = ColorOf(cursor.Peek());
  if (!color) return cursor.ErrorHere(kExpected);
  cursor.Advance();
  if (!cursor.AtEnd() && !IsSpace(cursor.Peek()) && cursor.Peek() != ';') {
    return cursor.ErrorHere("';' or the end of the line after the side to move");
  }
  return *color;
}

// Reads an answer's score: an optional sign and decimal digits, from -64 to
// +64. "0", "+0" and "-0" all mean a draw.
// A window's two scores end at the ',' between them too (`stop_at_comma`).
absl::StatusOr<int> ReadScore(LineCursor& cursor, bool stop_at_comma = false) {
  const int column = cursor.Column();
  const std::string_view token = cursor.TakeUntil(
      [stop_at_comma](char c) { return IsSpace(c) || c == ';' || (stop_at_comma && c == ','); });
  if (token.empty()) return cursor.ErrorHere("a score such as +18 or -4");
  std::string_view digits = token;
  int sign = 1;
  if (digits.front() == '+' || digits.front() == '-') {
    sign = digits.front() == '-' ? -1 : 1;
    digits.remove_prefix(1);
  }
  int value = 0;
  for (const char c : digits) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) {
      return cursor.Error(column, "a score such as +18 or -4", Quote(token));
    }
    // Saturate: any value past the range is reported the same way.
    value = std::min(value * 10 + (c - '0'), kMaxScore + 1);
  }
  if (digits.empty()) return cursor.Error(column, "a score such as +18 or -4", Quote(token));
  if (value > kMaxScore) return cursor.Error(column, "a score from -64 to +64", Quote(token));
  return sign * value;
}

// The field that gives a position its window, `window:LO,HI`.
constexpr std::string_view kWindowField = "window:";

// Reads `window:LO,HI` (the cursor at its 'w'): two scores, LO <= HI, once
// per line.
absl::Status ReadWindow(LineCursor& cursor, Position& position) {
  const int field_column = cursor.Column();
  if (position.window) {
    return cursor.Error(field_column, "one window per line", "a second 'window:'");
  }
  cursor.Advance(kWindowField.size());
  const int lo_column = cursor.Column();
  const absl::StatusOr<int> lo = ReadScore(cursor, /*stop_at_comma=*/true);
  if (!lo.ok()) return lo.status();
  if (cursor.AtEnd() || cursor.Peek() != ',') {
    return cursor.ErrorHere("',' between the window's two scores, as in 'window:-1,+1'");
  }
  cursor.Advance();
  const absl::StatusOr<int> hi = ReadScore(cursor);
  if (!hi.ok()) return hi.status();
  if (*lo > *hi) {
    return cursor.Error(lo_column, "a window whose low score is not above its high one",
                        Quote(absl::StrCat(*lo, ",", *hi)));
  }
  position.window = ScoreWindow{*lo, *hi};
  return absl::OkStatus();
}

// Reads the `; MOVE:score` answers after the side to move, checking that each
// move is legal in `position` (a pass, "PS", only when the side to move has no
// move) and answered once, and the `; window:LO,HI` field among them if
// there is one. A final ';' is optional.
absl::Status ReadAnswers(LineCursor& cursor, Position& position) {
  const Bitboard moves = position.board.Moves();
  cursor.SkipSpaces();
  while (!cursor.AtEnd()) {
    if (cursor.Peek() != ';') return cursor.ErrorHere("';' before an answer such as 'G8:+18'");
    cursor.Advance();
    cursor.SkipSpaces();
    if (cursor.AtEnd()) break;
    if (EqualsIgnoringCase(cursor.PeekN(kWindowField.size()), kWindowField)) {
      if (absl::Status status = ReadWindow(cursor, position); !status.ok()) return status;
      cursor.SkipSpaces();
      continue;
    }

    // Moves are two characters; taking no more keeps a missing ':' in
    // "G8+18" from being reported as a bad move.
    const int move_column = cursor.Column();
    std::string_view move_text = cursor.PeekN(2);
    move_text = move_text.substr(0, move_text.find_first_of(" \t;:"));
    if (move_text.empty()) return cursor.ErrorHere("a move such as 'G8' or 'PS'");
    cursor.Advance(move_text.size());
    int move = kNoMove;
    if (EqualsIgnoringCase(move_text, "PS")) {
      move = kPass;
      if (moves != 0) {
        return cursor.Error(move_column,
                            absl::StrCat("a legal move (", std::string(1, ColorChar(position.to_move)),
                                         " has moves, so no pass)"),
                            Quote(move_text));
      }
    } else if (const std::optional<int> square = ParseSquare(move_text)) {
      move = *square;
      if (!(moves & SquareBit(move))) {
        return cursor.Error(move_column, "a legal move", Quote(move_text));
      }
    } else {
      return cursor.Error(move_column, "a move such as 'G8' or 'PS'", Quote(move_text));
    }
    for (const MoveScore& answer : position.answers) {
      if (answer.square == move) {
        return cursor.Error(move_column, "one answer per move",
                            absl::StrCat("a second answer for ", Quote(move_text)));
      }
    }

    if (cursor.AtEnd() || cursor.Peek() != ':') return cursor.ErrorHere("':' after the move");
    cursor.Advance();
    const absl::StatusOr<int> score = ReadScore(cursor);
    if (!score.ok()) return score.status();
    position.answers.push_back({move, *score});

    cursor.SkipSpaces();
  }
  return absl::OkStatus();
}

// Reads an .obf (or plain) line: board, side to move, optional answers.
absl::StatusOr<Position> ReadObfLine(LineCursor& cursor) {
  const absl::StatusOr<Discs> discs = ReadBoard(cursor);
  if (!discs.ok()) return discs.status();
  cursor.SkipSpaces();
  const absl::StatusOr<Color> side = ReadSide(cursor);
  if (!side.ok()) return side.status();
  Position position = MakePosition(*discs, *side);
  if (absl::Status status = ReadAnswers(cursor, position); !status.ok()) return status;
  return position;
}

// If the side to move has no move but the other side has, passes. Transcripts
// leave such forced passes out. Returns whether it passed.
bool PassIfForced(Board& board, Color& to_move) {
  if (board.Moves() == 0 && board.OpponentMoves() != 0) {
    board = board.Pass();
    to_move = Opposite(to_move);
    return true;
  }
  return false;
}

// Plays a move transcript such as "f5d6c3" from the initial position, with
// forced passes implied, including one at the end. Spaces between moves are
// allowed. `moves`, where given, receives the moves played, each implied
// pass before a move as kPass (the one at the end is not a move played).
absl::StatusOr<Position> ReadTranscript(LineCursor& cursor, std::vector<int>* moves = nullptr) {
  Board board = Board::Initial();
  Color to_move = Color::kBlack;
  for (cursor.SkipSpaces(); !cursor.AtEnd(); cursor.SkipSpaces()) {
    const int column = cursor.Column();
    const std::string_view move_text = cursor.PeekN(2);
    const std::optional<int> square = ParseSquare(move_text);
    if (!square) return cursor.Error(column, "a move such as 'f5'", Quote(move_text));
    if (PassIfForced(board, to_move) && moves != nullptr) moves->push_back(kPass);
    if (board.Moves() == 0) {
      return cursor.Error(column, "the end of the moves (the game is over)", Quote(move_text));
    }
    if (!(board.Moves() & SquareBit(*square))) {
      return cursor.Error(column, "a legal move", Quote(move_text));
    }
    board = board.Play(*square);
    to_move = Opposite(to_move);
    if (moves != nullptr) moves->push_back(*square);
    cursor.Advance(2);
  }
  PassIfForced(board, to_move);
  Position position;
  position.board = board;
  position.to_move = to_move;
  return position;
}

// Reads one line that holds a position, choosing the format by its first
// two characters: a square name starts a transcript (no board string can
// start that way, since digits are not board characters), anything else an
// .obf line.
absl::StatusOr<Position> ReadPositionLine(std::string_view text, Source source) {
  LineCursor cursor(text, source);
  cursor.SkipSpaces();
  if (ParseSquare(cursor.PeekN(2))) return ReadTranscript(cursor);
  return ReadObfLine(cursor);
}

// The line without its `%` comment, if any.
std::string_view StripComment(std::string_view line) {
  return line.substr(0, line.find('%'));
}

// True when the line holds nothing but spaces and tabs.
bool IsBlank(std::string_view line) {
  for (const char c : line) {
    if (!IsSpace(c)) return false;
  }
  return true;
}

// Splits a file's text into lines, dropping a byte-order mark at the start,
// the '\r' of CRLF endings and the empty piece after a final newline.
std::vector<std::string_view> SplitLines(std::string_view text) {
  if (text.starts_with(kUtf8Bom)) text.remove_prefix(kUtf8Bom.size());
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (line.ends_with('\r')) line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

// The number of the first position of an FFO file named fforum-A-B.obf (A),
// or nullopt for any other name. Only the file's own name counts, not its
// folder.
std::optional<int> FfoFirstNumber(std::string_view file_name) {
  const std::size_t slash = file_name.find_last_of('/');
  if (slash != std::string_view::npos) file_name.remove_prefix(slash + 1);
  constexpr std::string_view kPrefix = "fforum-";
  constexpr std::string_view kSuffix = ".obf";
  if (!file_name.starts_with(kPrefix) || !file_name.ends_with(kSuffix)) return std::nullopt;
  file_name = file_name.substr(kPrefix.size(), file_name.size() - kPrefix.size() - kSuffix.size());
  const std::size_t dash = file_name.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const std::string_view first_text = file_name.substr(0, dash);
  const std::string_view last_text = file_name.substr(dash + 1);
  // A position number: one to four plain digits (no sign, no spaces).
  auto number = [](std::string_view digits) -> std::optional<int> {
    if (digits.empty() || digits.size() > 4) return std::nullopt;
    int value = 0;
    for (const char c : digits) {
      if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return std::nullopt;
      value = value * 10 + (c - '0');
    }
    return value;
  };
  const std::optional<int> first = number(first_text);
  const std::optional<int> last = number(last_text);
  if (!first || !last || *last < *first) return std::nullopt;
  return first;
}

// Reads an .obf file (or any file of position lines): one position or one
// error per line that is not blank once its comment is removed.
ReadResult ParseObfText(std::string_view text, std::string_view file_name) {
  ReadResult result;
  const std::optional<int> ffo_first = FfoFirstNumber(file_name);
  int index = 0;  // counts bad lines too, so that labels do not shift
  const std::vector<std::string_view> lines = SplitLines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = StripComment(lines[i]);
    if (IsBlank(line)) continue;
    const int line_number = static_cast<int>(i) + 1;
    absl::StatusOr<Position> position = ReadPositionLine(line, {file_name, line_number});
    if (position.ok()) {
      position->file = std::string(file_name);
      position->line = line_number;
      if (ffo_first) position->label = absl::StrCat("#", *ffo_first + index);
      result.positions.push_back(*std::move(position));
    } else {
      result.errors.push_back(position.status());
    }
    ++index;
  }
  return result;
}

// Reads a .pos file's side line at the cursor: "Black" or "White" in any
// case, maybe followed by "to move", and nothing else. Junk after it used to
// be accepted without a word.
absl::StatusOr<Color> ReadPosSide(LineCursor& cursor) {
  constexpr std::string_view kExpected = "'Black' or 'White' to move";
  // Takes the next word and remembers the column it starts at.
  int column = 0;
  auto take_word = [&] {
    cursor.SkipSpaces();
    column = cursor.Column();
    return cursor.TakeWord();
  };
  const std::string_view side = take_word();
  std::optional<Color> color;
  if (EqualsIgnoringCase(side, "black")) color = Color::kBlack;
  if (EqualsIgnoringCase(side, "white")) color = Color::kWhite;
  if (!color) {
    return side.empty() ? cursor.ErrorHere(kExpected) : cursor.Error(column, kExpected, Quote(side));
  }
  const std::string_view to = take_word();
  if (!to.empty()) {
    if (!EqualsIgnoringCase(to, "to")) {
      return cursor.Error(
          column, absl::StrCat("'to move' or the end of the line after ", Quote(side)), Quote(to));
    }
    const std::string_view move = take_word();
    if (!EqualsIgnoringCase(move, "move")) {
      return move.empty() ? cursor.ErrorHere("'move' after 'to'")
                          : cursor.Error(column, "'move' after 'to'", Quote(move));
    }
  }
  cursor.SkipSpaces();
  if (!cursor.AtEnd()) return cursor.ErrorHere("the end of the line after the side to move");
  return *color;
}

// A line after a .pos file's side line: an error when it would start a
// second position (a side word of its own, or a board); other lines describe
// the position ("Position #40, 20 empties") and are ignored.
absl::Status CheckNotAnotherPosition(std::string_view line, Source source) {
  LineCursor cursor(line, source);
  cursor.SkipSpaces();
  const int column = cursor.Column();
  const std::string_view rest = cursor.PeekN(std::string_view::npos);
  const std::string_view word = cursor.TakeWord();
  LineCursor board(rest, source);
  if (EqualsIgnoringCase(word, "black") || EqualsIgnoringCase(word, "white") ||
      ReadBoard(board).ok()) {
    return cursor.Error(column, "one position per .pos file (a description may follow it)",
                        absl::StrCat("another position starting with ", Quote(rest)));
  }
  return absl::OkStatus();
}

// Reads an FFO .pos file: the board on the first non-blank line, then the
// side on the next line (ReadPosSide). Later lines may describe the
// position, but one that starts another position is an error: a .pos file
// holds one. Yields one position or one error.
ReadResult ParsePosText(std::string_view text, std::string_view file_name) {
  ReadResult result;
  const std::vector<std::string_view> lines = SplitLines(text);
  std::size_t i = 0;
  while (i < lines.size() && IsBlank(StripComment(lines[i]))) ++i;
  if (i == lines.size()) {
    LineCursor end("", {file_name, static_cast<int>(i) + 1});
    result.errors.push_back(end.Error(1, "a board on the first line", "end of file"));
    return result;
  }
  const int board_line = static_cast<int>(i) + 1;
  LineCursor board_cursor(StripComment(lines[i]), {file_name, board_line});
  board_cursor.SkipSpaces();
  const absl::StatusOr<Discs> discs = ReadBoard(board_cursor);
  if (!discs.ok()) {
    result.errors.push_back(discs.status());
    return result;
  }
  board_cursor.SkipSpaces();
  if (!board_cursor.AtEnd()) {
    result.errors.push_back(board_cursor.ErrorHere("the end of the line after the board"));
    return result;
  }

  ++i;
  if (i == lines.size()) {
    LineCursor end("", {file_name, static_cast<int>(i) + 1});
    result.errors.push_back(end.Error(1, "'Black' or 'White' to move", "end of file"));
    return result;
  }
  LineCursor side_cursor(StripComment(lines[i]), {file_name, static_cast<int>(i) + 1});
  const absl::StatusOr<Color> color = ReadPosSide(side_cursor);
  if (!color.ok()) {
    result.errors.push_back(color.status());
    return result;
  }
  for (std::size_t j = i + 1; j < lines.size(); ++j) {
    const absl::Status one_position =
        CheckNotAnotherPosition(StripComment(lines[j]), {file_name, static_cast<int>(j) + 1});
    if (!one_position.ok()) {
      result.errors.push_back(one_position);
      return result;
    }
  }
  Position position = MakePosition(*discs, *color);
  position.file = std::string(file_name);
  position.line = board_line;
  result.positions.push_back(std::move(position));
  return result;
}

}  // namespace

// Chooses the format by the file name's extension and parses every line (or
// game).
ReadResult ParsePositions(std::string_view text, std::string_view file_name,
                          const ReadOptions& options) {
  if (IsWthorFileName(file_name)) {
    return WthorPositions(ParseWthor(text, file_name), options.wthor_empties, file_name,
                          options.wthor_games);
  }
  const std::string_view base = file_name.substr(file_name.find_last_of('/') + 1);
  constexpr std::string_view kPosExtension = ".pos";
  if (base.size() > kPosExtension.size() &&
      EqualsIgnoringCase(base.substr(base.size() - kPosExtension.size()), kPosExtension)) {
    return ParsePosText(text, file_name);
  }
  return ParseObfText(text, file_name);
}

// Reads the whole file into memory (position files are small) and parses it.
// The path is kept as given, so that messages name the file as the user did.
absl::StatusOr<ReadResult> ReadPositionFile(const std::string& path,
                                            const ReadOptions& options) {
  absl::StatusOr<std::string> text = ReadFileBytes(path);
  if (!text.ok()) return text.status();
  return ParsePositions(*text, path, options);
}

// One line, from the command line or a prompt: an .obf/plain line or a
// transcript, with an optional `%` comment and surrounding spaces or line
// ending ignored.
absl::StatusOr<Position> ParsePositionText(std::string_view text, std::string_view source) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  text = StripComment(text);
  if (IsBlank(text)) {
    LineCursor cursor(text, {source, 0});
    cursor.SkipSpaces();
    return cursor.ErrorHere("a position (a board and a side, or moves such as f5d6)");
  }
  return ReadPositionLine(text, {source, 0});
}

absl::StatusOr<std::vector<int>> ParseTranscriptMoves(std::string_view text,
                                                      std::string_view source) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  LineCursor cursor(text, {source, 0});
  cursor.SkipSpaces();
  if (!ParseSquare(cursor.PeekN(2))) return cursor.ErrorHere("moves such as f5d6");
  std::vector<int> moves;
  if (absl::StatusOr<Position> end = ReadTranscript(cursor, &moves); !end.ok()) {
    return end.status();
  }
  return moves;
}

// Spells the board, the side and each answer as Edax does: "+0" for a draw,
// every answer preceded by "; " and the list closed by ";".
std::string FormatObf(const Position& position) {
  std::string line = absl::StrCat(position.BoardString(), " ",
                                  std::string(1, ColorChar(position.to_move)));
  bool any = false;
  for (const MoveScore& answer : position.answers) {
    if (answer.square == kNoMove) continue;  // a score without a move: no .obf spelling
    absl::StrAppend(&line, "; ", SquareName(answer.square), ":", answer.score >= 0 ? "+" : "",
                    answer.score);
    any = true;
  }
  if (position.window) {
    absl::StrAppend(&line, "; window:", position.window->lo, ",", position.window->hi);
    any = true;
  }
  if (any) line += ';';
  return line;
}

// Writes the whole file, then checks that the writes and the close succeeded:
// a full disk shows up only there.
absl::Status WriteObfFile(const std::string& path, const std::vector<Position>& positions) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return absl::ErrnoToStatus(errno, absl::StrCat("cannot create ", path));
  int error = 0;  // the errno of the first failure
  for (const Position& position : positions) {
    const std::string line = FormatObf(position) + '\n';
    if (std::fwrite(line.data(), 1, line.size(), file) != line.size()) {
      error = errno;
      break;
    }
  }
  if (std::fclose(file) != 0 && error == 0) error = errno;
  if (error != 0) return absl::ErrnoToStatus(error, absl::StrCat("cannot write ", path));
  return absl::OkStatus();
}

}  // namespace endsolve
