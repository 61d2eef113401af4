// The transposition table (TT) shared by every search thread.
//
// What it guarantees (the design argument is in endsolve/hashtable/README.md):
//  - Entries verify the full board, so a probe never returns another
//    position's data.
//  - Probe and Store are lock-free and safe from any number of threads. A
//    probe returns a miss, or the data of exactly one earlier Store of that
//    same board: never a mix of two stores.
//  - The table is split into shards chosen by hash bits; each shard owns its
//    memory and counters.
//  - The replacement scheme is chosen at creation (Breuker et al. 1994).
//
// DESIGN (endsolve/hashtable/README.md has the full argument and the measurements):
//  - A bucket is one 64-byte cache line: an 8-byte version word, two
//    24-byte slots (player, opponent, data: three 64-bit words) and an
//    8-byte epoch. A full-board key is 16 bytes, so two slots are all a line holds,
//    and one line per bucket means a probe costs one cache miss. Each entry
//    therefore costs 32 bytes of table. The two-level schemes use a bucket's
//    two slots for one index; the one-level schemes give each slot its own
//    index (a hash bit picks it), so all schemes get the same entries from
//    the same memory.
//  - The data word packs the bounds, both moves, the draft, log2(nodes) in
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
//  - Part of it: UseAtMost restricts the searches to the first shards, or
//    the first buckets of one, so that a small solve faults in only the
//    pages its search can fill (the solver sizes it from the empties).
//  - Clearing: Clear advances a 64-bit epoch; a bucket written in an
//    earlier one reads as empty, to probes and to the scheme alike. So a
//    clear writes no bucket, and a batch of small solves keeps the pages
//    it has (a clear that gave them back made every solve fault them in
//    again, and zero a 2 MiB page for each it reached).
#ifndef ENDSOLVE_HASHTABLE_TRANSPOSITION_TABLE_H_
#define ENDSOLVE_HASHTABLE_TRANSPOSITION_TABLE_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/board/board.h"

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
  // How much search the bounds rest on, which the Deep schemes compare: a
  // draft, not the empties. solver/ stores 4 * empties + selectivity level
  // (search.h Draft, at most 243), so that an exact result outranks a
  // selective one of the same empties; study/ the plies it searched.
  std::uint8_t draft = 0;
};

struct TTOptions {
  std::size_t size_mib = 256;     // upper bound on memory; rounded down to a power of two
  int shards = 16;                // a power of two
  ReplacementScheme scheme = ReplacementScheme::kTwoBig1;
  // Count every probe and store by its outcome (Stats()). Off, as Edax
  // compiles its statistics out: the counts cost an atomic add per probe
  // and per store on the search's hottest path, and a solve never reads
  // them. The benchmarks and the table's tests turn them on.
  bool statistics = false;
};

// Refuses a size of 0, or more than the address space or half the machine's
// physical memory (after rounding down; why half: kMaxShareOfMemory);
// Create checks the same.
absl::Status ValidateTTOptions(const TTOptions& options);

// A table size in MiB as a user types it (--hash-mb): a whole number that
// ValidateTTOptions accepts, or that check's message.
absl::StatusOr<std::size_t> ParseSizeMib(std::string_view text);

// The outcomes of a table's probes and stores, counted only by a table made
// with TTOptions::statistics (`counted`); capacity is known either way.
struct TTStats {
  bool counted = false;
  std::uint64_t probes = 0, hits = 0;
  std::uint64_t stores = 0;        // calls to Store
  std::uint64_t updates = 0;       // stores that rewrote the same position's entry
  std::uint64_t replacements = 0;  // stores that evicted another position
  std::uint64_t rejections = 0;    // stores the scheme refused (or a busy slot skipped)
  std::uint64_t occupied = 0, capacity = 0;  // entries in use / slots
};

// A concrete class with no virtual calls. The scheme is chosen once, when the
// table is built: Probe and Store call, through a pointer set then, a copy of
// the code compiled for that scheme alone.
class TranspositionTable {
 public:
  // Fails with a clear message (not a crash) when the memory cannot be had or
  // the options are invalid.
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> Create(const TTOptions& options);
  // A one-shard table of `entries` slots' memory (entries / 2 buckets; the
  // counter lines take a few, so Stats().capacity is a little less): the
  // small tables of Breuker's experiments ("8K entries"), which a size in
  // MiB cannot express. `entries` is a power of two from 128.
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> CreateWithEntries(
      std::size_t entries, ReplacementScheme scheme, bool statistics = false);
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // True and fills *data when `board` has an entry.
  bool Probe(const Board& board, TTData* data) { return probe_(*this, board, data); }
  // Records `data` for `board`. `nodes` is the size of the search below the
  // board (node counter at exit minus at entry), for the Big schemes.
  void Store(const Board& board, const TTData& data, std::uint64_t nodes) {
    store_(*this, board, data, nodes);
  }

  // Starts loading `board`'s bucket into the cache and returns at once, so
  // that a probe a little later finds it there: a parent prefetches its
  // children's buckets while it orders them.
  void Prefetch(const Board& board) const;

  void NewSearch();   // ages every entry: older ones are evicted first
  // From the next search on, uses at most `bytes` of the table (at least
  // one bucket): the first shards and, below one shard, the first buckets
  // of shard 0, so that a search too small to fill the table touches, and
  // the kernel faults in, only that part. At or above the table's size the
  // whole table, exactly as before. An entry stored in a part no longer
  // used is not found. Between searches only, as Clear.
  void UseAtMost(std::size_t bytes);
  std::size_t used_bytes() const;  // what the searches use now
  // Takes the pages of the part in use from the kernel now (madvise's
  // MADV_POPULATE_WRITE; nothing where the kernel lacks it), contents
  // unchanged, so that searches timed afterwards do not pay for faulting
  // them in: for measurements of many small searches (study/). Between
  // searches only.
  void Populate();
  // Empties the table and zeroes the statistics, in time proportional to
  // the shards, not the entries: it advances the epoch, and every bucket
  // of an earlier one is empty from then on (the pages stay the table's).
  // The table then behaves exactly as a new one: the same hits, the same
  // entries kept and evicted, the same counts. Between searches only: no
  // probe or store may run beside it.
  void Clear();
  TTStats Stats() const;
  ReplacementScheme scheme() const;
  std::size_t size_bytes() const;  // the real size after rounding
  int shards() const;

 protected:
  // The seam for code that is not the search and needs more than it: tests
  // build tables of a few buckets, find where boards land to collide them on
  // purpose, and build a variant without the seqlock to show that their
  // stress harness catches torn reads; the benchmark compares shared
  // counters. They reach it by deriving; nothing here is for the search.

  // A table of exactly `bytes` (a multiple of 64 * shards, not just of a
  // MiB), with the shipped seqlock. Each shard takes one 64-byte line of
  // counters per 64 lines, from 1 up to `max_counter_stripes` (at most 16:
  // Create's value; 1 is one line every thread shares), the rest are buckets;
  // the counter lines are kept whether or not the table counts, so that a
  // table's capacity does not depend on `statistics`.
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> CreateWithBytes(
      std::size_t bytes, int shards, ReplacementScheme scheme, unsigned max_counter_stripes,
      bool statistics);

  // Where a board lands, and its bucket's two slots as they are now (read
  // without the lock: only for a table no other thread is using).
  struct Place {
    std::size_t shard;
    std::uint64_t bucket;       // within the shard
    int first_slot, last_slot;  // the slots the scheme lets the board use
    struct Words { std::uint64_t player, opponent, data; } slots[2];
  };
  static Place PlaceOf(const TranspositionTable& table, const Board& board);

  // Points `table`'s Probe and Store at the code for its scheme compiled
  // with `Lock`, the bucket versioning (transposition_table_impl.h defines
  // the shipped Seqlock and what a Lock must offer), counting or not as the
  // table was made.
  template <typename Lock>
  static void UseLock(TranspositionTable& table);

 private:
  struct Bucket;
  struct Shard;
  struct Location;
  using ProbeFn = bool (*)(TranspositionTable&, const Board&, TTData*);
  using StoreFn = void (*)(TranspositionTable&, const Board&, const TTData&, std::uint64_t);

  TranspositionTable() = default;
  Location Locate(const Board& board) const;
  // Probe and Store compiled for one scheme (the one-level or two-level
  // slot choice, for Probe), one bucket lock, and counting or not.
  template <typename Lock, bool kTwoLevel, bool kCount>
  static bool ProbeAs(TranspositionTable& table, const Board& board, TTData* data);
  template <typename Lock, ReplacementScheme kScheme, bool kCount>
  static void StoreAs(TranspositionTable& table, const Board& board, const TTData& data,
                      std::uint64_t nodes);
  template <typename Lock, bool kCount>
  static void UseCode(TranspositionTable& table);

  ProbeFn probe_ = nullptr;
  StoreFn store_ = nullptr;
  ReplacementScheme scheme_ = ReplacementScheme::kTwoBig1;
  bool statistics_ = false;
  std::size_t size_bytes_ = 0;
  int shard_bits_ = 0;
  std::vector<Shard> shards_;
  // The part in use (UseAtMost): the shards the top hash bits choose among
  // (used_shard_bits_ of them), and the buckets of each.
  int used_shard_bits_ = 0;
  std::uint64_t used_buckets_ = 0;
  // The generation written into entries; entries of another generation are
  // stale. Only NewSearch writes it.
  std::atomic<std::uint8_t> generation_{0};
  // Buckets written in another epoch are empty. Only Clear writes it.
  std::atomic<std::uint64_t> epoch_{0};
};

}  // namespace endsolve

#endif  // ENDSOLVE_HASHTABLE_TRANSPOSITION_TABLE_H_
