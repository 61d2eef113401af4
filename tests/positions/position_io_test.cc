// Tests of the position readers and the .obf writer: the FFO suite as ground
// truth, every error message of the malformed corpus word for word, the
// quietly accepted variants, transcripts against games played move by move,
// and write-then-read round trips.
#include "endsolve/positions/position_io.h"
#include "endsolve/positions/read_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

// An FFO file of the suite: its name, the number of its first position, how
// many it holds and the range of empty squares (the table of ffo/README.md).
struct FfoFile {
  std::string name;
  int first;
  int count;
  int min_empties;
  int max_empties;
};
const std::vector<FfoFile> kFfoFiles = {
    {"fforum-1-19.obf", 1, 19, 14, 16},
    {"fforum-20-39.obf", 20, 20, 6, 26},
    {"fforum-40-59.obf", 40, 20, 20, 34},
    {"fforum-60-79.obf", 60, 20, 24, 36},
};

// The absolute path of a file of the source tree.
std::string SourcePath(const std::string& relative) {
  return absl::StrCat(ENDSOLVE_SOURCE_DIR, "/", relative);
}

// The non-empty lines of a text file, without line endings.
std::vector<std::string> NonEmptyLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

// Reads a file that must open, failing the test otherwise.
ReadResult MustRead(const std::string& path) {
  absl::StatusOr<ReadResult> result = ReadPositionFile(path);
  EXPECT_TRUE(result.ok()) << result.status();
  return result.ok() ? *std::move(result) : ReadResult{};
}

// The messages of a list of errors, for readable failures.
std::vector<std::string> Messages(const std::vector<absl::Status>& errors) {
  std::vector<std::string> messages;
  for (const absl::Status& error : errors) messages.emplace_back(error.message());
  return messages;
}

// The parts of a position that come from the text of its line.
void ExpectSameGame(const Position& actual, const Position& expected) {
  EXPECT_EQ(actual.BoardString(), expected.BoardString());
  EXPECT_EQ(actual.to_move, expected.to_move);
  EXPECT_EQ(actual.board, expected.board);
  EXPECT_EQ(actual.answers, expected.answers);
}

// FFO positions #1 and #2, read from the suite itself.
std::vector<Position> FirstTwoFfoPositions() {
  ReadResult result = MustRead(SourcePath("ffo/fforum-1-19.obf"));
  result.positions.resize(2);
  return result.positions;
}

TEST(FfoSuite, Reads79PositionsWithLabelsAndNoErrors) {
  int total = 0;
  for (const FfoFile& ffo : kFfoFiles) {
    SCOPED_TRACE(ffo.name);
    const std::string path = SourcePath("ffo/" + ffo.name);
    const ReadResult result = MustRead(path);
    EXPECT_EQ(Messages(result.errors), std::vector<std::string>{});
    ASSERT_EQ(static_cast<int>(result.positions.size()), ffo.count);
    int min_empties = kNumSquares;
    int max_empties = 0;
    for (int i = 0; i < ffo.count; ++i) {
      const Position& p = result.positions[i];
      EXPECT_EQ(p.file, path);
      EXPECT_EQ(p.line, i + 1);
      EXPECT_EQ(p.label, absl::StrCat("#", ffo.first + i));
      min_empties = std::min(min_empties, p.board.EmptyCount());
      max_empties = std::max(max_empties, p.board.EmptyCount());
    }
    EXPECT_EQ(min_empties, ffo.min_empties);
    EXPECT_EQ(max_empties, ffo.max_empties);
    total += ffo.count;
  }
  EXPECT_EQ(total, 79);
}

// Every FFO line answers each legal move exactly once, best first.
TEST(FfoSuite, AnswersCoverTheLegalMovesBestFirst) {
  for (const FfoFile& ffo : kFfoFiles) {
    for (const Position& p : MustRead(SourcePath("ffo/" + ffo.name)).positions) {
      SCOPED_TRACE(p.label);
      ASSERT_TRUE(p.HasAnswers());
      Bitboard answered = 0;
      for (std::size_t i = 0; i < p.answers.size(); ++i) {
        const MoveScore& answer = p.answers[i];
        ASSERT_GE(answer.square, 0);
        ASSERT_LT(answer.square, kNumSquares) << "the suite has no passes";
        EXPECT_FALSE(answered & SquareBit(answer.square));
        answered |= SquareBit(answer.square);
        if (i > 0) {
          EXPECT_LE(answer.score, p.answers[i - 1].score);
        }
      }
      EXPECT_EQ(answered, p.board.Moves());
    }
  }
}

// FFO #40 spelled out: black to move, A2 best with +38.
TEST(FfoSuite, Position40IsReadSquareBySquare) {
  const ReadResult result = MustRead(SourcePath("ffo/fforum-40-59.obf"));
  ASSERT_FALSE(result.positions.empty());
  const Position& p = result.positions[0];
  const std::string board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";
  Bitboard black = 0;
  Bitboard white = 0;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    if (board[sq] == 'X') black |= SquareBit(sq);
    if (board[sq] == 'O') white |= SquareBit(sq);
  }
  EXPECT_EQ(p.to_move, Color::kBlack);
  EXPECT_EQ(p.board, (Board{black, white}));
  EXPECT_EQ(p.Black(), black);
  EXPECT_EQ(p.White(), white);
  EXPECT_EQ(p.answers.size(), 10u);
  EXPECT_EQ(p.answers[0], (MoveScore{*ParseSquare("A2"), 38}));
  EXPECT_EQ(p.ExpectedScore(), 38);
}

// The writer spells each FFO line exactly as Edax's file does.
TEST(FormatObf, ReproducesEveryLineOfTheFfoFiles) {
  for (const FfoFile& ffo : kFfoFiles) {
    const std::string path = SourcePath("ffo/" + ffo.name);
    const std::vector<std::string> lines = NonEmptyLines(path);
    const ReadResult result = MustRead(path);
    ASSERT_EQ(lines.size(), result.positions.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      EXPECT_EQ(FormatObf(result.positions[i]), lines[i]);
    }
  }
}

TEST(FormatObf, WritesWhiteToMoveNegativeAndDrawnScoresAndNoAnswers) {
  absl::StatusOr<Position> p = ParsePositionText("f5d6", "test");
  ASSERT_TRUE(p.ok()) << p.status();
  // After f5 d6: white on D4, D5, D6; black on E4, E5, F5.
  const std::string board = std::string(27, '-') + "OX------OXX-----O" + std::string(20, '-');
  EXPECT_EQ(FormatObf(*p), board + " X");
  p->answers = {{*ParseSquare("C3"), 0}, {*ParseSquare("E6"), -4}};
  EXPECT_EQ(FormatObf(*p), board + " X; C3:+0; E6:-4;");
  // After f5 alone, white to move: white on D4 only.
  p = ParsePositionText("f5", "test");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(FormatObf(*p), std::string(27, '-') + "OX------XXX" + std::string(26, '-') + " O");
}

// Read, write, read again: nothing changes, and the FFO labels come back
// from the file name alone.
TEST(WriteObfFile, RoundTripsTheFfoSuite) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / "endsolve_position_io_test";
  std::filesystem::create_directories(dir);
  for (const FfoFile& ffo : kFfoFiles) {
    const ReadResult original = MustRead(SourcePath("ffo/" + ffo.name));
    const std::string copy = (dir / ffo.name).string();
    ASSERT_TRUE(WriteObfFile(copy, original.positions).ok());
    const ReadResult again = MustRead(copy);
    EXPECT_TRUE(again.errors.empty());
    ASSERT_EQ(again.positions.size(), original.positions.size());
    for (std::size_t i = 0; i < again.positions.size(); ++i) {
      ExpectSameGame(again.positions[i], original.positions[i]);
      EXPECT_EQ(again.positions[i].label, original.positions[i].label);
      EXPECT_EQ(again.positions[i].line, original.positions[i].line);
      EXPECT_EQ(again.positions[i].file, copy);
    }
  }
  std::filesystem::remove_all(dir);
}

TEST(WriteObfFile, ReportsAFileThatCannotBeCreated) {
  const std::string path = SourcePath("no-such-folder/out.obf");
  const absl::Status status = WriteObfFile(path, FirstTwoFfoPositions());
  EXPECT_TRUE(absl::IsNotFound(status)) << status;
  EXPECT_EQ(status.message(), absl::StrCat("cannot create ", path, ": No such file or directory"));
}

TEST(ReadPositionFile, ReportsAMissingFileByPath) {
  const absl::StatusOr<ReadResult> result = ReadPositionFile("no/such/positions.obf");
  EXPECT_TRUE(absl::IsNotFound(result.status())) << result.status();
  EXPECT_EQ(result.status().message(),
            "cannot open no/such/positions.obf: No such file or directory");
}

TEST(ReadPositionFile, ReportsAFolderByPath) {
  const std::string path = SourcePath("ffo");
  const absl::StatusOr<ReadResult> result = ReadPositionFile(path);
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.status().message(), absl::StrCat("cannot read ", path, ": it is a directory"));
}

// An input longer than the bound is refused by name, not read on until the
// memory runs out (/dev/zero, an endless pipe).
TEST(ReadFileBytes, RefusesAnInputLongerThanTheBound) {
  const std::string path = SourcePath("ffo/fforum-1-19.obf");
  ASSERT_TRUE(ReadFileBytes(path).ok());
  const absl::StatusOr<std::string> bytes = ReadFileBytes(path, 100);
  EXPECT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.status().message(),
            absl::StrCat(path, ": more than 100 bytes, which no position or game file holds; "
                               "split it into smaller files"));
}

// One malformed file of the corpus and the one error it must produce, after
// "PATH:". Each .obf file holds a comment, the bad line and then FFO #1 on
// line 3, which must still be read; a .pos file holds one position only.
struct Malformed {
  std::string file;
  std::string error;
};
const std::vector<Malformed> kMalformed = {
    {"board-too-short.obf", "2:64: expected 64 board characters, found 63 board characters"},
    {"board-too-long.obf", "2:65: expected 64 board characters, found 65 board characters"},
    {"bad-board-character.obf", "2:10: expected a board square 'X', 'O' or '-', found 'Z'"},
    {"centre-empty.obf",
     "2:29: expected a disc on E4 (no game empties a centre square), found '-'"},
    {"missing-side.obf", "2:65: expected side to move 'X' or 'O', found end of line"},
    {"bad-side.obf", "2:66: expected side to move 'X' or 'O', found 'Z'"},
    {"junk-after-side.obf",
     "2:67: expected ';' or the end of the line after the side to move, found 'o'"},
    {"answer-without-semicolon.obf",
     "2:68: expected ';' before an answer such as 'G8:+18', found 'G'"},
    {"bad-answer-move.obf", "2:77: expected a move such as 'G8' or 'PS', found 'I9'"},
    {"missing-colon.obf", "2:71: expected ':' after the move, found '+'"},
    {"score-not-a-number.obf", "2:80: expected a score such as +18 or -4, found 'twelve'"},
    {"score-out-of-range.obf", "2:72: expected a score from -64 to +64, found '+80'"},
    {"illegal-answer-move.obf", "2:77: expected a legal move, found 'A1'"},
    {"illegal-pass-answer.obf",
     "2:69: expected a legal move (X has moves, so no pass), found 'PS'"},
    {"duplicate-answer.obf", "2:77: expected one answer per move, found a second answer for 'G8'"},
    {"transcript-illegal-move.obf", "2:7: expected a legal move, found 'a1'"},
    {"transcript-bad-move.obf", "2:7: expected a move such as 'f5', found 'z9'"},
    {"transcript-after-game-over.obf",
     "2:19: expected the end of the moves (the game is over), found 'a1'"},
    {"bad-board.pos", "1:64: expected 64 board characters, found 63 board characters"},
    {"missing-side.pos", "2:1: expected 'Black' or 'White' to move, found end of file"},
    {"bad-side.pos", "2:1: expected 'Black' or 'White' to move, found 'Red'"},
};

TEST(MalformedCorpus, EachFileGivesItsExactErrorAndKeepsTheGoodLines) {
  const Position ffo1 = FirstTwoFfoPositions()[0];
  for (const Malformed& m : kMalformed) {
    SCOPED_TRACE(m.file);
    const std::string path = SourcePath("tests/positions/malformed/" + m.file);
    const ReadResult result = MustRead(path);
    ASSERT_EQ(result.errors.size(), 1u) << ::testing::PrintToString(Messages(result.errors));
    EXPECT_TRUE(absl::IsInvalidArgument(result.errors[0]));
    EXPECT_EQ(result.errors[0].message(), absl::StrCat(path, ":", m.error));
    if (m.file.ends_with(".pos")) {
      EXPECT_TRUE(result.positions.empty());
    } else {
      ASSERT_EQ(result.positions.size(), 1u);
      ExpectSameGame(result.positions[0], ffo1);
      EXPECT_EQ(result.positions[0].line, 3);
    }
  }
}

// Every file of the corpus folder is listed above or below, so that a new
// file cannot go untested.
TEST(MalformedCorpus, EveryFileIsChecked) {
  std::vector<std::string> listed = {"crlf.obf",         "bom.obf",     "no-final-newline.obf",
                                     "trailing-blanks.obf", "comments.obf", "edax-symbols.obf"};
  for (const Malformed& m : kMalformed) listed.push_back(m.file);
  std::sort(listed.begin(), listed.end());
  std::vector<std::string> present;
  for (const auto& entry :
       std::filesystem::directory_iterator(SourcePath("tests/positions/malformed"))) {
    present.push_back(entry.path().filename().string());
  }
  std::sort(present.begin(), present.end());
  EXPECT_EQ(present, listed);
}

// Files that are read without a word: FFO #1 and #2 on the given lines.
TEST(MalformedCorpus, QuietVariantsReadLikeTheOriginal) {
  const std::vector<Position> expected = FirstTwoFfoPositions();
  const std::vector<std::pair<std::string, std::vector<int>>> quiet = {
      {"crlf.obf", {1, 2}},         {"bom.obf", {1, 2}},      {"no-final-newline.obf", {1, 2}},
      {"trailing-blanks.obf", {1, 2}}, {"comments.obf", {3, 5}}, {"edax-symbols.obf", {2, 3}},
  };
  for (const auto& [file, lines] : quiet) {
    SCOPED_TRACE(file);
    const ReadResult result = MustRead(SourcePath("tests/positions/malformed/" + file));
    EXPECT_EQ(Messages(result.errors), std::vector<std::string>{});
    ASSERT_EQ(result.positions.size(), 2u);
    for (int i = 0; i < 2; ++i) {
      ExpectSameGame(result.positions[i], expected[i]);
      EXPECT_EQ(result.positions[i].line, lines[i]);
    }
  }
}

// Several bad lines: one error each, in order, and the good lines between
// them keep their FFO numbers.
TEST(ParsePositions, ReportsEveryBadLineAndKeepsLabelsInPlace) {
  const std::vector<std::string> ffo = NonEmptyLines(SourcePath("ffo/fforum-40-59.obf"));
  const std::string text = absl::StrCat(ffo[0], "\n", ffo[1].substr(0, 60), "\n", ffo[2], "\n",
                                        "% a comment\n\n", ffo[3].substr(0, 65), "Z\n", ffo[4]);
  const ReadResult result = ParsePositions(text, "suite/fforum-40-59.obf");
  EXPECT_EQ(Messages(result.errors),
            (std::vector<std::string>{
                "suite/fforum-40-59.obf:2:61: expected 64 board characters, found 60 board "
                "characters",
                "suite/fforum-40-59.obf:6:66: expected side to move 'X' or 'O', found 'Z'"}));
  ASSERT_EQ(result.positions.size(), 3u);
  EXPECT_EQ(result.positions[0].label, "#40");
  EXPECT_EQ(result.positions[1].label, "#42");
  EXPECT_EQ(result.positions[1].line, 3);
  EXPECT_EQ(result.positions[2].label, "#44");
  EXPECT_EQ(result.positions[2].line, 7);
  EXPECT_EQ(result.positions[2].file, "suite/fforum-40-59.obf");
}

TEST(ParsePositions, LabelsOnlyFilesNamedLikeTheFfoSuite) {
  const std::string line = NonEmptyLines(SourcePath("ffo/fforum-1-19.obf"))[0];
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"fforum-1-19.obf", "#1"},       {"a/b/fforum-60-79.obf", "#60"},
      {"positions.obf", ""},           {"fforum-40-59.txt", ""},
      {"fforum-x-59.obf", ""},         {"fforum-59-40.obf", ""},
      {"fforum-+40-59.obf", ""},       {"fforum-40-59.obf/other.obf", ""},
      {"my-fforum-40-59.obf", ""},
  };
  for (const auto& [name, label] : cases) {
    const ReadResult result = ParsePositions(line, name);
    ASSERT_EQ(result.positions.size(), 1u) << name;
    EXPECT_EQ(result.positions[0].label, label) << name;
  }
}

TEST(ParsePositions, ReadsScoresInEverySpelling) {
  const std::string board = NonEmptyLines(SourcePath("ffo/fforum-1-19.obf"))[0].substr(0, 64);
  const ReadResult result = ParsePositions(
      absl::StrCat(board, "\tx ;G8:18 ;h1:-0;  H7:0; a2:+6; A3:-4  % no final ';'\n"), "p.obf");
  EXPECT_EQ(Messages(result.errors), std::vector<std::string>{});
  ASSERT_EQ(result.positions.size(), 1u);
  const std::vector<MoveScore> expected = {{*ParseSquare("G8"), 18},
                                           {*ParseSquare("H1"), 0},
                                           {*ParseSquare("H7"), 0},
                                           {*ParseSquare("A2"), 6},
                                           {*ParseSquare("A3"), -4}};
  EXPECT_EQ(result.positions[0].answers, expected);
}

TEST(ParsePositions, QuotesUnprintableAndLongTextSafely) {
  const std::string board = NonEmptyLines(SourcePath("ffo/fforum-1-19.obf"))[0].substr(0, 64);
  ReadResult result = ParsePositions(absl::StrCat("--\x01", board.substr(3), " X"), "p.obf");
  EXPECT_EQ(Messages(result.errors),
            std::vector<std::string>{
                "p.obf:1:3: expected a board square 'X', 'O' or '-', found '\\x01'"});
  result = ParsePositions(absl::StrCat(board, " X; G8:", std::string(100, '7')), "p.obf");
  EXPECT_EQ(Messages(result.errors),
            std::vector<std::string>{
                "p.obf:1:72: expected a score from -64 to +64, found '77777777777777777777...'"});
}

// A prove unit's line: the window among the answers, in any place and
// case, written back after them.
TEST(ParsePositions, ReadsAWindowAndWritesItBack) {
  const std::string board = NonEmptyLines(SourcePath("ffo/fforum-1-19.obf"))[0].substr(0, 64);
  const ReadResult result = ParsePositions(
      absl::StrCat(board, " X; window:-3,+4\n", board, " X; G8:+18; WINDOW:+17,18;\n", board,
                   " X\n"),
      "u.obf");
  EXPECT_EQ(Messages(result.errors), std::vector<std::string>{});
  ASSERT_EQ(result.positions.size(), 3u);
  EXPECT_EQ(result.positions[0].window, (ScoreWindow{-3, 4}));
  EXPECT_EQ(result.positions[1].window, (ScoreWindow{17, 18}));
  EXPECT_EQ(result.positions[1].answers, (std::vector<MoveScore>{{*ParseSquare("G8"), 18}}));
  EXPECT_EQ(result.positions[2].window, std::nullopt);
  EXPECT_EQ(FormatObf(result.positions[0]), board + " X; window:-3,4;");
  EXPECT_EQ(FormatObf(result.positions[1]), board + " X; G8:+18; window:17,18;");
  const absl::StatusOr<Position> again = ParsePositionText(FormatObf(result.positions[1]), "again");
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->window, result.positions[1].window);
}

TEST(ParsePositions, ABadWindowIsNamedWithItsColumn) {
  const std::string board = NonEmptyLines(SourcePath("ffo/fforum-1-19.obf"))[0].substr(0, 64);
  const ReadResult result = ParsePositions(
      absl::StrCat(board, " X; window:4,-2\n",              // low above high
                   board, " X; window:-1;\n",               // one score
                   board, " X; window:-1,65\n",             // out of range
                   board, " X; window:0,1; window:0,2\n",   // twice
                   board, " X; window:a,1\n"),              // not a score
      "u.obf");
  EXPECT_EQ(Messages(result.errors),
            (std::vector<std::string>{
                "u.obf:1:76: expected a window whose low score is not above its high one, "
                "found '4,-2'",
                "u.obf:2:78: expected ',' between the window's two scores, as in "
                "'window:-1,+1', found ';'",
                "u.obf:3:79: expected a score from -64 to +64, found '65'",
                "u.obf:4:81: expected one window per line, found a second 'window:'",
                "u.obf:5:76: expected a score such as +18 or -4, found 'a'"}));
  EXPECT_EQ(result.positions.size(), 0u);
}

// A PS answer is the only legal answer where the side to move must pass.
TEST(ParsePositions, AcceptsAPassAnswerOnlyWhenTheSideToMoveHasNoMove) {
  // Black has no move here (white's only disc is in the A1 corner, where
  // nothing can bracket it) but white has (C1, flipping B1).
  std::string board(64, '-');
  board[0] = 'O';
  board[1] = 'X';
  board[27] = board[28] = board[35] = board[36] = 'X';
  const std::string line = board + " X; PS:-64;";
  const ReadResult result = ParsePositions(line, "p.obf");
  ASSERT_EQ(Messages(result.errors), std::vector<std::string>{});
  ASSERT_EQ(result.positions.size(), 1u);
  const Position& p = result.positions[0];
  ASSERT_EQ(p.board.Moves(), 0u);
  ASSERT_NE(p.board.OpponentMoves(), 0u);
  EXPECT_EQ(p.answers, (std::vector<MoveScore>{{kPass, -64}}));
  EXPECT_EQ(FormatObf(p), line);
  EXPECT_EQ(Messages(ParsePositions(board + " X; C1:-64;", "p.obf").errors),
            std::vector<std::string>{"p.obf:1:69: expected a legal move, found 'C1'"});
}

TEST(ParsePositions, ReadsFfoPosFiles) {
  const std::vector<std::string> ffo = NonEmptyLines(SourcePath("ffo/fforum-40-59.obf"));
  const std::string board40 = ffo[0].substr(0, 64);
  const std::string board41 = ffo[1].substr(0, 64);
  const Position p40 = ParsePositions(ffo[0], "x.obf").positions.at(0);
  Position p41 = ParsePositions(ffo[1], "x.obf").positions.at(0);
  p41.answers.clear();

  ReadResult result =
      ParsePositions(absl::StrCat(board40, "\nBlack to move\nPosition #40, 20 empties\n"),
                     "dir/end40.pos");
  EXPECT_EQ(Messages(result.errors), std::vector<std::string>{});
  ASSERT_EQ(result.positions.size(), 1u);
  EXPECT_EQ(result.positions[0].board, p40.board);
  EXPECT_EQ(result.positions[0].to_move, Color::kBlack);
  EXPECT_TRUE(result.positions[0].answers.empty());
  EXPECT_EQ(result.positions[0].file, "dir/end40.pos");
  EXPECT_EQ(result.positions[0].line, 1);

  // Upper-case extension, a BOM, CRLF, a blank line before the board and
  // "black" alone.
  result = ParsePositions(absl::StrCat("\xEF\xBB\xBF\r\n", board41, "\r\nblack \r\n\r\n"),
                          "END41.POS");
  EXPECT_EQ(Messages(result.errors), std::vector<std::string>{});
  ASSERT_EQ(result.positions.size(), 1u);
  ExpectSameGame(result.positions[0], p41);
  EXPECT_EQ(result.positions[0].line, 2);

  // FFO #61, white to move.
  const std::string line61 = NonEmptyLines(SourcePath("ffo/fforum-60-79.obf"))[1];
  Position p61 = ParsePositions(line61, "x.obf").positions.at(0);
  ASSERT_EQ(p61.to_move, Color::kWhite);
  p61.answers.clear();
  result = ParsePositions(absl::StrCat(line61.substr(0, 64), "\nWHITE TO MOVE\n"), "end61.pos");
  EXPECT_EQ(Messages(result.errors), std::vector<std::string>{});
  ASSERT_EQ(result.positions.size(), 1u);
  ExpectSameGame(result.positions[0], p61);

  result = ParsePositions(absl::StrCat(board41, "\nBLACKISH to move\n"), "end41.pos");
  EXPECT_EQ(Messages(result.errors),
            std::vector<std::string>{
                "end41.pos:2:1: expected 'Black' or 'White' to move, found 'BLACKISH'"});
  result = ParsePositions("\n\n", "empty.pos");
  EXPECT_EQ(Messages(result.errors),
            std::vector<std::string>{"empty.pos:3:1: expected a board on the first line, "
                                     "found end of file"});
  result = ParsePositions(absl::StrCat(board41, " O\nWhite\n"), "end41.pos");
  EXPECT_EQ(Messages(result.errors),
            std::vector<std::string>{
                "end41.pos:1:66: expected the end of the line after the board, found 'O'"});
}

// The side line says the side and nothing else, right under the board, and
// nothing after it starts a second position; each used to be accepted
// without a word, or reported a line late.
TEST(ParsePositions, PosFilesAreReadStrictly) {
  const std::string board41 = NonEmptyLines(SourcePath("ffo/fforum-40-59.obf"))[1].substr(0, 64);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"\n\nBlack\n", "2:1: expected 'Black' or 'White' to move, found end of line"},
      {"\nBlack to move extra junk\n",
       "2:15: expected the end of the line after the side to move, found 'e'"},
      {"\nBlack junk\n", "2:7: expected 'to move' or the end of the line after 'Black', found 'junk'"},
      {"\nWhite to\n", "2:9: expected 'move' after 'to', found end of line"},
      {"\nWhite to go\n", "2:10: expected 'move' after 'to', found 'go'"},
      {"\nBlack to move\nWhite\n",
       "3:1: expected one position per .pos file (a description may follow it), found another "
       "position starting with 'White'"},
      {"\nBlack\n\n" + board41 + "\n",
       "4:1: expected one position per .pos file (a description may follow it), found another "
       "position starting with '" + board41.substr(0, 20) + "...'"},
  };
  for (const auto& [tail, error] : cases) {
    const ReadResult result = ParsePositions(board41 + tail, "end41.pos");
    EXPECT_TRUE(result.positions.empty()) << tail;
    EXPECT_EQ(Messages(result.errors), std::vector<std::string>{"end41.pos:" + error}) << tail;
  }
  // A description after the side, and a comment on the side line, are fine.
  const ReadResult ok =
      ParsePositions(board41 + "\nblack TO MOVE % FFO #41\nPosition #41, 22 empties\n", "end41.pos");
  EXPECT_EQ(Messages(ok.errors), std::vector<std::string>{});
  EXPECT_EQ(ok.positions.size(), 1u);
}

// The board after `moves`, played one by one from the start with an explicit
// pass wherever the side to move has no move.
Position PlayByHand(const std::vector<std::string>& moves) {
  Position p;
  p.board = Board::Initial();
  for (const std::string& move : moves) {
    if (p.board.Moves() == 0) {
      p.board = p.board.Pass();
      p.to_move = Opposite(p.to_move);
    }
    p.board = p.board.Play(*ParseSquare(move));
    p.to_move = Opposite(p.to_move);
  }
  if (p.board.Moves() == 0 && p.board.OpponentMoves() != 0) {
    p.board = p.board.Pass();
    p.to_move = Opposite(p.to_move);
  }
  return p;
}

TEST(ParsePositionText, PlaysATranscriptInEitherCase) {
  const Position expected = PlayByHand({"f5", "d6", "c3", "d3", "c4"});
  EXPECT_EQ(expected.to_move, Color::kWhite);
  EXPECT_EQ(expected.board.EmptyCount(), 55);
  for (const std::string text : {"f5d6c3d3c4", "F5D6C3D3C4", "  f5 D6 c3d3 C4  ", "f5d6c3d3c4\n"}) {
    SCOPED_TRACE(text);
    const absl::StatusOr<Position> p = ParsePositionText(text, "argument 1");
    ASSERT_TRUE(p.ok()) << p.status();
    ExpectSameGame(*p, expected);
    EXPECT_EQ(p->file, "");
    EXPECT_EQ(p->line, 0);
    EXPECT_EQ(p->label, "");
  }
}

// Random games, cut after every move: the transcript without passes must
// give the board and side of the game played by hand, and its moves
// (ParseTranscriptMoves) the moves played, passes included. The games must
// include passes in the middle and at the end of a transcript, or the test
// proves nothing about them.
TEST(ParsePositionText, ImpliesForcedPassesInRandomGames) {
  std::mt19937 rng(20240611);
  int passes_inside = 0;
  int passes_at_end = 0;
  int finished_games = 0;
  for (int game = 0; game < 400; ++game) {
    Board board = Board::Initial();
    std::vector<std::string> moves;
    std::string transcript;
    std::vector<int> played;
    bool passed = false;
    while (!board.IsGameOver()) {
      Bitboard legal = board.Moves();
      if (legal == 0) {
        board = board.Pass();
        passed = true;
        continue;
      }
      for (int skip = static_cast<int>(rng() % PopCount(legal)); skip > 0; --skip) {
        PopFirstSquare(legal);
      }
      const int square = FirstSquare(legal);
      board = board.Play(square);
      if (passed) {
        ++passes_inside;
        played.push_back(kPass);
      }
      played.push_back(square);
      passed = false;
      moves.push_back(SquareName(square));
      transcript += SquareName(square);
      const Position expected = PlayByHand(moves);
      if (expected.board != board) ++passes_at_end;
      const absl::StatusOr<Position> p = ParsePositionText(transcript, "game");
      ASSERT_TRUE(p.ok()) << p.status();
      ExpectSameGame(*p, expected);
    }
    ++finished_games;
    const absl::StatusOr<std::vector<int>> read = ParseTranscriptMoves(transcript, "game");
    ASSERT_TRUE(read.ok()) << read.status();
    EXPECT_EQ(*read, played) << transcript;
    const absl::StatusOr<Position> over = ParsePositionText(transcript + "a1", "game");
    EXPECT_EQ(over.status().message(),
              absl::StrCat("game, column ", transcript.size() + 1,
                           ": expected the end of the moves (the game is over), found 'a1'"));
  }
  EXPECT_GT(passes_inside, 0);
  EXPECT_GT(passes_at_end, 0);
  EXPECT_EQ(finished_games, 400);
}

TEST(ParsePositionText, ReadsAnObfLineWithAnswers) {
  const std::string line = NonEmptyLines(SourcePath("ffo/fforum-60-79.obf"))[1];
  const absl::StatusOr<Position> p = ParsePositionText(line + "  % #61\r\n", "argument 1");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->to_move, Color::kWhite);
  EXPECT_EQ(FormatObf(*p), line);
  EXPECT_EQ(p->file, "");
  EXPECT_EQ(p->line, 0);
}

TEST(ParsePositionText, NamesTheSourceAndColumnInErrors) {
  const std::string board = NonEmptyLines(SourcePath("ffo/fforum-1-19.obf"))[0].substr(0, 64);
  EXPECT_EQ(ParsePositionText(board + " Z", "argument 2").status().message(),
            "argument 2, column 66: expected side to move 'X' or 'O', found 'Z'");
  EXPECT_EQ(ParsePositionText("f5d6c3a1", "argument 2").status().message(),
            "argument 2, column 7: expected a legal move, found 'a1'");
  EXPECT_EQ(ParsePositionText("  % nothing", "argument 3").status().message(),
            "argument 3, column 3: expected a position (a board and a side, or moves such as "
            "f5d6), found end of line");
  EXPECT_TRUE(absl::IsInvalidArgument(ParsePositionText("", "argument 4").status()));
  EXPECT_EQ(ParsePositionText("hello", "argument 5").status().message(),
            "argument 5, column 1: expected a board square 'X', 'O' or '-', found 'h'");
}

}  // namespace
}  // namespace endsolve
