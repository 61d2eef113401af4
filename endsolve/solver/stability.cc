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
// direction is full.

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

// The 15 diagonals in each direction, as masks.
struct DiagonalMasks {
  std::array<Bitboard, 15> down_right{};  // squares with the same row - column
  std::array<Bitboard, 15> down_left{};   // squares with the same row + column
};
constexpr DiagonalMasks MakeDiagonals() {
  DiagonalMasks masks;
  for (int sq = 0; sq < kNumSquares; ++sq) {
    masks.down_right[Row(sq) - Column(sq) + 7] |= SquareBit(sq);
    masks.down_left[Row(sq) + Column(sq)] |= SquareBit(sq);
  }
  return masks;
}
constexpr DiagonalMasks kDiagonals = MakeDiagonals();

Bitboard FullDiagonals(Bitboard filled, const std::array<Bitboard, 15>& masks) {
  Bitboard full = 0;
  for (Bitboard mask : masks) {
    if ((filled & mask) == mask) full |= mask;
  }
  return full;
}

}  // namespace

// Starts from the stable edge discs and the discs whose four lines are all
// full, then grows the set: an inner disc is stable when, in each of the
// four directions, its line is full or one of its two neighbours along it is
// a stable disc of its own colour (a run through it would have to flip that
// neighbour too). Repeats until nothing is added.
Bitboard StableDiscs(Bitboard player, Bitboard opponent) {
  constexpr Bitboard kInner = 0x007E7E7E7E7E7E00ULL;
  const Bitboard filled = player | opponent;
  const Bitboard rows = FullRows(filled);
  const Bitboard columns = FullColumns(filled);
  const Bitboard down_right = FullDiagonals(filled, kDiagonals.down_right);
  const Bitboard down_left = FullDiagonals(filled, kDiagonals.down_left);

  Bitboard stable = (EdgeStableSquares(player, opponent) |
                     (rows & columns & down_right & down_left)) & player;
  const Bitboard inner = player & kInner & ~stable;
  if (inner == 0) return stable;
  Bitboard previous;
  do {
    previous = stable;
    const Bitboard horizontal = rows | (stable << 1) | (stable >> 1);
    const Bitboard vertical = columns | (stable << 8) | (stable >> 8);
    const Bitboard diagonal = down_right | (stable << 9) | (stable >> 9);
    const Bitboard anti_diagonal = down_left | (stable << 7) | (stable >> 7);
    stable |= inner & horizontal & vertical & diagonal & anti_diagonal;
  } while (stable != previous);
  return stable;
}

}  // namespace endsolve
