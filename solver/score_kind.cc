// The spelling of a result's kind and the scores it allows (solver.h). A file
// of its own because the readers of outside bytes (batch records, answer
// checks) need these two and nothing of the search: the fuzz targets
// (fuzz/CMakeLists.txt) build from the readers' sources alone.
#include "endsolve/board/bitboard.h"
#include "endsolve/solver/solver.h"

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
