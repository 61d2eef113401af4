// The principal-variation walk (solver/pv.h): a line that keeps the proven
// score to the end of the game, a false score reported instead of a line
// cut short, and the walk's ordering by its searcher's evaluation.
#include "endsolve/solver/pv.h"

#include <random>
#include <vector>

#include "absl/strings/str_format.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/eval/weights.h"
#include "endsolve/solver/search.h"
#include "endsolve/solver/solver.h"
#include "tests/solver/oracle.h"
#include "tests/solver/test_table.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::search {
namespace {

using testing::MakeTable;
using testing::OracleScore;
using testing::PlayOut;
using testing::RandomPosition;
using ::testing::HasSubstr;

// A searcher of one thread on a fresh table of 1 MiB, ordering with
// `evaluator` when `eval` (null: without the evaluation's term).
struct WalkSetup {
  WalkSetup(bool eval, const eval::Evaluator* evaluator)
      : table(MakeTable(1)),
        shared(table.get(), SearchConfig::Sequential(Features(eval), {}, evaluator)),
        searcher(&shared) {}
  static SearchFeatures Features(bool eval) {
    SearchFeatures features;
    features.eval = eval;
    features.selective = false;
    features.presearch = false;
    return features;
  }
  std::unique_ptr<TranspositionTable> table;
  SharedSearch shared;
  Searcher searcher;
};

// From the true score the line reaches it; the same walk asked for the
// score plus 2 finds no move that keeps it, and says so with the position
// where it stopped, instead of returning the line so far as complete.
TEST(PvWalkTest, ATrueScoreGivesAFullLineAndAFalseOneAnError) {
  std::mt19937_64 rng(29);
  int walked = 0;  // positions whose side to move has a move
  for (int i = 0; i < 20; ++i) {
    const Board board = RandomPosition(rng, 10);
    if (board.Moves() == 0) continue;  // the messages below name "after 0 moves"
    ++walked;
    const int score = OracleScore(board);
    WalkSetup exact(false, nullptr);
    std::vector<int> pv;
    ASSERT_TRUE(WalkPv(board, score, PvGoal::kExact, exact.searcher, &pv).ok());
    EXPECT_EQ(PlayOut(board, pv), score);

    WalkSetup wrong(false, nullptr);
    std::vector<int> partial;
    const absl::Status status = WalkPv(board, score + 2, PvGoal::kExact, wrong.searcher, &partial);
    EXPECT_TRUE(absl::IsInternal(status)) << status;
    EXPECT_THAT(status.message(), HasSubstr("after 0 moves, no move of "));
    EXPECT_THAT(status.message(), HasSubstr(absl::StrFormat("keeps the score exactly %+d", score + 2)));
    EXPECT_TRUE(partial.empty());
  }
  EXPECT_GE(walked, 15);
}

// The walk orders the moves it tries with its searcher's evaluation, so
// Solve gives it the solve's own (SolveOptions::evaluator). All-zero
// weights add nothing to any key: the walk then visits exactly the nodes
// it visits without the evaluation's term. The built-in weights order
// otherwise, which shows on these positions (from a fresh table the walk
// searches its whole line).
TEST(PvWalkTest, TheWalkOrdersWithItsSearchersEvaluation) {
  const eval::Evaluator zero{eval::Weights{}};
  std::mt19937_64 rng(2611);
  int walks_the_built_in_changes = 0;
  for (int i = 0; i < 4; ++i) {
    const Board board = RandomPosition(rng, 16);
    const int score = Solve(board, {}).value().score;  // exact (solver_test checks Solve)
    WalkSetup plain(false, nullptr);
    WalkSetup with_zero(true, &zero);
    WalkSetup built_in(true, &eval::Evaluator::Default());
    std::vector<int> pv_plain, pv_zero, pv_built_in;
    ASSERT_TRUE(WalkPv(board, score, PvGoal::kExact, plain.searcher, &pv_plain).ok());
    ASSERT_TRUE(WalkPv(board, score, PvGoal::kExact, with_zero.searcher, &pv_zero).ok());
    ASSERT_TRUE(WalkPv(board, score, PvGoal::kExact, built_in.searcher, &pv_built_in).ok());
    EXPECT_EQ(pv_zero, pv_plain);
    EXPECT_EQ(with_zero.searcher.counts().total(), plain.searcher.counts().total());
    EXPECT_EQ(PlayOut(board, pv_built_in), score);
    walks_the_built_in_changes +=
        built_in.searcher.counts().total() != plain.searcher.counts().total();
  }
  EXPECT_GT(walks_the_built_in_changes, 0);
}

}  // namespace
}  // namespace endsolve::search
