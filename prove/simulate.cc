#include "endsolve/prove/simulate.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <queue>

#include "absl/strings/str_cat.h"
#include "endsolve/batch/results_file.h"
#include "nlohmann/json.hpp"

namespace endsolve::prove {

absl::StatusOr<std::vector<RoundTimes>> ReadRoundTimes(const std::string& folder) {
  namespace fs = std::filesystem;
  std::map<int, RoundTimes> by_round;
  const std::string results = folder + "/results";
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(results, ec)) {
    const std::string name = entry.path().filename().string();
    int round = 0;
    if (std::sscanf(name.c_str(), "round-%d", &round) != 1 || entry.path().extension() != ".jsonl") {
      continue;
    }
    absl::StatusOr<batch::ResultsContents> contents = batch::ReadResultsFile(entry.path().string());
    if (!contents.ok()) return contents.status();
    RoundTimes& times = by_round[round];
    times.round = round;
    for (const batch::ResultRecord& r : contents->records) {
      // A repeat took no time of its own: its answer came from the original.
      if (r.duplicate_of || !r.seconds) continue;
      times.unit_seconds.push_back(*r.seconds);
    }
  }
  if (ec) return absl::NotFoundError(absl::StrCat("cannot read ", results, ": ", ec.message()));
  // rounds.jsonl: one line per finished round; a torn last line is skipped
  // (that round is run again).
  std::ifstream rounds(folder + "/rounds.jsonl");
  for (std::string line; std::getline(rounds, line);) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("round") || !j["round"].is_number_integer()) continue;
    // A round the local engine pruned ran fewer units than workers side by
    // side would have: its times are not the round's schedule.
    if (j.contains("skipped") && j["skipped"].is_number_integer() && j["skipped"].get<int>() > 0) {
      return absl::FailedPreconditionError(absl::StrCat(
          folder, "/rounds.jsonl: round ", j["round"].get<int>(), " skipped ",
          j["skipped"].get<int>(),
          " units that earlier answers made needless or put after others (the local engine's "
          "pruning), which workers side by side would have run; prove into a new folder with "
          "--simulate from the start (it runs every unit)"));
    }
    if (!j.contains("plan_seconds") || !j["plan_seconds"].is_number()) continue;
    const auto it = by_round.find(j["round"].get<int>());
    if (it != by_round.end()) it->second.plan_seconds = j["plan_seconds"].get<double>();
  }
  std::vector<RoundTimes> out;
  for (auto& [round, times] : by_round) out.push_back(std::move(times));
  return out;
}

Prediction Simulate(const std::vector<RoundTimes>& rounds, int workers) {
  Prediction p;
  p.workers = workers;
  p.rounds = static_cast<int>(rounds.size());
  double total = 0;
  for (const RoundTimes& round : rounds) {
    std::vector<double> units = round.unit_seconds;
    std::sort(units.begin(), units.end(), std::greater<>());
    // Each worker's finishing time; the next unit goes to the one free soonest.
    std::priority_queue<double, std::vector<double>, std::greater<>> free_at;
    for (int w = 0; w < workers; ++w) free_at.push(0.0);
    double makespan = 0;
    for (double seconds : units) {
      const double start = free_at.top();
      free_at.pop();
      free_at.push(start + seconds);
      makespan = std::max(makespan, start + seconds);
      total += seconds;
      p.largest_unit = std::max(p.largest_unit, seconds);
    }
    p.wall_seconds += round.plan_seconds + makespan;
    p.plan_seconds += round.plan_seconds;
    total += round.plan_seconds;
  }
  p.speedup = p.wall_seconds > 0 ? total / p.wall_seconds : 0;
  return p;
}

}  // namespace endsolve::prove
