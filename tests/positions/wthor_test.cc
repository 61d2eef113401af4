// Tests of the WTHOR reader (positions/wthor.h) on real games: eight records
// copied byte for byte from WTH_2024.wtb (tests/positions/wthor/README.md), the
// broken variants of that file, and single-byte changes made here. Positions
// are checked against the same games replayed as transcripts.
#include "endsolve/positions/wthor.h"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "endsolve/positions/position_io.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using ::testing::ElementsAre;

constexpr std::string_view kSample = "wth2024-sample.wtb";

std::string FixturePath(std::string_view name) {
  return absl::StrCat(ENDSOLVE_SOURCE_DIR, "/tests/positions/wthor/", std::string(name));
}

std::string FixtureBytes(std::string_view name) {
  std::ifstream in(FixturePath(name), std::ios::binary);
  EXPECT_TRUE(in) << FixturePath(name);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

std::vector<std::string> Messages(const std::vector<absl::Status>& errors) {
  std::vector<std::string> messages;
  for (const absl::Status& e : errors) messages.emplace_back(e.message());
  return messages;
}

std::vector<int> Numbers(const std::vector<WthorGame>& games) {
  std::vector<int> numbers;
  for (const WthorGame& g : games) numbers.push_back(g.number);
  return numbers;
}

// The sample's game `number` (1-based), parsed.
WthorGame SampleGame(int number) {
  const WthorFile file = ParseWthor(FixtureBytes(kSample), kSample);
  EXPECT_GE(static_cast<int>(file.games.size()), number);
  return file.games.at(number - 1);
}

// The first `count` moves of `game` as a transcript such as "F5D6C3".
std::string Transcript(const WthorGame& game, int count) {
  std::string text;
  for (int i = 0; i < count; ++i) text += SquareName(game.moves.at(i));
  return text;
}

// The byte offset of record `game`'s field at `offset` in a .wtb file.
std::size_t RecordByte(int game, int offset) {
  return kWthorHeaderBytes + static_cast<std::size_t>(game - 1) * kWthorRecordBytes + offset;
}

TEST(WthorTest, ReadsTheHeaderAndEveryGameOfTheSample) {
  const absl::StatusOr<WthorFile> file = ReadWthorFile(FixturePath(kSample));
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_TRUE(file->errors.empty()) << Messages(file->errors).front();
  EXPECT_EQ(file->year, 2024);
  EXPECT_EQ(file->theoretical_depth, 24);
  EXPECT_THAT(Numbers(file->games), ElementsAre(1, 2, 3, 4, 5, 6, 7, 8));
  const WthorGame& game = file->games[0];
  EXPECT_EQ(game.moves.size(), 60u);
  EXPECT_EQ(game.black_discs, 33);
  EXPECT_EQ(game.black_theoretical, 37);
  // Bytes 56, 64, 33: row 5 column 6, row 6 column 4, row 3 column 3.
  EXPECT_THAT(std::vector<int>(game.moves.begin(), game.moves.begin() + 3),
              ElementsAre(*ParseSquare("F5"), *ParseSquare("D6"), *ParseSquare("C3")));
  // Game 3 ends early, a wipe-out after 47 moves.
  EXPECT_EQ(file->games[2].moves.size(), 47u);
  EXPECT_EQ(file->games[2].black_discs, 0);
}

TEST(WthorTest, ReportsAFileThatCannotBeRead) {
  const absl::StatusOr<WthorFile> file = ReadWthorFile(FixturePath("no-such-file.wtb"));
  ASSERT_FALSE(file.ok());
  EXPECT_THAT(std::string(file.status().message()), ::testing::HasSubstr("cannot open"));
}

TEST(WthorTest, PositionsAt24And20EmptiesAreThoseOfTheTranscript) {
  const WthorGame game = SampleGame(1);
  const absl::StatusOr<Position> at24 = WthorPosition(game, 24, kSample, false);
  ASSERT_TRUE(at24.ok()) << at24.status();
  EXPECT_EQ(at24->BoardString(),
            "-----------O-XO-XXOOOOX-XXXOOXXXOOOOOXX--OOXXXX---OXXX----OOOOO-");
  EXPECT_EQ(at24->to_move, Color::kBlack);
  const absl::StatusOr<Position> at20 = WthorPosition(game, 20, kSample, false);
  ASSERT_TRUE(at20.ok()) << at20.status();
  EXPECT_EQ(at20->BoardString(),
            "--XOO------OOXO-XXOOXXX-XXXOOXXXOOOOOXX--OOXOXX---OXOX----OOOOO-");
  EXPECT_EQ(at20->to_move, Color::kBlack);

  EXPECT_EQ(Transcript(game, 36),
            "F5D6C3D3C4F4F6G5E6F7D7C5G3F3C6E7F8B4G6B6E8C7H4C8B3D2D8G8A4A5A3B5G4E3F2G2");
  for (const auto& [empties, position] : {std::pair{24, *at24}, std::pair{20, *at20}}) {
    const absl::StatusOr<Position> replayed =
        ParsePositionText(Transcript(game, 60 - empties), "transcript");
    ASSERT_TRUE(replayed.ok()) << replayed.status();
    EXPECT_EQ(position.board, replayed->board) << empties;
    EXPECT_EQ(position.to_move, replayed->to_move) << empties;
  }
}

// Game 8 passes between 24 and 20 empties: the position at 20 has white to
// move, as the transcript has it after the implied pass.
TEST(WthorTest, APositionAfterAForcedPassHasTheOtherSideToMove) {
  const WthorGame game = SampleGame(8);
  const absl::StatusOr<Position> at20 = WthorPosition(game, 20, kSample, false);
  ASSERT_TRUE(at20.ok()) << at20.status();
  EXPECT_EQ(at20->to_move, Color::kWhite);
  EXPECT_EQ(at20->BoardString(),
            "--O-------OO-----OOOOO--OOOOOOO--OOXXOO-XXXXXXOO-XXXXXXXXXXXXXXX");
  const absl::StatusOr<Position> replayed = ParsePositionText(Transcript(game, 40), "transcript");
  ASSERT_TRUE(replayed.ok()) << replayed.status();
  EXPECT_EQ(at20->board, replayed->board);
  EXPECT_EQ(at20->to_move, replayed->to_move);
}

TEST(WthorTest, ThePositionNamesItsFileGameAndLabel) {
  const absl::StatusOr<Position> p = WthorPosition(SampleGame(3), 24, "WTH_2024.wtb", false);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->file, "WTH_2024.wtb");
  EXPECT_EQ(p->line, 3);
  EXPECT_EQ(p->label, "game 3");
  EXPECT_TRUE(p->answers.empty());
}

// The theoretical score is black's discs; the answer is the side to move's
// disc difference, with no move (the file does not give one).
TEST(WthorTest, TheExpectedScoreIsConvertedForBlackToMove) {
  const absl::StatusOr<Position> game1 = WthorPosition(SampleGame(1), 24, kSample, true);
  ASSERT_TRUE(game1.ok()) << game1.status();
  ASSERT_EQ(game1->to_move, Color::kBlack);
  EXPECT_EQ(game1->answers, (std::vector<MoveScore>{{kNoMove, 2 * 37 - 64}}));
  EXPECT_EQ(game1->ExpectedScore(), 10);
  const absl::StatusOr<Position> game4 = WthorPosition(SampleGame(4), 24, kSample, true);
  ASSERT_TRUE(game4.ok()) << game4.status();
  ASSERT_EQ(game4->to_move, Color::kBlack);
  EXPECT_EQ(SampleGame(4).black_theoretical, 4);
  EXPECT_EQ(game4->ExpectedScore(), -56);
}

TEST(WthorTest, TheExpectedScoreIsConvertedForWhiteToMove) {
  const WthorGame game7 = SampleGame(7);
  EXPECT_EQ(game7.black_theoretical, 3);
  const absl::StatusOr<Position> p = WthorPosition(game7, 24, kSample, true);
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_EQ(p->to_move, Color::kWhite);
  EXPECT_EQ(p->answers, (std::vector<MoveScore>{{kNoMove, 58}}));
  // Game 8: black wins 64-0; after the pass at 20 empties white is to move.
  const absl::StatusOr<Position> game8 = WthorPosition(SampleGame(8), 20, kSample, true);
  ASSERT_TRUE(game8.ok()) << game8.status();
  ASSERT_EQ(game8->to_move, Color::kWhite);
  EXPECT_EQ(game8->ExpectedScore(), -64);
}

TEST(WthorTest, AScoreWithoutAMoveHasNoMoveAndIsNotWrittenToObf) {
  const absl::StatusOr<Position> p = WthorPosition(SampleGame(1), 24, kSample, true);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_TRUE(p->HasAnswers());
  EXPECT_EQ(p->answers, (std::vector<MoveScore>{{kNoMove, p->ExpectedScore()}}));
  EXPECT_EQ(FormatObf(*p), p->BoardString() + " X");
}

TEST(WthorTest, TheFinalPositionIsTheGameAsPlayed) {
  const WthorGame game = SampleGame(1);
  const absl::StatusOr<Position> p = WthorPosition(game, 0, kSample, false);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_TRUE(p->board.IsGameOver());
  EXPECT_EQ(PopCount(p->Black()), game.black_discs);
}

TEST(WthorTest, AGameThatEndsBeforeTheEmptiesIsAnError) {
  const absl::StatusOr<Position> p = WthorPosition(SampleGame(3), 10, "WTH_2024.wtb", false);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(),
            "WTH_2024.wtb: game 3: expected the moves to reach 10 empties, found they end at 13 "
            "empties");
  EXPECT_EQ(WthorPosition(SampleGame(1), 61, "x.wtb", false).status().message(),
            "x.wtb: game 1: expected a number of empties from 0 to 60, found 61");
}

TEST(WthorTest, AGameBuiltByHandIsReplayedWithChecks) {
  WthorGame game;
  game.number = 5;
  game.moves = {*ParseSquare("F5"), *ParseSquare("F5")};
  EXPECT_EQ(WthorPosition(game, 58, "x.wtb", false).status().message(),
            "x.wtb: game 5, move 2: expected a legal move, found 'F5' (occupied)");
}

TEST(WthorTest, AnIllegalMoveNamesTheGameAndTheMoveAndTheOtherGamesComeThrough) {
  const WthorFile file = ParseWthor(FixtureBytes("illegal-move.wtb"), "WTH_2024.wtb");
  EXPECT_THAT(Messages(file.errors),
              ElementsAre("WTH_2024.wtb: game 2, move 23: expected a legal move, found 'A1' "
                          "(illegal)"));
  EXPECT_THAT(Numbers(file.games), ElementsAre(1, 3, 4, 5, 6, 7, 8));
}

TEST(WthorTest, ATruncatedFileKeepsItsCompleteRecords) {
  const WthorFile file = ParseWthor(FixtureBytes("truncated.wtb"), "truncated.wtb");
  EXPECT_THAT(Messages(file.errors),
              ElementsAre("truncated.wtb: expected 8 records of 68 bytes after the 16-byte "
                          "header (544 bytes), found 506 bytes"));
  EXPECT_THAT(Numbers(file.games), ElementsAre(1, 2, 3, 4, 5, 6, 7));
  EXPECT_EQ(file.year, 2024);
}

TEST(WthorTest, ABigFileGivesThousandsSeparatedByteCounts) {
  std::string bytes = FixtureBytes(kSample);
  bytes[4] = static_cast<char>(0xd2);  // 1234 games
  bytes[5] = static_cast<char>(0x04);
  const WthorFile file = ParseWthor(bytes, "WTH_2024.wtb");
  EXPECT_THAT(Messages(file.errors),
              ElementsAre("WTH_2024.wtb: expected 1234 records of 68 bytes after the 16-byte "
                          "header (83,912 bytes), found 544 bytes"));
  EXPECT_EQ(file.games.size(), 8u);
}

TEST(WthorTest, ACountBelowTheRecordsIsReportedAndEveryRecordRead) {
  std::string bytes = FixtureBytes(kSample);
  bytes[4] = 7;
  const WthorFile file = ParseWthor(bytes, "x.wtb");
  EXPECT_THAT(Messages(file.errors),
              ElementsAre("x.wtb: expected 7 records of 68 bytes after the 16-byte header (476 "
                          "bytes), found 544 bytes"));
  EXPECT_EQ(file.games.size(), 8u);
}

TEST(WthorTest, AWrongBoardSizeGivesOneErrorAndNoGames) {
  const WthorFile file = ParseWthor(FixtureBytes("bad-header.wtb"), "bad-header.wtb");
  EXPECT_THAT(Messages(file.errors),
              ElementsAre("bad-header.wtb: expected board size 0 or 8 (header byte 12), found 10"));
  EXPECT_TRUE(file.games.empty());
}

// One header byte changed at a time, and the message each change gives.
TEST(WthorTest, EveryHeaderErrorHasItsMessage) {
  const std::string sample = FixtureBytes(kSample);
  struct Case {
    int offset;
    char value;
    std::string message;
  };
  for (const Case& c : std::vector<Case>{
           {8, 3, "x.wtb: expected a game file (header bytes 8-9 = 0), found 3 records of "
                  "another kind (a player or tournament list?)"},
           {13, 1, "x.wtb: expected game type 0 (header byte 13), found 1"},
           {14, 61, "x.wtb: expected a theoretical depth from 0 to 60 empties (header byte 14), "
                    "found 61"}}) {
    std::string bytes = sample;
    bytes[c.offset] = c.value;
    const WthorFile file = ParseWthor(bytes, "x.wtb");
    EXPECT_THAT(Messages(file.errors), ElementsAre(c.message));
    EXPECT_TRUE(file.games.empty());
  }
  EXPECT_THAT(Messages(ParseWthor(sample.substr(0, 10), "x.wtb").errors),
              ElementsAre("x.wtb: expected a 16-byte WTHOR header, found 10 bytes"));
  EXPECT_THAT(Messages(ParseWthor("", "x.wtb").errors),
              ElementsAre("x.wtb: expected a 16-byte WTHOR header, found 0 bytes"));
  // Board size 0 is as good as 8.
  std::string size0 = sample;
  size0[12] = 0;
  EXPECT_TRUE(ParseWthor(size0, "x.wtb").errors.empty());
}

// One record byte changed at a time: the bad game is reported, the others
// come through.
TEST(WthorTest, EveryRecordErrorNamesTheGame) {
  const std::string sample = FixtureBytes(kSample);
  struct Case {
    int game;
    int offset;
    unsigned char value;
    std::string message;
  };
  for (const Case& c : std::vector<Case>{
           {2, 8 + 4, 90, "x.wtb: game 2, move 5: expected a square byte 11-88 (10 x row + "
                          "column), found 90"},
           {2, 8 + 4, 19, "x.wtb: game 2, move 5: expected a square byte 11-88 (10 x row + "
                          "column), found 19"},
           // Game 3 is over after 47 moves (a wipe-out).
           {3, 8 + 47, 11, "x.wtb: game 3, move 48: expected the end of the moves (the game is "
                           "over), found 'A1'"},
           {3, 8 + 50, 11, "x.wtb: game 3, move 51: expected 0 (the moves end after move 47), "
                           "found 11"},
           {4, 7, 65, "x.wtb: game 4: expected black's theoretical score (byte 7) from 0 to 64, "
                      "found 65"},
           {4, 6, 200, "x.wtb: game 4: expected black's final disc count (byte 6) from 0 to 64, "
                       "found 200"}}) {
    std::string bytes = sample;
    bytes[RecordByte(c.game, c.offset)] = static_cast<char>(c.value);
    const WthorFile file = ParseWthor(bytes, "x.wtb");
    EXPECT_THAT(Messages(file.errors), ElementsAre(c.message));
    EXPECT_EQ(file.games.size(), 7u) << c.message;
  }
}

TEST(WthorTest, PositionsOfAFileAtItsDepthCarryTheirScores) {
  const ReadResult read = ParsePositions(FixtureBytes(kSample), "some/WTH_2024.WTB");
  EXPECT_TRUE(read.errors.empty());
  ASSERT_EQ(read.positions.size(), 8u);
  std::vector<int> expected;
  for (const Position& p : read.positions) {
    EXPECT_EQ(p.board.EmptyCount(), 24);
    EXPECT_EQ(p.file, "some/WTH_2024.WTB");
    ASSERT_TRUE(p.HasAnswers());
    expected.push_back(p.ExpectedScore());
  }
  EXPECT_THAT(expected, ElementsAre(10, -6, -64, -56, 64, -64, 58, 64));
}

TEST(WthorTest, PositionsAtOtherEmptiesHaveNoScores) {
  ReadOptions options;
  options.wthor_empties = 20;
  const ReadResult read = ParsePositions(FixtureBytes(kSample), "x.wtb", options);
  EXPECT_TRUE(read.errors.empty());
  ASSERT_EQ(read.positions.size(), 8u);
  for (const Position& p : read.positions) {
    EXPECT_EQ(p.board.EmptyCount(), 20);
    EXPECT_FALSE(p.HasAnswers());
  }
}

// Real games end early (a resignation, a game over): each game that ends
// before the empties asked is a note in game order, left out, not an error;
// a bad game still is one.
TEST(WthorTest, GamesThatEndEarlyAreNotesAndBadGamesErrors) {
  std::string bytes = FixtureBytes(kSample);
  bytes[RecordByte(7, 8 + 4)] = 90;
  ReadOptions options;
  options.wthor_empties = 12;
  const ReadResult read = ParsePositions(bytes, "x.wtb", options);
  EXPECT_THAT(read.notes,
              ElementsAre("x.wtb: game 3: ends at 13 empties, before the 12 asked; left out",
                          "x.wtb: game 5: ends at 15 empties, before the 12 asked; left out",
                          "x.wtb: game 6: ends at 13 empties, before the 12 asked; left out"));
  EXPECT_THAT(
      Messages(read.errors),
      ElementsAre(
          "x.wtb: game 7, move 5: expected a square byte 11-88 (10 x row + column), found 90"));
  EXPECT_EQ(read.positions.size(), 4u);
}

// The games outside the range asked for are not read at all: no position,
// no note, no error.
TEST(WthorTest, GamesOutsideTheRangeAreNotRead) {
  std::string bytes = FixtureBytes(kSample);
  bytes[RecordByte(7, 8 + 4)] = 90;
  ReadOptions options;
  options.wthor_empties = 12;
  options.wthor_games = {{6, 8}};
  const ReadResult read = ParsePositions(bytes, "x.wtb", options);
  EXPECT_THAT(read.notes,
              ElementsAre("x.wtb: game 6: ends at 13 empties, before the 12 asked; left out"));
  EXPECT_EQ(read.errors.size(), 1u);
  ASSERT_EQ(read.positions.size(), 1u);
  EXPECT_EQ(read.positions[0].label, "game 8");
  options.wthor_games = {{1, 2}};
  const ReadResult first = ParsePositions(bytes, "x.wtb", options);
  EXPECT_TRUE(first.notes.empty());
  EXPECT_TRUE(first.errors.empty());
  EXPECT_EQ(first.positions.size(), 2u);
}

// Without a theoretical depth (the Logistello book), 24 empties and no scores.
TEST(WthorTest, AFileWithoutADepthGivesPositionsAt24WithoutScores) {
  std::string bytes = FixtureBytes(kSample);
  bytes[14] = 0;
  const ReadResult read = ParsePositions(bytes, "book.wtb");
  ASSERT_EQ(read.positions.size(), 8u);
  EXPECT_EQ(read.positions[0].board.EmptyCount(), 24);
  EXPECT_FALSE(read.positions[0].HasAnswers());
}

TEST(WthorTest, NamesAndErrorGames) {
  EXPECT_TRUE(IsWthorFileName("WTH_2024.wtb"));
  EXPECT_TRUE(IsWthorFileName("a/b.WtB"));
  EXPECT_FALSE(IsWthorFileName("wtb"));
  EXPECT_FALSE(IsWthorFileName("x.wtb.obf"));
  EXPECT_EQ(WthorErrorGame("a:b.wtb: game 17, move 3: x", "a:b.wtb"), 17);
  EXPECT_EQ(WthorErrorGame("a.wtb: game 4: x", "a.wtb"), 4);
  EXPECT_EQ(WthorErrorGame("a.wtb: expected 3 records", "a.wtb"), 0);
  EXPECT_EQ(WthorErrorGame("b.wtb: game 4: x", "a.wtb"), 0);
}

}  // namespace
}  // namespace endsolve
