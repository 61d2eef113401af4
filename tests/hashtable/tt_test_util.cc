#include "tests/hashtable/tt_test_util.h"

#include <atomic>
#include <set>
#include <thread>
#include <utility>

#include "tests/hashtable/tt_test_peer.h"

namespace endsolve {

Board RandomBoard(std::mt19937_64& rng) {
  const Bitboard a = rng(), b = rng();
  // a & b: a quarter of the squares; a & ~b another quarter; the rest empty.
  return {a & b, a & ~b};
}

// SplitMix64's finaliser: a hash of the board independent of the table's.
static std::uint64_t Mix(const Board& board) {
  std::uint64_t z = board.player ^ (board.opponent * 0x9e3779b97f4a7c15 + 0x632be59bd9b4e019);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

TTData DataFor(const Board& board) {
  const std::uint64_t m = Mix(board);
  TTData d;
  const int lower = int(m % 129) - 64;
  d.lower = std::int8_t(lower);
  d.upper = std::int8_t(lower + int((m >> 8) % std::uint64_t(65 - lower)));
  d.move = std::uint8_t((m >> 16) % 66);
  d.move2 = std::uint8_t((m >> 24) % 66);
  d.draft = std::uint8_t((m >> 32) % 61);
  return d;
}

bool SameData(const TTData& a, const TTData& b) {
  return a.lower == b.lower && a.upper == b.upper && a.move == b.move &&
         a.move2 == b.move2 && a.draft == b.draft;
}

std::vector<Board> CollidingBoards(const TranspositionTable& table, int count,
                                   std::mt19937_64& rng) {
  const Board first = RandomBoard(rng);
  const std::uint64_t index = TranspositionTableTestPeer::IndexOf(table, first);
  std::vector<Board> boards = {first};
  std::set<std::pair<Bitboard, Bitboard>> seen = {{first.player, first.opponent}};
  while (int(boards.size()) < count) {
    const Board b = RandomBoard(rng);
    if (TranspositionTableTestPeer::IndexOf(table, b) == index &&
        seen.insert({b.player, b.opponent}).second) {
      boards.push_back(b);
    }
  }
  return boards;
}

StressResult RunStress(TranspositionTable& table, const StressOptions& options) {
  std::mt19937_64 pool_rng(options.seed);
  std::vector<Board> pool;
  for (int i = 0; i < options.pool; ++i) pool.push_back(RandomBoard(pool_rng));

  std::atomic<std::uint64_t> probes{0}, hits{0}, stores{0}, wrong{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < options.threads; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(options.seed * 1000 + std::uint64_t(t));
      std::uint64_t my_probes = 0, my_hits = 0, my_stores = 0, my_wrong = 0;
      while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
      for (int i = 0; i < options.ops_per_thread; ++i) {
        const std::uint64_t r = rng();
        const Board& board = pool[r % pool.size()];
        if (r >> 32 & 1) {
          table.Store(board, DataFor(board), r >> 40);
          ++my_stores;
        } else {
          TTData data;
          ++my_probes;
          if (table.Probe(board, &data)) {
            ++my_hits;
            my_wrong += !SameData(data, DataFor(board));
          }
        }
        if (t == 0 && options.new_search_every > 0 && i % options.new_search_every == 0) {
          table.NewSearch();
        }
      }
      probes += my_probes;
      hits += my_hits;
      stores += my_stores;
      wrong += my_wrong;
    });
  }
  go.store(true, std::memory_order_release);
  for (std::thread& th : threads) th.join();
  return {probes.load(), hits.load(), stores.load(), wrong.load()};
}

}  // namespace endsolve
