// `endsolve bench ffo|scaling|ablation [FILE...]`: solves a range of FFO
// positions, optionally several times, and prints the table of medians
// (or, with --json, a JSON object per row); --csv writes the same figures
// for scripts.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/bench/ablation.h"
#include "endsolve/bench/builtin_ffo.h"
#include "endsolve/bench/json_rows.h"
#include "endsolve/bench/report.h"
#include "endsolve/bench/runner.h"
#include "endsolve/bench/scaling.h"
#include "endsolve/bench/scaling_report.h"
#include "endsolve/bench/virtual_scaling.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/output_flags.h"
#include "endsolve/cli/positions.h"
#include "endsolve/cli/search_flags.h"
#include "endsolve/output/output_path.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/solver/virtual_clock.h"
#include "oneapi/tbb/info.h"

namespace endsolve::cli {
namespace {

using bench::BenchSummary;
using bench::ScalingRow;

struct BenchArgs {
  std::vector<std::string> inputs;
  int repeat = 1;
  std::string csv;
  std::string plot;
  bool verbose = false;
  bool json = false;
  bool virtual_cores = false;  // scaling's --virtual
  // and its --virtual-task-ticks and --virtual-own-task-ticks: -1 when not
  // given (kVirtualTaskCost).
  std::int64_t task_ticks = -1;
  std::int64_t own_task_ticks = -1;
  SearchArgs search;
  InputArgs input;
};

// The positions of the input files (read as --empties says), or the
// built-in FFO #40-#59, within --range; nothing, after printing why, when
// none is.
std::optional<LoadedPositions> ChosenPositions(const BenchArgs& args) {
  const ReadOptions read_options = args.input.read_options();
  LoadedPositions loaded;
  if (args.inputs.empty()) {
    ReadResult builtin =
        ParsePositions(bench::BuiltinFfoText(), bench::kBuiltinFfoName, read_options);
    loaded.positions = std::move(builtin.positions);
    loaded.errors = std::move(builtin.errors);
  } else {
    loaded = LoadPositions(args.inputs, read_options);
  }
  return SelectInputs("endsolve bench", std::move(loaded), args.input);
}

// --json's rows, one a line.
void PrintLines(const std::vector<std::string>& lines) {
  for (const std::string& line : lines) absl::PrintF("%s\n", line);
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

int BenchFfo(const BenchArgs& args, const SolveOptions& base, const std::vector<Position>& chosen) {
  const int repeat = args.repeat;
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  BenchStatus status(chosen, repeat);
  status.threads = base.threads;
  ProgressDisplay display([&status](bool) { return status.Line(); }, IsInteractive(), "bench: ");
  auto runs = bench::RunBench(chosen, base, repeat, interrupted, [&status](int r, int i) {
    status.run = r;
    status.index = i;
  });
  display.Stop();
  if (!runs.ok()) return Fail("endsolve bench", runs.status().message());
  const BenchSummary summary = bench::Summarise(chosen, *runs, base.wld);
  if (args.json) {
    PrintLines(bench::BenchJsonRows(chosen, summary, base.threads));
  } else {
    absl::PrintF("%s", bench::FormatBenchTable(chosen, summary, base.threads, repeat));
  }
  if (const std::string& csv = args.csv; !csv.empty()) {
    if (absl::Status s = bench::WriteBenchCsv(csv, chosen, summary, base.threads); !s.ok()) {
      return FailWrite("endsolve bench", s.message());
    }
  }
  if (interrupted.load()) return kExitInterrupted;
  return summary.wrong > 0 ? kExitWrong : kExitOk;
}

// Runs the positions at each --threads count, in the order given (the first
// count is the baseline, normally 1), and prints the scaling table.
int BenchScaling(const BenchArgs& args, const SolveOptions& base,
                 const std::vector<Position>& positions, const std::vector<int>& counts) {
  const int repeat = args.repeat;
  const int cores = tbb::info::default_concurrency();
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  BenchStatus status(positions, repeat);
  // First the work/span model (one one-thread solve of each position), whose
  // figures go beside every row.
  std::atomic<bool> modelling = true;
  ProgressDisplay display(
      [&status, &modelling](bool) {
        return modelling.load()
                   ? absl::StrFormat("work/span model, %s...",
                                     PositionId(status.positions[status.index.load()]))
                   : status.Line();
      },
      IsInteractive(), "bench scaling: ");
  auto parallelism = bench::MeasureParallelism(positions, base, counts, interrupted,
                                               [&status](int i) { status.index = i; });
  modelling = false;
  if (!parallelism.ok()) return Fail("endsolve bench scaling", parallelism.status().message());
  if (interrupted.load()) return kExitInterrupted;
  display.Message(absl::StrFormat("parallelism (work/span): %.1f", parallelism->unlimited));
  auto measured = bench::MeasureScaling(
      positions, base, counts, repeat, cores, interrupted,
      [&status](int t, int r, int i) {
        status.threads = t;
        status.run = r;
        status.index = i;
      },
      [&](const ScalingRow& row) {
        display.Message(absl::StrFormat("%d threads: %.3f s, %d nodes", row.threads,
                                        row.median_seconds, row.median_nodes));
      },
      &*parallelism, args.verbose);
  display.Stop();
  if (!measured.ok()) return Fail("endsolve bench scaling", measured.status().message());
  const std::vector<ScalingRow>& rows = *measured;
  if (rows.empty()) return kExitInterrupted;
  if (args.json) {
    PrintLines(bench::ScalingJsonRows(rows));
  } else {
    absl::PrintF("%s", bench::FormatScalingTable(rows, cores, repeat, &*parallelism,
                                                 search::PolicyName(base.split_policy)));
    if (args.verbose) absl::PrintF("%s", bench::FormatThreadUse(rows));
  }
  if (const std::string& csv = args.csv; !csv.empty()) {
    if (absl::Status s = bench::WriteScalingCsv(csv, rows); !s.ok()) {
      return FailWrite("endsolve bench scaling", s.message());
    }
  }
  if (const std::string& plot = args.plot; !plot.empty()) {
    const std::string title = absl::StrFormat("endsolve scaling, %d positions, %d cores",
                                              positions.size(), cores);
    if (absl::Status s = bench::PlotScaling(plot, rows, title); !s.ok()) {
      return FailWrite("endsolve bench scaling", s.message());
    }
    absl::FPrintF(stderr, "endsolve bench scaling: plot written to %s\n", plot);
  }
  if (interrupted.load()) return kExitInterrupted;
  int wrong = 0;
  for (const ScalingRow& r : rows) wrong += r.wrong;
  return wrong > 0 ? kExitWrong : kExitOk;
}

// --virtual: each count on a virtual machine of that many cores
// (endsolve/bench/virtual_scaling.h), the table of predicted figures.
int BenchVirtual(const BenchArgs& args, const SolveOptions& base,
                 const std::vector<Position>& positions, const std::vector<int>& counts) {
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  std::atomic<int> threads = 1, run = 0, index = 0;
  ProgressDisplay display(
      [&](bool) {
        // One virtual core runs once (MeasureVirtualScaling).
        const std::string of_runs = args.repeat > 1 && threads.load() > 1
                                        ? absl::StrFormat("run %d/%d, ", run.load() + 1, args.repeat)
                                        : "";
        return absl::StrFormat("%d virtual cores, %s%s...", threads.load(), of_runs,
                               PositionId(positions[index.load()]));
      },
      IsInteractive(), "bench scaling --virtual: ");
  const std::int64_t slice = search::kVirtualSlice;
  const search::TaskCost task_cost{
      .stolen = args.task_ticks >= 0 ? args.task_ticks : search::kVirtualTaskCost.stolen,
      .own = args.own_task_ticks >= 0 ? args.own_task_ticks : search::kVirtualTaskCost.own};
  auto rows = bench::MeasureVirtualScaling(positions, base, counts, args.repeat, slice,
                                           task_cost, interrupted, [&](int t, int r, int i) {
                                             threads = t;
                                             run = r;
                                             index = i;
                                           });
  display.Stop();
  if (!rows.ok()) return Fail("endsolve bench scaling", rows.status().message());
  if (args.json) {
    PrintLines(bench::VirtualJsonRows(*rows));
  } else if (!rows->empty()) {
    absl::PrintF("%s", bench::FormatVirtualTable(*rows, slice, task_cost));
    if (args.verbose) {
      absl::PrintF("%s", bench::FormatVirtualThreadUse(*rows));
      absl::PrintF("%s", bench::FormatVirtualPositions(*rows));
    }
  }
  if (interrupted.load()) return kExitInterrupted;
  for (const bench::VirtualRow& r : *rows) {
    if (r.wrong > 0) return kExitWrong;
  }
  return kExitOk;
}

// Solves the positions once per ablation variant (endsolve/bench/ablation.h) and
// prints the table.
int BenchAblation(const BenchArgs& args, const SolveOptions& base,
                  const std::vector<Position>& positions) {
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  const std::vector<bench::AblationVariant> variants = bench::AblationVariants(base.features);
  std::atomic<int> variant = 0, index = 0;
  ProgressDisplay display(
      [&](bool) {
        return absl::StrFormat("variant %d/%d (%s), %s...", variant.load() + 1, variants.size(),
                               variants[variant.load()].name, PositionId(positions[index.load()]));
      },
      IsInteractive(), "bench ablation: ");
  auto rows = bench::MeasureAblation(positions, base, variants, interrupted, [&](int v, int i) {
    variant = v;
    index = i;
  });
  display.Stop();
  if (!rows.ok()) return Fail("endsolve bench ablation", rows.status().message());
  if (args.json) {
    PrintLines(bench::AblationJsonRows(*rows));
  } else if (!rows->empty()) {
    absl::PrintF("%s", bench::FormatAblationTable(*rows));
  }
  if (interrupted.load()) return kExitInterrupted;
  for (const bench::AblationRow& r : *rows) {
    if (r.wrong > 0) return kExitWrong;
  }
  return kExitOk;
}

enum class BenchKind { kFfo, kScaling, kAblation };

int RunBench(const BenchArgs& args, BenchKind kind) {
  auto options = ToSolveOptions(args.search);
  if (!options.ok()) return Fail("endsolve bench", options.status().message());
  std::optional<LoadedPositions> read = ChosenPositions(args);
  if (!read) return kExitBadInput;
  const std::vector<Position>& positions = read->positions;
  if (!args.virtual_cores && (args.task_ticks >= 0 || args.own_task_ticks >= 0)) {
    return Fail("endsolve bench scaling",
                absl::StrCat(args.task_ticks >= 0 ? "--virtual-task-ticks"
                                                  : "--virtual-own-task-ticks",
                             " is for --virtual: a real machine's tasks cost what they cost"));
  }
  if (args.virtual_cores && (!args.csv.empty() || !args.plot.empty())) {
    return Fail("endsolve bench scaling",
                "--virtual prints its own table: it takes no --csv or --plot");
  }
  // The outputs are checked before hours of runs.
  const OutputKind table = kind == BenchKind::kFfo
                               ? CsvTable("a CSV table of endsolve bench ffo", bench::kBenchCsvHeader)
                               : CsvTable("a CSV table of endsolve bench scaling",
                                          bench::kScalingCsvHeader);
  for (const absl::Status& s :
       {CheckOutputPath("--csv", args.csv, table, args.inputs),
        CheckOutputPath("--plot", args.plot, PlotPicture(args.plot), args.inputs),
        args.plot.empty() ? absl::OkStatus() : bench::CheckGnuplot()}) {
    if (!s.ok()) return Fail("endsolve bench", s.message());
  }
  switch (kind) {
    case BenchKind::kFfo: return BenchFfo(args, *options, positions);
    case BenchKind::kScaling: {
      // A bad count is refused before hours of runs (the list itself was
      // checked as it was parsed).
      const std::vector<int> counts = *bench::ParseThreadCounts(args.search.thread_list);
      for (const int threads : counts) {
        SolveOptions at = *options;
        at.threads = threads;
        if (absl::Status valid = ValidateOptions(at); !valid.ok()) {
          return Fail("endsolve bench scaling", valid.message());
        }
      }
      return args.virtual_cores ? BenchVirtual(args, *options, positions, counts)
                                : BenchScaling(args, *options, positions, counts);
    }
    case BenchKind::kAblation: return BenchAblation(args, *options, positions);
  }
  return kExitBadInput;
}

// The options of the benchmarks: scaling adds --plot and takes a list of
// thread counts; the ablation runs each variant once and writes no CSV.
CLI::App* AddBench(CLI::App& bench, BenchKind kind, BenchArgs& args) {
  const bool scaling = kind == BenchKind::kScaling;
  CLI::App* app =
      kind == BenchKind::kFfo
          ? bench.add_subcommand("ffo", "solves the positions, repeatedly, and prints medians")
      : scaling ? bench.add_subcommand("scaling",
                                       "solves the positions at each thread count: speedup, "
                                       "efficiency and node overhead")
                : bench.add_subcommand("ablation",
                                       "solves the positions with each ordering feature switched, "
                                       "one at a time, and other killer counts");
  AddPositionals(*app, "FILE", args.inputs,
                 "position files (-: standard input; default: FFO #40-#59, built in)");
  AddRangeOption(*app, args.input);
  AddEmptiesOption(*app, args.input);
  if (kind != BenchKind::kAblation) {
    app->add_option("--repeat", args.repeat,
                    "runs per position (with --virtual: of the positions at each count, whose "
                    "threads interleave differently each time); tables report the median")
        ->check(InRange(1, 1000000, "a number of runs"));
    AddCsvOption(*app, args.csv);
  }
  AddJsonOption(*app, args.json);
  if (scaling) {
    // Speedup and node overhead against the thread count.
    AddPlotOption(*app, args.plot);
    app->add_flag("--virtual", args.virtual_cores,
                  "predict instead of timing: run each count on a virtual machine of that many "
                  "cores, its threads in lockstep and time counted in nodes "
                  "(endsolve/solver/virtual_clock.h), so that a few cores show what many would do");
    app->add_option("--virtual-task-ticks", args.task_ticks,
                    "with --virtual: what a helper task another thread takes costs that thread, "
                    "in nodes (its steal, its searcher, its join); the default is fitted to a "
                    "real 16-core machine (endsolve/solver/virtual_clock.h)")
        ->check(InRange(0, 1000000, "a number of ticks"));
    app->add_option("--virtual-own-task-ticks", args.own_task_ticks,
                    "with --virtual: what a helper task its own spawner runs while it waits "
                    "costs it, in nodes (a pop and a look at the split point); the default is "
                    "measured (endsolve/solver/virtual_clock.h)")
        ->check(InRange(0, 1000000, "a number of ticks"));
    app->add_flag("--verbose", args.verbose,
                  "also say where each count's threads spent their time (searching, waiting at "
                  "split points, idle), what the split points did and the nodes they wasted; "
                  "with --virtual, each position's ticks and speedup too");
  }
  AddSearchOptions(*app, args.search, scaling ? ThreadsOption::kList : ThreadsOption::kCount);
  return app;
}

}  // namespace

void AddBenchCommands(CLI::App& root, CommandRuns& runs) {
  CLI::App* bench = root.add_subcommand("bench", "benchmarks: ffo, scaling and ablation");
  for (const BenchKind kind : {BenchKind::kFfo, BenchKind::kScaling, BenchKind::kAblation}) {
    auto args = std::make_shared<BenchArgs>();
    runs[AddBench(*bench, kind, *args)] = [args, kind](const std::vector<std::string>&) {
      return RunBench(*args, kind);
    };
  }
}

}  // namespace endsolve::cli
