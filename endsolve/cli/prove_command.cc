// `endsolve prove POSITION --folder DIR`: one position proven through many
// unit solves, each an ordinary batch line with a window, run here, by a
// pool of worker processes or by a Slurm array (endsolve/prove/README.md; README "One
// position on many machines").
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/batch/run.h"
#include "endsolve/board/notation.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/output_flags.h"
#include "endsolve/cli/positions.h"
#include "endsolve/cli/search_flags.h"
#include "endsolve/output/output_path.h"
#include "endsolve/prove/prover.h"
#include "endsolve/prove/simulate.h"
#include "nlohmann/json.hpp"

namespace endsolve::cli {
namespace {

// The most workers a pool may have: a Slurm array of this many tasks is
// already beyond most sites' MaxArraySize, and --simulate predicts further.
constexpr int kMaxWorkers = 1 << 16;

struct ProveArgs {
  std::vector<std::string> inputs;
  InputArgs input;
  std::string folder;
  int unit_empties = prove::kDefaultUnitEmpties;
  std::string engine = "local";
  int workers = 0;  // 0: not given (2 for the engines that use it)
  std::vector<std::string> sbatch_options;
  int threads = kDefaultThreads;
  int plan_threads = 0;  // every hardware thread
  int passes = prove::kOrderingPasses;
  int split_within = 0;
  int eldest_first = -1;  // -1: not given (prove::kEldestFirstHeight)
  int hash_mb = kDefaultUnitHashMb;
  std::string time_limit;
  std::vector<int> simulate;
  std::string simulate_answers;
  int simulate_plan_cores = 0;
  bool json = false;
  int max_empties = kDefaultMaxEmpties;
};

// --eldest-first's height, its default where not given.
int EldestFirst(const ProveArgs& args) {
  return args.eldest_first >= 0 ? args.eldest_first : prove::kEldestFirstHeight;
}

// --simulate: the proof run here against each count of virtual workers
// (endsolve/prove/simulate.h), with the manager's time on the clock and without it;
// the speedups are against one worker, the local engine's order.
// A simulation's table (one JSON object with --json): each worker count
// with and without the manager's time, against one worker's; the exit
// status is wrong when a run's score disagrees with the input's answers.
using RunPair = std::pair<prove::SimulatedRun, prove::SimulatedRun>;
int PrintPrediction(const Position& root, const prove::Simulation& model,
                    const std::vector<RunPair>& runs, const prove::SimulatedRun& one,
                    const prove::SimulatedRun& one_units, bool json) {
  const bool wrong = std::any_of(runs.begin(), runs.end(), [&](const auto& r) {
    return root.HasAnswers() && r.first.score != root.ExpectedScore();
  });
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  if (!json) {
    absl::PrintF("score %s, best move %s%s\n", FormatScore(one.score),
                 SquareName(one.best_move),
                 root.HasAnswers() ? absl::StrCat(" (the answers say ",
                                                  FormatScore(root.ExpectedScore()),
                                                  wrong ? ": WRONG)" : ": OK)")
                                   : "");
    absl::PrintF("predicted on virtual workers (each unit solved here on one thread, the "
                 "manager's time measured here, %.1f s of it the first test's passes%s; "
                 "speedups against 1 worker: %.1f s, %.1f s without the manager):\n"
                 "%8s %6s %7s %15s %9s %6s %9s %10s %8s %17s %8s\n",
                 model.estimate_seconds(),
                 model.passes().cores > 0
                     ? absl::StrFormat(" on %d virtual cores", model.passes().cores)
                     : "",
                 one.wall_seconds, one_units.wall_seconds,
                 "workers", "score", "units", "nodes", "unit s", "tests", "manager s", "wall s",
                 "speedup", "without manager s", "speedup");
  }
  for (const auto& [with, without] : runs) {
    const double speedup = one.wall_seconds / with.wall_seconds;
    const double speedup_units = one_units.wall_seconds / without.wall_seconds;
    if (json) {
      rows.push_back({{"workers", with.workers},
                      {"score", with.score},
                      {"units", with.units},
                      {"nodes", with.nodes},
                      {"unit_seconds", with.unit_seconds},
                      {"manager_seconds", with.manager_seconds},
                      {"searches_seconds", with.searches_seconds},
                      {"searches_counted", with.searches_counted},
                      {"tests", with.tests},
                      {"expanded", with.expanded},
                      {"wall_seconds", with.wall_seconds},
                      {"speedup", speedup},
                      {"wall_seconds_without_manager", without.wall_seconds},
                      {"speedup_without_manager", speedup_units}});
    } else {
      absl::PrintF("%8d %6s %7d %15d %9.1f %6d %9.1f %10.1f %8.1f %17.2f %8.1f\n",
                   with.workers, FormatScore(with.score), with.units, with.nodes,
                   with.unit_seconds, with.tests, with.manager_seconds, with.wall_seconds,
                   speedup, without.wall_seconds, speedup_units);
    }
  }
  if (json) {
    nlohmann::ordered_json j;
    j["score"] = one.score;
    j["best_move"] = SquareName(one.best_move);
    if (root.HasAnswers()) j["expected_score"] = root.ExpectedScore();
    j["first_test"] = model.first_test();
    j["estimate_seconds"] = model.estimate_seconds();
    if (const prove::PassesCost& passes = model.passes(); passes.cores > 0) {
      j["passes"] = {{"cores", passes.cores},
                     {"measured_seconds", passes.measured_seconds},
                     {"measured_nodes", passes.measured_nodes},
                     {"ticks", passes.ticks},
                     {"nodes", passes.nodes},
                     {"search_share", passes.search_share},
                     {"seconds", passes.seconds}};
    }
    j["predicted"] = rows;
    absl::PrintF("%s\n", j.dump());
  }
  return wrong ? kExitWrong : kExitOk;
}

int Simulate(const ProveArgs& args, const Position& root) {
  auto fail = [](absl::string_view message) { return Fail("endsolve prove", message); };
  prove::SimulationOptions options;
  options.unit_empties = args.unit_empties;
  options.hash_mb = args.hash_mb;
  options.plan_threads = args.plan_threads;
  options.passes = args.passes;
  options.max_empties = args.max_empties;
  options.answers = args.simulate_answers;
  options.plan_cores = args.simulate_plan_cores;
  options.eldest_first = EldestFirst(args);
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  options.cancel = &interrupted;
  absl::StatusOr<std::unique_ptr<prove::Simulation>> model =
      prove::Simulation::Create(root, options);
  if (!model.ok()) {
    return interrupted.load() ? kExitInterrupted : fail(model.status().message());
  }
  for (const std::string& warning : (*model)->answers_warnings()) {
    absl::FPrintF(stderr, "prove: %s\n", warning);
  }
  if (!args.simulate_answers.empty()) {
    absl::FPrintF(stderr, "prove: %d answers taken from %s\n", (*model)->answers_read(),
                  args.simulate_answers);
  }
  const prove::PassesCost& passes = (*model)->passes();
  if (passes.cores > 0) {
    absl::FPrintF(stderr,
                  "prove: first test %s, its passes %.1f s on one thread (%d nodes); on %d "
                  "virtual cores %d ticks (%.2fx fewer), %d nodes, %.1f%% of the ticks "
                  "searching: %.1f s\n",
                  FormatScore((*model)->first_test()), passes.measured_seconds,
                  passes.measured_nodes, passes.cores, passes.ticks,
                  static_cast<double>(passes.measured_nodes) /
                      static_cast<double>(std::max<std::int64_t>(1, passes.ticks)),
                  passes.nodes, 100.0 * passes.search_share, passes.seconds);
  } else {
    absl::FPrintF(stderr, "prove: first test %s, its passes %.1f s\n",
                  FormatScore((*model)->first_test()), (*model)->estimate_seconds());
  }
  // One run, its line on stderr; a failure ends the command with its
  // message (or as interrupted).
  std::optional<int> stopped;
  auto run = [&](int workers, bool manager) -> std::optional<prove::SimulatedRun> {
    absl::StatusOr<prove::SimulatedRun> done = (*model)->Run(workers, manager);
    if (!done.ok()) {
      stopped = interrupted.load() ? kExitInterrupted : fail(done.status().message());
      return std::nullopt;
    }
    absl::FPrintF(stderr,
                  "prove: %d workers%s: %.1f s, %d units, %d nodes; the manager %.1f s, its "
                  "walks' searches %.1f s here, %.1f s counted (%d units solved so far)\n",
                  workers, manager ? "" : ", the manager's time left off", done->wall_seconds,
                  done->units, done->nodes, done->manager_seconds, done->searches_seconds,
                  done->searches_counted, (*model)->units_solved());
    return *done;
  };
  std::vector<RunPair> runs;
  for (int workers : args.simulate) {
    const std::optional<prove::SimulatedRun> with = run(workers, true);
    if (!with) return *stopped;
    const std::optional<prove::SimulatedRun> without = run(workers, false);
    if (!without) return *stopped;
    runs.emplace_back(*with, *without);
  }
  // The reference: one worker (run first when not asked).
  std::optional<prove::SimulatedRun> one, one_units;
  for (const auto& [with, without] : runs) {
    if (with.workers == 1) one = with, one_units = without;
  }
  if (!one) {
    one = run(1, true);
    if (!one) return *stopped;
    one_units = run(1, false);
    if (!one_units) return *stopped;
  }
  return PrintPrediction(root, **model, runs, *one, *one_units, args.json);
}

// Prints a finished proof (one JSON object with --json) and returns the
// exit status: wrong when the input's answers disagree.
int PrintSummary(const Position& root, const prove::ProveSummary& summary, bool json) {
  const bool wrong = root.HasAnswers() && summary.score != root.ExpectedScore();
  if (json) {
    nlohmann::ordered_json j;
    Position bare;
    bare.board = root.board;
    bare.to_move = root.to_move;
    j["position"] = FormatObf(bare);
    j["empties"] = root.board.EmptyCount();
    j["score"] = summary.score;
    j["best_move"] = SquareName(summary.best_move);
    nlohmann::ordered_json pv = nlohmann::ordered_json::array();
    for (int move : summary.pv) pv.push_back(SquareName(move));
    j["pv"] = pv;
    if (root.HasAnswers()) j["expected_score"] = root.ExpectedScore();
    j["tests"] = summary.tests;
    j["units"] = summary.units;
    j["nodes"] = summary.nodes;
    j["cpu_seconds"] = summary.cpu_seconds;
    j["wall_seconds"] = summary.wall_seconds;
    j["expanded"] = summary.expanded;
    j["folder_bytes"] = summary.folder_bytes;
    absl::PrintF("%s\n", j.dump());
  } else {
    absl::PrintF("score %s, best move %s%s\n", FormatScore(summary.score),
                 SquareName(summary.best_move),
                 root.HasAnswers()
                     ? absl::StrCat(" (the answers say ", FormatScore(root.ExpectedScore()),
                                    wrong ? ": WRONG)" : ": OK)")
                     : "");
    absl::PrintF("pv %s\n", FormatPv(summary.pv));
    absl::PrintF(
        "%d tests, %d units, %d nodes, %.1f s of CPU, %.1f s of wall time, %d positions "
        "expanded, %d bytes in the folder\n",
        summary.tests, summary.units, summary.nodes, summary.cpu_seconds,
        summary.wall_seconds, summary.expanded, summary.folder_bytes);
  }
  return wrong ? kExitWrong : kExitOk;
}

int RunProve(const ProveArgs& args) {
  auto fail = [](absl::string_view message) { return Fail("endsolve prove", message); };
  if (args.folder.empty() && args.simulate.empty()) {
    return fail("expected --folder DIR, the proof's work folder");
  }
  std::optional<LoadedPositions> read = SelectInputs(
      "endsolve prove", LoadPositions(args.inputs, args.input.read_options()), args.input);
  if (!read) return kExitBadInput;
  if (read->positions.size() != 1) {
    return fail(absl::StrFormat("expected one position to prove, found %d (choose one with "
                                "--range)",
                                read->positions.size()));
  }
  const Position& root = read->positions.front();
  // The first test's estimate searches to the end, and the plan grows with
  // the empties: the solver's guard, before either starts.
  if (!WithinMaxEmpties("endsolve prove", read->positions, args.max_empties)) return kExitBadInput;
  if (!args.simulate.empty()) {
    if (absl::Status s = CheckOutputPath("--simulate-answers", args.simulate_answers,
                                         batch::ResultsFileKind(), args.inputs);
        !s.ok()) {
      return fail(s.message());
    }
    return Simulate(args, root);
  }
  // The work folder is an output: never one of the inputs, never a file.
  for (const std::string& input : args.inputs) {
    if (SameFile(args.folder, input)) {
      return fail(absl::StrCat("--folder ", args.folder,
                               " is also an input; the proof's work goes to a folder of its own"));
    }
  }
  prove::ProveOptions options;
  options.folder = args.folder;
  options.unit_empties = args.unit_empties;
  options.engine = args.engine == "parallel" ? prove::Engine::kParallel
                   : args.engine == "slurm"  ? prove::Engine::kSlurm
                                             : prove::Engine::kLocal;
  if (options.engine == prove::Engine::kLocal && args.workers != 0) {
    return fail("--workers is for --engine parallel or slurm; the local engine runs its units "
                "one after another with --threads threads");
  }
  if (options.engine == prove::Engine::kLocal && args.eldest_first >= 0) {
    return fail("--eldest-first is for --engine parallel or slurm and for --simulate; the local "
                "engine asks one unit at a time, so no younger brother ever waits");
  }
  if (options.engine != prove::Engine::kSlurm && !args.sbatch_options.empty()) {
    return fail("--sbatch-options is for --engine slurm");
  }
  options.workers = args.workers != 0 ? args.workers : 2;
  options.sbatch_options = args.sbatch_options;
  options.threads = ThreadCount(args.threads);
  options.plan_threads = args.plan_threads;
  options.passes = args.passes;
  options.split_within = args.split_within;
  options.eldest_first = EldestFirst(args);
  options.hash_mb = args.hash_mb;
  options.max_empties = args.max_empties;
  if (!args.time_limit.empty()) {
    options.unit_time_limit = *batch::ParseTimeLimit(args.time_limit);  // checked as parsed
  }
  options.endsolve_binary = "/proc/self/exe";
  char self[4096];
  const ssize_t length = readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (length > 0) options.endsolve_binary.assign(self, static_cast<std::size_t>(length));
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  options.cancel = &interrupted;
  options.on_event = [](const std::string& line) {
    absl::FPrintF(stderr, "prove: %s\n", line);
  };
  absl::StatusOr<prove::ProveSummary> summary = prove::Prove(root, options);
  if (!summary.ok()) return fail(summary.status().message());
  if (summary->interrupted) {
    absl::FPrintF(stderr,
                  "endsolve prove: interrupted; the finished units are kept in %s, and the "
                  "same command resumes\n",
                  args.folder);
    return kExitInterrupted;
  }
  return PrintSummary(root, *summary, args.json);
}

}  // namespace

void AddProveCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<ProveArgs>();
  CLI::App* app = root.add_subcommand(
      "prove",
      "proves one position through many unit solves (batch lines with a window), resumable");
  AddPositionInputs(*app, args->inputs);
  AddRangeOption(*app, args->input);
  AddEmptiesOption(*app, args->input);
  CLI::Option* folder = app->add_option(
      "--folder", args->folder,
      "the proof's work folder: its units and results; the same command resumes");
  app->add_option("--unit-empties", args->unit_empties,
                  absl::StrFormat("units are the positions of at most this many empties "
                                  "(default %d)",
                                  prove::kDefaultUnitEmpties))
      ->check(InRange(prove::kMinUnitEmpties, kNumSquares, "a number of empties"));
  CLI::Option* engine = app->add_option("--engine", args->engine,
                  "local: units one after another in this process, in alpha-beta's order; "
                  "parallel: a pool of --workers endsolve batch processes here, started once, "
                  "each taking the next unit as the manager hands it out (batch --follow "
                  "--claims); slurm: the pool as one sbatch --array of --workers tasks")
      ->check(CLI::IsMember({"local", "parallel", "slurm"}));
  CLI::Option* workers = app->add_option("--workers", args->workers,
                  "parallel: processes in the pool; slurm: tasks in its array (default 2)")
      ->default_str("2")
      ->check(InRange(1, kMaxWorkers, "a number of workers"));
  CLI::Option* sbatch = app->add_option("--sbatch-options", args->sbatch_options,
                  "slurm: more sbatch options for the pool's array, separated by spaces; "
                  "write it with '=', e.g. --sbatch-options=\"--partition=long --time=4:00:00\"")
      ->delimiter(' ');
  // Each unit solve's threads and table.
  CLI::Option* threads = AddThreadsOption(*app, args->threads);
  app->add_option("--plan-threads", args->plan_threads,
                  "the manager's threads: the evaluation searches that order the positions "
                  "it expands, and with parallel and slurm its first test's estimate (default, "
                  "or 0: every hardware thread; 1 makes such a proof repeatable)")
      ->default_str("0")
      ->check(InRange(0, kMaxThreads, "a number of threads"));
  app->add_option("--passes", args->passes,
                  absl::StrFormat(
                      "selective passes over the root before the first test, on the manager "
                      "alone: the first test is their estimate and their table orders the tree "
                      "(0: the presearch's estimate, an unordered tree; each pass costs several "
                      "times the one before, so take fewer for a root one machine cannot search "
                      "far; default %d)",
                      prove::kOrderingPasses))
      ->check(InRange(0, kSelectivePasses, "a number of passes"));
  CLI::Option* split = app->add_option("--split-within", args->split_within,
                  "a frontier position whose estimate lies within this many discs of its "
                  "unit's test is split, its children asked instead: the close calls are the "
                  "longest units (default 0: none)")
      ->default_str("0")
      ->check(InRange(0, 2 * kNumSquares, "a number of discs"));
  app->add_option("--eldest-first", args->eldest_first,
                  absl::StrFormat(
                      "parallel, slurm and --simulate: young brothers wait: at a position at "
                      "least this many plies above the units, ask its other moves' units only "
                      "once its first move's answers are in (fewer units wasted with many "
                      "workers, longer chains of answers; 0: all the walk expects to need at "
                      "once; default %d)",
                      prove::kEldestFirstHeight))
      ->default_str(absl::StrCat(prove::kEldestFirstHeight))
      ->check(InRange(0, kNumSquares, "a number of plies"));
  AddHashMbOption(*app, args->hash_mb, kDefaultUnitHashMb);
  // A unit past it is tried once more, then stops the proof.
  CLI::Option* time_limit = AddTimeLimitOption(*app, args->time_limit);
  CLI::Option* simulate_option = app->add_option("--simulate", args->simulate,
                  "no proof in a folder: run it here against each of these counts of virtual "
                  "workers, e.g. 1,16,256,1024, each unit solved for real on one thread and "
                  "its answer heard when that worker would have finished, and print the "
                  "predicted wall times")
      ->delimiter(',')
      ->check(InRange(1, 1 << 20, "a number of workers"))
      ->excludes(folder, engine, workers, sbatch, threads, split, time_limit);
  app->add_option("--simulate-answers", args->simulate_answers,
                  "with --simulate: a results file that keeps every unit's answer, its CPU "
                  "seconds and nodes: read first, its units never solved again, each new one "
                  "appended, so that a stopped simulation resumes and other worker counts "
                  "solve only the units no run asked before")
      ->needs(simulate_option);
  app->add_option("--simulate-plan-cores", args->simulate_plan_cores,
                  "with --simulate: time the manager as one of this many cores would run "
                  "it: the first test's passes on a virtual machine of that many cores "
                  "(calibrated to a real 16-core one), each expansion's evaluation searches "
                  "spread over them; the rest of the walks as one thread here runs them "
                  "(default: measured here, on --plan-threads)")
      ->check(InRange(1, kMaxThreads, "a number of cores"))
      ->needs(simulate_option);
  AddMaxEmptiesOption(*app, args->max_empties);
  AddJsonOption(*app, args->json);
  runs[app] = [args](const std::vector<std::string>&) { return RunProve(*args); };
}

}  // namespace endsolve::cli
