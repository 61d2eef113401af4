#include "endsolve/train/fit_stage.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/eval/weights.h"
#include "endsolve/output/write_file.h"
#include "endsolve/positions/read_file.h"
#include "endsolve/train/exact_labels.h"

namespace endsolve::train {
namespace {

// The samples of one phase, split by hold-out.
struct PhaseSamples {
  std::vector<Sample> train, holdout;
};

// What a stopped stage left beside OUT (fit_stage.h): the phases before
// `next_phase` are done.
struct SavedState {
  int next_phase = 0;
  std::string late;                // the late labels in use: "auto" until chosen
  std::vector<std::string> rows;   // the report's rows so far
  std::string comparison;          // the late-label comparison, once made
  eval::Weights weights;
  std::vector<float> start;        // the unrounded weights of the last phase fitted
};

std::string StatePath(const std::string& out) { return out + ".partial.state"; }
std::string StartPath(const std::string& out) { return out + ".partial.start"; }
std::string PartialPath(const std::string& out) { return out + ".partial"; }

// Saves the state after a phase. The state file goes last: it is what says
// the phase is done, so the weights it names are already in place.
absl::Status SaveState(const std::string& out, const SavedState& state) {
  if (absl::Status s = eval::WriteWeightsFile(PartialPath(out), state.weights); !s.ok()) return s;
  const std::string start(reinterpret_cast<const char*>(state.start.data()),
                          state.start.size() * sizeof(float));
  if (absl::Status s = WriteFileAtomically(StartPath(out), start); !s.ok()) return s;
  std::vector<std::string> comparison = absl::StrSplit(state.comparison, '\n', absl::SkipEmpty());
  return WriteFileAtomically(
      StatePath(out),
      absl::StrCat("next_phase ", state.next_phase, "\nlate ", state.late, "\nrows ",
                   state.rows.size(), "\n", absl::StrJoin(state.rows, "\n"),
                   state.rows.empty() ? "" : "\n", "comparison ", comparison.size(), "\n",
                   absl::StrJoin(comparison, "\n"), comparison.empty() ? "" : "\n"));
}

// The state a stopped stage saved beside `out`, or a fresh one when there
// is none. A state that cannot be read is an error, not a fresh start: it
// may stand for hours of work.
absl::StatusOr<SavedState> LoadState(const std::string& out) {
  SavedState state;
  const std::string path = StatePath(out);
  if (!std::filesystem::exists(path)) return state;
  auto broken = [&path](int line, const std::string& expected) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, ":", line, ": expected ", expected, "; delete ", path,
        " to start the fit over"));
  };
  std::ifstream file(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);
  std::size_t at = 0;
  // "NAME VALUE" on line `at`, VALUE returned.
  auto field = [&](const std::string& name) -> std::optional<std::string> {
    if (at >= lines.size() || !absl::StartsWith(lines[at], name + " ")) return std::nullopt;
    return lines[at++].substr(name.size() + 1);
  };
  // "NAME COUNT" and COUNT lines after it.
  auto block = [&](const std::string& name) -> std::optional<std::vector<std::string>> {
    std::optional<std::string> count_text = field(name);
    std::size_t count = 0;
    if (!count_text || !absl::SimpleAtoi(*count_text, &count) || at + count > lines.size()) {
      return std::nullopt;
    }
    std::vector<std::string> block_lines(lines.begin() + static_cast<std::ptrdiff_t>(at),
                                         lines.begin() + static_cast<std::ptrdiff_t>(at + count));
    at += count;
    return block_lines;
  };
  std::optional<std::string> next = field("next_phase");
  if (!next || !absl::SimpleAtoi(*next, &state.next_phase) || state.next_phase < 1 ||
      state.next_phase > eval::kNumPhases) {
    return broken(1, absl::StrCat("next_phase and a phase from 1 to ", eval::kNumPhases));
  }
  std::optional<std::string> late = field("late");
  if (!late || (*late != "auto" && *late != "bootstrap" && *late != "played")) {
    return broken(2, "late and auto, bootstrap or played");
  }
  state.late = *late;
  std::optional<std::vector<std::string>> rows = block("rows");
  if (!rows || rows->size() != static_cast<std::size_t>(state.next_phase)) {
    return broken(3, absl::StrCat("rows ", state.next_phase, " and a report row per phase done"));
  }
  state.rows = *std::move(rows);
  std::optional<std::vector<std::string>> comparison = block("comparison");
  if (!comparison) return broken(static_cast<int>(at) + 1, "comparison and its line count");
  for (const std::string& line : *comparison) absl::StrAppend(&state.comparison, line, "\n");

  absl::StatusOr<eval::Weights> weights = eval::ReadWeightsFile(PartialPath(out));
  if (!weights.ok()) return weights.status();
  state.weights = *std::move(weights);
  absl::StatusOr<std::string> start_file = ReadFileBytes(StartPath(out));
  if (!start_file.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(start_file.status().message(), "; delete ", path,
                                                   " to start the fit over"));
  }
  const std::string& start = *start_file;
  if (start.size() != eval::Weights::PhaseSize() * sizeof(float)) {
    return absl::InvalidArgumentError(absl::StrCat(
        StartPath(out), ": expected ", eval::Weights::PhaseSize() * sizeof(float),
        " bytes (a phase's weights as floats), found ", start.size(), "; delete ", path,
        " to start the fit over"));
  }
  state.start.resize(eval::Weights::PhaseSize());
  std::copy(start.begin(), start.end(), reinterpret_cast<char*>(state.start.data()));
  return state;
}

// The game positions of phase `phase` beyond the exact labels, labelled by
// the game's score (`evaluator` null) or a bootstrap search with `evaluator`.
void AddGamePositions(const Dataset& dataset, int phase, int max_exact,
                      const eval::Evaluator* evaluator, int threads, PhaseSamples* samples) {
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
  if (evaluator != nullptr) {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        for (std::size_t i = t; i < items.size(); i += threads) {
          items[i].label = static_cast<float>(BootstrapValue(*items[i].board, *evaluator));
        }
      });
    }
    for (std::thread& th : pool) th.join();
  }
  for (const Item& item : items) {
    (item.held_out ? samples->holdout : samples->train).push_back(MakeSample(*item.board, item.label));
  }
}

// The exact samples by phase: the solved positions and their PVs, and the
// files' theoretical scores at 24 empties; `max_exact` is set to the most
// empties of a solved position.
absl::StatusOr<std::vector<PhaseSamples>> ExactSamples(
    const Dataset& dataset, const std::vector<std::string>& label_files,
    const std::function<void(const std::string&)>& note, int* max_exact) {
  std::map<std::uint64_t, bool> held_out;
  for (const GameRecord& game : dataset.games) held_out[game.key] = game.held_out;
  std::vector<PhaseSamples> exact(eval::kNumPhases);
  *max_exact = 0;
  for (const std::string& path : label_files) {
    absl::StatusOr<std::vector<ExactLabel>> labels = ReadLabels(path);
    if (!labels.ok()) return labels.status();
    note(absl::StrFormat("%s: %d solved positions", path, labels->size()));
    for (const ExactLabel& label : *labels) {
      *max_exact = std::max(*max_exact, label.board.EmptyCount());
      const auto game = held_out.find(label.key);
      const bool out_of_sample =
          game != held_out.end() ? game->second : label.key % kHoldOutModulus == 0;
      for (const LabeledBoard& b : ExpandPv(label)) {
        PhaseSamples& phase = exact[eval::PhaseOf(b.board.EmptyCount())];
        (out_of_sample ? phase.holdout : phase.train)
            .push_back(MakeSample(b.board, static_cast<float>(b.score)));
      }
    }
  }
  for (const GameRecord& game : dataset.games) {
    if (!game.theoretical_24) continue;
    const Board& board = game.positions[kNumSquares - 4 - kTheoreticalEmpties];
    PhaseSamples& phase = exact[eval::PhaseOf(kTheoreticalEmpties)];
    (game.held_out ? phase.holdout : phase.train)
        .push_back(MakeSample(board, static_cast<float>(*game.theoretical_24)));
  }
  return exact;
}

// Which late label fits better, measured where the truth is known: fits
// the 24-empties positions on bootstrap values and on the scores as played,
// and compares both against the theoretical scores held out. Returns
// "bootstrap" or "played", and the comparison as a Markdown table.
std::string ChooseLateLabels(const Dataset& dataset, const eval::Evaluator& evaluator,
                             const PhaseSamples& exact, const std::vector<float>& start,
                             const FitOptions& options, std::string* comparison) {
  std::vector<Sample> boot_train, played_train;
  for (const GameRecord& game : dataset.games) {
    if (!game.theoretical_24 || game.held_out) continue;
    const std::size_t i = kNumSquares - 4 - kTheoreticalEmpties;
    boot_train.push_back(MakeSample(
        game.positions[i], static_cast<float>(BootstrapValue(game.positions[i], evaluator))));
    played_train.push_back(MakeSample(game.positions[i], static_cast<float>(game.played[i])));
  }
  const FitResult boot = FitPhase(boot_train, exact.holdout, start, options);
  const FitResult play = FitPhase(played_train, exact.holdout, start, options);
  *comparison = absl::StrFormat(
      "| labels of the 24-empties positions | held-out MAE against the theoretical scores |\n"
      "|---|---|\n| bootstrap (2-ply search on the 22-23 weights) | %.2f |\n"
      "| score as played | %.2f |\n| theoretical (exact) | %.2f |\n",
      boot.holdout_mae, play.holdout_mae,
      FitPhase(exact.train, exact.holdout, start, options).holdout_mae);
  return play.holdout_mae < boot.holdout_mae ? "played" : "bootstrap";
}

}  // namespace

absl::StatusOr<int> RunFitStage(const Dataset& dataset, const FitStage& stage,
                                const std::function<void(std::string_view)>& message,
                                const std::atomic<bool>* cancel) {
  if (stage.late != "auto" && stage.late != "bootstrap" && stage.late != "played") {
    return absl::InvalidArgumentError(
        absl::StrCat("late labels: expected auto, bootstrap or played, found '", stage.late, "'"));
  }
  auto note = [&message](const std::string& text) {
    if (message) {
      message(text);
    } else {
      std::fprintf(stderr, "%s\n", text.c_str());
    }
  };
  int max_exact = 0;
  absl::StatusOr<std::vector<PhaseSamples>> exact =
      ExactSamples(dataset, stage.labels, note, &max_exact);
  if (!exact.ok()) return exact.status();
  absl::StatusOr<SavedState> saved = LoadState(stage.out);
  if (!saved.ok()) return saved.status();
  SavedState state = *std::move(saved);
  if (state.next_phase > 0) {
    if (stage.late != "auto" && stage.late != state.late) {
      return absl::InvalidArgumentError(absl::StrCat(
          StatePath(stage.out), ": the saved phases were fitted with late labels '", state.late,
          "', not '", stage.late, "'; resume with those, or delete ", StatePath(stage.out),
          " to start the fit over"));
    }
    note(absl::StrFormat("resuming %s from phase %d", PartialPath(stage.out), state.next_phase));
  } else {
    state.late = stage.late;
  }

  int fitted = 0;
  for (int phase = state.next_phase; phase < eval::kNumPhases; ++phase) {
    const absl::Time start = absl::Now();
    PhaseSamples samples = (*exact)[static_cast<std::size_t>(phase)];
    const int top = std::min(phase * eval::kPhaseWidth + eval::kPhaseWidth - 1, 60);
    const bool has_late = top > max_exact && phase * eval::kPhaseWidth <= 60;
    // The phases fitted so far, for the bootstrap searches (and the choice
    // of late labels, which runs them): built only for a phase that runs
    // them, since its tables (35 MB then, 17.5 MB now) were most of the other
    // phases' time.
    std::optional<eval::Evaluator> evaluator;
    if (has_late && state.late != "played") evaluator.emplace(state.weights);
    if (has_late && state.late == "auto" && phase == eval::PhaseOf(kTheoreticalEmpties)) {
      state.late = ChooseLateLabels(dataset, *evaluator, samples, state.start, stage.options,
                                    &state.comparison);
      note(state.comparison);
    }
    std::string kinds = samples.train.empty() ? "" : "exact";
    if (has_late) {
      // Before the comparison (auto), the scores as played are not used.
      const bool played = state.late == "played";
      AddGamePositions(dataset, phase, max_exact, played ? nullptr : &*evaluator,
                       stage.options.threads, &samples);
      absl::StrAppend(&kinds, kinds.empty() ? "" : " + ", played ? "played" : "bootstrap");
    }
    const FitResult fit = FitPhase(samples.train, samples.holdout, state.start, stage.options);
    Quantize(fit.weights, phase, &state.weights);
    state.start = fit.weights;
    // Where a phase mixes exact and bootstrap labels, the held-out error
    // against the exact ones alone is the one that says how close the
    // evaluation is to the truth.
    const std::vector<Sample>& exact_holdout = (*exact)[static_cast<std::size_t>(phase)].holdout;
    const std::string exact_mae =
        exact_holdout.empty()
            ? "-"
            : absl::StrFormat("%.2f (%d)", MeanAbsoluteError(exact_holdout, fit.weights),
                              exact_holdout.size());
    const std::string row = absl::StrFormat(
        "| %d | %d-%d | %s | %d | %d | %.2f | %.2f | %s |", phase, phase * eval::kPhaseWidth,
        phase * eval::kPhaseWidth + eval::kPhaseWidth - 1, kinds, samples.train.size(),
        samples.holdout.size(), fit.train_mae, fit.holdout_mae, exact_mae);
    state.rows.push_back(row);
    state.next_phase = phase + 1;
    ++fitted;
    if (absl::Status s = SaveState(stage.out, state); !s.ok()) return s;
    note(absl::StrFormat("%s  %.1f s", row, absl::ToDoubleSeconds(absl::Now() - start)));
    if (cancel != nullptr && cancel->load() && state.next_phase < eval::kNumPhases) return fitted;
  }

  if (absl::Status s = eval::WriteWeightsFile(stage.out, state.weights); !s.ok()) return s;
  std::string report =
      "| phase | empties | labels | train samples | held-out samples | train MAE | held-out MAE "
      "| held-out MAE, exact labels only (samples) |\n|---|---|---|---|---|---|---|---|\n";
  for (const std::string& r : state.rows) absl::StrAppend(&report, r, "\n");
  if (!state.comparison.empty()) absl::StrAppend(&report, "\n", state.comparison);
  if (absl::Status s = WriteFileAtomically(stage.report, report); !s.ok()) return s;
  for (const std::string& path : {StatePath(stage.out), StartPath(stage.out), PartialPath(stage.out)}) {
    std::filesystem::remove(path);
  }
  return fitted;
}

}  // namespace endsolve::train
