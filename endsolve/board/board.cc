#include "endsolve/board/board.h"

#include <array>

namespace endsolve {
namespace {

// The eight directions as steps in square numbers. The first four step
// towards higher squares, the last four towards lower ones; FlipRays relies
// on that split.
struct Direction {
  int column_step;
  int row_step;
};
constexpr std::array<Direction, 8> kDirections = {{
    {1, 0}, {0, 1}, {1, 1}, {-1, 1},     // +1, +8, +9, +7
    {-1, 0}, {0, -1}, {-1, -1}, {1, -1}  // -1, -8, -9, -7
}};

// kRays[d][s]: the squares met walking from s in direction d, s excluded, up
// to the edge.
using RayTable = std::array<std::array<Bitboard, kNumSquares>, 8>;
constexpr RayTable MakeRays() {
  RayTable rays{};
  for (int d = 0; d < 8; ++d) {
    for (int s = 0; s < kNumSquares; ++s) {
      Bitboard ray = 0;
      int c = Column(s) + kDirections[d].column_step;
      int r = Row(s) + kDirections[d].row_step;
      while (c >= 0 && c < 8 && r >= 0 && r < 8) {
        ray |= SquareBit(r * 8 + c);
        c += kDirections[d].column_step;
        r += kDirections[d].row_step;
      }
      rays[d][s] = ray;
    }
  }
  return rays;
}
constexpr RayTable kRays = MakeRays();

// Files A and H excluded: a horizontal or diagonal step from them would wrap
// around to the other edge of the board.
constexpr Bitboard kNotEdgeColumns = 0x7E7E7E7E7E7E7E7EULL;

// The candidate run of opponent discs adjacent to `player` in one direction,
// grown one disc per step. Six steps suffice: a bracketed run holds at most
// six discs.
template <int kShift>
constexpr Bitboard Shift(Bitboard b) {
  if constexpr (kShift > 0) return b << kShift;
  else return b >> -kShift;
}
template <int kShift>
inline Bitboard MovesInDirection(Bitboard player, Bitboard opponent_mask) {
  Bitboard run = opponent_mask & Shift<kShift>(player);
  run |= opponent_mask & Shift<kShift>(run);
  run |= opponent_mask & Shift<kShift>(run);
  run |= opponent_mask & Shift<kShift>(run);
  run |= opponent_mask & Shift<kShift>(run);
  run |= opponent_mask & Shift<kShift>(run);
  return Shift<kShift>(run);
}

}  // namespace

// Fills runs of opponent discs outward from every player disc at once, in
// each of the eight directions, and keeps the empty squares just past a run.
// The inner opponent mask drops the edge files for the six directions with a
// horizontal component, so that runs never wrap from H to A.
Bitboard LegalMoves(Bitboard player, Bitboard opponent) {
  const Bitboard inner = opponent & kNotEdgeColumns;
  const Bitboard moves =
      MovesInDirection<1>(player, inner) | MovesInDirection<-1>(player, inner) |
      MovesInDirection<8>(player, opponent) | MovesInDirection<-8>(player, opponent) |
      MovesInDirection<9>(player, inner) | MovesInDirection<-9>(player, inner) |
      MovesInDirection<7>(player, inner) | MovesInDirection<-7>(player, inner);
  return moves & ~(player | opponent);
}

// For each direction, the nearest square along the ray that is not an
// opponent disc closes the run: if it is a player disc, every ray square
// before it is an opponent disc and flips. Along rays that climb the square
// numbers the nearest such square is the lowest set bit (b & -b), and the
// squares before it are (first - 1); along descending rays it is the highest
// set bit (std::bit_floor), and the squares before it are those above it,
// -(first << 1). A first of 0 (the run reaches the edge) selects nothing.
Bitboard Flips(Bitboard player, Bitboard opponent, int square) {
  Bitboard flipped = 0;
  const Bitboard not_opponent = ~opponent;
  for (int d = 0; d < 4; ++d) {
    const Bitboard ray = kRays[d][square];
    const Bitboard stop = ray & not_opponent;
    const Bitboard first = stop & (0 - stop);
    const Bitboard closed = 0 - static_cast<Bitboard>((first & player) != 0);
    flipped |= (first - 1) & ray & closed;
  }
  for (int d = 4; d < 8; ++d) {
    const Bitboard ray = kRays[d][square];
    const Bitboard first = std::bit_floor(ray & not_opponent);
    const Bitboard closed = 0 - static_cast<Bitboard>((first & player) != 0);
    flipped |= (0 - (first << 1)) & ray & closed;
  }
  return flipped;
}

}  // namespace endsolve
