#include "solver/answer_check.h"

#include "absl/strings/str_cat.h"
#include "board/notation.h"

namespace endsolve {
namespace {

constexpr int Sign(int x) { return (x > 0) - (x < 0); }

// True when the true score `expected` satisfies the result: equals an exact
// score, is at least a lower bound, at most an upper bound.
bool WithinBound(const SolveResult& result, int expected) {
  switch (result.kind) {
    case ScoreKind::kExact:
      return result.score == expected;
    case ScoreKind::kLower:
      return expected >= result.score;
    case ScoreKind::kUpper:
      return expected <= result.score;
  }
  return false;
}

// "exact", "lower bound", "upper bound" for the reasons.
const char* KindWords(ScoreKind kind) {
  switch (kind) {
    case ScoreKind::kExact:
      return "exact score";
    case ScoreKind::kLower:
      return "lower bound";
    case ScoreKind::kUpper:
      return "upper bound";
  }
  return "?";
}

}  // namespace

Verdict CheckAnswer(const Position& position, const SolveResult& result, bool wld) {
  if (!position.HasAnswers() || result.stopped) return Verdict::kUnknown;
  const int expected = position.ExpectedScore();
  if (wld) return Sign(result.score) == Sign(expected) ? Verdict::kOk : Verdict::kWrong;
  if (position.window && !WithinBound(result, expected)) return Verdict::kWrong;
  if (position.window && result.kind != ScoreKind::kExact) return Verdict::kOk;
  if (result.score != expected || result.kind != ScoreKind::kExact) return Verdict::kWrong;
  for (const MoveScore& answer : position.answers) {
    if (answer.square == result.best_move && answer.score < expected) return Verdict::kWrong;
  }
  return Verdict::kOk;
}

// The same tests as CheckAnswer, in the same order, each with its words.
std::string WrongReason(const Position& position, const SolveResult& result, bool wld) {
  if (CheckAnswer(position, result, wld) != Verdict::kWrong) return "";
  const int expected = position.ExpectedScore();
  if (!wld && position.window && !WithinBound(result, expected)) {
    return absl::StrCat(KindWords(result.kind), " ", FormatScore(result.score),
                        ", the answers say ", FormatScore(expected));
  }
  if (wld || result.score != expected) {
    return absl::StrCat("score ", FormatScore(result.score), ", the answers say ",
                        FormatScore(expected));
  }
  if (result.kind != ScoreKind::kExact) {
    return absl::StrCat("score ", FormatScore(result.score), " is a bound, not exact");
  }
  for (const MoveScore& answer : position.answers) {
    if (answer.square == result.best_move && answer.score < expected) {
      return absl::StrCat(SquareName(answer.square), " is listed at ", FormatScore(answer.score),
                          ", the best is ", FormatScore(expected));
    }
  }
  return "";
}

}  // namespace endsolve
