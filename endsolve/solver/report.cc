#include "endsolve/solver/report.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "endsolve/board/notation.h"
#include "endsolve/positions/arguments.h"
#include "nlohmann/json.hpp"

namespace endsolve {

std::string ResultColumnsHeader(int id_width) {
  return absl::StrFormat("%-*s %3s %4s %5s %6s %-5s %14s %9s %8s", id_width, "id", "emp", "move",
                         "score", "expect", "check", "nodes", "time(s)", "Mnodes/s");
}

std::string ResultColumns(const Position& position, const SolveResult& result, Verdict verdict,
                          std::uint64_t nodes, double seconds, int id_width) {
  const std::string expected = position.HasAnswers() ? FormatScore(position.ExpectedScore()) : "";
  const char* check = verdict == Verdict::kOk ? "OK" : verdict == Verdict::kWrong ? "WRONG" : "";
  // A position with a window (a prove unit) may be answered by a bound.
  const char* bound = !position.window || result.kind == ScoreKind::kExact ? ""
                      : result.kind == ScoreKind::kLower                   ? ">="
                                                                           : "<=";
  return absl::StrFormat("%-*s %3d %4s %5s %6s %-5s %14d %9.3f %8.2f", id_width,
                         PositionId(position), position.board.EmptyCount(),
                         SquareName(result.best_move),
                         absl::StrCat(bound, FormatScore(result.score)), expected, check,
                         nodes, seconds, seconds > 0 ? static_cast<double>(nodes) / seconds / 1e6 : 0.0);
}

std::string DescribeProgress(const Progress& p) {
  if (p.scoring_move != kNoMove) {
    // All moves: the solve of one more move, its figures from the root's side.
    Progress move = p;
    move.scoring_move = kNoMove;
    return absl::StrFormat("every move, %d of %d scored, now %s: %s", p.moves_scored,
                           p.moves_to_score, SquareName(p.scoring_move), DescribeProgress(move));
  }
  if (p.presearch_depth > 0) {
    return absl::StrFormat("presearch %d plies, estimate %s %s", p.presearch_depth,
                           SquareName(p.best_move), FormatScore(p.bound));
  }
  if (p.margin > 0) {
    return absl::StrFormat("selective pass (margin %d), root %d/%d, estimate %s %s", p.margin,
                           p.root_moves_done, p.root_moves_total, SquareName(p.best_move),
                           FormatScore(p.bound));
  }
  return absl::StrFormat("exact pass %d, root %d/%d, score in [%s, %s], best %s", p.iteration,
                         p.root_moves_done, p.root_moves_total, FormatScore(p.bound),
                         FormatScore(p.upper), SquareName(p.best_move));
}

std::string JsonLine(const Position& position, const SolveResult& result, Verdict verdict,
                     const std::string& reason) {
  nlohmann::ordered_json j;
  j["id"] = PositionId(position);
  j["empties"] = position.board.EmptyCount();
  j["best_move"] = SquareName(result.best_move);
  j["score"] = result.score;
  // A position with a window (a prove unit): the window, and how the score
  // relates to the truth, as batch records them.
  if (position.window) {
    j["window"] = {position.window->lo, position.window->hi};
    j["bound"] = ScoreKindName(result.kind);
  }
  j["expected_score"] = position.HasAnswers() ? nlohmann::ordered_json(position.ExpectedScore())
                                             : nlohmann::ordered_json(nullptr);
  j["ok"] = verdict == Verdict::kUnknown ? nlohmann::ordered_json(nullptr)
                                         : nlohmann::ordered_json(verdict == Verdict::kOk);
  j["reason"] = reason.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(reason);
  nlohmann::ordered_json pv = nlohmann::ordered_json::array();
  for (int sq : result.pv) pv.push_back(SquareName(sq));
  j["pv"] = std::move(pv);
  // SolveOptions::all_moves: every move with its exact score, best first.
  if (!result.move_scores.empty()) {
    nlohmann::ordered_json moves = nlohmann::ordered_json::array();
    for (const MoveScore& m : result.move_scores) {
      moves.push_back({{"move", SquareName(m.square)}, {"score", m.score}});
    }
    j["moves"] = std::move(moves);
  }
  j["leaves"] = result.nodes.leaves;
  j["internal_nodes"] = result.nodes.internal;
  j["nodes"] = result.nodes.total();
  j["presearch_nodes"] = result.presearch_nodes;
  j["seconds"] = absl::ToDoubleSeconds(result.time);
  return j.dump();
}

std::string ShortDuration(absl::Duration d) {
  const std::int64_t s = std::max<std::int64_t>(0, absl::ToInt64Seconds(d));
  if (s >= 3600) return absl::StrFormat("%dh%02dm", s / 3600, s % 3600 / 60);
  if (s >= 60) return absl::StrFormat("%dm%02ds", s / 60, s % 60);
  return absl::StrFormat("%ds", s);
}

std::string TimeLeft(std::uint64_t selective_nodes, std::uint64_t exact_nodes,
                     double nodes_per_second) {
  if (selective_nodes == 0 || nodes_per_second <= 0) return "";
  const double selective = static_cast<double>(selective_nodes);
  const double searched = static_cast<double>(exact_nodes);
  const double low = kExactOverSelectiveLow * selective - searched;
  const double high = kExactOverSelectiveHigh * selective - searched;
  if (high <= 0) return "";
  const std::string most = ShortDuration(absl::Seconds(high / nodes_per_second));
  if (low <= 0) return absl::StrCat("under ", most, " left");
  return absl::StrCat(ShortDuration(absl::Seconds(low / nodes_per_second)), "-", most, " left");
}

void SolveStatus::Start(std::string id) {
  std::lock_guard lock(mutex_);
  id_ = std::move(id);
  start_ = absl::Now();
  last_ = Progress{};
  reported_ = false;
  selective_nodes_ = 0;
  live_nodes_.store(0, std::memory_order_relaxed);
}

void SolveStatus::Report(const Progress& progress) {
  std::lock_guard lock(mutex_);
  // Each root move of a selective pass reports at its end, so the last
  // report before the first exact one holds the selective passes' nodes.
  if (progress.margin > 0 && progress.scoring_move == kNoMove) selective_nodes_ = progress.nodes;
  last_ = progress;
  reported_ = true;
}

std::string SolveStatus::Line() const {
  std::lock_guard lock(mutex_);
  const double seconds = absl::ToDoubleSeconds(absl::Now() - start_);
  if (!reported_) return absl::StrFormat("%s: starting, %.1fs", id_, seconds);
  // The live count runs ahead of the last report between root moves; the
  // presearch reports positions, which the live count leaves out.
  const std::uint64_t live = live_nodes_.load(std::memory_order_relaxed);
  const bool counting = last_.presearch_depth == 0 && live > last_.nodes;
  const std::uint64_t nodes = counting ? live : last_.nodes;
  const double over = counting ? seconds : absl::ToDoubleSeconds(last_.elapsed);
  const double rate = over > 0 ? static_cast<double>(nodes) / over : 0.0;
  std::string line = absl::StrFormat("%s: %s, %d nodes (%.1f M/s), %.1fs", id_,
                                     DescribeProgress(last_), nodes, rate / 1e6, seconds);
  const bool exact = last_.iteration > 0 && last_.margin == 0 && last_.presearch_depth == 0 &&
                     last_.scoring_move == kNoMove;
  if (exact && nodes >= selective_nodes_) {
    const std::string left = TimeLeft(selective_nodes_, nodes - selective_nodes_, rate);
    if (!left.empty()) absl::StrAppend(&line, ", ", left);
  }
  return line;
}

}  // namespace endsolve
