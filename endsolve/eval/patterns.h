// The patterns through which the evaluation reads a board.
//
// A pattern is a line or block of squares read as one base-3 number: each
// square is a digit, 0 for empty, 1 for a disc of "side A" and 2 for a disc
// of "side B", digit k weighing 3^k. Its weight table maps every such number
// to a score. The evaluation of a position is the sum of the weights of all
// pattern instances (plus a bias), looked up in the table of the position's
// phase.
//
// Each pattern class is given by one base instance; its other instances are
// the base's images under the eight board symmetries (endsolve/board/symmetry.h), so
// a class's weights are shared by all its images. Images that cover the same
// squares as an instance already listed (the edge's mirror image, say) are
// dropped; the table is then made invariant under the digit permutations
// such an image induces (`CanonicalIndex`), so that the 8 images of a
// position evaluate equal.
//
// The classes: Buro's classic set (Logistello, 1997) in our own encoding.
// Why these: the edges and corners decide stability, the inner lines decide
// mobility and frontier, and the diagonals carry the corner fights.
#ifndef ENDSOLVE_EVAL_PATTERNS_H_
#define ENDSOLVE_EVAL_PATTERNS_H_

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "endsolve/board/bitboard.h"

namespace endsolve::eval {

inline constexpr int kNumClasses = 11;
inline constexpr int kMaxPatternSize = 10;
// Instances over all classes (4 edges, 4 corner blocks, 8 corner
// rectangles, 4 x 3 inner lines, 2 main diagonals, 4 x 4 shorter ones).
inline constexpr int kNumInstances = 46;

// Powers of 3 up to the largest pattern.
inline constexpr std::array<std::uint32_t, kMaxPatternSize + 1> kPow3 = {
    1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049};

struct PatternClass {
  const char* name;
  int size;                                     // squares
  std::array<std::int8_t, kMaxPatternSize> base;  // the base instance, digit 0 first
};

// The classes, in the order of the weights file.
extern const std::array<PatternClass, kNumClasses> kClasses;

struct PatternInstance {
  int pattern_class;
  int size;
  std::array<std::int8_t, kMaxPatternSize> squares;  // digit k is squares[k]
};

// Everything derived from kClasses once, at first use.
struct PatternSet {
  std::array<PatternInstance, kNumInstances> instances;
  // Per class: for every index, the smallest index among its images under
  // the class's self-symmetries (and the index itself when it has none).
  std::array<std::vector<std::uint32_t>, kNumClasses> canonical;
  // Per class: how many distinct canonical indices (the class's free
  // weights), and the dense number of each canonical index.
  std::array<int, kNumClasses> free_weights;
  std::array<std::vector<std::uint32_t>, kNumClasses> weight_slot;  // by index
};

const PatternSet& Patterns();

// The index with every disc's colour exchanged (digits 1 <-> 2).
std::uint32_t SwapColours(std::uint32_t index, int size);

}  // namespace endsolve::eval

#endif  // ENDSOLVE_EVAL_PATTERNS_H_
