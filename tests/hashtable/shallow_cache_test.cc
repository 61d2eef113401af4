// The table-less layer's cache (hashtable/shallow_cache.h): what a slot
// answers for which window after which results, and that it never answers
// for a position other than the one it holds.
#include "endsolve/hashtable/shallow_cache.h"

#include "gtest/gtest.h"

namespace endsolve {
namespace {

constexpr Bitboard kPlayer = 0x0000'0010'0800'0000ULL;
constexpr Bitboard kOpponent = 0x0000'0008'1000'0000ULL;

// What the slot of (kPlayer, kOpponent) answers for the window (alpha,
// beta): the score, or kNoAnswer.
constexpr int kNoAnswer = 999;
int Ask(ShallowCache& cache, int alpha, int beta) {
  int score = 0;
  const bool answers =
      ShallowCache::Answers(cache.At(kPlayer, kOpponent), kPlayer, kOpponent, alpha, beta, &score);
  return answers ? score : kNoAnswer;
}

void Tell(ShallowCache& cache, int alpha, int beta, int score) {
  ShallowCache::Record(cache.At(kPlayer, kOpponent), kPlayer, kOpponent, alpha, beta, score);
}

TEST(ShallowCacheTest, ANewCacheAnswersNothing) {
  ShallowCache cache;
  EXPECT_EQ(Ask(cache, -1, 0), kNoAnswer);
  EXPECT_EQ(Ask(cache, -65, 65), kNoAnswer);
  // Every slot starts on the empty board, which no search reaches, with
  // bounds true of every position.
  const ShallowCache::Slot& slot = cache.At(kPlayer, kOpponent);
  EXPECT_EQ(slot.player | slot.opponent, 0u);
  EXPECT_EQ(slot.lower, -64);
  EXPECT_EQ(slot.upper, 64);
}

// A search that failed high proved a lower bound: it settles any window at
// or below it, and no window above.
TEST(ShallowCacheTest, AFailHighAnswersTheWindowsItsLowerBoundSettles) {
  ShallowCache cache;
  Tell(cache, 3, 4, 10);  // value >= 10
  EXPECT_EQ(Ask(cache, 3, 4), 10);
  EXPECT_EQ(Ask(cache, 9, 10), 10);
  EXPECT_EQ(Ask(cache, -65, 10), 10);
  EXPECT_EQ(Ask(cache, 10, 11), kNoAnswer);
  EXPECT_EQ(Ask(cache, -65, 65), kNoAnswer);
}

TEST(ShallowCacheTest, AFailLowAnswersTheWindowsItsUpperBoundSettles) {
  ShallowCache cache;
  Tell(cache, 3, 4, -6);  // value <= -6
  EXPECT_EQ(Ask(cache, 3, 4), -6);
  EXPECT_EQ(Ask(cache, -6, -5), -6);
  EXPECT_EQ(Ask(cache, -6, 65), -6);
  EXPECT_EQ(Ask(cache, -7, -6), kNoAnswer);
}

TEST(ShallowCacheTest, AScoreInsideTheWindowIsExactForEveryWindow) {
  ShallowCache cache;
  Tell(cache, -65, 65, 12);
  EXPECT_EQ(Ask(cache, -65, 65), 12);
  EXPECT_EQ(Ask(cache, 20, 21), 12);
  EXPECT_EQ(Ask(cache, -30, -29), 12);
}

// Two bounds on the same position narrow it; when they meet it is exact.
TEST(ShallowCacheTest, BoundsOfTheSamePositionMerge) {
  ShallowCache cache;
  Tell(cache, 1, 2, 4);   // value >= 4
  Tell(cache, 9, 10, 8);  // value <= 8
  EXPECT_EQ(Ask(cache, 3, 4), 4);
  EXPECT_EQ(Ask(cache, 8, 9), 8);
  EXPECT_EQ(Ask(cache, 5, 6), kNoAnswer);
  Tell(cache, 7, 8, 6);  // value <= 6
  Tell(cache, 5, 6, 6);  // value >= 6
  EXPECT_EQ(Ask(cache, 5, 6), 6);
  EXPECT_EQ(Ask(cache, -65, 65), 6);
}

// A cache of two slots: among a hundred positions some share a slot. A
// position never takes another's bounds, and the last one recorded in a
// slot is the one it answers for.
TEST(ShallowCacheTest, APositionNeverTakesAnothersBounds) {
  ShallowCache cache(1);
  int collisions = 0;
  for (int i = 1; i <= 100; ++i) {
    const Bitboard player = kPlayer | (Bitboard{1} << (i % 64)) << 1;
    const Bitboard opponent = kOpponent ^ static_cast<Bitboard>(i) << 40;
    ShallowCache::Slot& slot = cache.At(player, opponent);
    int score = 0;
    if (slot.player != 0) {
      ++collisions;
      const Bitboard other_player = slot.player;
      const Bitboard other_opponent = slot.opponent;
      ASSERT_FALSE(ShallowCache::Answers(slot, player, opponent, -65, 65, &score)) << i;
      ShallowCache::Record(slot, player, opponent, -65, 65, i % 64);
      EXPECT_FALSE(
          ShallowCache::Answers(slot, other_player, other_opponent, -65, 65, &score))
          << i;
    } else {
      ShallowCache::Record(slot, player, opponent, -65, 65, i % 64);
    }
    ASSERT_TRUE(ShallowCache::Answers(slot, player, opponent, -65, 65, &score)) << i;
    EXPECT_EQ(score, i % 64);
  }
  EXPECT_GE(collisions, 90);
}

}  // namespace
}  // namespace endsolve
