// Micro-benchmarks of the rules: move generation, flips, playing a move and
// the last move's flip count, each in board/'s portable version and in the
// fast version the search calls (endsolve/board/fast_rules.h), and perft; over
// positions from random play so that branch patterns are realistic.
#include <cstddef>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "endsolve/board/board.h"
#include "endsolve/board/fast_rules.h"
#include "endsolve/board/perft.h"

namespace endsolve {
namespace {

// The number of sample positions: a power of two, so that the benchmarks
// cycle through them with a mask instead of a division.
constexpr std::size_t kNumSamples = 4096;
constexpr std::size_t kSampleMask = kNumSamples - 1;

// Plays `plies` random legal moves (passes included) from the initial
// position, fewer if the game ends first.
Board RandomGame(std::mt19937_64& rng, int plies) {
  Board b = Board::Initial();
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
  return b;
}

// A fixed sample of mid-game positions (20 to 50 plies of random play), with
// one legal move each for the flip and play benchmarks.
struct Sample {
  Board board;
  int move;
};
const std::vector<Sample>& Samples() {
  static const std::vector<Sample> samples = [] {
    std::vector<Sample> out;
    std::mt19937_64 rng(42);
    while (out.size() < kNumSamples) {
      const Board b = RandomGame(rng, 20 + static_cast<int>(rng() % 31));
      if (Bitboard moves = b.Moves()) out.push_back({b, FirstSquare(moves)});
    }
    return out;
  }();
  return samples;
}

// Positions with one empty square, from random games played to 59 plies, and
// that square: what the search's last move sees. The move there may be
// illegal for the side to move (no flips), as it often is in the search.
const std::vector<Sample>& LastMoveSamples() {
  static const std::vector<Sample> samples = [] {
    std::vector<Sample> out;
    std::mt19937_64 rng(43);
    while (out.size() < kNumSamples) {
      const Board b = RandomGame(rng, 59);
      if (b.EmptyCount() == 1) out.push_back({b, FirstSquare(b.Empties())});
    }
    return out;
  }();
  return samples;
}

// Calls `rule` on one sample after another and reports the calls per second.
// Each rule is a lambda, its own type, so the call inlines as in the search.
template <typename Rule>
void TimeRule(benchmark::State& state, const std::vector<Sample>& samples, Rule rule) {
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(rule(samples[i++ & kSampleMask]));
  state.counters["calls/s"] = benchmark::Counter(static_cast<double>(state.iterations()),
                                                 benchmark::Counter::kIsRate);
}

// Each rule of the search twice: "portable" is endsolve/board/board.h, the oracle;
// "fast" is endsolve/board/fast_rules.h, what the search calls.
template <typename Rule>
void BM_Moves(benchmark::State& state, Rule rule) {
  TimeRule(state, Samples(),
           [&](const Sample& s) { return rule(s.board.player, s.board.opponent); });
}
BENCHMARK_CAPTURE(BM_Moves, portable, [](Bitboard p, Bitboard o) { return LegalMoves(p, o); });
BENCHMARK_CAPTURE(BM_Moves, fast, [](Bitboard p, Bitboard o) { return fast::Moves(p, o); });

template <typename Rule>
void BM_Flips(benchmark::State& state, Rule rule) {
  TimeRule(state, Samples(),
           [&](const Sample& s) { return rule(s.board.player, s.board.opponent, s.move); });
}
BENCHMARK_CAPTURE(BM_Flips, portable,
                  [](Bitboard p, Bitboard o, int x) { return Flips(p, o, x); });
BENCHMARK_CAPTURE(BM_Flips, fast,
                  [](Bitboard p, Bitboard o, int x) { return fast::Flips(p, o, x); });

// The child position, as the search makes it.
template <typename Rule>
void BM_Play(benchmark::State& state, Rule rule) {
  TimeRule(state, Samples(),
           [&](const Sample& s) { return rule(s.board.player, s.board.opponent, s.move); });
}
BENCHMARK_CAPTURE(BM_Play, portable,
                  [](Bitboard p, Bitboard o, int x) { return Board{p, o}.Play(x); });
BENCHMARK_CAPTURE(BM_Play, fast,
                  [](Bitboard p, Bitboard o, int x) { return fast::Play(p, o, x); });

// The flip count of the last move, all the search needs for a final score.
template <typename Rule>
void BM_LastMoveCount(benchmark::State& state, Rule rule) {
  TimeRule(state, LastMoveSamples(),
           [&](const Sample& s) { return rule(s.board.player, s.board.opponent, s.move); });
}
BENCHMARK_CAPTURE(BM_LastMoveCount, portable,
                  [](Bitboard p, Bitboard o, int x) { return PopCount(Flips(p, o, x)); });
BENCHMARK_CAPTURE(BM_LastMoveCount, fast,
                  [](Bitboard p, Bitboard o, int x) { return fast::CountFlips(p, o, x); });

// Potential mobility, a move-ordering key; it has no portable twin.
void BM_PotentialMobility(benchmark::State& state) {
  TimeRule(state, Samples(), [](const Sample& s) {
    return fast::PotentialMobility(s.board.opponent, s.board.Empties());
  });
}
BENCHMARK(BM_PotentialMobility);

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
