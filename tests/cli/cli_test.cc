// End-to-end tests of `endsolve`: exit statuses, table rows, JSON lines and
// error messages, as users and scripts see them.
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "endsolve/solver/virtual_clock.h"
#include "tests/cli/run_command.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace endsolve::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::string kBinary = ENDSOLVE_BINARY;
// FFO #1 (14 empties): G8 +18 is the only best move.
const std::string kFfo1 =
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

std::vector<std::string> Lines(const std::string& text) {
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

TEST(CliTest, PerftPrintsTheKnownCounts) {
  const CommandOutput r = RunCommand(kBinary + " perft --depth 4");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u + 4u);
  EXPECT_THAT(lines[2], ::testing::MatchesRegex(" *1 +4 +1 .*"));
  EXPECT_THAT(lines[5], ::testing::MatchesRegex(" *4 +244 +73 .*"));
}

// Ids as long as a path keep the table's columns in line: the id column is
// as wide as the longest id, in the header and in every row.
TEST(CliTest, LongIdsKeepTheTableInLine) {
  const std::string file = WriteTempFile("a-position-file-with-a-rather-long-name.obf",
                                         kFfo1 + "; G8:+18;\n" + kFfo1 + "\n");
  const CommandOutput r = RunCommand(kBinary + " solve " + file);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 4u) << r.out;  // header, two rows, summary
  const std::size_t width = (file + ":1").size();
  const std::size_t emp = lines[0].find("emp");
  ASSERT_NE(emp, std::string::npos);
  EXPECT_EQ(emp, width + 1) << lines[0];
  for (int row : {1, 2}) {
    EXPECT_EQ(lines[row].substr(0, width + 1), file + ":" + std::to_string(row) + " ");
    // "emp" is right-aligned over the empties count.
    EXPECT_EQ(lines[row].substr(emp, 3), " 14") << lines[row];
    EXPECT_EQ(lines[row].find(" G8 "), lines[1].find(" G8 ")) << lines[row];
  }
}

TEST(CliTest, SolvesAPositionGivenOnTheCommandLine) {
  const CommandOutput r = RunCommand(kBinary + " solve '" + kFfo1 + "'");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;  // header, row, summary
  EXPECT_THAT(lines[1], ::testing::MatchesRegex("position 1 +14 +G8 +\\+18 .*"));
  EXPECT_THAT(lines[2], HasSubstr("solved 1 of 1, wrong 0, input errors 0"));
}

TEST(CliTest, JsonLinesCarryTheDocumentedKeys) {
  const std::string file = WriteTempFile("one.obf", kFfo1 + "; G8:+18; H1:+12;\n");
  const CommandOutput r = RunCommand(kBinary + " solve --json " + file);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  const auto j = nlohmann::json::parse(lines[0]);
  EXPECT_EQ(j["id"], file + ":1");
  EXPECT_EQ(j["empties"], 14);
  EXPECT_EQ(j["best_move"], "G8");
  EXPECT_EQ(j["score"], 18);
  EXPECT_EQ(j["expected_score"], 18);
  EXPECT_EQ(j["ok"], true);
  EXPECT_TRUE(j["reason"].is_null());
  EXPECT_EQ(j["pv"][0], "G8");
  EXPECT_EQ(j["nodes"].get<std::uint64_t>(),
            j["leaves"].get<std::uint64_t>() + j["internal_nodes"].get<std::uint64_t>());
  // No presearch below 20 empties (solver/presearch.h); EvalCliTest sees
  // one at 20.
  EXPECT_EQ(j["presearch_nodes"].get<std::uint64_t>(), 0u);
  EXPECT_TRUE(j["seconds"].is_number());
  EXPECT_THAT(r.err, HasSubstr("solved 1 of 1"));
}

TEST(CliTest, AWrongAnswerMakesTheExitStatusNonZero) {
  // The file claims +20 for G8; the truth is +18.
  const std::string file = WriteTempFile("wrong.obf", kFfo1 + "; G8:+20;\n");
  const CommandOutput r = RunCommand(kBinary + " solve " + file);
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_THAT(r.out, HasSubstr("WRONG"));
  EXPECT_THAT(r.out, HasSubstr("wrong 1"));
  // It says why, under the row and in --json's "reason".
  EXPECT_THAT(r.out, HasSubstr("\n  WRONG: score +18, the answers say +20\n"));
  const CommandOutput json = RunCommand(kBinary + " solve --json " + file);
  EXPECT_EQ(json.exit_status, 1);
  const auto j = nlohmann::json::parse(Lines(json.out).at(0));
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["reason"], "score +18, the answers say +20");
  // A move listed below the best score: FFO #1's H1 is +12, and the line
  // claims it is best at +18 along with G8 listed lower.
  const CommandOutput listed =
      RunCommand(kBinary + " solve --json '" + kFfo1 + "; H1:+18; G8:+12;'");
  EXPECT_EQ(listed.exit_status, 1);
  EXPECT_EQ(nlohmann::json::parse(Lines(listed.out).at(0))["reason"],
            "G8 is listed at +12, the best is +18");
}

// FFO #4: H8 and A5 both score +0, and the solver plays H8. A line that
// lists only A5 is not contradicted by H8: the score decides. A line that
// lists H8 with a lower score is.
TEST(CliTest, AMoveTheAnswersDoNotListIsNotWrong) {
  const std::string ffo4 = "-XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO- X";
  CommandOutput r = RunCommand(kBinary + " solve '" + ffo4 + "; A5:+0;'");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr(" H8 "));
  EXPECT_THAT(r.out, HasSubstr("wrong 0"));
  const std::string batch_out = ::testing::TempDir() + "/partial.jsonl";
  std::remove(batch_out.c_str());
  r = RunCommand(kBinary + " batch " + WriteTempFile("partial.obf", ffo4 + "; A5:+0;\n") +
                 " --out " + batch_out);
  EXPECT_EQ(r.exit_status, 0) << r.err;
  std::ifstream in(batch_out);
  const std::string record((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_THAT(record, HasSubstr("\"status\":\"solved\""));
  r = RunCommand(kBinary + " solve '" + ffo4 + "; A5:+0; H8:-2;'");
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_THAT(r.out, HasSubstr("WRONG"));
}

TEST(CliTest, BadLinesAreReportedAndTheRestIsSolved) {
  const std::string file =
      WriteTempFile("mixed.obf", kFfo1 + "; G8:+18;\n" + kFfo1.substr(0, 64) + " Z\n");
  const CommandOutput r = RunCommand(kBinary + " solve " + file);
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("mixed.obf:2:66: expected side to move"));
  EXPECT_THAT(r.out, HasSubstr("OK"));
  EXPECT_THAT(r.out, HasSubstr("solved 1 of 1, wrong 0, input errors 1"));
}

// The answers of an .obf line ("G8:+18", ...) as a sorted list, so that
// two lines that order moves of equal score differently compare equal.
std::vector<std::string> AnswerSet(const std::string& line) {
  std::vector<std::string> answers = absl::StrSplit(line, "; ", absl::SkipEmpty());
  answers.erase(answers.begin());  // the board and the side
  if (!answers.empty() && !answers.back().empty() && answers.back().back() == ';') {
    answers.back().pop_back();
  }
  std::sort(answers.begin(), answers.end());
  return answers;
}

// --all-moves lists every move's exact score under each row, checks them
// against the file's answers, and --obf writes each position with that
// list: for FFO #1-#4 the same answers as the file.
TEST(CliTest, AllMovesGivesEveryMovesScoreAndWritesThemAsObf) {
  const std::string obf = WriteTempFile("all-moves.obf", "");
  std::remove(obf.c_str());
  const CommandOutput r = RunCommand(kBinary + " solve ffo/fforum-1-19.obf --range 1-4 --all-moves --obf " + obf);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("solved 4 of 4, wrong 0, input errors 0"));
  EXPECT_THAT(r.out, HasSubstr("\n  all moves: G8:+18 H1:+12 "));
  std::ifstream in("ffo/fforum-1-19.obf");
  std::ifstream written(obf);
  std::string expected_line, written_line;
  int lines = 0;
  while (lines < 4 && std::getline(in, expected_line) && std::getline(written, written_line)) {
    ++lines;
    EXPECT_EQ(written_line.substr(0, 66), expected_line.substr(0, 66)) << "line " << lines;
    EXPECT_EQ(AnswerSet(written_line), AnswerSet(expected_line)) << "line " << lines;
  }
  EXPECT_EQ(lines, 4);
  EXPECT_FALSE(std::getline(written, written_line)) << "more than 4 lines";

  // A wrong answer in the file, for a move that is not the best, is found.
  std::string first;
  std::getline(std::ifstream("ffo/fforum-1-19.obf"), first);
  const std::string altered = absl::StrReplaceAll(first, {{"H1:+12", "H1:+10"}});
  ASSERT_NE(altered, first);
  const std::string bad = WriteTempFile("altered.obf", altered + "\n");
  const CommandOutput wrong = RunCommand(kBinary + " solve --all-moves " + bad);
  EXPECT_EQ(wrong.exit_status, 1);
  EXPECT_THAT(wrong.out, HasSubstr("WRONG: H1 scores +12, the answers say +10"));
  // Without --all-moves only the best move is judged.
  EXPECT_EQ(RunCommand(kBinary + " solve " + bad).exit_status, 0);

  const CommandOutput json = RunCommand(kBinary + " solve --all-moves --json '" + kFfo1 + "'");
  ASSERT_EQ(json.exit_status, 0) << json.err;
  const nlohmann::json moves = nlohmann::json::parse(Lines(json.out).at(0))["moves"];
  ASSERT_TRUE(moves.is_array());
  EXPECT_EQ(moves.at(0), (nlohmann::json{{"move", "G8"}, {"score", 18}}));
  EXPECT_EQ(moves.at(1), (nlohmann::json{{"move", "H1"}, {"score", 12}}));
}

// --obf never writes over a file: one that exists is refused before any
// solve and left as it was. --obf needs --all-moves, and every move's exact
// score needs the full window: WLD is refused, and a position with its own
// window is an input error while the others are solved.
TEST(CliTest, AllMovesRefusesWhatCannotGiveEveryScore) {
  const std::string mine = WriteTempFile("mine.obf", "precious\n");
  const CommandOutput exists = RunCommand(kBinary + " solve --all-moves --obf " + mine + " '" + kFfo1 + "'");
  EXPECT_EQ(exists.exit_status, 2);
  EXPECT_THAT(exists.err, HasSubstr(mine + " exists; it is left alone: give --obf a file that does not exist yet"));
  EXPECT_EQ(exists.out, "");
  std::ifstream kept(mine);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(kept), {}), "precious\n");

  const CommandOutput alone = RunCommand(kBinary + " solve --obf new.obf '" + kFfo1 + "'");
  EXPECT_EQ(alone.exit_status, 2);
  EXPECT_THAT(alone.err, HasSubstr("--obf requires --all-moves"));

  const CommandOutput wld = RunCommand(kBinary + " solve --all-moves --wld '" + kFfo1 + "'");
  EXPECT_EQ(wld.exit_status, 2);
  EXPECT_THAT(wld.err, HasSubstr("every move's exact score needs the full window [-64, 64] without WLD"));

  const std::string windowed =
      WriteTempFile("windowed.obf", kFfo1 + "; window:0,2;\n" + kFfo1 + "; G8:+18;\n");
  const CommandOutput w = RunCommand(kBinary + " solve --all-moves " + windowed);
  EXPECT_EQ(w.exit_status, 2);
  EXPECT_THAT(w.err, HasSubstr("windowed.obf:1: "));
  EXPECT_THAT(w.err, HasSubstr("has a window (window:0,2); --all-moves solves every move over the full window, so it is left out"));
  EXPECT_THAT(w.out, HasSubstr("solved 1 of 1, wrong 0, input errors 1"));
}

// show draws a position as text, or as an SVG picture with its line
// numbered; --svg never writes over a file that is not an SVG picture.
TEST(CliTest, ShowDrawsThePositionAsTextOrSvg) {
  const CommandOutput text = RunCommand(kBinary + " show '" + kFfo1 + "'");
  ASSERT_EQ(text.exit_status, 0) << text.err;
  EXPECT_THAT(text.out, HasSubstr("X (black) to move, 14 empties\n  A B C D E F G H\n"
                                  "1 . * X X X X X *\n2 * O O O X X * O\n"));
  EXPECT_THAT(text.out, HasSubstr("\nmoves (*): B1 H1 A2 G2 A3 A4 H7 G8\n"));

  const std::string svg = WriteTempFile("ffo1.svg", "<svg an older picture/>\n");
  const CommandOutput drawn = RunCommand(kBinary + " show --pv --threads 1 --svg " + svg + " '" + kFfo1 + "'");
  ASSERT_EQ(drawn.exit_status, 0) << drawn.err;
  std::ifstream in(svg);
  const std::string picture((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(picture.starts_with("<svg xmlns=")) << picture.substr(0, 40);
  // FFO #1's line, G8 ... B1, has 14 moves and no pass: 14 numbers.
  int markers = 0;
  for (std::size_t at = picture.find("class=\"line\""); at != std::string::npos;
       at = picture.find("class=\"line\"", at + 1)) {
    ++markers;
  }
  EXPECT_EQ(markers, 14);
  EXPECT_THAT(picture, HasSubstr(">position 1: G8 +18</text>"));

  const std::string mine = WriteTempFile("notes.txt", "my notes\n");
  const CommandOutput kept = RunCommand(kBinary + " show --svg " + mine + " '" + kFfo1 + "'");
  EXPECT_EQ(kept.exit_status, 2);
  EXPECT_THAT(kept.err, HasSubstr(mine + " exists and is not an SVG picture; it is left alone"));
  std::ifstream notes(mine);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(notes), {}), "my notes\n");

  const CommandOutput two = RunCommand(kBinary + " show --svg x.svg ffo/fforum-1-19.obf --range 1-2");
  EXPECT_EQ(two.exit_status, 2);
  EXPECT_THAT(two.err, HasSubstr("--svg draws one position, and 2 were given (choose one with --range)"));
  const CommandOutput idle = RunCommand(kBinary + " show --threads 2 '" + kFfo1 + "'");
  EXPECT_EQ(idle.exit_status, 2);
  EXPECT_THAT(idle.err, HasSubstr("--threads requires --pv"));
}

TEST(CliTest, RangeSelectsFfoNumbers) {
  const CommandOutput r =
      RunCommand(kBinary + " solve ffo/fforum-1-19.obf --range 2-3 --json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(nlohmann::json::parse(lines[0])["id"], "#2");
  EXPECT_EQ(nlohmann::json::parse(lines[1])["id"], "#3");
}

TEST(CliTest, ARangeThatMatchesNothingIsBadUsage) {
  for (const std::string command : {"solve", "eval"}) {
    const CommandOutput r =
        RunCommand(kBinary + " " + command + " ffo/fforum-1-19.obf --range 40-44");
    EXPECT_EQ(r.exit_status, 2) << command;
    EXPECT_THAT(r.err, HasSubstr("--range 40-44 matched none of the 19 positions read (their "
                                 "numbers run from 1 to 19)"))
        << command;
    EXPECT_THAT(r.out, Not(HasSubstr("solved 0 of 0"))) << command;
  }
}

TEST(CliTest, AMissingFileIsReportedAsOne) {
  const CommandOutput r = RunCommand(kBinary + " solve nonexistent.obf ffo/missing.pos");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("cannot open nonexistent.obf: no such file"));
  EXPECT_THAT(r.err, HasSubstr("cannot open ffo/missing.pos: no such file"));
  EXPECT_THAT(r.err, Not(HasSubstr("column")));
  // A position that does not parse is still reported as a position.
  const CommandOutput bad = RunCommand(kBinary + " solve f5d6z9");
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_THAT(bad.err, HasSubstr("argument 1, column"));
}

// solve reads what batch reads: standard input, pipes and process
// substitutions, and refuses a directory and an endless input by name.
TEST(CliTest, SolveReadsAnyFileBatchReads) {
  const std::string file = WriteTempFile("stdin.obf", kFfo1 + "; G8:+18;\n");
  CommandOutput r = RunCommand("cat " + file + " | " + kBinary + " solve /dev/stdin");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("solved 1 of 1, wrong 0, input errors 0"));
  // "-" is standard input, as in other Unix tools, for every command that
  // reads positions; its positions' ids read "-:LINE".
  r = RunCommand("cat " + file + " | " + kBinary + " solve --json -");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\"id\":\"-:1\""));
  EXPECT_THAT(r.err, HasSubstr("solved 1 of 1, wrong 0, input errors 0"));
  for (const std::string command : {"eval", "perft --depth 1", "study --depths 1",
                                    "bench ffo --threads 1 --hash-mb 16"}) {
    r = RunCommand("cat " + file + " | " + kBinary + " " + command + " -");
    EXPECT_EQ(r.exit_status, 0) << command << ": " << r.err;
    EXPECT_THAT(r.out, HasSubstr("-:1")) << command;
  }
  const std::string results = ::testing::TempDir() + "/stdin.jsonl";
  std::remove(results.c_str());
  r = RunCommand("cat " + file + " | " + kBinary + " batch - --out " + results +
                 " --threads 1 --hash-mb 16");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr(results + ": 1 position: 1 solved"));
  r = RunCommand(kBinary + " solve ffo");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("cannot read ffo: it is a directory"));
  r = RunCommand(kBinary + " solve /dev/zero");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("/dev/zero: more than 268435456 bytes"));
  r = RunCommand(kBinary + " solve /dev/null");
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_THAT(r.err, HasSubstr("endsolve solve: no position: the input holds none"));
}

// A file of garbage gives a screenful, not an error line per line: each
// input's first 20 errors, then their count; the summary counts them all.
TEST(CliTest, AnInputsErrorsAreShownTwentyThenCounted) {
  std::string garbage = kFfo1 + "\n";
  for (int i = 0; i < 100; ++i) garbage += "not a position " + std::to_string(i) + "\n";
  const std::string many = WriteTempFile("garbage.obf", garbage);
  const std::string few = WriteTempFile("few-errors.obf", "zz\nqq\n");
  const CommandOutput r = RunCommand(kBinary + " solve " + many + " " + few);
  EXPECT_EQ(r.exit_status, 2);
  const auto lines = Lines(r.err);
  ASSERT_EQ(lines.size(), 20u + 1u + 2u) << r.err;
  for (int i = 0; i < 20; ++i) {
    EXPECT_THAT(lines[i], ::testing::StartsWith(many + ":" + std::to_string(i + 2) + ":1: expected"));
  }
  EXPECT_EQ(lines[20], many + ": 80 more errors not shown (100 in all)");
  EXPECT_THAT(lines[21], ::testing::StartsWith(few + ":1:"));
  EXPECT_THAT(lines[22], ::testing::StartsWith(few + ":2:"));
  EXPECT_THAT(r.out, HasSubstr("solved 1 of 1, wrong 0, input errors 102"));
}

// Every command given no position at all, from a missing file or an empty
// one, says so and exits 2: none crashes drawing a progress line or
// summing up nothing, and none calls nothing a success.
TEST(CliTest, EveryCommandRefusesAnInputWithoutAPosition) {
  const std::string empty = WriteTempFile("no-position.obf", "");
  const std::string missing = ::testing::TempDir() + "/nosuch.obf";
  std::remove(missing.c_str());
  const std::vector<std::string> commands = {"solve", "eval", "show", "perft", "study", "study schemes"};
  for (const std::string& command : commands) {
    const CommandOutput r = RunCommand(kBinary + " " + command + " " + missing);
    EXPECT_EQ(r.exit_status, 2) << command << ": " << r.err;
    EXPECT_THAT(r.err, HasSubstr("cannot open " + missing + ": no such file")) << command;
    EXPECT_THAT(r.err, HasSubstr("endsolve " + command +
                                 ": no position: none of the input could be read"))
        << command;
  }
  for (const std::string& command : commands) {
    const CommandOutput r = RunCommand(kBinary + " " + command + " " + empty);
    EXPECT_EQ(r.exit_status, 2) << command << ": " << r.err;
    EXPECT_THAT(r.err, HasSubstr("endsolve " + command + ": no position: the input holds none"))
        << command;
    EXPECT_EQ(r.out, "") << command;
  }
  for (const std::string bench : {"ffo", "scaling", "ablation"}) {
    const CommandOutput r = RunCommand(kBinary + " bench " + bench + " " + empty);
    EXPECT_EQ(r.exit_status, 2) << bench << ": " << r.err;
    EXPECT_THAT(r.err, HasSubstr("endsolve bench: no position: the input holds none")) << bench;
  }
  const std::string out = ::testing::TempDir() + "/no-position.jsonl";
  std::remove(out.c_str());
  CommandOutput r = RunCommand(kBinary + " batch " + empty + " --out " + out);
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_THAT(r.err, HasSubstr("endsolve batch: no position in " + empty +
                               ": there is nothing to solve"));
  const std::string no_results = WriteTempFile("no-results.jsonl", "");
  r = RunCommand(kBinary + " batch --summary " + no_results);
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_THAT(r.err, HasSubstr("endsolve batch --summary: no result record in " + no_results));
  EXPECT_EQ(r.out, "");
  r = RunCommand(kBinary + " merge " + no_results + " --out " + out);
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_THAT(r.err, HasSubstr("endsolve merge: no result record in " + no_results +
                               ": there is nothing to merge"));
  EXPECT_EQ(r.out, "");
}

// More than 36 empties (here a transcript pasted with spaces, as users paste
// it): refused, nothing solved, unless --max-empties allows it.
TEST(CliTest, AVeryLongSolveIsRefusedUnlessAllowed) {
  const CommandOutput r = RunCommand(kBinary + " solve 'f5 d6 c3' '" + kFfo1 + "'");
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_THAT(r.err, HasSubstr("endsolve solve: f5d6c3 has 57 empty squares, more than "
                               "--max-empties 36"));
  EXPECT_THAT(r.err, HasSubstr("endsolve solve: 1 position refused, nothing solved: "
                               "--max-empties is 36 (an exact solve of more than 36 empty squares "
                               "may take days); give --max-empties 60 to solve it anyway"));
  EXPECT_EQ(r.out, "");
  const CommandOutput lower = RunCommand(kBinary + " solve --max-empties 13 '" + kFfo1 + "'");
  EXPECT_EQ(lower.exit_status, 2);
  EXPECT_THAT(lower.err, HasSubstr("position 1 has 14 empty squares, more than --max-empties 13"));
  const CommandOutput bad = RunCommand(kBinary + " solve --max-empties 61 '" + kFfo1 + "'");
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_THAT(bad.err, HasSubstr("--max-empties: expected a number of empty squares from 0 to 60, "
                                 "found '61'"));
}

// More than 36 empties allowed by --max-empties: a warning before the table,
// then the solve starts (and is stopped here by Ctrl-C).
TEST(CliTest, AVeryLongSolveIsAnnouncedBeforeItStarts) {
  const std::string file = WriteTempFile(
      "initial.obf", "---------------------------OX------XO--------------------------- X\n");
  const CommandOutput r = RunAndSignal(
      {kBinary, "solve", file, "--hash-mb", "16", "--max-empties", "60"}, "id", SIGINT);
  EXPECT_THAT(r.err, HasSubstr("endsolve solve: warning: "));
  EXPECT_THAT(r.err, HasSubstr("initial.obf:1 has 60 empty squares; an exact solve of more than "
                               "36 may take days"));
  EXPECT_EQ(r.exit_status, 130) << r.err;
  const CommandOutput small = RunCommand(kBinary + " solve '" + kFfo1 + "'");
  EXPECT_THAT(small.err, Not(HasSubstr("warning")));
}

// On a terminal (here the pseudo-terminal of util-linux's script), solve
// draws its status line every 0.5 s from the start: the position, what the
// search is doing (presearch, selective or exact pass), nodes and their
// rate, and the time. FFO #49 (26 empties) runs far longer than the 2 s
// after which timeout sends it Ctrl-C's signal once (--foreground: to the
// solver alone, as a terminal would), on any machine, so the line is drawn
// several times whatever the machine's speed; the solve then stops as
// Ctrl-C stops it.
TEST(CliTest, SolveShowsItsProgressOnATerminal) {
  const std::string file = WriteTempFile(
      "ffo49.obf", "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X\n");
  const CommandOutput r = RunCommand("script -qec 'timeout --foreground --preserve-status -s INT 2 " +
                                     kBinary + " solve " + file + " --threads 1 --hash-mb 16' /dev/null");
  EXPECT_EQ(r.exit_status, 130) << r.out << r.err;
  EXPECT_THAT(r.out, ::testing::ContainsRegex(
                         "ffo49.obf:1: [^\r]*, [0-9]+ nodes \\([0-9.]+ M/s\\), [0-9.]+s"));
  EXPECT_THAT(r.out, HasSubstr("solved 0 of 1, wrong 0"));
  EXPECT_THAT(r.out, HasSubstr("; interrupted"));
}

// The options a --help lists: the "--name" that opens each of its lines.
std::vector<std::string> HelpOptions(const std::string& help) {
  std::vector<std::string> names;
  for (const std::string& line : Lines(help)) {
    const std::size_t at = line.find("--");
    if (at == std::string::npos || line.find_first_not_of(" -h,") < at) continue;
    names.push_back(line.substr(at, line.find_first_of(" =,{", at) - at));
  }
  return names;
}

// `solve --help` prints solve's options, each with its default and one
// line, and nothing of the other commands; `help solve` prints the same.
TEST(CliTest, SolveHelpListsExactlyItsOptions) {
  const CommandOutput r = RunCommand(kBinary + " solve --help");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_THAT(HelpOptions(r.out),
              ::testing::ElementsAre("--help", "--threads", "--hash-mb", "--tt-scheme", "--wld",
                                     "--ordering", "--split-min-empties", "--split-policy",
                                     "--presearch-min-empties", "--eval", "--max-empties",
                                     "--json", "--csv", "--range", "--empties", "--all-moves",
                                     "--obf"));
  EXPECT_THAT(r.out, HasSubstr("Usage: endsolve solve [OPTIONS] FILE_OR_POSITION..."));
  EXPECT_THAT(r.out, HasSubstr("--hash-mb INT=256 "));
  EXPECT_THAT(r.out, HasSubstr("--tt-scheme TEXT=twobig1 "));
  EXPECT_THAT(r.out, Not(HasSubstr("--out")));
  EXPECT_THAT(r.out, Not(HasSubstr(".cc")));
  EXPECT_EQ(RunCommand(kBinary + " help solve").out, r.out);

  const CommandOutput bench = RunCommand(kBinary + " bench --help");
  EXPECT_EQ(bench.exit_status, 0);
  EXPECT_THAT(bench.out, ::testing::ContainsRegex("\n +ffo +solves"));
  EXPECT_THAT(bench.out, ::testing::ContainsRegex("\n +scaling +solves"));
  const CommandOutput scaling = RunCommand(kBinary + " bench scaling --help");
  EXPECT_EQ(scaling.exit_status, 0);
  EXPECT_THAT(HelpOptions(scaling.out),
              ::testing::ElementsAre("--help", "--range", "--empties", "--repeat", "--csv",
                                     "--json", "--plot", "--virtual", "--virtual-task-ticks",
                                     "--virtual-own-task-ticks", "--verbose", "--threads",
                                     "--hash-mb",
                                     "--tt-scheme", "--wld", "--ordering", "--split-min-empties",
                                     "--split-policy", "--presearch-min-empties", "--eval",
                                     "--max-empties"));
  // The overview lists every command, bench scaling included.
  const CommandOutput overview = RunCommand(kBinary + " help");
  EXPECT_EQ(overview.exit_status, 0);
  for (const char* command : {"solve [", "bench ffo [", "bench scaling [", "batch [", "merge [",
                              "eval [", "show [", "perft ["}) {
    EXPECT_THAT(overview.out, HasSubstr(std::string("  endsolve ") + command));
  }
}

// A malformed value is bad usage (exit 2), not a wrong answer (exit 1).
TEST(CliTest, BadOptionValuesExitTwoAndSayWhy) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"solve --hash-mb abc '" + kFfo1 + "'", "--hash-mb: expected a size in MiB"},
      {"solve --hash-mb 1.5 '" + kFfo1 + "'", "--hash-mb: expected a size in MiB"},
      {"solve --hash-mb 0 '" + kFfo1 + "'", "--hash-mb: transposition table size must be at least 1 MiB"},
      {"solve --hash-mb 99999999999 '" + kFfo1 + "'", "MiB of physical memory"},
      {"solve --json=maybe '" + kFfo1 + "'", "--json"},
      {"perft --depth abc", "--depth: expected a depth from 1 to 60, found 'abc'"},
      {"solve --threads -1 '" + kFfo1 + "'",
       "--threads: expected 0 (every hardware thread) or 1..1024, found '-1'"},
      {"solve --hash-mb", "option --hash-mb expects a value"},
      {"batch x.obf --out r.jsonl --time-limit soon", "--time-limit: expected a positive duration"},
  };
  for (const auto& [arguments, message] : cases) {
    const CommandOutput r = RunCommand(kBinary + " " + arguments);
    EXPECT_EQ(r.exit_status, 2) << arguments;
    EXPECT_THAT(r.err, HasSubstr(message)) << arguments;
    EXPECT_EQ(r.out, "") << arguments;
  }
}

TEST(CliTest, MisspeltOptionsAndCommandsGetASuggestion) {
  CommandOutput r = RunCommand(kBinary + " solve --thrads 2 '" + kFfo1 + "'");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("unknown option --thrads (did you mean --threads?)"));
  r = RunCommand(kBinary + " solve --hash 16 '" + kFfo1 + "'");
  EXPECT_THAT(r.err, HasSubstr("unknown option --hash (did you mean --hash-mb?)"));
  r = RunCommand(kBinary + " slove '" + kFfo1 + "'");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("unknown command 'slove' (did you mean 'solve'?)"));
  r = RunCommand(kBinary + " bench scailng");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("expected one of ffo, scaling, ablation, found 'scailng' (did you mean "
                               "'scaling'?)"));
  r = RunCommand(kBinary + " solve --zzzzzz '" + kFfo1 + "'");
  EXPECT_THAT(r.err, Not(HasSubstr("did you mean")));
}

// Without --threads, solve uses every hardware thread and says so.
TEST(CliTest, ThreadsDefaultToEveryHardwareThread) {
  const CommandOutput nproc = RunCommand("nproc");
  ASSERT_EQ(nproc.exit_status, 0);
  const std::string threads = Lines(nproc.out).at(0);
  const CommandOutput r = RunCommand(kBinary + " solve '" + kFfo1 + "'");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("; threads " + threads + ", table 256 MiB"));
  // The help shows the rule, not this machine's count.
  EXPECT_THAT(RunCommand(kBinary + " solve --help").out, HasSubstr("--threads INT=0 "));
  // 0 says the same, as Python's solve(threads=0) does.
  const CommandOutput zero = RunCommand(kBinary + " solve --threads 0 '" + kFfo1 + "'");
  ASSERT_EQ(zero.exit_status, 0) << zero.err;
  EXPECT_THAT(zero.out, HasSubstr("; threads " + threads + ", table 256 MiB"));
  EXPECT_THAT(RunCommand(kBinary + " solve --help").out,
              HasSubstr("search threads; 0 is every hardware thread"));
}

TEST(CliTest, AnotherCommandsOptionIsRefused) {
  const CommandOutput r = RunCommand(kBinary + " perft --threads 2");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("endsolve perft: unknown option --threads; options of perft: "
                               "--depth --range --empties --json"));
}

TEST(CliTest, HyphenatedOptionsAreAcceptedAndChecked) {
  const CommandOutput bad = RunCommand(kBinary + " solve '" + kFfo1 + "' --tt-scheme bogus");
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_THAT(bad.err, HasSubstr("--tt-scheme"));
  const CommandOutput good =
      RunCommand(kBinary + " solve '" + kFfo1 + "' --tt-scheme deep --hash-mb 16");
  EXPECT_EQ(good.exit_status, 0) << good.err;
}

TEST(CliTest, SplitThresholdIsCheckedAndUsed) {
  const CommandOutput bad =
      RunCommand(kBinary + " solve '" + kFfo1 + "' --split-min-empties 8");
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_THAT(bad.err,
              HasSubstr("--split-min-empties: expected 0 (the default) or 9..64, found 8"));
  // A threshold near the table layer's makes FFO #1 (14 empties) split at
  // nearly every node it searches; the score must not change.
  const CommandOutput good = RunCommand(kBinary + " solve '" + kFfo1 +
                                        "' --split-min-empties 10 --threads 2 --hash-mb 16");
  EXPECT_EQ(good.exit_status, 0) << good.err;
  EXPECT_THAT(good.out, HasSubstr("+18"));
}

// FFO #1 has 14 empties, below the presearch's default threshold: the
// presearch runs only when the option brings the threshold down to 14, and
// the score stays.
TEST(CliTest, PresearchThresholdIsCheckedAndUsed) {
  const CommandOutput bad =
      RunCommand(kBinary + " solve '" + kFfo1 + "' --presearch-min-empties 65");
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_THAT(bad.err,
              HasSubstr("--presearch-min-empties: expected 0 (the default) to 64, found 65"));
  for (const int threshold : {0, 15, 14}) {
    SCOPED_TRACE(threshold);
    const CommandOutput r =
        RunCommand(absl::StrCat(kBinary, " solve '", kFfo1, "' --threads 1 --hash-mb 16 --json ",
                                "--presearch-min-empties ", threshold));
    ASSERT_EQ(r.exit_status, 0) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["score"], 18);
    if (threshold == 14) {
      EXPECT_GT(j["presearch_nodes"].get<std::uint64_t>(), 0u);
    } else {
      EXPECT_EQ(j["presearch_nodes"].get<std::uint64_t>(), 0u);
    }
  }
}

TEST(CliTest, UnknownOrderingFeatureIsAnError) {
  const CommandOutput r = RunCommand(kBinary + " solve '" + kFfo1 + "' --ordering no-magic");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--ordering: unknown feature 'no-magic'"));
}

// The node count of one solve, from the summary line ("nodes N (").
std::uint64_t SummaryNodes(const std::string& out) {
  const std::size_t at = out.find(", nodes ");
  EXPECT_NE(at, std::string::npos) << out;
  if (at == std::string::npos) return 0;
  return std::stoull(out.substr(at + 8));
}

// Each table and thread option changes what it should, so none can be
// silently ignored: the summary names the threads, the table's size and its
// scheme; a 1 MiB table and another scheme visit other node counts on FFO
// #27 (20 empties, 1.6 M nodes; deterministic at one thread); and 2 threads
// that may never split (--split-min-empties 64) visit exactly the nodes of
// one thread (were the option ignored, they would split at the default
// threshold and visit others).
TEST(CliTest, TableAndThreadOptionsChangeWhatTheyShould) {
  const std::string ffo27 = kBinary + " solve ffo/fforum-20-39.obf --range 27";
  const CommandOutput base = RunCommand(ffo27 + " --threads 1");
  ASSERT_EQ(base.exit_status, 0) << base.err;
  EXPECT_THAT(base.out, HasSubstr("; threads 1, table 256 MiB twobig1"));
  // The count depends on the built-in weights (they order the moves), on
  // the ordering's constants (solver/move_order.h) and on the layers'
  // cutoffs (solver/search.h): a refit, a new ordering or a new cutoff
  // changes it, and eval/data/MANIFEST.md names the weights it is for.
  const std::uint64_t nodes = SummaryNodes(base.out);
  EXPECT_EQ(nodes, 1551609u);

  const CommandOutput small = RunCommand(ffo27 + " --threads 1 --hash-mb 1");
  EXPECT_THAT(small.out, HasSubstr("; threads 1, table 1 MiB twobig1"));
  EXPECT_NE(SummaryNodes(small.out), nodes);

  const CommandOutput deep = RunCommand(ffo27 + " --threads 1 --tt-scheme deep");
  EXPECT_THAT(deep.out, HasSubstr("; threads 1, table 256 MiB deep"));
  EXPECT_NE(SummaryNodes(deep.out), nodes);

  const CommandOutput unsplit = RunCommand(ffo27 + " --threads 2 --split-min-empties 64");
  EXPECT_THAT(unsplit.out, HasSubstr("; threads 2, table 256 MiB twobig1"));
  EXPECT_EQ(SummaryNodes(unsplit.out), nodes);
}

TEST(CliTest, BenchFfoPrintsMediansAndWritesCsv) {
  const std::string csv = ::testing::TempDir() + "/bench.csv";
  const CommandOutput r = RunCommand(kBinary +
                                     " bench ffo ffo/fforum-1-19.obf --range 1-2"
                                     " --repeat 3 --threads 1 --csv " + csv);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("3 of 3 runs complete"));
  EXPECT_THAT(r.out, HasSubstr("total: 2 positions, 0 wrong"));
  const CommandOutput cat = RunCommand("cat " + csv);
  const auto lines = Lines(cat.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_THAT(lines[1], ::testing::StartsWith("#1,1,14,G8,18,18,true,"));
}

// Without an input file, bench runs the built-in FFO #40-#59: from a folder
// that holds no ffo/ (an installed tool), it still finds #40.
TEST(CliTest, BenchRunsItsBuiltInPositionsFromAnyFolder) {
  const std::string folder = ::testing::TempDir() + "/no-ffo-here";
  const CommandOutput r = RunCommand("mkdir -p " + folder + " && cd " + folder + " && " + kBinary +
                                     " bench ffo --range 40 --repeat 1");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("#40       20   A2   +38    +38 OK"));
  EXPECT_THAT(r.out, HasSubstr("total: 1 position, 0 wrong"));
}

// An id with a quote (from the file's name) is one quoted CSV field.
TEST(CliTest, BenchCsvQuotesIdsThatNeedIt) {
  const std::string file = WriteTempFile("odd\"name.obf", kFfo1 + "; G8:+18;\n");
  const std::string csv = ::testing::TempDir() + "/odd.csv";
  const CommandOutput r = RunCommand(kBinary + " bench ffo '" + file +
                                     "' --repeat 1 --threads 1 --csv " + csv);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(RunCommand("cat " + csv).out);
  ASSERT_EQ(lines.size(), 2u);
  const std::string quoted_id = "\"" + absl::StrReplaceAll(file, {{"\"", "\"\""}}) + ":1\"";
  EXPECT_THAT(lines[1], ::testing::StartsWith(quoted_id + ",1,14,G8,18,18,true,"));
}

TEST(CliTest, BenchScalingWritesTableCsvAndPlot) {
  const std::string csv = ::testing::TempDir() + "/scaling.csv";
  const std::string svg = ::testing::TempDir() + "/scaling.svg";
  const CommandOutput r = RunCommand(kBinary +
                                     " bench scaling --threads 1,2 ffo/fforum-1-19.obf"
                                     " --range 1-3 --repeat 1 --csv " + csv + " --plot " + svg);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 5u) << r.out;
  EXPECT_THAT(lines[1], ::testing::EndsWith(" wrong parallelism predicted"));
  // One thread: speedup 1, no overhead, the model's parallelism, predicted 1.
  EXPECT_THAT(lines[2], ::testing::MatchesRegex(
                            " +1 +[0-9.]+ +1.00 +1.00 +[0-9]+ +0.0% +[0-9.]+ +0 +[0-9.]+ +1.00"));
  EXPECT_THAT(lines[3], ::testing::StartsWith("      2 "));
  EXPECT_THAT(lines[4], ::testing::MatchesRegex(
                            "parallelism \\(work/span in nodes, unlimited threads\\): [0-9.]+ with "
                            "the many-core policy, [0-9.]+ with the two-core one; .*"));
  const auto csv_lines = Lines(RunCommand("cat " + csv).out);
  ASSERT_EQ(csv_lines.size(), 3u);
  EXPECT_THAT(csv_lines[0], HasSubstr(",parallelism,predicted_speedup,search_share,"));
  EXPECT_THAT(csv_lines[1], ::testing::StartsWith("1,"));
  EXPECT_THAT(RunCommand("head -c 5 " + svg).out, ::testing::StartsWith("<?xml"));
  EXPECT_THAT(r.err, HasSubstr("plot written to " + svg));
}

// --verbose says where each count's threads spent their time and what the
// split points wasted; --split-policy names one of the two policies.
TEST(CliTest, BenchScalingVerboseShowsTheThreadUse) {
  const CommandOutput r = RunCommand(kBinary +
                                     " bench scaling --threads 1,2 ffo/fforum-40-59.obf"
                                     " --range 40 --repeat 1 --verbose --split-policy two-core");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("with the two-core policy, "));
  EXPECT_THAT(r.out, HasSubstr("where the threads spent their time"));
  // One thread never splits; two do.
  EXPECT_THAT(r.out, ::testing::ContainsRegex(
                         "\n +1 +[0-9.]+% +0.0% +[0-9.]+% +0 +0 +0 +0 +0 +0 +0 +0.0%\n"));
  EXPECT_THAT(r.out,
              ::testing::ContainsRegex("\n +2 +[0-9.]+% +[0-9.]+% +[0-9.]+% +[1-9][0-9]* "));
  EXPECT_THAT(r.out, HasSubstr("root            pv    failed-low   failed-high  expected-cut  "
                               "expected-all"));
  const CommandOutput bad = RunCommand(kBinary + " bench scaling --split-policy eight-core");
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_THAT(bad.err, HasSubstr("split policy 'eight-core': expected two-core or many-core"));
}

// The ablation solves once per variant: the defaults first, each feature
// switched, the killer counts; at one thread its defaults row visits
// exactly the nodes of bench ffo, and no variant changes a score.
TEST(CliTest, BenchAblationSwitchesEachFeatureInTurn) {
  const std::string positions = " ffo/fforum-1-19.obf --range 1-3 --threads 1";
  const CommandOutput r = RunCommand(kBinary + " bench ablation" + positions);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 2u + 19u) << r.out;
  EXPECT_THAT(lines[2], ::testing::StartsWith("| defaults | "));
  for (const char* variant : {"| parity off |", "| fastest-first off |", "| eval ordering off |",
                              "| shallow cache off |",
                              "| selective passes off |", "| killers 2 |", "| killers 32 |"}) {
    EXPECT_THAT(r.out, HasSubstr(variant));
  }
  for (std::size_t i = 2; i < lines.size(); ++i) {
    EXPECT_THAT(lines[i], ::testing::EndsWith("| 0 |")) << lines[i];  // wrong answers
  }
  const CommandOutput ffo = RunCommand(kBinary + " bench ffo" + positions);
  ASSERT_EQ(ffo.exit_status, 0) << ffo.err;
  const std::vector<std::string> cells = absl::StrSplit(lines[2], " | ");
  ASSERT_GE(cells.size(), 2u);
  EXPECT_THAT(ffo.out, ::testing::ContainsRegex("total: 3 positions, 0 wrong.* " + cells[1] + " "));
}

// `endsolve study` on a 2-position file: one cross table per measure with
// a row per algorithm and depth, the total and the ratio to alphabeta
// (1.000 on alphabeta's own rows); the CSV has a row per search; the plot is
// an SVG; `study schemes` prints a row per scheme with each size's best.
TEST(CliTest, StudyPrintsCrossTablesCsvAndPlot) {
  const std::string csv = ::testing::TempDir() + "/study.csv";
  const std::string svg = ::testing::TempDir() + "/study.svg";
  const CommandOutput r = RunCommand(kBinary + " study ffo/fforum-40-59.obf --range 40-41"
                                     " --depths 1-3 --hash-mb 1 --csv " + csv + " --plot " + svg);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  for (const char* title : {"leaves, fixed-depth searches, leaves scored by patterns",
                            "internal nodes, fixed-depth searches", "seconds, fixed-depth searches"}) {
    EXPECT_THAT(r.out, HasSubstr(title));
  }
  EXPECT_THAT(r.out, ::testing::ContainsRegex("algorithm +depth +#40 +#41 +total vs alphabeta\n"));
  EXPECT_THAT(r.out, ::testing::ContainsRegex("\nalphabeta +3 +[0-9]+ +[0-9]+ +[0-9]+ +1.000\n"));
  EXPECT_THAT(r.out, ::testing::ContainsRegex("\ntt\\+history +2 "));
  const auto csv_lines = Lines(RunCommand("cat " + csv).out);
  ASSERT_EQ(csv_lines.size(), 1u + 7u * 3u * 2u);
  EXPECT_EQ(csv_lines[0], "algorithm,depth,position,leaves,internal_nodes,seconds,value,best_move");
  EXPECT_THAT(csv_lines[1], ::testing::StartsWith("negamax,1,#40,"));
  EXPECT_THAT(RunCommand("head -c 5 " + svg).out, ::testing::StartsWith("<?xml"));

  const CommandOutput bad = RunCommand(kBinary + " study ffo/fforum-40-59.obf --algorithms alphabeta,mtdf");
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_THAT(bad.err, HasSubstr("mtdf"));

  const CommandOutput schemes = RunCommand(
      kBinary + " study schemes ffo/fforum-1-19.obf --range 1-2 --hash-entries 256,1K");
  ASSERT_EQ(schemes.exit_status, 0) << schemes.err;
  EXPECT_THAT(schemes.out, HasSubstr("| scheme | 256 entries ("));
  EXPECT_THAT(schemes.out, ::testing::ContainsRegex("\\| twobig1 \\| [0-9]+"));
  EXPECT_EQ(Lines(schemes.out).size(), 3u + 8u);
}

// A plot that cannot be written is refused before the runs, not after.
TEST(CliTest, BenchScalingRefusesAPlotItCannotWrite) {
  const std::string run =
      kBinary + " bench scaling --threads 1,2 ffo/fforum-1-19.obf --range 1 --plot ";
  CommandOutput r = RunCommand(run + "s.pdf");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--plot: expected a file name ending in .svg or .png, found 's.pdf'"));
  EXPECT_THAT(r.err, Not(HasSubstr("threads:")));
  r = RunCommand(run + "/nonexistent/dir/s.png");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--plot /nonexistent/dir/s.png: there is no folder "
                               "/nonexistent/dir to write it in"));
  EXPECT_THAT(r.err, Not(HasSubstr("threads:")));
  EXPECT_EQ(r.out, "");
}

// gnuplot is looked for before the runs too, not after them.
TEST(CliTest, APlotWithoutGnuplotIsRefusedBeforeTheRuns) {
  // A PATH of one empty folder: no gnuplot there.
  const std::string folder = absl::StrCat(::testing::TempDir(), "no_gnuplot_", getpid());
  ASSERT_EQ(RunCommand("mkdir -p " + folder).exit_status, 0);
  for (const std::string command :
       {" bench scaling --threads 1,2 ffo/fforum-1-19.obf --range 1 --plot ",
        " study ffo/fforum-1-19.obf --range 1 --depths 1-2 --plot "}) {
    const CommandOutput r =
        RunCommand(absl::StrCat("env PATH=", folder, " ", kBinary, command, folder, "/s.svg"));
    EXPECT_EQ(r.exit_status, 2) << command << r.err;
    EXPECT_THAT(r.err, HasSubstr("--plot needs gnuplot, which is not on PATH (scripts/setup "
                                 "installs gnuplot-nox)"));
    EXPECT_THAT(r.err, Not(HasSubstr("threads:")));
    EXPECT_EQ(r.out, "") << command;
  }
  RunCommand("rmdir " + folder);
}

// --csv is checked as --plot is, before any run: a CSV file that cannot be
// written is refused at once, not after hours of runs.
TEST(CliTest, EveryCsvItCannotWriteIsRefusedBeforeTheRuns) {
  for (const std::string command :
       {"bench ffo --threads 1", "bench scaling --threads 1", "study --depths 1"}) {
      const std::string run = kBinary + " " + command + " ffo/fforum-1-19.obf --range 1";
    CommandOutput r = RunCommand(run + " --csv /nonexistent/dir/t.csv");
    EXPECT_EQ(r.exit_status, 2) << command;
    EXPECT_THAT(r.err, HasSubstr("--csv /nonexistent/dir/t.csv: there is no folder "
                                 "/nonexistent/dir to write it in"))
        << command;
    EXPECT_EQ(r.out, "") << command;
    r = RunCommand(run + " --csv ffo");
    EXPECT_EQ(r.exit_status, 2) << command;
    EXPECT_THAT(r.err, HasSubstr("--csv ffo is a folder; expected a file name")) << command;
    EXPECT_EQ(r.out, "") << command;
  }
}

TEST(CliTest, CtrlCStopsCleanlyAndPrintsWhatWasFinished) {
  // FFO #1, then FFO #79 (36 empties: hours on few cores), so that the
  // signal lands mid-solve.
  const std::string ffo79 =
      "--------------X-----O-XX---OOOX-OOOOXOXX--OOOOOO--O-OO-O----OO-- X";
  const std::string file = WriteTempFile("interrupt.obf", kFfo1 + "\n" + ffo79 + "\n");
  const CommandOutput r =
      RunAndSignal({kBinary, "solve", file, "--hash-mb", "16"}, "interrupt.obf:1", SIGINT);
  EXPECT_EQ(r.exit_status, 130);
  EXPECT_THAT(r.out, HasSubstr("G8"));
  EXPECT_THAT(r.out, HasSubstr("solved 1 of 2, wrong 0, input errors 0"));
  EXPECT_THAT(r.out, HasSubstr("interrupted"));
}

// A position typed on the command line is named by what was typed: a
// transcript as typed (spaces left out), else "position N" for argument N
// (a board and its side, or a game too long for a table's id column); perft's
// default is "initial position". The ids of a file's positions are unchanged.
TEST(CliTest, APositionTypedOnTheCommandLineIsNamedByWhatWasTyped) {
  const std::string svg = ::testing::TempDir() + "/typed-id.svg";
  std::remove(svg.c_str());
  const CommandOutput drawn = RunCommand(kBinary + " show f5d6c3 --svg " + svg);
  ASSERT_EQ(drawn.exit_status, 0) << drawn.err;
  EXPECT_EQ(drawn.out, "f5d6c3: " + svg + "\n");
  std::ifstream in(svg);
  const std::string picture((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_THAT(picture, HasSubstr(">f5d6c3</text>"));

  const CommandOutput shown = RunCommand(kBinary + " show 'f5 d6 c3' '" + kFfo1 + "'");
  ASSERT_EQ(shown.exit_status, 0) << shown.err;
  EXPECT_THAT(shown.out, HasSubstr("f5d6c3, O (white) to move, 57 empties\n"));
  EXPECT_THAT(shown.out, HasSubstr("position 2, X (black) to move, 14 empties\n"));

  const CommandOutput counted = RunCommand(kBinary + " perft --depth 1");
  ASSERT_EQ(counted.exit_status, 0) << counted.err;
  EXPECT_THAT(counted.out, ::testing::StartsWith("perft initial position: "));
  const std::string long_game = "d3e3f4g5f5f6g6c3f7g7d2c4h6e6c5g4b3";  // 17 moves, 34 characters
  const CommandOutput typed = RunCommand(kBinary + " perft --depth 1 F5D6 " + long_game);
  ASSERT_EQ(typed.exit_status, 0) << typed.err;
  EXPECT_THAT(typed.out, ::testing::StartsWith("perft F5D6: "));
  EXPECT_THAT(typed.out, HasSubstr("\nperft position 2: "));

  const CommandOutput solved =
      RunCommand(kBinary + " solve --json '" + kFfo1 + "' ffo/fforum-1-19.obf --range 1");
  ASSERT_EQ(solved.exit_status, 0) << solved.err;
  const auto lines = Lines(solved.out);
  ASSERT_EQ(lines.size(), 2u) << solved.out;
  EXPECT_EQ(nlohmann::json::parse(lines[0])["id"], "position 1");
  EXPECT_EQ(nlohmann::json::parse(lines[1])["id"], "#1");
}

// A damaged tree.txt in a proof folder is named by file and line, its text
// shown escaped and cut, with what to do; removing it, the same command
// plans the tree again and finishes the proof with the same score.
TEST(CliTest, ADamagedProofTreeFileSaysWhatToDo) {
  const std::string folder = ::testing::TempDir() + "/damaged-tree-proof";
  RunCommand("rm -rf '" + folder + "'");
  const std::string prove = kBinary + " prove ffo/fforum-1-19.obf --range 1 --folder " + folder +
                            " --unit-empties 9 --threads 1 --hash-mb 1 --json";
  const CommandOutput first = RunCommand(prove);
  ASSERT_EQ(first.exit_status, 0) << first.err;
  const nlohmann::json proof = nlohmann::json::parse(Lines(first.out).back());
  EXPECT_EQ(proof["score"], 18);

  std::ofstream(folder + "/tree.txt", std::ios::binary | std::ios::trunc)
      << std::string("\x01\x02garbage") << std::string(100, 'Z') << "\n-\n";
  const CommandOutput damaged = RunCommand(prove);
  EXPECT_EQ(damaged.exit_status, 2) << damaged.err;
  EXPECT_THAT(damaged.err,
              HasSubstr("endsolve prove: " + folder + "/tree.txt:1: expected the moves to an "
                        "expanded position of this root, found '\\x01\\x02garbage" +
                        std::string(51, 'Z') +
                        "...'; the file is damaged: remove it and the same command plans the "
                        "tree again\n"));

  ASSERT_EQ(std::remove((folder + "/tree.txt").c_str()), 0);
  const CommandOutput again = RunCommand(prove);
  ASSERT_EQ(again.exit_status, 0) << again.err;
  EXPECT_EQ(nlohmann::json::parse(Lines(again.out).back())["score"], 18);
}

// bench scaling --virtual: a table of predicted figures, one virtual
// machine per count; one virtual core's ticks are its nodes. The options
// of the timed table are refused rather than ignored.
TEST(CliTest, BenchScalingOnVirtualCores) {
  const std::string run = kBinary +
                          " bench scaling --virtual --threads 1,4 --hash-mb 16 "
                          "ffo/fforum-1-19.obf --range 1-3";
  const CommandOutput r = RunCommand(run);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("virtual cores in lockstep (time in nodes, a thread at most 128 "
                               "nodes ahead of the slowest, a helper task " +
                               std::to_string(search::kVirtualTaskCost.stolen) +
                               " ticks, one its spawner runs " +
                               std::to_string(search::kVirtualTaskCost.own) + ")"));
  // threads, ticks, speedup, machine, efficiency, nodes, overhead, search,
  // wait, idle, wrong: one row per count.
  std::vector<std::vector<std::string>> rows;
  for (const absl::string_view line : absl::StrSplit(r.out, '\n')) {
    std::vector<std::string> fields = absl::StrSplit(line, ' ', absl::SkipEmpty());
    if (fields.size() == 11 && fields[0] != "threads") rows.push_back(fields);
  }
  ASSERT_EQ(rows.size(), 2u) << r.out;
  EXPECT_EQ(rows[0][0], "1");
  EXPECT_EQ(rows[0][1], rows[0][5]);  // one virtual core: a tick a node
  EXPECT_EQ(rows[0][2], "1.00");
  EXPECT_EQ(rows[0][3], "1.00");      // one thread runs at one thread's rate
  EXPECT_EQ(rows[0][7], "100.0%");
  EXPECT_EQ(rows[1][0], "4");
  EXPECT_LT(std::stoll(rows[1][1]), std::stoll(rows[0][1]));
  // Four threads searching slow each other: the machine's speedup is below
  // the ticks'.
  EXPECT_LT(std::stod(rows[1][3]), std::stod(rows[1][2]));
  EXPECT_EQ(rows[1][10], "0");
  for (const std::string extra : {" --csv v.csv", " --plot v.svg"}) {
    const CommandOutput refused = RunCommand(run + extra);
    EXPECT_EQ(refused.exit_status, 2) << extra;
    EXPECT_THAT(refused.err, HasSubstr("--virtual prints its own table: it takes no --csv or "
                                       "--plot"))
        << extra;
  }
  // --repeat: each count many times, the median run by ticks and the
  // spread beside it; one virtual core once, for it repeats exactly.
  const CommandOutput repeated = RunCommand(run + " --repeat 3");
  ASSERT_EQ(repeated.exit_status, 0) << repeated.err;
  EXPECT_THAT(repeated.out, HasSubstr("each count the median of 3 runs by ticks (one virtual core "
                                      "runs once: it repeats exactly)"));
  std::vector<std::vector<std::string>> with_spread;
  for (const absl::string_view line : absl::StrSplit(repeated.out, '\n')) {
    std::vector<std::string> fields = absl::StrSplit(line, ' ', absl::SkipEmpty());
    if (fields.size() == 12 && fields[0] != "threads") with_spread.push_back(fields);
  }
  ASSERT_EQ(with_spread.size(), 2u) << repeated.out;
  EXPECT_EQ(with_spread[0][1], rows[0][1]);  // the same one-thread ticks
  EXPECT_EQ(with_spread[0][11], "0.0%");
  EXPECT_EQ(with_spread[1][0], "4");
  EXPECT_EQ(with_spread[1][10], "0");
  // --json: a line per count, then a line per position of each count's
  // median run (with its "id"), whose ticks and nodes add up to the row's.
  const CommandOutput json = RunCommand(run + " --repeat 2 --json");
  ASSERT_EQ(json.exit_status, 0) << json.err;
  const std::vector<std::string> json_rows = Lines(json.out);
  ASSERT_EQ(json_rows.size(), 2u + 2u * 3u) << json.out;
  const nlohmann::json one = nlohmann::json::parse(json_rows[0]);
  const nlohmann::json four = nlohmann::json::parse(json_rows[1]);
  EXPECT_EQ(one["runs"], 1);
  EXPECT_EQ(one["ticks_min"], one["ticks"]);
  EXPECT_EQ(one["ticks_max"], one["ticks"]);
  EXPECT_EQ(one["geometric_mean_speedup"], 1.0);
  EXPECT_EQ(four["runs"], 2);
  EXPECT_LE(four["ticks_min"].get<std::int64_t>(), four["ticks"].get<std::int64_t>());
  EXPECT_LE(four["ticks"].get<std::int64_t>(), four["ticks_max"].get<std::int64_t>());
  EXPECT_GT(four["geometric_mean_speedup"].get<double>(), 0.0);
  std::int64_t one_ticks = 0, four_ticks = 0;
  std::uint64_t four_nodes = 0;
  for (std::size_t i = 2; i < json_rows.size(); ++i) {
    const nlohmann::json p = nlohmann::json::parse(json_rows[i]);
    const bool first = i < 5;
    EXPECT_EQ(p["id"], "#" + std::to_string((i - 2) % 3 + 1)) << json_rows[i];
    EXPECT_EQ(p["threads"], first ? 1 : 4);
    if (first) {
      EXPECT_EQ(p["ticks"], p["nodes"]);  // one virtual core: a tick a node
      EXPECT_EQ(p["speedup"], 1.0);
      one_ticks += p["ticks"].get<std::int64_t>();
    } else {
      four_ticks += p["ticks"].get<std::int64_t>();
      four_nodes += p["nodes"].get<std::uint64_t>();
    }
  }
  EXPECT_EQ(one_ticks, one["ticks"].get<std::int64_t>());
  EXPECT_EQ(four_ticks, four["ticks"].get<std::int64_t>());
  EXPECT_EQ(four_nodes, four["nodes"].get<std::uint64_t>());
  // --virtual-task-ticks and --virtual-own-task-ticks: what a helper task
  // costs, stolen or run by its spawner, on the virtual machine alone.
  const CommandOutput free_tasks =
      RunCommand(run + " --virtual-task-ticks 0 --virtual-own-task-ticks 0");
  ASSERT_EQ(free_tasks.exit_status, 0) << free_tasks.err;
  EXPECT_THAT(free_tasks.out, HasSubstr("a helper task 0 ticks, one its spawner runs 0)"));
  for (const std::string option : {"--virtual-task-ticks", "--virtual-own-task-ticks"}) {
    const CommandOutput real = RunCommand(kBinary + " bench scaling --threads 1,2 --hash-mb 16 " +
                                          option + " 10 ffo/fforum-1-19.obf --range 1");
    EXPECT_EQ(real.exit_status, 2);
    EXPECT_THAT(real.err, HasSubstr(option + " is for --virtual: a real machine's tasks cost "
                                             "what they cost"));
  }
  // --verbose: the split points' counters and the waste by class, in ticks.
  const CommandOutput verbose = RunCommand(run + " --verbose");
  ASSERT_EQ(verbose.exit_status, 0) << verbose.err;
  EXPECT_THAT(verbose.out, HasSubstr("where the threads spent their time (shares of threads x "
                                     "ticks), and the split points"));
  EXPECT_THAT(verbose.out, HasSubstr("wasted nodes by the class of the split node"));
  // And each position's ticks and speedup, one line a position.
  EXPECT_THAT(verbose.out, HasSubstr("per position: ticks of each count's run, and the speedup "
                                     "against 1 thread(s)"));
  for (const std::string id : {"#1", "#2", "#3", "geo. mean"}) {
    EXPECT_THAT(verbose.out, ::testing::ContainsRegex("\n *" + id + " "));
  }
}

// Ctrl-C stops a virtual machine's solve under way, as it stops a timed
// one: the initial position (60 empties) would run for days, and the
// command exits 130 at once, with no table.
TEST(CliTest, BenchScalingOnVirtualCoresStopsAtCtrlC) {
  const std::string file = WriteTempFile(
      "virtual-initial.obf", "---------------------------OX------XO--------------------------- X\n");
  const CommandOutput r =
      RunCommand("timeout --preserve-status -s INT 2 " + kBinary +
                 " bench scaling --virtual --threads 1,4 --hash-mb 16 --max-empties 60 " + file);
  EXPECT_EQ(r.exit_status, 130) << r.err;
  EXPECT_THAT(r.out, Not(HasSubstr("virtual cores in lockstep"))) << r.out;
}

// `endsolve` with no command is bad usage, as in other tools: the list of
// commands on stderr, nothing on stdout, exit 2.
TEST(CliTest, NoCommandAtAllIsBadUsage) {
  const CommandOutput r = RunCommand(kBinary);
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("usage:\n  endsolve solve [OPTIONS] FILE_OR_POSITION..."));
  EXPECT_EQ(r.err, RunCommand(kBinary + " help").out);
}

// show --pv as text: the line's moves numbered 1, 2, 3... on their squares,
// two characters a square so that 10 and on read as numbers, and a legend
// under the board that names each number's square (a pass unnumbered).
TEST(CliTest, ShowNumbersTheLineWithALegend) {
  const CommandOutput r =
      RunCommand(kBinary + " show ffo/fforum-40-59.obf --range 40 --pv --threads 1");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::string> lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 11u) << r.out;
  EXPECT_EQ(lines[0], "#40, X (black) to move, 20 empties: A2 +38");
  EXPECT_EQ(lines[1], "   A  B  C  D  E  F  G  H");
  ASSERT_THAT(lines[10], ::testing::StartsWith("line: 1 A2, "));
  std::vector<std::vector<std::string>> board;
  for (int row = 0; row < 8; ++row) {
    std::vector<std::string> cells = absl::StrSplit(lines[2 + row], ' ', absl::SkipEmpty());
    ASSERT_EQ(cells.size(), 9u) << lines[2 + row];
    EXPECT_EQ(cells[0], std::to_string(row + 1));
    board.emplace_back(cells.begin() + 1, cells.end());
  }
  // Every number of the legend stands on its square, in order; 20 empties,
  // so the line runs past 9.
  int numbered = 0;
  for (const absl::string_view move : absl::StrSplit(lines[10].substr(6), ", ")) {
    if (move == "pass") continue;
    const std::vector<std::string> parts = absl::StrSplit(move, ' ');
    ASSERT_EQ(parts.size(), 2u) << move;
    EXPECT_EQ(parts[0], std::to_string(++numbered));
    const int col = parts[1][0] - 'A', row = parts[1][1] - '1';
    EXPECT_EQ(board[row][col], parts[0]) << move;
  }
  EXPECT_GE(numbered, 10);
}

// --json wherever a command prints a table: perft (an object per position),
// bench (an object per row), and eval's keys in the order written, as
// solve's; solve --csv writes its rows.
TEST(CliTest, JsonAndCsvWhereverATableIsPrinted) {
  CommandOutput r = RunCommand(kBinary + " perft --depth 2 --json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["id"], "initial position");
  EXPECT_EQ(j["depths"][0]["leaves"], 4);
  EXPECT_EQ(j["depths"][0]["internal"], 1);
  EXPECT_EQ(j["depths"][1]["leaves"], 12);
  r = RunCommand(kBinary + " perft ffo/fforum-1-19.obf --range 2-3 --depth 1 --json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  ASSERT_EQ(Lines(r.out).size(), 2u);
  EXPECT_EQ(nlohmann::json::parse(Lines(r.out)[1])["id"], "#3");

  r = RunCommand(kBinary + " bench ffo ffo/fforum-1-19.obf --range 1-2 --threads 1 --json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  ASSERT_EQ(Lines(r.out).size(), 2u) << r.out;
  const nlohmann::ordered_json row = nlohmann::ordered_json::parse(Lines(r.out)[0]);
  EXPECT_EQ(row.begin().key(), "id");
  EXPECT_EQ(row["id"], "#1");
  EXPECT_EQ(row["best_move"], "G8");
  EXPECT_EQ(row["ok"], true);
  r = RunCommand(kBinary + " bench ablation ffo/fforum-1-19.obf --range 1 --threads 1 --json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(Lines(r.out).size(), 19u);
  EXPECT_EQ(nlohmann::json::parse(Lines(r.out)[0])["variant"], "defaults");

  r = RunCommand(kBinary + " eval --depth 2 --json '" + kFfo1 + "; G8:+18;'");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  std::vector<std::string> keys;
  const nlohmann::ordered_json line = nlohmann::ordered_json::parse(r.out);
  for (const auto& item : line.items()) keys.push_back(item.key());
  EXPECT_THAT(keys, ::testing::ElementsAre("id", "empties", "depth", "eval", "expected_score",
                                           "error"));

  const std::string csv = ::testing::TempDir() + "/solve.csv";
  std::remove(csv.c_str());
  r = RunCommand(kBinary + " solve ffo/fforum-1-19.obf --range 1-2 --threads 1 --csv " + csv);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::string> rows = Lines(RunCommand("cat " + csv).out);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0], "id,empties,best_move,score,expected,ok,nodes,seconds,leaves,"
                     "internal_nodes,pv");
  EXPECT_THAT(rows[1], ::testing::StartsWith("#1,14,G8,18,18,true,"));
  // A file that is not such a table is left alone.
  const std::string notes = WriteTempFile("notes.csv", "my,own,table\n");
  r = RunCommand(kBinary + " solve '" + kFfo1 + "' --csv " + notes);
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("is not a CSV table of endsolve solve; it is left alone"));
}

// study's leaves are scored by --leaf; --eval, a weights file everywhere
// else, is no option of study.
TEST(CliTest, StudyScoresLeavesByLeaf) {
  CommandOutput r = RunCommand(kBinary + " study '" + kFfo1 + "' --depths 1-2 --leaf discs");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("leaves scored by discs"));
  r = RunCommand(kBinary + " study '" + kFfo1 + "' --depths 1-2 --eval discs");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("unknown option --eval"));
}

// `endsolve nboard` as a GUI starts it: the protocol on standard input and
// output. FFO #1 (14 empties) set as a GGF game; its hints at the end of the
// input are answered before it exits, each move's exact score as in the
// file; a line it cannot use is named on standard error.
TEST(CliTest, NBoardAnswersTheGuisLinesOnItsStandardOutput) {
  const std::string script = WriteTempFile(
      "nboard-session.txt",
      "nboard 2\n"
      "move Z9\n"
      "set game (;GM[Othello]PC[test]TY[8]BO[8 "
      "--*****--OOO**-O-OOO**O*-O*O*O**O***O***--*O*O**-***OOO--OOOOO-- *];)\n"
      "ping 1\n"
      "hint 64\n");
  const CommandOutput r =
      RunCommand(kBinary + " nboard --threads 1 --hash-mb 16 < " + script);
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err,
            "endsolve nboard: line 2: expected a move for black (a square A1-H8 or PA), found 'Z9'\n");
  for (const char* hint : {"search G8 18.00 0 100%", "search H1 12.00 0 100%", "search H7 6.00 0 100%",
                           "search A2 6.00 0 100%", "search A3 4.00 0 100%", "search B1 -4.00 0 100%",
                           "search A4 -22.00 0 100%"}) {
    EXPECT_THAT(r.out, HasSubstr(absl::StrCat("\n", hint, "\n"))) << hint;
  }
  EXPECT_THAT(r.out, ::testing::StartsWith("set myname endsolve\npong 1\nstatus endsolve: solving 14 empties exactly\n"));
  EXPECT_THAT(r.out, ::testing::EndsWith("\nstatus\n"));
}

}  // namespace
}  // namespace endsolve::testing
