// endsolve-train: the pipeline that makes the evaluation's weights from the
// WTHOR games (scripts/train-eval runs its stages in order; `endsolve-train
// help` lists the options of each).
//
//   endsolve-train solve --wthor DIR --empties E --out LABELS [...]
//       exact labels: each game's position at E empties, solved by endsolve
//       (resumable: what LABELS holds is not solved again)
//   endsolve-train fit --wthor DIR --labels L1,L2,... --out WEIGHTS --report REPORT [...]
//       the weights, phase by phase from the end of the game (resumable:
//       the finished phases are saved beside WEIGHTS; endsolve/train/fit_stage.h)
#include <atomic>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/console/command_line.h"
#include "endsolve/console/interrupt.h"
#include "endsolve/console/progress_display.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/solver/solver.h"
#include "endsolve/train/dataset.h"
#include "endsolve/train/exact_labels.h"
#include "endsolve/train/fit_stage.h"

namespace endsolve::train {
namespace {

using console::Fail;
using console::InRange;

// A stage that failed part way (a file it cannot write); what it finished
// is kept. 2 is bad usage or input, as for every command of the project.
constexpr int kExitFailed = 1;

// The most empties a solve stage takes: labels are solved by the thousand,
// and past FFO #55's 29 empties one solve takes minutes.
constexpr int kMaxLabelEmpties = 36;
// The most deviations per game: a hundred already multiplies the stage's
// work by a hundred.
constexpr int kMaxDeviations = 1000;
// The most passes over a phase's samples: the default is 150, which takes
// about 10 s a phase on two cores, so this bound is already days of fitting.
constexpr int kMaxEpochs = 100000;

// The games of the WTHOR files in `folder`, after printing the problems of
// those that could not be read (they are left out).
absl::StatusOr<Dataset> LoadGames(const std::string& folder) {
  absl::StatusOr<Dataset> dataset = LoadWthorFolder(folder);
  if (!dataset.ok()) return dataset.status();
  for (const std::string& problem : dataset->problems) absl::FPrintF(stderr, "warning: %s\n", problem);
  absl::FPrintF(stderr, "%d games from %d files\n", dataset->games.size(), dataset->files.size());
  return dataset;
}

struct SolveArgs {
  std::string wthor;
  SolveStage stage;
};

int SolveCommand(const SolveArgs& args) {
  constexpr char kCommand[] = "endsolve-train solve";
  const SolveStage& stage = args.stage;
  absl::StatusOr<Dataset> dataset = LoadGames(args.wthor);
  if (!dataset.ok()) return Fail(kCommand, dataset.status().message());
  const std::atomic<bool>& interrupted = console::InstallInterruptHandler();
  StageProgress progress;
  console::ProgressDisplay display([&progress](bool) { return progress.Line(); },
                                   console::IsInteractive(), "solve: ");
  progress.message = [&display](std::string_view text) { display.Message(text); };
  absl::StatusOr<int> solved = RunSolveStage(*dataset, stage, &progress, &interrupted);
  display.Stop();
  if (!solved.ok()) {
    Fail(kCommand, absl::StrCat(solved.status().message(), "; the labels so far are kept"));
    return kExitFailed;
  }
  if (interrupted.load()) {
    absl::FPrintF(stderr, "%s: interrupted; %d positions solved and saved in %s; the same command "
                  "resumes\n", kCommand, *solved, stage.out);
    return console::kExitInterrupted;
  }
  absl::FPrintF(stderr, "solved %d positions into %s\n", *solved, stage.out);
  return console::kExitOk;
}

struct FitArgs {
  std::string wthor;
  FitStage stage;
};

int FitCommand(const FitArgs& args) {
  constexpr char kCommand[] = "endsolve-train fit";
  absl::StatusOr<Dataset> games = LoadGames(args.wthor);
  if (!games.ok()) return Fail(kCommand, games.status().message());
  const std::atomic<bool>& interrupted = console::InstallInterruptHandler();
  absl::StatusOr<int> fitted = RunFitStage(*games, args.stage, {}, &interrupted);
  if (!fitted.ok()) {
    Fail(kCommand, absl::StrCat(fitted.status().message(), "; the phases fitted so far are kept"));
    return kExitFailed;
  }
  if (interrupted.load()) {
    absl::FPrintF(stderr, "%s: interrupted; %d phases fitted and saved beside %s; the same command "
                  "resumes\n", kCommand, *fitted, args.stage.out);
    return console::kExitInterrupted;
  }
  absl::FPrintF(stderr, "wrote %s and %s\n", args.stage.out, args.stage.report);
  return console::kExitOk;
}

}  // namespace
}  // namespace endsolve::train

int main(int argc, char** argv) {
  using endsolve::console::InRange;
  using endsolve::train::kDefaultDeviationPlies;
  CLI::App root("endsolve-train " ENDSOLVE_VERSION ": makes the evaluation's weights from WTHOR games",
                "endsolve-train");
  root.option_defaults()->always_capture_default();
  endsolve::console::CommandRuns runs;
  const int hardware = endsolve::HardwareThreads();

  auto solve = std::make_shared<endsolve::train::SolveArgs>();
  solve->stage.threads = hardware;
  CLI::App* solve_app = root.add_subcommand(
      "solve", "exact labels: each game's position at --empties, solved and appended to --out "
               "(what --out holds already is not solved again)");
  solve_app->add_option("--wthor", solve->wthor, "the folder of WTHOR files (.wtb)")->required();
  solve_app->add_option("--out", solve->stage.out, "the labels file, appended to")
      ->required()
      ->check(endsolve::console::StatusCheck(
          [](const std::string& s) { return endsolve::train::CheckLabelsOut(s); }));
  solve_app->add_option("--empties", solve->stage.empties, "solve the positions with this many empties")
      ->check(InRange(1, endsolve::train::kMaxLabelEmpties, "a number of empty squares"));
  solve_app->add_option("--every", solve->stage.every,
                        "only every K-th training game (held-out games: --heldout-every)")
      ->check(InRange(1, std::numeric_limits<int>::max(), "a stride"));
  solve_app->add_option("--heldout-every", solve->stage.heldout_every,
                        "only every K-th held-out game (default: all of them)")
      ->check(InRange(1, std::numeric_limits<int>::max(), "a stride"));
  solve_app->add_option("--deviations", solve->stage.deviations,
                        "instead of the game's position, up to K positions off its line")
      ->check(InRange(0, endsolve::train::kMaxDeviations, "a number of positions per game"));
  solve_app->add_option("--deviation-plies", solve->stage.deviation_plies,
                        "how many plies before --empties the deviations leave the game")
      ->check(InRange(1, endsolve::kNumSquares - 4, "a number of plies"));
  solve_app->add_option("--threads", solve->stage.threads,
                        "positions solved side by side, one thread each")
      ->check(InRange(1, endsolve::kMaxThreads, "a number of threads"));
  solve_app->add_option("--hash-mb", solve->stage.hash_mib, "each thread's table size in MiB")
      ->check(endsolve::console::StatusCheck(
          [](const std::string& text) { return endsolve::ParseSizeMib(text); }));
  runs[solve_app] = [solve](const std::vector<std::string>&) {
    return endsolve::train::SolveCommand(*solve);
  };

  auto fit = std::make_shared<endsolve::train::FitArgs>();
  fit->stage.options.threads = hardware;
  CLI::App* fit_app = root.add_subcommand(
      "fit", "the weights, phase by phase from the end of the game, and the held-out error "
             "report (resumes from --out's .partial file)");
  fit_app->add_option("--wthor", fit->wthor, "the folder of WTHOR files (.wtb)")->required();
  fit_app->add_option("--labels", fit->stage.labels,
                      "labels files from the solve stage, comma-separated (each must exist)")
      ->check(endsolve::console::ExistingFile())
      ->delimiter(',')
      ->allow_extra_args(false)
      ->default_str("");
  fit_app->add_option("--out", fit->stage.out, "the weights file to write")->required();
  fit_app->add_option("--report", fit->stage.report, "the Markdown report of the errors per phase")
      ->required();
  fit_app->add_option("--threads", fit->stage.options.threads, "threads of the fit")
      ->check(InRange(1, endsolve::kMaxThreads, "a number of threads"));
  fit_app->add_option("--epochs", fit->stage.options.epochs, "passes over each phase's samples")
      ->check(InRange(1, endsolve::train::kMaxEpochs, "a number of epochs"));
  fit_app->add_option("--l2", fit->stage.options.l2_samples,
                      "L2 strength, as pseudo-samples pulling each weight towards 0")
      ->check(endsolve::console::StatusCheck([](const std::string& text) {
        double samples = 0;
        if (absl::SimpleAtod(text, &samples) && samples >= 0 && std::isfinite(samples)) {
          return absl::OkStatus();
        }
        return absl::InvalidArgumentError(
            absl::StrCat("expected a number of pseudo-samples, 0 or more, found '", text, "'"));
      }));
  fit_app->add_option("--late-labels", fit->stage.late,
                      "labels beyond the exact ones: bootstrap searches, the scores as played, or "
                      "auto (the one that fits the theoretical scores better)")
      ->check(CLI::IsMember({"auto", "bootstrap", "played"}));
  runs[fit_app] = [fit](const std::vector<std::string>&) { return endsolve::train::FitCommand(*fit); };

  return endsolve::console::RunCommandLine(
      root, runs,
      "Exit status: 0 ok, 1 a stage failed (what it finished is kept), 2 bad usage or input, "
      "130 interrupted (the same command resumes).\n",
      argc, argv);
}
