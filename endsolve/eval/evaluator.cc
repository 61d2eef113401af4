#include "endsolve/eval/evaluator.h"

#include <sys/mman.h>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <new>

namespace endsolve::eval {
namespace {

// The page size the tables are aligned to and asked for: x86-64's large
// page, so that the kernel can back them with as few pages as possible.
constexpr std::size_t kTablePageBytes = std::size_t{2} << 20;

}  // namespace

// Digit values: 0 empty, 1 side A, 2 side B (1 side B, 2 side A in the
// swapped reading).
PatternState PatternState::FromBoard(Bitboard player, Bitboard opponent) {
  PatternState state;
  const PatternSet& set = Patterns();
  for (int i = 0; i < kNumInstances; ++i) {
    const PatternInstance& instance = set.instances[i];
    std::uint32_t index = 0;
    std::uint32_t swapped = 0;
    for (int k = 0; k < instance.size; ++k) {
      const Bitboard bit = SquareBit(instance.squares[k]);
      const std::uint32_t digit = (player & bit) ? 1 : (opponent & bit) ? 2 : 0;
      index += digit * kPow3[k];
      swapped += (digit == 0 ? 0 : 3 - digit) * kPow3[k];
    }
    state.indices_[i] = static_cast<std::uint16_t>(index);
    state.swapped_[i] = static_cast<std::uint16_t>(swapped);
  }
  return state;
}

// Each disc is a move onto an empty board that flips nothing.
PatternState PatternState::FromDiscs(Bitboard player, Bitboard opponent) {
  PatternState state;
  for (Bitboard discs = player; discs != 0;) state.Play(PopFirstSquare(discs), 0, /*a_moves=*/true);
  for (Bitboard discs = opponent; discs != 0;) state.Play(PopFirstSquare(discs), 0, /*a_moves=*/false);
  return state;
}

namespace {

// Per square, every instance's digit weight at that square (0 for the
// instances that do not hold it): the rows PatternState::Play adds.
struct SquareRows {
  alignas(32) std::array<std::array<std::uint16_t, kIndexLanes>, kNumSquares> power{};
};

const SquareRows& Rows() {
  static const SquareRows rows = [] {
    SquareRows r;
    const PatternSet& set = Patterns();
    for (int i = 0; i < kNumInstances; ++i) {
      const PatternInstance& instance = set.instances[i];
      for (int k = 0; k < instance.size; ++k) {
        r.power[instance.squares[k]][i] = static_cast<std::uint16_t>(kPow3[k]);
      }
    }
    return r;
  }();
  return rows;
}

}  // namespace

// A new disc adds its digit (1 or 2) at its square; a flip from B to A
// subtracts one power, from A to B adds one; in the swapped reading the
// same with the sides' digits exchanged. The sums wrap modulo 2^16 on
// the way and end in range (tests/eval: equal to FromBoard, the oracle,
// along random games). Whole rows, so that each step is a few vector
// additions: with AVX2, one 256-bit vector per 16 lanes, the flips summed
// in registers and each block's two readings written once. The portable
// loops below, left to the compiler, stored the flips' sum to the stack and
// read it back, and first tested whether the state overlaps the rows (a
// scalar copy of the loops behind the test): by hand the same nodes in
// 0.976 of the time on FFO #56-#58 at two threads, where the evaluation
// searches are most of the time (endsolve/bench/results/solver-node-rate.md).
void PatternState::Play(int square, Bitboard flipped, bool a_moves) {
  const SquareRows& rows = Rows();
  std::uint16_t* const indices = indices_.data();
  std::uint16_t* const swapped = swapped_.data();
#if defined(__AVX2__)
  constexpr int kBlockLanes = 16;  // 16-bit lanes in a 256-bit vector
  constexpr int kBlocks = kIndexLanes / kBlockLanes;
  static_assert(kIndexLanes % kBlockLanes == 0);
  const auto load = [](const std::uint16_t* p, int b) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + b * kBlockLanes));
  };
  __m256i flips[kBlocks];
  for (int b = 0; b < kBlocks; ++b) flips[b] = _mm256_setzero_si256();
  for (Bitboard f = flipped; f != 0;) {
    const std::uint16_t* row = rows.power[PopFirstSquare(f)].data();
    for (int b = 0; b < kBlocks; ++b) flips[b] = _mm256_add_epi16(flips[b], load(row, b));
  }
  const std::uint16_t* placed = rows.power[square].data();
  for (int b = 0; b < kBlocks; ++b) {
    const __m256i power = load(placed, b);
    // The mover's disc is digit 1 in its own reading, 2 in the other.
    const __m256i as_digit1 = _mm256_sub_epi16(power, flips[b]);
    const __m256i as_digit2 = _mm256_add_epi16(_mm256_add_epi16(power, power), flips[b]);
    const __m256i own = _mm256_add_epi16(load(indices, b), a_moves ? as_digit1 : as_digit2);
    const __m256i other = _mm256_add_epi16(load(swapped, b), a_moves ? as_digit2 : as_digit1);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(indices + b * kBlockLanes), own);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(swapped + b * kBlockLanes), other);
  }
#else
  std::array<std::uint16_t, kIndexLanes> flips{};
  for (Bitboard f = flipped; f != 0;) {
    const std::uint16_t* row = rows.power[PopFirstSquare(f)].data();
    for (int i = 0; i < kIndexLanes; ++i) flips[i] = static_cast<std::uint16_t>(flips[i] + row[i]);
  }
  const std::uint16_t* placed = rows.power[square].data();
  // The mover's disc is digit 1 in its own reading, 2 in the other.
  if (a_moves) {
    for (int i = 0; i < kIndexLanes; ++i) {
      indices[i] = static_cast<std::uint16_t>(indices[i] + placed[i] - flips[i]);
      swapped[i] = static_cast<std::uint16_t>(swapped[i] + 2 * placed[i] + flips[i]);
    }
  } else {
    for (int i = 0; i < kIndexLanes; ++i) {
      indices[i] = static_cast<std::uint16_t>(indices[i] + 2 * placed[i] + flips[i]);
      swapped[i] = static_cast<std::uint16_t>(swapped[i] + placed[i] - flips[i]);
    }
  }
#endif
}

void Evaluator::FreeTables::operator()(std::int16_t* tables) const { std::free(tables); }

Evaluator::Evaluator(const Weights& weights) {
  const PatternSet& set = Patterns();
  std::array<int, kNumClasses> class_offset{};
  stride_ = 1;
  for (int c = 0; c < kNumClasses; ++c) {
    class_offset[c] = stride_;
    stride_ += static_cast<int>(kPow3[kClasses[c].size]);
  }
  const int zero_entry = stride_++;  // each phase's last entry: 0, for the padding lanes
  for (int i = 0; i < kIndexLanes; ++i) {
    lane_offset_[i] = i < kNumInstances ? class_offset[set.instances[i].pattern_class] : zero_entry;
  }
  // On 2 MiB pages: a process that evaluates (every solve) faulted these
  // tables in as some 8,500 pages of 4 KiB, most of a small solve's start-up
  // on the development VM, and the search reads them at random. Every entry
  // is written below, so the memory is not zeroed first.
  // One entry to spare: fast::Evaluate (fast_evaluate.h) reads 32 bits at the last entry.
  const std::size_t bytes =
      (static_cast<std::size_t>(kNumPhases) * stride_ + 1) * sizeof(std::int16_t);
  const std::size_t rounded = (bytes + kTablePageBytes - 1) / kTablePageBytes * kTablePageBytes;
  void* memory = std::aligned_alloc(kTablePageBytes, rounded);
  if (memory == nullptr) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(memory, rounded, MADV_HUGEPAGE);  // advisory: ignore failure
#endif
  tables_.reset(static_cast<std::int16_t*>(memory));
  for (int phase = 0; phase < kNumPhases; ++phase) {
    const std::int16_t* free = weights.Phase(phase);
    std::int16_t* table = tables_.get() + phase * stride_;
    table[0] = free[0];
    table[zero_entry] = 0;
    for (int c = 0; c < kNumClasses; ++c) {
      const int size = kClasses[c].size;
      const std::int16_t* w = free + Weights::ClassOffset(c);
      for (std::uint32_t index = 0; index < kPow3[size]; ++index) {
        table[class_offset[c] + index] = w[set.weight_slot[c][index]];
      }
    }
  }
  tables_[static_cast<std::size_t>(kNumPhases) * stride_] = 0;  // the spare entry
}

const Evaluator& Evaluator::Default() {
  static const Evaluator evaluator(DefaultWeights());
  return evaluator;
}

absl::StatusOr<const Evaluator*> Evaluator::Load(const std::string& path) {
  if (path.empty()) return &Default();
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<const Evaluator>> loaded;
  std::lock_guard lock(mutex);
  std::unique_ptr<const Evaluator>& evaluator = loaded[path];
  if (evaluator == nullptr) {
    absl::StatusOr<Weights> weights = ReadWeightsFile(path);
    if (!weights.ok()) {
      loaded.erase(path);
      return weights.status();
    }
    evaluator = std::make_unique<const Evaluator>(*weights);
  }
  return evaluator.get();
}

int Evaluator::ToDiscs(int units) {
  const int rounded = units >= 0 ? (units + kUnitsPerDisc / 2) / kUnitsPerDisc
                                 : -((-units + kUnitsPerDisc / 2) / kUnitsPerDisc);
  return std::clamp(rounded, -64, 64);
}

}  // namespace endsolve::eval
