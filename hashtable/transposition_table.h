// The transposition table (TT) shared by every search thread.
//
// INTERFACE CONTRACT (fixed; the implementation and its design notes are the
// hashtable/ issue's work):
//  - Entries verify the full board, so a probe never returns another
//    position's data.
//  - Probe and Store are lock-free and safe from any number of threads. A
//    probe returns a miss, or the data of exactly one earlier Store of that
//    same board: never a mix of two stores.
//  - The table is split into shards chosen by hash bits; each shard owns its
//    memory and counters.
//  - The replacement scheme is chosen at creation (Breuker et al. 1994).
//
// DESIGN (hashtable/README.md has the full argument and the measurements):
//  - A bucket is one 64-byte cache line: an 8-byte version word and two
//    24-byte slots (player, opponent, data: three 64-bit words), 8 bytes
//    spare. A full-board key is 16 bytes, so two slots are all a line holds,
//    and one line per bucket means a probe costs one cache miss. Each entry
//    therefore costs 32 bytes of table. The two-level schemes use a bucket's
//    two slots for one index; the one-level schemes give each slot its own
//    index (a hash bit picks it), so all schemes get the same entries from
//    the same memory.
//  - The data word packs the bounds, both moves, the depth, log2(nodes) in
//    6.11 fixed point for the Big schemes, the generation and an occupied
//    bit.
//  - Concurrency: a per-bucket seqlock with no waiting. A store CASes the
//    version from even to odd (if the bucket is busy it skips the store and
//    counts a rejection), writes the slot words as release stores, then
//    publishes version + 2. A probe reads the version (acquire), the slot
//    words (acquire loads), then the version again, and accepts only if the
//    version was even and did not change. Any word written by a store that
//    began after the first version read makes, through its release/acquire
//    pair, that store's CAS visible to the second version read, so a mixed
//    read is always refused. Every shared word is a std::atomic; there is no
//    16-byte CAS and no standalone fence. (A lockless XOR-key table, P^D,
//    O^D, D, is not exact: words of two stores can pass the check for a
//    board that neither of them stored; see the README.)
//  - Shards: the top hash bits pick the shard. A shard is one memory mapping
//    holding its counters (up to 16 cache-line stripes, a thread counting on
//    its own stripe) and its buckets, so counters never become a shared hot
//    line. Each probe or store does one relaxed increment.
//  - Age: NewSearch advances an 8-bit generation; entries of another
//    generation are stale and lose to any newcomer, but still answer probes.
#ifndef ENDSOLVE_HASHTABLE_TRANSPOSITION_TABLE_H_
#define ENDSOLVE_HASHTABLE_TRANSPOSITION_TABLE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "board/board.h"

namespace endsolve {

enum class ReplacementScheme {
  kDeep, kNew, kOld, kBig1, kBigAll, kTwoDeep, kTwoBig1, kTwoBigAll,
};

// "deep", "new", "old", "big1", "bigall", "twodeep", "twobig1", "twobigall".
std::string_view SchemeName(ReplacementScheme scheme);
absl::StatusOr<ReplacementScheme> ParseScheme(std::string_view name);

// What a search learned about one position. Scores are final disc
// differences for the side to move, in [-64, 64].
struct TTData {
  std::int8_t lower = -64;        // the score is >= lower
  std::int8_t upper = 64;         // the score is <= upper
  std::uint8_t move = kNoMove;    // best (or refuting) move, kNoMove if none
  std::uint8_t move2 = kNoMove;   // second-best move, kNoMove if none
  std::uint8_t depth = 0;         // empties searched (the draft)
};

struct TTOptions {
  std::size_t size_mib = 256;     // upper bound on memory; rounded down to a power of two
  int shards = 16;                // a power of two
  ReplacementScheme scheme = ReplacementScheme::kTwoBig1;
};

// Refuses a size of 0, or more than the address space or the machine's
// physical memory (after rounding down); Create checks the same.
absl::Status ValidateTTOptions(const TTOptions& options);

struct TTStats {
  std::uint64_t probes = 0, hits = 0;
  std::uint64_t stores = 0;        // calls to Store
  std::uint64_t updates = 0;       // stores that rewrote the same position's entry
  std::uint64_t replacements = 0;  // stores that evicted another position
  std::uint64_t rejections = 0;    // stores the scheme refused (or a busy slot skipped)
  std::uint64_t occupied = 0, capacity = 0;  // entries in use / slots
};

// A concrete class (no virtual calls on the search's hot path); the scheme is
// a run-time switch inside Store.
class TranspositionTable {
 public:
  // Fails with a clear message (not a crash) when the memory cannot be had or
  // the options are invalid.
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> Create(const TTOptions& options);
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // True and fills *data when `board` has an entry.
  bool Probe(const Board& board, TTData* data);
  // Records `data` for `board`. `nodes` is the size of the search below the
  // board (node counter at exit minus at entry), for the Big schemes.
  void Store(const Board& board, const TTData& data, std::uint64_t nodes);

  void NewSearch();   // ages every entry: older ones are evicted first
  // Empties the table and zeroes the statistics. Safe beside probes and
  // stores (it takes each bucket's seqlock in turn), but meant for between
  // searches: counts made during it may be lost.
  void Clear();
  TTStats Stats() const;
  ReplacementScheme scheme() const;
  std::size_t size_bytes() const;  // the real size after rounding
  int shards() const;

 private:
  friend class TranspositionTableTestPeer;  // tests: bucket lookup, tiny tables
  struct Bucket;
  struct Shard;
  struct Location;

  TranspositionTable() = default;
  // The real constructor: `bytes` is the exact total (a multiple of the
  // cache line), so that tests can build tables of a few buckets; the
  // benchmark lowers `max_counter_stripes` to 1 to measure shared counters.
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> CreateWithBytes(
      std::size_t bytes, int shards, ReplacementScheme scheme, unsigned max_counter_stripes);
  Location Locate(const Board& board) const;
  template <typename Fn>
  void ForEachShard(Fn fn);
  bool TwoLevel() const;

  ReplacementScheme scheme_ = ReplacementScheme::kTwoBig1;
  std::size_t size_bytes_ = 0;
  int shard_bits_ = 0;
  std::vector<Shard> shards_;
  // The generation written into entries; entries of another generation are
  // stale. Only NewSearch writes it.
  std::atomic<std::uint8_t> generation_{0};
};

}  // namespace endsolve

#endif  // ENDSOLVE_HASHTABLE_TRANSPOSITION_TABLE_H_
