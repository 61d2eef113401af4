// Test access to the transposition table's insides: tables of a few buckets
// (below the 1 MiB granularity of TTOptions) and where a board lands, so that
// tests can build collisions on purpose. Not for the search.
#ifndef ENDSOLVE_HASHTABLE_TT_TEST_PEER_H_
#define ENDSOLVE_HASHTABLE_TT_TEST_PEER_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "hashtable/transposition_table.h"

namespace endsolve {

class TranspositionTableTestPeer {
 public:
  static constexpr unsigned kDefaultStripes = 16;  // as TranspositionTable::Create

  // A table of exactly `bytes` (a multiple of 64 * shards). Each shard takes
  // one 64-byte line for counters (more in larger shards), the rest are
  // 64-byte buckets of two slots.
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> CreateWithBytes(
      std::size_t bytes, int shards, ReplacementScheme scheme) {
    return TranspositionTable::CreateWithBytes(bytes, shards, scheme, kDefaultStripes);
  }

  // The same with one counter line per shard that every thread shares: the
  // design the striped counters replace, kept for the benchmark to compare.
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> CreateWithSharedCounters(
      std::size_t bytes, int shards, ReplacementScheme scheme) {
    return TranspositionTable::CreateWithBytes(bytes, shards, scheme, 1);
  }

  // The index a board competes for: boards with equal indexes collide. For
  // the one-level schemes this names a slot, for the two-level ones a bucket.
  static std::uint64_t IndexOf(const TranspositionTable& table, const Board& board);

  // Which slot of its bucket holds `board` (0 or 1), or -1. Only for a table
  // no other thread is using.
  static int SlotHolding(const TranspositionTable& table, const Board& board);

  // How many slots of its bucket hold `board`: a correct table never has 2.
  static int Copies(const TranspositionTable& table, const Board& board);
};

}  // namespace endsolve

#endif  // ENDSOLVE_HASHTABLE_TT_TEST_PEER_H_
