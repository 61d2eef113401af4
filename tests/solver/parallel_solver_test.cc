// Solve() with several threads (solver/parallel_search.h): the exact score
// does not depend on the thread count, the best move is one the answers
// list with that score, and the pv is legal and reaches the score.
//  - FFO #1-#39 at 2, 4 and 24 threads, with the default split threshold
//    (from 10 empties beyond 16 threads);
//  - the random-endgame oracle check of the sequential tests
//    (random_check.h) at 2, 4, 8 and 24 threads (beyond 16 the policy
//    splits sooner: split_policy.h), with splits from the table
//    layer's smallest nodes (9 empties), so that 10-16 empties positions
//    split, cut off and cancel many times;
//  - 1 thread runs the split code with nobody to help: it must visit the
//    very nodes of the search that never splits.
#include <memory>
#include <ostream>
#include <random>
#include <string>

#include "endsolve/solver/solver.h"
#include "tests/sanitized_share.h"
#include "tests/solver/ffo_check.h"
#include "tests/solver/oracle.h"
#include "tests/solver/random_check.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using testing::CheckFfoFile;
using testing::CheckRandomPositions;
using testing::InputsForThisBuild;
using testing::PlayOut;
using testing::RandomPosition;

SolveOptions Threads(int threads, int split_min_empties = 0) {
  SolveOptions options;
  options.threads = threads;
  options.split_min_empties = split_min_empties;
  return options;
}

// FFO #1-#39 at each thread count, with the default split threshold.
class ParallelFfoTest : public ::testing::TestWithParam<int> {};

TEST_P(ParallelFfoTest, Positions1To19) {
  CheckFfoFile("fforum-1-19.obf", 1, 19, Threads(GetParam()));
}
TEST_P(ParallelFfoTest, Positions20To39) {
  CheckFfoFile("fforum-20-39.obf", 20, testing::LastForThisBuild(20, 39), Threads(GetParam()));
}

std::string ThreadsName(const ::testing::TestParamInfo<int>& param) {
  return std::to_string(param.param) + "Threads";
}

INSTANTIATE_TEST_SUITE_P(Threads, ParallelFfoTest, ::testing::Values(2, 4, 24), ThreadsName);

// The smallest split threshold there is (the table layer's).
constexpr int kSplitEverywhere = 9;

// The random-endgame check at each thread count and size; fewer positions
// where each takes longer. The seed is 100 * threads + empties.
// The default (many-core) split policy, and the two-core one it replaced,
// which stays selectable and so stays tested; splits everywhere, or from
// the policy's own thresholds (split_min_empties 0: at 4 threads from 12
// empties, and from 10 while half the threads idle).
struct RandomCase {
  int threads;
  int empties;
  int positions;
  search::SplitPolicy::Kind policy = search::SplitPolicy::Kind::kManyCore;
  int split_min_empties = kSplitEverywhere;
};

void PrintTo(const RandomCase& c, std::ostream* os) {
  *os << c.threads << " threads, " << c.positions << " positions of " << c.empties
      << " empties, " << search::PolicyName(c.policy) << ", split threshold "
      << c.split_min_empties;
}

class ParallelRandomTest : public ::testing::TestWithParam<RandomCase> {};

TEST_P(ParallelRandomTest, MatchesTheOracle) {
  const RandomCase& c = GetParam();
  SolveOptions options = Threads(c.threads, c.split_min_empties);
  options.split_policy = c.policy;
  CheckRandomPositions(c.empties, c.positions, 100 * c.threads + c.empties, options);
}

constexpr auto kTwoCore = search::SplitPolicy::Kind::kTwoCore;
constexpr auto kManyCore = search::SplitPolicy::Kind::kManyCore;

INSTANTIATE_TEST_SUITE_P(
    Sizes, ParallelRandomTest,
    ::testing::Values(RandomCase{2, 12, 200}, RandomCase{2, 14, 30}, RandomCase{2, 16, 2},
                      RandomCase{4, 12, 200}, RandomCase{4, 14, 30}, RandomCase{4, 16, 2},
                      RandomCase{8, 14, 30}, RandomCase{24, 14, 30},
                      RandomCase{4, 14, 30, kManyCore, 0}, RandomCase{2, 14, 30, kTwoCore},
                      RandomCase{4, 14, 30, kTwoCore}),
    [](const ::testing::TestParamInfo<RandomCase>& param) {
      return std::to_string(param.param.threads) + "Threads" +
             std::to_string(param.param.empties) + "Empties" +
             (param.param.policy == kTwoCore ? "TwoCore" : "") +
             (param.param.split_min_empties == 0 ? "PolicyThresholds" : "");
    });

// One thread: splitting everywhere or nowhere, the same nodes, score, move
// and pv, with and without the aspiration root and killers.
TEST(ParallelSolverTest, OneThreadSplitsVisitTheSameNodesAsNoSplits) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < InputsForThisBuild(40); ++i) {
    const Board board = RandomPosition(rng, 14 + i % 5);
    SolveOptions everywhere = Threads(1, kSplitEverywhere);
    everywhere.table.size_mib = 4;
    everywhere.features.aspiration = i % 2 == 0;
    everywhere.features.killers = i % 3 == 0 ? 2 : 0;
    SolveOptions nowhere = everywhere;
    nowhere.split_min_empties = kNumSquares;
    const absl::StatusOr<SolveResult> split_or = Solve(board, everywhere);
    ASSERT_TRUE(split_or.ok()) << split_or.status();
    const SolveResult& split = *split_or;
    const SolveResult plain = Solve(board, nowhere).value();
    ASSERT_EQ(split.score, plain.score) << "position " << i;
    ASSERT_EQ(split.best_move, plain.best_move) << "position " << i;
    ASSERT_EQ(split.pv, plain.pv) << "position " << i;
    ASSERT_EQ(split.nodes.internal, plain.nodes.internal) << "position " << i;
    ASSERT_EQ(split.nodes.leaves, plain.nodes.leaves) << "position " << i;
    ASSERT_EQ(split.etc_probes, plain.etc_probes) << "position " << i;
  }
}

// Progress comes from the root, on the calling thread, also when the
// subtrees are searched in parallel; its last report is the result.
TEST(ParallelSolverTest, ProgressReportsTheResult) {
  std::mt19937_64 rng(77);
  for (int i = 0; i < 6; ++i) {
    const Board board = RandomPosition(rng, 18);
    SolveOptions options = Threads(4, kSplitEverywhere);
    options.table.size_mib = 8;
    std::vector<Progress> reports;
    options.on_progress = [&](const Progress& p) { reports.push_back(p); };
    const SolveResult result = Solve(board, options).value();
    ASSERT_FALSE(result.stopped);
    ASSERT_FALSE(reports.empty());
    EXPECT_EQ(reports.back().bound, result.score);
    EXPECT_EQ(reports.back().best_move, result.best_move);
    EXPECT_EQ(PlayOut(board, result.pv), result.score);
  }
}

}  // namespace
}  // namespace endsolve
