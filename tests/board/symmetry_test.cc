#include "endsolve/board/symmetry.h"

#include <random>
#include <set>

#include "endsolve/positions/position_io.h"
#include "tests/board/reference_rules.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

// The image of (row, column) under symmetry s, computed by coordinates: the
// oracle for the bit tricks of symmetry.cc.
int ReferenceSquare(int square, int s) {
  int r = Row(square), c = Column(square);
  if (s & 1) c = 7 - c;
  if (s & 2) r = 7 - r;
  if (s & 4) std::swap(r, c);
  return r * 8 + c;
}

TEST(SymmetryTest, SquaresMatchCoordinateArithmetic) {
  for (int s = 0; s < kNumSymmetries; ++s)
    for (int sq = 0; sq < 64; ++sq)
      EXPECT_EQ(TransformSquare(sq, s), ReferenceSquare(sq, s)) << s << " " << sq;
}

TEST(SymmetryTest, EightDistinctImagesOfAnAsymmetricSet) {
  std::set<Bitboard> images;
  const Bitboard b = SquareBit(1) | SquareBit(2) | SquareBit(10);  // B1 C1 C2
  for (int s = 0; s < kNumSymmetries; ++s) images.insert(Transform(b, s));
  EXPECT_EQ(images.size(), 8u);
}

TEST(SymmetryTest, RulesCommuteWithSymmetries) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 2000; ++i) {
    const Board b = reference::RandomPosition(rng, static_cast<int>(rng() % 60));
    const Board canonical = Canonical(b);
    for (int s = 0; s < kNumSymmetries; ++s) {
      const Board t = Transform(b, s);
      ASSERT_EQ(t.Moves(), Transform(b.Moves(), s));
      ASSERT_EQ(t.FinalScore(), b.FinalScore());
      ASSERT_EQ(Canonical(t), canonical);
    }
  }
}

TEST(SymmetryTest, KeysForgetTheOrientationButNotTheSideToMove) {
  // FFO #1 (14 empties).
  const Board board =
      ParsePositionText("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X", "t")
          ->board;
  for (int s = 0; s < kNumSymmetries; ++s) EXPECT_EQ(KeyOf(Transform(board, s)), KeyOf(board)) << s;
  // Colours swapped with the side to move: the same position for the solver.
  const Board swapped =
      ParsePositionText("--OOOOO--XXXOO-X-XXXOOXO-XOXOXOOXOOOXOOO--OXOXOO-OOOXXX--XXXXX-- O", "t")
          ->board;
  EXPECT_EQ(KeyOf(swapped), KeyOf(board));
  EXPECT_NE(KeyOf(board.Pass()), KeyOf(board));
}

TEST(SymmetryTest, SymmetryBetweenFindsTheImageAndMapsTheMoves) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 500; ++i) {
    const Board b = reference::RandomPosition(rng, static_cast<int>(rng() % 60));
    for (int s = 0; s < kNumSymmetries; ++s) {
      const Board image = Transform(b, s);
      const int found = SymmetryBetween(b, image);
      ASSERT_GE(found, 0);
      ASSERT_EQ(Transform(b, found), image);  // s itself when b has no symmetry of its own
      for (Bitboard moves = b.Moves(); moves;) {
        const int move = PopFirstSquare(moves);
        ASSERT_TRUE(image.Moves() & SquareBit(TransformSquare(move, found)));
      }
    }
    // Transforms keep the disc counts, so swapping unequal colours leaves no image.
    if (PopCount(b.player) != PopCount(b.opponent)) {
      ASSERT_EQ(SymmetryBetween(b, b.Pass()), -1);
    }
  }
}

}  // namespace
}  // namespace endsolve
