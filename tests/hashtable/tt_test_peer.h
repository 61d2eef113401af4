// Test access to the transposition table, through the protected seam the
// table offers to code that derives from it: tables of a few buckets (below
// the 1 MiB granularity of TTOptions) and where a board lands, so that tests
// can build collisions on purpose and count copies of a position.
#ifndef ENDSOLVE_TESTS_HASHTABLE_TT_TEST_PEER_H_
#define ENDSOLVE_TESTS_HASHTABLE_TT_TEST_PEER_H_

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>

#include "absl/status/statusor.h"
#include "endsolve/hashtable/entry.h"
#include "endsolve/hashtable/transposition_table.h"

namespace endsolve {

class TranspositionTableTestPeer : public TranspositionTable {
 public:
  static constexpr unsigned kDefaultStripes = 16;  // as TranspositionTable::Create

  // Where a board lands and its bucket's slot words, as a probe would see
  // them (a bucket of an earlier epoch holds two empty slots).
  using TranspositionTable::Place;
  using TranspositionTable::PlaceOf;

  // A table of exactly `bytes` (a multiple of 64 * shards). Each shard takes
  // one 64-byte line for counters (more in larger shards), the rest are
  // 64-byte buckets of two slots. It counts its probes and stores.
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> CreateWithBytes(
      std::size_t bytes, int shards, ReplacementScheme scheme) {
    return TranspositionTable::CreateWithBytes(bytes, shards, scheme, kDefaultStripes,
                                               /*statistics=*/true);
  }

  // The index a board competes for: boards with equal indexes collide. For
  // the one-level schemes this names a slot, for the two-level ones a bucket.
  static std::uint64_t IndexOf(const TranspositionTable& table, const Board& board) {
    const Place place = PlaceOf(table, board);
    const std::uint64_t index = (std::uint64_t(place.shard) << 32 | place.bucket) << 1;
    const bool one_level = place.first_slot == place.last_slot;
    return one_level ? index | std::uint64_t(place.first_slot) : index;
  }

  // Which slot of its bucket holds `board` (0 or 1), or -1. Only for a table
  // no other thread is using.
  static int SlotHolding(const TranspositionTable& table, const Board& board) {
    const Place place = PlaceOf(table, board);
    for (int i = 0; i < int(std::size(place.slots)); ++i) {
      if (Holds(place.slots[i], board)) return i;
    }
    return -1;
  }

  // How many slots of its bucket hold `board`: a correct table never has 2.
  static int Copies(const TranspositionTable& table, const Board& board) {
    const Place place = PlaceOf(table, board);
    return Holds(place.slots[0], board) + Holds(place.slots[1], board);
  }

 private:
  // Whether a slot's words are an entry for `board`.
  static bool Holds(const Place::Words& slot, const Board& board) {
    return tt_entry::Occupied(slot.data) && slot.player == board.player &&
           slot.opponent == board.opponent;
  }
};

}  // namespace endsolve

#endif  // ENDSOLVE_TESTS_HASHTABLE_TT_TEST_PEER_H_
