// batch/follow.h: a file read as another program appends to it: whole lines
// only, numbered and identified as a read of the whole file would, until its
// end line or until nobody has touched it for a while.
#include "endsolve/batch/follow.h"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "tests/cli/batch_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::batch {
namespace {

using ::endsolve::testing::TempFolder;
using ::testing::StartsWith;

constexpr char kFirst[] =
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n";
constexpr char kSecond[] =
    "-XXXXXX---XOOOO-XOXXOOX-OOOXXOOXOOXXOXXXOOOOOOX---OOOOX----XXX-- X\n";

TEST(FollowTest, LinesComeAsTheyAreCompletedNumberedAsInTheWholeFile) {
  const TempFolder folder("follow_lines");
  const std::string path = folder / "units.obf";
  testing::WriteFile(path, std::string(kFirst) + "% a comment\n");
  FollowedInput input(path, absl::Seconds(60));
  std::vector<std::string> warnings;
  std::vector<BatchItem> items = input.ReadNew(&warnings).value();
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].line, 1);
  EXPECT_EQ(items[0].position->line, 1);

  // A bad line, then a line still being written: only the bad one comes,
  // named by the file's line.
  testing::WriteFile(path, std::string(kFirst) + "% a comment\nnot a board\n" +
                               std::string(kSecond).substr(0, 30));
  items = input.ReadNew(&warnings).value();
  ASSERT_EQ(items.size(), 1u);
  const std::string bad_id = items[0].id;
  EXPECT_FALSE(items[0].ok());
  EXPECT_EQ(items[0].line, 3);
  EXPECT_THAT(items[0].error, StartsWith(path + ":3:"));

  // The rest of it, the end line, and a line after it that nobody reads.
  testing::WriteFile(path, std::string(kFirst) + "% a comment\nnot a board\n" + kSecond +
                               "% end\n" + kFirst);
  items = input.ReadNew(&warnings).value();
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].line, 4);
  EXPECT_TRUE(input.ended());
  EXPECT_TRUE(input.ReadNew(&warnings).value().empty());

  // The ids are those of a read of the whole file.
  testing::WriteFile(path, std::string(kFirst) + "% a comment\nnot a board\n" + kSecond);
  const BatchInput whole = LoadBatchInput({path}).value();
  ASSERT_EQ(whole.items.size(), 3u);
  EXPECT_EQ(whole.items[1].id, bad_id);
  EXPECT_EQ(whole.items[2].id, items[0].id);
}

TEST(FollowTest, AWaitEndsWhenTheFileGrowsAndAFileNobodyTouchesEnds) {
  const TempFolder folder("follow_wait");
  const std::string path = folder / "units.obf";
  testing::WriteFile(path, "");
  // A writer alive for a minute: the wait ends by the file's growth alone,
  // however slowly this machine runs.
  FollowedInput input(path, absl::Seconds(60));
  std::vector<std::string> warnings;
  EXPECT_TRUE(input.ReadNew(&warnings).value().empty());
  std::thread writer([&] {
    absl::SleepFor(absl::Milliseconds(50));
    testing::WriteFile(path, kFirst);
  });
  const std::atomic<bool> never{false};
  input.Wait(never);
  writer.join();
  EXPECT_FALSE(input.ended());
  EXPECT_EQ(input.ReadNew(&warnings).value().size(), 1u);
  // A file nobody touches for longer than its quiet time ends the wait,
  // and the input.
  FollowedInput left(path, absl::Milliseconds(100));
  EXPECT_EQ(left.ReadNew(&warnings).value().size(), 1u);
  ASSERT_TRUE(Touch(path).ok());
  left.Wait(never);
  EXPECT_TRUE(left.ended());
  EXPECT_TRUE(left.ReadNew(&warnings).value().empty());
}

TEST(FollowTest, TheEndLineIsAppendedOnceAndOnItsOwnLine) {
  const TempFolder folder("follow_end");
  const std::string path = folder / "units.obf";
  testing::WriteFile(path, std::string(kFirst) + "--XX");  // a torn last line
  ASSERT_TRUE(EndFollowedFile(path).ok());
  ASSERT_TRUE(EndFollowedFile(path).ok());
  EXPECT_EQ(testing::ReadFile(path), std::string(kFirst) + "--XX\n% end\n");
  EXPECT_THAT(EndFollowedFile(folder / "none.obf").message(),
              StartsWith(folder / "none.obf" + ": cannot open it"));
}

}  // namespace
}  // namespace endsolve::batch
