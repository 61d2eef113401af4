#include "solver/answer_check.h"

namespace endsolve {
namespace {

constexpr int Sign(int x) { return (x > 0) - (x < 0); }

}  // namespace

Verdict CheckAnswer(const Position& position, const SolveResult& result, bool wld) {
  if (!position.HasAnswers() || result.stopped) return Verdict::kUnknown;
  const int expected = position.ExpectedScore();
  if (wld) return Sign(result.score) == Sign(expected) ? Verdict::kOk : Verdict::kWrong;
  if (result.score != expected || result.kind != ScoreKind::kExact) return Verdict::kWrong;
  for (const MoveScore& answer : position.answers) {
    if (answer.square == result.best_move && answer.score < expected) return Verdict::kWrong;
  }
  return Verdict::kOk;
}

}  // namespace endsolve
