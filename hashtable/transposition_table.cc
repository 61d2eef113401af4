// The transposition table: layout, the per-bucket seqlock and the schemes.
//
// The design argument (why a probe can never see a mix of two stores) is in
// hashtable/README.md and summarised where the loads and stores happen.
#include "hashtable/transposition_table.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <bit>
#include <new>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "hashtable/entry.h"
#include "hashtable/tt_test_peer.h"

namespace endsolve {
namespace {

// The data word (entry.h).
using tt_entry::AddSizes;
using tt_entry::DepthOf;
using tt_entry::GenerationOf;
using tt_entry::kMoveBits;
using tt_entry::kOccupied;
using tt_entry::Pack;
using tt_entry::SizeCode;
using tt_entry::SizeCodeOf;
using tt_entry::SizeOf;
using tt_entry::Unpack;

// Buckets are one cache line each: a probe or a store touches one line.
constexpr std::size_t kCacheLine = 64;
constexpr int kSlotsPerBucket = 2;
// Each shard counts in up to this many stripes, one cache line each, so that
// threads do not fight over one counter line (see CounterStripe).
constexpr unsigned kMaxCounterStripes = 16;
// A shard gives at most 1/64 of its lines to counters.
constexpr std::size_t kLinesPerCounterStripe = 64;
// Shard bits come from the top of the hash and the one-level slot bit from
// bit 32; 16 shard bits keep them apart. More shards would not help: threads
// only ever contend on single buckets.
constexpr int kMaxShardBits = 16;
// The bucket index uses the low 32 hash bits (multiply-shift range reduction).
constexpr std::uint64_t kMaxBucketsPerShard = std::uint64_t{1} << 32;
constexpr std::size_t kMiB = std::size_t{1} << 20;
// Creating and clearing use one more thread per this much table (and at most
// one per core and per shard): below it, starting a thread costs more than it
// saves.
constexpr std::size_t kParallelBytesPerThread = 256 * kMiB;

// The seqlock is what makes the table exact. The stress test's power to catch
// a torn read is itself tested by compiling this file a second time, for one
// test target only, with the seqlock switched off: per-word atomics without
// a version, the design the notes warn about. The shipped library never
// defines this macro.
#ifdef ENDSOLVE_TT_BROKEN_NO_SEQLOCK_FOR_TEST
constexpr bool kSeqlock = false;
#else
constexpr bool kSeqlock = true;
#endif

constexpr ReplacementScheme kAllSchemes[] = {
    ReplacementScheme::kDeep,    ReplacementScheme::kNew,
    ReplacementScheme::kOld,     ReplacementScheme::kBig1,
    ReplacementScheme::kBigAll,  ReplacementScheme::kTwoDeep,
    ReplacementScheme::kTwoBig1, ReplacementScheme::kTwoBigAll,
};

// A 64-bit hash of both words of the board. Each word is multiplied by an odd
// constant (spreading low bits upwards), one product is rotated so that its
// well-mixed high half lands on the other's weak low half, and a
// xorshift-multiply-xorshift finaliser mixes the result into every bit.
// Player and opponent get different constants, so swapping them changes the
// hash.
std::uint64_t Hash(const Board& board) {
  constexpr std::uint64_t kPlayerMul = 0x9e3779b97f4a7c15;
  constexpr std::uint64_t kOpponentMul = 0xc2b2ae3d27d4eb4f;
  constexpr std::uint64_t kFinalMul = 0xff51afd7ed558ccd;
  std::uint64_t h = board.player * kPlayerMul ^ std::rotl(board.opponent * kOpponentMul, 32);
  h ^= h >> 32;
  h *= kFinalMul;
  h ^= h >> 29;
  return h;
}

// A small, stable id per thread, for picking a counter stripe.
unsigned ThreadStripeId() {
  static std::atomic<unsigned> next{0};
  thread_local const unsigned id = next.fetch_add(1, std::memory_order_relaxed);
  return id;
}

// Physical memory of the machine in bytes, 0 if unknown.
std::uint64_t PhysicalMemory() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return std::uint64_t(pages) * std::uint64_t(page_size);
}

}  // namespace

// A bucket is one cache line: an 8-byte version (the seqlock) and two 24-byte
// slots, 8 bytes spare. Two slots is what fits a line with a full-board key;
// the two-level schemes use both slots of a bucket for one index, the
// one-level schemes give each slot its own index, so every scheme gets the
// same number of entries from the same memory.
struct alignas(kCacheLine) TranspositionTable::Bucket {
  // One slot: the board and the data word. A slot is empty when its data
  // word lacks the occupied bit.
  struct Slot {
    std::atomic<std::uint64_t> player{0};
    std::atomic<std::uint64_t> opponent{0};
    std::atomic<std::uint64_t> data{0};
  };
  // Even: stable. Odd: a writer is inside. Every completed store adds 2.
  std::atomic<std::uint64_t> version{0};
  Slot slot[kSlotsPerBucket];
};

namespace {
// Every probe and store ends in exactly one of these outcomes, so it costs one
// relaxed increment, on the calling thread's own stripe (cache line) of the
// shard; probes = hits + misses, stores = inserts + updates + replacements +
// rejections, occupied = inserts (entries are only emptied by Clear).
struct alignas(kCacheLine) CounterStripe {
  std::atomic<std::uint64_t> hits{0}, misses{0};
  std::atomic<std::uint64_t> inserts{0}, updates{0}, replacements{0}, rejections{0};
};
static_assert(sizeof(CounterStripe) == kCacheLine);

void Bump(std::atomic<std::uint64_t>& counter) {
  counter.fetch_add(1, std::memory_order_relaxed);
}
}  // namespace

// A shard: one mapping that starts with its counter stripes, followed by its
// buckets. Nothing in it is shared with another shard.
struct TranspositionTable::Shard {
  void* memory = nullptr;
  std::size_t bytes = 0;
  CounterStripe* counters = nullptr;
  unsigned stripe_mask = 0;
  Bucket* buckets = nullptr;
  std::uint64_t num_buckets = 0;

  CounterStripe& Counters() const { return counters[ThreadStripeId() & stripe_mask]; }
};

// Where a board lives: its bucket, and for the one-level schemes its slot.
struct TranspositionTable::Location {
  Shard* shard;
  Bucket* bucket;
  int slot;  // the one-level slot; the two-level schemes use both
};

std::string_view SchemeName(ReplacementScheme scheme) {
  switch (scheme) {
    case ReplacementScheme::kDeep: return "deep";
    case ReplacementScheme::kNew: return "new";
    case ReplacementScheme::kOld: return "old";
    case ReplacementScheme::kBig1: return "big1";
    case ReplacementScheme::kBigAll: return "bigall";
    case ReplacementScheme::kTwoDeep: return "twodeep";
    case ReplacementScheme::kTwoBig1: return "twobig1";
    case ReplacementScheme::kTwoBigAll: return "twobigall";
  }
  return "?";
}

absl::StatusOr<ReplacementScheme> ParseScheme(std::string_view name) {
  for (ReplacementScheme s : kAllSchemes) {
    if (SchemeName(s) == name) return s;
  }
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown replacement scheme '%s'; valid: %s", name,
      absl::StrJoin(kAllSchemes, ", ", [](std::string* out, ReplacementScheme s) {
        out->append(SchemeName(s));
      })));
}

absl::Status ValidateTTOptions(const TTOptions& options) {
  if (options.size_mib == 0) {
    return absl::InvalidArgumentError("transposition table size must be at least 1 MiB");
  }
  if (options.size_mib > (~std::size_t{0} >> 20)) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "transposition table of %d MiB asked: more than the address space", options.size_mib));
  }
  const std::size_t mib = std::bit_floor(options.size_mib);
  const std::uint64_t physical = PhysicalMemory();
  if (physical != 0 && mib * kMiB > physical) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "transposition table of %d MiB asked (%d MiB after rounding down to a power of "
        "two), but the machine has only %d MiB of physical memory",
        options.size_mib, mib, physical / kMiB));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<TranspositionTable>> TranspositionTable::Create(
    const TTOptions& options) {
  if (absl::Status valid = ValidateTTOptions(options); !valid.ok()) return valid;
  return CreateWithBytes(std::bit_floor(options.size_mib) * kMiB, options.shards, options.scheme, kMaxCounterStripes);
}

absl::StatusOr<std::unique_ptr<TranspositionTable>> TranspositionTable::CreateWithBytes(
    std::size_t bytes, int shards, ReplacementScheme scheme, unsigned max_counter_stripes) {
  static_assert(sizeof(Bucket) == kCacheLine, "a bucket is one cache line");
  if (shards < 1 || !std::has_single_bit(unsigned(shards)) ||
      shards > (1 << kMaxShardBits)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "shards must be a power of two from 1 to %d, got %d", 1 << kMaxShardBits, shards));
  }
  if (bytes % (std::size_t(shards) * kCacheLine) != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "table of %d bytes does not split into %d shards of whole cache lines", bytes, shards));
  }
  const std::size_t shard_lines = bytes / kCacheLine / std::size_t(shards);
  // Each shard needs one counter line and at least one bucket.
  if (shard_lines < 2) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%d shards is too many for a table of %d buckets: each shard needs at least one "
        "bucket and one line of counters (%d bytes)",
        shards, bytes / kCacheLine, 2 * kCacheLine));
  }
  assert(max_counter_stripes >= 1 && max_counter_stripes <= kMaxCounterStripes);
  const unsigned stripes = unsigned(std::clamp<std::size_t>(
      std::bit_floor(shard_lines / kLinesPerCounterStripe), 1,
      std::bit_floor(max_counter_stripes)));
  const std::uint64_t buckets = shard_lines - stripes;
  if (buckets > kMaxBucketsPerShard) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%d shards of %d buckets: at most %d buckets per shard, use more shards",
        shards, buckets, kMaxBucketsPerShard));
  }

  std::unique_ptr<TranspositionTable> table(new TranspositionTable);
  table->scheme_ = scheme;
  table->size_bytes_ = bytes;
  table->shard_bits_ = std::countr_zero(unsigned(shards));
  table->shards_.resize(std::size_t(shards));
  const std::size_t shard_bytes = shard_lines * kCacheLine;
  for (Shard& shard : table->shards_) {
    void* memory = mmap(nullptr, shard_bytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
      // The destructor unmaps the shards mapped so far.
      return absl::ResourceExhaustedError(absl::StrFormat(
          "cannot allocate a transposition table of %d MiB (%d shards of %d bytes); "
          "the machine has %d MiB of physical memory",
          bytes / kMiB, shards, shard_bytes, PhysicalMemory() / kMiB));
    }
#ifdef MADV_HUGEPAGE
    // Random probes into a large table miss the TLB on nearly every access
    // with 4 KiB pages; 2 MiB pages cut that cost. Advisory: ignore failure.
    madvise(memory, shard_bytes, MADV_HUGEPAGE);
#endif
    shard.memory = memory;
    shard.bytes = shard_bytes;
    shard.counters = static_cast<CounterStripe*>(memory);
    shard.stripe_mask = stripes - 1;
    shard.buckets = reinterpret_cast<Bucket*>(static_cast<char*>(memory) +
                                              stripes * kCacheLine);
    shard.num_buckets = buckets;
  }
  // Start the objects' lifetimes. This also touches every page now, rather
  // than on first use in the middle of a timed search.
  table->ForEachShard([](Shard& shard) {
    for (unsigned i = 0; i <= shard.stripe_mask; ++i) new (&shard.counters[i]) CounterStripe;
    for (std::uint64_t i = 0; i < shard.num_buckets; ++i) new (&shard.buckets[i]) Bucket;
  });
  return table;
}

// Runs `fn` on every shard; on several threads when the table is large, since
// touching or clearing gigabytes on one core takes seconds. Shards share
// nothing, so the threads need no coordination.
template <typename Fn>
void TranspositionTable::ForEachShard(Fn fn) {
  const std::size_t threads = std::min<std::size_t>(
      {shards_.size(), std::max(1u, std::thread::hardware_concurrency()),
       size_bytes_ / kParallelBytesPerThread});
  if (threads <= 1) {
    for (Shard& shard : shards_) fn(shard);
    return;
  }
  std::vector<std::thread> workers;
  for (std::size_t t = 0; t < threads; ++t) {
    workers.emplace_back([this, fn, t, threads] {
      for (std::size_t i = t; i < shards_.size(); i += threads) fn(shards_[i]);
    });
  }
  for (std::thread& w : workers) w.join();
}

TranspositionTable::~TranspositionTable() {
  for (Shard& shard : shards_) {
    if (shard.memory != nullptr) munmap(shard.memory, shard.bytes);
  }
}

bool TranspositionTable::TwoLevel() const {
  return scheme_ == ReplacementScheme::kTwoDeep || scheme_ == ReplacementScheme::kTwoBig1 ||
         scheme_ == ReplacementScheme::kTwoBigAll;
}

// The shard comes from the top hash bits, the bucket from the low 32 bits by
// multiply-shift range reduction ((h32 * n) >> 32 is uniform on [0, n) and
// needs no power-of-two bucket count), the one-level slot from bit 32.
TranspositionTable::Location TranspositionTable::Locate(const Board& board) const {
  const std::uint64_t h = Hash(board);
  const std::size_t shard_index = shard_bits_ == 0 ? 0 : std::size_t(h >> (64 - shard_bits_));
  Shard* shard = const_cast<Shard*>(&shards_[shard_index]);
  const std::uint64_t bucket = ((h & 0xffffffff) * shard->num_buckets) >> 32;
  return {shard, &shard->buckets[bucket], int(h >> 32 & 1)};
}

// The seqlock read. A hit is returned only if the version was even before the
// slot was read and unchanged after it. All slot loads are acquire loads: if
// any of them read a word written by a store that began after our first
// version read, that store's version CAS (sequenced before its word stores,
// which are releases) happens before our second version read, which therefore
// sees the version changed. So an accepted read saw the words of exactly the
// last store completed before it, with no later word mixed in.
bool TranspositionTable::Probe(const Board& board, TTData* data) {
  const Location loc = Locate(board);
  Bucket& b = *loc.bucket;
  CounterStripe& counters = loc.shard->Counters();
  const std::uint64_t before = kSeqlock ? b.version.load(std::memory_order_acquire) : 0;
  if ((before & 1) == 0) {
    const int first = TwoLevel() ? 0 : loc.slot;
    const int last = TwoLevel() ? kSlotsPerBucket - 1 : loc.slot;
    for (int i = first; i <= last; ++i) {
      const Bucket::Slot& s = b.slot[i];
      if (s.player.load(std::memory_order_acquire) != board.player ||
          s.opponent.load(std::memory_order_acquire) != board.opponent) {
        continue;
      }
      const std::uint64_t word = s.data.load(std::memory_order_acquire);
      if ((word & kOccupied) == 0 ||
          (kSeqlock && b.version.load(std::memory_order_relaxed) != before)) {
        break;
      }
      *data = Unpack(word);
      Bump(counters.hits);
      return true;
    }
  }
  Bump(counters.misses);
  return false;
}

void TranspositionTable::Store(const Board& board, const TTData& data, std::uint64_t nodes) {
  assert(data.move < (1 << kMoveBits) && data.move2 < (1 << kMoveBits));
  const Location loc = Locate(board);
  Bucket& b = *loc.bucket;
  CounterStripe& counters = loc.shard->Counters();

  // Take the bucket's seqlock, or give up: a store is only a hint, and
  // waiting for another writer would make the table blocking.
  std::uint64_t version = b.version.load(std::memory_order_relaxed);
  if (kSeqlock && ((version & 1) != 0 ||
                   !b.version.compare_exchange_strong(version, version + 1,
                                                      std::memory_order_acquire,
                                                      std::memory_order_relaxed))) {
    Bump(counters.rejections);
    return;
  }

  // Inside the lock: no other writer, so relaxed loads see the last store.
  const std::uint8_t generation = generation_.load(std::memory_order_relaxed);
  struct Entry {
    std::uint64_t player, opponent, data;
    bool occupied() const { return (data & kOccupied) != 0; }
    bool current(std::uint8_t g) const { return GenerationOf(data) == g; }
  };
  Entry slots[kSlotsPerBucket];
  for (int i = 0; i < kSlotsPerBucket; ++i) {
    slots[i] = {b.slot[i].player.load(std::memory_order_relaxed),
                b.slot[i].opponent.load(std::memory_order_relaxed),
                b.slot[i].data.load(std::memory_order_relaxed)};
  }
  const bool two_level = TwoLevel();
  const bool big_all = scheme_ == ReplacementScheme::kBigAll ||
                       scheme_ == ReplacementScheme::kTwoBigAll;
  const int first = two_level ? 0 : loc.slot;
  const int last = two_level ? kSlotsPerBucket - 1 : loc.slot;

  // The same position already here: it is updated, never duplicated.
  int existing = -1;
  for (int i = first; i <= last; ++i) {
    if (slots[i].occupied() && slots[i].player == board.player &&
        slots[i].opponent == board.opponent) {
      existing = i;
    }
  }
  SizeCode size_code = SizeCodeOf(nodes);
  if (existing >= 0 && big_all) size_code = AddSizes(SizeOf(slots[existing].data), nodes);
  const Entry incoming{board.player, board.opponent, Pack(data, size_code, generation)};

  // Does the newcomer win against a current resident? (Deep: draft; Big:
  // subtree size; ties go to the newcomer, as in Breuker.)
  auto wins = [&](const Entry& resident) {
    switch (scheme_) {
      case ReplacementScheme::kDeep:
      case ReplacementScheme::kTwoDeep:
        return data.depth >= DepthOf(resident.data);
      case ReplacementScheme::kBig1:
      case ReplacementScheme::kBigAll:
      case ReplacementScheme::kTwoBig1:
      case ReplacementScheme::kTwoBigAll:
        return size_code >= SizeOf(resident.data);
      case ReplacementScheme::kNew:
        return true;
      case ReplacementScheme::kOld:
        return false;
    }
    return false;
  };

  Entry next[kSlotsPerBucket] = {slots[0], slots[1]};
  std::atomic<std::uint64_t>* outcome = nullptr;
  if (!two_level) {
    Entry& resident = next[loc.slot];
    if (existing >= 0) {
      resident = incoming;
      outcome = &counters.updates;
    } else if (!resident.occupied()) {
      resident = incoming;
      outcome = &counters.inserts;
    } else if (!resident.current(generation) || wins(resident)) {
      resident = incoming;
      outcome = &counters.replacements;
    } else {
      outcome = &counters.rejections;
    }
  } else {
    // An update first takes the position out, then places it like a newcomer:
    // an update that now beats slot 1 is promoted, one that does not stays.
    if (existing >= 0) next[existing].data = 0;
    if (existing == 0) std::swap(next[0], next[1]);  // keep slot 1 filled first
    // A stale slot 1 counts as beaten. (Stale slot 1 above a current slot 2
    // cannot arise: whatever writes slot 2 leaves a current slot 1.)
    const Entry& first_slot = next[0];
    if (!first_slot.occupied()) {
      next[0] = incoming;
    } else if (!first_slot.current(generation) || wins(first_slot)) {
      next[1] = next[0];   // demote slot 1, evicting slot 2
      next[0] = incoming;
    } else {
      next[1] = incoming;  // the always-replace slot
    }
    if (existing >= 0) {
      outcome = &counters.updates;
    } else {
      // Evicted: a position of the old bucket not in the new one.
      bool evicted = false;
      for (const Entry& old : slots) {
        if (!old.occupied()) continue;
        bool kept = false;
        for (const Entry& now : next) {
          kept |= now.occupied() && now.player == old.player && now.opponent == old.opponent;
        }
        evicted |= !kept;
      }
      outcome = evicted ? &counters.replacements : &counters.inserts;
    }
  }

  // Write the slots that changed (release: see Probe), then publish.
  for (int i = 0; i < kSlotsPerBucket; ++i) {
    if (next[i].player != slots[i].player || next[i].opponent != slots[i].opponent ||
        next[i].data != slots[i].data) {
      b.slot[i].player.store(next[i].player, std::memory_order_release);
      b.slot[i].opponent.store(next[i].opponent, std::memory_order_release);
      b.slot[i].data.store(next[i].data, std::memory_order_release);
    }
  }
  if (kSeqlock) b.version.store(version + 2, std::memory_order_release);
  Bump(*outcome);
}

void TranspositionTable::NewSearch() {
  generation_.fetch_add(1, std::memory_order_relaxed);
}

void TranspositionTable::Clear() {
  ForEachShard([](Shard& shard) {
    for (std::uint64_t i = 0; i < shard.num_buckets; ++i) {
      Bucket& b = shard.buckets[i];
      // Clearing goes through the seqlock too, so it is safe beside probes
      // and stores; it waits (briefly) for a writer inside the bucket.
      std::uint64_t version = b.version.load(std::memory_order_relaxed);
      while ((version & 1) != 0 ||
             !b.version.compare_exchange_weak(version, version + 1, std::memory_order_acquire,
                                              std::memory_order_relaxed)) {
        std::this_thread::yield();
        version = b.version.load(std::memory_order_relaxed);
      }
      for (Bucket::Slot& s : b.slot) {
        s.player.store(0, std::memory_order_release);
        s.opponent.store(0, std::memory_order_release);
        s.data.store(0, std::memory_order_release);
      }
      b.version.store(version + 2, std::memory_order_release);
    }
    for (unsigned i = 0; i <= shard.stripe_mask; ++i) {
      CounterStripe& c = shard.counters[i];
      for (auto* counter : {&c.hits, &c.misses, &c.inserts, &c.updates, &c.replacements,
                            &c.rejections}) {
        counter->store(0, std::memory_order_relaxed);
      }
    }
  });
}

TTStats TranspositionTable::Stats() const {
  TTStats stats;
  for (const Shard& shard : shards_) {
    for (unsigned i = 0; i <= shard.stripe_mask; ++i) {
      const CounterStripe& c = shard.counters[i];
      const std::uint64_t hits = c.hits.load(std::memory_order_relaxed);
      const std::uint64_t misses = c.misses.load(std::memory_order_relaxed);
      const std::uint64_t inserts = c.inserts.load(std::memory_order_relaxed);
      const std::uint64_t updates = c.updates.load(std::memory_order_relaxed);
      const std::uint64_t replacements = c.replacements.load(std::memory_order_relaxed);
      const std::uint64_t rejections = c.rejections.load(std::memory_order_relaxed);
      stats.probes += hits + misses;
      stats.hits += hits;
      stats.stores += inserts + updates + replacements + rejections;
      stats.updates += updates;
      stats.replacements += replacements;
      stats.rejections += rejections;
      stats.occupied += inserts;
    }
    stats.capacity += shard.num_buckets * kSlotsPerBucket;
  }
  return stats;
}

ReplacementScheme TranspositionTable::scheme() const { return scheme_; }
std::size_t TranspositionTable::size_bytes() const { return size_bytes_; }
int TranspositionTable::shards() const { return int(shards_.size()); }

static_assert(TranspositionTableTestPeer::kDefaultStripes == kMaxCounterStripes);

// The test peer's lookups live here, where the layout is defined.
std::uint64_t TranspositionTableTestPeer::IndexOf(const TranspositionTable& table,
                                                  const Board& board) {
  const TranspositionTable::Location loc = table.Locate(board);
  const auto bucket = std::uint64_t(loc.bucket - loc.shard->buckets);
  const auto shard = std::uint64_t(loc.shard - table.shards_.data());
  const std::uint64_t index = (shard << 32 | bucket) << 1;
  return table.TwoLevel() ? index : index | std::uint64_t(loc.slot);
}

int TranspositionTableTestPeer::SlotHolding(const TranspositionTable& table,
                                            const Board& board) {
  const TranspositionTable::Location loc = table.Locate(board);
  for (int i = 0; i < kSlotsPerBucket; ++i) {
    const TranspositionTable::Bucket::Slot& s = loc.bucket->slot[i];
    if ((s.data.load() & kOccupied) != 0 && s.player.load() == board.player &&
        s.opponent.load() == board.opponent) {
      return i;
    }
  }
  return -1;
}

int TranspositionTableTestPeer::Copies(const TranspositionTable& table, const Board& board) {
  const TranspositionTable::Location loc = table.Locate(board);
  int copies = 0;
  for (const TranspositionTable::Bucket::Slot& s : loc.bucket->slot) {
    copies += (s.data.load() & kOccupied) != 0 && s.player.load() == board.player &&
              s.opponent.load() == board.opponent;
  }
  return copies;
}

}  // namespace endsolve
