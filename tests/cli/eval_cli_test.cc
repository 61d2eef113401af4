// `endsolve eval`: the static evaluation and the evaluation search as users
// and scripts see them, errors against the answers, and bad options.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/positions/position_io.h"
#include "tests/cli/run_command.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace endsolve::testing {
namespace {

using ::testing::HasSubstr;

const std::string kBinary = ENDSOLVE_BINARY;
// FFO #1 (14 empties): G8 +18 is the only best move.
const std::string kFfo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
// A position of a 2020 tournament game at 8 empties; endsolve solves it to +14.
const std::string kEightEmpties = "XXXXXX--OXXXXX--XOXXXXXXXOOXXXXXXOXOXXXXXOOXOXXX-OOOOOX---XXXXXX X";

std::vector<std::string> Lines(const std::string& text) {
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

// The built-in evaluation of a position line, in discs to two decimals.
double StaticEval(const std::string& line) {
  const absl::StatusOr<Position> p = ParsePositionText(line, "test");
  EXPECT_TRUE(p.ok());
  const int units = eval::Evaluator::Default().Evaluate(p->board.player, p->board.opponent);
  return std::round(100.0 * units / eval::kUnitsPerDisc) / 100.0;
}

TEST(EvalCliTest, PrintsTheStaticEvaluationAndTheErrorAgainstTheAnswers) {
  const std::string file = WriteTempFile("one.obf", kFfo1 + "; G8:+18; H1:+12;\n");
  const CommandOutput r = RunCommand(kBinary + " eval " + file);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;  // header, row, summary
  // The id column is as wide as the id (a temporary path), 12 at least.
  const int width = std::max(12, static_cast<int>((file + ":1").size()));
  EXPECT_EQ(lines[0], absl::StrFormat("%-*s %4s %7s %7s %6s", width, "id", "emp", "eval", "expect",
                                      "error"));
  const double value = StaticEval(kFfo1);
  EXPECT_EQ(lines[1], absl::StrFormat("%-*s %4d %+7.2f %+7d %+6.2f", width, file + ":1", 14, value,
                                      18, value - 18));
  EXPECT_EQ(lines[2], absl::StrFormat("evaluated 1, depth 0, input errors 0, MAE %.2f over 1 with answers",
                                      std::abs(value - 18)));
}

TEST(EvalCliTest, ASearchToTheEndOfTheGameIsExact) {
  const CommandOutput r = RunCommand(kBinary + " eval --depth 8 --json '" + kEightEmpties + "; B8:+14;'");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  const auto j = nlohmann::json::parse(lines[0]);
  EXPECT_EQ(j["id"], "position 1");
  EXPECT_EQ(j["empties"], 8);
  EXPECT_EQ(j["depth"], 8);
  EXPECT_EQ(j["eval"], 14.0);
  EXPECT_EQ(j["expected_score"], 14);
  EXPECT_EQ(j["error"], 0.0);
  EXPECT_THAT(r.err, HasSubstr("evaluated 1, depth 8, input errors 0, MAE 0.00 over 1 with answers"));
}

// --selective N: the exact solve's estimate (its presearch and first N
// selective passes), an even score with its move and its nodes; --threads
// and --hash-mb are its options only, and --depth is another question.
TEST(EvalCliTest, TheSelectiveEstimateIsAnEvenScoreWithItsMoveAndNodes) {
  const std::string ffo29 =
      "-OXXXX----OXXO--XXOOXOOOXXXOOXOOXXOOXOOOXXXXOO-XX-XXO----------- X; G2:+10; A1:+4;";
  CommandOutput r = RunCommand(kBinary + " eval --selective 2 --threads 2 --hash-mb 8 --json '" +
                               ffo29 + "'");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  const auto j = nlohmann::json::parse(lines[0]);
  EXPECT_EQ(j["selective_passes"], 2);
  EXPECT_EQ(j["eval"].get<int>() % 2, 0);
  EXPECT_EQ(j["expected_score"], 10);
  EXPECT_GT(j["nodes"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(j["best_move"].get<std::string>().size(), 2u);
  EXPECT_THAT(r.err, HasSubstr("evaluated 1, 2 selective passes, input errors 0, MAE "));
  r = RunCommand(kBinary + " eval --threads 2 '" + ffo29 + "'");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--threads requires --selective"));
  r = RunCommand(kBinary + " eval --selective 1 --depth 4 '" + ffo29 + "'");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("excludes --selective"));
  r = RunCommand(kBinary + " eval --selective 4 '" + ffo29 + "'");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--selective: expected a number of selective passes from 0 to 3"));
}

TEST(EvalCliTest, BadOptionsAndWeightsFilesAreRefusedWithTheirReason) {
  CommandOutput r = RunCommand(kBinary + " eval --depth 99 '" + kFfo1 + "'");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("endsolve eval: --depth: expected a number of plies from 0 to 14, found '99'"));
  const std::string bad = WriteTempFile("bad.bin", "not weights");
  r = RunCommand(kBinary + " eval --eval " + bad + " '" + kFfo1 + "'");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--eval: " + bad + ": expected an endsolve weights file"));
  r = RunCommand(kBinary + " solve --eval " + bad + " '" + kFfo1 + "'");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("--eval: " + bad + ": expected an endsolve weights file"));
}

// On FFO #29, 20 empties: the presearch runs from 20 (solver/presearch.h).
TEST(EvalCliTest, EveryOrderingFeatureCanBeSwitchedOffWithTheSameScore) {
  const std::string ffo29 =
      "-OXXXX----OXXO--XXOOXOOOXXXOOXOOXXOOXOOOXXXXOO-XX-XXO----------- X; G2:+10; A1:+4;";
  std::set<std::uint64_t> nodes;
  const std::vector<std::string> orderings = {"default", "no-eval", "no-presearch", "no-selective",
                                              "no-eval,no-presearch,no-selective"};
  for (const std::string& ordering : orderings) {
    const CommandOutput r =
        RunCommand(kBinary + " solve --json --ordering " + ordering + " '" + ffo29 + "'");
    ASSERT_EQ(r.exit_status, 0) << ordering << ": " << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["score"], 10) << ordering;
    EXPECT_EQ(j["ok"], true) << ordering;
    EXPECT_EQ(j["presearch_nodes"].get<std::uint64_t>() > 0,
              ordering.find("no-presearch") == std::string::npos)
        << ordering;
    // Each switch changes the search: the node counts all differ.
    nodes.insert(j["nodes"].get<std::uint64_t>());
  }
  EXPECT_EQ(nodes.size(), orderings.size());
  const CommandOutput r = RunCommand(kBinary + " solve --ordering no-evals '" + kFfo1 + "'");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_THAT(r.err, HasSubstr("aspiration, eval, presearch or selective"));
}

}  // namespace
}  // namespace endsolve::testing
