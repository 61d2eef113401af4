// The kind of a reported score (exact, or a bound from one side) and the
// true scores it allows. A header of its own because the readers of outside
// bytes (batch records, answer checks) need these and nothing of the
// search: the fuzz targets (fuzz/CMakeLists.txt) build from the readers'
// sources alone.
#ifndef ENDSOLVE_SOLVER_SCORE_KIND_H_
#define ENDSOLVE_SOLVER_SCORE_KIND_H_

#include "absl/strings/string_view.h"
#include "endsolve/board/position.h"

namespace endsolve {

// How the reported score relates to the true one.
enum class ScoreKind {
  kExact,   // score is the exact final disc difference
  kLower,   // true score >= score (failed high on the window)
  kUpper,   // true score <= score (failed low on the window)
};

// "exact", "lower" or "upper": the one spelling of a kind, for batch
// records, `solve --json` and messages.
absl::string_view ScoreKindName(ScoreKind kind);

// The true scores a result allows: [score, score] when exact, [score, 64]
// for a lower bound, [-64, score] for an upper one.
ScoreWindow ScoresAllowed(int score, ScoreKind kind);

}  // namespace endsolve

#endif  // ENDSOLVE_SOLVER_SCORE_KIND_H_
