// The fast rules the search calls against board/'s portable ones, which
// stay the oracle, on random positions of every stage of the game.
#include "endsolve/board/fast_rules.h"

#include <random>
#include <vector>

#include "tests/board/reference_rules.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

// Random positions from random games, plus random disc soups (which reach
// shapes no game does, such as full edges with holes).
std::vector<Board> Boards() {
  std::vector<Board> boards;
  std::mt19937_64 rng(20240601);
  for (int plies = 1; plies <= 59; ++plies) {
    for (int i = 0; i < 40; ++i) boards.push_back(reference::RandomPosition(rng, plies));
  }
  for (int i = 0; i < 3000; ++i) {
    const Bitboard occupied = (rng() & rng()) | rng();
    const Bitboard player = occupied & rng();
    boards.push_back({player, occupied & ~player});
  }
  return boards;
}

TEST(FastRulesTest, FlipsMatchBoardOnEverySquare) {
  for (const Board& b : Boards()) {
    for (int sq = 0; sq < kNumSquares; ++sq) {
      if (!(b.Empties() & SquareBit(sq))) continue;
      ASSERT_EQ(fast::Flips(b.player, b.opponent, sq), Flips(b.player, b.opponent, sq))
          << "player " << b.player << " opponent " << b.opponent << " square " << sq;
      ASSERT_EQ(fast::CountFlips(b.player, b.opponent, sq),
                PopCount(Flips(b.player, b.opponent, sq)));
    }
  }
}

TEST(FastRulesTest, MovesMatchBoard) {
  for (const Board& b : Boards()) {
    ASSERT_EQ(fast::Moves(b.player, b.opponent), LegalMoves(b.player, b.opponent))
        << "player " << b.player << " opponent " << b.opponent;
    ASSERT_EQ(fast::Moves(b.opponent, b.player), LegalMoves(b.opponent, b.player));
  }
}

TEST(FastRulesTest, PotentialMobilityCountsEmptyNeighboursOfOpponentDiscs) {
  for (const Board& b : Boards()) {
    int expected = 0;
    for (int sq = 0; sq < kNumSquares; ++sq) {
      if (!(b.Empties() & SquareBit(sq))) continue;
      bool next_to_opponent = false;
      for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
          const int r = Row(sq) + dr, c = Column(sq) + dc;
          if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8 &&
              (b.opponent & SquareBit(r * 8 + c))) {
            next_to_opponent = true;
          }
        }
      }
      expected += next_to_opponent;
    }
    ASSERT_EQ(fast::PotentialMobility(b.opponent, b.Empties()), expected);
  }
}

// The CPU check must never turn away the machine the build was made for:
// every extension the build's flags let the compiler use is one this CPU
// has (the tests run where they were built). A CPU without them is
// tests/board/cpu_check_test.sh's case, under an emulator.
TEST(CpuCheckTest, TheBuildMachineLacksNothingTheBuildUses) {
  EXPECT_STREQ(fast::MissingCpuFeatures(), "");
}

}  // namespace
}  // namespace endsolve
