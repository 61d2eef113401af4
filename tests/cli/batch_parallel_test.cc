// The README's GNU parallel recipe, run for real: scripts/batch-parallel on
// this machine ("-S 2/:", two job slots, no ssh), three shards, then the
// merge; the merged results must equal one unsharded batch.
#include <filesystem>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/cli/batch_test_util.h"
#include "tests/cli/run_command.h"

namespace endsolve::testing {
namespace {

using ::testing::HasSubstr;

const std::string kBinary = ENDSOLVE_BINARY;
const std::string kSource = ENDSOLVE_SOURCE_DIR;

TEST(BatchParallelTest, ThreeShardsOnTwoLocalSlotsMergeToTheWholeBatch) {
  ASSERT_EQ(RunCommand("command -v parallel").exit_status, 0)
      << "GNU parallel is not installed; scripts/setup installs it (package 'parallel')";
  const std::string dir = ::testing::TempDir() + "/batch_parallel";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(kSource + "/ffo/fforum-1-19.obf", dir + "/fforum-1-19.obf");
  WriteFile(dir + "/random.obf", ObfText(RandomPositions(30, 12, 16, /*seed=*/7)));
  const std::string in_dir = "cd '" + dir + "' && ";

  const CommandOutput r = RunCommand(in_dir + "ENDSOLVE='" + kBinary + "' '" + kSource +
                                     "/scripts/batch-parallel' -S 2/: -n 3 -o out "
                                     "fforum-1-19.obf random.obf -- --hash-mb 16");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  for (int k = 1; k <= 3; ++k) {
    const std::string tag = "shard " + std::to_string(k) + "/3\t";
    EXPECT_THAT(r.out, HasSubstr(tag + "out/shard-" + std::to_string(k) + "-of-3.jsonl: "));
    for (const auto& [id, j] : ResultsById(dir + "/out/shard-" + std::to_string(k) + "-of-3.jsonl")) {
      EXPECT_EQ(j["shard"], std::to_string(k) + "/3") << id;
    }
  }
  EXPECT_THAT(r.out, HasSubstr("merged 3 files into out/merged.jsonl: 49 positions"));
  EXPECT_THAT(r.out, HasSubstr("complete: every input position has a result"));

  const CommandOutput whole = RunCommand(in_dir + "'" + kBinary +
                                         "' batch fforum-1-19.obf random.obf --hash-mb 16 "
                                         "--out whole.jsonl");
  ASSERT_EQ(whole.exit_status, 0) << whole.err;
  auto without_shard = [](std::map<std::string, nlohmann::json> records) {
    for (auto& [id, j] : records) j.erase("shard");
    return records;
  };
  // No repeated positions here, so every record is a real solve and equal
  // to the unsharded one in everything but the time and the shard.
  EXPECT_EQ(without_shard(ResultsById(dir + "/out/merged.jsonl")),
            without_shard(ResultsById(dir + "/whole.jsonl")));
}

}  // namespace
}  // namespace endsolve::testing
