// The FFO endgame suite: every position must come out with the exact score
// of the .obf answers and a best move that the answers list with that score
// (several moves can tie). #40-#44 are the first of the classic hard ones;
// the solver takes seconds for them, so they run in the normal suite too.
#include "tests/solver/ffo_check.h"

#include "gtest/gtest.h"

namespace endsolve {
namespace {

TEST(FfoTest, Positions1To19) { testing::CheckFfoFile("fforum-1-19.obf", 1, 19); }
TEST(FfoTest, Positions20To39) {
  testing::CheckFfoFile("fforum-20-39.obf", 20, testing::LastForThisBuild(20, 39));
}
TEST(FfoTest, Positions40To44) {
  testing::CheckFfoFile("fforum-40-59.obf", 40, testing::LastForThisBuild(40, 44));
}

}  // namespace
}  // namespace endsolve
