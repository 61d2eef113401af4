// Solve() against the plain alpha-beta oracle on random endgames, with
// several move-ordering and cutoff combinations, exact, WLD and windowed;
// the principal variation; stopping; and a shared table.
//
// The oracle checks a claimed exact score s with the window (s - 1, s + 1):
// a fail-soft alpha-beta returns s there only if s is the true score, and
// the narrow window makes the check about four times cheaper than a full
// solve. The best move is checked the same way on the child position.
#include "solver/solver.h"

#include <memory>
#include <random>

#include "gtest/gtest.h"
#include "tests/solver/oracle.h"

namespace endsolve {
namespace {

using testing::OracleScore;
using testing::OracleSearch;
using testing::PlayOut;
using testing::RandomPosition;

std::unique_ptr<TranspositionTable> MakeTable(std::size_t mib = 2) {
  TTOptions options;
  options.size_mib = mib;
  auto table = TranspositionTable::Create(options);
  EXPECT_TRUE(table.ok()) << table.status();
  return *std::move(table);
}

// The feature combinations the random tests rotate through: the defaults,
// everything off, and mixes that switch on what the defaults leave off.
std::vector<SearchFeatures> FeatureSets() {
  std::vector<SearchFeatures> sets;
  sets.push_back(SearchFeatures{});
  SearchFeatures none;
  none.tt_move = false;
  none.killers = 0;
  none.history = false;
  none.fastest_first = false;
  none.parity = false;
  none.etc = false;
  none.stability = false;
  none.aspiration = false;
  sets.push_back(none);
  SearchFeatures killers_history;
  killers_history.killers = 4;
  killers_history.history = true;
  sets.push_back(killers_history);
  SearchFeatures no_fastest_first;
  no_fastest_first.fastest_first = false;
  no_fastest_first.killers = 32;
  no_fastest_first.history = true;
  no_fastest_first.tt_move = false;
  sets.push_back(no_fastest_first);
  SearchFeatures no_cutoffs;
  no_cutoffs.etc = false;
  no_cutoffs.stability = false;
  no_cutoffs.parity = false;
  no_cutoffs.killers = 1;
  no_cutoffs.aspiration = false;
  sets.push_back(no_cutoffs);
  return sets;
}

// Exact solve, checked by the oracle; then either a WLD solve or a window
// solve (alternating), checked against the exact score.
void CheckPosition(const Board& board, const SearchFeatures& features, int index,
                   TranspositionTable* table) {
  SolveOptions options;
  options.tt = table;
  options.features = features;
  const SolveResult exact = Solve(board, options);
  ASSERT_TRUE(exact.status.ok()) << exact.status;
  ASSERT_FALSE(exact.stopped);
  ASSERT_EQ(exact.kind, ScoreKind::kExact);
  const int score = exact.score;
  ASSERT_EQ(OracleSearch(board, score - 1, score + 1), score)
      << "position " << index << ": solver says " << score << ", oracle " << OracleScore(board);
  ASSERT_FALSE(exact.pv.empty());
  ASSERT_EQ(exact.pv.front(), exact.best_move);
  const Board child = exact.best_move == kPass ? board.Pass() : board.Play(exact.best_move);
  ASSERT_EQ(-OracleSearch(child, -score - 1, -score + 1), score)
      << "position " << index << ": best move " << SquareName(exact.best_move) << " is not best";
  ASSERT_EQ(PlayOut(board, exact.pv), score) << "position " << index;
  ASSERT_GT(exact.nodes.internal, 0u);
  ASSERT_GT(exact.nodes.leaves, 0u);

  options.tt->Clear();
  if (index % 2 == 0) {
    options.wld = true;
    const SolveResult wld = Solve(board, options);
    const int sign = (score > 0) - (score < 0);
    ASSERT_EQ(wld.score, sign) << "position " << index;
    ASSERT_EQ(wld.kind, sign > 0 ? ScoreKind::kLower : sign < 0 ? ScoreKind::kUpper
                                                                : ScoreKind::kExact);
    const int final_score = PlayOut(board, wld.pv);
    ASSERT_EQ((final_score > 0) - (final_score < 0), sign) << "position " << index;
  } else {
    // A window of width 0..8 placed below, around or above the score.
    const int width = index % 9;
    const int offset = (index / 2) % 3 - 1;  // -1: window above the score
    const int lo = std::clamp(score - width / 2 - offset * (width + 2), -64, 64);
    const int hi = std::clamp(lo + width, -64, 64);
    options.lo = lo;
    options.hi = hi;
    const SolveResult windowed = Solve(board, options);
    ASSERT_TRUE(windowed.status.ok()) << windowed.status;
    const int final_score = PlayOut(board, windowed.pv);
    if (score < lo) {
      ASSERT_EQ(windowed.kind, ScoreKind::kUpper) << "[" << lo << "," << hi << "] " << score;
      ASSERT_GE(windowed.score, score);
      ASSERT_LT(windowed.score, lo);
      ASSERT_LE(final_score, windowed.score);
    } else if (score > hi) {
      ASSERT_EQ(windowed.kind, ScoreKind::kLower) << "[" << lo << "," << hi << "] " << score;
      ASSERT_LE(windowed.score, score);
      ASSERT_GT(windowed.score, hi);
      ASSERT_GE(final_score, windowed.score);
    } else {
      ASSERT_EQ(windowed.kind, ScoreKind::kExact) << "[" << lo << "," << hi << "] " << score;
      ASSERT_EQ(windowed.score, score);
      ASSERT_EQ(final_score, score);
    }
  }
  options.tt->Clear();
}

// 2,115 positions in all: many small ones, fewer where the oracle is slow
// (each empty square more costs it about four times the time).
void CheckRandomPositions(int empties, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const std::vector<SearchFeatures> sets = FeatureSets();
  auto table = MakeTable();
  for (int i = 0; i < count; ++i) {
    const Board board = RandomPosition(rng, empties);
    ASSERT_NO_FATAL_FAILURE(CheckPosition(board, sets[i % sets.size()], i, table.get()))
        << empties << " empties, position " << i;
  }
}

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
      const SolveResult result = Solve(board, options);
      ASSERT_EQ(result.score, OracleScore(board)) << empties << " empties, position " << i;
      ASSERT_EQ(PlayOut(board, result.pv), result.score);
    }
  }
}

TEST(SolverTest, GameOverAtTheRoot) {
  const Bitboard black = 0x00000000FFFFFFFFULL;
  const Board full{black, ~black};
  SolveOptions options;
  options.hash_mib = 1;
  const SolveResult result = Solve(full, options);
  EXPECT_EQ(result.score, 0);
  EXPECT_EQ(result.best_move, kNoMove);
  EXPECT_TRUE(result.pv.empty());
  EXPECT_EQ(result.nodes.leaves, 1u);
  EXPECT_EQ(result.nodes.internal, 0u);
  // Game over with empties left: they go to the winner.
  const Board wiped{SquareBit(0) | SquareBit(1), 0};
  EXPECT_EQ(Solve(wiped, options).score, 64);
  EXPECT_EQ(Solve(wiped.Pass(), options).score, -64);
}

TEST(SolverTest, ForcedPassAtTheRootIsTheBestMove) {
  std::mt19937_64 rng(99);
  int found = 0;
  for (int i = 0; i < 20000 && found < 20; ++i) {
    const Board board = RandomPosition(rng, 8 + i % 6);
    if (board.Moves() != 0) continue;
    ++found;
    SolveOptions options;
    options.hash_mib = 1;
    const SolveResult result = Solve(board, options);
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
  EXPECT_EQ(Solve(board, options).status.message(),
            "window [10, 5]: expected -64 <= lo <= hi <= 64");
  options = SolveOptions{};
  options.threads = 4;
  EXPECT_EQ(Solve(board, options).status.message(),
            "threads 4: only 1 is supported so far (the parallel search is not built yet)");
  options = SolveOptions{};
  options.features.killers = 33;
  EXPECT_EQ(Solve(board, options).status.message(), "killers 33: expected 0..32");
  options = SolveOptions{};
  options.hash_mib = 0;
  EXPECT_EQ(Solve(board, options).status.message(), "hash size 0 MiB: expected at least 1");
  EXPECT_TRUE(ValidateOptions(SolveOptions{}).ok());
}

// --- Shared table and progress ----------------------------------------------

TEST(SolverTest, SharedTableGivesTheSameResultsWithFewerNodes) {
  std::mt19937_64 rng(404);
  auto table = MakeTable(16);
  for (int i = 0; i < 10; ++i) {
    const Board board = RandomPosition(rng, 14);
    SolveOptions options;
    options.tt = table.get();
    const SolveResult first = Solve(board, options);
    const SolveResult second = Solve(board, options);
    ASSERT_EQ(OracleSearch(board, first.score - 1, first.score + 1), first.score);
    ASSERT_EQ(first.score, second.score);
    ASSERT_EQ(PlayOut(board, second.pv), second.score);
    const Board child = board.Play(second.best_move);
    ASSERT_EQ(-OracleSearch(child, -first.score - 1, -first.score + 1), first.score);
    EXPECT_LT(second.nodes.total(), first.nodes.total());
  }
}

// Reports come in passes over the root moves (one pass without
// aspiration); what they claim as proven must hold.
TEST(SolverTest, ProgressReportsAreConsistentWithTheResult) {
  std::mt19937_64 rng(12);
  for (bool aspiration : {true, false}) {
    for (int i = 0; i < 10; ++i) {
      const Board board = RandomPosition(rng, 14);
      std::vector<Progress> reports;
      SolveOptions options;
      options.hash_mib = 4;
      options.features.aspiration = aspiration;
      options.on_progress = [&](const Progress& p) { reports.push_back(p); };
      const SolveResult result = Solve(board, options);
      ASSERT_FALSE(reports.empty());
      const int moves = PopCount(board.Moves());
      int iteration = 0, done = 0, bound = -64, upper = 64;
      for (const Progress& p : reports) {
        if (p.iteration != iteration) {
          EXPECT_EQ(p.iteration, iteration + 1);
          iteration = p.iteration;
          done = 0;
        }
        EXPECT_EQ(p.root_moves_done, done + 1);
        done = p.root_moves_done;
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

}  // namespace
}  // namespace endsolve
