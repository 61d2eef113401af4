// A position as users hand it to endsolve: a board, the colour to move, the
// known answers if the file had any, and where it came from.
#ifndef ENDSOLVE_BOARD_POSITION_H_
#define ENDSOLVE_BOARD_POSITION_H_

#include <optional>
#include <string>
#include <vector>

#include "endsolve/board/board.h"

namespace endsolve {

enum class Color { kBlack, kWhite };

// 'X' for black and 'O' for white, the .obf spelling.
constexpr char ColorChar(Color c) { return c == Color::kBlack ? 'X' : 'O'; }
constexpr Color Opposite(Color c) {
  return c == Color::kBlack ? Color::kWhite : Color::kBlack;
}

// One `MOVE:score` answer of an .obf line: the exact final disc difference
// for the side to move after playing `square` (or kPass) and then playing
// perfectly. `square` is kNoMove when only the best score is known, not the
// move that reaches it (a WTHOR game's theoretical score): then any move
// with that score is a right answer.
struct MoveScore {
  int square = kNoMove;
  int score = 0;
  friend bool operator==(const MoveScore&, const MoveScore&) = default;
};

// A score window [lo, hi], each from -64 to +64 and lo <= hi: the scores a
// solve must report exactly (outside it, a bound is enough). A position may
// carry one (the .obf field `window:LO,HI`) so that a file of positions can
// ask each for its own null-window test: `endsolve prove` writes its units
// that way, and `endsolve batch` solves them unchanged.
struct ScoreWindow {
  int lo = -64;
  int hi = 64;
  friend bool operator==(const ScoreWindow&, const ScoreWindow&) = default;
  friend auto operator<=>(const ScoreWindow&, const ScoreWindow&) = default;
};

struct Position {
  Board board;                       // from the side to move's point of view
  Color to_move = Color::kBlack;
  std::vector<MoveScore> answers;    // best first, as in the file; may be empty
  std::string file;                  // the file it was read from, or "" for argv
  int line = 0;                      // 1-based line in `file` (in a .wtb file, the
                                     // game number), 0 when unknown
  std::string label;                 // "#40" for FFO positions, "game 17" for WTHOR
                                     // games, or ""
  std::optional<ScoreWindow> window; // the window to solve it with; none: exact

  // The board as black and white discs.
  Bitboard Black() const { return to_move == Color::kBlack ? board.player : board.opponent; }
  Bitboard White() const { return to_move == Color::kBlack ? board.opponent : board.player; }

  // The best score among the answers, if the file gave any.
  bool HasAnswers() const { return !answers.empty(); }
  int ExpectedScore() const { return answers.front().score; }

  // The 64-character board string, X for black, O for white, - for empty.
  std::string BoardString() const;
};

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_POSITION_H_
