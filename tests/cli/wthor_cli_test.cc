// End-to-end tests of WTHOR game databases (.wtb) as an input of `endsolve
// solve`, `batch`, `bench ffo` and `merge`: --empties, the theoretical scores
// checked at the file's depth, bad games reported while the others are
// solved, and batch ids FILE:GAME:HASH that stay the same between runs.
//
// The input is tests/positions/wthor/wth2024-sample.wtb, eight real games of
// 2024 whose theoretical depth is 24. Solving all eight at 24 empties takes
// minutes, so the tests at that depth take games 3-5 (wipe-outs and a -56,
// a few thousand nodes in all); the others solve at 14-16 empties.
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "tests/cli/batch_test_util.h"
#include "tests/cli/run_command.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;

const std::string kBinary = ENDSOLVE_BINARY;
const std::string kFixtures = std::string(ENDSOLVE_SOURCE_DIR) + "/tests/positions/wthor/";
constexpr int kHeader = 16;
constexpr int kRecord = 68;

std::vector<std::string> Lines(const std::string& text) {
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

// Each test works in a folder of its own holding the fixtures, and runs the
// binary there, so that ids read "sample.wtb:3:..." as a user would see them.
class WthorCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    folder_ = std::make_unique<TempFolder>(std::string("wthor_") + info->name());
    sample_ = ReadFile(kFixtures + "wth2024-sample.wtb");
    WriteFile(Path("sample.wtb"), sample_);
    std::filesystem::copy_file(kFixtures + "illegal-move.wtb", Path("illegal-move.wtb"));
  }

  std::string Path(const std::string& name) const { return *folder_ / name; }

  CommandOutput Run(const std::string& arguments) const {
    return RunCommand("cd '" + folder_->path() + "' && " + kBinary + " " + arguments);
  }

  // A .wtb file of some of the sample's games (1-based), header included,
  // with record `changed_game`'s byte `changed_offset` set to `value` when
  // given.
  void WriteGames(const std::string& name, const std::vector<int>& games, int changed_game = 0,
                  int changed_offset = 0, char value = 0) const {
    std::string bytes = sample_.substr(0, kHeader);
    bytes[4] = static_cast<char>(games.size());
    for (int game : games) {
      std::string record = sample_.substr(kHeader + (game - 1) * kRecord, kRecord);
      if (game == changed_game) record[changed_offset] = value;
      bytes += record;
    }
    WriteFile(Path(name), bytes);
  }

  std::unique_ptr<TempFolder> folder_;
  std::string sample_;
};

// Game 5 ends with 15 empties, as real games do: a note, not an input
// error; the other seven are solved. Outside --range it is not read at all.
TEST_F(WthorCliTest, SolveAt14EmptiesSolvesEveryGameThatGetsThere) {
  const CommandOutput r = Run("solve sample.wtb --empties 14 --hash-mb 16");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err, "note: sample.wtb: game 5: ends at 15 empties, before the 14 asked; left out\n");
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 9u) << r.out;  // header, 7 rows, summary
  EXPECT_THAT(lines[1], MatchesRegex("sample.wtb:1 +14 +[A-H][1-8] +[-+][0-9]+ +[0-9]+ .*"));
  EXPECT_THAT(lines[5], MatchesRegex("sample.wtb:6 +14 .*"));
  EXPECT_THAT(lines[8], HasSubstr("solved 7 of 7, wrong 0, input errors 0"));
  const CommandOutput outside = Run("eval sample.wtb --empties 14 --range 1-4");
  EXPECT_EQ(outside.exit_status, 0) << outside.err;
  EXPECT_EQ(outside.err, "");
  EXPECT_THAT(outside.out, HasSubstr("evaluated 4, depth 0, input errors 0"));
  const CommandOutput none = Run("eval sample.wtb --range 100-200");
  EXPECT_EQ(none.exit_status, 2);
  EXPECT_THAT(none.err, HasSubstr("endsolve eval: no position: the input holds none within "
                                  "--range 100-200"));
}

TEST_F(WthorCliTest, SolveAtTheTheoreticalDepthChecksTheScores) {
  const CommandOutput r = Run("solve sample.wtb --range 3-5 --hash-mb 16 --json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  std::vector<int> expected;
  for (const std::string& line : lines) {
    const nlohmann::json j = nlohmann::json::parse(line);
    EXPECT_EQ(j["empties"], 24);
    EXPECT_EQ(j["ok"], true) << line;
    EXPECT_EQ(j["score"], j["expected_score"]) << line;
    expected.push_back(j["expected_score"].get<int>());
  }
  EXPECT_THAT(expected, ElementsAre(-64, -56, 64));
  EXPECT_EQ(nlohmann::json::parse(lines[0])["id"], "sample.wtb:3");

  const CommandOutput table = Run("solve sample.wtb --range 4 --hash-mb 16");
  ASSERT_EQ(table.exit_status, 0) << table.err;
  EXPECT_THAT(Lines(table.out).at(1), MatchesRegex("sample.wtb:4 +24 +[A-H][1-8] +-56 +-56 OK .*"));
}

// Byte 7 of game 4 says black gets 5 discs instead of 4: -54 instead of -56.
TEST_F(WthorCliTest, AWrongTheoreticalScoreIsReported) {
  WriteGames("wrong.wtb", {3, 4, 5}, /*changed_game=*/4, /*changed_offset=*/7, 5);
  const CommandOutput r = Run("solve wrong.wtb --hash-mb 16");
  EXPECT_EQ(r.exit_status, 1) << r.err;
  EXPECT_THAT(r.out, MatchesRegex("(.|\n)*wrong.wtb:2 +24 +[A-H][1-8] +-56 +-54 WRONG (.|\n)*"));
  EXPECT_THAT(r.out, HasSubstr("solved 3 of 3, wrong 1, input errors 0"));
}

TEST_F(WthorCliTest, BatchChecksTheTheoreticalScoresAndResumes) {
  WriteGames("quick.wtb", {3, 4, 5});
  const CommandOutput r = Run("batch quick.wtb --out r.jsonl --hash-mb 16");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::vector<nlohmann::json> records = ReadResultLines(Path("r.jsonl"));
  ASSERT_EQ(records.size(), 3u);
  std::vector<int> expected;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const nlohmann::json& j = records[i];
    const int game = static_cast<int>(i) + 1;
    EXPECT_THAT(j["id"].get<std::string>(),
                MatchesRegex(absl::StrCat("quick.wtb:", game, ":[0-9a-f]{16}")));
    EXPECT_EQ(j["line"], game);
    EXPECT_EQ(j["label"], absl::StrCat("game ", game));
    EXPECT_EQ(j["status"], "solved") << j.dump();
    EXPECT_EQ(j["empties"], 24);
    EXPECT_EQ(j["score"], j["expected_score"]);
    expected.push_back(j["expected_score"].get<int>());
  }
  EXPECT_THAT(expected, ElementsAre(-64, -56, 64));

  const CommandOutput again = Run("batch quick.wtb --out r.jsonl --hash-mb 16");
  ASSERT_EQ(again.exit_status, 0) << again.err;
  EXPECT_THAT(again.err, HasSubstr("resuming: 3 of 3 positions already done"));
  EXPECT_EQ(ReadResultLines(Path("r.jsonl")).size(), 3u);
}

TEST_F(WthorCliTest, BatchRecordsAWrongTheoreticalScore) {
  WriteGames("wrong.wtb", {3, 4, 5}, /*changed_game=*/4, /*changed_offset=*/7, 5);
  const CommandOutput r = Run("batch wrong.wtb --out r.jsonl --hash-mb 16");
  EXPECT_EQ(r.exit_status, 1) << r.err;
  EXPECT_THAT(r.err, HasSubstr("wrong answer: wrong.wtb:2:"));
  EXPECT_THAT(r.err, HasSubstr("the input says -54, the solver finds -56"));
  const std::vector<nlohmann::json> records = ReadResultLines(Path("r.jsonl"));
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[1]["status"], "wrong-answer");
  EXPECT_EQ(records[1]["expected_score"], -54);
  EXPECT_EQ(records[1]["score"], -56);
}

// A bad game is a bad-input record naming the game and the move, with its
// record in hex; the rest are solved, and a second run gives the same ids.
TEST_F(WthorCliTest, BatchRecordsBadGamesAndSolvesTheRest) {
  const CommandOutput r = Run("batch illegal-move.wtb --out r.jsonl --empties 16 --hash-mb 16");
  EXPECT_EQ(r.exit_status, 2) << r.err;
  const std::vector<nlohmann::json> records = ReadResultLines(Path("r.jsonl"));
  ASSERT_EQ(records.size(), 8u);
  std::vector<std::string> statuses;
  for (const nlohmann::json& j : records) statuses.push_back(j["status"]);
  EXPECT_THAT(statuses, ElementsAre("solved", "bad-input", "solved", "solved", "solved", "solved",
                                    "solved", "solved"));
  const nlohmann::json& bad = records[1];
  EXPECT_EQ(bad["line"], 2);
  EXPECT_EQ(bad["error"],
            "illegal-move.wtb: game 2, move 23: expected a legal move, found 'A1' (illegal)");
  EXPECT_EQ(bad["input"].get<std::string>().size(), 2u * kRecord);
  EXPECT_FALSE(records[0].contains("expected_score"));
  EXPECT_EQ(records[0]["empties"], 16);

  const CommandOutput again =
      Run("batch illegal-move.wtb --out r2.jsonl --empties 16 --hash-mb 16");
  EXPECT_EQ(again.exit_status, 2) << again.err;
  const std::vector<nlohmann::json> second = ReadResultLines(Path("r2.jsonl"));
  ASSERT_EQ(second.size(), records.size());
  for (std::size_t i = 0; i < records.size(); ++i) EXPECT_EQ(second[i]["id"], records[i]["id"]);

  // merge checks completeness against the inputs read with the same --empties.
  const CommandOutput merged =
      Run("merge r.jsonl --out m.jsonl --input illegal-move.wtb --empties 16");
  EXPECT_EQ(merged.exit_status, 0) << merged.out << merged.err;
  EXPECT_THAT(merged.out, HasSubstr("complete: every input position has a result"));
}

TEST_F(WthorCliTest, BenchTakesWtbPositions) {
  const CommandOutput r =
      Run("bench ffo sample.wtb --range 3-5 --hash-mb 16");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 6u) << r.out;  // title, header, 3 rows, total
  EXPECT_THAT(lines[3], MatchesRegex("sample.wtb:4 +24 +[A-H][1-8] +-56 +-56 OK .*"));
  const CommandOutput at16 =
      Run("bench ffo sample.wtb --empties 16 --range 1-2 --hash-mb 16");
  ASSERT_EQ(at16.exit_status, 0) << at16.err;
  EXPECT_THAT(Lines(at16.out).at(2), MatchesRegex("sample.wtb:1 +16 +[A-H][1-8] +[-+][0-9]+ +[0-9].*"));
}

TEST_F(WthorCliTest, EmptiesMustBeANumberFrom0To60) {
  const std::string message =
      "--empties: expected a number of empty squares from 0 to 60, found '61'";
  for (const std::string& command :
       {std::string("solve sample.wtb --empties 61"), std::string("batch sample.wtb --out r.jsonl --empties 61"),
        std::string("bench ffo sample.wtb --empties 61")}) {
    const CommandOutput r = Run(command);
    EXPECT_EQ(r.exit_status, 2) << command;
    EXPECT_THAT(r.err, HasSubstr(message)) << command;
  }
  const CommandOutput words = Run("solve sample.wtb --empties twenty");
  EXPECT_EQ(words.exit_status, 2);
  EXPECT_THAT(words.err, HasSubstr("found 'twenty'"));
  EXPECT_FALSE(std::filesystem::exists(Path("r.jsonl")));
}

}  // namespace
}  // namespace endsolve::testing
