// Every move's exact score of the positions analysed before, kept in a
// batch results file (endsolve/batch/results_file.h: one JSON line a
// position, appended and synced, so a killed analysis loses nothing it
// finished) and found again by the position up to symmetry: a position
// another game reached in another orientation is the same entry, its moves
// mapped through the symmetry between the two boards. A record is a solved
// record of batch's schema with its `move_scores`, so that `endsolve batch
// --summary` and `merge` read the file as any other results file.
#ifndef ENDSOLVE_ANALYSIS_SCORE_CACHE_H_
#define ENDSOLVE_ANALYSIS_SCORE_CACHE_H_

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/batch/record.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/board/position.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/solver/solver.h"

namespace endsolve::analysis {

class ScoreCache {
 public:
  // Opens `path` (created if absent; a file that is not a results file is
  // refused, a torn last line cut off, as batch does), and takes the
  // records that carry every move's score.
  static absl::StatusOr<std::unique_ptr<ScoreCache>> Open(const std::string& path);

  // Every move's exact score of `board` (the side to move's view), best
  // first, in `board`'s orientation; nullopt when no record has it.
  std::optional<std::vector<MoveScore>> Find(const Board& board) const;

  // Appends the record of `result`, an all-moves solve of `position`.
  absl::Status Add(const Position& position, const SolveResult& result, int threads);

  // The positions found in the file when it was opened.
  int size_at_open() const { return size_at_open_; }

 private:
  explicit ScoreCache(std::unique_ptr<batch::ResultsAppender> file) : file_(std::move(file)) {}

  std::unique_ptr<batch::ResultsAppender> file_;
  // By the position up to symmetry: its record's board and scores.
  std::map<PositionKey, std::pair<Board, std::vector<MoveScore>>> by_key_;
  int size_at_open_ = 0;
};

}  // namespace endsolve::analysis

#endif  // ENDSOLVE_ANALYSIS_SCORE_CACHE_H_
