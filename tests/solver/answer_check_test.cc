// CheckAnswer (solver/answer_check.h) on hand-made results: the score
// decides, a move is wrong only when the answers list it with a lower
// score, and nothing is judged without answers or after a stop.
#include "endsolve/solver/answer_check.h"

#include "endsolve/positions/position_io.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

const int kA5 = *ParseSquare("A5");
const int kH8 = *ParseSquare("H8");

Position WithAnswers(std::vector<MoveScore> answers) {
  Position p;
  p.answers = std::move(answers);
  return p;
}

SolveResult Exact(int move, int score) {
  SolveResult r;
  r.best_move = move;
  r.score = score;
  r.kind = ScoreKind::kExact;
  return r;
}

TEST(AnswerCheckTest, AMoveTheAnswersDoNotListIsJudgedByItsScore) {
  const Position partial = WithAnswers({{kA5, 0}});
  EXPECT_EQ(CheckAnswer(partial, Exact(kH8, 0), false), Verdict::kOk);
  EXPECT_EQ(CheckAnswer(partial, Exact(kH8, 2), false), Verdict::kWrong);
}

TEST(AnswerCheckTest, AMoveListedWithALowerScoreIsWrong) {
  const Position full = WithAnswers({{kA5, 0}, {kH8, -4}});
  EXPECT_EQ(CheckAnswer(full, Exact(kA5, 0), false), Verdict::kOk);
  EXPECT_EQ(CheckAnswer(full, Exact(kH8, 0), false), Verdict::kWrong);
  // Both listed with the best score: either is right.
  const Position tie = WithAnswers({{kH8, 0}, {kA5, 0}});
  EXPECT_EQ(CheckAnswer(tie, Exact(kA5, 0), false), Verdict::kOk);
  EXPECT_EQ(CheckAnswer(tie, Exact(kH8, 0), false), Verdict::kOk);
}

TEST(AnswerCheckTest, AScoreWithoutItsMoveAcceptsAnyMove) {
  const Position wthor = WithAnswers({{kNoMove, 12}});
  EXPECT_EQ(CheckAnswer(wthor, Exact(kH8, 12), false), Verdict::kOk);
  EXPECT_EQ(CheckAnswer(wthor, Exact(kH8, 10), false), Verdict::kWrong);
}

TEST(AnswerCheckTest, ABoundIsNotAnExactAnswer) {
  SolveResult bound = Exact(kA5, 0);
  bound.kind = ScoreKind::kLower;
  EXPECT_EQ(CheckAnswer(WithAnswers({{kA5, 0}}), bound, false), Verdict::kWrong);
}

TEST(AnswerCheckTest, WinDrawLossComparesTheSign) {
  const Position p = WithAnswers({{kA5, 6}, {kH8, -2}});
  EXPECT_EQ(CheckAnswer(p, Exact(kH8, 1), true), Verdict::kOk);
  EXPECT_EQ(CheckAnswer(p, Exact(kA5, 0), true), Verdict::kWrong);
}

// A WRONG verdict says why, in the words of each test CheckAnswer makes.
TEST(AnswerCheckTest, AWrongAnswerSaysWhy) {
  const Position full = WithAnswers({{kA5, 0}, {kH8, -4}});
  EXPECT_EQ(WrongReason(full, Exact(kA5, 2), false), "score +2, the answers say +0");
  EXPECT_EQ(WrongReason(full, Exact(kH8, 0), false), "H8 is listed at -4, the best is +0");
  SolveResult bound = Exact(kA5, 0);
  bound.kind = ScoreKind::kLower;
  EXPECT_EQ(WrongReason(full, bound, false), "score +0 is a bound, not exact");
  const Position wld = WithAnswers({{kA5, 6}, {kH8, -2}});
  EXPECT_EQ(WrongReason(wld, Exact(kA5, 0), true), "score +0, the answers say +6");
  // Not wrong: no reason.
  EXPECT_EQ(WrongReason(full, Exact(kA5, 0), false), "");
  EXPECT_EQ(WrongReason(Position{}, Exact(kA5, 0), false), "");
}

// With every move's score (SolveOptions::all_moves), each listed move must
// have its listed score, and be a legal move.
TEST(AnswerCheckTest, EveryMovesScoreIsCheckedWhenTheSolveHasThem) {
  const int kC7 = *ParseSquare("C7");
  const Position full = WithAnswers({{kA5, 0}, {kH8, -4}});
  SolveResult right = Exact(kA5, 0);
  right.move_scores = {{kA5, 0}, {kH8, -4}};
  EXPECT_EQ(CheckAnswer(full, right, false), Verdict::kOk);
  SolveResult off = Exact(kA5, 0);
  off.move_scores = {{kA5, 0}, {kH8, -6}};
  EXPECT_EQ(CheckAnswer(full, off, false), Verdict::kWrong);
  EXPECT_EQ(WrongReason(full, off, false), "H8 scores -6, the answers say -4");
  SolveResult missing = Exact(kA5, 0);
  missing.move_scores = {{kA5, 0}, {kC7, -4}};
  EXPECT_EQ(CheckAnswer(full, missing, false), Verdict::kWrong);
  EXPECT_EQ(WrongReason(full, missing, false), "H8 is listed at -4, but it is not a legal move");
  // Without them only the best move and score are judged, as before.
  EXPECT_EQ(CheckAnswer(full, Exact(kA5, 0), false), Verdict::kOk);
}

TEST(AnswerCheckTest, NothingIsJudgedWithoutAnswersOrAfterAStop) {
  EXPECT_EQ(CheckAnswer(Position{}, Exact(kA5, 0), false), Verdict::kUnknown);
  SolveResult stopped;
  stopped.stopped = true;
  EXPECT_EQ(CheckAnswer(WithAnswers({{kA5, 0}}), stopped, false), Verdict::kUnknown);
}

}  // namespace
}  // namespace endsolve
