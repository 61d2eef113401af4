#include "endsolve/board/perft.h"

#include "gtest/gtest.h"

namespace endsolve {
namespace {

// Leaves from the initial position, a pass using one ply and a finished game
// counting as a leaf (the published perft figures of Othello).
constexpr std::uint64_t kLeaves[] = {1,       4,        12,        56,         244,       1396,
                                     8200,    55092,    390216,    3005288,    24571284,  212258800};

// A naive recursion that visits every child, to pin down the internal-node
// count that bulk counting must reproduce.
void NaiveCount(const Board& b, int depth, NodeCounts& c) {
  if (depth == 0 || b.IsGameOver()) {
    ++c.leaves;
    return;
  }
  ++c.internal;
  Bitboard moves = b.Moves();
  if (!moves) return NaiveCount(b.Pass(), depth - 1, c);
  while (moves) NaiveCount(b.Play(PopFirstSquare(moves)), depth - 1, c);
}

TEST(PerftTest, ShallowDepthsMatchANaiveWalk) {
  for (int d = 0; d <= 7; ++d) {
    NodeCounts naive;
    NaiveCount(Board::Initial(), d, naive);
    const NodeCounts fast = Perft(Board::Initial(), d);
    EXPECT_EQ(fast.leaves, naive.leaves) << d;
    EXPECT_EQ(fast.internal, naive.internal) << d;
    EXPECT_EQ(fast.leaves, kLeaves[d]) << d;
  }
}

// Internal nodes are the leaves of the depth above plus the internal nodes
// above, minus the games that ended early; at these depths no game has ended,
// so internal(d) = sum of leaves(0..d-1).
TEST(PerftTest, InternalNodesAreTheShallowerLeaves) {
  std::uint64_t sum = 0;
  for (int d = 1; d <= 9; ++d) {
    sum += kLeaves[d - 1];
    EXPECT_EQ(Perft(Board::Initial(), d).internal, sum) << d;
  }
}

class PerftDepthTest : public testing::TestWithParam<int> {};

TEST_P(PerftDepthTest, LeavesMatchTheKnownCounts) {
  const int depth = GetParam();
  EXPECT_EQ(Perft(Board::Initial(), depth).leaves, kLeaves[depth]);
}

INSTANTIATE_TEST_SUITE_P(Depths1To11, PerftDepthTest, testing::Range(1, 12));

TEST(PerftTest, AFinishedGameIsALeafAtAnyDepth) {
  const Board over{SquareBit(0), SquareBit(63)};  // A1 against H8: nobody moves
  EXPECT_EQ(Perft(over, 3).leaves, 1u);
  EXPECT_EQ(Perft(over, 3).internal, 0u);
}

TEST(PerftTest, APassUsesOnePly) {
  // The side to move has B1 and cannot move; the opponent's A1 can take C1.
  const Board pass{SquareBit(1), SquareBit(0)};
  ASSERT_EQ(pass.Moves(), 0u);
  ASSERT_NE(pass.OpponentMoves(), 0u);
  const NodeCounts one = Perft(pass, 1);  // the pass itself reaches depth 0
  EXPECT_EQ(one.internal, 1u);
  EXPECT_EQ(one.leaves, 1u);
  const NodeCounts two = Perft(pass, 2);  // the pass, then the opponent's C1
  EXPECT_EQ(two.internal, 2u);
  EXPECT_EQ(two.leaves, 1u);
}

}  // namespace
}  // namespace endsolve
