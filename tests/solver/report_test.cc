// solver/report.h: the results columns that solve and bench ffo share, and
// the progress description of each kind of pass.
#include "endsolve/solver/report.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "endsolve/board/bitboard.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/solver/settings.h"
#include "endsolve/solver/solver.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace endsolve {
namespace {

// FFO #40's line, with its answers.
Position Ffo40() {
  absl::StatusOr<Position> p = ParsePositionText(
      "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; B1:+36;",
      "test");
  EXPECT_TRUE(p.ok()) << p.status();
  return *p;
}

TEST(ReportTest, TheColumnsLineUpUnderTheirHeader) {
  SolveResult result;
  result.best_move = *ParseSquare("a2");
  result.score = 38;
  const Position position = Ffo40();
  const std::string header = ResultColumnsHeader(10);
  const std::string row = ResultColumns(position, result, Verdict::kOk, 1234567, 0.5, 10);
  EXPECT_EQ(header, "id         emp move score expect check          nodes   time(s) Mnodes/s");
  EXPECT_EQ(row.size(), header.size());
  EXPECT_EQ(row.substr(11), " 20   A2   +38    +38 OK           1234567     0.500     2.47");
  // No answers: the expected score and the check stay blank; no time, no rate.
  Position bare = position;
  bare.answers.clear();
  const std::string bare_row = ResultColumns(bare, result, Verdict::kUnknown, 5, 0, 10);
  EXPECT_EQ(bare_row.size(), header.size());
  EXPECT_EQ(bare_row.substr(11), " 20   A2   +38                           5     0.000     0.00");
}

// A line with a window (a prove unit) answered by a bound: the column
// says which side, the JSON gives the window and the bound; without a
// window neither appears.
TEST(ReportTest, ABoundIsMarkedInTheColumnsAndTheJson) {
  SolveResult result;
  result.best_move = *ParseSquare("a2");
  result.score = 38;
  result.kind = ScoreKind::kUpper;
  Position unit = Ffo40();
  unit.window = ScoreWindow{40, 40};
  const std::string row = ResultColumns(unit, result, Verdict::kOk, 10, 0.5, 10);
  EXPECT_EQ(row.substr(11, 20), " 20   A2 <=+38    +3");
  const nlohmann::json j = nlohmann::json::parse(JsonLine(unit, result, Verdict::kOk, ""));
  EXPECT_EQ(j["window"], nlohmann::json::array({40, 40}));
  EXPECT_EQ(j["bound"], "upper");
  const nlohmann::json plain = nlohmann::json::parse(JsonLine(Ffo40(), result, Verdict::kOk, ""));
  EXPECT_FALSE(plain.contains("window"));
  EXPECT_FALSE(plain.contains("bound"));
}

TEST(ReportTest, EachPassDescribesWhatTheEngineBelieves) {
  Progress p;
  p.presearch_depth = 8;
  p.best_move = *ParseSquare("c7");
  p.bound = -10;
  EXPECT_EQ(DescribeProgress(p), "presearch 8 plies, estimate C7 -10");
  p.presearch_depth = 0;
  p.margin = 12;
  p.root_moves_done = 3;
  p.root_moves_total = 9;
  EXPECT_EQ(DescribeProgress(p), "selective pass (margin 12), root 3/9, estimate C7 -10");
  p.margin = 0;
  p.iteration = 2;
  p.bound = -12;
  p.upper = -10;
  EXPECT_EQ(DescribeProgress(p), "exact pass 2, root 3/9, score in [-12, -10], best C7");
  // With every move's score: which move, and how many have theirs.
  p.scoring_move = *ParseSquare("c7");
  p.moves_scored = 4;
  p.moves_to_score = 10;
  EXPECT_EQ(DescribeProgress(p),
            "every move, 4 of 10 scored, now C7: exact pass 2, root 3/9, score in [-12, -10], "
            "best C7");
}

// A move's solve reports from its own side; the root's display sees the
// move's score: the bounds negated and swapped, the move itself as best,
// the nodes of the moves before it added.
TEST(ReportTest, EveryMovesSolveReportsFromTheRootsSide) {
  const Board board = ParsePositionText(
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X", "test")->board;
  std::vector<Progress> reports;
  SolveOptions options;
  options.all_moves = true;
  options.table.size_mib = 4;
  options.on_progress = [&](const Progress& p) { reports.push_back(p); };
  const absl::StatusOr<SolveResult> result_or = Solve(board, options);
  ASSERT_TRUE(result_or.ok()) << result_or.status();
  const SolveResult& result = *result_or;
  ASSERT_FALSE(reports.empty());
  int exact_reports = 0;
  int estimates = 0;
  for (const Progress& p : reports) {
    ASSERT_NE(p.scoring_move, kNoMove);
    EXPECT_EQ(p.best_move, p.scoring_move);
    EXPECT_EQ(p.moves_to_score, 8);
    EXPECT_LT(p.moves_scored, 8);
    if (p.presearch_depth == 0) {
      EXPECT_LE(p.nodes, result.nodes.total());
    }
    if (p.iteration == 0) {
      // A selective pass's estimate of the move: one value, not an interval.
      EXPECT_EQ(p.bound, p.upper);
      ++estimates;
      continue;
    }
    ++exact_reports;
    const auto m = std::find_if(result.move_scores.begin(), result.move_scores.end(),
                                [&](const MoveScore& s) { return s.square == p.scoring_move; });
    ASSERT_NE(m, result.move_scores.end());
    EXPECT_LE(p.bound, m->score);  // the proven interval holds the move's score
    EXPECT_GE(p.upper, m->score);
  }
  EXPECT_GT(exact_reports, 0);
  EXPECT_GT(estimates, 0);
}

TEST(ReportTest, TheStatusLineSaysStartingUntilTheFirstReport) {
  SolveStatus status;
  status.Start("#40");
  EXPECT_TRUE(status.Line().starts_with("#40: starting, ")) << status.Line();
  Progress p;
  p.presearch_depth = 4;
  p.best_move = *ParseSquare("a2");
  p.bound = 38;
  p.nodes = 2000000;
  p.elapsed = absl::Seconds(1);
  status.Report(p);
  EXPECT_TRUE(status.Line().starts_with("#40: presearch 4 plies, estimate A2 +38, 2000000 nodes (2.0 M/s), "))
      << status.Line();
  status.Start("#41");  // a new position forgets the last one's report
  EXPECT_TRUE(status.Line().starts_with("#41: starting, ")) << status.Line();
}

// Between two root moves only the live count moves: the line shows it.
TEST(ReportTest, TheStatusLineCountsTheLiveNodesBetweenReports) {
  SolveStatus status;
  status.Start("#40");
  Progress p;
  p.iteration = 1;
  p.root_moves_total = 13;
  p.nodes = 1000;
  p.elapsed = absl::Milliseconds(10);
  status.Report(p);
  EXPECT_NE(status.Line().find(", 1000 nodes ("), std::string::npos) << status.Line();
  status.live_nodes()->fetch_add(464520540);
  EXPECT_NE(status.Line().find(", 464520540 nodes ("), std::string::npos) << status.Line();
  status.Start("#41");
  EXPECT_EQ(status.live_nodes()->load(), 0u);
}

TEST(ReportTest, DurationsAreShort) {
  EXPECT_EQ(ShortDuration(absl::Seconds(12.7)), "12s");
  EXPECT_EQ(ShortDuration(absl::Seconds(187)), "3m07s");
  EXPECT_EQ(ShortDuration(absl::Hours(2) + absl::Minutes(5) + absl::Seconds(59)), "2h05m");
  EXPECT_EQ(ShortDuration(absl::Seconds(-3)), "0s");
}

// The exact passes take kExactOverSelectiveLow to kExactOverSelectiveHigh
// times the selective passes' nodes: what is left is that, less what they
// searched, at the rate of the solve.
TEST(ReportTest, TheTimeLeftIsTheExactPassesRangeLessWhatTheySearched) {
  const double rate = 1e6;
  const std::uint64_t selective = 10000000;  // 10 s of nodes
  const auto seconds = [&](double factor, double searched) {
    return ShortDuration(absl::Seconds((factor * selective - searched) / rate));
  };
  EXPECT_EQ(TimeLeft(selective, 0, rate),
            seconds(kExactOverSelectiveLow, 0) + "-" + seconds(kExactOverSelectiveHigh, 0) +
                " left");
  // Past the low end: only the high one bounds what is left.
  const std::uint64_t past_low = static_cast<std::uint64_t>(kExactOverSelectiveLow * selective) + 1;
  EXPECT_EQ(TimeLeft(selective, past_low, rate),
            "under " + seconds(kExactOverSelectiveHigh, static_cast<double>(past_low)) + " left");
  // Past the high end, or with nothing to measure by, it says nothing.
  EXPECT_EQ(TimeLeft(selective, static_cast<std::uint64_t>(kExactOverSelectiveHigh * selective),
                     rate),
            "");
  EXPECT_EQ(TimeLeft(0, 0, rate), "");
  EXPECT_EQ(TimeLeft(selective, 0, 0), "");
}

// The status line tells the time left in the exact passes, measured by the
// selective passes' last report, and not in the all-moves solves.
TEST(ReportTest, TheStatusLineTellsTheTimeLeftInTheExactPasses) {
  SolveStatus status;
  status.Start("#49");
  Progress p;
  p.margin = 16;
  p.root_moves_done = 9;
  p.root_moves_total = 9;
  p.nodes = 60000000;
  p.elapsed = absl::Seconds(3);
  status.Report(p);
  EXPECT_EQ(status.Line().find(" left"), std::string::npos) << status.Line();
  p.margin = 0;
  p.iteration = 1;
  p.root_moves_done = 1;
  p.nodes = 70000000;
  p.elapsed = absl::Seconds(3.5);
  status.Report(p);
  // At 20 M/s (70 M in 3.5 s): the rest of 0.65-10.5 times 60 M, less 10 M.
  const std::string line = status.Line();
  EXPECT_TRUE(line.ends_with(", " + TimeLeft(60000000, 10000000, 70000000 / 3.5))) << line;
  EXPECT_NE(line.find(" left"), std::string::npos) << line;
  p.scoring_move = *ParseSquare("c7");
  status.Report(p);
  EXPECT_EQ(status.Line().find(" left"), std::string::npos) << status.Line();
  status.Start("#50");  // a new position forgets the last one's passes
  p.scoring_move = kNoMove;
  status.Report(p);
  EXPECT_EQ(status.Line().find(" left"), std::string::npos) << status.Line();
}

// A solve adds every searcher's nodes to the live count as they poll: at
// its end the count is the solve's, less what the last polls had not added.
TEST(ReportTest, ASolveCountsItsNodesLiveAsItGoes) {
  for (const int threads : {1, 2}) {
    std::atomic<std::uint64_t> live{0};
    std::uint64_t reported_live = 0;
    SolveOptions options;
    options.threads = threads;
    options.table.size_mib = 16;
    options.live_nodes = &live;
    // What the count held at each root report: it runs ahead of nothing
    // the solve has not searched.
    options.on_progress = [&](const Progress& p) {
      if (p.presearch_depth == 0) reported_live = std::max(reported_live, live.load());
    };
    const absl::StatusOr<SolveResult> result = Solve(Ffo40().board, options);
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_GT(reported_live, 0u) << threads;
    const std::uint64_t nodes = result->nodes.total();
    EXPECT_LE(live.load(), nodes) << threads;
    EXPECT_GE(live.load() + 4 * search::kPollInterval, nodes) << threads;
  }
}

}  // namespace
}  // namespace endsolve
