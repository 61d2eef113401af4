// Unit tests of the batch building blocks: ids, shards, symmetry mapping of
// duplicates, and reading results files with torn and corrupted lines.
#include <limits>
#include <map>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "endsolve/batch/identity.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/merge_check.h"
#include "endsolve/batch/progress.h"
#include "endsolve/batch/record.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/solver/report.h"
#include "tests/cli/batch_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::batch {
namespace {

using testing::ItemOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Optional;

// FFO #1 (14 empties): G8 +18 is the only best move.
const std::string kFfo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

// A solved record as the batch writes it: FFO #1 with its true answer.
Json SolvedFfo1(const std::string& file, int line) {
  SolveResult r;
  r.score = 18;
  r.best_move = *ParseSquare("G8");
  r.pv = {*ParseSquare("G8"), *ParseSquare("H7"), kPass, *ParseSquare("A8")};
  r.nodes = {10, 20};
  r.time = absl::Milliseconds(5);
  return FinishedRecord(ItemOf(kFfo1 + "; G8:+18;", file, line), r, RunSettings{});
}

TEST(BatchIdentityTest, FnvMatchesThePublishedTestVectors) {
  // From the FNV reference test suite (draft-eastlake-fnv).
  EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(Fnv1a64("foobar"), 0x85944171f73967e8ULL);
}

TEST(BatchIdentityTest, IdsNameFileLineAndTheSymmetryFreeHash) {
  const Board board = ParsePositionText(kFfo1, "t")->board;
  const std::string id = BatchId("ffo/x.obf", 3, KeyHash(KeyOf(board)));
  EXPECT_THAT(id, ::testing::MatchesRegex("ffo/x\\.obf:3:[0-9a-f]{16}"));
  for (int s = 0; s < kNumSymmetries; ++s) {
    EXPECT_EQ(BatchId("ffo/x.obf", 3, KeyHash(KeyOf(Transform(board, s)))), id) << s;
  }
  // The key itself is tested with the symmetries (tests/board/symmetry_test.cc).
}

TEST(BatchIdentityTest, ShardsPartitionTheIds) {
  constexpr int kShards = 5;
  std::vector<int> sizes(kShards);
  for (int i = 0; i < 1000; ++i) {
    const std::string id = absl::StrCat("f.obf:", i, ":0123456789abcdef");
    int owners = 0;
    for (int k = 1; k <= kShards; ++k) {
      if (InShard(id, Shard{k, kShards})) {
        ++owners;
        ++sizes[k - 1];
      }
    }
    EXPECT_EQ(owners, 1) << id;
  }
  for (int size : sizes) EXPECT_GT(size, 100);  // each shard gets a real share
}

TEST(BatchIdentityTest, ShardSpellingsAreChecked) {
  EXPECT_EQ(*ParseShard("2/8"), (Shard{2, 8}));
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "1/2/3", ""}) {
    EXPECT_THAT(ParseShard(bad).status().message(), HasSubstr("expected K/N")) << bad;
  }
}

TEST(BatchRecordTest, ARecordReadsBackAsWritten) {
  const Json j = SolvedFfo1("f.obf", 1);
  absl::StatusOr<ResultRecord> r = ParseRecord(DumpLine(j));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->status, ResultStatus::kSolved);
  EXPECT_EQ(r->score, 18);
  EXPECT_EQ(r->best_move, *ParseSquare("G8"));
  EXPECT_THAT(r->pv, Optional(ElementsAre(*ParseSquare("G8"), *ParseSquare("H7"), kPass,
                                          *ParseSquare("A8"))));
  EXPECT_EQ(r->shard, "1/1");
  EXPECT_EQ(j["nodes"], 30);
  EXPECT_EQ(j["expected_score"], 18);
  EXPECT_FALSE(j.contains("label"));  // not an FFO file
}

TEST(BatchRecordTest, AnswersThatDisagreeMakeAWrongAnswer) {
  SolveResult r;
  r.score = 16;
  r.best_move = *ParseSquare("G8");
  const Json j = FinishedRecord(ItemOf(kFfo1 + "; G8:+18;", "f.obf", 1), r, RunSettings{});
  EXPECT_EQ(j["status"], "wrong-answer");
}

TEST(BatchRecordTest, RecordsMissingWhatTheirStatusNeedsAreRejected) {
  Json j = SolvedFfo1("f.obf", 1);
  for (const char* key : {"id", "status", "score", "pv", "position", "nodes", "shard", "mode"}) {
    Json without = j;
    without.erase(key);
    EXPECT_THAT(ParseRecord(DumpLine(without)).status().message(), HasSubstr(key)) << key;
  }
  Json bad_status = j;
  bad_status["status"] = "done";
  EXPECT_THAT(ParseRecord(DumpLine(bad_status)).status().message(), HasSubstr("unknown status"));
  EXPECT_FALSE(ParseRecord("[1,2]").ok());
  EXPECT_FALSE(ParseRecord("{\"id\":").ok());
}

// One record of each status, and duplicates of a solved and a timed-out
// one: between them, every key of the schema, the optional ones included.
std::vector<Record> OneRecordOfEachKind() {
  SolveResult solved;
  solved.score = 18;
  solved.best_move = *ParseSquare("G8");
  solved.pv = {*ParseSquare("G8"), *ParseSquare("H7"), kPass, *ParseSquare("A8")};
  solved.nodes = {10, 20};
  solved.time = absl::Milliseconds(5);
  SolveResult wrong = solved;
  wrong.score = 16;
  SolveResult partial;
  partial.stopped = true;
  partial.nodes = {7, 9};
  partial.time = absl::Milliseconds(1500);
  RunSettings run;
  run.shard = Shard{2, 3};
  run.threads = 4;
  RunSettings wld_run = run;
  wld_run.wld = true;
  wld_run.time_limit = absl::Milliseconds(1500);
  BatchItem labelled = ItemOf(kFfo1 + "; G8:+18;", "f.obf", 1);
  labelled.position->label = "#1";
  BatchItem bad;
  bad.file = "f.obf";
  bad.line = 2;
  bad.raw = "not a position";
  bad.id = BatchId(bad.file, bad.line, Fnv1a64(bad.raw));
  bad.error = "f.obf:2:1: expected a board square 'X', 'O' or '-', found 'n'";
  const BatchItem again = ItemOf(kFfo1, "g.obf", 5);
  SolveResult upper = solved;
  upper.score = 19;
  upper.kind = ScoreKind::kUpper;
  const Record unit = FinishedRecord(ItemOf(kFfo1 + "; window:20,21", "u.obf", 1), upper, run);
  const Record finished = FinishedRecord(labelled, solved, run);
  const Record timed_out = TimedOutRecord(ItemOf(kFfo1, "f.obf", 3), partial, wld_run);
  // An analysed position (`endsolve analyse`'s cache) carries every move's score.
  Record analysed = finished;
  analysed.move_scores = std::vector<MoveScore>{{*ParseSquare("G8"), 18}, {*ParseSquare("H1"), 12},
                                                {*ParseSquare("A4"), -22}};
  return {finished,
          analysed,
          FinishedRecord(labelled, wrong, run),
          timed_out,
          BadInputRecord(bad, run),
          DuplicateRecord(again, finished, run),
          DuplicateRecord(again, timed_out, wld_run),
          unit,
          DuplicateRecord(ItemOf(kFfo1 + "; window:20,21", "v.obf", 4), unit, run)};
}

TEST(BatchRecordTest, EveryKindOfRecordRoundTrips) {
  std::set<ResultStatus> statuses;
  for (const Record& record : OneRecordOfEachKind()) {
    statuses.insert(record.status);
    const Json j = record;
    EXPECT_TRUE(j.get<Record>() == record) << j.dump();
    const absl::StatusOr<ResultRecord> read = ParseRecord(DumpLine(record));
    ASSERT_TRUE(read.ok()) << read.status() << " in " << j.dump();
    EXPECT_TRUE(static_cast<const Record&>(*read) == record) << j.dump();
    EXPECT_EQ(DumpLine(*read), DumpLine(record));
  }
  EXPECT_THAT(statuses, ElementsAre(ResultStatus::kSolved, ResultStatus::kWrongAnswer,
                                    ResultStatus::kBadInput, ResultStatus::kTimedOut));
}

// Every key of every kind of record, taken out or given a value of no key's
// type: refused with a message naming the key, but for the keys a record
// may lack.
TEST(BatchRecordTest, AMissingOrMistypedKeyIsRefusedByName) {
  const std::set<std::string> may_lack = {"label", "expected_score", "duplicate_of", "window",
                                          "move_scores"};
  std::set<std::string> lacked;
  for (const Record& record : OneRecordOfEachKind()) {
    const Json j = record;
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& key = it.key();
      const std::string named = absl::StrCat("key \"", key, "\"");
      const std::string where = absl::StrCat(StatusName(record.status), " record, key ", key);
      Json without = j;
      without.erase(key);
      const absl::StatusOr<ResultRecord> read = ParseRecord(DumpLine(without));
      if (may_lack.contains(key)) {
        lacked.insert(key);
        EXPECT_TRUE(read.ok()) << where << ": " << read.status();
      } else {
        EXPECT_THAT(read.status().message(), HasSubstr(named)) << where;
      }
      Json mistyped = j;
      mistyped[key] = true;
      EXPECT_THAT(ParseRecord(DumpLine(mistyped)).status().message(), HasSubstr(named)) << where;
    }
  }
  EXPECT_EQ(lacked, may_lack);
}

TEST(BatchRecordTest, ValuesOutsideTheirKeysRangeAreRefusedByName) {
  const std::vector<std::pair<std::string, Json>> cases = {
      {"id", ""},
      {"shard", "3/2"},
      {"mode", "fast"},
      {"line", std::numeric_limits<std::uint64_t>::max()},
      {"position", "XO X"},
      {"empties", 65},
      {"score", 65},
      {"score", -65},
      {"expected_score", 99},
      {"best_move", "Z9"},
      {"pv", Json::array({"G8", 3})},
      {"move_scores", Json::array({"G8:+18", "H1:+99"})},
      {"move_scores", Json::array({"Z9:+2"})},
      {"move_scores", Json::array({"G8 +18"})},
      {"leaves", -1},
      {"seconds", "0.005"},
  };
  for (const auto& [key, value] : cases) {
    Json j = SolvedFfo1("f.obf", 1);
    j[key] = value;
    EXPECT_THAT(ParseRecord(DumpLine(j)).status().message(),
                HasSubstr(absl::StrCat("key \"", key, "\"")))
        << key << " " << value.dump();
  }
}

TEST(BatchRecordTest, AUnitsWindowAndBoundAreWrittenAndChecked) {
  SolveResult lower;
  lower.score = 12;
  lower.kind = ScoreKind::kLower;
  lower.best_move = *ParseSquare("G8");
  const Json j =
      FinishedRecord(ItemOf(kFfo1 + "; G8:+18; window:-64,9", "u.obf", 1), lower, RunSettings{});
  EXPECT_EQ(j["status"], "solved");  // +18 lies within the lower bound +12
  EXPECT_EQ(j["window"], Json::array({-64, 9}));
  EXPECT_EQ(j["bound"], "lower");
  const ResultRecord read = *ParseRecord(DumpLine(j));
  EXPECT_EQ(ScoresAllowed(read), (ScoreWindow{12, 64}));
  EXPECT_NE(QuestionOf(read), QuestionOf(*ParseRecord(DumpLine(SolvedFfo1("f.obf", 1)))));
  const std::vector<std::pair<std::string, Json>> cases = {
      {"window", Json::array({3, 2})},
      {"window", Json::array({-65, 2})},
      {"window", Json::array({1})},
      {"bound", "fuzzy"},
  };
  for (const auto& [key, value] : cases) {
    Json bad = j;
    bad[key] = value;
    EXPECT_THAT(ParseRecord(DumpLine(bad)).status().message(),
                HasSubstr(absl::StrCat("key \"", key, "\"")))
        << key << " " << value.dump();
  }
  // A bound the answers refute is a wrong answer.
  lower.score = 20;
  const Json wrong =
      FinishedRecord(ItemOf(kFfo1 + "; G8:+18; window:-64,9", "u.obf", 1), lower, RunSettings{});
  EXPECT_EQ(wrong["status"], "wrong-answer");
}

// Bounds of one question conflict only when no score satisfies both.
TEST(MergeCheckTest, BoundsConflictOnlyWhenTheyContradict) {
  auto unit = [](int line, int score, ScoreKind kind) {
    SolveResult r;
    r.score = score;
    r.kind = kind;
    r.best_move = *ParseSquare("G8");
    return Json(FinishedRecord(ItemOf(kFfo1 + "; window:10,11", "u.obf", line), r,
                               RunSettings{}));
  };
  auto file = [](const std::string& path, const std::vector<Json>& records) {
    std::string text;
    for (const Json& j : records) text += DumpLine(j) + "\n";
    return ShardFile{path, ParseResults(text, path)};
  };
  const MergeReport agree = MergeShards(
      {file("a.jsonl", {unit(1, 14, ScoreKind::kLower)}),
       file("b.jsonl", {unit(2, 18, ScoreKind::kLower)})},
      std::nullopt);
  EXPECT_TRUE(agree.conflicts.empty());
  const MergeReport contradict = MergeShards(
      {file("a.jsonl", {unit(1, 14, ScoreKind::kLower)}),
       file("b.jsonl", {unit(2, 9, ScoreKind::kUpper)})},
      std::nullopt);
  ASSERT_EQ(contradict.conflicts.size(), 1u);
  EXPECT_THAT(contradict.conflicts[0], HasSubstr("+14 (lower bound) in a.jsonl:1"));
  EXPECT_THAT(contradict.conflicts[0], HasSubstr("+9 (upper bound) in b.jsonl:1"));
}

// A bad line may hold any bytes; its record is still written, with the
// invalid UTF-8 replaced, and reads back.
TEST(BatchRecordTest, InvalidUtf8InABadLineIsReplaced) {
  BatchItem bad;
  bad.file = "f.obf";
  bad.line = 1;
  bad.raw = "ab\xff\xfe";
  bad.id = BatchId(bad.file, bad.line, Fnv1a64(bad.raw));
  bad.error = "f.obf:1:1: expected a board square 'X', 'O' or '-', found 'a'";
  const absl::StatusOr<ResultRecord> read =
      ParseRecord(DumpLine(BadInputRecord(bad, RunSettings{})));
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_THAT(read->input, Optional(::testing::StartsWith("ab\xEF\xBF\xBD")));
}

TEST(BatchRecordTest, DuplicatesGetTheirOwnOrientation) {
  const Json original_json = SolvedFfo1("a.obf", 1);
  const ResultRecord original = *ParseRecord(DumpLine(original_json));
  const Board board = ParsePositionText(kFfo1, "t")->board;
  for (int s = 0; s < kNumSymmetries; ++s) {
    Position image;
    image.board = Transform(board, s);
    BatchItem item = ItemOf(FormatObf(image), "b.obf", 7);
    const Json dup = DuplicateRecord(item, original, RunSettings{});
    EXPECT_EQ(dup["duplicate_of"], original.id);
    EXPECT_EQ(dup["id"], item.id);
    EXPECT_EQ(dup["score"], 18);
    EXPECT_EQ(dup["nodes"], 0);
    EXPECT_EQ(dup["best_move"], SquareName(TransformSquare(*ParseSquare("G8"), s)));
    EXPECT_EQ(dup["pv"][2], "PS");
    EXPECT_EQ(dup["pv"][3], SquareName(TransformSquare(*ParseSquare("A8"), s)));
    // The mapped move is legal where it is reported.
    EXPECT_TRUE(image.board.Moves() & SquareBit(*ParseSquare(dup["best_move"].get<std::string>())));
    EXPECT_TRUE(ParseRecord(DumpLine(dup)).ok());
  }
}

TEST(ResultsFileTest, ALastLineWithoutNewlineIsTorn) {
  const std::string a = DumpLine(SolvedFfo1("f.obf", 1)) + "\n";
  const std::string b = DumpLine(SolvedFfo1("f.obf", 2));
  const ResultsContents c = ParseResults(a + b.substr(0, 40), "r.jsonl");
  EXPECT_EQ(c.records.size(), 1u);
  EXPECT_EQ(c.complete_bytes, a.size());
  EXPECT_EQ(c.torn_bytes, 40u);
  EXPECT_EQ(c.torn_line, 2);
  EXPECT_TRUE(c.warnings.empty());
  // Even a whole record is torn without its newline: its write was cut.
  EXPECT_EQ(ParseResults(a + b, "r.jsonl").torn_bytes, b.size());
}

TEST(ResultsFileTest, AnUnparsableLastLineIsTornAndEarlierOnesAreCorrupted) {
  const std::string a = DumpLine(SolvedFfo1("f.obf", 1)) + "\n";
  const std::string zeros(30, '\0');
  ResultsContents c = ParseResults(a + "{oops\n" + a + zeros + "\n", "r.jsonl");
  EXPECT_EQ(c.records.size(), 2u);
  EXPECT_THAT(c.warnings, ElementsAre("r.jsonl:2: ignoring a corrupted line (not valid JSON)"));
  EXPECT_EQ(c.torn_line, 4);
  EXPECT_EQ(c.torn_bytes, zeros.size() + 1);
  EXPECT_EQ(c.complete_bytes, 2 * a.size() + 6);
}

TEST(ResultsFileTest, AppendResumesAfterCuttingATornLine) {
  const testing::TempFolder folder("batch_append");
  const std::string path = folder / "append.jsonl";
  const std::string a = DumpLine(SolvedFfo1("f.obf", 1)) + "\n";
  testing::WriteFile(path, a + "{\"id\":\"f.o");
  {
    auto file = ResultsAppender::Open(path, /*create_only=*/false);
    ASSERT_TRUE(file.ok()) << file.status();
    EXPECT_FALSE((*file)->created());
    EXPECT_EQ((*file)->contents().records.size(), 1u);
    EXPECT_EQ((*file)->contents().torn_bytes, 10u);
    EXPECT_EQ(testing::ReadFile(path), a);
    ASSERT_TRUE((*file)->Append(SolvedFfo1("f.obf", 2)).ok());
    // A second batch on the same file is refused while this one holds it.
    EXPECT_THAT(ResultsAppender::Open(path, false).status().message(), HasSubstr("locked"));
  }
  EXPECT_EQ(testing::ReadFile(path), a + DumpLine(SolvedFfo1("f.obf", 2)) + "\n");
  EXPECT_THAT(ResultsAppender::Open(path, /*create_only=*/true).status().message(),
              HasSubstr("already exists"));
  EXPECT_EQ(testing::ReadFile(path), a + DumpLine(SolvedFfo1("f.obf", 2)) + "\n");
}

// With a sync period every line is in the file when Append returns (a
// process killed then loses none of them); only the syncs are spaced.
TEST(ResultsFileTest, ASyncPeriodStillWritesEachLineAtOnce) {
  const testing::TempFolder folder("batch_sync_period");
  const std::string path = folder / "spaced.jsonl";
  std::string expected;
  {
    auto file = ResultsAppender::Open(path, /*create_only=*/true);
    ASSERT_TRUE(file.ok()) << file.status();
    (*file)->SyncAtMostEvery(absl::Hours(1));
    for (int line = 1; line <= 3; ++line) {
      ASSERT_TRUE((*file)->Append(SolvedFfo1("f.obf", line)).ok());
      expected += DumpLine(SolvedFfo1("f.obf", line)) + "\n";
      EXPECT_EQ(testing::ReadFile(path), expected);
    }
  }
  EXPECT_EQ(testing::ReadFile(path), expected);
}

TEST(ResultsFileTest, TheLatestRecordOfAnIdStands) {
  SolveResult partial;
  partial.stopped = true;
  RunSettings run;
  run.time_limit = absl::Seconds(1);
  const Json timed_out = TimedOutRecord(ItemOf(kFfo1, "f.obf", 1), partial, run);
  const ResultsContents c =
      ParseResults(DumpLine(timed_out) + "\n" + DumpLine(SolvedFfo1("f.obf", 1)) + "\n", "r.jsonl");
  ASSERT_EQ(c.records.size(), 2u);
  EXPECT_EQ(c.records[0].status, ResultStatus::kTimedOut);
  EXPECT_EQ(c.records[0].time_limit_seconds, 1.0);
  const auto latest = LatestById(c);
  ASSERT_EQ(latest.size(), 1u);
  EXPECT_EQ(latest.begin()->second->status, ResultStatus::kSolved);
}

TEST(BatchInputTest, BadLinesBecomeItemsWithTheirErrorAndText) {
  const testing::TempFolder folder("batch_input");
  const std::string path = folder / "mixed.obf";
  testing::WriteFile(path,
                     kFfo1 + "\n\n% a comment\n" + kFfo1.substr(0, 64) + " Z\r\n" + kFfo1 + "\n");
  absl::StatusOr<BatchInput> input = LoadBatchInput({path, path});
  ASSERT_TRUE(input.ok()) << input.status();
  ASSERT_EQ(input->items.size(), 3u);
  EXPECT_THAT(input->warnings, ElementsAre(HasSubstr("named more than once")));
  const BatchItem& bad = input->items[1];
  EXPECT_FALSE(bad.ok());
  EXPECT_EQ(bad.line, 4);
  EXPECT_EQ(bad.raw, kFfo1.substr(0, 64) + " Z");
  EXPECT_EQ(bad.error, path + ":4:66: expected side to move 'X' or 'O', found 'Z'");
  EXPECT_EQ(bad.id, BatchId(path, 4, Fnv1a64(bad.raw)));
  EXPECT_EQ(input->items[0].line, 1);
  EXPECT_EQ(input->items[2].line, 5);
  // The same position on two lines: two ids that differ only by line.
  EXPECT_EQ(input->items[0].id.substr(input->items[0].id.rfind(':')),
            input->items[2].id.substr(input->items[2].id.rfind(':')));
  EXPECT_THAT(LoadBatchInput({path + ".missing"}).status().message(), HasSubstr("cannot open"));
}

// A bad line is kept whole when it could be a position line, and cut, with
// its length, when it is longer; the id still hashes the whole line.
TEST(BatchRecordTest, ALongBadLineIsCutInItsRecord) {
  const testing::TempFolder folder("batch_long_line");
  const std::string path = folder / "long.obf";
  const std::string long_line(1'000'000, 'x');
  const std::string short_line = "this is not a position";
  testing::WriteFile(path, long_line + "\n" + short_line + "\n");
  absl::StatusOr<BatchInput> input = LoadBatchInput({path});
  ASSERT_TRUE(input.ok()) << input.status();
  ASSERT_EQ(input->items.size(), 2u);
  const Json cut = BadInputRecord(input->items[0], RunSettings{});
  EXPECT_EQ(cut["input"], long_line.substr(0, 300) + "... (1000000 bytes in all)");
  EXPECT_EQ(input->items[0].id, BatchId(path, 1, Fnv1a64(long_line)));
  EXPECT_LT(DumpLine(cut).size(), 1000u);
  EXPECT_TRUE(ParseRecord(DumpLine(cut)).ok());
  EXPECT_EQ(BadInputRecord(input->items[1], RunSettings{}).input, short_line);
}

// Merge on records built in memory: one shard missing, one id twice with
// two scores, one position under two ids with two scores.
TEST(MergeCheckTest, NamesMissingShardsDuplicatesAndConflicts) {
  auto shard_file = [](const std::string& path, const std::vector<Json>& records, Shard shard) {
    std::string text;
    for (Json j : records) {
      j["shard"] = FormatShard(shard);
      text += DumpLine(j) + "\n";
    }
    return ShardFile{path, ParseResults(text, path)};
  };
  Json other_score = SolvedFfo1("f.obf", 1);
  other_score["score"] = 16;
  Json other_line = SolvedFfo1("f.obf", 9);
  other_line["score"] = 12;
  const std::vector<ShardFile> files = {
      shard_file("s1.jsonl", {SolvedFfo1("f.obf", 1)}, Shard{1, 3}),
      shard_file("s3.jsonl", {other_score, other_line}, Shard{3, 3})};
  const MergeReport report = MergeShards(files, std::nullopt);
  EXPECT_FALSE(report.ok());
  EXPECT_THAT(report.missing, ElementsAre("shard 2/3: no records at all"));
  ASSERT_EQ(report.duplicates.size(), 1u);
  EXPECT_THAT(report.duplicates[0], HasSubstr("in s1.jsonl:1 and s3.jsonl:1"));
  ASSERT_EQ(report.conflicts.size(), 2u);
  EXPECT_THAT(report.conflicts[0], HasSubstr("+18 in s1.jsonl:1, +16 in s3.jsonl:1"));
  EXPECT_THAT(report.conflicts[1], HasSubstr("+18 in s1.jsonl:1"));
  EXPECT_THAT(report.conflicts[1], HasSubstr("+12 in s3.jsonl:2"));
  EXPECT_EQ(report.merged.size(), 2u);
}

TEST(BatchProgressTest, TheEtaScalesTheWorkLeftByTheTimeObserved) {
  EXPECT_DOUBLE_EQ(WorkWeight(21) / WorkWeight(20), kWorkGrowthPerEmpty);
  // Three positions of 20, 21 and 22 empties; the first took 2000 s, so the
  // other two should take 2000 s * (g + g^2). (Long times, so that the clock
  // of the test itself never matters.)
  BatchProgress progress(3, 0, WorkWeight(20) + WorkWeight(21) + WorkWeight(22));
  EXPECT_THAT(progress.Line(false), HasSubstr("0/3 done (0%)"));
  EXPECT_THAT(progress.Line(false), HasSubstr("ETA ?"));
  progress.Start("a.obf:1", 20);
  progress.Finish(/*solved=*/true, 20, 1000, absl::Seconds(2000));
  const double g = kWorkGrowthPerEmpty;
  const absl::Duration eta = absl::Seconds(2000 * (g + g * g));
  EXPECT_THAT(progress.Line(false), HasSubstr("1/3 done (33%)"));
  EXPECT_THAT(progress.Line(false), HasSubstr("ETA " + ShortDuration(eta)));
  // Time spent on the current position comes off the ETA; the position
  // shows on a terminal only.
  progress.Start("a.obf:2", 21);
  progress.Update(500, absl::Seconds(1000));
  EXPECT_THAT(progress.Line(false), HasSubstr("ETA " + ShortDuration(eta - absl::Seconds(1000))));
  EXPECT_THAT(progress.Line(true), HasSubstr(", now a.obf:2 (21 empties) 16m40s"));
  EXPECT_THAT(progress.Line(false), Not(HasSubstr("now")));
  // Copies (duplicates, bad lines) count as done but do not calibrate.
  progress.Finish(/*solved=*/false, 21, 0, absl::ZeroDuration());
  EXPECT_THAT(progress.Line(false), HasSubstr("2/3 done (67%)"));
}

TEST(BatchProgressTest, OnePositionOffTheModelMovesTheEtaByItsShareOnly) {
  // Two solved: 20 empties in 1 s (1 s per unit), and 26 empties in 0.5 s
  // (almost 0 s per unit). The mean per position is about 0.5 s per unit;
  // total time over total weight would say 1.5 s / 218 units instead.
  BatchProgress progress(4, 0, 2 * WorkWeight(20) + WorkWeight(26) + WorkWeight(20));
  progress.Finish(true, 20, 0, absl::Seconds(1));
  progress.Finish(true, 26, 0, absl::Seconds(0.5));
  const double per_work = (1.0 + 0.5 / WorkWeight(26)) / 2;
  EXPECT_THAT(progress.Line(false),
              HasSubstr("ETA " + ShortDuration(absl::Seconds(per_work * 2 * WorkWeight(20)))));
  EXPECT_THAT(progress.Line(false), HasSubstr("ETA 1s"));
}

// The ETA in seconds, read back from a progress line.
double EtaSeconds(const std::string& line) {
  const std::size_t at = line.find("ETA ");
  EXPECT_NE(at, std::string::npos) << line;
  const std::string text = line.substr(at + 4, line.find(',', at) - (at + 4));
  absl::Duration eta;
  EXPECT_TRUE(absl::ParseDuration(text, &eta)) << line;
  return absl::ToDoubleSeconds(eta);
}

// A batch that mixes tiny positions with large ones, in file order, each
// taking the mean time measured for its size (batch/progress.h, scaled
// up 1,000 times so that the line's whole seconds do not matter): from the
// first solved position on, the ETA stays within a factor of 6 of the time
// really left. Without the floor at kSmallestWeightedEmpties the 4-empty
// position solved first priced the rest 49 times too high.
TEST(BatchProgressTest, AMixOfTinyAndLargePositionsGetsASaneEta) {
  const std::map<int, double> measured = {{4, 0.03},  {8, 0.1},   {12, 1.9}, {14, 7.7},
                                           {16, 28.4}, {18, 98.3}, {20, 1058.6}};
  const std::vector<int> empties = {4, 8, 14, 16, 18, 20, 20, 12, 18, 20, 16, 20};
  auto seconds = [&](int e) { return measured.at(e); };
  double work = 0;
  for (int e : empties) work += WorkWeight(e);
  BatchProgress progress(static_cast<int>(empties.size()), 0, work);
  for (std::size_t i = 0; i + 1 < empties.size(); ++i) {
    progress.Start("mix.obf:" + std::to_string(i + 1), empties[i]);
    progress.Finish(/*solved=*/true, empties[i], 0, absl::Seconds(seconds(empties[i])));
    double left = 0;
    for (std::size_t j = i + 1; j < empties.size(); ++j) left += seconds(empties[j]);
    const double eta = EtaSeconds(progress.Line(false));
    EXPECT_GT(eta, left / 6) << "after position " << i + 1;
    EXPECT_LT(eta, left * 6) << "after position " << i + 1;
  }
}

}  // namespace
}  // namespace endsolve::batch
