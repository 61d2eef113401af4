#include "endsolve/eval/patterns.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace endsolve::eval {
namespace {

// Squares by name, for readable class definitions.
enum : std::int8_t {
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
};

// The image of a square under symmetry k, with the bit meanings of
// endsolve/board/symmetry.h (mirror columns, mirror rows, transpose, in that order).
// Written on coordinates so that the tables below need no bitboard code.
int SymmetricSquare(int square, int symmetry) {
  int row = Row(square);
  int col = Column(square);
  if (symmetry & 1) col = 7 - col;
  if (symmetry & 2) row = 7 - row;
  if (symmetry & 4) std::swap(row, col);
  return row * 8 + col;
}

// The permutation of digits that maps `from` onto `to` (same squares, other
// order): to[k] == from[perm[k]].
std::array<int, kMaxPatternSize> DigitPermutation(const PatternInstance& from,
                                                  const PatternInstance& to) {
  std::array<int, kMaxPatternSize> perm{};
  for (int k = 0; k < to.size; ++k) {
    perm[k] = static_cast<int>(std::find(from.squares.begin(), from.squares.begin() + from.size,
                                         to.squares[k]) -
                               from.squares.begin());
  }
  return perm;
}

// The index read with digit k taken from digit perm[k] of `index`.
std::uint32_t PermuteDigits(std::uint32_t index, const std::array<int, kMaxPatternSize>& perm,
                            int size) {
  std::uint32_t result = 0;
  for (int k = 0; k < size; ++k) result += (index / kPow3[perm[k]] % 3) * kPow3[k];
  return result;
}

PatternSet Build() {
  PatternSet set{};
  int count = 0;
  for (int c = 0; c < kNumClasses; ++c) {
    const PatternClass& cls = kClasses[c];
    const int first = count;
    // Self-symmetries: images of the base over the base's own squares.
    std::vector<std::array<int, kMaxPatternSize>> self;
    PatternInstance base{c, cls.size, cls.base};
    for (int s = 0; s < 8; ++s) {
      PatternInstance image{c, cls.size, {}};
      for (int k = 0; k < cls.size; ++k) {
        image.squares[k] = static_cast<std::int8_t>(SymmetricSquare(cls.base[k], s));
      }
      auto same_squares = [&](const PatternInstance& other) {
        return std::is_permutation(other.squares.begin(), other.squares.begin() + other.size,
                                   image.squares.begin());
      };
      if (same_squares(base)) self.push_back(DigitPermutation(base, image));
      bool listed = false;
      for (int i = first; i < count; ++i) listed = listed || same_squares(set.instances[i]);
      if (listed) continue;
      assert(count < kNumInstances);
      set.instances[count++] = image;
    }
    const std::uint32_t indices = kPow3[cls.size];
    set.canonical[c].resize(indices);
    set.weight_slot[c].assign(indices, 0);
    int slots = 0;
    for (std::uint32_t index = 0; index < indices; ++index) {
      std::uint32_t smallest = index;
      for (const auto& perm : self) smallest = std::min(smallest, PermuteDigits(index, perm, cls.size));
      set.canonical[c][index] = smallest;
      if (smallest == index) set.weight_slot[c][index] = static_cast<std::uint32_t>(slots++);
    }
    for (std::uint32_t index = 0; index < indices; ++index) {
      set.weight_slot[c][index] = set.weight_slot[c][set.canonical[c][index]];
    }
    set.free_weights[c] = slots;
  }
  if (count != kNumInstances) std::abort();  // kClasses and kNumInstances disagree
  return set;
}

}  // namespace

const std::array<PatternClass, kNumClasses> kClasses = {{
    {"edge+2X", 10, {A1, B1, C1, D1, E1, F1, G1, H1, B2, G2}},
    {"corner 3x3", 9, {A1, B1, C1, A2, B2, C2, A3, B3, C3}},
    {"corner 2x5", 10, {A1, B1, C1, D1, E1, A2, B2, C2, D2, E2}},
    {"line 2", 8, {A2, B2, C2, D2, E2, F2, G2, H2}},
    {"line 3", 8, {A3, B3, C3, D3, E3, F3, G3, H3}},
    {"line 4", 8, {A4, B4, C4, D4, E4, F4, G4, H4}},
    {"diagonal 8", 8, {A1, B2, C3, D4, E5, F6, G7, H8}},
    {"diagonal 7", 7, {B1, C2, D3, E4, F5, G6, H7}},
    {"diagonal 6", 6, {C1, D2, E3, F4, G5, H6}},
    {"diagonal 5", 5, {D1, E2, F3, G4, H5}},
    {"diagonal 4", 4, {E1, F2, G3, H4}},
}};

const PatternSet& Patterns() {
  static const PatternSet set = Build();
  return set;
}

std::uint32_t SwapColours(std::uint32_t index, int size) {
  std::uint32_t result = 0;
  for (int k = 0; k < size; ++k) {
    const std::uint32_t digit = index / kPow3[k] % 3;
    result += (digit == 0 ? 0 : 3 - digit) * kPow3[k];
  }
  return result;
}

}  // namespace endsolve::eval
