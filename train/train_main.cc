// endsolve-train: the pipeline that makes the evaluation's weights from the
// WTHOR games (scripts/train-eval runs its stages in order; `endsolve-train
// help` lists the options of each).
//
//   endsolve-train solve --wthor DIR --empties E --out LABELS [...]
//       exact labels: each game's position at E empties, solved by endsolve
//       (resumable: what LABELS holds is not solved again)
//   endsolve-train fit --wthor DIR --labels L1,L2,... --out WEIGHTS --report REPORT [...]
//       the weights, phase by phase from the end of the game (resumable:
//       WEIGHTS.partial holds the finished phases)
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "console/command_line.h"
#include "console/interrupt.h"
#include "console/progress_display.h"
#include "eval/evaluator.h"
#include "eval/weights.h"
#include "solver/solver.h"
#include "train/dataset.h"
#include "train/exact_labels.h"
#include "train/fitter.h"

namespace endsolve::train {
namespace {

using console::Fail;
using console::InRange;

constexpr int kTheoreticalEmpties = 24;
// A stage that failed part way (a file it cannot write); what it finished
// is kept. 2 is bad usage or input, as for every command of the project.
constexpr int kExitFailed = 1;

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

// The samples of one phase, split by hold-out.
struct PhaseSamples {
  std::vector<Sample> train, holdout;
  std::string kinds;  // what labelled them, for the report
};

std::vector<float> Dequantize(const eval::Weights& weights, int phase) {
  const std::int16_t* w = weights.Phase(phase);
  std::vector<float> out(eval::Weights::PhaseSize());
  for (std::size_t j = 0; j < out.size(); ++j) out[j] = static_cast<float>(w[j]) / eval::kUnitsPerDisc;
  return out;
}

// The game positions of phase `phase` beyond the exact labels, labelled by
// `played` (the game's score) or a bootstrap search with `evaluator`.
void AddGamePositions(const Dataset& dataset, int phase, int max_exact, bool played,
                      const eval::Evaluator& evaluator, int threads, PhaseSamples* samples) {
  struct Item {
    const Board* board;
    bool held_out;
    float label;
  };
  std::vector<Item> items;
  for (const GameRecord& game : dataset.games) {
    for (std::size_t i = 0; i < game.positions.size(); ++i) {
      const int empties = kNumSquares - 4 - static_cast<int>(i);
      if (eval::PhaseOf(empties) != phase || empties <= max_exact) continue;
      if (empties == kTheoreticalEmpties && game.theoretical_24) continue;  // exact already
      if (game.positions[i].Moves() == 0) continue;  // the game is over
      items.push_back({&game.positions[i], game.held_out, static_cast<float>(game.played[i])});
    }
  }
  if (!played) {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        for (std::size_t i = t; i < items.size(); i += threads) {
          items[i].label = static_cast<float>(BootstrapValue(*items[i].board, evaluator));
        }
      });
    }
    for (std::thread& th : pool) th.join();
  }
  for (const Item& item : items) {
    (item.held_out ? samples->holdout : samples->train).push_back(MakeSample(*item.board, item.label));
  }
}

struct FitArgs {
  std::string wthor, out, report;
  std::vector<std::string> labels;
  std::string late = "auto";
  FitOptions options;
};

int FitCommand(const FitArgs& args) {
  constexpr char kCommand[] = "endsolve-train fit";
  const std::string& out = args.out;
  const std::string& report_path = args.report;
  const FitOptions& options = args.options;
  const int threads = options.threads;
  const std::string& late = args.late;
  absl::StatusOr<Dataset> games = LoadGames(args.wthor);
  if (!games.ok()) return Fail(kCommand, games.status().message());
  const Dataset& dataset = *games;
  std::map<std::uint64_t, bool> held_out;
  for (const GameRecord& game : dataset.games) held_out[game.key] = game.held_out;

  // Exact samples by phase: the solved positions and their PVs, and the
  // files' theoretical scores at 24 empties.
  std::vector<PhaseSamples> exact(eval::kNumPhases);
  int max_exact = 0;
  for (const std::string& path : args.labels) {
    absl::StatusOr<std::vector<ExactLabel>> labels = ReadLabels(path);
    if (!labels.ok()) return Fail(kCommand, labels.status().message());
    std::fprintf(stderr, "%s: %zu solved positions\n", path.c_str(), labels->size());
    for (const ExactLabel& label : *labels) {
      max_exact = std::max(max_exact, label.board.EmptyCount());
      const bool out_of_sample = held_out.count(label.key) ? held_out[label.key] : label.key % kHoldOutModulus == 0;
      for (const LabeledBoard& b : ExpandPv(label)) {
        PhaseSamples& phase = exact[eval::PhaseOf(b.board.EmptyCount())];
        (out_of_sample ? phase.holdout : phase.train).push_back(MakeSample(b.board, static_cast<float>(b.score)));
      }
    }
  }
  for (const GameRecord& game : dataset.games) {
    if (!game.theoretical_24) continue;
    const Board& board = game.positions[kNumSquares - 4 - kTheoreticalEmpties];
    PhaseSamples& phase = exact[eval::PhaseOf(kTheoreticalEmpties)];
    (game.held_out ? phase.holdout : phase.train).push_back(MakeSample(board, static_cast<float>(*game.theoretical_24)));
  }

  // Resume: the finished phases of an interrupted run.
  eval::Weights weights;
  int first_phase = 0;
  const std::string partial = out + ".partial";
  std::vector<std::string> rows;
  if (std::filesystem::exists(partial + ".phase")) {
    absl::StatusOr<eval::Weights> loaded = eval::ReadWeightsFile(partial);
    std::ifstream phase_file(partial + ".phase");
    std::string rows_text;
    if (loaded.ok() && (phase_file >> first_phase)) {
      weights = *loaded;
      std::string line;
      std::getline(phase_file, line);
      while (std::getline(phase_file, line)) rows.push_back(line);
      std::fprintf(stderr, "resuming %s from phase %d\n", partial.c_str(), first_phase);
    } else {
      first_phase = 0;
    }
  }

  std::string comparison;
  bool late_played = late == "played";
  std::vector<float> previous = first_phase > 0 ? Dequantize(weights, first_phase - 1) : std::vector<float>{};
  for (int phase = first_phase; phase < eval::kNumPhases; ++phase) {
    const absl::Time start = absl::Now();
    const eval::Evaluator evaluator(weights);
    PhaseSamples samples = exact[phase];
    const int top = std::min(phase * eval::kPhaseWidth + eval::kPhaseWidth - 1, 60);
    const bool has_late = top > max_exact && phase * eval::kPhaseWidth <= 60;
    if (has_late && late == "auto" && phase == eval::PhaseOf(kTheoreticalEmpties)) {
      // Which late label fits better, measured where the truth is known: fit
      // the 24-empties positions on bootstrap values and on the scores as
      // played, and compare both against the theoretical scores held out.
      std::vector<Sample> boot_train, played_train;
      for (const GameRecord& game : dataset.games) {
        if (!game.theoretical_24 || game.held_out) continue;
        const std::size_t i = kNumSquares - 4 - kTheoreticalEmpties;
        boot_train.push_back(MakeSample(game.positions[i], static_cast<float>(BootstrapValue(game.positions[i], evaluator))));
        played_train.push_back(MakeSample(game.positions[i], static_cast<float>(game.played[i])));
      }
      const FitResult boot = FitPhase(boot_train, samples.holdout, previous, options);
      const FitResult play = FitPhase(played_train, samples.holdout, previous, options);
      late_played = play.holdout_mae < boot.holdout_mae;
      comparison = absl::StrFormat(
          "| labels of the 24-empties positions | held-out MAE against the theoretical scores |\n"
          "|---|---|\n| bootstrap (2-ply search on the 22-23 weights) | %.2f |\n"
          "| score as played | %.2f |\n| theoretical (exact) | %.2f |\n",
          boot.holdout_mae, play.holdout_mae,
          FitPhase(samples.train, samples.holdout, previous, options).holdout_mae);
      std::fprintf(stderr, "%s", comparison.c_str());
    }
    std::string kinds = samples.train.empty() ? "" : "exact";
    if (has_late) {
      AddGamePositions(dataset, phase, max_exact, late_played, evaluator, threads, &samples);
      kinds += kinds.empty() ? "" : " + ";
      kinds += late_played ? "played" : "bootstrap";
    }
    const FitResult fit = FitPhase(samples.train, samples.holdout, previous, options);
    Quantize(fit.weights, phase, &weights);
    previous = fit.weights;
    // Where a phase mixes exact and bootstrap labels, the held-out error
    // against the exact ones alone is the one that says how close the
    // evaluation is to the truth.
    const std::vector<Sample>& exact_holdout = exact[phase].holdout;
    const std::string exact_mae =
        exact_holdout.empty() ? "-" : absl::StrFormat("%.2f (%zu)", MeanAbsoluteError(exact_holdout, fit.weights),
                                                      exact_holdout.size());
    const std::string row = absl::StrFormat(
        "| %d | %d-%d | %s | %zu | %zu | %.2f | %.2f | %s |", phase, phase * eval::kPhaseWidth,
        phase * eval::kPhaseWidth + eval::kPhaseWidth - 1, kinds, samples.train.size(),
        samples.holdout.size(), fit.train_mae, fit.holdout_mae, exact_mae);
    rows.push_back(row);
    std::fprintf(stderr, "%s  %.1f s\n", row.c_str(), absl::ToDoubleSeconds(absl::Now() - start));
    if (auto s = eval::WriteWeightsFile(partial, weights); !s.ok()) {
      Fail(kCommand, s.message());
      return kExitFailed;
    }
    std::ofstream phase_file(partial + ".phase.tmp", std::ios::trunc);
    phase_file << phase + 1 << "\n";
    for (const std::string& r : rows) phase_file << r << "\n";
    phase_file.close();
    std::filesystem::rename(partial + ".phase.tmp", partial + ".phase");
  }
  if (auto s = eval::WriteWeightsFile(out, weights); !s.ok()) {
    Fail(kCommand, s.message());
    return kExitFailed;
  }
  std::ofstream report(report_path, std::ios::trunc);
  report << "| phase | empties | labels | train samples | held-out samples | train MAE | held-out MAE "
            "| held-out MAE, exact labels only (samples) |\n"
         << "|---|---|---|---|---|---|---|---|\n";
  for (const std::string& r : rows) report << r << "\n";
  if (!comparison.empty()) report << "\n" << comparison;
  std::filesystem::remove(partial);
  std::filesystem::remove(partial + ".phase");
  std::fprintf(stderr, "wrote %s and %s\n", out.c_str(), report_path.c_str());
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
  solve_app->add_option("--out", solve->stage.out, "the labels file, appended to")->required();
  solve_app->add_option("--empties", solve->stage.empties, "solve the positions with this many empties")
      ->check(InRange(1, 36, "a number of empty squares"));
  solve_app->add_option("--every", solve->stage.every,
                        "only every K-th training game (held-out games are all taken)")
      ->check(InRange(1, 1000000, "a stride"));
  solve_app->add_option("--deviations", solve->stage.deviations,
                        "instead of the game's position, up to K positions off its line")
      ->check(InRange(0, 1000, "a number of positions per game"));
  solve_app->add_option("--deviation-plies", solve->stage.deviation_plies,
                        "how many plies before --empties the deviations leave the game")
      ->check(InRange(1, 60, "a number of plies"));
  solve_app->add_option("--threads", solve->stage.threads,
                        "positions solved side by side, one thread each")
      ->check(InRange(1, endsolve::kMaxThreads, "a number of threads"));
  solve_app->add_option("--hash-mb", solve->stage.hash_mib, "each thread's table size in MiB")
      ->check(InRange(1, 1 << 16, "a size in MiB"));
  runs[solve_app] = [solve](const std::vector<std::string>&) {
    return endsolve::train::SolveCommand(*solve);
  };

  auto fit = std::make_shared<endsolve::train::FitArgs>();
  fit->options.threads = hardware;
  CLI::App* fit_app = root.add_subcommand(
      "fit", "the weights, phase by phase from the end of the game, and the held-out error "
             "report (resumes from --out's .partial file)");
  fit_app->add_option("--wthor", fit->wthor, "the folder of WTHOR files (.wtb)")->required();
  fit_app->add_option("--labels", fit->labels, "labels files from the solve stage, comma-separated")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->default_str("");
  fit_app->add_option("--out", fit->out, "the weights file to write")->required();
  fit_app->add_option("--report", fit->report, "the Markdown report of the errors per phase")
      ->required();
  fit_app->add_option("--threads", fit->options.threads, "threads of the fit")
      ->check(InRange(1, endsolve::kMaxThreads, "a number of threads"));
  fit_app->add_option("--epochs", fit->options.epochs, "passes over each phase's samples")
      ->check(InRange(1, 100000, "a number of epochs"));
  fit_app->add_option("--l2", fit->options.l2_samples,
                      "L2 strength, as pseudo-samples pulling each weight towards 0")
      ->check(endsolve::console::StatusCheck([](const std::string& text) {
        double samples = 0;
        if (absl::SimpleAtod(text, &samples) && samples >= 0 && std::isfinite(samples)) {
          return absl::OkStatus();
        }
        return absl::InvalidArgumentError(
            absl::StrCat("expected a number of pseudo-samples, 0 or more, found '", text, "'"));
      }));
  fit_app->add_option("--late-labels", fit->late,
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
