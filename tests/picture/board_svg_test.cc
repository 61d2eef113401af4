// picture/board_svg.h: the picture holds exactly the position's discs, its
// legal moves or the line's numbered moves, the side to move, and an
// escaped caption; its elements are balanced (Python's test parses it as
// XML, python/tests).
#include "endsolve/picture/board_svg.h"

#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "endsolve/positions/position_io.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

Position Parse(const std::string& text) {
  absl::StatusOr<Position> p = ParsePositionText(text, "test");
  EXPECT_TRUE(p.ok()) << p.status();
  return *p;
}

// FFO #40: X to move, 20 empties.
const char kFfo40[] = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";

TEST(BoardSvgTest, EveryDiscAndEveryLegalMoveIsDrawn) {
  const Position p = Parse(kFfo40);
  const std::string svg = BoardSvg({p, {}, ""});
  EXPECT_TRUE(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
  EXPECT_EQ(Count(svg, "class=\"disc black\""), PopCount(p.Black()));
  EXPECT_EQ(Count(svg, "class=\"disc white\""), PopCount(p.White()));
  EXPECT_EQ(Count(svg, "class=\"legal\""), PopCount(p.board.Moves()));
  EXPECT_EQ(Count(svg, "class=\"line\""), 0);
  EXPECT_THAT(svg, HasSubstr(">Black to move</text>"));
  // The coordinates.
  for (const char* label : {">A</text>", ">H</text>", ">1</text>", ">8</text>"}) {
    EXPECT_THAT(svg, HasSubstr(label));
  }
  EXPECT_EQ(Count(svg, "<text"), Count(svg, "</text>"));
  EXPECT_EQ(Count(svg, "<g "), Count(svg, "</g>"));
}

// A line is numbered on the squares it plays, 1, 2, ...; a pass takes no
// number; the legal moves' dots give way to it.
TEST(BoardSvgTest, ALineIsNumberedOnItsSquares) {
  const Position p = Parse(kFfo40);
  // FFO #40's principal variation begins A2 B1 C1 PS B6.
  const std::vector<int> line = {*ParseSquare("A2"), *ParseSquare("B1"), *ParseSquare("C1"),
                                 kPass, *ParseSquare("B6")};
  const std::string svg = BoardSvg({p, line, "#40: A2 +38"});
  EXPECT_EQ(Count(svg, "class=\"line\""), 4);
  EXPECT_EQ(Count(svg, "class=\"legal\""), 0);
  for (int n = 1; n <= 4; ++n) EXPECT_THAT(svg, HasSubstr(absl::StrCat(">", n, "</text></g>")));
  EXPECT_THAT(svg, Not(HasSubstr(">5</text></g>")));
  EXPECT_THAT(svg, HasSubstr(">#40: A2 +38</text>"));
  // After the pass, B6 is black's again: its marker is black (#111).
  const std::size_t fourth = svg.find(">4</text></g>");
  const std::size_t marker = svg.rfind("<g class=\"line\"><circle", fourth);
  EXPECT_THAT(svg.substr(marker, fourth - marker), HasSubstr("fill=\"#111\""));
}

TEST(BoardSvgTest, TheCaptionIsEscapedAndTheEndIsSaid) {
  Position over;
  over.board.player = ~Bitboard{0} << 20;  // 44 discs
  over.board.opponent = (Bitboard{1} << 20) - 1;  // 20 discs: the game is over
  over.to_move = Color::kWhite;
  ASSERT_TRUE(over.board.IsGameOver());
  const std::string svg = BoardSvg({over, {}, "a<b & \"c\""});
  EXPECT_THAT(svg, HasSubstr(">a&lt;b &amp; &quot;c&quot;</text>"));
  // White to move with 44 discs to 20: black's score is -24.
  EXPECT_THAT(svg, HasSubstr(">game over: black -24</text>"));
  EXPECT_EQ(Count(svg, "class=\"legal\""), 0);
}

}  // namespace
}  // namespace endsolve
