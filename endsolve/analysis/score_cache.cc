#include "endsolve/analysis/score_cache.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "endsolve/batch/identity.h"

namespace endsolve::analysis {

absl::StatusOr<std::unique_ptr<ScoreCache>> ScoreCache::Open(const std::string& path) {
  absl::StatusOr<std::unique_ptr<batch::ResultsAppender>> file =
      batch::ResultsAppender::Open(path, /*create_only=*/false);
  if (!file.ok()) return file.status();
  std::unique_ptr<ScoreCache> cache(new ScoreCache(*std::move(file)));
  for (const batch::ResultRecord& record : cache->file_->contents().records) {
    if (!record.has_score() || !record.move_scores || !record.position || record.window) continue;
    if (cache->by_key_.emplace(record.key, std::make_pair(record.position->board, *record.move_scores))
            .second) {
      ++cache->size_at_open_;
    }
  }
  return cache;
}

std::optional<std::vector<MoveScore>> ScoreCache::Find(const Board& board) const {
  const auto found = by_key_.find(KeyOf(board));
  if (found == by_key_.end()) return std::nullopt;
  const auto& [stored, scores] = found->second;
  // A move m of the stored board is TransformSquare(m, s) on this one.
  const int symmetry = SymmetryBetween(stored, board);
  if (symmetry < 0) return std::nullopt;
  std::vector<MoveScore> mapped;
  for (const MoveScore& m : scores) mapped.push_back({TransformSquare(m.square, symmetry), m.score});
  return mapped;
}

absl::Status ScoreCache::Add(const Position& position, const SolveResult& result, int threads) {
  batch::Record r;
  r.id = absl::StrCat("analyse ", position.BoardString(), " ", std::string(1, ColorChar(position.to_move)));
  r.status = batch::ResultStatus::kSolved;
  r.file = position.file;
  r.line = position.line;
  if (!position.label.empty()) r.label = position.label;
  r.position = batch::BoardAndSide{position.board, position.to_move};
  r.empties = position.board.EmptyCount();
  r.score = result.score;
  r.best_move = result.best_move;
  r.pv = result.pv;
  r.move_scores = result.move_scores;
  r.leaves = result.nodes.leaves;
  r.internal_nodes = result.nodes.internal;
  r.nodes = result.nodes.total();
  r.seconds = absl::ToDoubleSeconds(result.time);
  r.threads = threads;
  r.shard = batch::FormatShard(batch::Shard{});
  r.version = ENDSOLVE_VERSION;
  if (absl::Status appended = file_->Append(batch::Json(r)); !appended.ok()) return appended;
  by_key_.emplace(KeyOf(position.board), std::make_pair(position.board, result.move_scores));
  return absl::OkStatus();
}

}  // namespace endsolve::analysis
