// study/report.h and study/schemes.h: the cross tables (values, totals, the
// ratio to alphabeta, blocks wrapped as R wraps them), the CSV, and the
// schemes table; then a real study of two positions printed whole.
#include "endsolve/study/report.h"

#include <atomic>
#include <fstream>
#include <set>
#include <sstream>

#include "endsolve/positions/position_io.h"
#include "endsolve/study/schemes.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::study {
namespace {

using ::testing::HasSubstr;

std::vector<Position> TwoPositions() {
  ReadResult read = ParsePositions(
      "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38;\n"
      "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X; H4:+0;\n",
      "two.obf");
  EXPECT_TRUE(read.errors.empty());
  EXPECT_EQ(read.positions.size(), 2u);
  return read.positions;
}

// Two algorithms at depth 3: alphabeta visits half of negamax's leaves.
StudyOptions TwoAlgorithms() {
  StudyOptions options;
  options.algorithms = *ParseAlgorithms("negamax,alphabeta");
  options.depths = {3};
  return options;
}

StudyResults MadeUpResults() {
  StudyResults results;
  auto row = [&](int algorithm, int position, std::uint64_t leaves, double seconds) {
    StudyRow r;
    r.algorithm = algorithm;
    r.depth = 3;
    r.position = position;
    r.outcome.nodes.leaves = leaves;
    r.outcome.nodes.internal = leaves / 10;
    r.outcome.seconds = seconds;
    r.outcome.best_move = 8;  // A2
    results.rows.push_back(r);
  };
  row(0, 0, 1000, 0.5);
  row(0, 1, 3000, 1.5);
  row(1, 0, 500, 0.25);
  row(1, 1, 1500, 0.25);
  return results;
}

TEST(StudyReportTest, ACrossTableHasTotalsAndTheRatioToAlphabeta) {
  const std::string table =
      FormatCrossTable(MadeUpResults(), TwoAlgorithms(), TwoPositions(), Measure::kLeaves);
  EXPECT_EQ(table,
            "algorithm depth two.obf:1 two.obf:2 total vs alphabeta\n"
            "negamax       3      1000      3000  4000        2.000\n"
            "alphabeta     3       500      1500  2000        1.000\n");
  const std::string seconds =
      FormatCrossTable(MadeUpResults(), TwoAlgorithms(), TwoPositions(), Measure::kSeconds);
  EXPECT_THAT(seconds, HasSubstr("negamax       3     0.500     1.500 2.000        4.000\n"));
}

TEST(StudyReportTest, WideTablesWrapIntoBlocksThatRepeatTheRowLabels) {
  const std::string table = FormatCrossTable(MadeUpResults(), TwoAlgorithms(), TwoPositions(),
                                             Measure::kLeaves, /*width=*/30);
  EXPECT_EQ(table,
            "algorithm depth two.obf:1\n"
            "negamax       3      1000\n"
            "alphabeta     3       500\n"
            "\n"
            "algorithm depth two.obf:2\n"
            "negamax       3      3000\n"
            "alphabeta     3      1500\n"
            "\n"
            "algorithm depth total\n"
            "negamax       3  4000\n"
            "alphabeta     3  2000\n"
            "\n"
            "algorithm depth vs alphabeta\n"
            "negamax       3        2.000\n"
            "alphabeta     3        1.000\n");
}

TEST(StudyReportTest, WithoutAlphabetaTheRatioIsADash) {
  StudyOptions options = TwoAlgorithms();
  options.algorithms = *ParseAlgorithms("negamax,history");
  EXPECT_THAT(FormatCrossTable(MadeUpResults(), options, TwoPositions(), Measure::kLeaves),
              HasSubstr("negamax       3      1000      3000  4000            -\n"));
}

TEST(StudyReportTest, TheCsvHasOneRowPerSearch) {
  const std::string path = ::testing::TempDir() + "/study.csv";
  ASSERT_TRUE(WriteStudyCsv(path, MadeUpResults(), TwoAlgorithms(), TwoPositions()).ok());
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(),
            "algorithm,depth,position,leaves,internal_nodes,seconds,value,best_move\n"
            "negamax,3,two.obf:1,1000,100,0.500000,0,A2\n"
            "negamax,3,two.obf:2,3000,300,1.500000,0,A2\n"
            "alphabeta,3,two.obf:1,500,50,0.250000,0,A2\n"
            "alphabeta,3,two.obf:2,1500,150,0.250000,0,A2\n");
}

TEST(StudyReportTest, MeasuresAreParsedInOrderAndUnknownOnesRefused) {
  auto measures = ParseMeasures("seconds,leaves");
  ASSERT_TRUE(measures.ok());
  EXPECT_EQ(*measures, (std::vector<Measure>{Measure::kSeconds, Measure::kLeaves}));
  EXPECT_EQ(ParseMeasures("nodes").status().message(),
            "expected leaves, internal or seconds, comma-separated, found 'nodes'");
}

// A real study of two positions at depths 1-2: every algorithm agrees, the
// rows come in order, and negamax never visits fewer leaves than alphabeta.
TEST(StudyReportTest, ARealStudyOfTwoPositionsPrintsWhole) {
  StudyOptions options;
  options.depths = {1, 2};
  options.table.size_mib = 1;  // cleared before each table search: keep it small
  const std::vector<Position> positions = TwoPositions();
  std::atomic<bool> cancel = false;
  absl::StatusOr<StudyResults> results = RunStudy(positions, options, cancel);
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_TRUE(results->disagreements.empty());
  ASSERT_EQ(results->rows.size(), options.algorithms.size() * 2 * 2);
  const std::string table = FormatCrossTable(*results, options, positions, Measure::kLeaves);
  EXPECT_THAT(table, HasSubstr("algorithm    depth two.obf:1 two.obf:2"));
  for (const Algorithm& a : options.algorithms) EXPECT_THAT(table, HasSubstr(a.name));
  for (std::size_t p = 0; p < positions.size(); ++p) {
    EXPECT_GE(results->rows[2 + p].outcome.nodes.leaves, results->rows[4 + 2 + p].outcome.nodes.leaves)
        << "negamax against alphabeta at depth 2, position " << p;
  }
}

TEST(SchemesTest, EntryCountsAreParsedAndPrinted) {
  auto counts = ParseEntryCounts("8K,32k,1M,256");
  ASSERT_TRUE(counts.ok()) << counts.status();
  EXPECT_EQ(*counts, (std::vector<std::size_t>{8192, 32768, 1u << 20, 256}));
  EXPECT_EQ(FormatEntryCount(8192), "8K");
  EXPECT_EQ(FormatEntryCount(1u << 20), "1M");
  EXPECT_EQ(FormatEntryCount(256), "256");
  EXPECT_EQ(ParseEntryCounts("3K").status().message(),
            "expected table sizes in entries, powers of two such as 8K,32K,512K, found '3K'");
}

TEST(SchemesTest, TheTableMarksEachSizesBestAndThePercentagesOverIt) {
  std::vector<SchemeCell> cells;
  for (const ReplacementScheme s : AllSchemes()) {
    cells.push_back({s, 8192, 8160, s == ReplacementScheme::kTwoBig1 ? 1000u : 1100u, 0});
  }
  const std::string table = FormatSchemesTable(cells, {8192});
  EXPECT_THAT(table, HasSubstr("| scheme | 8K entries (8160 slots) |\n|---|---|\n"));
  EXPECT_THAT(table, HasSubstr("| twobig1 | 1000 * |\n"));
  EXPECT_THAT(table, HasSubstr("| deep | 1100 (+10.0%) |\n"));
}

// Every scheme at a tiny table solves FFO #1-#2 exactly; the small table
// makes the schemes differ, so at least two cells count other nodes.
TEST(SchemesTest, EverySchemeSolvesExactlyInASmallTable) {
  ReadResult read = ParsePositions(
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\n"
      "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X; A4:+10;\n",
      "ffo.obf");
  ASSERT_EQ(read.positions.size(), 2u);
  std::atomic<bool> cancel = false;
  SolveOptions options;
  options.threads = 1;
  auto cells = MeasureSchemes(read.positions, {256}, options, cancel);
  ASSERT_TRUE(cells.ok()) << cells.status();
  ASSERT_EQ(cells->size(), AllSchemes().size());
  std::set<std::uint64_t> node_counts;
  for (const SchemeCell& c : *cells) {
    EXPECT_EQ(c.wrong, 0) << SchemeName(c.scheme);
    EXPECT_GT(c.capacity, 0u);
    node_counts.insert(c.nodes);
  }
  EXPECT_GE(node_counts.size(), 2u);
}

}  // namespace
}  // namespace endsolve::study
