#include "cli/report.h"

#include <algorithm>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "board/arguments.h"
#include "nlohmann/json.hpp"

namespace endsolve::cli {
namespace {

// Nodes per second in millions; 0 for a solve too fast to time.
double MegaNodesPerSecond(const SolveResult& r) {
  const double seconds = absl::ToDoubleSeconds(r.time);
  return seconds > 0 ? static_cast<double>(r.nodes.total()) / seconds / 1e6 : 0.0;
}

}  // namespace

std::string TableHeader(int id_width) {
  return absl::StrFormat("%-*s %3s %4s %5s %6s %-5s %14s %9s %8s  %s", id_width, "id", "emp", "move",
                         "score", "expect", "check", "nodes", "time(s)", "Mnodes/s", "pv");
}

std::string TableRow(const Position& position, const SolveResult& result, Verdict verdict,
                     int id_width) {
  const std::string expected = position.HasAnswers() ? FormatScore(position.ExpectedScore()) : "";
  const char* check = verdict == Verdict::kOk ? "OK" : verdict == Verdict::kWrong ? "WRONG" : "";
  return absl::StrFormat("%-*s %3d %4s %5s %6s %-5s %14d %9.3f %8.2f  %s", id_width,
                         PositionId(position),
                         position.board.EmptyCount(), SquareName(result.best_move),
                         FormatScore(result.score), expected, check, result.nodes.total(),
                         absl::ToDoubleSeconds(result.time), MegaNodesPerSecond(result),
                         FormatPv(result.pv));
}

std::string JsonLine(const Position& position, const SolveResult& result, Verdict verdict) {
  nlohmann::ordered_json j;
  j["id"] = PositionId(position);
  j["empties"] = position.board.EmptyCount();
  j["best_move"] = SquareName(result.best_move);
  j["score"] = result.score;
  j["expected_score"] = position.HasAnswers() ? nlohmann::ordered_json(position.ExpectedScore())
                                             : nlohmann::ordered_json(nullptr);
  j["ok"] = verdict == Verdict::kUnknown ? nlohmann::ordered_json(nullptr)
                                         : nlohmann::ordered_json(verdict == Verdict::kOk);
  nlohmann::ordered_json pv = nlohmann::ordered_json::array();
  for (int sq : result.pv) pv.push_back(SquareName(sq));
  j["pv"] = std::move(pv);
  j["leaves"] = result.nodes.leaves;
  j["internal_nodes"] = result.nodes.internal;
  j["nodes"] = result.nodes.total();
  j["presearch_nodes"] = result.presearch_nodes;
  j["seconds"] = absl::ToDoubleSeconds(result.time);
  return j.dump();
}

}  // namespace endsolve::cli
