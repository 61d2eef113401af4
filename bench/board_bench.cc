// Micro-benchmarks of the rules: move generation, flips and perft, over
// positions from random play so that branch patterns are realistic.
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "board/board.h"
#include "board/perft.h"

namespace endsolve {
namespace {

// A fixed sample of mid-game positions (20 to 50 plies of random play), with
// one legal move each for the flip benchmark.
struct Sample {
  Board board;
  int move;
};
const std::vector<Sample>& Samples() {
  static const std::vector<Sample> samples = [] {
    std::vector<Sample> out;
    std::mt19937_64 rng(42);
    while (out.size() < 4096) {
      Board b = Board::Initial();
      const int plies = 20 + static_cast<int>(rng() % 31);
      for (int i = 0; i < plies; ++i) {
        Bitboard moves = b.Moves();
        if (!moves) {
          b = b.Pass();
          if (!b.Moves()) break;
          continue;
        }
        for (int k = static_cast<int>(rng() % PopCount(moves)); k > 0; --k) moves &= moves - 1;
        b = b.Play(FirstSquare(moves));
      }
      if (Bitboard moves = b.Moves()) out.push_back({b, FirstSquare(moves)});
    }
    return out;
  }();
  return samples;
}

void BM_LegalMoves(benchmark::State& state) {
  const auto& samples = Samples();
  std::size_t i = 0;
  for (auto _ : state) {
    const Board& b = samples[i++ & 4095].board;
    benchmark::DoNotOptimize(LegalMoves(b.player, b.opponent));
  }
  state.counters["calls/s"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(BM_LegalMoves);

void BM_Flips(benchmark::State& state) {
  const auto& samples = Samples();
  std::size_t i = 0;
  for (auto _ : state) {
    const Sample& s = samples[i++ & 4095];
    benchmark::DoNotOptimize(Flips(s.board.player, s.board.opponent, s.move));
  }
  state.counters["calls/s"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Flips);

void BM_Perft(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const NodeCounts c = Perft(Board::Initial(), depth);
    nodes += c.total();
    benchmark::DoNotOptimize(c);
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Perft)->Arg(8)->Arg(10)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace endsolve

BENCHMARK_MAIN();
