// Solve() against the plain alpha-beta oracle on random endgames, with
// several move-ordering and cutoff combinations, exact, WLD and windowed;
// the principal variation; stopping; and a shared table.
//
// The oracle checks a claimed exact score s with the window (s - 1, s + 1):
// a fail-soft alpha-beta returns s there only if s is the true score, and
// the narrow window makes the check about four times cheaper than a full
// solve. The best move is checked the same way on the child position.
#include "endsolve/solver/solver.h"

#include <memory>
#include <random>

#include "endsolve/positions/position_io.h"
#include "endsolve/solver/presearch.h"
#include "endsolve/solver/search.h"
#include "tests/solver/oracle.h"
#include "tests/solver/random_check.h"
#include "tests/solver/test_table.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using testing::MakeTable;
using testing::CheckRandomPositions;
using testing::FeatureSets;
using testing::OracleScore;
using testing::OracleSearch;
using testing::PlayOut;
using testing::RandomPosition;

// 2,115 positions in all: many small ones, fewer where the oracle is slow
// (each empty square more costs it about four times the time).
TEST(SolverRandomTest, TenEmpties) { CheckRandomPositions(10, 1100, 10); }
TEST(SolverRandomTest, ElevenEmpties) { CheckRandomPositions(11, 550, 11); }
TEST(SolverRandomTest, TwelveEmpties) { CheckRandomPositions(12, 300, 12); }
TEST(SolverRandomTest, ThirteenEmpties) { CheckRandomPositions(13, 120, 13); }
TEST(SolverRandomTest, FourteenEmpties) { CheckRandomPositions(14, 40, 14); }
TEST(SolverRandomTest, FifteenEmpties) { CheckRandomPositions(15, 3, 15); }
TEST(SolverRandomTest, SixteenEmpties) { CheckRandomPositions(16, 2, 16); }

// Positions below the table layer and at the edges of the game: few
// empties, passes, finished games.
TEST(SolverRandomTest, SmallEndgamesMatchTheFullOracle) {
  std::mt19937_64 rng(5);
  auto table = MakeTable(1);
  const std::vector<SearchFeatures> sets = FeatureSets();
  for (int empties = 1; empties <= 9; ++empties) {
    for (int i = 0; i < 200; ++i) {
      const Board board = RandomPosition(rng, empties);
      SolveOptions options;
      options.tt = table.get();
      options.features = sets[i % sets.size()];
      const SolveResult result = Solve(board, options).value();
      ASSERT_EQ(result.score, OracleScore(board)) << empties << " empties, position " << i;
      ASSERT_EQ(PlayOut(board, result.pv), result.score);
    }
  }
}

TEST(SolverTest, GameOverAtTheRoot) {
  const Bitboard black = 0x00000000FFFFFFFFULL;
  const Board full{black, ~black};
  SolveOptions options;
  options.table.size_mib = 1;
  const SolveResult result = Solve(full, options).value();
  EXPECT_EQ(result.score, 0);
  EXPECT_EQ(result.best_move, kNoMove);
  EXPECT_TRUE(result.pv.empty());
  EXPECT_EQ(result.nodes.leaves, 1u);
  EXPECT_EQ(result.nodes.internal, 0u);
  // Game over with empties left: they go to the winner.
  const Board wiped{SquareBit(0) | SquareBit(1), 0};
  EXPECT_EQ(Solve(wiped, options).value().score, 64);
  EXPECT_EQ(Solve(wiped.Pass(), options).value().score, -64);
}

TEST(SolverTest, ForcedPassAtTheRootIsTheBestMove) {
  std::mt19937_64 rng(99);
  int found = 0;
  for (int i = 0; i < 20000 && found < 20; ++i) {
    const Board board = RandomPosition(rng, 8 + i % 6);
    if (board.Moves() != 0) continue;
    ++found;
    SolveOptions options;
    options.table.size_mib = 1;
    const SolveResult result = Solve(board, options).value();
    EXPECT_EQ(result.best_move, kPass);
    ASSERT_FALSE(result.pv.empty());
    EXPECT_EQ(result.pv.front(), kPass);
    EXPECT_EQ(result.score, OracleScore(board));
    EXPECT_EQ(PlayOut(board, result.pv), result.score);
  }
  EXPECT_EQ(found, 20);
}

TEST(SolverTest, InvalidOptionsAreReported) {
  const Board board = Board::Initial();
  SolveOptions options;
  options.lo = 10;
  options.hi = 5;
  EXPECT_EQ(Solve(board, options).status().message(),
            "window [10, 5]: expected -64 <= lo <= hi <= 64");
  options = SolveOptions{};
  options.threads = 0;
  EXPECT_EQ(Solve(board, options).status().message(), "threads 0: expected 1..1024");
  options.threads = 1025;
  EXPECT_EQ(Solve(board, options).status().message(), "threads 1025: expected 1..1024");
  options = SolveOptions{};
  options.split_min_empties = 8;
  EXPECT_EQ(Solve(board, options).status().message(),
            "split-min-empties: expected 0 (the default) or 9..64, found 8");
  options.split_min_empties = 65;
  EXPECT_EQ(Solve(board, options).status().message(),
            "split-min-empties: expected 0 (the default) or 9..64, found 65");
  options = SolveOptions{};
  options.presearch_min_empties = -1;
  EXPECT_EQ(Solve(board, options).status().message(),
            "presearch-min-empties: expected 0 (the default) to 64, found -1");
  options.presearch_min_empties = 65;
  EXPECT_EQ(Solve(board, options).status().message(),
            "presearch-min-empties: expected 0 (the default) to 64, found 65");
  options = SolveOptions{};
  options.features.killers = 33;
  EXPECT_EQ(Solve(board, options).status().message(), "killers 33: expected 0..32");
  options = SolveOptions{};
  options.table.size_mib = 0;
  EXPECT_EQ(Solve(board, options).status().message(), "transposition table size must be at least 1 MiB");
  EXPECT_TRUE(ValidateOptions(SolveOptions{}).ok());
}

// More empty squares than max_empties (36 by default) is refused before
// any search, by Solve and by the estimate's selective passes: a position
// pasted to see what it does would otherwise start a search of days.
TEST(SolverTest, MoreThanMaxEmptiesIsRefused) {
  const Board initial = Board::Initial();
  SolveOptions options;
  options.table.size_mib = 1;
  const absl::StatusOr<SolveResult> refused = Solve(initial, options);
  EXPECT_TRUE(absl::IsInvalidArgument(refused.status()));
  EXPECT_EQ(refused.status().message(),
            "60 empty squares, more than the limit of 36: an exact solve of so many may take "
            "days; raise the limit (max empties, up to 60) to solve it anyway");
  EXPECT_EQ(EstimateScore(initial, options, 1).status().message(), refused.status().message());
  // The presearch's guess alone is a bounded evaluation search.
  EXPECT_TRUE(EstimateScore(initial, options, 0).ok());
  // A node limit does not lift it; a higher limit does.
  options.node_limit = 1000;
  EXPECT_FALSE(Solve(initial, options).ok());
  options.max_empties = 60;
  EXPECT_TRUE(Solve(initial, options).value().stopped);
  options.max_empties = 61;
  EXPECT_EQ(Solve(initial, options).status().message(),
            "max empties 61: expected a number of empty squares from 0 to 60");
}

// --- Shared table and progress ----------------------------------------------

TEST(SolverTest, SharedTableGivesTheSameResultsWithFewerNodes) {
  std::mt19937_64 rng(404);
  auto table = MakeTable(16);
  for (int i = 0; i < 10; ++i) {
    const Board board = RandomPosition(rng, 14);
    SolveOptions options;
    options.tt = table.get();
    const SolveResult first = Solve(board, options).value();
    const SolveResult second = Solve(board, options).value();
    ASSERT_EQ(OracleSearch(board, first.score - 1, first.score + 1), first.score);
    ASSERT_EQ(first.score, second.score);
    ASSERT_EQ(PlayOut(board, second.pv), second.score);
    const Board child = board.Play(second.best_move);
    ASSERT_EQ(-OracleSearch(child, -first.score - 1, -first.score + 1), first.score);
    EXPECT_LT(second.nodes.total(), first.nodes.total());
  }
}

// A solve uses the part of its table that its search can fill (settings.h,
// TableBytesFor), so that a small solve faults in a few pages of a large
// table: 4 MiB of 256 at 14 empties, with the oracle's score, and the whole
// table from 20 empties, as before.
TEST(SolverTest, ASolveUsesThePartOfTheTableItsEmptiesCanFill) {
  auto table = MakeTable(256);
  const std::size_t whole = table->used_bytes();
  EXPECT_EQ(whole, table->Stats().capacity / 2 * 64);
  std::mt19937_64 rng(405);
  SolveOptions options;
  options.tt = table.get();
  const Board small = RandomPosition(rng, 14);
  const SolveResult result = Solve(small, options).value();
  EXPECT_EQ(OracleSearch(small, result.score - 1, result.score + 1), result.score);
  EXPECT_EQ(table->used_bytes(), std::size_t{4} << 20);
  options.node_limit = 1;  // the part is chosen before the search starts
  EXPECT_TRUE(Solve(RandomPosition(rng, 20), options).ok());
  EXPECT_EQ(table->used_bytes(), whole);
}

// The table-less layer's cache (hashtable/shallow_cache.h) answers nodes
// that recur: the same scores and best moves the oracle confirms, in fewer
// nodes than without it (on these 12 positions of 14 empties, each solved
// in a table of its own).
TEST(SolverTest, TheShallowCacheKeepsTheScoresInFewerNodes) {
  std::mt19937_64 rng(2811);
  std::uint64_t with_cache = 0;
  std::uint64_t without_cache = 0;
  for (int i = 0; i < 12; ++i) {
    const Board board = RandomPosition(rng, 14);
    SolveOptions options;
    options.table.size_mib = 4;
    const SolveResult cached = Solve(board, options).value();
    options.features.shallow_cache = false;
    const SolveResult plain = Solve(board, options).value();
    ASSERT_EQ(cached.score, plain.score) << "position " << i;
    ASSERT_EQ(OracleSearch(board, cached.score - 1, cached.score + 1), cached.score)
        << "position " << i;
    ASSERT_EQ(PlayOut(board, cached.pv), cached.score) << "position " << i;
    with_cache += cached.nodes.total();
    without_cache += plain.nodes.total();
  }
  EXPECT_LT(with_cache, without_cache);
}

// Each solve starts with empty caches: solved twice in a cleared table,
// a position visits the same nodes (a cache kept from the first solve
// would answer the second's nodes at once).
TEST(SolverTest, EachSolveStartsWithEmptyShallowCaches) {
  std::mt19937_64 rng(2812);
  auto table = MakeTable(4);
  for (int i = 0; i < 4; ++i) {
    const Board board = RandomPosition(rng, 16);
    SolveOptions options;
    options.tt = table.get();
    const SolveResult first = Solve(board, options).value();
    table->Clear();
    const SolveResult second = Solve(board, options).value();
    table->Clear();
    EXPECT_EQ(second.nodes.internal, first.nodes.internal) << "position " << i;
    EXPECT_EQ(second.nodes.leaves, first.nodes.leaves) << "position " << i;
  }
}

// Reports come in passes over the root moves (one pass without
// aspiration); what they claim as proven must hold. With aspiration the
// presearch reports first, one report per iteration (iteration 0), each
// naming a legal move; then, with or without aspiration, the selective
// passes (iteration 0, their margins in order). Estimates are not proofs
// and are not checked against the score. The presearch is asked for from 1
// empty: by default it runs only from kPresearchMinEmpties, which these
// 14-empty positions are below.
// The presearch runs from presearch_min_empties (by default
// kPresearchMinEmpties) and not below: on small roots it would cost more
// than the solve.
TEST(SolverTest, ThePresearchRunsFromItsEmptiesOn) {
  std::mt19937_64 rng(13);
  const Board board = RandomPosition(rng, 14);
  ASSERT_NE(board.Moves(), 0u);
  SolveOptions options;
  options.table.size_mib = 4;
  static_assert(search::kPresearchMinEmpties > 14);
  const SolveResult by_default = Solve(board, options).value();
  EXPECT_EQ(by_default.presearch_nodes, 0u);
  options.presearch_min_empties = 15;
  EXPECT_EQ(Solve(board, options).value().presearch_nodes, 0u);
  options.presearch_min_empties = 14;
  const SolveResult with = Solve(board, options).value();
  EXPECT_GE(with.presearch_nodes, std::uint64_t{search::kPresearchDepth});
  EXPECT_EQ(with.score, by_default.score);
}

TEST(SolverTest, ProgressReportsAreConsistentWithTheResult) {
  std::mt19937_64 rng(12);
  for (bool aspiration : {true, false}) {
    for (int i = 0; i < 10; ++i) {
      const Board board = RandomPosition(rng, 14);
      std::vector<Progress> reports;
      SolveOptions options;
      options.table.size_mib = 4;
      options.presearch_min_empties = 1;
      options.features.aspiration = aspiration;
      options.on_progress = [&](const Progress& p) { reports.push_back(p); };
      const SolveResult result = Solve(board, options).value();
      ASSERT_FALSE(reports.empty());
      const int moves = PopCount(board.Moves());
      std::size_t first_exact = 0;
      std::uint64_t presearch_nodes = 0;
      while (first_exact < reports.size() && reports[first_exact].presearch_depth > 0) {
        const Progress& p = reports[first_exact++];
        EXPECT_EQ(p.iteration, 0);
        EXPECT_EQ(p.presearch_depth, static_cast<int>(first_exact));
        if (board.Moves() != 0) {
          EXPECT_NE(board.Moves() & SquareBit(p.best_move), 0u);
        } else {
          EXPECT_EQ(p.best_move, kPass);
        }
        EXPECT_GT(p.nodes, presearch_nodes);
        presearch_nodes = p.nodes;
      }
      EXPECT_EQ(first_exact, aspiration ? std::size_t{search::kPresearchDepth} : 0u);
      EXPECT_EQ(result.presearch_nodes, presearch_nodes);
      // Then the selective passes, widest margin first, each over every root
      // move at least once (MTD(f) may search the root more than once).
      int level = 0;
      std::uint64_t nodes = 0;
      while (first_exact < reports.size() && reports[first_exact].iteration == 0) {
        const Progress& p = reports[first_exact++];
        EXPECT_EQ(p.presearch_depth, 0);
        while (level < search::kExactLevel - 1 && p.margin != search::kProbCutMargin[level]) {
          ++level;
        }
        EXPECT_EQ(p.margin, search::kProbCutMargin[level]);
        EXPECT_NE(board.Moves() & SquareBit(p.best_move), 0u);
        EXPECT_EQ(p.root_moves_total, moves);
        EXPECT_GE(p.nodes, nodes);
        nodes = p.nodes;
      }
      EXPECT_EQ(level, search::kExactLevel - 1);
      int iteration = 0, done = 0, bound = -64, upper = 64;
      for (std::size_t r = first_exact; r < reports.size(); ++r) {
        const Progress& p = reports[r];
        EXPECT_GE(p.iteration, 1);
        if (p.iteration != iteration) {
          // Each exact pass reports as it starts, no root move done.
          EXPECT_EQ(p.iteration, iteration + 1);
          EXPECT_EQ(p.root_moves_done, 0);
          iteration = p.iteration;
          done = 0;
        } else {
          EXPECT_EQ(p.root_moves_done, done + 1);
          done = p.root_moves_done;
        }
        EXPECT_EQ(p.root_moves_total, moves);
        EXPECT_GE(p.bound, bound);
        EXPECT_LE(p.upper, upper);
        bound = p.bound;
        upper = p.upper;
        EXPECT_LE(p.bound, result.score);
        EXPECT_GE(p.upper, result.score);
      }
      if (!aspiration) {
        EXPECT_EQ(iteration, 1);
      }
      EXPECT_EQ(reports.back().bound, result.score);
      EXPECT_EQ(reports.back().best_move, result.best_move);
    }
  }
}

// What a selective pass leaves in the table carries a lower draft than an
// exact search needs (solver/search.h), so the exact passes never take its
// bounds. Plant false bounds (the side to move wins 64-0) on every child
// and grandchild of a position, at each selective draft: the solve stays
// exact. Planted at the exact draft, the same entries change the score,
// which shows that the search does probe them.
TEST(SolverTest, SelectiveBoundsNeverDecideAnExactScore) {
  std::mt19937_64 rng(31);
  const Board board = RandomPosition(rng, search::kProbCutMinEmpties + 2);
  SolveOptions options;
  options.features.selective = false;
  options.table.size_mib = 4;
  const int score = Solve(board, options).value().score;
  ASSERT_EQ(OracleSearch(board, score - 1, score + 1), score);
  ASSERT_NE(score, -64);
  auto plant = [&board](TranspositionTable& table, int level) {
    for (Bitboard moves = board.Moves(); moves != 0;) {
      const Board child = board.Play(PopFirstSquare(moves));
      TTData lie{.lower = 64, .upper = 64, .move = kNoMove, .move2 = kNoMove};
      lie.draft = static_cast<std::uint8_t>(search::Draft(child.EmptyCount(), level));
      table.Store(child, lie, 1);
      for (Bitboard replies = child.Moves(); replies != 0;) {
        const Board grandchild = child.Play(PopFirstSquare(replies));
        lie.draft = static_cast<std::uint8_t>(search::Draft(grandchild.EmptyCount(), level));
        table.Store(grandchild, lie, 1);
      }
    }
  };
  for (int level = 0; level <= search::kExactLevel; ++level) {
    for (bool selective : {true, false}) {
      auto table = MakeTable(4);
      plant(*table, level);
      options.features.selective = selective;
      options.tt = table.get();
      const absl::StatusOr<SolveResult> result = Solve(board, options);
      if (level < search::kExactLevel) {
        ASSERT_TRUE(result.ok()) << result.status();
        EXPECT_EQ(result->score, score) << "level " << level << ", selective " << selective;
      } else {
        // Lies at the exact draft are believed: the score changes, or the
        // principal variation finds no line that keeps the false score and
        // Solve says so (Internal) instead of answering.
        EXPECT_TRUE(result.ok() ? result->score != score : absl::IsInternal(result.status()))
            << "selective " << selective << ": " << result.status();
      }
    }
  }
}

// SolveEach clears its table before every solve, so each result equals the
// solve of its position alone in a fresh table (nodes included); it hears
// of each start and result in order, and a raised cancel starts nothing.
TEST(SolveEachTest, EachResultIsThePositionsAlone) {
  const ReadResult read = ParsePositions(
      "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\n"
      "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X; A4:+10;\n",
      "each.obf");
  ASSERT_EQ(read.positions.size(), 2u);
  SolveOptions options;
  options.threads = 1;
  options.table.size_mib = 1;
  std::vector<int> started;
  std::vector<SolveResult> results;
  absl::StatusOr<int> finished = SolveEach(
      read.positions, options, [&](int i) { started.push_back(i); },
      [&](int i, const SolveResult& r) {
        EXPECT_EQ(i, static_cast<int>(results.size()));
        results.push_back(r);
      });
  ASSERT_TRUE(finished.ok()) << finished.status();
  EXPECT_EQ(*finished, 2);
  EXPECT_EQ(started, (std::vector<int>{0, 1}));
  ASSERT_EQ(results.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const SolveResult alone = Solve(read.positions[i].board, options).value();
    EXPECT_EQ(results[i].score, alone.score);
    EXPECT_EQ(results[i].nodes.total(), alone.nodes.total());
  }
  EXPECT_EQ(results[0].score, 18);
  EXPECT_EQ(results[1].score, 10);

  std::atomic<bool> cancel = true;
  options.cancel = &cancel;
  finished = SolveEach(read.positions, options, [&](int) { ADD_FAILURE() << "started"; }, {});
  ASSERT_TRUE(finished.ok());
  EXPECT_EQ(*finished, 0);
}

}  // namespace
}  // namespace endsolve
