// Transposition-table micro-benchmarks: probe and store throughput by thread
// count (runs with more threads than cores are labelled "oversubscribed"),
// the cost of the statistics (none, as the search's tables; striped
// counters; one shared counter line), and the latency of a probe into a
// table far larger than the caches.
//
// Run: build-tt/bench/tt_bench [--benchmark_filter=...]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "benchmark/benchmark.h"
#include "endsolve/hashtable/transposition_table.h"

namespace endsolve {
namespace {

// Throughput runs use a table that is large next to L2 but whose misses are
// mostly L3 and DRAM, as in a search; the latency run a table that no cache
// holds, with random probes.
constexpr std::size_t kThroughputMiB = 64;
constexpr std::size_t kLatencyMiB = 1024;
constexpr int kShards = 16;
// Boards each thread cycles through: 2^20 boards, 16 MiB of keys.
constexpr std::size_t kKeys = std::size_t{1} << 20;

// SplitMix64: a stream of well-mixed words from a counter.
std::uint64_t Mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9;
  x = (x ^ (x >> 27)) * 0x94d049bb133111eb;
  return x ^ (x >> 31);
}

// A random board (disjoint player and opponent) from a seed.
Board BoardFrom(std::uint64_t seed) {
  const std::uint64_t a = Mix(seed), b = Mix(seed ^ 0x5555555555555555);
  return {a & b, a & ~b};
}

const std::vector<Board>& Keys() {
  static const std::vector<Board> keys = [] {
    std::vector<Board> k(kKeys);
    for (std::size_t i = 0; i < kKeys; ++i) k[i] = BoardFrom(i);
    return k;
  }();
  return keys;
}

TTData DataFor(std::uint64_t i) {
  TTData d;
  d.lower = std::int8_t(int(i % 65) - 64);
  d.upper = std::int8_t(i % 65);
  d.move = std::uint8_t(i % 64);
  d.draft = std::uint8_t(i % 30);
  return d;
}

// Says which table a benchmark got: the size after rounding, the shards, the
// entries and how full it is.
void PrintTable(const char* use, const TranspositionTable& t) {
  const TTStats s = t.Stats();
  const std::string occupied =
      s.counted ? std::to_string(s.occupied) + " occupied" : "occupancy not counted";
  std::fprintf(stderr, "table for %s: %zu MiB (%zu bytes), %d shards, %llu entries, scheme %s, %s\n",
               use, t.size_bytes() >> 20, t.size_bytes(), t.shards(),
               static_cast<unsigned long long>(s.capacity),
               std::string(SchemeName(t.scheme())).c_str(), occupied.c_str());
}

// The design the striped counters replace, kept to compare with: one counter
// line per shard that every thread shares. The table offers it to code that
// derives from it, not to the search.
struct SharedCountersTable : TranspositionTable {
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> Create(std::size_t bytes) {
    return CreateWithBytes(bytes, kShards, ReplacementScheme::kTwoBig1, 1, /*statistics=*/true);
  }
};

// How a table counts its probes and stores: not at all (a solve's table),
// on a counter line per thread (TTOptions::statistics), or on one line all
// threads share (the design the stripes replaced).
enum Counters { kNoCounters, kStripedCounters, kSharedCounters, kCounterKinds };
constexpr const char* kCounterNames[kCounterKinds] = {
    "throughput", "throughput, striped counters", "throughput, shared counters"};

// The table under test, made once per configuration and kept: the
// benchmark's threads share it, as search threads do. Half the keys are
// stored, so probes hit about half the time.
TranspositionTable& Table(Counters counters) {
  static std::unique_ptr<TranspositionTable> tables[kCounterKinds];
  std::unique_ptr<TranspositionTable>& t = tables[counters];
  if (!t) {
    const std::size_t bytes = kThroughputMiB << 20;
    auto made = counters == kSharedCounters
                    ? SharedCountersTable::Create(bytes)
                    : TranspositionTable::Create({.size_mib = kThroughputMiB,
                                                  .shards = kShards,
                                                  .statistics = counters == kStripedCounters});
    if (!made.ok()) {
      std::fprintf(stderr, "%s\n", made.status().ToString().c_str());
      std::abort();
    }
    t = *std::move(made);
    const std::vector<Board>& keys = Keys();
    for (std::size_t i = 0; i < kKeys; i += 2) t->Store(keys[i], DataFor(i), i);
    PrintTable(kCounterNames[counters], *t);
  }
  return *t;
}

void SetUpTables(const benchmark::State&) {
  Keys();
  for (int c = 0; c < kCounterKinds; ++c) Table(Counters(c));
}

// Says when the run has more threads than the machine has hardware threads:
// those numbers measure preemption as much as the table.
void LabelThreads(benchmark::State& state) {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  if (unsigned(state.threads()) > cores) {
    state.SetLabel("oversubscribed (" + std::to_string(state.threads()) + " threads, " +
                   std::to_string(cores) + " cores)");
  }
}

void Probe(benchmark::State& state, Counters counters) {
  TranspositionTable& table = Table(counters);
  const std::vector<Board>& keys = Keys();
  std::size_t i = std::size_t(state.thread_index()) * 7919;
  std::uint64_t hits = 0;
  TTData d;
  for (auto _ : state) {
    hits += table.Probe(keys[i & (kKeys - 1)], &d);
    i += 1;
  }
  benchmark::DoNotOptimize(hits);
  state.SetItemsProcessed(state.iterations());
  LabelThreads(state);
}

void Store(benchmark::State& state, Counters counters) {
  TranspositionTable& table = Table(counters);
  const std::vector<Board>& keys = Keys();
  std::size_t i = std::size_t(state.thread_index()) * 7919;
  for (auto _ : state) {
    const std::size_t k = i & (kKeys - 1);
    table.Store(keys[k], DataFor(k), k);
    i += 1;
  }
  state.SetItemsProcessed(state.iterations());
  LabelThreads(state);
}

void BM_Probe(benchmark::State& state) { Probe(state, kNoCounters); }
void BM_Store(benchmark::State& state) { Store(state, kNoCounters); }
void BM_ProbeStripedCounters(benchmark::State& state) { Probe(state, kStripedCounters); }
void BM_StoreStripedCounters(benchmark::State& state) { Store(state, kStripedCounters); }
void BM_ProbeSharedCounters(benchmark::State& state) { Probe(state, kSharedCounters); }
void BM_StoreSharedCounters(benchmark::State& state) { Store(state, kSharedCounters); }

// Threads: 1 and 2, then 4 and 8 (oversubscribed on a small machine), and
// the machine's own count when it is larger.
void ThreadCounts(benchmark::internal::Benchmark* b) {
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  for (int t : {1, 2, 4, 8}) b->Threads(t);
  if (cores > 8) b->Threads(cores);
  b->UseRealTime()->Setup(SetUpTables);
}

BENCHMARK(BM_Probe)->Apply(ThreadCounts);
BENCHMARK(BM_Store)->Apply(ThreadCounts);
BENCHMARK(BM_ProbeStripedCounters)->Apply(ThreadCounts);
BENCHMARK(BM_StoreStripedCounters)->Apply(ThreadCounts);
BENCHMARK(BM_ProbeSharedCounters)->Apply(ThreadCounts);
BENCHMARK(BM_StoreSharedCounters)->Apply(ThreadCounts);

// Probe latency: each probe's board depends on the previous probe's result,
// so the CPU cannot overlap the misses; time per iteration is one probe's
// latency into a 1 GiB table (cache and TLB misses included). The
// independent variant shows how much overlap a search could get.
TranspositionTable& LatencyTable() {
  static std::unique_ptr<TranspositionTable> t = [] {
    auto made = TranspositionTable::Create({.size_mib = kLatencyMiB, .shards = kShards});
    if (!made.ok()) {
      std::fprintf(stderr, "%s\n", made.status().ToString().c_str());
      std::abort();
    }
    // A quarter of the slots filled: probes find both hits and misses.
    const std::uint64_t entries = (*made)->Stats().capacity / 4;
    for (std::uint64_t i = 0; i < entries; ++i) (*made)->Store(BoardFrom(i), DataFor(i), i);
    PrintTable("latency", **made);
    return *std::move(made);
  }();
  return *t;
}

void SetUpLatency(const benchmark::State&) { LatencyTable(); }

void BM_ProbeLatency1GiB(benchmark::State& state) {
  TranspositionTable& table = LatencyTable();
  const std::uint64_t filled = table.Stats().capacity / 4;
  std::uint64_t seed = 12345;
  TTData d;
  for (auto _ : state) {
    // Half the probes aim at stored boards.
    const std::uint64_t r = Mix(seed);
    const std::uint64_t key = (r & 1) ? r % filled : r;
    const bool hit = table.Probe(BoardFrom(key), &d);
    seed = r + hit + std::uint64_t(std::uint8_t(d.lower));  // the dependency
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ProbeLatency1GiB)->Setup(SetUpLatency);

void BM_ProbeIndependent1GiB(benchmark::State& state) {
  TranspositionTable& table = LatencyTable();
  const std::uint64_t filled = table.Stats().capacity / 4;
  std::uint64_t seed = 12345, hits = 0;
  TTData d;
  for (auto _ : state) {
    const std::uint64_t r = Mix(seed++);
    const std::uint64_t key = (r & 1) ? r % filled : r;
    hits += table.Probe(BoardFrom(key), &d);
  }
  benchmark::DoNotOptimize(hits);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ProbeIndependent1GiB)->Setup(SetUpLatency);

// The cost of computing the boards alone, to subtract from the two above.
void BM_KeyGenerationOnly(benchmark::State& state) {
  std::uint64_t seed = 12345, acc = 0;
  for (auto _ : state) {
    const std::uint64_t r = Mix(seed++);
    const Board b = BoardFrom(r);
    acc += b.player ^ b.opponent;
  }
  benchmark::DoNotOptimize(acc);
}
BENCHMARK(BM_KeyGenerationOnly);

}  // namespace
}  // namespace endsolve

BENCHMARK_MAIN();
