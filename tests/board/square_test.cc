#include <array>

#include "endsolve/board/bitboard.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

TEST(SquareTest, NamesRoundTrip) {
  for (int s = 0; s < 64; ++s) {
    EXPECT_EQ(ParseSquare(SquareName(s)), s);
  }
  EXPECT_EQ(SquareName(0), "A1");
  EXPECT_EQ(SquareName(63), "H8");
  EXPECT_EQ(SquareName(kPass), "PS");
  EXPECT_EQ(SquareName(kNoMove), "--");
}

TEST(SquareTest, AcceptsLowerCaseAndRejectsJunk) {
  EXPECT_EQ(ParseSquare("h8"), 63);
  EXPECT_EQ(ParseSquare("b1"), 1);
  EXPECT_EQ(ParseSquare("i1"), std::nullopt);
  EXPECT_EQ(ParseSquare("a9"), std::nullopt);
  EXPECT_EQ(ParseSquare("a"), std::nullopt);
  EXPECT_EQ(ParseSquare("a10"), std::nullopt);
  EXPECT_EQ(ParseSquare("PS"), std::nullopt);
}

// The square classes the move orderings fall back on: the 4 corners, the
// 4 X squares (B2, G2, B7, G7) and 8 C squares (B1, A2, G1, H2, A7, B8,
// H7, G8) by name, and BySquareClass splits any set into corners, the rest,
// then X and C squares, losing and repeating nothing.
TEST(SquareTest, SquareClassesAreNamedAndPartitionEverySet) {
  Bitboard corners = 0, x_squares = 0, c_squares = 0;
  for (const char* name : {"A1", "H1", "A8", "H8"}) corners |= SquareBit(*ParseSquare(name));
  for (const char* name : {"B2", "G2", "B7", "G7"}) x_squares |= SquareBit(*ParseSquare(name));
  for (const char* name : {"B1", "A2", "G1", "H2", "A7", "B8", "H7", "G8"}) {
    c_squares |= SquareBit(*ParseSquare(name));
  }
  EXPECT_EQ(kCorners, corners);
  EXPECT_EQ(kXSquares, x_squares);
  EXPECT_EQ(kCSquares, c_squares);
  const std::array<Bitboard, 3> all = BySquareClass(~Bitboard{0});
  EXPECT_EQ(all[0], corners);
  EXPECT_EQ(PopCount(all[1]), 64 - 16);
  EXPECT_EQ(all[2], x_squares | c_squares);
  Bitboard some = 0;
  for (const char* name : {"A1", "B1", "B2", "D3", "E5", "G7", "H8"}) {
    some |= SquareBit(*ParseSquare(name));
  }
  const std::array<Bitboard, 3> split = BySquareClass(some);
  EXPECT_EQ(split[0], SquareBit(*ParseSquare("A1")) | SquareBit(*ParseSquare("H8")));
  EXPECT_EQ(split[1], SquareBit(*ParseSquare("D3")) | SquareBit(*ParseSquare("E5")));
  EXPECT_EQ(split[2], SquareBit(*ParseSquare("B1")) | SquareBit(*ParseSquare("B2")) |
                          SquareBit(*ParseSquare("G7")));
}

}  // namespace
}  // namespace endsolve
