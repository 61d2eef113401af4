// StableDiscs must never call a disc stable that some sequence of moves can
// flip. Checked exhaustively over every continuation of small endgames, and
// along random games from earlier positions; plus hand-made cases that pin
// down what it must find.
#include "endsolve/solver/stability.h"

#include <random>

#include "tests/solver/oracle.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

// Fails if any disc of `black_stable` (absolute colours: `black` are the
// black discs) is not black in some position reachable from `board`;
// `black_to_move` says whose turn it is.
void ExpectStaysBlack(const Board& board, bool black_to_move, Bitboard black_stable,
                      Bitboard white_stable, int* visited) {
  ++*visited;
  const Bitboard black = black_to_move ? board.player : board.opponent;
  const Bitboard white = black_to_move ? board.opponent : board.player;
  ASSERT_EQ(black & black_stable, black_stable);
  ASSERT_EQ(white & white_stable, white_stable);
  Bitboard moves = board.Moves();
  if (moves == 0) {
    if (board.OpponentMoves() != 0) {
      ExpectStaysBlack(board.Pass(), !black_to_move, black_stable, white_stable, visited);
    }
    return;
  }
  while (moves != 0) {
    ExpectStaysBlack(board.Play(PopFirstSquare(moves)), !black_to_move, black_stable,
                     white_stable, visited);
  }
}

TEST(StabilityTest, EveryStableDiscSurvivesEveryContinuation) {
  std::mt19937_64 rng(77);
  int positions_with_stable = 0;
  for (int i = 0; i < 300; ++i) {
    const Board board = testing::RandomPosition(rng, 4 + i % 5);
    const Bitboard own = StableDiscs(board.player, board.opponent);
    const Bitboard theirs = StableDiscs(board.opponent, board.player);
    ASSERT_EQ(own & ~board.player, 0u);
    ASSERT_EQ(theirs & ~board.opponent, 0u);
    positions_with_stable += (own | theirs) != 0;
    int visited = 0;
    ExpectStaysBlack(board, true, own, theirs, &visited);
  }
  EXPECT_GT(positions_with_stable, 250);  // the check is not vacuous
}

TEST(StabilityTest, StableDiscsSurviveRandomGames) {
  std::mt19937_64 rng(78);
  for (int i = 0; i < 400; ++i) {
    const Board start = testing::RandomPosition(rng, 10 + i % 40);
    const Bitboard own = StableDiscs(start.player, start.opponent);
    const Bitboard theirs = StableDiscs(start.opponent, start.player);
    for (int game = 0; game < 20; ++game) {
      Board board = start;
      bool start_side = true;  // the side to move at `start` is to move
      for (;;) {
        const Bitboard mine = start_side ? board.player : board.opponent;
        const Bitboard other = start_side ? board.opponent : board.player;
        ASSERT_EQ(mine & own, own);
        ASSERT_EQ(other & theirs, theirs);
        Bitboard moves = board.Moves();
        if (moves == 0) {
          if (board.OpponentMoves() == 0) break;
          board = board.Pass();
        } else {
          int pick = static_cast<int>(rng() % static_cast<std::uint64_t>(PopCount(moves)));
          int square = PopFirstSquare(moves);
          while (pick-- > 0) square = PopFirstSquare(moves);
          board = board.Play(square);
        }
        start_side = !start_side;
      }
    }
  }
}

TEST(StabilityTest, FindsCornersFullBoardsAndAnchoredEdges) {
  // Nothing is stable at the start.
  const Board initial = Board::Initial();
  EXPECT_EQ(StableDiscs(initial.player, initial.opponent), 0u);
  // A lone corner disc is stable.
  EXPECT_EQ(StableDiscs(SquareBit(0), SquareBit(9)), SquareBit(0));
  // On a full board every disc is stable.
  const Bitboard half = 0x00000000FFFFFFFFULL;
  EXPECT_EQ(StableDiscs(half, ~half), half);
  EXPECT_EQ(StableDiscs(~half, half), ~half);
  // A run of discs from a corner along the edge (A1-D1) is stable, but an
  // edge run without an anchor (C8-E8 between empties) is not.
  const Bitboard anchored = 0x0FULL;
  const Bitboard loose = SquareBit(58) | SquareBit(59) | SquareBit(60);
  EXPECT_EQ(StableDiscs(anchored | loose, SquareBit(27) | SquareBit(36)), anchored);
  // An inner disc whose four lines are full is stable (the B2-G7 diagonal
  // row 2 is full, column B full, both diagonals through B2 full).
  const Bitboard row2 = 0xFF00ULL, column_b = 0x0202020202020202ULL;
  const Bitboard diagonals = SquareBit(0) | SquareBit(18) | SquareBit(27) | SquareBit(36) |
                             SquareBit(45) | SquareBit(54) | SquareBit(63) | SquareBit(2) |
                             SquareBit(16);
  const Bitboard filled = row2 | column_b | diagonals;
  const Bitboard b2 = SquareBit(9);
  EXPECT_EQ(StableDiscs(b2, filled & ~b2) & b2, b2);
}

}  // namespace
}  // namespace endsolve
