// The algorithms by name, and RunStudy: its rows, its jobs, its cancel and
// its report of disagreements.
#include <atomic>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "endsolve/study/disagreements.h"
#include "endsolve/study/study.h"
#include "tests/study/test_positions.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::study {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(StudyParseTest, EveryNameSetsItsFlags) {
  // name, alphabeta, tt, killers, history, fastest-first, eval: every flag
  // of every name, so that a name cannot switch on something it should not.
  struct Expected {
    const char* name;
    bool alphabeta, tt;
    int killers;
    bool history, fastest_first, eval_order;
  };
  for (const Expected& e : std::vector<Expected>{
           {"negamax", false, false, 0, false, false, false},
           {"alphabeta", true, false, 0, false, false, false},
           {"killer=7", true, false, 7, false, false, false},
           {"history", true, false, 0, true, false, false},
           {"fastest-first", true, false, 0, false, true, false},
           {"eval", true, false, 0, false, false, true},
           {"tt", true, true, 0, false, false, false},
           {"tt+killer=32", true, true, 32, false, false, false},
           {"tt+history", true, true, 0, true, false, false},
       }) {
    SCOPED_TRACE(e.name);
    const absl::StatusOr<Algorithm> got = ParseAlgorithm(e.name);
    ASSERT_TRUE(got.ok()) << got.status();
    EXPECT_EQ(got->name, e.name);
    EXPECT_EQ(std::tie(got->alphabeta, got->tt, got->killers, got->history, got->fastest_first,
                       got->eval_order),
              std::tie(e.alphabeta, e.tt, e.killers, e.history, e.fastest_first, e.eval_order));
  }
}

TEST(StudyParseTest, TheDefaultListIsTheIssuesSeven) {
  std::vector<std::string> names;
  for (const Algorithm& a : DefaultAlgorithms()) names.push_back(a.name);
  EXPECT_THAT(names, ElementsAre("negamax", "alphabeta", "killer=32", "history", "tt",
                                 "tt+killer=32", "tt+history"));
}

TEST(StudyParseTest, DepthsAndLeafScoring) {
  EXPECT_THAT(*ParseDepths("2-6"), ElementsAre(2, 3, 4, 5, 6));
  EXPECT_THAT(*ParseDepths("4"), ElementsAre(4));
  EXPECT_THAT(*ParseDepths("1-12", 12), ElementsAre(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
  for (const char* bad : {"", "0", "0-3", "3-2", "x", "2-"}) {
    EXPECT_FALSE(ParseDepths(bad).ok()) << bad;
  }
  EXPECT_EQ(ParseDepths("2-13", 12).status().message(),
            "expected depths FIRST-LAST from 1 to 12 such as 2-6, found '2-13'");
  EXPECT_FALSE(ParseDepths("61").ok());  // the study's own bound, kMaxStudyDepth
  EXPECT_EQ(*ParseLeafEval("patterns"), LeafEval::kPatterns);
  EXPECT_EQ(*ParseLeafEval("discs"), LeafEval::kDiscs);
  EXPECT_EQ(ParseLeafEval("Discs").status().message(), "expected patterns or discs, found 'Discs'");
}

TEST(StudyParseTest, BadNamesAreRefusedWithTheList) {
  for (const char* bad : {"", "minimax", "killer=0", "killer=33", "killer=", "killer=x",
                          "tt+", "tt+tt", "tt+negamax", "Negamax", "killer=4 ", "killer=+4",
                          "tt+fastest-first"}) {
    auto algorithm = ParseAlgorithm(bad);
    EXPECT_FALSE(algorithm.ok()) << bad;
  }
  EXPECT_THAT(std::string(ParseAlgorithm("minimax").status().message()),
              HasSubstr("negamax, alphabeta, killer=N (N 1..32)"));
  EXPECT_THAT(std::string(ParseAlgorithm("killer=33").status().message()),
              HasSubstr("1 to 32"));
}

TEST(StudyParseTest, ListsKeepTheirOrder) {
  auto list = ParseAlgorithms("tt, negamax ,killer=3");
  ASSERT_TRUE(list.ok()) << list.status();
  ASSERT_EQ(list->size(), 3u);
  EXPECT_EQ((*list)[0].name, "tt");
  EXPECT_EQ((*list)[1].name, "negamax");
  EXPECT_EQ((*list)[2].killers, 3);
  EXPECT_FALSE(ParseAlgorithms("tt,,negamax").ok());
  EXPECT_FALSE(ParseAlgorithms("tt,bogus").ok());
}

TEST(StudyParseTest, TheDefaultListIsTheIssues) {
  std::vector<std::string> names;
  for (const Algorithm& a : DefaultAlgorithms()) names.push_back(a.name);
  EXPECT_THAT(names, ElementsAre("negamax", "alphabeta", "killer=32", "history", "tt",
                                 "tt+killer=32", "tt+history"));
}

StudyOptions SmallStudy(int jobs) {
  StudyOptions options;
  options.depths = {1, 3};
  options.table.size_mib = 1;
  options.table.shards = 1;
  options.jobs = jobs;
  return options;
}

TEST(StudyRunTest, RowsComeInOrderAndAgree) {
  const std::vector<Position> positions = testing::FfoPositions(3);
  const StudyOptions options = SmallStudy(1);
  std::atomic<bool> cancel{false};
  std::vector<std::tuple<int, int, int>> started;
  auto results = RunStudy(positions, options, cancel, [&](int a, int d, int p) {
    started.emplace_back(a, d, p);
  });
  ASSERT_TRUE(results.ok()) << results.status();
  const int expected_rows = 7 * 2 * 3;
  ASSERT_EQ(static_cast<int>(results->rows.size()), expected_rows);
  ASSERT_EQ(static_cast<int>(started.size()), expected_rows);
  int i = 0;
  for (int a = 0; a < 7; ++a) {
    for (const int d : options.depths) {
      for (int p = 0; p < 3; ++p, ++i) {
        const StudyRow& row = results->rows[i];
        EXPECT_EQ(row.algorithm, a);
        EXPECT_EQ(row.depth, d);
        EXPECT_EQ(row.position, p);
        EXPECT_EQ(started[i], std::make_tuple(a, d, p));
        EXPECT_EQ(row.outcome.value, results->rows[d == 1 ? p : 3 + p].outcome.value);
      }
    }
  }
  EXPECT_TRUE(results->disagreements.empty());
}

// Searches side by side, each with its own table, count the same nodes and
// find the same values as one after another.
TEST(StudyRunTest, JobsChangeNothingButTheTimes) {
  const std::vector<Position> positions = testing::FfoPositions(4);
  std::atomic<bool> cancel{false};
  auto one = RunStudy(positions, SmallStudy(1), cancel);
  auto three = RunStudy(positions, SmallStudy(3), cancel);
  ASSERT_TRUE(one.ok()) << one.status();
  ASSERT_TRUE(three.ok()) << three.status();
  ASSERT_EQ(one->rows.size(), three->rows.size());
  for (std::size_t i = 0; i < one->rows.size(); ++i) {
    EXPECT_EQ(one->rows[i].algorithm, three->rows[i].algorithm);
    EXPECT_EQ(one->rows[i].depth, three->rows[i].depth);
    EXPECT_EQ(one->rows[i].position, three->rows[i].position);
    EXPECT_EQ(one->rows[i].outcome.value, three->rows[i].outcome.value) << i;
    EXPECT_EQ(one->rows[i].outcome.best_move, three->rows[i].outcome.best_move) << i;
    EXPECT_EQ(one->rows[i].outcome.nodes.leaves, three->rows[i].outcome.nodes.leaves) << i;
    EXPECT_EQ(one->rows[i].outcome.nodes.internal, three->rows[i].outcome.nodes.internal) << i;
  }
  EXPECT_TRUE(three->disagreements.empty());
}

// The caller's table serves the first job.
TEST(StudyRunTest, TheCallersTableIsUsed) {
  const std::vector<Position> positions = testing::FfoPositions(1);
  TTOptions table_options;
  table_options.size_mib = 1;
  table_options.statistics = true;  // to see the stores
  auto table = TranspositionTable::Create(table_options);
  ASSERT_TRUE(table.ok());
  StudyOptions options = SmallStudy(1);
  options.algorithms = *ParseAlgorithms("tt");
  options.settings.tt = table->get();
  options.table.size_mib = 0;  // would be refused if RunStudy made a table
  std::atomic<bool> cancel{false};
  auto results = RunStudy(positions, options, cancel);
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ(results->rows.size(), 2u);
  EXPECT_GT((*table)->Stats().stores, 0u);
}

TEST(StudyRunTest, ACancelStopsBeforeTheNextSearch) {
  const std::vector<Position> positions = testing::FfoPositions(3);
  std::atomic<bool> cancel{true};
  auto none = RunStudy(positions, SmallStudy(1), cancel);
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->rows.empty());
  // Cancelled from on_start while the fifth search starts: that one still
  // runs, the rest do not.
  cancel = false;
  int heard = 0;
  auto some = RunStudy(positions, SmallStudy(1), cancel, [&](int, int, int) {
    if (++heard == 5) cancel = true;
  });
  ASSERT_TRUE(some.ok());
  EXPECT_EQ(some->rows.size(), 5u);
  EXPECT_EQ(heard, 5);
}

TEST(StudyRunTest, BadOptionsAreRefused) {
  const std::vector<Position> positions = testing::FfoPositions(1);
  std::atomic<bool> cancel{false};
  StudyOptions options = SmallStudy(1);
  options.depths = {0};
  EXPECT_FALSE(RunStudy(positions, options, cancel).ok());
  options.depths = {kMaxStudyDepth + 1};
  EXPECT_FALSE(RunStudy(positions, options, cancel).ok());
  options = SmallStudy(0);
  EXPECT_FALSE(RunStudy(positions, options, cancel).ok());
  options = SmallStudy(1);
  options.table.size_mib = 0;
  EXPECT_FALSE(RunStudy(positions, options, cancel).ok());
}

TEST(StudyRunTest, DisagreementsAreNamed) {
  const std::vector<Algorithm> algorithms = *ParseAlgorithms("alphabeta,tt,history");
  std::vector<Position> positions(2);
  positions[1].label = "#41";
  auto row = [](int a, int d, int p, int value) {
    StudyRow r;
    r.algorithm = a;
    r.depth = d;
    r.position = p;
    r.outcome.value = value;
    return r;
  };
  const std::vector<StudyRow> rows = {
      row(0, 4, 0, 6), row(0, 4, 1, -2), row(0, 5, 1, 0),
      row(1, 4, 0, 4), row(1, 4, 1, -2), row(1, 5, 1, 0),
      row(2, 4, 0, 6), row(2, 4, 1, 3),  row(2, 5, 1, 0),
  };
  EXPECT_THAT(FindDisagreements(rows, algorithms, positions),
              ElementsAre("depth 4, position 0: alphabeta +6, tt +4",
                          "depth 4, position 1 (#41): alphabeta -2, history +3"));
}

}  // namespace
}  // namespace endsolve::study
