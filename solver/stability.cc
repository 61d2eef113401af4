#include "endsolve/solver/stability.h"

#include <array>
#include <bit>
#include <cstdint>

namespace endsolve {
namespace {

// ---------------------------------------------------------------------------
// Edges. A disc on an edge lies at the end of every line through it except
// the edge itself, so only moves on that edge can flip it. Whether it can be
// flipped depends only on the eight squares of the edge, which is small
// enough to decide by brute force: kEdgeStable[p][o] is the set of occupied
// squares of the edge (bit i = i-th square) that keep their colour whatever
// discs are later placed on its empty squares. A placement may flip nothing
// along the edge (it can be legal through another line), so every empty
// square is tried for both colours, flipping along the edge what it brackets.

using EdgeTable = std::array<std::array<std::uint8_t, 256>, 256>;

// The discs of `mover` (bits of an 8-square line) flipped by placing a disc
// at `square`, within the line.
constexpr unsigned LineFlips(unsigned mover, unsigned other, int square) {
  unsigned flipped = 0;
  for (int step : {-1, 1}) {
    unsigned run = 0;
    int i = square + step;
    while (i >= 0 && i < 8 && (other >> i & 1)) {
      run |= 1u << i;
      i += step;
    }
    if (i >= 0 && i < 8 && (mover >> i & 1)) flipped |= run;
  }
  return flipped;
}

// Fills table[p][o] for every configuration, those with fewer empty squares
// first, so that each configuration's successors are already known.
EdgeTable MakeEdgeTable() {
  EdgeTable table{};
  for (int empties = 0; empties <= 8; ++empties) {
    for (unsigned p = 0; p < 256; ++p) {
      for (unsigned o = 0; o < 256; ++o) {
        if ((p & o) != 0 || 8 - std::popcount(p | o) != empties) continue;
        unsigned stable = p | o;
        for (int square = 0; square < 8 && stable != 0; ++square) {
          if ((p | o) >> square & 1) continue;
          const unsigned bit = 1u << square;
          const unsigned by_p = LineFlips(p, o, square);  // p plays here
          const unsigned by_o = LineFlips(o, p, square);  // o plays here
          stable &= ~by_p & table[p ^ by_p ^ bit][o ^ by_p];
          stable &= ~by_o & table[p ^ by_o][o ^ by_o ^ bit];
        }
        table[p][o] = static_cast<std::uint8_t>(stable);
      }
    }
  }
  return table;
}

const EdgeTable& EdgeStable() {
  static const EdgeTable table = MakeEdgeTable();
  return table;
}

// Gathers the A file into one byte, A1 as bit 0: the multiplier has one bit
// per square 8k, at 56 - 7k, which carries that square to bit 56 + k. No two
// partial products share a bit (8k - 7j is distinct for distinct pairs), so
// nothing carries into the top byte. The H file is the same after a shift.
constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr unsigned FileToByte(Bitboard b) {
  return static_cast<unsigned>(((b & kFileA) * 0x0102040810204080ULL) >> 56);
}

// The inverse, spreading a byte onto the A file, by table: the mirror-image
// multiply collides partial products and would need masking anyway.
constexpr std::array<Bitboard, 256> MakeByteToFile() {
  std::array<Bitboard, 256> files{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    for (int i = 0; i < 8; ++i) {
      if (byte >> i & 1) files[byte] |= SquareBit(8 * i);
    }
  }
  return files;
}
constexpr std::array<Bitboard, 256> kByteToFile = MakeByteToFile();
constexpr Bitboard ByteToFile(unsigned byte) { return kByteToFile[byte]; }

// The stable squares of the four edges, for both colours at once.
Bitboard EdgeStableSquares(Bitboard player, Bitboard opponent) {
  const EdgeTable& table = EdgeStable();
  Bitboard stable = table[player & 0xFF][opponent & 0xFF];
  stable |= static_cast<Bitboard>(table[player >> 56][opponent >> 56]) << 56;
  stable |= ByteToFile(table[FileToByte(player)][FileToByte(opponent)]);
  stable |= ByteToFile(table[FileToByte(player >> 7)][FileToByte(opponent >> 7)]) << 7;
  return stable;
}

// ---------------------------------------------------------------------------
// Full lines: no move can ever be played on a full line, so no disc of it
// flips along it. Each result holds every square whose line in the given
// direction is full. (Until 2026-11-29 the diagonals were tested one mask
// at a time, 30 of them; tests/solver/stability_test.cc keeps a square-by-
// square oracle.)

constexpr Bitboard FullRows(Bitboard filled) {
  Bitboard f = filled;
  f &= f >> 1;
  f &= f >> 2;
  f &= f >> 4;  // bit 8r set iff row r is full
  return (f & kFileA) * 0xFF;
}

constexpr Bitboard FullColumns(Bitboard filled) {
  Bitboard f = filled;
  f &= f >> 8;
  f &= f >> 16;
  f &= f >> 32;  // bit c set iff column c is full
  return (f & 0xFF) * kFileA;
}

// The diagonals by doubling, one direction pair at a time. `up` starts
// as the filled squares whose next square along +step is filled or off the
// board; each round then asks the same of the square 2^k steps on, so after
// three rounds it holds the squares whose whole ray towards +step (eight
// squares at most) is filled. `off_*[k]` marks the squares with no square
// 2^k steps away (their row or column runs out), which also covers the bits
// that a shift carries around the board's side. The ray towards -step is
// the mirror image; a square's diagonal is full when both rays are.
struct DiagonalDirection {
  int step;                       // 9 (A1-H8) or 7 (H1-A8)
  std::array<Bitboard, 3> off_up;    // no square 1, 2, 4 steps towards +step
  std::array<Bitboard, 3> off_down;  // no square 1, 2, 4 steps towards -step
};
constexpr DiagonalDirection kDiagonal9 = {
    9,
    {0xFF80808080808080ULL, 0xFFFFC0C0C0C0C0C0ULL, 0xFFFFFFFFF0F0F0F0ULL},
    {0x01010101010101FFULL, 0x030303030303FFFFULL, 0x0F0F0F0FFFFFFFFFULL}};
constexpr DiagonalDirection kDiagonal7 = {
    7,
    {0xFF01010101010101ULL, 0xFFFF030303030303ULL, 0xFFFFFFFF0F0F0F0FULL},
    {0x80808080808080FFULL, 0xC0C0C0C0C0C0FFFFULL, 0xF0F0F0F0FFFFFFFFULL}};

constexpr Bitboard FullDiagonals(Bitboard filled, const DiagonalDirection& d) {
  Bitboard up = filled;
  Bitboard down = filled;
  for (int k = 0; k < 3; ++k) {
    const int shift = d.step << k;
    up &= (up >> shift) | d.off_up[k];
    down &= (down << shift) | d.off_down[k];
  }
  return up & down;
}

constexpr Bitboard kInner = 0x007E7E7E7E7E7E00ULL;  // off the edges

// The discs of `player` that the edges and the full lines make stable, the
// start of the growing.
Bitboard StartStable(Bitboard player, Bitboard opponent, const FullLineSet& full) {
  return (EdgeStableSquares(player, opponent) |
          (full.rows & full.columns & full.down_right & full.down_left)) & player;
}

// Grows `stable` (StartStable's) to its fixed point (see StableDiscs).
Bitboard Grow(Bitboard player, Bitboard stable, const FullLineSet& full) {
  const Bitboard inner = player & kInner & ~stable;
  if (inner == 0) return stable;
  Bitboard previous;
  do {
    previous = stable;
    const Bitboard horizontal = full.rows | (stable << 1) | (stable >> 1);
    const Bitboard vertical = full.columns | (stable << 8) | (stable >> 8);
    const Bitboard diagonal = full.down_right | (stable << 9) | (stable >> 9);
    const Bitboard anti_diagonal = full.down_left | (stable << 7) | (stable >> 7);
    stable |= inner & horizontal & vertical & diagonal & anti_diagonal;
  } while (stable != previous);
  return stable;
}

}  // namespace

FullLineSet FullLines(Bitboard filled) {
  return {.rows = FullRows(filled),
          .columns = FullColumns(filled),
          .down_right = FullDiagonals(filled, kDiagonal9),
          .down_left = FullDiagonals(filled, kDiagonal7)};
}

// Starts from the stable edge discs and the discs whose four lines are all
// full, then grows the set: an inner disc is stable when, in each of the
// four directions, its line is full or one of its two neighbours along it is
// a stable disc of its own colour (a run through it would have to flip that
// neighbour too). Repeats until nothing is added. (Inner discs only: their
// neighbours along every line are on the board, so the shifts never wrap.)
Bitboard StableDiscs(Bitboard player, Bitboard opponent) {
  const FullLineSet full = FullLines(player | opponent);
  return Grow(player, StartStable(player, opponent, full), full);
}

// Growing only adds inner discs that have, in each direction, a full line or
// a disc of their own colour beside them (stable or not yet): with every
// edge disc, those bound the count from above before the edges are looked
// up; with the edges' stable discs instead, before the growing. Most calls
// of the cutoff end at one of the two.
int StableDiscCount(Bitboard player, Bitboard opponent, int enough) {
  const FullLineSet full = FullLines(player | opponent);
  const Bitboard maybe_inner = player & kInner &
                               (full.rows | (player << 1) | (player >> 1)) &
                               (full.columns | (player << 8) | (player >> 8)) &
                               (full.down_right | (player << 9) | (player >> 9)) &
                               (full.down_left | (player << 7) | (player >> 7));
  const int most_before_edges = PopCount((player & ~kInner) | maybe_inner);
  if (most_before_edges < enough) return most_before_edges;
  const Bitboard stable = StartStable(player, opponent, full);
  const int most = PopCount(stable | maybe_inner);
  if (most < enough) return most;
  return PopCount(Grow(player, stable, full));
}

}  // namespace endsolve
