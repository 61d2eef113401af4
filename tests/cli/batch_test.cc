// End-to-end tests of `endsolve batch` and `endsolve merge`, run on the
// built binary: crashes (kill -9) and Ctrl-C in the middle of a batch, then
// resume; damaged results files; bad input lines; repeated positions;
// shards and their merge.
//
// Inputs are small (FFO #1-#19, 14-16 empties, and random positions of
// 12-16 empties from a fixed seed) so that a whole batch takes well under a
// second; every comparison is against an uninterrupted run of the same
// batch, never against a time.
#include <sys/stat.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "endsolve/board/fnv.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/positions/position_io.h"
#include "tests/cli/batch_test_util.h"
#include "tests/cli/run_command.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using Records = std::map<std::string, nlohmann::json>;

const std::vector<std::string> kAllInputs = {"fforum-1-19.obf", "random.obf", "repeats.obf"};

const std::string kBinary = ENDSOLVE_BINARY;
const std::string kFfo1To19 = std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-1-19.obf";
// Small tables: a batch clears the table before every position, and these
// positions need no more.
// One thread: runs that are compared record by record must visit the same
// nodes (--threads defaults to every hardware thread).
const std::vector<std::string> kSearchFlags = {"--hash-mb", "16", "--threads", "1"};

// Each test works in a folder of its own, named after it, under the test
// temporary directory; inputs are named relative to it (the tests cd there),
// so ids read "random.obf:3:..." as a user would see them.
class BatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    folder_ = std::make_unique<TempFolder>(std::string("batch_") + info->name());
    dir_ = folder_->path();
    std::filesystem::copy_file(kFfo1To19, Path("fforum-1-19.obf"));
    WriteFile(Path("random.obf"), ObfText(RandomPositions(40, 12, 16, /*seed=*/20240501)));
    WriteFile(Path("repeats.obf"), RepeatsText());
  }

  std::string Path(const std::string& name) const { return dir_ + "/" + name; }

  // The number of positions and bad lines in kAllInputs: one line each.
  int InputLines() const {
    int lines = 0;
    for (const std::string& f : kAllInputs) lines += CompleteLines(Path(f));
    return lines;
  }

  // FFO #1 and #2 in other orientations and colours, FFO #1 twice verbatim,
  // and two bad lines: everything that must be reported once per occurrence
  // but solved once.
  static std::string RepeatsText() {
    const std::vector<std::string> ffo = absl::StrSplit(ReadFile(kFfo1To19), '\n');
    const Position p1 = *ParsePositionText(ffo[0], "ffo");
    const Position p2 = *ParsePositionText(ffo[1], "ffo");
    auto image = [](Position p, int symmetry, bool swap_colours) {
      p.board = Transform(p.board, symmetry);
      if (swap_colours) p.to_move = Opposite(p.to_move);
      p.answers.clear();
      return FormatObf(p);
    };
    return absl::StrCat(ffo[0], "\n", image(p1, 1, false), "\n", image(p2, 6, true), "\n",
                        "this is not a position\n", ffo[0], "\n", image(p1, 5, true), "\n",
                        ffo[1].substr(0, 64), " Z\n", ffo[1], "\n");
  }

  // The batch command line over `inputs`, run from the test's folder.
  std::vector<std::string> BatchArgv(const std::vector<std::string>& inputs, const std::string& out,
                                     const std::vector<std::string>& extra = {}) const {
    std::vector<std::string> argv = {kBinary, "batch"};
    argv.insert(argv.end(), inputs.begin(), inputs.end());
    argv.insert(argv.end(), {"--out", out});
    argv.insert(argv.end(), kSearchFlags.begin(), kSearchFlags.end());
    argv.insert(argv.end(), extra.begin(), extra.end());
    return argv;
  }
  CommandOutput Run(const std::vector<std::string>& argv) const {
    std::vector<std::string> quoted;
    for (const std::string& a : argv) quoted.push_back("'" + a + "'");
    return RunCommand("cd '" + dir_ + "' && " + absl::StrJoin(quoted, " "));
  }
  CommandOutput Batch(const std::vector<std::string>& inputs, const std::string& out,
                      const std::vector<std::string>& extra = {}) const {
    return Run(BatchArgv(inputs, out, extra));
  }
  // Starts a batch in the test's folder and signals it after `lines`
  // result lines are on disk.
  ChildEnd BatchAndSignal(const std::vector<std::string>& inputs, const std::string& out, int lines,
                          int signal_number, const std::vector<std::string>& extra = {}) const {
    std::vector<std::string> argv = {"/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", dir_};
    for (const std::string& a : BatchArgv(inputs, out, extra)) argv.push_back(a);
    return RunAndSignalAfterLines(argv, Path(out), lines, signal_number, Path("child.log"));
  }

  // The reference: the same batch, never interrupted.
  Records Reference(const std::vector<std::string>& inputs) const {
    const CommandOutput r = Batch(inputs, "reference.jsonl");
    EXPECT_THAT(r.exit_status, ::testing::AnyOf(0, 2)) << r.err;
    return ResultsById(Path("reference.jsonl"));
  }

  std::unique_ptr<TempFolder> folder_;
  std::string dir_;
};

TEST_F(BatchTest, AnUninterruptedRunRecordsEveryLineOnce) {
  const CommandOutput r = Batch(kAllInputs, "results.jsonl");
  EXPECT_EQ(r.exit_status, 2) << r.err;  // bad input lines make it 2
  const Records records = ResultsById(Path("results.jsonl"));
  EXPECT_EQ(static_cast<int>(records.size()), InputLines());
  EXPECT_EQ(CompleteLines(Path("results.jsonl")), InputLines());
  const nlohmann::json ffo1 = ReadResultLines(Path("results.jsonl"))[0];
  EXPECT_THAT(ffo1["id"].get<std::string>(),
              ::testing::MatchesRegex("fforum-1-19\\.obf:1:[0-9a-f]{16}"));
  EXPECT_EQ(ffo1["status"], "solved");
  EXPECT_EQ(ffo1["file"], "fforum-1-19.obf");
  EXPECT_EQ(ffo1["line"], 1);
  EXPECT_EQ(ffo1["label"], "#1");
  EXPECT_EQ(ffo1["score"], 18);
  EXPECT_EQ(ffo1["expected_score"], 18);
  EXPECT_EQ(ffo1["best_move"], "G8");
  EXPECT_EQ(ffo1["pv"][0], "G8");
  EXPECT_EQ(ffo1["nodes"].get<std::uint64_t>(),
            ffo1["leaves"].get<std::uint64_t>() + ffo1["internal_nodes"].get<std::uint64_t>());
  EXPECT_EQ(ffo1["threads"], 1);
  EXPECT_EQ(ffo1["shard"], "1/1");
  EXPECT_EQ(ffo1["mode"], "exact");
  EXPECT_EQ(ffo1["version"], ENDSOLVE_VERSION);
  for (const auto& [id, j] : records) {
    if (j["file"] == "fforum-1-19.obf") {
      EXPECT_EQ(j["status"], "solved") << id;
    }
  }
  EXPECT_THAT(r.out, HasSubstr("results.jsonl: 67 positions: 65 solved, 0 wrong answer, "
                               "2 bad input, 0 timed out (6 duplicates)"));
}

TEST_F(BatchTest, KillNineThenResumeEqualsAnUninterruptedRun) {
  const Records reference = Reference(kAllInputs);
  const ChildEnd end = BatchAndSignal(kAllInputs, "results.jsonl", 10, SIGKILL);
  ASSERT_TRUE(end.killed) << "the batch ended (status " << end.exit_status
                          << ") before the kill; it must be made longer";
  ASSERT_LT(CompleteLines(Path("results.jsonl")), InputLines());
  const CommandOutput r = Batch(kAllInputs, "results.jsonl");
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_THAT(r.err, HasSubstr("resuming:"));
  // Each id exactly once (ResultsById checks it), none lost, none changed.
  EXPECT_EQ(ResultsById(Path("results.jsonl")), reference);
  EXPECT_EQ(CompleteLines(Path("results.jsonl")), InputLines());
}

TEST_F(BatchTest, KillNineTwiceThenResumeEqualsAnUninterruptedRun) {
  const Records reference = Reference(kAllInputs);
  const ChildEnd first = BatchAndSignal(kAllInputs, "results.jsonl", 5, SIGKILL);
  ASSERT_TRUE(first.killed) << first.exit_status;
  const int after_first = CompleteLines(Path("results.jsonl"));
  const ChildEnd second = BatchAndSignal(kAllInputs, "results.jsonl", after_first + 20, SIGKILL);
  ASSERT_TRUE(second.killed) << second.exit_status;
  ASSERT_LT(CompleteLines(Path("results.jsonl")), InputLines());
  const CommandOutput r = Batch(kAllInputs, "results.jsonl");
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_EQ(ResultsById(Path("results.jsonl")), reference);
  EXPECT_EQ(CompleteLines(Path("results.jsonl")), InputLines());
}

TEST_F(BatchTest, CtrlCStopsCleanlyAndSaysHowToResume) {
  const Records reference = Reference(kAllInputs);
  // --no-resume started it; the command that resumes it leaves that out.
  const ChildEnd end =
      BatchAndSignal(kAllInputs, "results.jsonl", 10, SIGINT, {"--no-resume"});
  ASSERT_EQ(end.exit_status, 130);
  const std::string log = ReadFile(Path("child.log"));
  EXPECT_THAT(log, HasSubstr("interrupted;"));
  EXPECT_THAT(log, HasSubstr("To resume, run:\n  " + kBinary +
                             " batch fforum-1-19.obf random.obf repeats.obf --out results.jsonl "
                             "--hash-mb 16 --threads 1\n"));
  // Only whole lines: the position being solved was abandoned unwritten.
  const std::string text = ReadFile(Path("results.jsonl"));
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  for (const nlohmann::json& j : ReadResultLines(Path("results.jsonl"))) {
    EXPECT_EQ(reference.at(j["id"]).dump(), [&] {
      nlohmann::json k = j;
      k.erase("seconds");
      return k.dump();
    }());
  }
  const CommandOutput r = Batch(kAllInputs, "results.jsonl");
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_EQ(ResultsById(Path("results.jsonl")), reference);
}

TEST_F(BatchTest, ATornLastLineIsCutOffAndItsPositionSolvedAgain) {
  const Records reference = Reference({"fforum-1-19.obf"});
  const std::string whole = ReadFile(Path("reference.jsonl"));
  for (const std::string& tail : {std::string(""), std::string("\n"), std::string(20, '\0')}) {
    // Cut in the middle of the last line, or garbage after the last newline.
    const std::string torn = tail.empty()
                                 ? whole.substr(0, whole.size() - 50)
                                 : whole.substr(0, whole.rfind('\n', whole.size() - 2) + 1) +
                                       "{\"id\":\"fforum-1-19.obf:19" + tail;
    WriteFile(Path("results.jsonl"), torn);
    const CommandOutput r = Batch({"fforum-1-19.obf"}, "results.jsonl");
    EXPECT_EQ(r.exit_status, 0) << r.err;
    EXPECT_THAT(r.err, HasSubstr("results.jsonl:19: cut off a torn last line"));
    EXPECT_EQ(ResultsById(Path("results.jsonl")), reference);
    EXPECT_EQ(CompleteLines(Path("results.jsonl")), 19);
  }
}

TEST_F(BatchTest, ACorruptedMiddleLineIsNamedAndItsPositionSolvedAgain) {
  const Records reference = Reference({"fforum-1-19.obf"});
  std::vector<std::string> lines = absl::StrSplit(ReadFile(Path("reference.jsonl")), '\n');
  const nlohmann::json fifth = nlohmann::json::parse(lines[4]);
  lines[4] = lines[4].substr(0, 30) + "#@!";
  WriteFile(Path("results.jsonl"), absl::StrJoin(lines, "\n"));
  const CommandOutput r = Batch({"fforum-1-19.obf"}, "results.jsonl");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("warning: results.jsonl:5: ignoring a corrupted line"));
  EXPECT_THAT(r.err, HasSubstr("resuming: 18 of 19 positions already done"));
  // The corrupted line stays (nothing but a torn tail is ever rewritten); the
  // position gets a new line at the end.
  const std::vector<std::string> after =
      absl::StrSplit(ReadFile(Path("results.jsonl")), '\n', absl::SkipEmpty());
  ASSERT_EQ(after.size(), 20u);
  EXPECT_EQ(after[4], lines[4]);
  nlohmann::json redone = nlohmann::json::parse(after[19]);
  EXPECT_EQ(redone["id"], fifth["id"]);
  redone.erase("seconds");
  EXPECT_EQ(redone, reference.at(fifth["id"]));
}

TEST_F(BatchTest, BadLinesAreRecordedOnceAndTheBatchGoesOn) {
  const CommandOutput r = Batch({"repeats.obf"}, "results.jsonl");
  EXPECT_EQ(r.exit_status, 2) << r.err;
  const std::vector<nlohmann::json> lines = ReadResultLines(Path("results.jsonl"));
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_EQ(lines[3]["status"], "bad-input");
  EXPECT_EQ(lines[3]["error"],
            "repeats.obf:4:1: expected a board square 'X', 'O' or '-', found 't'");
  EXPECT_EQ(lines[3]["input"], "this is not a position");
  EXPECT_THAT(lines[3]["id"].get<std::string>(), ::testing::StartsWith("repeats.obf:4:"));
  EXPECT_EQ(lines[6]["status"], "bad-input");
  EXPECT_THAT(lines[6]["error"].get<std::string>(),
              HasSubstr("repeats.obf:7:66: expected side to move 'X' or 'O', found 'Z'"));
  EXPECT_EQ(lines[7]["status"], "solved");
  // Resuming does not record them again.
  const std::string before = ReadFile(Path("results.jsonl"));
  EXPECT_EQ(Batch({"repeats.obf"}, "results.jsonl").exit_status, 2);
  EXPECT_EQ(ReadFile(Path("results.jsonl")), before);
}

TEST_F(BatchTest, RepeatedPositionsAreSolvedOnceAndReportedInTheirOwnOrientation) {
  EXPECT_EQ(Batch({"repeats.obf"}, "results.jsonl").exit_status, 2);
  const std::vector<nlohmann::json> lines = ReadResultLines(Path("results.jsonl"));
  ASSERT_EQ(lines.size(), 8u);
  const std::string ffo1 = lines[0]["id"];
  EXPECT_FALSE(lines[0].contains("duplicate_of"));
  EXPECT_GT(lines[0]["nodes"], 0);
  // Line 2: FFO #1 mirrored (A<->H): G8 becomes B8.
  EXPECT_EQ(lines[1]["duplicate_of"], ffo1);
  EXPECT_EQ(lines[1]["score"], 18);
  EXPECT_EQ(lines[1]["best_move"], "B8");
  EXPECT_EQ(lines[1]["nodes"], 0);
  // Line 3: FFO #2 transformed, colours swapped: solved, it is its first.
  EXPECT_FALSE(lines[2].contains("duplicate_of"));
  EXPECT_EQ(lines[2]["score"], 10);
  // Line 5: the very same line again; line 6: another image of #1.
  EXPECT_EQ(lines[4]["duplicate_of"], ffo1);
  EXPECT_EQ(lines[4]["best_move"], "G8");
  EXPECT_EQ(lines[4]["pv"], lines[0]["pv"]);
  EXPECT_EQ(lines[5]["duplicate_of"], ffo1);
  EXPECT_EQ(lines[5]["best_move"], SquareName(TransformSquare(*ParseSquare("G8"), 5)));
  // Line 8: FFO #2 as in the file, a duplicate of line 3 checked against
  // its own answers.
  EXPECT_EQ(lines[7]["duplicate_of"], lines[2]["id"]);
  EXPECT_EQ(lines[7]["status"], "solved");
  EXPECT_EQ(lines[7]["best_move"], "A4");
  EXPECT_EQ(lines[7]["expected_score"], 10);
  // Every PV replays legally from its own position to the end of the game.
  for (const nlohmann::json& j : lines) {
    if (j["status"] != "solved") continue;
    Board board = ParsePositionText(j["position"].get<std::string>(), "r")->board;
    for (const nlohmann::json& move : j["pv"]) {
      if (move == "PS") {
        ASSERT_EQ(board.Moves(), 0u) << j["id"];
        board = board.Pass();
        continue;
      }
      const int square = *ParseSquare(move.get<std::string>());
      ASSERT_TRUE(board.Moves() & SquareBit(square)) << j["id"] << " " << move;
      board = board.Play(square);
    }
    EXPECT_TRUE(board.IsGameOver()) << j["id"];
  }
}

TEST_F(BatchTest, RepeatsAreRecognisedAcrossResume) {
  ASSERT_EQ(Batch({"fforum-1-19.obf"}, "results.jsonl").exit_status, 0);
  const nlohmann::json ffo1 = ReadResultLines(Path("results.jsonl"))[0];
  WriteFile(
      Path("mirror.obf"),
      std::vector<std::string>(absl::StrSplit(ReadFile(Path("repeats.obf")), '\n'))[1] + "\n");
  const CommandOutput r = Batch({"fforum-1-19.obf", "mirror.obf"}, "results.jsonl");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  const std::vector<nlohmann::json> lines = ReadResultLines(Path("results.jsonl"));
  ASSERT_EQ(lines.size(), 20u);
  EXPECT_EQ(lines[19]["file"], "mirror.obf");
  EXPECT_EQ(lines[19]["duplicate_of"], ffo1["id"]);
  EXPECT_EQ(lines[19]["best_move"], "B8");
  EXPECT_EQ(lines[19]["nodes"], 0);
}

// Prove units: each line solved in its own window, answered exactly inside
// it and by a bound outside; one position under two windows is two
// questions (two ids, two solves), under one window in another orientation
// a repeat; a bound is checked against the line's answers.
TEST_F(BatchTest, LinesWithAWindowAreSolvedInItAndAnsweredByBounds) {
  const std::string ffo1 = ReadFile(kFfo1To19).substr(0, 66);
  Position mirrored = *ParsePositionText(ffo1, "ffo");
  mirrored.board = Transform(mirrored.board, 1);
  WriteFile(Path("units.obf"),
            absl::StrCat(ffo1, "; window:17,18;\n",              // inside: exact
                         ffo1, "; window:-64,9;\n",              // below: a lower bound
                         ffo1, "; G8:+18; window:20,21;\n",      // above: an upper bound
                         FormatObf(mirrored), "; window:20,21;\n",  // a repeat of line 3
                         ffo1, "; G8:+22; window:20,21;\n",      // answers the bound refutes
                         ffo1, "\n"));                            // no window: exact
  const CommandOutput r = Batch({"units.obf"}, "results.jsonl");
  EXPECT_EQ(r.exit_status, 1) << r.err;  // line 5's answer is wrong
  const std::vector<nlohmann::json> lines = ReadResultLines(Path("results.jsonl"));
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0]["window"], nlohmann::json::array({17, 18}));
  EXPECT_EQ(lines[0]["score"], 18);
  EXPECT_EQ(lines[0]["bound"], "exact");
  EXPECT_EQ(lines[1]["bound"], "lower");
  EXPECT_GE(lines[1]["score"].get<int>(), 10);
  EXPECT_LE(lines[1]["score"].get<int>(), 18);
  EXPECT_EQ(lines[2]["status"], "solved");
  EXPECT_EQ(lines[2]["bound"], "upper");
  EXPECT_GE(lines[2]["score"].get<int>(), 18);
  EXPECT_LE(lines[2]["score"].get<int>(), 19);
  EXPECT_EQ(lines[3]["duplicate_of"], lines[2]["id"]);
  EXPECT_EQ(lines[3]["bound"], "upper");
  EXPECT_EQ(lines[3]["score"], lines[2]["score"]);
  EXPECT_EQ(lines[4]["status"], "wrong-answer");
  EXPECT_FALSE(lines[5].contains("window"));
  EXPECT_FALSE(lines[5].contains("bound"));
  EXPECT_EQ(lines[5]["score"], 18);
  std::set<std::string> ids;
  for (const nlohmann::json& j : lines) ids.insert(j["id"].get<std::string>());
  EXPECT_EQ(ids.size(), 6u);
  for (int i : {0, 1, 2, 5}) EXPECT_GT(lines[i]["nodes"].get<std::uint64_t>(), 0u) << i;
  // Resumed: every line is done, nothing is solved again.
  const CommandOutput again = Batch({"units.obf"}, "results.jsonl");
  EXPECT_EQ(ReadResultLines(Path("results.jsonl")).size(), 6u) << again.err;
}

// Resume is the default, and the help says so in as many words.
TEST_F(BatchTest, HelpSaysThatResumeIsTheDefault) {
  const CommandOutput r = Run({kBinary, "batch", "--help"});
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, ::testing::ContainsRegex(
                         "\n +--resume +the default: skip the positions already in --out"));
  EXPECT_THAT(r.out, ::testing::ContainsRegex("\n +--no-resume +refuse to start when --out exists"));
  EXPECT_THAT(r.out, Not(HasSubstr("{false}")));
  const CommandOutput both =
      Batch({"fforum-1-19.obf"}, "results.jsonl", {"--resume", "--no-resume"});
  EXPECT_EQ(both.exit_status, 2);
  EXPECT_THAT(both.err, HasSubstr("--resume and --no-resume contradict each other; give one"));
  EXPECT_FALSE(std::filesystem::exists(Path("results.jsonl")));
}

TEST_F(BatchTest, NoResumeRefusesAnExistingFileAndLeavesItAlone) {
  ASSERT_EQ(Batch({"fforum-1-19.obf"}, "results.jsonl").exit_status, 0);
  const std::string before = ReadFile(Path("results.jsonl"));
  const CommandOutput r = Batch({"fforum-1-19.obf"}, "results.jsonl", {"--no-resume"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("results.jsonl already exists and --no-resume was given"));
  EXPECT_EQ(ReadFile(Path("results.jsonl")), before);
  EXPECT_EQ(Batch({"fforum-1-19.obf"}, "fresh.jsonl", {"--no-resume"}).exit_status, 0);
}

TEST_F(BatchTest, AFileOfAnotherShardOrModeIsRefused) {
  ASSERT_EQ(Batch({"fforum-1-19.obf"}, "results.jsonl").exit_status, 0);
  const std::string before = ReadFile(Path("results.jsonl"));
  CommandOutput r = Batch({"fforum-1-19.obf"}, "results.jsonl", {"--wld"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("this file holds exact results, but this run is --wld"));
  r = Batch({"fforum-1-19.obf"}, "results.jsonl", {"--shard", "1/2"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("holds results of shard 1/1, but this run is shard 1/2"));
  EXPECT_EQ(ReadFile(Path("results.jsonl")), before);
}

TEST_F(BatchTest, WrongAnswersAreFlaggedAndSummarised) {
  // FFO #1 claims +20 for G8; the truth is +18.
  const std::string ffo1 = ReadFile(Path("fforum-1-19.obf")).substr(0, 66);
  WriteFile(Path("wrong.obf"), ffo1 + "; G8:+20;\n" + ffo1 + "; G8:+18;\n");
  const CommandOutput r = Batch({"wrong.obf"}, "results.jsonl");
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_THAT(r.err, HasSubstr("wrong answer: wrong.obf:1:"));
  const std::vector<nlohmann::json> lines = ReadResultLines(Path("results.jsonl"));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["status"], "wrong-answer");
  EXPECT_EQ(lines[0]["expected_score"], 20);
  EXPECT_EQ(lines[1]["status"], "solved");  // a duplicate, with its own answers
  const CommandOutput s = Run({kBinary, "batch", "--summary", "results.jsonl"});
  EXPECT_EQ(s.exit_status, 1);
  EXPECT_THAT(s.out, HasSubstr("solved        1\nwrong-answer  1\n"));
  EXPECT_THAT(s.out,
              HasSubstr("mismatches with the input's answers:\n  " +
                        lines[0]["id"].get<std::string>() + ": expected +20, found +18 (G8)\n"));
}

TEST_F(BatchTest, TimedOutPositionsAreRetriedOnlyWithALongerLimit) {
  // FFO #38 (24 empties) takes far more than a millisecond on any machine.
  const std::vector<std::string> ffo =
      absl::StrSplit(ReadFile(std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-20-39.obf"), '\n');
  WriteFile(Path("hard.obf"), ffo[18] + "\n");
  CommandOutput r = Batch({"hard.obf"}, "results.jsonl", {"--time-limit", "0.001"});
  EXPECT_EQ(r.exit_status, 0) << r.err;
  std::vector<nlohmann::json> lines = ReadResultLines(Path("results.jsonl"));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0]["status"], "timed-out");
  EXPECT_DOUBLE_EQ(lines[0]["time_limit_seconds"].get<double>(), 0.001);
  EXPECT_EQ(lines[0]["empties"], 24);
  // The same limit: final, nothing to do. A longer one: tried again, and the
  // new line supersedes the old, under the old id even when the input's path
  // is spelt otherwise.
  r = Batch({"hard.obf"}, "results.jsonl", {"--time-limit", "1ms"});
  EXPECT_EQ(ReadResultLines(Path("results.jsonl")).size(), 1u);
  r = Batch({"./hard.obf"}, "results.jsonl", {"--time-limit", "2ms"});
  EXPECT_THAT(r.err, HasSubstr("trying 1 timed-out positions again with the longer limit"));
  lines = ReadResultLines(Path("results.jsonl"));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1]["id"], lines[0]["id"]);
  EXPECT_DOUBLE_EQ(lines[1]["time_limit_seconds"].get<double>(), 0.002);
  const CommandOutput s = Run({kBinary, "batch", "--summary", "results.jsonl"});
  EXPECT_THAT(s.out, HasSubstr("positions     1 "));
  EXPECT_THAT(s.out, HasSubstr("timed-out     1\n"));
  EXPECT_EQ(Batch({"hard.obf"}, "results.jsonl", {"--time-limit", "0"}).exit_status,
            2);
}

TEST_F(BatchTest, ShardsPartitionTheBatchAndMergeBackToTheWhole) {
  const Records whole = Reference(kAllInputs);
  constexpr int kShards = 3;
  std::set<std::string> seen;
  std::vector<std::string> shard_files;
  for (int k = 1; k <= kShards; ++k) {
    const std::string out = absl::StrCat("shard", k, ".jsonl");
    shard_files.push_back(out);
    const CommandOutput r = Batch(kAllInputs, out, {"--shard", absl::StrCat(k, "/", kShards)});
    EXPECT_THAT(r.exit_status, ::testing::AnyOf(0, 2)) << r.err;
    for (const auto& [id, j] : ResultsById(Path(out))) {
      EXPECT_TRUE(seen.insert(id).second) << id << " in two shards";
      EXPECT_EQ(j["shard"], absl::StrCat(k, "/", kShards));
      EXPECT_EQ(j["status"], whole.at(id)["status"]) << id;
      EXPECT_EQ(j.value("score", 99), whole.at(id).value("score", 99)) << id;
    }
  }
  EXPECT_EQ(seen.size(), whole.size());

  std::vector<std::string> merge = {kBinary, "merge"};
  merge.insert(merge.end(), shard_files.begin(), shard_files.end());
  merge.insert(merge.end(),
               {"--out", "merged.jsonl", "--input", "fforum-1-19.obf", "--input", "random.obf",
                "--input", "repeats.obf"});
  CommandOutput r = Run(merge);
  EXPECT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("complete: every input position has a result"));
  const Records merged = ResultsById(Path("merged.jsonl"));
  ASSERT_EQ(merged.size(), whole.size());
  for (const auto& [id, j] : merged) {
    EXPECT_EQ(j.value("score", 99), whole.at(id).value("score", 99)) << id;
  }
  // In input order: the first line is FFO #1.
  EXPECT_THAT(ReadResultLines(Path("merged.jsonl"))[0]["id"].get<std::string>(),
              ::testing::StartsWith("fforum-1-19.obf:1:"));
}

// --range takes the positions solve takes; merge, given the same range,
// finds every one of them, and says so as one JSON object with --json.
TEST_F(BatchTest, RangeTakesTheSolvesPositionsAndMergeChecksThem) {
  CommandOutput r = Batch({"fforum-1-19.obf"}, "results.jsonl", {"--range", "3-5"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  std::vector<std::string> labels;
  for (const nlohmann::json& j : ReadResultLines(Path("results.jsonl"))) {
    labels.push_back(j["label"].get<std::string>());
  }
  EXPECT_EQ(labels, (std::vector<std::string>{"#3", "#4", "#5"}));
  r = Run({kBinary, "merge", "results.jsonl", "--out", "merged.jsonl", "--input",
           "fforum-1-19.obf", "--range", "3-5", "--json"});
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["positions"], 3);
  EXPECT_EQ(j["solved"], 3);
  EXPECT_EQ(j["inputs_checked"], true);
  EXPECT_EQ(j["missing"], nlohmann::json::array());
  EXPECT_EQ(j["ok"], true);
  // Without the range, the other 16 are missing.
  r = Run({kBinary, "merge", "results.jsonl", "--out", "merged.jsonl", "--input",
           "fforum-1-19.obf", "--json"});
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_EQ(nlohmann::json::parse(r.out)["missing"].size(), 16u);
  EXPECT_EQ(nlohmann::json::parse(r.out)["ok"], false);
  // A range is refused where it would act on nothing, or match nothing.
  r = Run({kBinary, "merge", "results.jsonl", "--out", "merged.jsonl", "--range", "3-5"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--range requires --input"));
  r = Batch({"fforum-1-19.obf"}, "other.jsonl", {"--range", "40-44"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--range 40-44 matched none of the 19 positions read"));
  r = Batch({"fforum-1-19.obf"}, "other.jsonl", {"--range", "3", "--follow", "1"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--follow solves every line appended to its input; it takes no "
                               "--range"));
}

// --claims: three runs side by side on the same input, each with its own
// results file, share it out as a pool of workers: every line is answered
// by exactly one of them, with the score an uninterrupted run gives.
TEST_F(BatchTest, RunsSharingAClaimsFileAnswerEachLineOnce) {
  const Records whole = Reference(kAllInputs);
  std::string command = "cd '" + dir_ + "' && (";
  for (int k = 1; k <= 3; ++k) {
    for (const std::string& a : BatchArgv(kAllInputs, absl::StrCat("worker", k, ".jsonl"),
                                          {"--claims", "claims.txt"})) {
      absl::StrAppend(&command, "'", a, "' ");
    }
    absl::StrAppend(&command, "& ");
  }
  absl::StrAppend(&command, "wait)");
  const CommandOutput r = RunCommand(command);
  std::map<std::string, int> answered;
  for (int k = 1; k <= 3; ++k) {
    for (const auto& [id, j] : ResultsById(Path(absl::StrCat("worker", k, ".jsonl")))) {
      ++answered[id];
      // A repeat may be solved by a run that did not see its first
      // occurrence; the score is the same.
      EXPECT_EQ(j.value("score", 99), whole.at(id).value("score", 99)) << id;
    }
  }
  EXPECT_EQ(answered.size(), whole.size()) << r.err;
  for (const auto& [id, count] : answered) EXPECT_EQ(count, 1) << id;
  EXPECT_EQ(CompleteLines(Path("claims.txt")), static_cast<int>(whole.size()));
}

// --follow: a file another program appends to (a prove pool's units) is
// solved as it grows, a line still being written waiting for its newline,
// until its end line; each record has the id and score a run over the whole
// file gives, in one table kept from position to position (--keep-table).
TEST_F(BatchTest, AFollowedFileIsSolvedAsItGrowsUntilItsEndLine) {
  const std::vector<std::string> ffo = absl::StrSplit(ReadFile(kFfo1To19), '\n');
  WriteFile(Path("queue.obf"), ffo[0] + "\n" + ffo[1] + "\n");
  WriteFile(Path("whole.obf"), ffo[0] + "\n" + ffo[1] + "\n" + ffo[2] + "\n" + ffo[3] + "\n");
  std::string follow;
  for (const std::string& a :
       BatchArgv({"queue.obf"}, "followed.jsonl", {"--follow", "60", "--keep-table"})) {
    absl::StrAppend(&follow, "'", a, "' ");
  }
  const std::string half = ffo[2].substr(0, 40);
  const std::string rest = ffo[2].substr(40);
  const CommandOutput r = RunCommand(absl::StrCat(
      "cd '", dir_, "' && { ", follow, "& ",
      "while [ \"$(cat followed.jsonl 2>/dev/null | wc -l)\" -lt 2 ]; do sleep 0.01; done; ",
      "printf '%s' '", half, "' >> queue.obf; sleep 0.2; ",
      "printf '%s\\n%s\\n%% end\\n%s\\n' '", rest, "' '", ffo[3], "' '", ffo[4], "' >> queue.obf; ",
      "wait $!; }"));
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("followed.jsonl: 4 positions: 4 solved"));
  const Records followed = ResultsById(Path("followed.jsonl"));
  ASSERT_EQ(followed.size(), 4u);  // the line after the end line is not read
  ASSERT_EQ(Batch({"whole.obf"}, "whole.jsonl").exit_status, 0);
  const Records whole = ResultsById(Path("whole.jsonl"));
  auto line_of = [](const std::string& id) { return id.substr(id.find(':')); };
  std::map<std::string, nlohmann::json> by_line;
  for (const auto& [id, j] : whole) by_line[line_of(id)] = j;
  for (const auto& [id, j] : followed) {
    ASSERT_TRUE(by_line.contains(line_of(id))) << id;
    EXPECT_EQ(j["score"], by_line[line_of(id)]["score"]) << id;
    EXPECT_EQ(j["score"], j["expected_score"]) << id;
  }
}

// A followed file that nobody touches for --follow seconds is taken as
// left by its writer: the run ends with what it solved. --follow reads one
// growing .obf file, nothing else.
TEST_F(BatchTest, AFollowedFileLeftAloneEndsTheRunAndOnlyOneObfFileIsFollowed) {
  const std::vector<std::string> ffo = absl::StrSplit(ReadFile(kFfo1To19), '\n');
  WriteFile(Path("queue.obf"), ffo[0] + "\n");
  const CommandOutput r = Batch({"queue.obf"}, "followed.jsonl", {"--follow", "1"});
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("followed.jsonl: 1 position: 1 solved"));
  for (const std::vector<std::string>& inputs :
       std::vector<std::vector<std::string>>{{"queue.obf", "random.obf"}, {"-"}}) {
    const CommandOutput refused = Batch(inputs, "other.jsonl", {"--follow", "1"});
    EXPECT_EQ(refused.exit_status, 2);
    EXPECT_THAT(refused.err, HasSubstr("--follow reads one .obf file that grows; give one such file"));
  }
  const CommandOutput missing = Batch({"none.obf"}, "other.jsonl", {"--follow", "1"});
  EXPECT_EQ(missing.exit_status, 2);
  EXPECT_THAT(missing.err, HasSubstr("none.obf: not a file; --follow waits for lines appended"));
}

TEST_F(BatchTest, MergeDetectsAMissingShardADuplicateAndAConflict) {
  for (int k = 1; k <= 3; ++k) {
    Batch({"fforum-1-19.obf", "random.obf"}, absl::StrCat("s", k, ".jsonl"),
          {"--shard", absl::StrCat(k, "/3")});
  }
  // A missing shard, without and with the inputs.
  CommandOutput r = Run({kBinary, "merge", "s1.jsonl", "s3.jsonl", "--out", "m.jsonl"});
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_THAT(r.out, HasSubstr("missing (1):\n  shard 2/3: no records at all\n"));
  r = Run({kBinary, "merge", "s1.jsonl", "s3.jsonl", "--out", "m.jsonl", "--input",
           "fforum-1-19.obf", "--input", "random.obf"});
  EXPECT_EQ(r.exit_status, 1);
  const std::set<std::string> s2_ids = [&] {
    std::set<std::string> ids;
    for (const auto& [id, j] : ResultsById(Path("s2.jsonl"))) ids.insert(id);
    return ids;
  }();
  EXPECT_THAT(r.out, HasSubstr(absl::StrCat("missing (", s2_ids.size(), "):\n")));
  for (const std::string& id : s2_ids) EXPECT_THAT(r.out, HasSubstr("  " + id + "\n"));
  // A shard given twice: every id duplicated, no conflict.
  r = Run({kBinary, "merge", "s1.jsonl", "s2.jsonl", "s3.jsonl", "s3.jsonl", "--out", "m.jsonl"});
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_THAT(r.out, HasSubstr("in s3.jsonl:1 and s3.jsonl:1"));
  EXPECT_THAT(r.out, Not(HasSubstr("conflicts")));
  // Another copy of shard 1 whose first score differs: a conflict.
  std::vector<std::string> lines = absl::StrSplit(ReadFile(Path("s1.jsonl")), '\n');
  nlohmann::json first = nlohmann::json::parse(lines[0]);
  first["score"] = first["score"].get<int>() + 2;
  lines[0] = first.dump();
  WriteFile(Path("s1-other.jsonl"), absl::StrJoin(lines, "\n"));
  r = Run(
      {kBinary, "merge", "s1.jsonl", "s2.jsonl", "s3.jsonl", "s1-other.jsonl", "--out", "m.jsonl"});
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_THAT(r.out, HasSubstr("conflicts (1):\n  " + first["id"].get<std::string>() + ": "));
  // And the complete set merges cleanly.
  r = Run({kBinary, "merge", "s1.jsonl", "s2.jsonl", "s3.jsonl", "--out", "m.jsonl"});
  EXPECT_EQ(r.exit_status, 0) << r.out;
  EXPECT_THAT(r.out, HasSubstr("complete: every shard is present"));
}

TEST_F(BatchTest, UsageErrorsAreExplained) {
  CommandOutput r = Run({kBinary, "batch", "fforum-1-19.obf"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("expected --out RESULTS.jsonl"));
  r = Batch({"fforum-1-19.obf"}, "r.jsonl", {"--shard", "4/3"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--shard: expected K/N"));
  r = Batch({"nothere.obf"}, "r.jsonl");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("cannot open nothere.obf"));
  EXPECT_FALSE(std::filesystem::exists(Path("r.jsonl")));  // nothing written before the check
  r = Batch({"fforum-1-19.obf"}, "r.jsonl", {"--json"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("unknown option --json"));
  const std::string input_before = ReadFile(Path("fforum-1-19.obf"));
  r = Batch({"fforum-1-19.obf"}, "./fforum-1-19.obf");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--out ./fforum-1-19.obf is also an input"));
  EXPECT_EQ(ReadFile(Path("fforum-1-19.obf")), input_before);
  r = Run({kBinary, "batch", "--summary", "r.jsonl", "--wld"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--summary takes no other option; found --wld"));
  r = Run({kBinary, "merge", "r.jsonl"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("expected --out MERGED.jsonl"));
}

// Devices and endless inputs where results files are expected: each is
// refused with its reason, at once, instead of swallowing the results
// (--out /dev/null) or reading until the memory runs out (/dev/zero).
TEST_F(BatchTest, ResultsFilesMustBeRegularAndBounded) {
  CommandOutput r = Batch({"fforum-1-19.obf"}, "/dev/null");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--out /dev/null is not a regular file (a device, a pipe or a "
                               "socket); give --out a file"));
  r = Run({kBinary, "batch", "--summary", "/dev/zero"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("/dev/zero:1: a line of more than 65536 bytes; a results record "
                               "is under 2 KB, so this is not a results file"));
  r = Run({kBinary, "merge", "/dev/zero", "--out", "merged.jsonl"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("/dev/zero:1: a line of more than 65536 bytes"));
  ASSERT_EQ(Batch({"fforum-1-19.obf"}, "r.jsonl").exit_status, 0);
  r = Run({kBinary, "merge", "r.jsonl", "--out", "/dev/null"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--out /dev/null is not a regular file"));
}

// One input file under other spellings (./, absolute, through a folder and
// "..") is the same file: a resume finds every record done and adds none,
// and --summary counts each position once. So is a file named twice under
// two spellings, and a results file whose ids spell it otherwise
// ("./random.obf:3:..." resumed as random.obf).
TEST_F(BatchTest, ResumeFindsItsRecordsUnderAnySpellingOfTheInput) {
  ASSERT_EQ(Batch({"random.obf"}, "results.jsonl").exit_status, 0);
  const std::string first = ReadFile(Path("results.jsonl"));
  ASSERT_EQ(CompleteLines(Path("results.jsonl")), 40);
  std::filesystem::create_directory(Path("sub"));
  for (const std::string& spelling :
       {std::string("./random.obf"), Path("random.obf"), std::string("sub/../random.obf"),
        std::string(".//sub/./../random.obf")}) {
    const CommandOutput r = Batch({spelling}, "results.jsonl");
    EXPECT_EQ(r.exit_status, 0) << spelling << ": " << r.err;
    EXPECT_THAT(r.err, HasSubstr("results.jsonl: resuming: 40 of 40 positions already done"))
        << spelling;
    EXPECT_EQ(ReadFile(Path("results.jsonl")), first) << spelling;
  }
  CommandOutput r = Run({kBinary, "batch", "--summary", "results.jsonl"});
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("positions     40 ("));

  r = Batch({"random.obf", "./random.obf"}, "twice.jsonl");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("./random.obf: named more than once"));
  EXPECT_EQ(CompleteLines(Path("twice.jsonl")), 40);

  const std::string old_ids =
      absl::StrReplaceAll(first, {{"\"id\":\"random.obf:", "\"id\":\"./random.obf:"}});
  ASSERT_NE(old_ids, first);
  WriteFile(Path("old.jsonl"), old_ids);
  r = Batch({"random.obf"}, "old.jsonl");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("old.jsonl: resuming: 40 of 40 positions already done"));
  EXPECT_EQ(ReadFile(Path("old.jsonl")), old_ids);
}

// --out names a file of the user's that is not a results file: a positions
// file, a WTHOR database. It is refused before anything is written, and its
// bytes stay the same (checksum before and after); so is a positions file
// given to --summary or merge. A results file with nothing but a torn first
// record (a crash during the first write) is still a results file.
TEST_F(BatchTest, AFileThatIsNotAResultsFileIsRefusedAndLeftAlone) {
  std::filesystem::copy_file(kFfo1To19, Path("mine.obf"));
  std::filesystem::copy_file(std::string(ENDSOLVE_SOURCE_DIR) + "/tests/positions/wthor/wth2024-sample.wtb",
                             Path("mine.wtb"));
  for (const std::string mine : {"mine.obf", "mine.wtb"}) {
    const std::string before = ReadFile(Path(mine));
    const std::uint64_t checksum = Fnv1a64(before);
    const CommandOutput r = Batch({"random.obf"}, mine);
    EXPECT_EQ(r.exit_status, 2) << mine;
    EXPECT_THAT(r.err, HasSubstr("endsolve batch: --out " + mine +
                                 " exists and is not a results file of endsolve batch; it is left "
                                 "alone: remove it or give --out another file"))
        << mine;
    EXPECT_THAT(r.err, Not(HasSubstr("corrupted line"))) << mine;
    EXPECT_THAT(r.err, Not(HasSubstr("torn"))) << mine;
    const std::string after = ReadFile(Path(mine));
    EXPECT_EQ(Fnv1a64(after), checksum) << mine;
    EXPECT_EQ(after.size(), before.size()) << mine;
  }
  CommandOutput r = Run({kBinary, "merge", "mine.obf", "--out", "m.jsonl"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("endsolve merge: mine.obf:1: not a results file"));
  EXPECT_THAT(r.out, Not(HasSubstr("complete")));
  EXPECT_FALSE(std::filesystem::exists(Path("m.jsonl")));
  r = Run({kBinary, "batch", "--summary", "mine.obf"});
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("endsolve batch --summary: mine.obf:1: not a results file"));
  EXPECT_EQ(r.out, "");

  const Records reference = Reference({"fforum-1-19.obf"});
  const std::string first = ReadFile(Path("reference.jsonl")).substr(0, 40);
  for (const std::string& torn : {first, std::string(20, '\0'), std::string("{\"i")}) {
    WriteFile(Path("results.jsonl"), torn);
    r = Batch({"fforum-1-19.obf"}, "results.jsonl");
    EXPECT_EQ(r.exit_status, 0) << r.err;
    EXPECT_THAT(r.err, HasSubstr("results.jsonl:1: cut off a torn last line"));
    EXPECT_EQ(ResultsById(Path("results.jsonl")), reference);
  }
}


// A results file is text, and a user may edit it. --summary and merge check
// every record they read against itself and against the other records of
// its id, and report every disagreement as "FILE:LINE: ID: what is wrong",
// exiting 1 (and merge no longer says "complete"). FFO #1, the first line
// of every file here, scores +18, and its input says so.
class EditedResultsTest : public BatchTest {
 protected:
  // FFO #1-#19 solved, as `endsolve batch` writes them.
  std::vector<nlohmann::json> Solved() const {
    const CommandOutput r = Batch({"fforum-1-19.obf"}, "results.jsonl");
    EXPECT_EQ(r.exit_status, 0) << r.err;
    return ReadResultLines(Path("results.jsonl"));
  }
  void WriteLines(const std::string& name, const std::vector<nlohmann::json>& lines) const {
    std::string text;
    for (const nlohmann::json& j : lines) absl::StrAppend(&text, j.dump(), "\n");
    WriteFile(Path(name), text);
  }
  CommandOutput Summary(const std::vector<std::string>& files) const {
    std::vector<std::string> argv = {kBinary, "batch", "--summary"};
    argv.insert(argv.end(), files.begin(), files.end());
    return Run(argv);
  }
  CommandOutput Merge(const std::vector<std::string>& files) const {
    std::vector<std::string> argv = {kBinary, "merge"};
    argv.insert(argv.end(), files.begin(), files.end());
    argv.insert(argv.end(), {"--out", "merged.jsonl", "--input", "fforum-1-19.obf"});
    return Run(argv);
  }
  // The list both commands print: its title and each line.
  static std::string Disagreeing(const std::vector<std::string>& lines) {
    std::string text = absl::StrCat("disagreeing records (", lines.size(), "):\n");
    for (const std::string& line : lines) absl::StrAppend(&text, "  ", line, "\n");
    return text;
  }
};

TEST_F(EditedResultsTest, UneditedResultsHaveNoDisagreement) {
  Solved();
  const CommandOutput s = Summary({"results.jsonl"});
  EXPECT_EQ(s.exit_status, 0) << s.err;
  EXPECT_THAT(s.out, Not(HasSubstr("disagreeing")));
  EXPECT_EQ(s.err, "");
  const CommandOutput m = Merge({"results.jsonl"});
  EXPECT_EQ(m.exit_status, 0) << m.err;
  EXPECT_THAT(m.out, HasSubstr("complete: every input position has a result\n"));
  EXPECT_EQ(m.err, "");
}

TEST_F(EditedResultsTest, AScoreThatDiffersFromItsExpectedScoreIsWrong) {
  std::vector<nlohmann::json> lines = Solved();
  const std::string id = lines[0]["id"];
  ASSERT_EQ(lines[0]["status"], "solved");
  ASSERT_EQ(lines[0]["expected_score"], 18);
  lines[0]["score"] = 30;  // still "solved"
  WriteLines("edited.jsonl", lines);
  const std::string expected =
      Disagreeing({"edited.jsonl:1: " + id + ": its score +30 differs from its expected score +18",
                   "edited.jsonl:1: " + id +
                       ": its line ends the game at +18, which its score +30 does not allow"});

  const CommandOutput s = Summary({"edited.jsonl"});
  EXPECT_EQ(s.exit_status, 1);
  EXPECT_THAT(s.out, HasSubstr(expected));
  EXPECT_EQ(s.err, "endsolve batch --summary: 2 disagreeing records\n");

  const CommandOutput m = Merge({"edited.jsonl"});
  EXPECT_EQ(m.exit_status, 1);
  EXPECT_THAT(m.out, HasSubstr(expected));
  EXPECT_THAT(m.out, Not(HasSubstr("complete")));
  EXPECT_EQ(m.err, "endsolve merge: 0 missing, 0 duplicated, 0 conflicts, 2 disagreeing records\n");
}

TEST_F(EditedResultsTest, AnIdWithAnotherScoreLaterInTheSameFileIsAConflict) {
  std::vector<nlohmann::json> lines = Solved();
  const std::string id = lines[0]["id"];
  nlohmann::json again = lines[0];
  again["score"] = 16;
  lines.push_back(again);  // line 20: FFO #1 once more, +16
  WriteLines("twice.jsonl", lines);
  const std::string expected = Disagreeing(
      {"twice.jsonl:20: " + id + ": its score +16 differs from its expected score +18",
       "twice.jsonl:20: " + id +
           ": its line ends the game at +18, which its score +16 does not allow",
       "twice.jsonl:20: " + id +
           ": its score +16 differs from the score +18 of the same id at twice.jsonl:1"});

  const CommandOutput s = Summary({"twice.jsonl"});
  EXPECT_EQ(s.exit_status, 1);
  EXPECT_THAT(s.out, HasSubstr(expected));
  EXPECT_EQ(s.err, "endsolve batch --summary: 3 disagreeing records\n");

  const CommandOutput m = Merge({"twice.jsonl"});
  EXPECT_EQ(m.exit_status, 1);
  EXPECT_THAT(m.out, HasSubstr(expected));
  EXPECT_THAT(m.out, Not(HasSubstr("complete")));
  EXPECT_EQ(m.err, "endsolve merge: 0 missing, 0 duplicated, 0 conflicts, 3 disagreeing records\n");
}

TEST_F(EditedResultsTest, AnIdWithAnotherScoreInAnotherFileIsAConflict) {
  std::vector<nlohmann::json> lines = Solved();
  const std::string id = lines[0]["id"];
  WriteLines("a.jsonl", lines);
  nlohmann::json other = lines[0];
  other["score"] = 16;
  WriteLines("b.jsonl", {other});
  const std::string own = Disagreeing(
      {"b.jsonl:1: " + id + ": its score +16 differs from its expected score +18",
       "b.jsonl:1: " + id + ": its line ends the game at +18, which its score +16 does not allow"});

  // --summary compares the files' records of one id.
  const CommandOutput s = Summary({"a.jsonl", "b.jsonl"});
  EXPECT_EQ(s.exit_status, 1);
  EXPECT_THAT(s.out,
              HasSubstr(Disagreeing(
                  {"b.jsonl:1: " + id + ": its score +16 differs from its expected score +18",
                   "b.jsonl:1: " + id +
                       ": its line ends the game at +18, which its score +16 does not allow",
                   "b.jsonl:1: " + id +
                       ": its score +16 differs from the score +18 of the same id at a.jsonl:1"})));
  EXPECT_EQ(s.err, "endsolve batch --summary: 3 disagreeing records\n");

  // merge names the id in two files among its duplicates and conflicts, and
  // each record's own disagreements.
  const CommandOutput m = Merge({"a.jsonl", "b.jsonl"});
  EXPECT_EQ(m.exit_status, 1);
  EXPECT_THAT(m.out, HasSubstr("duplicated (1):\n  " + id + ": in a.jsonl:1 and b.jsonl:1\n"));
  EXPECT_THAT(m.out,
              HasSubstr("conflicts (1):\n  " + id + ": +18 in a.jsonl:1, +16 in b.jsonl:1\n"));
  EXPECT_THAT(m.out, HasSubstr(own));
  EXPECT_THAT(m.out, Not(HasSubstr("complete")));
  EXPECT_EQ(m.err, "endsolve merge: 0 missing, 1 duplicated, 1 conflicts, 2 disagreeing records\n");
}

TEST_F(EditedResultsTest, AnImpossibleLineIsWrong) {
  std::vector<nlohmann::json> lines = Solved();
  const std::string id = lines[0]["id"];
  lines[0]["pv"] = {"A1", "A1"};  // A1 is no legal move of FFO #1, and never twice
  WriteLines("impossible.jsonl", lines);
  const std::string expected = Disagreeing(
      {"impossible.jsonl:1: " + id + ": its line plays A1 at move 1, not a legal move there"});

  const CommandOutput s = Summary({"impossible.jsonl"});
  EXPECT_EQ(s.exit_status, 1);
  EXPECT_THAT(s.out, HasSubstr(expected));
  EXPECT_EQ(s.err, "endsolve batch --summary: 1 disagreeing records\n");

  const CommandOutput m = Merge({"impossible.jsonl"});
  EXPECT_EQ(m.exit_status, 1);
  EXPECT_THAT(m.out, HasSubstr(expected));
  EXPECT_THAT(m.out, Not(HasSubstr("complete")));
  EXPECT_EQ(m.err, "endsolve merge: 0 missing, 0 duplicated, 0 conflicts, 1 disagreeing records\n");
}

TEST_F(EditedResultsTest, APositionThatNoLongerMatchesItsIdIsWrong) {
  std::vector<nlohmann::json> lines = Solved();
  const std::string id = lines[0]["id"];
  // FFO #1's record given FFO #2's board.
  const std::vector<std::string> ffo = absl::StrSplit(ReadFile(Path("fforum-1-19.obf")), '\n');
  const std::string& ffo2 = ffo[1];
  lines[0]["position"] = ffo2.substr(0, 66);
  WriteLines("moved.jsonl", lines);
  const PositionKey key = KeyOf(ParsePositionText(ffo2, "ffo")->board);
  char now[17];
  std::snprintf(
      now, sizeof now, "%016llx",
      static_cast<unsigned long long>(FnvWord(FnvWord(kFnvOffsetBasis, key.player), key.opponent)));
  const std::string expected = absl::StrCat(
      "  moved.jsonl:1: ", id, ": its position does not match its id: the position hashes to ", now,
      ", the id says ", id.substr(id.size() - 16), "\n");

  const CommandOutput s = Summary({"moved.jsonl"});
  EXPECT_EQ(s.exit_status, 1);
  EXPECT_THAT(s.out, HasSubstr(expected));
  EXPECT_THAT(s.err, HasSubstr("endsolve batch --summary: "));

  const CommandOutput m = Merge({"moved.jsonl"});
  EXPECT_EQ(m.exit_status, 1);
  EXPECT_THAT(m.out, HasSubstr(expected));
  EXPECT_THAT(m.out, Not(HasSubstr("complete")));
}
}  // namespace
}  // namespace endsolve::testing
