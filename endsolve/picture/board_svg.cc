#include "endsolve/picture/board_svg.h"

#include <string_view>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/board/notation.h"

namespace endsolve {
namespace {

// The geometry, in SVG user units (pixels at 100%): a square of kCell, the
// coordinates in a margin of kMargin on the top and left, the status and
// the caption in kFooter under the board.
constexpr int kCell = 48;
constexpr int kMargin = 28;
constexpr int kBoard = 8 * kCell;
constexpr int kFooter = 56;
constexpr int kWidth = kMargin + kBoard + kMargin / 2;
constexpr int kHeight = kMargin + kBoard + kFooter;
// A disc fills most of its square; a legal move's dot and a line's marker
// are smaller, so that they never read as discs.
constexpr double kDiscRadius = kCell * 0.42;
constexpr double kLegalRadius = kCell * 0.09;
constexpr double kLineRadius = kCell * 0.30;

constexpr char kBoardColour[] = "#1e7a46";
constexpr char kGridColour[] = "#0b3d22";

double CentreX(int square) { return kMargin + (Column(square) + 0.5) * kCell; }
double CentreY(int square) { return kMargin + (Row(square) + 0.5) * kCell; }

// XML-escapes text: a caption may hold any characters.
std::string Escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string BoardSvg(const BoardPicture& picture) {
  const Position& position = picture.position;
  std::string svg = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
      "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
      kWidth, kHeight, kWidth, kHeight);
  absl::StrAppendFormat(&svg, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", kWidth,
                        kHeight);
  absl::StrAppendFormat(&svg,
                        "<rect class=\"board\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                        "fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                        kMargin, kMargin, kBoard, kBoard, kBoardColour, kGridColour);
  for (int i = 1; i < 8; ++i) {
    const int at = kMargin + i * kCell;
    absl::StrAppendFormat(&svg,
                          "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"/>"
                          "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"/>\n",
                          at, kMargin, at, kMargin + kBoard, kGridColour, kMargin, at,
                          kMargin + kBoard, at, kGridColour);
  }
  // The four dots of the standard board, at the corners of the centre 4x4.
  for (const int x : {2, 6}) {
    for (const int y : {2, 6}) {
      absl::StrAppendFormat(&svg, "<circle cx=\"%d\" cy=\"%d\" r=\"3\" fill=\"%s\"/>\n",
                            kMargin + x * kCell, kMargin + y * kCell, kGridColour);
    }
  }
  for (int i = 0; i < 8; ++i) {
    absl::StrAppendFormat(&svg,
                          "<text x=\"%g\" y=\"%d\" font-size=\"16\" "
                          "text-anchor=\"middle\">%c</text>"
                          "<text x=\"%d\" y=\"%g\" font-size=\"16\" text-anchor=\"middle\" "
                          "dominant-baseline=\"central\">%d</text>\n",
                          kMargin + (i + 0.5) * kCell, kMargin - 9, 'A' + i, kMargin / 2,
                          kMargin + (i + 0.5) * kCell, i + 1);
  }

  const Bitboard black = position.Black();
  const Bitboard white = position.White();
  for (int sq = 0; sq < kNumSquares; ++sq) {
    const bool is_black = (black & SquareBit(sq)) != 0;
    if (!is_black && (white & SquareBit(sq)) == 0) continue;
    absl::StrAppendFormat(&svg,
                          "<circle class=\"disc %s\" cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"%s\" "
                          "stroke=\"black\" stroke-width=\"1.5\"/>\n",
                          is_black ? "black" : "white", CentreX(sq), CentreY(sq), kDiscRadius,
                          is_black ? "#111" : "#f4f4f4");
  }

  const bool game_over = position.board.IsGameOver();
  // The legal moves, unless a line is drawn: its numbers take the squares.
  if (picture.line.empty()) {
    for (Bitboard moves = position.board.Moves(); moves != 0;) {
      const int sq = PopFirstSquare(moves);
      absl::StrAppendFormat(&svg,
                            "<circle class=\"legal\" cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"%s\" "
                            "fill-opacity=\"0.7\"/>\n",
                            CentreX(sq), CentreY(sq), kLegalRadius,
                            position.to_move == Color::kBlack ? "#111" : "#f4f4f4");
    }
  }

  // The line: each move numbered on its square, in its player's colour.
  Color mover = position.to_move;
  int number = 0;
  for (const int move : picture.line) {
    if (move == kPass) {
      mover = Opposite(mover);
      continue;
    }
    ++number;
    const bool by_black = mover == Color::kBlack;
    absl::StrAppendFormat(&svg,
                          "<g class=\"line\"><circle cx=\"%g\" cy=\"%g\" r=\"%g\" fill=\"%s\" "
                          "fill-opacity=\"0.85\" stroke=\"%s\"/><text x=\"%g\" y=\"%g\" "
                          "font-size=\"%d\" text-anchor=\"middle\" dominant-baseline=\"central\" "
                          "fill=\"%s\">%d</text></g>\n",
                          CentreX(move), CentreY(move), kLineRadius, by_black ? "#111" : "#f4f4f4",
                          by_black ? "#f4f4f4" : "#111", CentreX(move), CentreY(move),
                          number < 10 ? 16 : 13, by_black ? "#f4f4f4" : "#111", number);
    mover = Opposite(mover);
  }

  std::string status;
  if (game_over) {
    const int score = position.board.FinalScore();
    const int black_score = position.to_move == Color::kBlack ? score : -score;
    status = absl::StrCat("game over: black ", FormatScore(black_score));
  } else {
    status = absl::StrCat(position.to_move == Color::kBlack ? "Black" : "White", " to move",
                          position.board.Moves() == 0 ? " (must pass)" : "");
  }
  const int footer_top = kMargin + kBoard;
  const char* side_fill =
      game_over ? "none" : (position.to_move == Color::kBlack ? "#111" : "#f4f4f4");
  absl::StrAppendFormat(&svg,
                        "<circle cx=\"%d\" cy=\"%d\" r=\"8\" fill=\"%s\" stroke=\"black\"/>"
                        "<text class=\"status\" x=\"%d\" y=\"%d\" font-size=\"16\" "
                        "dominant-baseline=\"central\">%s</text>\n",
                        kMargin + 8, footer_top + 18, side_fill, kMargin + 24, footer_top + 18,
                        Escape(status));
  if (!picture.caption.empty()) {
    absl::StrAppendFormat(&svg,
                          "<text class=\"caption\" x=\"%d\" y=\"%d\" font-size=\"15\" "
                          "dominant-baseline=\"central\">%s</text>\n",
                          kMargin, footer_top + 42, Escape(picture.caption));
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace endsolve
