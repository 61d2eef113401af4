// The game rules again, for the solver's hot path.
//
// endsolve/board/board.h holds the plain, portable rules; it stays the oracle that
// tests/board/fast_rules_test.cc checks these against. The versions here do
// the same work with AVX2 (and AVX-512 where the build machine has it): the
// eight directions are four 64-bit lanes of two vectors, so each step of the
// computation handles four directions at once. Without AVX2 they fall back
// to endsolve/board/board.h.
#ifndef ENDSOLVE_BOARD_FAST_RULES_H_
#define ENDSOLVE_BOARD_FAST_RULES_H_

#include <array>
#include <cstdint>

#include "endsolve/board/board.h"

#if defined(__AVX2__)
#include <immintrin.h>
#define ENDSOLVE_FAST_RULES_AVX2 1
#endif

namespace endsolve::fast {

// Same contract as endsolve::Flips: the opponent discs flipped by a move on
// the empty square `square`, empty when the move is illegal.
inline Bitboard Flips(Bitboard player, Bitboard opponent, int square);

// Same contract as endsolve::LegalMoves.
inline Bitboard Moves(Bitboard player, Bitboard opponent);

// The position after the side owning `player` plays the legal move
// `square`, flipping `flipped` (Flips, which a caller that orders moves
// has computed already), from the other side's view (the side to move next
// first): the one way the search makes a child.
inline Board Play(Bitboard player, Bitboard opponent, int square, Bitboard flipped) {
  return Board{opponent ^ flipped, player ^ flipped ^ SquareBit(square)};
}

// The same, computing the flips.
inline Board Play(Bitboard player, Bitboard opponent, int square) {
  return Play(player, opponent, square, Flips(player, opponent, square));
}

// PopCount(Flips(...)): all the last move of a game needs for its score.
inline int CountFlips(Bitboard player, Bitboard opponent, int square);

// The instruction-set extensions this build was compiled to use (the
// -march of the top CMakeLists.txt: the AVX2 and BMI2 of the portable
// x86-64-v3 build, or all the build machine's) that the running CPU lacks,
// their names separated by spaces; empty when it has them all. A function
// compiled for the baseline x86-64 fills it, whatever the build's flags,
// from a constructor that runs before the program's or library's other
// code; when something is missing, that constructor prints the names and
// stops the process with exit status 2, where the first instruction the CPU
// lacks would have killed it with SIGILL and no word of why. So in a
// program that runs, it is empty; tests/board read it to show that the
// check turns no capable machine away.
const char* MissingCpuFeatures();

// The number of empty squares next to a disc of `opponent`: each is a place
// where the side owning `player` may later get a move ("potential
// mobility"), a cheap complement of the real mobility in move ordering.
inline int PotentialMobility(Bitboard opponent, Bitboard empties);

// ---------------------------------------------------------------------------
// Implementation. Everything is inline: these run a few hundred million
// times a second and must melt into the search loops.

namespace internal {

// For each square, the rays out of it in the four directions that climb the
// square numbers (+1, +8, +9, +7) and in the four that descend (-1, -8, -9,
// -7), the square itself excluded, up to the edge. One 32-byte row per
// square and set of directions, so that a single aligned load fills a vector.
struct alignas(32) RayQuad {
  std::uint64_t ray[4];
};
extern const std::array<RayQuad, kNumSquares> kRaysUp;
extern const std::array<RayQuad, kNumSquares> kRaysDown;

}  // namespace internal

#if ENDSOLVE_FAST_RULES_AVX2

// Climbing rays: the first square along the ray that is not an opponent disc
// is the lowest set bit of (ray & ~opponent), isolated as b & -b. The move
// flips the squares before it, (first - 1) & ray, if that square holds a
// player disc. A ray that runs out of squares has first == 0, whose test
// against `player` fails.
//
// Descending rays: the first non-opponent square is the highest set bit. With
// AVX-512 (VL + CD), lzcnt finds it, and the flipped squares are those of the
// ray above it, -(first << 1) & ray. Plain AVX2 has no 64-bit lzcnt, so the
// highest bit is smeared downwards instead (s |= s >> 1, 2, 4, 8, 16, 32:
// every bit at or below the highest one is set), the squares above the smear
// are the flipped ones, and the highest bit itself is s ^ (s >> 1).
inline Bitboard Flips(Bitboard player, Bitboard opponent, int square) {
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(player));
  const __m256i o = _mm256_set1_epi64x(static_cast<long long>(opponent));
  const __m256i zero = _mm256_setzero_si256();
  const __m256i up = _mm256_load_si256(
      reinterpret_cast<const __m256i*>(internal::kRaysUp[square].ray));
  const __m256i down = _mm256_load_si256(
      reinterpret_cast<const __m256i*>(internal::kRaysDown[square].ray));

  const __m256i stop_up = _mm256_andnot_si256(o, up);
  const __m256i first_up = _mm256_and_si256(stop_up, _mm256_sub_epi64(zero, stop_up));
  const __m256i run_up =
      _mm256_and_si256(_mm256_add_epi64(first_up, _mm256_cmpeq_epi64(zero, zero)), up);
  const __m256i open_up = _mm256_cmpeq_epi64(_mm256_and_si256(first_up, p), zero);
  __m256i flipped = _mm256_andnot_si256(open_up, run_up);

  const __m256i stop_down = _mm256_andnot_si256(o, down);
#if defined(__AVX512VL__) && defined(__AVX512CD__)
  const __m256i first_down = _mm256_srlv_epi64(
      _mm256_set1_epi64x(static_cast<long long>(0x8000000000000000ULL)),
      _mm256_lzcnt_epi64(stop_down));
  const __m256i run_down =
      _mm256_and_si256(_mm256_sub_epi64(zero, _mm256_slli_epi64(first_down, 1)), down);
#else
  __m256i smear = stop_down;
  smear = _mm256_or_si256(smear, _mm256_srli_epi64(smear, 1));
  smear = _mm256_or_si256(smear, _mm256_srli_epi64(smear, 2));
  smear = _mm256_or_si256(smear, _mm256_srli_epi64(smear, 4));
  smear = _mm256_or_si256(smear, _mm256_srli_epi64(smear, 8));
  smear = _mm256_or_si256(smear, _mm256_srli_epi64(smear, 16));
  smear = _mm256_or_si256(smear, _mm256_srli_epi64(smear, 32));
  const __m256i first_down = _mm256_andnot_si256(_mm256_srli_epi64(smear, 1), smear);
  const __m256i run_down = _mm256_andnot_si256(smear, down);
#endif
  const __m256i open_down = _mm256_cmpeq_epi64(_mm256_and_si256(first_down, p), zero);
  flipped = _mm256_or_si256(flipped, _mm256_andnot_si256(open_down, run_down));

  const __m128i half = _mm_or_si128(_mm256_castsi256_si128(flipped),
                                    _mm256_extracti128_si256(flipped, 1));
  return static_cast<Bitboard>(_mm_cvtsi128_si64(half)) |
         static_cast<Bitboard>(_mm_extract_epi64(half, 1));
}

// Kogge-Stone fill in four directions at once. Step one takes the opponent
// discs next to a player disc; step two extends each run by one more; then
// `pairs` (opponent discs whose neighbour in the same direction is also an
// opponent disc) extends them by two at a time, twice: runs of up to six,
// the longest a line can hold. One step past a run is a candidate move. The
// horizontal and diagonal lanes mask the A and H files out of the opponent
// set so that no run wraps from one edge to the other.
inline Bitboard Moves(Bitboard player, Bitboard opponent) {
  constexpr std::uint64_t kInner = 0x7E7E7E7E7E7E7E7EULL;
  const __m256i shift1 = _mm256_set_epi64x(7, 9, 8, 1);
  const __m256i shift2 = _mm256_add_epi64(shift1, shift1);
  const __m256i p = _mm256_set1_epi64x(static_cast<long long>(player));
  const __m256i o = _mm256_and_si256(
      _mm256_set1_epi64x(static_cast<long long>(opponent)),
      _mm256_set_epi64x(static_cast<long long>(kInner), static_cast<long long>(kInner),
                        -1, static_cast<long long>(kInner)));

  __m256i left = _mm256_and_si256(o, _mm256_sllv_epi64(p, shift1));
  __m256i right = _mm256_and_si256(o, _mm256_srlv_epi64(p, shift1));
  left = _mm256_or_si256(left, _mm256_and_si256(o, _mm256_sllv_epi64(left, shift1)));
  right = _mm256_or_si256(right, _mm256_and_si256(o, _mm256_srlv_epi64(right, shift1)));
  const __m256i pairs_left = _mm256_and_si256(o, _mm256_sllv_epi64(o, shift1));
  const __m256i pairs_right = _mm256_and_si256(o, _mm256_srlv_epi64(o, shift1));
  left = _mm256_or_si256(left, _mm256_and_si256(pairs_left, _mm256_sllv_epi64(left, shift2)));
  right = _mm256_or_si256(right, _mm256_and_si256(pairs_right, _mm256_srlv_epi64(right, shift2)));
  left = _mm256_or_si256(left, _mm256_and_si256(pairs_left, _mm256_sllv_epi64(left, shift2)));
  right = _mm256_or_si256(right, _mm256_and_si256(pairs_right, _mm256_srlv_epi64(right, shift2)));
  const __m256i moves =
      _mm256_or_si256(_mm256_sllv_epi64(left, shift1), _mm256_srlv_epi64(right, shift1));

  const __m128i half = _mm_or_si128(_mm256_castsi256_si128(moves),
                                    _mm256_extracti128_si256(moves, 1));
  const Bitboard all = static_cast<Bitboard>(_mm_cvtsi128_si64(half)) |
                       static_cast<Bitboard>(_mm_extract_epi64(half, 1));
  return all & ~(player | opponent);
}

#else  // no AVX2: the portable rules

inline Bitboard Flips(Bitboard player, Bitboard opponent, int square) {
  return endsolve::Flips(player, opponent, square);
}
inline Bitboard Moves(Bitboard player, Bitboard opponent) {
  return endsolve::LegalMoves(player, opponent);
}

#endif

inline int CountFlips(Bitboard player, Bitboard opponent, int square) {
  return PopCount(Flips(player, opponent, square));
}

// The squares next to `opponent` discs in all eight directions, with the
// wrap-around across the A and H files masked out, intersected with empties.
inline int PotentialMobility(Bitboard opponent, Bitboard empties) {
  constexpr Bitboard kNotA = 0xFEFEFEFEFEFEFEFEULL;  // after a shift towards H
  constexpr Bitboard kNotH = 0x7F7F7F7F7F7F7F7FULL;  // after a shift towards A
  const Bitboard east = (opponent << 1) & kNotA;
  const Bitboard west = (opponent >> 1) & kNotH;
  const Bitboard row = opponent | east | west;
  const Bitboard around = east | west | (row << 8) | (row >> 8);
  return PopCount(around & empties);
}

}  // namespace endsolve::fast

#endif  // ENDSOLVE_BOARD_FAST_RULES_H_
