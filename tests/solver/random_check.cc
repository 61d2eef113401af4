#include "tests/solver/random_check.h"

#include <algorithm>
#include <memory>
#include <random>

#include "tests/sanitized_share.h"
#include "tests/solver/oracle.h"
#include "tests/solver/test_table.h"
#include "gtest/gtest.h"

namespace endsolve::testing {

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
  none.shallow_cache = false;
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
  no_cutoffs.shallow_cache = false;
  no_cutoffs.parity = false;
  no_cutoffs.killers = 1;
  no_cutoffs.aspiration = false;
  sets.push_back(no_cutoffs);
  return sets;
}

// Exact solve, checked by the oracle; then either a WLD solve or a window
// solve (alternating), checked against the exact score.
void CheckPosition(const Board& board, const SearchFeatures& features, int index,
                   TranspositionTable* table, const SolveOptions& base) {
  SolveOptions options = base;
  options.wld = false;
  options.lo = -kNumSquares;
  options.hi = kNumSquares;
  options.tt = table;
  options.features = features;
  const absl::StatusOr<SolveResult> exact_or = Solve(board, options);
  ASSERT_TRUE(exact_or.ok()) << exact_or.status();
  const SolveResult& exact = *exact_or;
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
    const SolveResult wld = Solve(board, options).value();
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
    const absl::StatusOr<SolveResult> windowed_or = Solve(board, options);
    ASSERT_TRUE(windowed_or.ok()) << windowed_or.status();
    const SolveResult& windowed = *windowed_or;
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

void CheckRandomPositions(int empties, int count, std::uint64_t seed,
                          const SolveOptions& base) {
  std::mt19937_64 rng(seed);
  const std::vector<SearchFeatures> sets = FeatureSets();
  auto table = MakeTable(2);
  for (int i = 0; i < InputsForThisBuild(count); ++i) {
    const Board board = RandomPosition(rng, empties);
    ASSERT_NO_FATAL_FAILURE(CheckPosition(board, sets[i % sets.size()], i, table.get(), base))
        << empties << " empties, position " << i;
  }
}

}  // namespace endsolve::testing
