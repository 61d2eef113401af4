// Stopping: a node limit, a deadline or the cancel flag stops the search;
// a stopped search reports no score, no move and no pv, and what it leaves
// in the table is still true. Labelled "tsan": the cancel flag is set from
// another thread.
#include <atomic>
#include <chrono>
#include <memory>
#include <random>
#include <thread>

#include "endsolve/solver/solver.h"
#include "tests/sanitized_share.h"
#include "tests/solver/oracle.h"
#include "tests/solver/test_table.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using testing::MakeTable;
using testing::OracleSearch;
using testing::PlayOut;
using testing::RandomPosition;

// A position big enough that no limit below is reached by accident.
Board BigPosition() {
  std::mt19937_64 rng(2024);
  return RandomPosition(rng, 22);
}

void ExpectStoppedAndEmpty(const absl::StatusOr<SolveResult>& solved) {
  ASSERT_TRUE(solved.ok()) << solved.status();
  const SolveResult& result = *solved;
  EXPECT_TRUE(result.stopped);
  EXPECT_EQ(result.score, 0);
  EXPECT_EQ(result.best_move, kNoMove);
  EXPECT_TRUE(result.pv.empty());
}

TEST(SolverStopTest, CancelledBeforeTheStartStoresNothing) {
  auto table = MakeTable(1);
  std::atomic<bool> cancel{true};
  SolveOptions options;
  options.tt = table.get();
  options.cancel = &cancel;
  const SolveResult result = Solve(BigPosition(), options).value();
  ExpectStoppedAndEmpty(result);
  EXPECT_EQ(table->Stats().stores, 0u);
}

TEST(SolverStopTest, PastDeadlineStoresNothing) {
  auto table = MakeTable(1);
  SolveOptions options;
  options.tt = table.get();
  options.deadline = absl::Now() - absl::Seconds(1);
  const SolveResult result = Solve(BigPosition(), options).value();
  ExpectStoppedAndEmpty(result);
  EXPECT_EQ(table->Stats().stores, 0u);
}

TEST(SolverStopTest, NodeLimitStopsNearTheLimit) {
  auto table = MakeTable(1);
  SolveOptions options;
  options.tt = table.get();
  options.node_limit = 1;
  ExpectStoppedAndEmpty(Solve(BigPosition(), options));
  EXPECT_EQ(table->Stats().stores, 0u);

  options.node_limit = 100000;
  const SolveResult result = Solve(BigPosition(), options).value();
  ExpectStoppedAndEmpty(result);
  // Polled in the table layer: the overshoot is one subtree below it.
  EXPECT_GE(result.nodes.total(), 100000u);
  EXPECT_LT(result.nodes.total(), 200000u);
}

TEST(SolverStopTest, CancelFromAnotherThreadStops) {
  auto table = MakeTable(1);
  std::atomic<bool> cancel{false};
  SolveOptions options;
  options.tt = table.get();
  options.cancel = &cancel;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    cancel = true;
  });
  std::mt19937_64 rng(7);
  const SolveResult result = Solve(RandomPosition(rng, 30), options).value();
  canceller.join();
  ExpectStoppedAndEmpty(result);
}

// A stopped search leaves only true bounds behind: solving again on the
// same table, without limits, gives the oracle's scores.
TEST(SolverStopTest, TableAfterAStopStillGivesExactScores) {
  std::mt19937_64 rng(31);
  auto table = MakeTable(1);
  int stops = 0;
  const int positions = testing::InputsForThisBuild(30);
  for (int i = 0; i < positions; ++i) {
    const Board board = RandomPosition(rng, 13);
    SolveOptions options;
    options.tt = table.get();
    options.node_limit = 2000 + 1000 * static_cast<std::uint64_t>(i);
    const SolveResult stopped = Solve(board, options).value();
    options.node_limit = 0;
    const SolveResult full = Solve(board, options).value();
    ASSERT_FALSE(full.stopped);
    ASSERT_EQ(OracleSearch(board, full.score - 1, full.score + 1), full.score);
    ASSERT_EQ(PlayOut(board, full.pv), full.score);
    if (stopped.stopped) {
      ++stops;
    } else {
      ASSERT_EQ(stopped.score, full.score);
    }
  }
  // The table was left by stopped solves, not only finished ones.
  EXPECT_GE(stops, positions / 3);
}

}  // namespace
}  // namespace endsolve
