// A small transposition table for one searcher's table-less layer (5..8
// empties): the shared table's probes there cost more than the subtrees
// they save, since its buckets lie in memory far from the core, but the
// same positions recur a lot (the same squares filled in another order). A
// cache of a few KiB, used by one thread only, answers from the core's own
// L1 with no lock (endsolve/solver/README.md, "Layers by number of empty squares").
//
// Direct-mapped: a position has one slot, and a store overwrites whatever
// another position left there. An entry holds the full board, so a probe
// never answers for another position, and the bounds a search proved,
// merged while the same position keeps the slot. Bounds are facts about a
// position (its exact minimax value lies between them), so an entry is
// right for any search of the same solve, whatever its window.
//
// Not thread-safe: each searcher holds its own (endsolve/solver/search.h,
// ShallowCachePool), and a cache is cleared only when made.
#ifndef ENDSOLVE_HASHTABLE_SHALLOW_CACHE_H_
#define ENDSOLVE_HASHTABLE_SHALLOW_CACHE_H_

#include <algorithm>
#include <cstdint>
#include <memory>

#include "endsolve/board/bitboard.h"

namespace endsolve {

class ShallowCache {
 public:
  // log2 of the slots: 2^9 slots of 24 bytes, 12 KiB, within a core's L1
  // data cache (48 KiB here). Most transpositions are near each other in
  // the search (two orders of the same moves a few plies up), so a small
  // cache finds most of what a large one does, and a large one costs more
  // than it saves: FFO #50-#52 at one thread, 610.3 M nodes without a
  // cache; 548.2, 539.7, 533.4, 528.8, 522.7 and 518.6 M with 2^7, 2^8,
  // 2^9, 2^10, 2^12 and 2^14 slots; 2^8 and 2^10 took 1.05 times 2^9's
  // time, 2^14 1.07 (endsolve/bench/results/shallow-cache.txt).
  static constexpr int kDefaultBits = 9;

  // An empty cache of 2^bits slots (1 <= bits <= 30): every slot holds the
  // bounds that are true of every position, [-64, 64], under a board no
  // search reaches (no discs at all).
  explicit ShallowCache(int bits = kDefaultBits)
      : shift_(64 - bits), slots_(std::make_unique<Slot[]>(std::size_t{1} << bits)) {}

  ShallowCache(const ShallowCache&) = delete;
  ShallowCache& operator=(const ShallowCache&) = delete;

  // The one slot a position may occupy. Its index is the top bits of two
  // multiplicative hashes, one of each side's discs (the shared table's
  // multipliers, transposition_table_impl.h): each product's high bits
  // depend on all of its word's bits, so the top bits need none of the
  // table's finaliser, which would cost every node of the layer.
  struct Slot {
    Bitboard player = 0;
    Bitboard opponent = 0;
    std::int8_t lower = -kNumSquares;
    std::int8_t upper = kNumSquares;
  };
  Slot& At(Bitboard player, Bitboard opponent) {
    constexpr std::uint64_t kPlayerMul = 0x9e3779b97f4a7c15;
    constexpr std::uint64_t kOpponentMul = 0xc2b2ae3d27d4eb4f;
    return slots_[(player * kPlayerMul ^ opponent * kOpponentMul) >> shift_];
  }

  // What `slot` says of (player, opponent) for a fail-soft search with
  // window (alpha, beta): true, with the value to return in *score, when its
  // bounds settle the search (a lower bound at or above beta, an upper one
  // at or below alpha, or both equal); false when the slot holds another
  // position or bounds that do not.
  static bool Answers(const Slot& slot, Bitboard player, Bitboard opponent, int alpha, int beta,
                      int* score) {
    if (slot.player != player || slot.opponent != opponent) return false;
    if (slot.lower >= beta || slot.lower == slot.upper) {
      *score = slot.lower;
      return true;
    }
    if (slot.upper <= alpha) {
      *score = slot.upper;
      return true;
    }
    return false;
  }

  // Records in `slot` the fail-soft result `score` of a search of (player,
  // opponent) with window (alpha, beta): a lower bound when above alpha, an
  // upper bound when below beta (both: exact). Merged with the slot's
  // bounds when it holds the same position; otherwise it takes the slot.
  static void Record(Slot& slot, Bitboard player, Bitboard opponent, int alpha, int beta,
                     int score) {
    if (slot.player != player || slot.opponent != opponent) slot = Slot{player, opponent};
    if (score > alpha) slot.lower = static_cast<std::int8_t>(std::max<int>(slot.lower, score));
    if (score < beta) slot.upper = static_cast<std::int8_t>(std::min<int>(slot.upper, score));
  }

 private:
  int shift_;
  std::unique_ptr<Slot[]> slots_;
};

}  // namespace endsolve

#endif  // ENDSOLVE_HASHTABLE_SHALLOW_CACHE_H_
