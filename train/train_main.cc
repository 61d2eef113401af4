// endsolve-train: the pipeline that makes the evaluation's weights from the
// WTHOR games (scripts/train-eval runs its stages in order).
//
//   endsolve-train solve --wthor DIR --empties E [--every K] [--deviations K [--deviation-plies P]] --out LABELS [--threads N]
//       exact labels: each game's position at E empties, solved by endsolve
//       (resumable: what LABELS holds is not solved again)
//   endsolve-train fit --wthor DIR --labels L1,L2,... --out WEIGHTS --report REPORT
//       [--threads N] [--epochs N] [--late-labels auto|bootstrap|played]
//       the weights, phase by phase from the end of the game (resumable:
//       WEIGHTS.partial holds the finished phases)
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "eval/evaluator.h"
#include "eval/weights.h"
#include "train/dataset.h"
#include "train/exact_labels.h"
#include "train/fitter.h"

namespace endsolve::train {
namespace {

constexpr int kTheoreticalEmpties = 24;

struct Args {
  std::map<std::string, std::string> flags;
  std::string Get(const std::string& name, const std::string& fallback = "") const {
    auto it = flags.find(name);
    return it == flags.end() ? fallback : it->second;
  }
  int Int(const std::string& name, int fallback) const {
    int value = fallback;
    if (flags.count(name) && !absl::SimpleAtoi(Get(name), &value)) {
      std::fprintf(stderr, "endsolve-train: --%s: expected an integer, found '%s'\n", name.c_str(),
                   Get(name).c_str());
      std::exit(2);
    }
    return value;
  }
};

Args ParseArgs(int argc, char** argv, const std::vector<std::string>& allowed) {
  Args args;
  for (int i = 0; i < argc; ++i) {
    std::string name = argv[i];
    if (name.rfind("--", 0) != 0 || i + 1 >= argc ||
        std::find(allowed.begin(), allowed.end(), name.substr(2)) == allowed.end()) {
      std::fprintf(stderr, "endsolve-train: expected one of --%s VALUE, found '%s'\n",
                   absl::StrJoin(allowed, " --").c_str(), name.c_str());
      std::exit(2);
    }
    args.flags[name.substr(2)] = argv[++i];
  }
  return args;
}

Dataset LoadOrDie(const std::string& folder) {
  absl::StatusOr<Dataset> dataset = LoadWthorFolder(folder);
  if (!dataset.ok()) {
    std::fprintf(stderr, "endsolve-train: %s\n", std::string(dataset.status().message()).c_str());
    std::exit(2);
  }
  for (const std::string& problem : dataset->problems) std::fprintf(stderr, "warning: %s\n", problem.c_str());
  std::fprintf(stderr, "%zu games from %zu files\n", dataset->games.size(), dataset->files.size());
  return *std::move(dataset);
}

int SolveCommand(int argc, char** argv) {
  const Args args = ParseArgs(argc, argv, {"wthor", "empties", "every", "out", "threads", "hash-mb", "deviations", "deviation-plies"});
  SolveStage stage;
  stage.empties = args.Int("empties", 18);
  stage.every = std::max(1, args.Int("every", 1));
  stage.deviations = std::max(0, args.Int("deviations", 0));
  stage.deviation_plies = std::max(1, args.Int("deviation-plies", kDefaultDeviationPlies));
  stage.threads = std::max(1, args.Int("threads", static_cast<int>(std::thread::hardware_concurrency())));
  stage.hash_mib = static_cast<std::size_t>(args.Int("hash-mb", 16));
  stage.out = args.Get("out");
  if (stage.out.empty() || args.Get("wthor").empty()) {
    std::fprintf(stderr, "endsolve-train solve: --wthor DIR and --out FILE are required\n");
    return 2;
  }
  const Dataset dataset = LoadOrDie(args.Get("wthor"));
  absl::StatusOr<int> solved = RunSolveStage(dataset, stage);
  if (!solved.ok()) {
    std::fprintf(stderr, "endsolve-train: %s\n", std::string(solved.status().message()).c_str());
    return 1;
  }
  std::fprintf(stderr, "solved %d positions into %s\n", *solved, stage.out.c_str());
  return 0;
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

int FitCommand(int argc, char** argv) {
  const Args args = ParseArgs(argc, argv, {"wthor", "labels", "out", "report", "threads", "epochs",
                                           "late-labels", "l2"});
  const std::string out = args.Get("out");
  const std::string report_path = args.Get("report");
  if (out.empty() || report_path.empty() || args.Get("wthor").empty()) {
    std::fprintf(stderr, "endsolve-train fit: --wthor DIR, --out FILE and --report FILE are required\n");
    return 2;
  }
  const int threads = std::max(1, args.Int("threads", static_cast<int>(std::thread::hardware_concurrency())));
  FitOptions options;
  options.threads = threads;
  options.epochs = args.Int("epochs", options.epochs);
  if (args.flags.count("l2")) options.l2_samples = std::stod(args.Get("l2"));
  const std::string late = args.Get("late-labels", "auto");
  if (late != "auto" && late != "bootstrap" && late != "played") {
    std::fprintf(stderr, "endsolve-train fit: --late-labels: expected auto, bootstrap or played, found '%s'\n",
                 late.c_str());
    return 2;
  }
  const Dataset dataset = LoadOrDie(args.Get("wthor"));
  std::map<std::uint64_t, bool> held_out;
  for (const GameRecord& game : dataset.games) held_out[game.key] = game.held_out;

  // Exact samples by phase: the solved positions and their PVs, and the
  // files' theoretical scores at 24 empties.
  std::vector<PhaseSamples> exact(eval::kNumPhases);
  int max_exact = 0;
  std::vector<std::string> label_files = absl::StrSplit(args.Get("labels"), ',', absl::SkipEmpty());
  for (const std::string& path : label_files) {
    absl::StatusOr<std::vector<ExactLabel>> labels = ReadLabels(path);
    if (!labels.ok()) {
      std::fprintf(stderr, "endsolve-train: %s\n", std::string(labels.status().message()).c_str());
      return 2;
    }
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
      std::fprintf(stderr, "endsolve-train: %s\n", std::string(s.message()).c_str());
      return 1;
    }
    std::ofstream phase_file(partial + ".phase.tmp", std::ios::trunc);
    phase_file << phase + 1 << "\n";
    for (const std::string& r : rows) phase_file << r << "\n";
    phase_file.close();
    std::filesystem::rename(partial + ".phase.tmp", partial + ".phase");
  }
  if (auto s = eval::WriteWeightsFile(out, weights); !s.ok()) {
    std::fprintf(stderr, "endsolve-train: %s\n", std::string(s.message()).c_str());
    return 1;
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
  return 0;
}

}  // namespace
}  // namespace endsolve::train

int main(int argc, char** argv) {
  const std::string command = argc > 1 ? argv[1] : "";
  if (command == "solve") return endsolve::train::SolveCommand(argc - 2, argv + 2);
  if (command == "fit") return endsolve::train::FitCommand(argc - 2, argv + 2);
  std::fprintf(stderr,
               "usage: endsolve-train solve --wthor DIR --empties E [--every K] [--deviations K [--deviation-plies P]] --out LABELS\n"
               "                            [--threads N]\n"
               "       endsolve-train fit --wthor DIR --labels L1,L2 --out WEIGHTS --report REPORT\n"
               "                          [--threads N] [--epochs N] [--late-labels auto|bootstrap|played]\n");
  return 2;
}
