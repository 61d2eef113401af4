#include "endsolve/bench/runner.h"

#include "endsolve/solver/answer_check.h"

namespace endsolve::bench {

absl::Status GiveTable(SolveOptions& options, std::unique_ptr<TranspositionTable>& owned) {
  if (options.tt != nullptr) return absl::OkStatus();
  absl::StatusOr<std::unique_ptr<TranspositionTable>> made = TranspositionTable::Create(options.table);
  if (!made.ok()) return made.status();
  owned = *std::move(made);
  options.tt = owned.get();
  return absl::OkStatus();
}

absl::StatusOr<BenchRuns> RunBench(const std::vector<Position>& positions, SolveOptions options,
                                   int repeat, const std::atomic<bool>& cancel,
                                   const OnSolveStart& on_start) {
  std::unique_ptr<TranspositionTable> table;
  if (absl::Status s = GiveTable(options, table); !s.ok()) return s;
  options.cancel = &cancel;
  BenchRuns runs;
  for (int r = 0; r < repeat && !cancel.load(); ++r) {
    std::vector<SolveResult> run;
    absl::StatusOr<int> finished = SolveEach(
        positions, options, [&](int i) { if (on_start) on_start(r, i); },
        [&](int, const SolveResult& result) { run.push_back(result); });
    if (!finished.ok()) return finished.status();
    if (run.size() != positions.size()) break;  // an interrupted run is not a sample
    runs.push_back(std::move(run));
  }
  return runs;
}

BenchSummary Summarise(const std::vector<Position>& positions, const BenchRuns& runs,
                       bool wld) {
  BenchSummary s;
  s.complete_runs = static_cast<int>(runs.size());
  if (runs.empty()) return s;
  std::vector<double> totals;
  std::vector<std::uint64_t> total_nodes;
  for (const auto& run : runs) {
    double t = 0;
    std::uint64_t n = 0;
    for (const SolveResult& r : run) {
      t += absl::ToDoubleSeconds(r.time);
      n += r.nodes.total();
    }
    totals.push_back(t);
    total_nodes.push_back(n);
  }
  s.median_total_seconds = Median(totals);
  s.median_total_nodes = Median(total_nodes);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    std::vector<double> times;
    std::vector<std::uint64_t> nodes;
    for (const auto& run : runs) {
      times.push_back(absl::ToDoubleSeconds(run[i].time));
      nodes.push_back(run[i].nodes.total());
    }
    BenchRow row;
    row.median_seconds = Median(times);
    row.median_nodes = Median(nodes);
    // The representative run is the one whose time is the median (the
    // lower middle for an even count).
    std::vector<std::size_t> order(runs.size());
    for (std::size_t r = 0; r < order.size(); ++r) order[r] = r;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return times[a] < times[b]; });
    row.result = runs[order[(order.size() - 1) / 2]][i];
    // Every run must be right, not just the median one.
    for (const auto& run : runs) {
      const Verdict v = CheckAnswer(positions[i], run[i], wld);
      if (v != Verdict::kUnknown) row.checked = true;
      if (v == Verdict::kWrong) row.ok = false;
    }
    if (row.checked && !row.ok) ++s.wrong;
    s.rows.push_back(std::move(row));
  }
  return s;
}

}  // namespace endsolve::bench
