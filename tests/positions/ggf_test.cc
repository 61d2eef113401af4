// Tests of the GGF reader (positions/ggf.h): the records NBoard sends its
// engines and GGS writes, read to the positions their moves reach, checked
// against the same games as transcripts; passes written or left out; what
// ToGgf writes reads back; and each malformed record refused with the game,
// the line and what was expected.
#include "endsolve/positions/ggf.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "endsolve/positions/position_io.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using ::testing::ElementsAre;

constexpr char kInitialBoard[] =
    "---------------------------O*------*O--------------------------- *";

// NBoard's example session (its protocol page): a game by Edax and a human,
// its date tag (DT, skipped by the reader as PC and TI are) left out.
constexpr char kNBoardExample[] =
    "(;GM[Othello]PC[NBoard]PB[./mEdax]PW[chris]RE[?]TI[15:00]"
    "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

// FFO #40 as a board, black to move; its solved line starts A2 B1 C1, after
// which white must pass (the .obf line's PV: A2 B1 C1 PS B6 ...).
constexpr char kFfo40Board[] =
    "O--OOOO*-OOOOOO*OO**OOO*OO*OOO**OOOOOO**---OOOO*----O--*-------- *";

Position Transcript(std::string_view moves) {
  absl::StatusOr<Position> p = ParsePositionText(moves, "test");
  EXPECT_TRUE(p.ok()) << p.status();
  return *p;
}

GgfGame MustParse(std::string_view text) {
  absl::StatusOr<GgfGame> game = ParseGgfGame(text, "test");
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? *game : GgfGame{};
}

TEST(GgfTest, NBoardsExampleGameEndsWhereItsTranscriptDoes) {
  const GgfGame game = MustParse(kNBoardExample);
  EXPECT_EQ(game.black, "./mEdax");
  EXPECT_EQ(game.white, "chris");
  EXPECT_EQ(game.result, "?");
  EXPECT_EQ(game.moves.size(), 8u);
  const Position end = game.End();
  const Position expected = Transcript("f5f6d3c5e6f7e7f4");
  EXPECT_EQ(end.board, expected.board);
  EXPECT_EQ(end.to_move, expected.to_move);
  EXPECT_EQ(game.After(3).board, Transcript("f5f6d3").board);
  EXPECT_EQ(game.After(0).board, Board::Initial());
}

TEST(GgfTest, AGgsRecordWithLowerCaseMovesTimesAndSpacedRowsReadsTheSame) {
  const std::string ggs = absl::StrCat(
      "(;GM[Othello]PC[GGS/os]PB[a]PW[b]TI[05:00//02:00]TY[8]RE[+2.00]\n"
      "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\n"
      "B[f5//0.01]W[f6/1.50/2.3]B[d3]W[c5]B[e6]W[f7]B[e7]W[f4];)");
  const GgfGame game = MustParse(ggs);
  EXPECT_EQ(game.End().board, MustParse(kNBoardExample).End().board);
}

TEST(GgfTest, APassIsReadWhetherWrittenOrLeftOut) {
  const std::string start = absl::StrCat("(;GM[Othello]TY[8]BO[8 ", kFfo40Board, "]");
  const GgfGame written = MustParse(absl::StrCat(start, "B[A2]W[B1]B[C1]W[PA]B[B6];)"));
  const GgfGame left_out = MustParse(absl::StrCat(start, "B[A2]W[B1]B[C1]B[B6];)"));
  EXPECT_THAT(written.moves, ElementsAre(8, 1, 2, kPass, 41));
  EXPECT_EQ(left_out.moves, written.moves);
  EXPECT_EQ(left_out.End().board, written.End().board);
  EXPECT_EQ(written.End().to_move, Color::kWhite);
}

TEST(GgfTest, WhatToGgfWritesReadsBackAsTheSameGame) {
  GgfGame game = MustParse(absl::StrCat("(;GM[Othello]TY[8]BO[8 ", kFfo40Board,
                                        "]B[A2]W[B1]B[C1]W[PA]B[B6];)"));
  game.black = "a]b\\c";
  game.white = "white";
  const GgfGame back = MustParse(ToGgf(game));
  EXPECT_EQ(back.start, game.start);
  EXPECT_EQ(back.start_to_move, game.start_to_move);
  EXPECT_EQ(back.moves, game.moves);
  EXPECT_EQ(back.black, "a]b\\c");
  EXPECT_EQ(back.white, "white");
}

TEST(GgfTest, EachMalformedRecordNamesTheGameTheLineAndWhatWasExpected) {
  const std::string board = absl::StrCat("BO[8 ", kInitialBoard, "]");
  const struct {
    std::string text;
    std::string message;
  } cases[] = {
      {"GM[Othello];)", "test: game 1 (line 1): expected a game record starting \"(;\""},
      {absl::StrCat("(;GM[Chess]", board, ";)"),
       "test: game 1 (line 1): expected the game GM[Othello], found GM[Chess]"},
      {absl::StrCat("(;GM[Othello]TY[8a]", board, ";)"),
       "test: game 1 (line 1): expected the game type TY[8] or TY[8r] (8x8 Othello), found TY[8a]"},
      {"(;GM[Othello]BO[10 ----];)",
       "test: game 1 (line 1): expected the board BO[8 ...] of size 8, found BO[10 ----]"},
      {"(;GM[Othello]BO[8 ---O*---];)", "test: game 1 (line 1): expected 64 squares in BO[...], found 8"},
      {"(;GM[Othello]BO[8 ---------------------------O*------*OX-------------------------- *];)",
       "test: game 1 (line 1): expected a square of BO[...] ('*' black, 'O' white, '-' empty), "
       "found 'X' at F5"},
      {"(;GM[Othello]BO[8 ---------------------------O*------*O---------------------------];)",
       "test: game 1 (line 1): expected the colour to move ('*' black or 'O' white) after the 64 "
       "squares of BO[...]"},
      {absl::StrCat("(;GM[Othello]\n", board, "\nB[F5]W[A1];)"),
       "test: game 1 (line 3): expected a legal move for white, found 'A1'"},
      {absl::StrCat("(;GM[Othello]", board, "W[F5];)"),
       "test: game 1 (line 1): expected a legal move for white, found 'F5'"},
      {absl::StrCat("(;GM[Othello]", board, "B[PA];)"),
       "test: game 1 (line 1): expected a pass only where black has no legal move, found 'PA'"},
      {absl::StrCat("(;GM[Othello]BO[8 ", std::string(64, '*'), " O]W[A1];)"),
       "test: game 1 (line 1): expected no move after the end of the game, found 'A1'"},
      {absl::StrCat("(;GM[Othello]", board, "B[Z9];)"),
       "test: game 1 (line 1): expected a move for black (a square A1-H8 or PA), found 'Z9'"},
      {absl::StrCat("(;GM[Othello]", board, "B[F5]"),
       "test: game 1 (line 1): expected the record to end with \";)\", found the end of the text"},
      {absl::StrCat("(;GM[Othello]", board, "B[F5"),
       "test: game 1 (line 1): expected ']' to end the value of B, found the end of the text"},
      {"(;GM[Othello]PB[x];)", "test: game 1 (line 1): expected a board BO[8 ...] in the record"},
      {absl::StrCat("(;GM[Othello]", board, "B[F5];) x"),
       "test: game 1 (line 1): expected nothing after the record's \";)\""},
  };
  for (const auto& c : cases) {
    const absl::StatusOr<GgfGame> game = ParseGgfGame(c.text, "test");
    ASSERT_FALSE(game.ok()) << c.text;
    EXPECT_EQ(game.status().message(), c.message) << c.text;
  }
}

TEST(GgfTest, AFileOfGamesKeepsTheGoodOnesAndNamesTheBadOnes) {
  const std::string text = absl::StrCat(
      kNBoardExample, "\n",
      "(;GM[Othello]BO[8 ", kInitialBoard, "]B[A1];)\n",
      "stray words\n",
      "(;GM[Othello]BO[8 ", kInitialBoard, "]B[F5];)\n");
  const GgfFile file = ParseGgfFile(text, "games.ggf");
  ASSERT_EQ(file.games.size(), 2u);
  EXPECT_EQ(file.games[0].number, 1);
  EXPECT_EQ(file.games[1].number, 3);
  EXPECT_EQ(file.games[1].line, 4);
  ASSERT_EQ(file.errors.size(), 2u);
  EXPECT_EQ(file.errors[0].message(),
            "games.ggf: game 2 (line 2): expected a legal move for black, found 'A1'");
  EXPECT_EQ(file.errors[1].message(),
            "games.ggf: line 3: expected a game record starting \"(;\", found 's'");
}

TEST(GgfTest, TheFileNameSaysGgfInAnyCase) {
  EXPECT_TRUE(IsGgfFileName("games.GGF"));
  EXPECT_TRUE(IsGgfFileName("a/b.ggf"));
  EXPECT_FALSE(IsGgfFileName("games.obf"));
  EXPECT_FALSE(IsGgfFileName("ggf"));
}

}  // namespace
}  // namespace endsolve
