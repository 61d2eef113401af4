#include "endsolve/solver/answer_check.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "endsolve/board/notation.h"

namespace endsolve {
namespace {

constexpr int Sign(int x) { return (x > 0) - (x < 0); }

// True when the true score `expected` is one the result allows.
bool WithinBound(const SolveResult& result, int expected) {
  const ScoreWindow allowed = ScoresAllowed(result.score, result.kind);
  return allowed.lo <= expected && expected <= allowed.hi;
}

// The solve's score of `square` (SolveOptions::all_moves), or null when it
// has none: not a legal move.
const MoveScore* ScoreOf(const SolveResult& result, int square) {
  const auto found = std::find_if(result.move_scores.begin(), result.move_scores.end(),
                                  [&](const MoveScore& m) { return m.square == square; });
  return found == result.move_scores.end() ? nullptr : &*found;
}

// With every move's score: the first answer of the file whose move's score
// differs from the solve's (or whose move is not a legal one), or null.
const MoveScore* MismatchedMove(const Position& position, const SolveResult& result) {
  if (result.move_scores.empty()) return nullptr;
  for (const MoveScore& answer : position.answers) {
    if (answer.square == kNoMove) continue;
    const MoveScore* solved = ScoreOf(result, answer.square);
    if (solved == nullptr || solved->score != answer.score) return &answer;
  }
  return nullptr;
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
  if (MismatchedMove(position, result) != nullptr) return Verdict::kWrong;
  return Verdict::kOk;
}

// The same tests as CheckAnswer, in the same order, each with its words.
std::string WrongReason(const Position& position, const SolveResult& result, bool wld) {
  if (CheckAnswer(position, result, wld) != Verdict::kWrong) return "";
  const int expected = position.ExpectedScore();
  if (!wld && position.window && !WithinBound(result, expected)) {
    return absl::StrCat(ScoreKindName(result.kind),
                        result.kind == ScoreKind::kExact ? " score " : " bound ",
                        FormatScore(result.score),
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
  if (const MoveScore* answer = MismatchedMove(position, result)) {
    const MoveScore* solved = ScoreOf(result, answer->square);
    if (solved == nullptr) {
      return absl::StrCat(SquareName(answer->square), " is listed at ", FormatScore(answer->score),
                          ", but it is not a legal move");
    }
    return absl::StrCat(SquareName(answer->square), " scores ", FormatScore(solved->score),
                        ", the answers say ", FormatScore(answer->score));
  }
  return "";
}

}  // namespace endsolve
