// `endsolve study POSITIONS...`: the classic experiment of search
// algorithms (endsolve/study/study.h): fixed-depth searches by each algorithm at each
// depth from each position, printed as cross tables of leaves, internal
// nodes and time. `endsolve study schemes POSITIONS...`: the exact solve
// under each replacement scheme at each table size (endsolve/study/schemes.h).
#include <atomic>
#include <cstdio>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "endsolve/bench/scaling_report.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/output_flags.h"
#include "endsolve/cli/positions.h"
#include "endsolve/cli/search_flags.h"
#include "endsolve/output/output_path.h"
#include "endsolve/study/report.h"
#include "endsolve/study/schemes.h"
#include "endsolve/study/study.h"

namespace endsolve::cli {
namespace {

// The deepest fixed-depth search the command accepts: negamax visits every
// node, about ten times more per ply, so depth 9 already takes hours.
constexpr int kMaxCommandDepth = 12;

struct StudyArgs {
  std::vector<std::string> inputs;
  std::string depths = "2-6";
  std::string algorithms{study::kDefaultAlgorithms};
  std::string leaf = "patterns";
  std::string measures = "leaves,internal,seconds";
  std::string csv, plot;
  int jobs = 1;
  int hash_mb = kDefaultHashMb;
  std::string tt_scheme = kDefaultTtScheme;
  InputArgs input;
};

int RunStudy(const StudyArgs& args) {
  if (args.inputs.empty()) return Fail("endsolve study", "expected positions: files, lines or transcripts");
  std::optional<LoadedPositions> read =
      SelectInputs("endsolve study", LoadPositions(args.inputs, args.input.read_options()), args.input);
  if (!read) return kExitBadInput;
  const std::vector<Position>& positions = read->positions;
  // The outputs are checked before the searches.
  for (const absl::Status& s :
       {CheckOutputPath("--csv", args.csv,
                        CsvTable("a CSV table of endsolve study", study::kStudyCsvHeader),
                        args.inputs),
        CheckOutputPath("--plot", args.plot, PlotPicture(args.plot), args.inputs),
        args.plot.empty() ? absl::OkStatus() : bench::CheckGnuplot()}) {
    if (!s.ok()) return Fail("endsolve study", s.message());
  }
  // Every value was checked as it was parsed.
  study::StudyOptions options;
  options.algorithms = *study::ParseAlgorithms(args.algorithms);
  options.depths = *study::ParseDepths(args.depths, kMaxCommandDepth);
  options.settings.leaf = *study::ParseLeafEval(args.leaf);
  options.table.size_mib = static_cast<std::size_t>(args.hash_mb);
  options.table.scheme = *ParseScheme(args.tt_scheme);
  options.jobs = args.jobs;
  const std::vector<study::Measure> measures = *study::ParseMeasures(args.measures);

  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  std::atomic<int> algorithm = 0, depth = 0, position = 0;
  ProgressDisplay display(
      [&](bool) {
        return absl::StrFormat("%s, depth %d, %s", options.algorithms[algorithm.load()].name,
                               depth.load(), PositionId(positions[position.load()]));
      },
      IsInteractive(), "study: ");
  auto results = study::RunStudy(positions, options, interrupted, [&](int a, int d, int p) {
    algorithm = a;
    depth = d;
    position = p;
  });
  display.Stop();
  if (!results.ok()) return Fail("endsolve study", results.status().message());
  if (options.jobs > 1) {
    absl::PrintF("%d searches ran side by side (--jobs): their times disturb each other\n",
                 options.jobs);
  }
  for (const study::Measure m : measures) {
    absl::PrintF("\n%s, fixed-depth searches, leaves scored by %s\n", study::MeasureName(m),
                 args.leaf);
    absl::PrintF("%s", study::FormatCrossTable(*results, options, positions, m));
  }
  if (!args.csv.empty()) {
    if (absl::Status s = study::WriteStudyCsv(args.csv, *results, options, positions); !s.ok()) {
      return FailWrite("endsolve study", s.message());
    }
  }
  if (!args.plot.empty()) {
    const std::string title = absl::StrFormat("endsolve study, %d positions", positions.size());
    if (absl::Status s = study::PlotStudy(args.plot, *results, options, title); !s.ok()) {
      return FailWrite("endsolve study", s.message());
    }
    absl::FPrintF(stderr, "endsolve study: plot written to %s\n", args.plot);
  }
  if (!results->disagreements.empty()) {
    absl::FPrintF(stderr,
                  "endsolve study: BUG: the algorithms disagree on the minimax value (%d cases):\n",
                  results->disagreements.size());
    for (const std::string& d : results->disagreements) absl::FPrintF(stderr, "  %s\n", d);
    return kExitWrong;
  }
  if (interrupted.load()) return kExitInterrupted;
  return read->errors.empty() ? kExitOk : kExitBadInput;
}

struct SchemesArgs {
  std::vector<std::string> inputs;
  std::string entries = "8K,32K,512K";
  int threads = kDefaultThreads;
  InputArgs input;
};

int RunSchemes(const SchemesArgs& args) {
  std::optional<LoadedPositions> read = SelectInputs(
      "endsolve study schemes", LoadPositions(args.inputs, args.input.read_options()), args.input);
  if (!read) return kExitBadInput;
  const std::vector<std::size_t> sizes = *study::ParseEntryCounts(args.entries);
  SolveOptions options;
  options.threads = ThreadCount(args.threads);
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  std::atomic<int> scheme = 0, size = 0, position = 0;
  ProgressDisplay display(
      [&](bool) {
        return absl::StrFormat("%s, %s entries, %s", std::string(SchemeName(study::AllSchemes()[scheme.load()])),
                               study::FormatEntryCount(sizes[size.load()]),
                               PositionId(read->positions[position.load()]));
      },
      IsInteractive(), "study schemes: ");
  auto cells = study::MeasureSchemes(read->positions, sizes, options, interrupted,
                                     [&](int s, int z, int p) {
                                       scheme = s;
                                       size = z;
                                       position = p;
                                     });
  display.Stop();
  if (!cells.ok()) return Fail("endsolve study schemes", cells.status().message());
  absl::PrintF("nodes to solve %d positions exactly, threads %d, a fresh one-shard table per "
               "position; * the fewest of each size, others' percentage over it\n",
               read->positions.size(), options.threads);
  absl::PrintF("%s", study::FormatSchemesTable(*cells, sizes));
  for (const study::SchemeCell& c : *cells) {
    if (c.wrong > 0) return kExitWrong;
  }
  if (interrupted.load()) return kExitInterrupted;
  return read->errors.empty() ? kExitOk : kExitBadInput;
}

}  // namespace

void AddStudyCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<StudyArgs>();
  CLI::App* app = root.add_subcommand(
      "study", "fixed-depth searches by each algorithm (negamax, alpha-beta, killers, history, "
               "the table): cross tables of nodes and time");
  AddPositionals(*app, "POSITIONS", args->inputs, "position files (-: standard input), positions or move transcripts");
  app->add_option("--depths", args->depths, "search depths in plies, FIRST-LAST")
      ->check(StatusCheck([](const std::string& s) { return study::ParseDepths(s, kMaxCommandDepth); }));
  app->add_option("--algorithms", args->algorithms,
                  "comma-separated: negamax, alphabeta, killer=N, history, tt, tt+killer=N, "
                  "tt+history, fastest-first, eval")
      ->check(StatusCheck([](const std::string& s) { return study::ParseAlgorithms(s); }));
  app->add_option("--leaf", args->leaf,
                  "how leaves are scored: patterns (the evaluation, in discs) or discs")
      ->check(StatusCheck([](const std::string& s) { return study::ParseLeafEval(s); }));
  app->add_option("--measure", args->measures,
                  "the cross tables to print: leaves, internal, seconds")
      ->check(StatusCheck([](const std::string& s) { return study::ParseMeasures(s); }));
  // One CSV row per search; the plot, total nodes against depth.
  AddCsvOption(*app, args->csv);
  AddPlotOption(*app, args->plot);
  app->add_option("--jobs", args->jobs,
                  "searches run side by side (each on one thread; their times disturb each other)")
      ->check(InRange(1, 256, "a number of jobs"));
  // The table of the tt algorithms.
  AddHashMbOption(*app, args->hash_mb);
  AddTtSchemeOption(*app, args->tt_scheme);
  AddRangeOption(*app, args->input);
  AddEmptiesOption(*app, args->input);
  runs[app] = [args](const std::vector<std::string>&) { return RunStudy(*args); };

  auto schemes_args = std::make_shared<SchemesArgs>();
  CLI::App* schemes = app->add_subcommand(
      "schemes", "the exact solve under each replacement scheme at each table size: nodes");
  AddPositionals(*schemes, "POSITIONS", schemes_args->inputs,
                 "position files (-: standard input), positions or move transcripts")
      ->required();
  schemes->add_option("--hash-entries", schemes_args->entries,
                      "table sizes in entries, comma-separated powers of two (K, M)")
      ->check(StatusCheck([](const std::string& s) { return study::ParseEntryCounts(s); }));
  AddThreadsOption(*schemes, schemes_args->threads);
  AddRangeOption(*schemes, schemes_args->input);
  AddEmptiesOption(*schemes, schemes_args->input);
  runs[schemes] = [schemes_args](const std::vector<std::string>&) {
    return RunSchemes(*schemes_args);
  };
}

}  // namespace endsolve::cli
