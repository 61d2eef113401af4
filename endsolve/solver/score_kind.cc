#include "endsolve/solver/score_kind.h"

#include "endsolve/board/bitboard.h"

namespace endsolve {

absl::string_view ScoreKindName(ScoreKind kind) {
  switch (kind) {
    case ScoreKind::kExact:
      return "exact";
    case ScoreKind::kLower:
      return "lower";
    case ScoreKind::kUpper:
      return "upper";
  }
  return "?";
}

ScoreWindow ScoresAllowed(int score, ScoreKind kind) {
  switch (kind) {
    case ScoreKind::kExact:
      return {score, score};
    case ScoreKind::kLower:
      return {score, kNumSquares};
    case ScoreKind::kUpper:
      return {-kNumSquares, score};
  }
  return {};
}

}  // namespace endsolve
