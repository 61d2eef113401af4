// The parallel solver under concurrency checks (labelled "tsan": CI runs
// these in the ThreadSanitizer build):
//  - a few positions solved at 2 and 4 threads with splits everywhere,
//    scores equal to the 1-thread solve's, pv legal;
//  - a deadline, or the cancel flag raised from another thread (what
//    Ctrl-C does in the CLI), stops a hard solve (FFO #60-#62) at 2 and 4
//    threads: the result says stopped and carries no score, no move and no
//    pv. No timing is asserted; the ctest timeout catches a hang.
//  - a node limit stops every task, and what the stopped tasks left in the
//    table is still true: solving again gives the exact scores.
#include <atomic>
#include <chrono>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "endsolve/positions/position_io.h"
#include "endsolve/solver/solver.h"
#include "tests/solver/oracle.h"
#include "tests/solver/test_table.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using testing::MakeTable;
using testing::PlayOut;
using testing::RandomPosition;

constexpr int kSplitEverywhere = 9;

// FFO #60-#62: 24 empties, far beyond what a test can wait for.
std::vector<Board> HardPositions() {
  const auto read =
      ReadPositionFile(std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-60-79.obf");
  EXPECT_TRUE(read.ok()) << read.status();
  std::vector<Board> boards;
  for (int i = 0; i < 3 && i < static_cast<int>(read->positions.size()); ++i) {
    boards.push_back(read->positions[i].board);
  }
  EXPECT_EQ(boards.size(), 3u);
  return boards;
}

void ExpectStoppedAndEmpty(const absl::StatusOr<SolveResult>& solved) {
  ASSERT_TRUE(solved.ok()) << solved.status();
  const SolveResult& result = *solved;
  EXPECT_TRUE(result.stopped);
  EXPECT_EQ(result.score, 0);
  EXPECT_EQ(result.best_move, kNoMove);
  EXPECT_TRUE(result.pv.empty());
}

class ParallelStopTest : public ::testing::TestWithParam<int> {};

TEST_P(ParallelStopTest, FewPositionsMatchOneThread) {
  std::mt19937_64 rng(600 + GetParam());
  auto table = MakeTable(4);
  for (int i = 0; i < 4; ++i) {
    const Board board = RandomPosition(rng, 13 + i);
    SolveOptions options;
    options.tt = table.get();
    table->Clear();
    const SolveResult one = Solve(board, options).value();
    options.threads = GetParam();
    options.split_min_empties = kSplitEverywhere;
    table->Clear();
    const absl::StatusOr<SolveResult> many_or = Solve(board, options);
    ASSERT_TRUE(many_or.ok()) << many_or.status();
    const SolveResult& many = *many_or;
    ASSERT_FALSE(many.stopped);
    EXPECT_EQ(many.score, one.score) << "position " << i;
    EXPECT_EQ(PlayOut(board, many.pv), many.score) << "position " << i;
  }
}

TEST_P(ParallelStopTest, DeadlineStopsAHardSolve) {
  auto table = MakeTable(16);
  for (const Board& board : HardPositions()) {
    SolveOptions options;
    options.tt = table.get();
    options.threads = GetParam();
    options.deadline = absl::Now() + absl::Milliseconds(100);
    ExpectStoppedAndEmpty(Solve(board, options));
  }
}

TEST_P(ParallelStopTest, CancelFromAnotherThreadStopsAHardSolve) {
  auto table = MakeTable(16);
  for (const Board& board : HardPositions()) {
    std::atomic<bool> cancel{false};
    SolveOptions options;
    options.tt = table.get();
    options.threads = GetParam();
    options.cancel = &cancel;
    std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      cancel = true;
    });
    const SolveResult result = Solve(board, options).value();
    canceller.join();
    ExpectStoppedAndEmpty(result);
  }
}

// The node limit counts every task's nodes; a stopped solve reports at
// least the limit, and the table it leaves behind still gives exact scores.
TEST_P(ParallelStopTest, NodeLimitStopsEveryTaskAndLeavesTrueBounds) {
  std::mt19937_64 rng(31 + GetParam());
  auto table = MakeTable(1);
  int stops = 0;
  for (int i = 0; i < 6; ++i) {
    const Board board = RandomPosition(rng, 16);
    SolveOptions options;
    options.tt = table.get();
    options.threads = GetParam();
    options.split_min_empties = kSplitEverywhere;
    options.node_limit = 20000 + 20000 * static_cast<std::uint64_t>(i);
    const SolveResult stopped = Solve(board, options).value();
    if (stopped.stopped) {
      ++stops;
      ExpectStoppedAndEmpty(stopped);
      EXPECT_GE(stopped.nodes.total(), options.node_limit);
    }
    options.node_limit = 0;
    const SolveResult full = Solve(board, options).value();
    ASSERT_FALSE(full.stopped);
    SolveOptions sequential;
    sequential.table.size_mib = 1;
    EXPECT_EQ(full.score, Solve(board, sequential).value().score) << "position " << i;
    EXPECT_EQ(PlayOut(board, full.pv), full.score) << "position " << i;
  }
  EXPECT_GE(stops, 3);  // the stopped-solve checks above are not vacuous
}

std::string ThreadsName(const ::testing::TestParamInfo<int>& param) {
  return std::to_string(param.param) + "Threads";
}

INSTANTIATE_TEST_SUITE_P(Threads, ParallelStopTest, ::testing::Values(2, 4), ThreadsName);

}  // namespace
}  // namespace endsolve
