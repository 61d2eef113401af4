// Positions named on a command line (positions/arguments.h): the ids a
// table, a JSON line and a picture show for them.
#include "endsolve/positions/arguments.h"

#include <fstream>
#include <string>
#include <vector>

#include "endsolve/board/position.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

const std::string kFfo1 =
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

std::vector<std::string> Ids(const std::vector<Position>& positions) {
  std::vector<std::string> ids;
  for (const Position& p : positions) ids.push_back(PositionId(p));
  return ids;
}

// A transcript is named as typed (the spaces users paste between moves left
// out), up to 32 characters; a board and its side, or a longer game, is
// "position N", N its argument's number, files counted.
TEST(PositionId, NamesATypedPositionByWhatWasTyped) {
  const std::string file = ::testing::TempDir() + "/typed-ids.obf";
  std::ofstream(file) << kFfo1 << "\n";
  const std::string sixteen_moves = "d3e3f4g5f5f6g6c3f7g7d2c4h6e6c5g4";
  const LoadedPositions loaded =
      LoadPositions({"f5d6c3", " F5 d6\tc3 ", kFfo1, file, sixteen_moves, sixteen_moves + "b3"});
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front();
  EXPECT_THAT(Ids(loaded.positions),
              ::testing::ElementsAre("f5d6c3", "F5d6c3", "position 3", file + ":1", sixteen_moves,
                                     "position 6"));
  // What --range counts is unchanged: the place in the input.
  EXPECT_EQ(SelectRange(loaded.positions, "2").value().size(), 1u);
  EXPECT_EQ(PositionId(SelectRange(loaded.positions, "2").value().front()), "F5d6c3");
}

// A name a caller gives a position without a file stands; without one, and
// without a line, it is "position".
TEST(PositionId, KeepsACallersNameAndHasNoArgAnywhere) {
  Position initial;
  initial.label = "initial position";
  EXPECT_EQ(PositionId(initial), "initial position");
  EXPECT_EQ(PositionId(Position{}), "position");
  Position ffo;
  ffo.label = "#40";
  ffo.file = "ffo/fforum-40-59.obf";
  ffo.line = 1;
  EXPECT_EQ(PositionId(ffo), "#40");
}

// A position that does not parse is still named by its argument's number in
// its error, as the command line counts them.
TEST(PositionId, ErrorsStillCountArguments) {
  const LoadedPositions loaded = LoadPositions({"f5d6c3", "f5d6z9"});
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_THAT(loaded.errors.front().message(), ::testing::StartsWith("argument 2, column 5: "));
}

}  // namespace
}  // namespace endsolve
