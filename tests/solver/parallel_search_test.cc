// The Young Brothers Wait split at the search level (solver/search.h,
// solver/parallel_search.h), with the split threshold lowered to the table
// layer's smallest nodes so that splits, cutoffs and cancellations happen
// thousands of times even on small positions:
//  - with 1 thread the split code visits exactly the nodes of the plain
//    sequential loop;
//  - with many threads (more than the machine has, so that the wait steals
//    often and tasks interleave) scores equal the sequential search's, with
//    and without killers and history (the per-task state);
//  - the node counts of all tasks add up: the counts merged up the split
//    points equal the counts every searcher flushed into the shared total.
#include <memory>
#include <random>
#include <string>

#include "absl/time/clock.h"
#include "endsolve/solver/parallel_search.h"
#include "endsolve/solver/search.h"
#include "tests/sanitized_share.h"
#include "tests/solver/oracle.h"
#include "tests/solver/test_table.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using testing::MakeTable;
using testing::RandomPosition;

struct Outcome {
  int score = 0;
  NodeCounts counts;
  std::uint64_t etc_probes = 0;
  std::uint64_t shared_nodes = 0;  // what the searchers flushed
  bool stopped = false;
};

// Search(board, alpha, beta) by a root searcher of a solve with `threads`
// threads and the given split threshold, inside its task arena.
Outcome ParallelSearch(const Board& board, int alpha, int beta, TranspositionTable* table,
                       int threads, int split_min, const SearchFeatures& features = {},
                       const search::Limits& limits = {}) {
  search::SearchConfig config = search::SearchConfig::Sequential(features, limits);
  config.threads = threads;
  config.policy = search::SplitPolicy::For(search::SplitPolicy::Kind::kManyCore, threads, split_min);
  search::SharedSearch shared(table, config);
  search::Searcher searcher(&shared);
  Outcome out;
  search::RunWithThreads(threads, [&] { out.score = searcher.Search(board, alpha, beta, 0); });
  searcher.CheckLimits();  // flushes the root searcher's own last nodes
  out.counts = searcher.counts();
  out.etc_probes = searcher.etc_probes();
  out.shared_nodes = shared.nodes.load();
  out.stopped = searcher.stopped();
  return out;
}

Outcome SequentialSearch(const Board& board, int alpha, int beta, TranspositionTable* table,
                         const SearchFeatures& features = {}) {
  search::Searcher searcher(table, features, {});
  Outcome out;
  out.score = searcher.Search(board, alpha, beta, 0);
  out.counts = searcher.counts();
  out.etc_probes = searcher.etc_probes();
  return out;
}

SearchFeatures WithKillersAndHistory() {
  SearchFeatures features;
  features.killers = 4;
  features.history = true;
  return features;
}

// One thread: the split code hands out the moves in the sequential order
// with the sequential windows, so every count is the same, TT included.
TEST(ParallelSearchTest, OneThreadVisitsTheSequentialNodes) {
  std::mt19937_64 rng(1989);
  for (const SearchFeatures& features : {SearchFeatures{}, WithKillersAndHistory()}) {
    for (int i = 0; i < 40; ++i) {
      const Board board = RandomPosition(rng, 12 + i % 5);
      const int windows[][2] = {{-65, 65}, {-1, 0}, {0, 1}, {-9, 3}};
      for (const auto& w : windows) {
        auto split_table = MakeTable(1);
        auto plain_table = MakeTable(1);
        const Outcome split = ParallelSearch(board, w[0], w[1], split_table.get(), 1,
                                             search::kTTMinEmpties, features);
        const Outcome plain = SequentialSearch(board, w[0], w[1], plain_table.get(), features);
        ASSERT_EQ(split.score, plain.score) << "position " << i << ", window " << w[0];
        ASSERT_EQ(split.counts.internal, plain.counts.internal) << "position " << i;
        ASSERT_EQ(split.counts.leaves, plain.counts.leaves) << "position " << i;
        ASSERT_EQ(split.etc_probes, plain.etc_probes) << "position " << i;
        ASSERT_EQ(split.shared_nodes, split.counts.total()) << "position " << i;
      }
    }
  }
}

// Eight threads (oversubscribed on small machines, which only makes the
// interleavings more varied), splits from the table layer's first nodes:
// every window's answer agrees with the sequential search's. Exact scores
// must be equal; a fail-soft bound may differ, but not which side of the
// window it falls on.
void ExpectSameAnswersWithManyThreads(const SearchFeatures& features, std::uint64_t seed,
                                      int positions) {
  std::mt19937_64 rng(seed);
  auto shared_table = MakeTable(1);  // reused: stale entries must not hurt
  auto plain_table = MakeTable(1);
  positions = testing::InputsForThisBuild(positions);
  for (int i = 0; i < positions; ++i) {
    const Board board = RandomPosition(rng, 10 + i % 7);
    plain_table->Clear();
    const int exact = SequentialSearch(board, -65, 65, plain_table.get(), features).score;
    const Outcome full =
        ParallelSearch(board, -65, 65, shared_table.get(), 8, search::kTTMinEmpties, features);
    ASSERT_FALSE(full.stopped);
    ASSERT_EQ(full.score, exact) << "position " << i;
    ASSERT_EQ(full.shared_nodes, full.counts.total()) << "position " << i;
    const int windows[][2] = {{exact - 1, exact}, {exact, exact + 1}, {exact - 4, exact + 2}};
    for (const auto& w : windows) {
      const Outcome got =
          ParallelSearch(board, w[0], w[1], shared_table.get(), 8, search::kTTMinEmpties,
                         features);
      ASSERT_FALSE(got.stopped);
      if (exact <= w[0]) {
        ASSERT_LE(got.score, w[0]) << "position " << i << ", window " << w[0];
        ASSERT_GE(got.score, exact) << "position " << i << ", window " << w[0];
      } else if (exact >= w[1]) {
        ASSERT_GE(got.score, w[1]) << "position " << i << ", window " << w[0];
        ASSERT_LE(got.score, exact) << "position " << i << ", window " << w[0];
      } else {
        ASSERT_EQ(got.score, exact) << "position " << i << ", window " << w[0];
      }
      ASSERT_EQ(got.shared_nodes, got.counts.total()) << "position " << i;
    }
  }
}

TEST(ParallelSearchTest, ManyThreadsGiveTheSequentialAnswers) {
  ExpectSameAnswersWithManyThreads(SearchFeatures{}, 7, 300);
}

TEST(ParallelSearchTest, ManyThreadsWithKillersAndHistoryGiveTheSequentialAnswers) {
  ExpectSameAnswersWithManyThreads(WithKillersAndHistory(), 8, 150);
}

// The root of an exact pass whose window holds one score, (g - 1, g + 1),
// and the PV nodes below it, whose windows hold one score too, split before
// their eldest brother at 8 threads and start the younger ones at the guess
// (SplitPolicy::SplitsAtGuess). Guesses at the score, one and two off it on
// either side: the answer lies on the sequential search's side of the
// window, an exact one is the score and names a move that reaches it, a
// fail-high bound names a move that reaches the bound, and the counts add
// up. Above the score the root's eldest always falls short of the guess,
// and every younger brother whose bound is the guess is searched again from
// the window's lower edge (in this test some 250 times, at the root and at
// PV nodes from ply 1 to 9).
TEST(ParallelSearchTest, RootGuessingOneScoreGivesTheSequentialAnswers) {
  std::mt19937_64 rng(2026);
  auto table = MakeTable(1);
  auto plain_table = MakeTable(1);
  const int positions = testing::InputsForThisBuild(120);
  for (int i = 0; i < positions; ++i) {
    const Board board = RandomPosition(rng, 12 + i % 5);
    if (board.Moves() == 0) continue;  // the root of a pass has no brothers
    plain_table->Clear();
    const int exact = SequentialSearch(board, -65, 65, plain_table.get()).score;
    for (const int guess : {exact, exact + 1, exact - 1, exact + 2, exact - 2}) {
      if (guess <= -kNumSquares || guess >= kNumSquares) continue;
      const int alpha = guess - 1;
      const int beta = guess + 1;
      search::SearchConfig config = search::SearchConfig::Sequential({}, {});
      config.threads = 8;
      config.policy = search::SplitPolicy::For(search::SplitPolicy::Kind::kManyCore, 8,
                                               search::kTTMinEmpties);
      ASSERT_TRUE(config.policy.SplitsAtGuess(search::NodeClass::kRoot, /*selective=*/false));
      search::SharedSearch shared(table.get(), config);
      search::Searcher searcher(&shared);
      search::Searcher::RootOutcome got;
      search::RunWithThreads(8, [&] {
        got = searcher.SearchRoot(board, alpha, beta, nullptr, absl::Now());
      });
      searcher.CheckLimits();
      ASSERT_FALSE(searcher.stopped());
      ASSERT_EQ(shared.nodes.load(), searcher.counts().total()) << "position " << i;
      const std::string where =
          "position " + std::to_string(i) + ", guess " + std::to_string(guess);
      ASSERT_GE(got.best_move, 0) << where;
      ASSERT_LT(got.best_move, kNumSquares) << where;
      ASSERT_NE(board.Moves() & SquareBit(got.best_move), 0u) << where;
      plain_table->Clear();
      const int move_value = -SequentialSearch(board.Play(got.best_move), -65, 65,
                                               plain_table.get()).score;
      if (exact <= alpha) {
        ASSERT_LE(got.score, alpha) << where;
        ASSERT_GE(got.score, exact) << where;
      } else if (exact >= beta) {
        ASSERT_GE(got.score, beta) << where;
        ASSERT_LE(got.score, exact) << where;
        ASSERT_GE(move_value, got.score) << where;
      } else {
        ASSERT_EQ(got.score, exact) << where;
        ASSERT_EQ(move_value, exact) << where;
      }
    }
  }
}

// A node limit stops every searcher; the counts of the stopped tasks still
// add up, and a later search on the same table is exact.
TEST(ParallelSearchTest, NodeLimitStopsAllTasksAndCountsAddUp) {
  std::mt19937_64 rng(40);
  auto table = MakeTable(1);
  int stops = 0;
  const int positions = testing::InputsForThisBuild(20);
  for (int i = 0; i < positions; ++i) {
    const Board board = RandomPosition(rng, 18);
    search::Limits limits;
    limits.node_limit = 5000 + 3000 * static_cast<std::uint64_t>(i);
    const Outcome stopped =
        ParallelSearch(board, -65, 65, table.get(), 4, search::kTTMinEmpties, {}, limits);
    EXPECT_EQ(stopped.shared_nodes, stopped.counts.total());
    if (stopped.stopped) {
      ++stops;
      EXPECT_GE(stopped.counts.total(), limits.node_limit);
    }
    const Outcome full = ParallelSearch(board, -65, 65, table.get(), 4, search::kTTMinEmpties);
    auto plain_table = MakeTable(1);
    EXPECT_EQ(full.score, SequentialSearch(board, -65, 65, plain_table.get()).score);
  }
  EXPECT_GE(stops, positions / 2);  // the limit checks above are not vacuous
}

}  // namespace
}  // namespace endsolve
