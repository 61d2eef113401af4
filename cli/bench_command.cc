// `endsolve bench ffo`: solves a range of FFO positions, optionally several
// times, and prints the per-position table with medians and the totals;
// --csv writes the same figures for scripts.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "bench/builtin_ffo.h"
#include "bench/runner.h"
#include "bench/scaling.h"
#include "board/position_io.h"
#include "cli/bench_report.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/positions.h"
#include "cli/progress_display.h"
#include "cli/scaling_report.h"
#include "cli/search_flags.h"
#include "cli/tt_factory.h"
#include "oneapi/tbb/info.h"

ABSL_FLAG(std::vector<std::string>, positions, {},
          "bench: position files (comma-separated); default: FFO #40-#59, built in");
ABSL_FLAG(int, repeat, 1, "bench: runs per position; tables report the median");
ABSL_FLAG(std::string, csv, "", "bench: also write the table to this CSV file");
ABSL_FLAG(std::string, plot, "",
          "bench scaling: draw speedup and node overhead with gnuplot into this .svg or .png file");

namespace endsolve::cli {
namespace {

using bench::BenchSummary;
using bench::ScalingRow;

// The positions of --positions (read as --empties says) within --range;
// InvalidArgument when none.
absl::StatusOr<std::vector<Position>> ChosenPositions() {
  auto read_options = ReadOptionsFromFlags();
  if (!read_options.ok()) return read_options.status();
  const std::vector<std::string> files = absl::GetFlag(FLAGS_positions);
  LoadedPositions loaded;
  if (files.empty()) {
    ReadResult builtin =
        ParsePositions(bench::BuiltinFfoText(), bench::kBuiltinFfoName, *read_options);
    loaded.positions = std::move(builtin.positions);
    loaded.errors = std::move(builtin.errors);
  } else {
    loaded = LoadPositions(files, *read_options);
  }
  for (const absl::Status& e : loaded.errors) absl::FPrintF(stderr, "%s\n", e.message());
  auto selected = SelectRangeFromFlag(std::move(loaded.positions));
  if (!selected.ok()) return selected.status();
  if (selected->empty()) return absl::InvalidArgumentError("no position in the range");
  return selected;
}

// Where a benchmark is, for the progress display: written by the runner's
// callback on the solving thread, read by the display's thread.
struct BenchStatus {
  BenchStatus(const std::vector<Position>& chosen, int runs) : positions(chosen), repeat(runs) {}
  std::string Line() const {
    return absl::StrFormat("run %d/%d, %s, %d threads...", run.load() + 1, repeat,
                           PositionId(positions[index.load()]), threads.load());
  }
  const std::vector<Position>& positions;
  const int repeat;
  std::atomic<int> threads = 0, run = 0, index = 0;
};

int BenchFfo(SolveOptions base, const std::vector<Position>& chosen, int repeat) {
  auto tt = MakeTable(base);
  if (!tt.ok()) {
    absl::FPrintF(stderr, "endsolve bench: %s\n", tt.status().message());
    return kExitBadInput;
  }
  base.tt = tt->get();
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  BenchStatus status(chosen, repeat);
  status.threads = base.threads;
  ProgressDisplay display([&status](bool) { return status.Line(); }, IsInteractive(), "bench: ");
  auto runs = bench::RunBench(chosen, base, repeat, interrupted, [&status](int r, int i) {
    status.run = r;
    status.index = i;
  });
  display.Stop();
  if (!runs.ok()) {
    absl::FPrintF(stderr, "endsolve bench: %s\n", runs.status().message());
    return kExitBadInput;
  }
  const BenchSummary summary = bench::Summarise(chosen, *runs, base.wld);
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
  auto tt = MakeTable(base);
  if (!tt.ok()) {
    absl::FPrintF(stderr, "endsolve bench scaling: %s\n", tt.status().message());
    return kExitBadInput;
  }
  SolveOptions options = base;
  options.tt = tt->get();
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  BenchStatus status(positions, repeat);
  ProgressDisplay display([&status](bool) { return status.Line(); }, IsInteractive(),
                          "bench scaling: ");
  auto measured = bench::MeasureScaling(
      positions, options, *counts, repeat, cores, interrupted,
      [&status](int t, int r, int i) {
        status.threads = t;
        status.run = r;
        status.index = i;
      },
      [&](const ScalingRow& row) {
        display.Message(absl::StrFormat("%d threads: %.3f s, %d nodes", row.threads,
                                        row.median_seconds, row.median_nodes));
      });
  display.Stop();
  if (!measured.ok()) {
    absl::FPrintF(stderr, "endsolve bench scaling: %s\n", measured.status().message());
    return kExitBadInput;
  }
  const std::vector<ScalingRow>& rows = *measured;
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
