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
#include "cli/search_flags.h"

ABSL_FLAG(std::vector<std::string>, positions, {"ffo/fforum-40-59.obf"},
          "bench: position files (comma-separated)");
ABSL_FLAG(int, repeat, 1, "bench: runs per position; tables report the median");
ABSL_FLAG(std::string, csv, "", "bench: also write the table to this CSV file");

namespace endsolve::cli {
namespace {

int BenchFfo(const SolveOptions& base) {
  const int repeat = absl::GetFlag(FLAGS_repeat);
  if (repeat < 1) {
    absl::FPrintF(stderr, "endsolve bench: --repeat: expected at least 1, found %d\n", repeat);
    return kExitBadInput;
  }
  LoadedPositions loaded = LoadPositions(absl::GetFlag(FLAGS_positions));
  for (const absl::Status& e : loaded.errors) absl::FPrintF(stderr, "%s\n", e.message());
  auto selected = SelectRangeFromFlag(std::move(loaded.positions));
  if (!selected.ok()) {
    absl::FPrintF(stderr, "endsolve bench: %s\n", selected.status().message());
    return kExitBadInput;
  }
  const std::vector<Position>& chosen = *selected;
  if (chosen.empty()) {
    absl::FPrintF(stderr, "endsolve bench: no position in the range\n");
    return kExitBadInput;
  }
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

}  // namespace

int BenchCommand(int argc, char** argv) {
  if (argc < 1 || absl::string_view(argv[0]) != "ffo") {
    absl::FPrintF(stderr, "endsolve bench: expected a benchmark name: ffo\n");
    return kExitBadInput;
  }
  const absl::string_view which = argv[0];
  auto args = ParseSubcommandFlags(absl::StrCat("bench ", which), argc - 1, argv + 1,
                                   {ENDSOLVE_SEARCH_FLAG_NAMES, "positions", "range", "repeat", "csv"});
  if (!args.ok() || !args->empty()) {
    absl::FPrintF(stderr, "%s\n", args.ok() ? "endsolve bench: positions are given with --positions"
                                            : args.status().message());
    return kExitBadInput;
  }
  auto options = SolveOptionsFromFlags();
  if (!options.ok()) {
    absl::FPrintF(stderr, "endsolve bench: %s\n", options.status().message());
    return kExitBadInput;
  }
  return BenchFfo(*options);
}

}  // namespace endsolve::cli
