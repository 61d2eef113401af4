#include "endsolve/board/fast_rules.h"

namespace endsolve::fast::internal {
namespace {

// Column and row steps of the eight directions, in lane order: the four
// climbing ones (+1, +8, +9, +7), then the four descending ones (-1, -8,
// -9, -7). The lane order is free, but both tables must agree on it.
struct Step {
  int column;
  int row;
};
constexpr Step kUpSteps[4] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};
constexpr Step kDownSteps[4] = {{-1, 0}, {0, -1}, {-1, -1}, {1, -1}};

constexpr Bitboard Ray(int square, Step step) {
  Bitboard ray = 0;
  int column = Column(square) + step.column;
  int row = Row(square) + step.row;
  while (column >= 0 && column < 8 && row >= 0 && row < 8) {
    ray |= SquareBit(row * 8 + column);
    column += step.column;
    row += step.row;
  }
  return ray;
}

constexpr std::array<RayQuad, kNumSquares> MakeRays(const Step (&steps)[4]) {
  std::array<RayQuad, kNumSquares> rays{};
  for (int square = 0; square < kNumSquares; ++square) {
    for (int lane = 0; lane < 4; ++lane) rays[square].ray[lane] = Ray(square, steps[lane]);
  }
  return rays;
}

}  // namespace

constinit const std::array<RayQuad, kNumSquares> kRaysUp = MakeRays(kUpSteps);
constinit const std::array<RayQuad, kNumSquares> kRaysDown = MakeRays(kDownSteps);

}  // namespace endsolve::fast::internal
