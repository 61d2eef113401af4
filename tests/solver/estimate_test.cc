// EstimateScore (solver.h): the exact solve's own estimate of a position,
// its presearch and its first selective passes. A guess, not a bound: these
// tests pin down what it is made of, not how near it comes (prove/README.md
// measures that).
#include <atomic>
#include <random>

#include "endsolve/eval/evaluator.h"
#include "endsolve/solver/presearch.h"
#include "endsolve/solver/search.h"
#include "endsolve/solver/solver.h"
#include "tests/sanitized_share.h"
#include "tests/solver/oracle.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using testing::InputsForThisBuild;
using testing::RandomPosition;
using ::testing::HasSubstr;

SolveOptions Small() {
  SolveOptions options;
  options.threads = 1;
  options.table.size_mib = 4;
  return options;
}

// A position of `empties` empties where the side to move has a move.
Board Playable(std::uint64_t seed, int empties) {
  std::mt19937_64 rng(seed);
  for (;;) {
    const Board board = RandomPosition(rng, empties);
    if (board.Moves() != 0) return board;
  }
}

TEST(EstimateScoreTest, AFinishedGameIsItsScore) {
  Board over = Playable(1, 1);
  while (!over.IsGameOver()) {
    over = over.Moves() == 0 ? over.Pass() : over.Play(FirstSquare(over.Moves()));
  }
  const ScoreEstimate e = EstimateScore(over, Small(), 2).value();
  EXPECT_EQ(e.score, over.FinalScore());
  EXPECT_EQ(e.nodes.total(), 0u);
}

// No selective pass: the presearch's value, in discs, made even away from
// zero, as the exact solve's first guess is.
TEST(EstimateScoreTest, WithoutSelectivePassesItIsThePresearchGuess) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Board board = Playable(seed, 22);
    const int discs = eval::Evaluator::ToDiscs(
        search::RunPresearch(board, eval::Evaluator::Default(), search::kPresearchDepth, nullptr)
            .value);
    const int even = discs >= 0 ? (discs + 1) / 2 * 2 : -((-discs + 1) / 2 * 2);
    const ScoreEstimate e = EstimateScore(board, Small(), 0).value();
    EXPECT_EQ(e.score, even) << seed;
    EXPECT_EQ(e.nodes.total(), 0u);
  }
}

// Each number of passes gives an even score, a legal move, and the same
// again in a new table (one thread: the same searches).
TEST(EstimateScoreTest, EachPassGivesAnEvenScoreAndALegalMoveTheSameEachTime) {
  // One position under a sanitizer (three took 62 s under ASan).
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(InputsForThisBuild(3)); ++seed) {
    const Board board = Playable(seed, 20);
    std::uint64_t nodes = 0;
    for (int passes = 1; passes <= kSelectivePasses; ++passes) {
      const ScoreEstimate e = EstimateScore(board, Small(), passes).value();
      EXPECT_FALSE(e.stopped);
      EXPECT_EQ(e.score % 2, 0) << seed << " " << passes;
      EXPECT_LE(std::abs(e.score), kNumSquares);
      EXPECT_TRUE(board.Moves() & SquareBit(e.best_move)) << seed << " " << passes;
      // Each pass adds its searches to the ones before it.
      EXPECT_GT(e.nodes.total(), nodes);
      nodes = e.nodes.total();
      const ScoreEstimate again = EstimateScore(board, Small(), passes).value();
      EXPECT_EQ(again.score, e.score);
      EXPECT_EQ(again.best_move, e.best_move);
      EXPECT_EQ(again.nodes.total(), e.nodes.total());
    }
  }
}

TEST(EstimateScoreTest, PassesOutsideTheirRangeAreRefused) {
  const Board board = Playable(1, 20);
  EXPECT_THAT(EstimateScore(board, Small(), kSelectivePasses + 1).status().message(),
              HasSubstr("selective passes 4: expected 0..3"));
  EXPECT_THAT(EstimateScore(board, Small(), -1).status().message(),
              HasSubstr("selective passes -1: expected 0..3"));
  SolveOptions bad = Small();
  bad.threads = 0;
  EXPECT_FALSE(EstimateScore(board, bad, 1).ok());
}

TEST(EstimateScoreTest, ACancelStopsItWithoutAnEstimate) {
  std::atomic<bool> cancel{true};
  SolveOptions options = Small();
  options.cancel = &cancel;
  const ScoreEstimate e = EstimateScore(Playable(2, 20), options, 2).value();
  EXPECT_TRUE(e.stopped);
}

}  // namespace
}  // namespace endsolve
