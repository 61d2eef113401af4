#include "endsolve/bench/json_rows.h"

#include <algorithm>

#include "endsolve/board/notation.h"
#include "endsolve/positions/arguments.h"
#include "nlohmann/json.hpp"

namespace endsolve::bench {
namespace {

using Json = nlohmann::ordered_json;

// The shares and counters of ThreadUse, named as the CSV columns.
void AddThreadUse(Json& j, const ThreadUse& u) {
  std::uint64_t wasted = 0;
  for (std::uint64_t w : u.wasted_nodes) wasted += w;
  j["search_share"] = u.search;
  j["wait_share"] = u.wait;
  j["idle_share"] = u.idle;
  j["splits"] = u.splits;
  j["spawned"] = u.spawned;
  j["stolen"] = u.stolen;
  j["late"] = u.late;
  j["cancelled"] = u.cancelled;
  j["joined"] = u.joined;
  j["wasted_nodes"] = wasted;
}

}  // namespace

std::vector<std::string> BenchJsonRows(const std::vector<Position>& positions,
                                       const BenchSummary& summary, int threads) {
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < summary.rows.size(); ++i) {
    const BenchRow& row = summary.rows[i];
    const Position& p = positions[i];
    Json j;
    j["id"] = PositionId(p);
    j["threads"] = threads;
    j["empties"] = p.board.EmptyCount();
    j["best_move"] = SquareName(row.result.best_move);
    j["score"] = row.result.score;
    j["expected"] = p.HasAnswers() ? Json(p.ExpectedScore()) : Json(nullptr);
    j["ok"] = row.checked ? Json(row.ok) : Json(nullptr);
    j["median_nodes"] = row.median_nodes;
    j["median_seconds"] = row.median_seconds;
    j["leaves"] = row.result.nodes.leaves;
    j["internal_nodes"] = row.result.nodes.internal;
    lines.push_back(j.dump());
  }
  return lines;
}

std::vector<std::string> ScalingJsonRows(const std::vector<ScalingRow>& rows) {
  std::vector<std::string> lines;
  for (const ScalingRow& r : rows) {
    const ScalingRow& base = rows.front();
    Json j;
    j["threads"] = r.threads;
    j["median_seconds"] = r.median_seconds;
    j["speedup"] = Speedup(base, r);
    j["efficiency"] = Efficiency(base, r);
    j["median_nodes"] = r.median_nodes;
    j["node_overhead"] = NodeOverhead(base, r);
    j["nodes_per_second"] =
        r.median_seconds > 0 ? static_cast<double>(r.median_nodes) / r.median_seconds : 0.0;
    j["wrong"] = r.wrong;
    j["oversubscribed"] = r.oversubscribed;
    j["parallelism"] = r.parallelism;
    j["predicted_speedup"] = r.predicted_speedup;
    if (r.use.has_value()) AddThreadUse(j, *r.use);
    lines.push_back(j.dump());
  }
  return lines;
}

std::vector<std::string> VirtualJsonRows(const std::vector<VirtualRow>& rows) {
  std::vector<std::string> lines;
  for (const VirtualRow& r : rows) {
    const VirtualRow& base = rows.front();
    const double speedup =
        r.ticks > 0 ? static_cast<double>(base.ticks) / static_cast<double>(r.ticks) : 0.0;
    Json j;
    j["threads"] = r.threads;
    j["ticks"] = r.ticks;
    j["speedup"] = speedup;
    j["machine_speedup"] = MachineSpeedup(base, r);
    j["efficiency"] = speedup * base.threads / std::max(1, r.threads);
    j["nodes"] = r.nodes;
    j["node_overhead"] = base.nodes > 0 ? static_cast<double>(r.nodes) /
                                                  static_cast<double>(base.nodes) -
                                              1.0
                                        : 0.0;
    j["max_lead"] = r.max_lead;
    j["runs"] = r.runs;
    j["ticks_min"] = r.ticks_min;
    j["ticks_max"] = r.ticks_max;
    j["untaken_releases"] = r.untaken_releases;
    j["wrong"] = r.wrong;
    AddThreadUse(j, r.use);
    j["geometric_mean_speedup"] = GeometricMeanSpeedup(base, r);
    lines.push_back(j.dump());
  }
  // Then each count's positions, by their id.
  for (const VirtualRow& r : rows) {
    const VirtualRow& base = rows.front();
    for (std::size_t i = 0; i < r.positions.size(); ++i) {
      const VirtualPosition& p = r.positions[i];
      Json j;
      j["id"] = p.id;
      j["threads"] = r.threads;
      j["ticks"] = p.ticks;
      j["speedup"] = PositionSpeedup(base, r, i);
      j["nodes"] = p.nodes;
      lines.push_back(j.dump());
    }
  }
  return lines;
}

std::vector<std::string> AblationJsonRows(const std::vector<AblationRow>& rows) {
  std::vector<std::string> lines;
  for (const AblationRow& r : rows) {
    Json j;
    j["variant"] = r.name;
    j["leaves"] = r.nodes.leaves;
    j["internal_nodes"] = r.nodes.internal;
    j["nodes"] = r.nodes.total();
    j["seconds"] = r.seconds;
    j["wrong"] = r.wrong;
    lines.push_back(j.dump());
  }
  return lines;
}

}  // namespace endsolve::bench
