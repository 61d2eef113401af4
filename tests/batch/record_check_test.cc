// What `endsolve batch --summary` and `merge` check in every record they
// read, since a results file is a text a user may edit: each record against
// itself (RecordDisagreements: its score against its expected score by the
// solver's own answers check, its line replayed on its position, its id
// against its position), and each id's answers against each other
// (CheckRecords), in one file and across files. Every disagreement reads
// "FILE:LINE: ID: what is wrong".
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "endsolve/batch/identity.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/merge_check.h"
#include "endsolve/batch/record.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/board/notation.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/solver/solver.h"
#include "tests/cli/batch_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::batch {
namespace {

using testing::ItemOf;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

// FFO #1 (14 empties): G8 +18 is the only best move; A1 is not a legal move.
const std::string kFfo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
// FFO #2 (14 empties), another position.
const std::string kFfo2 = "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X";

int Square(const char* name) { return *ParseSquare(name); }

// FFO #1 really solved, as `endsolve batch` records it from "f.obf" line 1
// (its expected score +18 from the line's answers), read back.
ResultRecord SolvedFfo1(bool wld = false) {
  const BatchItem item = ItemOf(kFfo1 + "; G8:+18;", "f.obf", 1);
  SolveOptions options;
  options.wld = wld;
  options.table.size_mib = 16;
  const absl::StatusOr<SolveResult> solved = Solve(item.position->board, options);
  EXPECT_TRUE(solved.ok()) << solved.status();
  RunSettings run;
  run.wld = wld;
  absl::StatusOr<ResultRecord> read = ParseRecord(DumpLine(FinishedRecord(item, *solved, run)));
  EXPECT_TRUE(read.ok()) << read.status();
  return *read;
}

// FFO #1 timed out: no score, no line.
ResultRecord TimedOutFfo1() {
  const BatchItem item = ItemOf(kFfo1 + "; G8:+18;", "f.obf", 1);
  RunSettings run;
  run.time_limit = absl::Seconds(1);
  absl::StatusOr<ResultRecord> read =
      ParseRecord(DumpLine(TimedOutRecord(item, SolveResult{}, run)));
  EXPECT_TRUE(read.ok()) << read.status();
  return *read;
}

// A results file of `records`, as ReadResultsFile gives it (line numbers
// from 1).
ResultsContents FileOf(const std::vector<Record>& records) {
  std::string text;
  for (const Record& r : records) absl::StrAppend(&text, DumpLine(r), "\n");
  return ParseResults(text, "r.jsonl");
}

// The id of f.obf line 1, FFO #1.
const std::string kId = BatchId("f.obf", 1, KeyHash(KeyOf(ParsePositionText(kFfo1, "t")->board)));

TEST(RecordDisagreementsTest, RecordsAsTheBatchWritesThemAreSound) {
  EXPECT_THAT(RecordDisagreements(SolvedFfo1()), IsEmpty());
  EXPECT_THAT(RecordDisagreements(SolvedFfo1(/*wld=*/true)), IsEmpty());
  EXPECT_THAT(RecordDisagreements(TimedOutFfo1()), IsEmpty());
  // A repeat in another orientation, its best move and line turned with it.
  Position mirrored = *ParsePositionText(kFfo1, "t");
  mirrored.board = Transform(mirrored.board, 5);
  const BatchItem item = ItemOf(FormatObf(mirrored), "f.obf", 2);
  EXPECT_THAT(RecordDisagreements(DuplicateRecord(item, SolvedFfo1(), RunSettings{})), IsEmpty());
  // An id not made from the position (not FILE:LINE:HASH) is not checked.
  ResultRecord named = SolvedFfo1();
  named.id = "ffo-1";
  EXPECT_THAT(RecordDisagreements(named), IsEmpty());
}

TEST(RecordDisagreementsTest, ASolvedScoreThatDiffersFromItsExpectedScoreIsWrong) {
  ResultRecord edited = SolvedFfo1();
  edited.score = 30;
  EXPECT_THAT(RecordDisagreements(edited),
              ElementsAre("its score +30 differs from its expected score +18",
                          "its line ends the game at +18, which its score +30 does not allow"));
  // The same score called a wrong answer says what it is: no disagreement.
  edited.status = ResultStatus::kWrongAnswer;
  EXPECT_THAT(RecordDisagreements(edited),
              ElementsAre("its line ends the game at +18, which its score +30 does not allow"));
}

TEST(RecordDisagreementsTest, AWldScoreIsComparedByItsSignOnly) {
  ResultRecord win = SolvedFfo1(/*wld=*/true);
  ASSERT_EQ(win.score, 1);
  EXPECT_THAT(RecordDisagreements(win), IsEmpty());  // +1 for +18: a win either way
  ResultRecord loss = win;
  loss.score = -1;
  loss.pv->resize(1);  // a line that stops short: only the score is checked
  EXPECT_THAT(RecordDisagreements(loss),
              ElementsAre("its score -1 (WLD) differs in sign from its expected score +18"));
  // Its whole line, a win, contradicts the loss too.
  loss.pv = win.pv;
  ASSERT_EQ(RecordDisagreements(loss).size(), 2u);
  EXPECT_THAT(RecordDisagreements(loss)[1],
              ::testing::EndsWith(", which its score -1 (WLD) does not allow"));
}

TEST(RecordDisagreementsTest, ALineMustBeLegalMovesFromThePosition) {
  ResultRecord impossible = SolvedFfo1();
  impossible.pv = {Square("A1"), Square("A1")};
  EXPECT_THAT(RecordDisagreements(impossible),
              ElementsAre("its line plays A1 at move 1, not a legal move there"));
  impossible.pv = {Square("G8"), Square("G8")};
  EXPECT_THAT(RecordDisagreements(impossible),
              ElementsAre("its line plays G8 at move 2, not a legal move there"));
  impossible.pv = {kPass};
  EXPECT_THAT(RecordDisagreements(impossible),
              ElementsAre("its line passes (PS) at move 1, where a move is legal"));
  // A line that stops short of the end is checked as far as it goes.
  impossible.pv = {Square("G8")};
  EXPECT_THAT(RecordDisagreements(impossible), IsEmpty());
}

TEST(RecordDisagreementsTest, ALineThatGoesOnAfterTheEndOfTheGameIsWrong) {
  ResultRecord sound = SolvedFfo1();
  ResultRecord longer = sound;
  longer.pv->push_back(Square("A1"));
  EXPECT_THAT(RecordDisagreements(longer),
              ElementsAre(absl::StrCat("its line plays A1 at move ", longer.pv->size(),
                                       ", after the end of the game")));
}

TEST(RecordDisagreementsTest, ABestMoveMustBeALegalMove) {
  ResultRecord edited = SolvedFfo1();
  edited.best_move = Square("A1");
  EXPECT_THAT(RecordDisagreements(edited),
              ElementsAre("its best move A1 is not a legal move of its position"));
  edited.best_move = kPass;
  EXPECT_THAT(RecordDisagreements(edited),
              ElementsAre("its best move PS is not a legal move of its position"));
}

TEST(RecordDisagreementsTest, APositionThatNoLongerGivesItsIdIsWrong) {
  ResultRecord edited = TimedOutFfo1();
  edited.position->board = ParsePositionText(kFfo2, "t")->board;
  const std::string now = HexHash(KeyHash(KeyOf(edited.position->board)));
  EXPECT_THAT(RecordDisagreements(edited),
              ElementsAre(absl::StrCat("its position does not match its id: the position hashes "
                                       "to ",
                                       now, ", the id says ", kId.substr(kId.size() - 16))));
  // So does a window added to a line: one position under two windows is two ids.
  ResultRecord windowed = TimedOutFfo1();
  windowed.window = ScoreWindow{10, 11};
  EXPECT_THAT(RecordDisagreements(windowed),
              ElementsAre(absl::StrCat(
                  "its position does not match its id: the position hashes to ",
                  HexHash(ItemHash(KeyOf(windowed.position->board), ScoreWindow{10, 11})),
                  ", the id says ", kId.substr(kId.size() - 16))));
}

TEST(CheckRecordsTest, EachDisagreementIsNamedByFileLineAndId) {
  ResultRecord edited = SolvedFfo1();
  edited.score = 30;
  const ResultsContents file = FileOf({TimedOutFfo1(), edited});
  EXPECT_THAT(
      CheckRecords({{"r.jsonl", &file}}, IdScope::kWithinEachFile),
      ElementsAre("r.jsonl:2: " + kId + ": its score +30 differs from its expected score +18",
                  "r.jsonl:2: " + kId +
                      ": its line ends the game at +18, which its score +30 does not allow"));
}

TEST(CheckRecordsTest, OneIdWithTwoScoresInOneFileIsAConflict) {
  // Two answers that are each sound on their own (no expected score, a
  // line that stops short) but not with each other.
  ResultRecord first = SolvedFfo1();
  first.expected_score.reset();
  first.pv = {Square("G8")};
  ResultRecord second = first;
  second.score = 16;
  const ResultsContents file = FileOf({first, second});
  EXPECT_THAT(
      CheckRecords({{"r.jsonl", &file}}, IdScope::kWithinEachFile),
      ElementsAre("r.jsonl:2: " + kId +
                  ": its score +16 differs from the score +18 of the same id at r.jsonl:1"));
  // So is one id answered in both modes.
  ResultRecord wld = first;
  wld.wld = true;
  wld.score = 1;
  const ResultsContents modes = FileOf({first, wld});
  EXPECT_THAT(
      CheckRecords({{"r.jsonl", &modes}}, IdScope::kWithinEachFile),
      ElementsAre("r.jsonl:2: " + kId +
                  ": its mode wld differs from the mode exact of the same id at r.jsonl:1"));
}

TEST(CheckRecordsTest, ATimedOutRecordAndItsRetryAreNoConflict) {
  // The resume rule: a timed-out position tried again with a longer limit
  // gets a second record of its id. The same answer twice is no conflict
  // either.
  const ResultsContents file = FileOf({TimedOutFfo1(), TimedOutFfo1(), SolvedFfo1(), SolvedFfo1()});
  EXPECT_THAT(CheckRecords({{"r.jsonl", &file}}, IdScope::kWithinEachFile), IsEmpty());
}

TEST(CheckRecordsTest, OneIdWithTwoScoresInTwoFilesIsAConflictAcrossFiles) {
  ResultRecord first = SolvedFfo1();
  first.expected_score.reset();
  first.pv = {Square("G8")};
  ResultRecord other = first;
  other.score = 16;
  const ResultsContents a = FileOf({first});
  const ResultsContents b = FileOf({other});
  EXPECT_THAT(
      CheckRecords({{"a.jsonl", &a}, {"b.jsonl", &b}}, IdScope::kAcrossFiles),
      ElementsAre("b.jsonl:1: " + kId +
                  ": its score +16 differs from the score +18 of the same id at a.jsonl:1"));
  // Merge compares the files itself (its conflicts): within each file, none.
  EXPECT_THAT(CheckRecords({{"a.jsonl", &a}, {"b.jsonl", &b}}, IdScope::kWithinEachFile),
              IsEmpty());
}

TEST(CheckRecordsTest, MergeReportsTheDisagreementsAndIsNotOk) {
  ResultRecord first = SolvedFfo1();
  ResultRecord second = first;
  second.score = 16;
  const std::vector<ShardFile> files = {{"r.jsonl", FileOf({first, second})}};
  const MergeReport report = MergeShards(files, std::nullopt);
  EXPECT_FALSE(report.ok());
  EXPECT_THAT(report.conflicts, IsEmpty());
  EXPECT_THAT(
      report.disagreements,
      ElementsAre("r.jsonl:2: " + kId + ": its score +16 differs from its expected score +18",
                  "r.jsonl:2: " + kId +
                      ": its line ends the game at +18, which its score +16 does not allow",
                  "r.jsonl:2: " + kId +
                      ": its score +16 differs from the score +18 of the same id at r.jsonl:1"));
  const std::vector<ShardFile> sound = {{"r.jsonl", FileOf({first})}};
  EXPECT_TRUE(MergeShards(sound, std::nullopt).ok());
}

}  // namespace
}  // namespace endsolve::batch
