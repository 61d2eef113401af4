// Shared by the transposition-table tests: random boards, data that is a
// function of the board, boards that collide on purpose, and the stress
// harness.
#ifndef ENDSOLVE_TESTS_HASHTABLE_TT_TEST_UTIL_H_
#define ENDSOLVE_TESTS_HASHTABLE_TT_TEST_UTIL_H_

#include <cstdint>
#include <random>
#include <vector>

#include "endsolve/board/board.h"
#include "endsolve/hashtable/transposition_table.h"

namespace endsolve {

// A random board with disjoint player and opponent sets (each square empty,
// player or opponent with equal chance). Not necessarily reachable in a
// game: the table does not care.
Board RandomBoard(std::mt19937_64& rng);

// TTData derived from the board alone, with every field in its legal range,
// so that any hit can be checked: data == DataFor(board).
TTData DataFor(const Board& board);

bool SameData(const TTData& a, const TTData& b);

// `count` distinct random boards that all compete for one index of `table`
// (one slot for one-level schemes, one bucket for two-level ones).
std::vector<Board> CollidingBoards(const TranspositionTable& table, int count,
                                   std::mt19937_64& rng);

struct StressOptions {
  int threads = 8;
  int ops_per_thread = 100'000;
  int pool = 48;             // distinct boards hammered
  int new_search_every = 0;  // thread 0 calls NewSearch this often (0: never)
  std::uint64_t seed = 1;
};

struct StressResult {
  std::uint64_t probes = 0, hits = 0, stores = 0;
  std::uint64_t wrong_hits = 0;  // hits whose data is not DataFor(board)
};

// The contended setup of the stress test, shared with the test of its power:
// 2 shards of 4 lines (a counter line and 3 buckets each), so 12 slots for a
// pool of 48 boards: nearly every store evicts something and every probe
// races a store.
inline constexpr std::size_t kContendedBytes = 2 * 4 * 64;
inline constexpr int kContendedShards = 2;
inline StressOptions ContendedStressOptions() {
  StressOptions options;
  options.threads = 8;
  options.pool = 48;
  options.ops_per_thread = 200'000;
  options.new_search_every = 64;  // aging: Old and BigAll keep replacing
  return options;
}

// Threads store DataFor(board) (with random node counts, so that the Big
// schemes keep changing their minds) and probe random boards of a small
// pool, checking every hit.
StressResult RunStress(TranspositionTable& table, const StressOptions& options);

}  // namespace endsolve

#endif  // ENDSOLVE_TESTS_HASHTABLE_TT_TEST_UTIL_H_
