// Fitting the pattern weights of one phase: least squares on the final disc
// difference with L2 regularisation, by Adam over the whole sample set
// (every epoch sees every sample; the features are sparse, 46 of ~113,000
// weights per sample, so an epoch is cheap).
//
// A sample's prediction is the sum of its weights (the phase's bias and one
// weight per pattern instance); its label is an exact score, the
// theoretical score of the game file, a bootstrap value (a 2-ply search
// whose leaves use the weights of the phase below), or the game's score as
// played, as the pipeline chooses (fit_stage.h).
#ifndef ENDSOLVE_TRAIN_FITTER_H_
#define ENDSOLVE_TRAIN_FITTER_H_

#include <array>
#include <cstdint>
#include <vector>

#include "endsolve/board/board.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/eval/patterns.h"
#include "endsolve/eval/weights.h"

namespace endsolve::train {

struct Sample {
  // The weight slots the sample reads within its phase (bias excluded).
  std::array<std::uint32_t, eval::kNumInstances> slots;
  float label;
};

// The slots of `board` (side to move first) within a phase.
Sample MakeSample(const Board& board, float label);

struct FitOptions {
  int epochs = 150;
  double learning_rate = 0.05;  // discs per step, Adam's step size
  // L2 strength as pseudo-samples: lambda = l2_samples / N, so a weight seen
  // in fewer than about that many samples is pulled towards 0.
  double l2_samples = 2.0;
  int threads = 2;
};

struct FitResult {
  std::vector<float> weights;  // Weights::PhaseSize() values, bias first, in discs
  double train_mae = 0;
  double holdout_mae_before = 0;  // with the starting weights
  double holdout_mae = 0;
};

// Fits one phase's weights on `train`, starting from `start` (empty: all
// zero), and measures the held-out MAE before and after.
FitResult FitPhase(const std::vector<Sample>& train, const std::vector<Sample>& holdout,
                   const std::vector<float>& start, const FitOptions& options);

// Mean absolute error of `weights` (discs) over `samples`.
double MeanAbsoluteError(const std::vector<Sample>& samples, const std::vector<float>& weights);

// Writes `weights` (discs) as phase `phase` of `out`, in units of
// 1/kUnitsPerDisc, clamped to 16 bits.
void Quantize(const std::vector<float>& weights, int phase, eval::Weights* out);

// The 2-ply bootstrap value of `board` in discs: a negamax over two moves
// (passes do not count) whose leaves use `evaluator`, exact at the end of
// the game.
double BootstrapValue(const Board& board, const eval::Evaluator& evaluator, int plies = 2);

}  // namespace endsolve::train

#endif  // ENDSOLVE_TRAIN_FITTER_H_
