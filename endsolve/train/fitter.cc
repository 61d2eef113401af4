#include "endsolve/train/fitter.h"

#include <algorithm>
#include <cmath>
#include <thread>

namespace endsolve::train {
namespace {

float Predict(const Sample& s, const std::vector<float>& w) {
  float sum = w[0];
  for (const std::uint32_t slot : s.slots) sum += w[slot];
  return sum;
}

// Runs fn(begin, end, thread) over [0, n) split into `threads` parts.
template <typename Fn>
void ParallelRange(std::size_t n, int threads, Fn fn) {
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] { fn(n * t / threads, n * (t + 1) / threads, t); });
  }
  for (std::thread& th : pool) th.join();
}

}  // namespace

Sample MakeSample(const Board& board, float label) {
  const eval::PatternSet& set = eval::Patterns();
  const eval::PatternState state = eval::PatternState::FromBoard(board.player, board.opponent);
  Sample sample;
  sample.label = label;
  for (int i = 0; i < eval::kNumInstances; ++i) {
    const int c = set.instances[i].pattern_class;
    sample.slots[i] = static_cast<std::uint32_t>(eval::Weights::ClassOffset(c)) +
                      set.weight_slot[c][state.indices()[i]];
  }
  return sample;
}

double MeanAbsoluteError(const std::vector<Sample>& samples, const std::vector<float>& weights) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const Sample& s : samples) sum += std::abs(Predict(s, weights) - s.label);
  return sum / static_cast<double>(samples.size());
}

FitResult FitPhase(const std::vector<Sample>& train, const std::vector<Sample>& holdout,
                   const std::vector<float>& start, const FitOptions& options) {
  const std::size_t size = static_cast<std::size_t>(eval::Weights::PhaseSize());
  FitResult result;
  result.weights = start.empty() ? std::vector<float>(size, 0.0f) : start;
  result.holdout_mae_before = MeanAbsoluteError(holdout, result.weights);
  if (train.empty()) {
    result.holdout_mae = result.holdout_mae_before;
    return result;
  }
  std::vector<float>& w = result.weights;
  std::vector<double> m(size, 0.0), v(size, 0.0);
  std::vector<std::vector<double>> grads(options.threads, std::vector<double>(size, 0.0));
  const double n = static_cast<double>(train.size());
  const double lambda = options.l2_samples / n;
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;
  double beta1_t = 1, beta2_t = 1;
  for (int epoch = 0; epoch < options.epochs; ++epoch) {
    ParallelRange(train.size(), options.threads, [&](std::size_t begin, std::size_t end, int t) {
      std::vector<double>& g = grads[t];
      std::fill(g.begin(), g.end(), 0.0);
      for (std::size_t i = begin; i < end; ++i) {
        const Sample& s = train[i];
        const double r = Predict(s, w) - s.label;
        g[0] += r;
        for (const std::uint32_t slot : s.slots) g[slot] += r;
      }
    });
    beta1_t *= kBeta1;
    beta2_t *= kBeta2;
    // The learning rate decays linearly to a tenth, to settle at the end.
    const double rate = options.learning_rate * (1.0 - 0.9 * epoch / options.epochs);
    for (std::size_t j = 0; j < size; ++j) {
      double g = 0;
      for (const auto& part : grads) g += part[j];
      g = 2.0 * g / n + 2.0 * lambda * w[j];
      m[j] = kBeta1 * m[j] + (1 - kBeta1) * g;
      v[j] = kBeta2 * v[j] + (1 - kBeta2) * g * g;
      const double m_hat = m[j] / (1 - beta1_t);
      const double v_hat = v[j] / (1 - beta2_t);
      w[j] = static_cast<float>(w[j] - rate * m_hat / (std::sqrt(v_hat) + kEpsilon));
    }
  }
  result.train_mae = MeanAbsoluteError(train, w);
  result.holdout_mae = MeanAbsoluteError(holdout, w);
  return result;
}

void Quantize(const std::vector<float>& weights, int phase, eval::Weights* out) {
  std::int16_t* dst = out->Phase(phase);
  for (std::size_t j = 0; j < weights.size(); ++j) {
    const double units = std::round(weights[j] * eval::kUnitsPerDisc);
    dst[j] = static_cast<std::int16_t>(std::clamp(units, -32767.0, 32767.0));
  }
}

double BootstrapValue(const Board& board, const eval::Evaluator& evaluator, int plies) {
  const Bitboard moves = board.Moves();
  if (moves == 0) {
    if (board.OpponentMoves() == 0) return board.FinalScore();
    return -BootstrapValue(board.Pass(), evaluator, plies);
  }
  if (plies == 0) {
    return static_cast<double>(evaluator.Evaluate(board.player, board.opponent)) / eval::kUnitsPerDisc;
  }
  double best = -1e9;
  for (Bitboard m = moves; m != 0;) {
    const int square = PopFirstSquare(m);
    best = std::max(best, -BootstrapValue(board.Play(square), evaluator, plies - 1));
  }
  return best;
}

}  // namespace endsolve::train
