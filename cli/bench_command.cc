// `endsolve bench ffo`: solves a range of FFO positions, optionally several
// times, and prints the per-position table with medians and the totals;
// --csv writes the same figures for scripts.
#include <algorithm>
#include <cstdio>
#include <fstream>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "cli/bench_runner.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/positions.h"
#include "cli/report.h"
#include "cli/scaling.h"
#include "cli/search_flags.h"
#include "oneapi/tbb/info.h"

ABSL_FLAG(std::vector<std::string>, positions, {"ffo/fforum-40-59.obf"},
          "bench: position files (comma-separated)");
ABSL_FLAG(int, repeat, 1, "bench: runs per position; tables report the median");
ABSL_FLAG(std::string, csv, "", "bench: also write the table to this CSV file");
ABSL_FLAG(std::string, plot, "",
          "bench scaling: draw speedup and node overhead with gnuplot into this .svg or .png file");

namespace endsolve::cli {
namespace {

// The positions of --positions (read as --empties says) within --range;
// InvalidArgument when none.
absl::StatusOr<std::vector<Position>> ChosenPositions() {
  auto read_options = ReadOptionsFromFlags();
  if (!read_options.ok()) return read_options.status();
  LoadedPositions loaded = LoadPositions(absl::GetFlag(FLAGS_positions), *read_options);
  for (const absl::Status& e : loaded.errors) absl::FPrintF(stderr, "%s\n", e.message());
  auto selected = SelectRangeFromFlag(std::move(loaded.positions));
  if (!selected.ok()) return selected.status();
  if (selected->empty()) return absl::InvalidArgumentError("no position in the range");
  return selected;
}

int BenchFfo(const SolveOptions& base, const std::vector<Position>& chosen, int repeat) {
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  auto runs = RunBench(chosen, base, repeat, interrupted, IsInteractive());
  if (!runs.ok()) {
    absl::FPrintF(stderr, "endsolve bench: %s\n", runs.status().message());
    return kExitBadInput;
  }
  const BenchSummary summary = Summarise(chosen, *runs, base.wld);
  absl::PrintF("%s", FormatBenchTable(chosen, summary, base.threads, repeat));
  const std::string csv = absl::GetFlag(FLAGS_csv);
  if (!csv.empty()) {
    if (absl::Status s = WriteBenchCsv(csv, chosen, summary, base.threads); !s.ok()) {
      absl::FPrintF(stderr, "endsolve bench: %s\n", s.message());
      return kExitBadInput;
    }
  }
  if (interrupted.load()) return kExitInterrupted;
  return summary.wrong > 0 ? kExitWrong : kExitOk;
}

// Runs the positions at each --threads count, in the order given (the first
// count is the baseline, normally 1), and prints the scaling table.
int BenchScaling(const SolveOptions& base, const std::vector<Position>& positions, int repeat) {
  auto counts = ThreadCountsFromFlag();
  if (!counts.ok()) {
    absl::FPrintF(stderr, "endsolve bench scaling: %s\n", counts.status().message());
    return kExitBadInput;
  }
  if (const std::string plot = absl::GetFlag(FLAGS_plot); !plot.empty()) {
    if (absl::Status usable = CheckPlotPath(plot); !usable.ok()) {
      absl::FPrintF(stderr, "endsolve bench scaling: %s\n", usable.message());
      return kExitBadInput;
    }
  }
  for (int threads : *counts) {  // refuse a bad count before hours of runs
    SolveOptions options = base;
    options.threads = threads;
    if (absl::Status valid = ValidateOptions(options); !valid.ok()) {
      absl::FPrintF(stderr, "endsolve bench scaling: %s\n", valid.message());
      return kExitBadInput;
    }
  }
  const int cores = tbb::info::default_concurrency();
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  std::vector<ScalingRow> rows;
  for (int threads : *counts) {
    SolveOptions options = base;
    options.threads = threads;
    auto runs = RunBench(positions, options, repeat, interrupted, IsInteractive());
    if (!runs.ok()) {
      absl::FPrintF(stderr, "endsolve bench scaling: %s\n", runs.status().message());
      return kExitBadInput;
    }
    if (interrupted.load() || static_cast<int>(runs->size()) < repeat) break;
    const BenchSummary summary = Summarise(positions, *runs, options.wld);
    ScalingRow row;
    row.threads = threads;
    row.median_seconds = summary.median_total_seconds;
    row.median_nodes = summary.median_total_nodes;
    row.wrong = summary.wrong;
    row.oversubscribed = threads > cores;
    rows.push_back(row);
    absl::FPrintF(stderr, "%d threads: %.3f s, %d nodes\n", threads, row.median_seconds,
                  row.median_nodes);
  }
  if (rows.empty()) return kExitInterrupted;
  absl::PrintF("%s", FormatScalingTable(rows, cores, repeat));
  if (const std::string csv = absl::GetFlag(FLAGS_csv); !csv.empty()) {
    if (absl::Status s = WriteScalingCsv(csv, rows); !s.ok()) {
      absl::FPrintF(stderr, "endsolve bench scaling: %s\n", s.message());
      return kExitBadInput;
    }
  }
  if (const std::string plot = absl::GetFlag(FLAGS_plot); !plot.empty()) {
    const std::string title = absl::StrFormat("endsolve scaling, %d positions, %d cores",
                                              positions.size(), cores);
    if (absl::Status s = PlotScaling(plot, rows, title); !s.ok()) {
      absl::FPrintF(stderr, "endsolve bench scaling: %s\n", s.message());
      return kExitBadInput;
    }
    absl::FPrintF(stderr, "endsolve bench scaling: plot written to %s\n", plot);
  }
  if (interrupted.load()) return kExitInterrupted;
  int wrong = 0;
  for (const ScalingRow& r : rows) wrong += r.wrong;
  return wrong > 0 ? kExitWrong : kExitOk;
}

}  // namespace

int BenchCommand(int argc, char** argv) {
  const absl::string_view which = argc >= 1 ? absl::string_view(argv[0]) : "";
  if (which != "ffo" && which != "scaling") {
    absl::FPrintF(stderr, "endsolve bench: expected a benchmark name: ffo or scaling\n");
    return kExitBadInput;
  }
  const bool scaling = which == "scaling";
  auto args = scaling ? ParseSubcommandFlags("bench scaling", argc - 1, argv + 1,
                                             {ENDSOLVE_SEARCH_FLAG_NAMES, "positions", "range",
                                              "empties", "repeat", "csv", "plot"})
                      : ParseSubcommandFlags("bench ffo", argc - 1, argv + 1,
                                             {ENDSOLVE_SEARCH_FLAG_NAMES, "positions", "range",
                                              "empties", "repeat", "csv"});
  if (!args.ok() || !args->empty()) {
    absl::FPrintF(stderr, "%s\n", args.ok() ? "endsolve bench: positions are given with --positions"
                                            : args.status().message());
    return kExitBadInput;
  }
  auto options = SolveOptionsFromFlags(scaling ? ThreadsFlag::kList : ThreadsFlag::kOneCount);
  if (!options.ok()) {
    absl::FPrintF(stderr, "endsolve bench: %s\n", options.status().message());
    return kExitBadInput;
  }
  auto positions = ChosenPositions();
  const int repeat = absl::GetFlag(FLAGS_repeat);
  if (!positions.ok() || repeat < 1) {
    absl::FPrintF(stderr, "endsolve bench: %s\n",
                  positions.ok() ? absl::StrCat("--repeat: expected at least 1, found ", repeat)
                                 : std::string(positions.status().message()));
    return kExitBadInput;
  }
  return scaling ? BenchScaling(*options, *positions, repeat) : BenchFfo(*options, *positions, repeat);
}

}  // namespace endsolve::cli
