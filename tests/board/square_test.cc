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

}  // namespace
}  // namespace endsolve
