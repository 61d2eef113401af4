#include "endsolve/bench/virtual_scaling.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include "absl/strings/str_format.h"
#include "endsolve/bench/runner.h"
#include "endsolve/bench/scaling_report.h"
#include "endsolve/positions/arguments.h"
#include "endsolve/solver/thread_stats.h"
#include "endsolve/solver/answer_check.h"
#include "endsolve/solver/virtual_clock.h"

namespace endsolve::bench {

absl::StatusOr<std::vector<VirtualRow>> MeasureVirtualScaling(
    const std::vector<Position>& positions, const SolveOptions& base,
    const std::vector<int>& thread_counts, int repeat, std::int64_t slice,
    search::TaskCost task_cost, const std::atomic<bool>& cancel,
    const std::function<void(int, int, int)>& on_start) {
  SolveOptions with_table = base;
  // An interrupt stops the solve under way, not only the next one.
  with_table.cancel = &cancel;
  std::unique_ptr<TranspositionTable> table;
  if (absl::Status s = GiveTable(with_table, table); !s.ok()) return s;
  std::vector<VirtualRow> rows;
  for (const int threads : thread_counts) {
    const int runs = threads == 1 ? 1 : std::max(1, repeat);
    std::vector<VirtualRow> done;
    for (int run = 0; run < runs; ++run) {
      VirtualRow row;
      row.threads = threads;
      double search = 0, wait = 0, idle = 0;
      search::ParallelStats stats(threads);
      for (std::size_t i = 0; i < positions.size(); ++i) {
        if (cancel.load()) return rows;
        if (on_start) on_start(threads, run, static_cast<int>(i));
        search::VirtualClock clock(threads, slice, task_cost);
        SolveOptions options = with_table;
        options.threads = threads;
        options.virtual_clock = &clock;
        options.parallel_stats = &stats;
        // SolveEach: the table cleared first, the position's own window.
        std::optional<SolveResult> result;
        const absl::StatusOr<int> solved = SolveEach(
            {positions[i]}, options, {}, [&](int, const SolveResult& r) { result = r; });
        if (!solved.ok()) return solved.status();
        if (!result) return rows;  // stopped: cancelled
        if (CheckAnswer(positions[i], *result, options.wld) == Verdict::kWrong) ++row.wrong;
        const std::uint64_t nodes = result->nodes.total() - result->pv_nodes.total();
        row.ticks += clock.ticks();
        row.nodes += nodes;
        row.positions.push_back({PositionId(positions[i]), clock.ticks(), nodes});
        row.max_lead = std::max(row.max_lead, clock.max_lead());
        row.untaken_releases += clock.untaken_releases();
        for (int slot = 0; slot < threads; ++slot) {
          search += static_cast<double>(clock.search(slot));
          wait += static_cast<double>(clock.wait(slot));
          idle += static_cast<double>(clock.idle(slot));
        }
      }
      row.use = SummariseThreadUse(stats, 1);
      const double all = search + wait + idle;
      if (all > 0) {
        row.use.search = search / all;
        row.use.wait = wait / all;
        row.use.idle = idle / all;
      }
      done.push_back(row);
    }
    std::sort(done.begin(), done.end(),
              [](const VirtualRow& a, const VirtualRow& b) { return a.ticks < b.ticks; });
    // The median run (the lower of the middle two), whole: its nodes and
    // shares belong to its ticks. A wrong answer in any run counts.
    VirtualRow row = done[(done.size() - 1) / 2];
    row.runs = runs;
    row.ticks_min = done.front().ticks;
    row.ticks_max = done.back().ticks;
    row.untaken_releases = 0;
    for (const VirtualRow& r : done) {
      row.wrong = std::max(row.wrong, r.wrong);
      row.max_lead = std::max(row.max_lead, r.max_lead);
      row.untaken_releases += r.untaken_releases;
    }
    rows.push_back(row);
  }
  return rows;
}

double MachineSpeedup(const VirtualRow& base, const VirtualRow& row) {
  auto rate = [](const VirtualRow& r) { return search::MachineRate(r.threads * r.use.search); };
  if (row.ticks <= 0) return 0;
  return static_cast<double>(base.ticks) / rate(base) /
         (static_cast<double>(row.ticks) / rate(row));
}

std::string FormatVirtualTable(const std::vector<VirtualRow>& rows, std::int64_t slice,
                               search::TaskCost task_cost) {
  std::string out = absl::StrFormat(
      "virtual cores in lockstep (time in nodes, a thread at most %d nodes ahead of the "
      "slowest, a helper task %d ticks, one its spawner runs %d); speedup and overhead "
      "against %d thread(s)\n",
      slice, task_cost.stolen, task_cost.own, rows.empty() ? 1 : rows.front().threads);
  absl::StrAppendFormat(&out,
                        "machine: the speedup on the 16-core machine the ticks are calibrated to, "
                        "where n threads searching at once ran at n^-%.3f of one's node rate\n",
                        search::kMachineRateExponent);
  int runs = 1;
  for (const VirtualRow& r : rows) runs = std::max(runs, r.runs);
  if (runs > 1) {
    absl::StrAppendFormat(&out,
                          "each count the median of %d runs by ticks (one virtual core runs once: "
                          "it repeats exactly); spread: the most ticks less the fewest, against "
                          "the median\n",
                          runs);
  }
  absl::StrAppendFormat(&out, "%7s %16s %8s %8s %10s %16s %9s %7s %7s %7s %5s%s\n", "threads",
                        "ticks", "speedup", "machine", "efficiency", "nodes", "overhead", "search",
                        "wait", "idle", "wrong", runs > 1 ? "  spread" : "");
  for (const VirtualRow& r : rows) {
    const VirtualRow& base = rows.front();
    const double speedup =
        r.ticks > 0 ? static_cast<double>(base.ticks) / static_cast<double>(r.ticks) : 0.0;
    const double overhead = base.nodes > 0 ? static_cast<double>(r.nodes) /
                                                     static_cast<double>(base.nodes) -
                                                 1.0
                                           : 0.0;
    const double spread = r.ticks > 0 ? static_cast<double>(r.ticks_max - r.ticks_min) /
                                            static_cast<double>(r.ticks)
                                      : 0.0;
    absl::StrAppendFormat(&out,
                          "%7d %16d %8.2f %8.2f %10.2f %16d %8.1f%% %6.1f%% %6.1f%% %6.1f%% %5d%s\n",
                          r.threads, r.ticks, speedup, MachineSpeedup(base, r),
                          speedup * base.threads / std::max(1, r.threads), r.nodes,
                          100.0 * overhead, 100.0 * r.use.search, 100.0 * r.use.wait,
                          100.0 * r.use.idle, r.wrong,
                          runs > 1 ? absl::StrFormat(" %6.1f%%", 100.0 * spread) : "");
  }
  for (const VirtualRow& r : rows) {
    if (r.untaken_releases > 0) {
      absl::StrAppendFormat(&out,
                            "%d virtual cores: %d times a thread went on after %d ms held by a "
                            "task nobody took (endsolve/solver/virtual_clock.h): the lockstep "
                            "broken there\n",
                            r.threads, r.untaken_releases, search::kUntakenTaskWait.count());
    }
  }
  return out;
}

double PositionSpeedup(const VirtualRow& base, const VirtualRow& row, std::size_t i) {
  const std::int64_t before = i < base.positions.size() ? base.positions[i].ticks : 0;
  const std::int64_t after = i < row.positions.size() ? row.positions[i].ticks : 0;
  return before > 0 && after > 0 ? static_cast<double>(before) / static_cast<double>(after) : 0.0;
}

double GeometricMeanSpeedup(const VirtualRow& base, const VirtualRow& row) {
  if (base.positions.size() != row.positions.size() || row.positions.empty()) return 0;
  double log_sum = 0;
  for (std::size_t i = 0; i < row.positions.size(); ++i) {
    const double speedup = PositionSpeedup(base, row, i);
    if (speedup <= 0) return 0;
    log_sum += std::log(speedup);
  }
  return std::exp(log_sum / static_cast<double>(row.positions.size()));
}

std::string FormatVirtualPositions(const std::vector<VirtualRow>& rows) {
  if (rows.empty()) return "";
  std::string out = absl::StrFormat(
      "per position: ticks of each count's run, and the speedup against %d thread(s)\n",
      rows.front().threads);
  absl::StrAppendFormat(&out, "%10s", "position");
  for (const VirtualRow& r : rows) {
    absl::StrAppendFormat(&out, " %16s %8s", absl::StrFormat("ticks at %d", r.threads), "speedup");
  }
  out += "\n";
  const VirtualRow& base = rows.front();
  for (std::size_t i = 0; i < base.positions.size(); ++i) {
    absl::StrAppendFormat(&out, "%10s", base.positions[i].id);
    for (const VirtualRow& r : rows) {
      const std::int64_t ticks = i < r.positions.size() ? r.positions[i].ticks : 0;
      absl::StrAppendFormat(&out, " %16d %8.2f", ticks, PositionSpeedup(base, r, i));
    }
    out += "\n";
  }
  absl::StrAppendFormat(&out, "%10s", "geo. mean");
  for (const VirtualRow& r : rows) {
    absl::StrAppendFormat(&out, " %16s %8.2f", "", GeometricMeanSpeedup(base, r));
  }
  out += "\n";
  return out;
}

std::string FormatVirtualThreadUse(const std::vector<VirtualRow>& rows) {
  std::vector<ScalingRow> as_scaling;
  for (const VirtualRow& r : rows) {
    ScalingRow row;
    row.threads = r.threads;
    row.median_nodes = r.nodes;
    row.use = r.use;
    as_scaling.push_back(row);
  }
  return FormatThreadUse(as_scaling, "ticks");
}

}  // namespace endsolve::bench
