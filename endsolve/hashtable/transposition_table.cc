// The transposition table: creating, clearing and counting. Probe and Store,
// the bucket layout and the seqlock are in transposition_table_impl.h, which
// this file instantiates with the shipped Seqlock only.
//
// The design argument (why a probe can never see a mix of two stores) is in
// endsolve/hashtable/README.md and summarised where the loads and stores happen.
#include "endsolve/hashtable/transposition_table.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <bit>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "endsolve/hashtable/transposition_table_impl.h"

namespace endsolve {
namespace {

using tt_internal::CounterStripe;
using tt_internal::kCacheLine;
using tt_internal::kSlotsPerBucket;

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
// A table may take at most this fraction (1/N) of the machine's physical
// memory. Its pages are taken as the search fills them, so a table near the
// machine's size would not fail at creation but hours later, when a long
// solve fills it and the kernel kills the process (and its finished work);
// the rest of the program, a second solver process of a batch on the same
// machine and the system need room too. Half still gives a 16-core, 128 GiB
// machine a 64 GiB table, far beyond what the FFO positions fill.
constexpr std::uint64_t kMaxShareOfMemory = 2;

constexpr ReplacementScheme kAllSchemes[] = {
    ReplacementScheme::kDeep,    ReplacementScheme::kNew,
    ReplacementScheme::kOld,     ReplacementScheme::kBig1,
    ReplacementScheme::kBigAll,  ReplacementScheme::kTwoDeep,
    ReplacementScheme::kTwoBig1, ReplacementScheme::kTwoBigAll,
};

// Physical memory of the machine in bytes, 0 if unknown.
std::uint64_t PhysicalMemory() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return std::uint64_t(pages) * std::uint64_t(page_size);
}

}  // namespace

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
  if (physical != 0 && mib * kMiB > physical / kMaxShareOfMemory) {
    return absl::ResourceExhaustedError(absl::StrFormat(
        "transposition table of %d MiB asked (%d MiB after rounding down to a power of "
        "two), but a table may take at most 1/%d of the machine's %d MiB of physical "
        "memory (%d MiB), so that filling it cannot run the machine out of memory in "
        "the middle of a solve",
        options.size_mib, mib, kMaxShareOfMemory, physical / kMiB,
        physical / kMaxShareOfMemory / kMiB));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<TranspositionTable>> TranspositionTable::Create(
    const TTOptions& options) {
  if (absl::Status valid = ValidateTTOptions(options); !valid.ok()) return valid;
  return CreateWithBytes(std::bit_floor(options.size_mib) * kMiB, options.shards,
                         options.scheme, kMaxCounterStripes, options.statistics);
}

absl::StatusOr<std::size_t> ParseSizeMib(std::string_view text) {
  const absl::string_view typed(text.data(), text.size());  // Debian's absl predates std::string_view
  std::size_t mib = 0;
  if (!absl::SimpleAtoi(typed, &mib)) {
    return absl::InvalidArgumentError(absl::StrCat("expected a size in MiB, found '", typed, "'"));
  }
  if (absl::Status valid = ValidateTTOptions(TTOptions{.size_mib = mib}); !valid.ok()) return valid;
  return mib;
}

absl::StatusOr<std::unique_ptr<TranspositionTable>> TranspositionTable::CreateWithEntries(
    std::size_t entries, ReplacementScheme scheme, bool statistics) {
  // Two entries share a bucket of one cache line.
  constexpr std::size_t kEntriesPerBucket = 2, kFewestEntries = 128;
  if (entries < kFewestEntries || !std::has_single_bit(entries) ||
      entries > (~std::size_t{0} >> 8)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "expected a table of a power of two entries, at least %d, found %d", kFewestEntries, entries));
  }
  TTOptions as_mib;
  as_mib.size_mib = std::max<std::size_t>(1, entries / kEntriesPerBucket * kCacheLine / kMiB);
  if (absl::Status valid = ValidateTTOptions(as_mib); !valid.ok()) return valid;
  return CreateWithBytes(entries / kEntriesPerBucket * kCacheLine, 1, scheme, kMaxCounterStripes,
                         statistics);
}

absl::StatusOr<std::unique_ptr<TranspositionTable>> TranspositionTable::CreateWithBytes(
    std::size_t bytes, int shards, ReplacementScheme scheme, unsigned max_counter_stripes,
    bool statistics) {
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
  table->statistics_ = statistics;
  UseLock<Seqlock>(*table);
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
  table->used_shard_bits_ = table->shard_bits_;
  table->used_buckets_ = buckets;
  // No page is touched here: a fresh anonymous mapping reads as zeros, and
  // all-zero bytes are an empty table (every version 0, every data word
  // without its occupied bit, every counter 0: EmptyIsAllZero). A page is
  // taken from the kernel when a probe or store first reaches it, so a
  // small solve pays for the few pages it uses, not for the whole table,
  // and the faults a large solve takes are counted in its own time.
  return table;
}

TranspositionTable::~TranspositionTable() {
  for (Shard& shard : shards_) {
    if (shard.memory != nullptr) munmap(shard.memory, shard.bytes);
  }
}

void TranspositionTable::Prefetch(const Board& board) const {
  __builtin_prefetch(Locate(board).bucket);
}

void TranspositionTable::NewSearch() {
  generation_.fetch_add(1, std::memory_order_relaxed);
}

void TranspositionTable::Clear() {
  // Every bucket's epoch is now an earlier one: all of them read as empty.
  epoch_.fetch_add(1, std::memory_order_relaxed);
  // Without statistics the counters are never written: zeroing them would
  // only fault in a page of every shard (2 MiB each, a 256 MiB table's 32
  // MiB) for a small solve that uses one.
  if (!statistics_) return;
  for (Shard& shard : shards_) {
    for (unsigned i = 0; i <= shard.stripe_mask; ++i) {
      CounterStripe& c = shard.counters[i];
      for (std::atomic<std::uint64_t>* counter :
           {&c.hits, &c.misses, &c.inserts, &c.updates, &c.replacements, &c.rejections}) {
        counter->store(0, std::memory_order_relaxed);
      }
    }
  }
}

TTStats TranspositionTable::Stats() const {
  TTStats stats;
  stats.counted = statistics_;
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

void TranspositionTable::UseAtMost(std::size_t bytes) {
  const std::uint64_t per_shard = shards_[0].num_buckets;
  const std::uint64_t wanted = std::max<std::uint64_t>(1, bytes / sizeof(Bucket));
  if (wanted >= per_shard * shards_.size()) {
    used_shard_bits_ = shard_bits_;
    used_buckets_ = per_shard;
  } else if (wanted >= per_shard) {
    // A power of two of them, fewer than all.
    used_shard_bits_ = static_cast<int>(std::bit_width(wanted / per_shard)) - 1;
    used_buckets_ = per_shard;
  } else {
    used_shard_bits_ = 0;
    used_buckets_ = wanted;
  }
}

void TranspositionTable::Populate() {
#ifdef MADV_POPULATE_WRITE
  const std::size_t used_shards = std::size_t{1} << used_shard_bits_;
  for (std::size_t i = 0; i < used_shards; ++i) {
    const Shard& shard = shards_[i];
    // The counter lines and the buckets in use, rounded up to whole pages
    // (madvise takes the mapping's page-aligned start).
    const std::size_t bytes = std::min(
        shard.bytes, static_cast<std::size_t>(reinterpret_cast<char*>(shard.buckets + used_buckets_) -
                                              static_cast<char*>(shard.memory)));
    madvise(shard.memory, bytes, MADV_POPULATE_WRITE);  // advisory: a failure leaves the faults
  }
#endif
}

std::size_t TranspositionTable::used_bytes() const {
  return (std::size_t{1} << used_shard_bits_) * used_buckets_ * sizeof(Bucket);
}

// For tests: the shard, bucket and usable slots of `board`, and the words of
// its bucket's slots, read relaxed (the caller promises no other thread).
TranspositionTable::Place TranspositionTable::PlaceOf(const TranspositionTable& table,
                                                     const Board& board) {
  const Location loc = table.Locate(board);
  const bool two_level = tt_internal::IsTwoLevel(table.scheme_);
  Place place{.shard = std::size_t(loc.shard - table.shards_.data()),
              .bucket = std::uint64_t(loc.bucket - loc.shard->buckets),
              .first_slot = two_level ? 0 : loc.slot,
              .last_slot = two_level ? kSlotsPerBucket - 1 : loc.slot,
              .slots = {}};
  // A bucket of an earlier epoch is empty, whatever its words still hold.
  if (loc.bucket->epoch.load(std::memory_order_relaxed) !=
      table.epoch_.load(std::memory_order_relaxed)) {
    return place;
  }
  for (int i = 0; i < kSlotsPerBucket; ++i) {
    const Bucket::Slot& s = loc.bucket->slot[i];
    place.slots[i] = {s.player.load(std::memory_order_relaxed),
                      s.opponent.load(std::memory_order_relaxed),
                      s.data.load(std::memory_order_relaxed)};
  }
  return place;
}

}  // namespace endsolve
