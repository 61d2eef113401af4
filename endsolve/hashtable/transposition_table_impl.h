// The transposition table's insides: the bucket layout, the per-bucket
// seqlock, and Probe and Store as templates on the scheme and the lock.
// Not for the search (include transposition_table.h). It is a header only so
// that code deriving from the table can compile Probe and Store with another
// Lock: tests/ builds a variant without the seqlock this way, to show that
// its stress harness catches the torn reads the seqlock prevents. The shipped
// library instantiates only Seqlock (transposition_table.cc).
//
// The design argument (why a probe can never see a mix of two stores) is in
// endsolve/hashtable/README.md and summarised where the loads and stores happen.
#ifndef ENDSOLVE_HASHTABLE_TRANSPOSITION_TABLE_IMPL_H_
#define ENDSOLVE_HASHTABLE_TRANSPOSITION_TABLE_IMPL_H_

#include <atomic>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "endsolve/hashtable/entry.h"
#include "endsolve/hashtable/transposition_table.h"

namespace endsolve {
namespace tt_internal {

// Buckets are one cache line each: a probe or a store touches one line.
inline constexpr std::size_t kCacheLine = 64;
inline constexpr int kSlotsPerBucket = 2;

// Every probe and store ends in exactly one of these outcomes, so it costs one
// relaxed increment, on the calling thread's own stripe (cache line) of the
// shard; probes = hits + misses, stores = inserts + updates + replacements +
// rejections, occupied = inserts (entries are only emptied by Clear).
struct alignas(kCacheLine) CounterStripe {
  std::atomic<std::uint64_t> hits{0}, misses{0};
  std::atomic<std::uint64_t> inserts{0}, updates{0}, replacements{0}, rejections{0};
};
static_assert(sizeof(CounterStripe) == kCacheLine);

// Counts one outcome. Relaxed: the counters order nothing.
inline void Bump(std::atomic<std::uint64_t>& counter) {
  counter.fetch_add(1, std::memory_order_relaxed);
}

// A small, stable id per thread, for picking a counter stripe.
inline unsigned ThreadStripeId() {
  static std::atomic<unsigned> next{0};
  thread_local const unsigned id = next.fetch_add(1, std::memory_order_relaxed);
  return id;
}

// A 64-bit hash of both words of the board. Each word is multiplied by an odd
// constant (spreading low bits upwards), one product is rotated so that its
// well-mixed high half lands on the other's weak low half, and a
// xorshift-multiply-xorshift finaliser mixes the result into every bit.
// Player and opponent get different constants, so swapping them changes the
// hash.
inline std::uint64_t Hash(const Board& board) {
  constexpr std::uint64_t kPlayerMul = 0x9e3779b97f4a7c15;
  constexpr std::uint64_t kOpponentMul = 0xc2b2ae3d27d4eb4f;
  constexpr std::uint64_t kFinalMul = 0xff51afd7ed558ccd;
  std::uint64_t h = board.player * kPlayerMul ^ std::rotl(board.opponent * kOpponentMul, 32);
  h ^= h >> 32;
  h *= kFinalMul;
  h ^= h >> 29;
  return h;
}

// The two-level schemes give a position both slots of its bucket; the
// one-level ones give each slot its own index.
constexpr bool IsTwoLevel(ReplacementScheme scheme) {
  return scheme == ReplacementScheme::kTwoDeep || scheme == ReplacementScheme::kTwoBig1 ||
         scheme == ReplacementScheme::kTwoBigAll;
}

}  // namespace tt_internal

// The seqlock: what makes the table exact (endsolve/hashtable/README.md, "Why a probe
// never sees a mix of two stores"). This is the shape a Lock for UseLock
// has: a probe brackets its slot loads with ReadBegin and ReadUnchanged, a
// store its read-decide-write with TryLock and Unlock.
struct Seqlock {
  // The version a probe starts from (acquire: it sees the words of the store
  // that published it). Odd: a writer is inside, and the probe misses.
  static std::uint64_t ReadBegin(const std::atomic<std::uint64_t>& version) {
    return version.load(std::memory_order_acquire);
  }
  // Whether the slot words read since ReadBegin returned `before` are all of
  // one store: no store began since. Relaxed suffices: the word loads before
  // it are acquires, so it cannot move above them, and a store that wrote
  // any word they saw made its odd version visible to it (see Probe).
  static bool ReadUnchanged(const std::atomic<std::uint64_t>& version, std::uint64_t before) {
    return version.load(std::memory_order_relaxed) == before;
  }
  // Takes the bucket for a store (even → odd, acquire: the store then reads
  // the last store's words), or returns false if another writer holds it:
  // a store is only a hint, and waiting would make the table blocking.
  static bool TryLock(std::atomic<std::uint64_t>& version, std::uint64_t* held) {
    *held = version.load(std::memory_order_relaxed);
    return (*held & 1) == 0 &&
           version.compare_exchange_strong(*held, *held + 1, std::memory_order_acquire,
                                           std::memory_order_relaxed);
  }
  // Publishes the store's words (release) with the next even version.
  static void Unlock(std::atomic<std::uint64_t>& version, std::uint64_t held) {
    version.store(held + 2, std::memory_order_release);
  }
};

// A bucket is one cache line: an 8-byte version (the seqlock), two 24-byte
// slots and the 8-byte epoch it was last written in. Two slots is what fits
// a line with a full-board key; the two-level schemes use both slots of a
// bucket for one index, the one-level schemes give each slot its own index,
// so every scheme gets the same number of entries from the same memory.
struct alignas(tt_internal::kCacheLine) TranspositionTable::Bucket {
  // One slot: the board and the data word. A slot is empty when its data
  // word lacks the occupied bit, or when its bucket's epoch is not the
  // table's.
  struct Slot {
    std::atomic<std::uint64_t> player{0};
    std::atomic<std::uint64_t> opponent{0};
    std::atomic<std::uint64_t> data{0};
  };
  // Even: stable. Odd: a writer is inside. Every completed store adds 2.
  std::atomic<std::uint64_t> version{0};
  Slot slot[tt_internal::kSlotsPerBucket];
  // The table's epoch when a store last wrote the bucket. Clear advances
  // the table's epoch, and every bucket of an earlier one reads as empty:
  // clearing writes nothing. 64 bits never wrap.
  std::atomic<std::uint64_t> epoch{0};
};

// A shard: one mapping that starts with its counter stripes, followed by its
// buckets. Nothing in it is shared with another shard.
struct TranspositionTable::Shard {
  void* memory = nullptr;
  std::size_t bytes = 0;
  tt_internal::CounterStripe* counters = nullptr;
  unsigned stripe_mask = 0;
  Bucket* buckets = nullptr;
  std::uint64_t num_buckets = 0;

  tt_internal::CounterStripe& Counters() const {
    return counters[tt_internal::ThreadStripeId() & stripe_mask];
  }
};

// Where a board lives: its bucket, and for the one-level schemes its slot.
struct TranspositionTable::Location {
  Shard* shard;
  Bucket* bucket;
  int slot;  // the one-level slot; the two-level schemes use both
};

// The shard comes from the top hash bits, the bucket from the low 32 bits by
// multiply-shift range reduction ((h32 * n) >> 32 is uniform on [0, n) and
// needs no power-of-two bucket count), the one-level slot from bit 32.
inline TranspositionTable::Location TranspositionTable::Locate(const Board& board) const {
  const std::uint64_t h = tt_internal::Hash(board);
  const std::size_t shard_index =
      used_shard_bits_ == 0 ? 0 : std::size_t(h >> (64 - used_shard_bits_));
  Shard* shard = const_cast<Shard*>(&shards_[shard_index]);
  const std::uint64_t bucket = ((h & 0xffffffff) * used_buckets_) >> 32;
  return {shard, &shard->buckets[bucket], int(h >> 32 & 1)};
}

// The seqlock read. A hit is returned only if the version was even before the
// slot was read and unchanged after it. All slot loads are acquire loads: if
// any of them read a word written by a store that began after our first
// version read, that store's version CAS (sequenced before its word stores,
// which are releases) happens before our second version read, which therefore
// sees the version changed. So an accepted read saw the words of exactly the
// last store completed before it, with no later word mixed in.
template <typename Lock, bool kTwoLevel, bool kCount>
bool TranspositionTable::ProbeAs(TranspositionTable& table, const Board& board,
                                 TTData* data) {
  const Location loc = table.Locate(board);
  Bucket& b = *loc.bucket;
  const std::uint64_t before = Lock::ReadBegin(b.version);
  // A bucket of an earlier epoch is empty. Its epoch word is checked like
  // the slot words: a hit is accepted only if the version did not change,
  // so the epoch and the entry come from the same store.
  if ((before & 1) == 0 &&
      b.epoch.load(std::memory_order_acquire) == table.epoch_.load(std::memory_order_relaxed)) {
    const int first = kTwoLevel ? 0 : loc.slot;
    const int last = kTwoLevel ? tt_internal::kSlotsPerBucket - 1 : loc.slot;
    for (int i = first; i <= last; ++i) {
      const Bucket::Slot& s = b.slot[i];
      if (s.player.load(std::memory_order_acquire) != board.player ||
          s.opponent.load(std::memory_order_acquire) != board.opponent) {
        continue;
      }
      const std::uint64_t word = s.data.load(std::memory_order_acquire);
      if (!tt_entry::Occupied(word) || !Lock::ReadUnchanged(b.version, before)) break;
      *data = tt_entry::Unpack(word);
      if constexpr (kCount) tt_internal::Bump(loc.shard->Counters().hits);
      return true;
    }
  }
  if constexpr (kCount) tt_internal::Bump(loc.shard->Counters().misses);
  return false;
}

// The seqlock write, and the scheme's decision inside it. `kScheme` is a
// constant, so each scheme's copy keeps only its own branches.
template <typename Lock, ReplacementScheme kScheme, bool kCount>
void TranspositionTable::StoreAs(TranspositionTable& table, const Board& board,
                                 const TTData& data, std::uint64_t nodes) {
  using tt_entry::SizeCode;
  using tt_entry::SizeOf;
  using tt_internal::kSlotsPerBucket;
  assert(data.move < (1 << tt_entry::kMoveBits) && data.move2 < (1 << tt_entry::kMoveBits));
  const Location loc = table.Locate(board);
  Bucket& b = *loc.bucket;
  // The outcome's counter; `Outcome` names it and counts nothing when the
  // table does not count (the compiler drops the bookkeeping then).
  enum class Outcome { kInsert, kUpdate, kReplacement, kRejection };
  auto count = [&](Outcome outcome) {
    if constexpr (kCount) {
      tt_internal::CounterStripe& counters = loc.shard->Counters();
      switch (outcome) {
        case Outcome::kInsert: tt_internal::Bump(counters.inserts); break;
        case Outcome::kUpdate: tt_internal::Bump(counters.updates); break;
        case Outcome::kReplacement: tt_internal::Bump(counters.replacements); break;
        case Outcome::kRejection: tt_internal::Bump(counters.rejections); break;
      }
    }
  };

  // Take the bucket's seqlock, or give up: a store is only a hint, and
  // waiting for another writer would make the table blocking.
  std::uint64_t version;
  if (!Lock::TryLock(b.version, &version)) {
    count(Outcome::kRejection);
    return;
  }

  // Inside the lock: no other writer, so relaxed loads see the last store.
  const std::uint8_t generation = table.generation_.load(std::memory_order_relaxed);
  const std::uint64_t epoch = table.epoch_.load(std::memory_order_relaxed);
  struct Entry {
    std::uint64_t player, opponent, data;
    bool occupied() const { return tt_entry::Occupied(data); }
    bool current(std::uint8_t g) const { return tt_entry::GenerationOf(data) == g; }
    bool operator==(const Entry&) const = default;
  };
  // The words in memory, and the slots as the scheme sees them: a bucket of
  // an earlier epoch holds two empty slots, exactly as after a clear that
  // wrote zeros, so the scheme decides as it would in a new table.
  Entry in_memory[kSlotsPerBucket];
  for (int i = 0; i < kSlotsPerBucket; ++i) {
    in_memory[i] = {b.slot[i].player.load(std::memory_order_relaxed),
                    b.slot[i].opponent.load(std::memory_order_relaxed),
                    b.slot[i].data.load(std::memory_order_relaxed)};
  }
  const bool earlier_epoch = b.epoch.load(std::memory_order_relaxed) != epoch;
  Entry slots[kSlotsPerBucket] = {in_memory[0], in_memory[1]};
  if (earlier_epoch) slots[0] = slots[1] = Entry{0, 0, 0};
  constexpr bool kTwoLevel = tt_internal::IsTwoLevel(kScheme);
  constexpr bool kBigAll =
      kScheme == ReplacementScheme::kBigAll || kScheme == ReplacementScheme::kTwoBigAll;
  const int first = kTwoLevel ? 0 : loc.slot;
  const int last = kTwoLevel ? kSlotsPerBucket - 1 : loc.slot;

  // The same position already here: it is updated, never duplicated.
  int existing = -1;
  for (int i = first; i <= last; ++i) {
    if (slots[i].occupied() && slots[i].player == board.player &&
        slots[i].opponent == board.opponent) {
      existing = i;
    }
  }
  SizeCode size_code = tt_entry::SizeCodeOf(nodes);
  if (kBigAll && existing >= 0) size_code = tt_entry::AddSizes(SizeOf(slots[existing].data), nodes);
  const Entry incoming{board.player, board.opponent,
                       tt_entry::Pack(data, size_code, generation)};

  // Does the newcomer win against a current resident? (Deep: draft; Big:
  // subtree size; ties go to the newcomer, as in Breuker.)
  auto wins = [&](const Entry& resident) {
    switch (kScheme) {
      case ReplacementScheme::kDeep:
      case ReplacementScheme::kTwoDeep:
        return data.draft >= tt_entry::DraftOf(resident.data);
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
  Outcome outcome = Outcome::kRejection;
  if (!kTwoLevel) {
    Entry& resident = next[loc.slot];
    if (existing >= 0) {
      resident = incoming;
      outcome = Outcome::kUpdate;
    } else if (!resident.occupied()) {
      resident = incoming;
      outcome = Outcome::kInsert;
    } else if (!resident.current(generation) || wins(resident)) {
      resident = incoming;
      outcome = Outcome::kReplacement;
    } else {
      outcome = Outcome::kRejection;
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
      outcome = Outcome::kUpdate;
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
      outcome = evicted ? Outcome::kReplacement : Outcome::kInsert;
    }
  }

  // Write the slots that differ from memory (release: see Probe), the
  // bucket's epoch if it was an earlier one (so that the slot this store
  // leaves empty is written empty, not revived), then publish.
  for (int i = 0; i < kSlotsPerBucket; ++i) {
    if (next[i] != in_memory[i]) {
      b.slot[i].player.store(next[i].player, std::memory_order_release);
      b.slot[i].opponent.store(next[i].opponent, std::memory_order_release);
      b.slot[i].data.store(next[i].data, std::memory_order_release);
    }
  }
  if (earlier_epoch) b.epoch.store(epoch, std::memory_order_release);
  Lock::Unlock(b.version, version);
  count(outcome);
}

// One switch, run once per table: after it, Probe and Store call the copy
// compiled for the table's scheme and counting, with no test of either
// inside.
template <typename Lock, bool kCount>
void TranspositionTable::UseCode(TranspositionTable& table) {
  using enum ReplacementScheme;
  const bool two_level = tt_internal::IsTwoLevel(table.scheme_);
  table.probe_ = two_level ? &ProbeAs<Lock, true, kCount> : &ProbeAs<Lock, false, kCount>;
  switch (table.scheme_) {
    case kDeep: table.store_ = &StoreAs<Lock, kDeep, kCount>; break;
    case kNew: table.store_ = &StoreAs<Lock, kNew, kCount>; break;
    case kOld: table.store_ = &StoreAs<Lock, kOld, kCount>; break;
    case kBig1: table.store_ = &StoreAs<Lock, kBig1, kCount>; break;
    case kBigAll: table.store_ = &StoreAs<Lock, kBigAll, kCount>; break;
    case kTwoDeep: table.store_ = &StoreAs<Lock, kTwoDeep, kCount>; break;
    case kTwoBig1: table.store_ = &StoreAs<Lock, kTwoBig1, kCount>; break;
    case kTwoBigAll: table.store_ = &StoreAs<Lock, kTwoBigAll, kCount>; break;
  }
}

template <typename Lock>
void TranspositionTable::UseLock(TranspositionTable& table) {
  if (table.statistics_) {
    UseCode<Lock, true>(table);
  } else {
    UseCode<Lock, false>(table);
  }
}

}  // namespace endsolve

#endif  // ENDSOLVE_HASHTABLE_TRANSPOSITION_TABLE_IMPL_H_
