// Every move's exact score (SolveOptions::all_moves): the score of each
// legal move against the plain alpha-beta oracle, best first, the root's
// score, move and line among them, at one and two threads; the pass as the
// one move; and the windows that cannot give every move's score refused.
#include <algorithm>
#include <random>
#include <vector>

#include "absl/status/status.h"
#include "endsolve/solver/solver.h"
#include "tests/sanitized_share.h"
#include "tests/solver/oracle.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using testing::InputsForThisBuild;
using testing::OracleScore;
using testing::PlayOut;
using testing::RandomPosition;
using ::testing::HasSubstr;

SolveOptions AllMoves(int threads) {
  SolveOptions options;
  options.all_moves = true;
  options.threads = threads;
  options.table.size_mib = 4;
  // Small positions split too, so that two threads really search in parallel.
  if (threads > 1) options.split_min_empties = 9;
  return options;
}

// Each move's score is the oracle's score of the position after it,
// negated; the list holds every legal move once, best first; the root's
// score is the first's, its move the first, and its line reaches it.
void ExpectEveryMoveScored(const Board& board, const absl::StatusOr<SolveResult>& solved) {
  ASSERT_TRUE(solved.ok()) << solved.status();
  const SolveResult& result = *solved;
  ASSERT_FALSE(result.stopped);
  std::vector<MoveScore> expected;
  for (Bitboard moves = board.Moves(); moves != 0;) {
    const int square = PopFirstSquare(moves);
    expected.push_back({square, -OracleScore(board.Play(square))});
  }
  ASSERT_EQ(result.move_scores.size(), expected.size());
  for (const MoveScore& want : expected) {
    const auto got = std::find_if(result.move_scores.begin(), result.move_scores.end(),
                                  [&](const MoveScore& m) { return m.square == want.square; });
    ASSERT_NE(got, result.move_scores.end()) << "move " << want.square << " missing";
    EXPECT_EQ(got->score, want.score) << "move " << want.square;
  }
  EXPECT_TRUE(std::is_sorted(result.move_scores.begin(), result.move_scores.end(),
                             [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; }));
  EXPECT_EQ(result.kind, ScoreKind::kExact);
  EXPECT_EQ(result.score, OracleScore(board));
  EXPECT_EQ(result.best_move, result.move_scores.front().square);
  EXPECT_EQ(result.score, result.move_scores.front().score);
  EXPECT_EQ(PlayOut(board, result.pv), result.score);
}

TEST(AllMovesTest, EveryMoveHasTheOraclesScoreBestFirst) {
  std::mt19937_64 rng(2611);
  const int count = InputsForThisBuild(24);
  int with_choices = 0;  // positions with two moves or more
  for (int i = 0; i < count; ++i) {
    const Board board = RandomPosition(rng, 11 + i % 3);
    if (PopCount(board.Moves()) >= 2) ++with_choices;
    for (int threads : {1, 2}) {
      SCOPED_TRACE(::testing::Message() << "position " << i << ", threads " << threads);
      ExpectEveryMoveScored(board, Solve(board, AllMoves(threads)));
    }
  }
  EXPECT_GE(with_choices, count * 2 / 3);
}

// A side without a move passes: the pass is its one move, with the score.
// A finished game has no move at all, and its score.
TEST(AllMovesTest, APassIsTheOneMoveAndAFinishedGameHasNone) {
  std::mt19937_64 rng(31);
  int passes = 0;
  for (int tries = 0; tries < 200000 && passes < 3; ++tries) {
    const Board board = RandomPosition(rng, 6 + tries % 8);
    if (board.Moves() != 0 || board.OpponentMoves() == 0) continue;
    ++passes;
    const absl::StatusOr<SolveResult> result_or = Solve(board, AllMoves(1));
    ASSERT_TRUE(result_or.ok()) << result_or.status();
    const SolveResult& result = *result_or;
    const int score = OracleScore(board);
    EXPECT_EQ(result.score, score);
    EXPECT_EQ(result.move_scores, (std::vector<MoveScore>{{kPass, score}}));
    EXPECT_EQ(PlayOut(board, result.pv), score);
  }
  ASSERT_EQ(passes, 3) << "too few positions where the side to move must pass";

  Board full;  // every square black's
  full.player = ~Bitboard{0};
  full.opponent = 0;
  ASSERT_TRUE(full.IsGameOver());
  const absl::StatusOr<SolveResult> over_or = Solve(full, AllMoves(1));
  ASSERT_TRUE(over_or.ok()) << over_or.status();
  const SolveResult& over = *over_or;
  EXPECT_EQ(over.score, 64);
  EXPECT_TRUE(over.move_scores.empty());
}

TEST(AllMovesTest, EveryMovesScoreNeedsTheFullWindow) {
  SolveOptions wld = AllMoves(1);
  wld.wld = true;
  EXPECT_THAT(ValidateOptions(wld).message(),
              HasSubstr("every move's exact score needs the full window [-64, 64] without WLD; "
                        "found WLD"));
  SolveOptions narrow = AllMoves(1);
  narrow.lo = -10;
  narrow.hi = 4;
  const absl::Status status = ValidateOptions(narrow);
  EXPECT_TRUE(absl::IsInvalidArgument(status));
  EXPECT_THAT(status.message(), HasSubstr("found the window [-10, 4]"));
  EXPECT_TRUE(ValidateOptions(AllMoves(1)).ok());
}

// A node limit that stops one of the moves' solves stops the whole: no
// score, no list of moves (a partial list is no answer list).
TEST(AllMovesTest, AStoppedSolveGivesNoMoves) {
  std::mt19937_64 rng(5);
  const Board board = RandomPosition(rng, 18);
  ASSERT_GE(PopCount(board.Moves()), 2);
  SolveOptions options = AllMoves(1);
  options.node_limit = 20000;
  const SolveResult result = Solve(board, options).value();
  EXPECT_TRUE(result.stopped);
  EXPECT_TRUE(result.move_scores.empty());
  EXPECT_EQ(result.best_move, kNoMove);
  EXPECT_TRUE(result.pv.empty());
}

}  // namespace
}  // namespace endsolve
