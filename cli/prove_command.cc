// `endsolve prove POSITION --folder DIR`: one position proven through many
// unit solves, each an ordinary batch line with a window, run here or by
// GNU parallel (prove/README.md; README "One position on many machines").
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/batch/run.h"
#include "endsolve/board/notation.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/positions.h"
#include "endsolve/cli/search_flags.h"
#include "endsolve/output/output_path.h"
#include "endsolve/prove/prover.h"
#include "endsolve/prove/schedules.h"
#include "endsolve/prove/simulate.h"
#include "nlohmann/json.hpp"

namespace endsolve::cli {
namespace {

// The most workers a round may have: a Slurm array of this many tasks is
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
  int threads = HardwareThreads();
  int plan_threads = 0;  // every hardware thread
  int passes = prove::kOrderingPasses;
  int split_within = 0;
  int hash_mb = 64;
  std::string unit_time_limit;
  std::vector<int> simulate;
  std::vector<int> predict_schedules;
  bool json = false;
  int max_empties = kDefaultMaxEmpties;
};

// The simulation of the finished proof on each worker count asked.
void PrintSimulation(const std::string& folder, const std::vector<int>& workers, bool json,
                     nlohmann::ordered_json* out) {
  absl::StatusOr<std::vector<prove::RoundTimes>> rounds = prove::ReadRoundTimes(folder);
  if (!rounds.ok()) {
    absl::FPrintF(stderr, "endsolve prove: cannot simulate: %s\n", rounds.status().message());
    return;
  }
  if (!json) {
    double planning = 0;
    for (const prove::RoundTimes& r : *rounds) planning += r.plan_seconds;
    absl::PrintF("simulated from the measured unit times (each unit on one worker, rounds in "
                 "sequence, each after the manager's %.1f s of planning in all):\n"
                 "%8s %16s %9s %7s %15s\n",
                 planning, "workers", "wall s", "speedup", "rounds", "largest unit s");
  }
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (int p : workers) {
    const prove::Prediction prediction = prove::Simulate(*rounds, p);
    if (json) {
      rows.push_back({{"workers", p},
                      {"wall_seconds", prediction.wall_seconds},
                      {"speedup", prediction.speedup},
                      {"rounds", prediction.rounds},
                      {"plan_seconds", prediction.plan_seconds},
                      {"largest_unit_seconds", prediction.largest_unit}});
    } else {
      absl::PrintF("%8d %16.1f %9.1f %7d %15.2f\n", p, prediction.wall_seconds,
                   prediction.speedup, prediction.rounds, prediction.largest_unit);
    }
  }
  if (json) (*out)["simulated"] = rows;
}

// --predict-schedules: the proof run against virtual workers under both
// schedules (prove/schedules.h), each worker count with the manager's time
// on the clock and without it; the speedups are against the overlapping
// schedule on one worker, the local engine's order.
int PredictSchedules(const ProveArgs& args, const Position& root) {
  auto fail = [](absl::string_view message) { return Fail("endsolve prove", message); };
  prove::ScheduleOptions options;
  options.unit_empties = args.unit_empties;
  options.hash_mb = args.hash_mb;
  options.plan_threads = args.plan_threads;
  options.passes = args.passes;
  options.max_empties = args.max_empties;
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  options.cancel = &interrupted;
  absl::StatusOr<std::unique_ptr<prove::ScheduleModel>> model =
      prove::ScheduleModel::Create(root, options);
  if (!model.ok()) return fail(model.status().message());
  absl::FPrintF(stderr, "prove: first test %s, its passes %.1f s\n",
                FormatScore((*model)->first_test()), (*model)->estimate_seconds());
  std::vector<prove::ScheduleRun> runs;
  // One run, its line on stderr; a failure ends the command with its
  // message (or as interrupted).
  std::optional<int> stopped;
  auto run = [&](prove::Schedule schedule, int workers, bool manager) -> bool {
    absl::StatusOr<prove::ScheduleRun> done = (*model)->Run(schedule, workers, manager);
    if (!done.ok()) {
      stopped = interrupted.load() ? kExitInterrupted : fail(done.status().message());
      return false;
    }
    absl::FPrintF(stderr, "prove: %s on %d workers%s: %.1f s\n", prove::ScheduleName(schedule),
                  workers, manager ? "" : ", the manager's time left off", done->wall_seconds);
    runs.push_back(*done);
    return true;
  };
  // The reference first: one worker, the local engine's order.
  for (const bool manager : {true, false}) {
    if (!run(prove::Schedule::kOverlap, 1, manager)) return *stopped;
  }
  const prove::ScheduleRun reference = runs[0];
  const prove::ScheduleRun reference_units = runs[1];
  runs.clear();
  for (int workers : args.predict_schedules) {
    for (const prove::Schedule schedule : {prove::Schedule::kRounds, prove::Schedule::kOverlap}) {
      for (const bool manager : {true, false}) {
        if (schedule == prove::Schedule::kOverlap && workers == 1) {
          runs.push_back(manager ? reference : reference_units);
          continue;
        }
        if (!run(schedule, workers, manager)) return *stopped;
      }
    }
  }
  const bool wrong = std::any_of(runs.begin(), runs.end(), [&](const prove::ScheduleRun& r) {
    return root.HasAnswers() && r.score != root.ExpectedScore();
  });
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  if (!args.json) {
    absl::PrintF("score %s, best move %s%s\n", FormatScore(reference.score),
                 SquareName(reference.best_move),
                 root.HasAnswers() ? absl::StrCat(" (the answers say ",
                                                  FormatScore(root.ExpectedScore()),
                                                  wrong ? ": WRONG)" : ": OK)")
                                   : "");
    absl::PrintF("predicted on virtual workers (each unit solved here on one thread, the "
                 "manager's time measured here, %.1f s of it the first test's passes; speedups "
                 "against overlap on 1 worker: %.1f s, %.1f s without the manager):\n"
                 "%-8s %8s %6s %7s %15s %9s %6s %10s %9s %8s %17s %8s\n",
                 (*model)->estimate_seconds(), reference.wall_seconds,
                 reference_units.wall_seconds, "schedule", "workers", "score", "units", "nodes",
                 "unit s", "plans", "manager s", "wall s", "speedup", "without manager s",
                 "speedup");
  }
  for (std::size_t i = 0; i + 1 < runs.size(); i += 2) {
    const prove::ScheduleRun& with = runs[i];
    const prove::ScheduleRun& without = runs[i + 1];
    const double speedup = reference.wall_seconds / with.wall_seconds;
    const double speedup_units = reference_units.wall_seconds / without.wall_seconds;
    if (args.json) {
      rows.push_back({{"schedule", prove::ScheduleName(with.schedule)},
                      {"workers", with.workers},
                      {"score", with.score},
                      {"units", with.units},
                      {"nodes", with.nodes},
                      {"unit_seconds", with.unit_seconds},
                      {"manager_seconds", with.manager_seconds},
                      {"plans", with.plans},
                      {"plans_while_running", with.plans_while_running},
                      {"wall_seconds", with.wall_seconds},
                      {"speedup", speedup},
                      {"wall_seconds_without_manager", without.wall_seconds},
                      {"speedup_without_manager", speedup_units}});
    } else {
      absl::PrintF("%-8s %8d %6s %7d %15d %9.1f %6d %10.1f %9.1f %8.1f %17.2f %8.1f\n",
                   prove::ScheduleName(with.schedule), with.workers, FormatScore(with.score),
                   with.units, with.nodes, with.unit_seconds, with.plans, with.manager_seconds,
                   with.wall_seconds, speedup, without.wall_seconds, speedup_units);
    }
  }
  if (args.json) {
    nlohmann::ordered_json j;
    j["score"] = reference.score;
    j["best_move"] = SquareName(reference.best_move);
    if (root.HasAnswers()) j["expected_score"] = root.ExpectedScore();
    j["first_test"] = (*model)->first_test();
    j["estimate_seconds"] = (*model)->estimate_seconds();
    j["predicted"] = rows;
    absl::PrintF("%s\n", j.dump());
  }
  return wrong ? kExitWrong : kExitOk;
}

int RunProve(const ProveArgs& args) {
  auto fail = [](absl::string_view message) { return Fail("endsolve prove", message); };
  if (args.folder.empty() && args.predict_schedules.empty()) {
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
  if (!args.predict_schedules.empty()) return PredictSchedules(args, root);
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
  if (options.engine != prove::Engine::kSlurm && !args.sbatch_options.empty()) {
    return fail("--sbatch-options is for --engine slurm");
  }
  options.workers = args.workers != 0 ? args.workers : 2;
  options.sbatch_options = args.sbatch_options;
  options.threads = args.threads;
  options.plan_threads = args.plan_threads;
  options.passes = args.passes;
  options.split_within = args.split_within;
  options.hash_mb = args.hash_mb;
  options.max_empties = args.max_empties;
  // The simulation models rounds whose units all run side by side.
  options.prune = args.simulate.empty();
  if (!args.unit_time_limit.empty()) {
    options.unit_time_limit = *batch::ParseTimeLimit(args.unit_time_limit);
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
  const bool wrong = root.HasAnswers() && summary->score != root.ExpectedScore();
  if (args.json) {
    nlohmann::ordered_json j;
    Position bare;
    bare.board = root.board;
    bare.to_move = root.to_move;
    j["position"] = FormatObf(bare);
    j["empties"] = root.board.EmptyCount();
    j["score"] = summary->score;
    j["best_move"] = SquareName(summary->best_move);
    nlohmann::ordered_json pv = nlohmann::ordered_json::array();
    for (int move : summary->pv) pv.push_back(SquareName(move));
    j["pv"] = pv;
    if (root.HasAnswers()) j["expected_score"] = root.ExpectedScore();
    j["rounds"] = summary->rounds;
    j["units"] = summary->units;
    j["nodes"] = summary->nodes;
    j["cpu_seconds"] = summary->cpu_seconds;
    j["wall_seconds"] = summary->wall_seconds;
    j["expanded"] = summary->expanded;
    if (!args.simulate.empty()) PrintSimulation(args.folder, args.simulate, true, &j);
    absl::PrintF("%s\n", j.dump());
  } else {
    absl::PrintF("score %s, best move %s%s\n", FormatScore(summary->score),
                 SquareName(summary->best_move),
                 root.HasAnswers()
                     ? absl::StrCat(" (the answers say ", FormatScore(root.ExpectedScore()),
                                    wrong ? ": WRONG)" : ": OK)")
                     : "");
    absl::PrintF("pv %s\n", FormatPv(summary->pv));
    absl::PrintF(
        "%d rounds, %d units, %d nodes, %.1f s of CPU, %.1f s of wall time, %d positions "
        "expanded\n",
        summary->rounds, summary->units, summary->nodes, summary->cpu_seconds,
        summary->wall_seconds, summary->expanded);
    if (!args.simulate.empty()) PrintSimulation(args.folder, args.simulate, false, nullptr);
  }
  return wrong ? kExitWrong : kExitOk;
}

}  // namespace

void AddProveCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<ProveArgs>();
  CLI::App* app = root.add_subcommand(
      "prove",
      "proves one position through many unit solves (batch lines with a window), resumable");
  AddPositionInputs(*app, args->inputs);
  AddRangeOption(*app, args->input);
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
                  "parallel: GNU parallel runs --workers endsolve batch processes, a pool that "
                  "takes the units as it goes (batch --claims); slurm: each round one sbatch "
                  "--array of --workers tasks, a pool alike, waited for. Each skips the units "
                  "that answers before them made needless")
      ->check(CLI::IsMember({"local", "parallel", "slurm"}));
  CLI::Option* workers = app->add_option("--workers", args->workers,
                  "parallel: processes per round; slurm: array tasks per round (default 2)")
      ->default_str("2")
      ->check(InRange(1, kMaxWorkers, "a number of workers"));
  CLI::Option* sbatch = app->add_option("--sbatch-options", args->sbatch_options,
                  "slurm: more sbatch options for each round's array, separated by spaces; "
                  "write it with '=', e.g. --sbatch-options=\"--partition=long --time=4:00:00\"")
      ->delimiter(' ');
  CLI::Option* threads = app->add_option("--threads", args->threads,
                  "threads of each unit solve (default: every hardware thread)")
      ->check(InRange(1, kMaxThreads, "a number of threads"));
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
  app->add_option("--hash-mb", args->hash_mb, "table of each unit solve, MiB (default 64)")
      ->check(HashMbCheck());
  CLI::Option* time_limit = app->add_option("--unit-time-limit", args->unit_time_limit,
                  "a unit running longer is tried once more, then stops the proof (e.g. 10m)")
      ->check(StatusCheck([](const std::string& s) { return batch::ParseTimeLimit(s); }));
  CLI::Option* simulate = app->add_option("--simulate", args->simulate,
                  "after the proof, predict its wall time on each of these worker counts from "
                  "the measured unit times, e.g. 1,16,64,256,1024 (every engine then runs "
                  "every unit a round plans, as that many workers would, skipping none)")
      ->delimiter(',')
      ->check(InRange(1, 1 << 20, "a number of workers"));
  app->add_option("--predict-schedules", args->predict_schedules,
                  "no proof in a folder: run it here against each of these counts of virtual "
                  "workers, e.g. 1,16,256,1024, each unit solved for real on one thread, with "
                  "rounds in sequence (the engines') and with rounds that overlap (the manager "
                  "starts a new plan's units as soon as an answer calls for them), and print "
                  "the predicted wall times")
      ->delimiter(',')
      ->check(InRange(1, 1 << 20, "a number of workers"))
      ->excludes(folder, engine, workers, sbatch, threads, split, time_limit, simulate);
  AddMaxEmptiesOption(*app, args->max_empties);
  app->add_flag("--json", args->json, "print the summary as one JSON object");
  runs[app] = [args](const std::vector<std::string>&) { return RunProve(*args); };
}

}  // namespace endsolve::cli
