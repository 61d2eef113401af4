// The evaluation again, for the search's hot path: the ordering and ProbCut
// searches (endsolve/solver/eval_order.h) call it at every leaf.
//
// Evaluator::Evaluate (evaluator.h) sums the 46 instances' entries one
// scalar load at a time; it stays the oracle, and this header is internal
// (not installed, like endsolve/board/fast_rules.h), so that a program built against
// the installed library with other architecture flags never meets a second
// definition of an inline function. Here the entries are gathered eight a
// step with AVX2 (`vpgatherdd`) and sixteen with AVX-512: each gather reads
// 32 bits at an entry's address and keeps the low 16 (the entry, little-
// endian), sign-extended. The two lanes past the instances read the zero
// each phase's table keeps for them (Evaluator::PhaseTable). On FFO #58 (30
// empties), where these searches take 44% of the time and the scalar loop a
// third of theirs, the solve took 0.907 of the scalar loop's time with 8
// lanes and 0.913 of that with 16 (medians of paired runs, one thread, same
// nodes: endsolve/bench/results/solver-node-rate.md). Without AVX2 it is
// Evaluator::Evaluate. tests/eval/eval_test.cc checks the two equal in every
// phase, both readings, and at the int16 extremes.
#ifndef ENDSOLVE_EVAL_FAST_EVALUATE_H_
#define ENDSOLVE_EVAL_FAST_EVALUATE_H_

#include <cstdint>

#include "endsolve/eval/evaluator.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace endsolve::eval::fast {

// The loops below read whole vectors of lanes.
static_assert(kIndexLanes % 16 == 0, "the lanes must fill whole 16-lane vectors");

// Same contract as Evaluator::Evaluate.
inline int Evaluate(const Evaluator& evaluator, const PatternState& state, int empties,
                    bool a_to_move) {
#if defined(__AVX2__)
  const std::int16_t* table = evaluator.PhaseTable(empties);
  const auto& indices = a_to_move ? state.indices() : state.swapped_indices();
  const auto& offsets = evaluator.lane_offsets();
#if defined(__AVX512F__)
  // Sixteen lanes a step. The masked forms with an explicit zero: GCC 12's
  // unmasked ones start from an undefined vector and warn of it.
  constexpr __mmask16 kAll = 0xFFFF;
  __m512i wide = _mm512_setzero_si512();
  for (int i = 0; i < kIndexLanes; i += 16) {
    const __m512i index = _mm512_add_epi32(
        _mm512_maskz_cvtepu16_epi32(
            kAll, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(&indices[i]))),
        _mm512_load_si512(reinterpret_cast<const __m512i*>(&offsets[i])));
    const __m512i words = _mm512_mask_i32gather_epi32(
        _mm512_setzero_si512(), kAll, index, reinterpret_cast<const int*>(table), 2);
    wide = _mm512_add_epi32(
        wide, _mm512_maskz_srai_epi32(kAll, _mm512_maskz_slli_epi32(kAll, words, 16), 16));
  }
  const __m256i sum = _mm256_add_epi32(_mm512_maskz_extracti64x4_epi64(0xF, wide, 0),
                                       _mm512_maskz_extracti64x4_epi64(0xF, wide, 1));
#else
  __m256i sum = _mm256_setzero_si256();
  for (int i = 0; i < kIndexLanes; i += 8) {
    const __m256i index = _mm256_add_epi32(
        _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&indices[i]))),
        _mm256_load_si256(reinterpret_cast<const __m256i*>(&offsets[i])));
    const __m256i words = _mm256_i32gather_epi32(reinterpret_cast<const int*>(table), index, 2);
    sum = _mm256_add_epi32(sum, _mm256_srai_epi32(_mm256_slli_epi32(words, 16), 16));
  }
#endif
  __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
  half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4E));
  half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0xB1));
  return table[0] + _mm_cvtsi128_si32(half);
#else
  return evaluator.Evaluate(state, empties, a_to_move);
#endif
}

}  // namespace endsolve::eval::fast

#endif  // ENDSOLVE_EVAL_FAST_EVALUATE_H_
