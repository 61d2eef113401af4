// The scheduler recipes of docs/batch-and-clusters.md, run for real on this machine: the GNU
// parallel one ("-S 2/:", two job slots, no ssh) with three shards, then the
// merge, whose results must equal one unsharded batch; and the Slurm array
// script, its tasks run one by one with the variables Slurm would set.
#include <filesystem>
#include <string>

#include "tests/cli/batch_test_util.h"
#include "tests/cli/run_command.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::testing {
namespace {

using ::testing::HasSubstr;

const std::string kBinary = ENDSOLVE_BINARY;
const std::string kSource = ENDSOLVE_SOURCE_DIR;

TEST(BatchScriptsTest, ThreeShardsOnTwoLocalSlotsMergeToTheWholeBatch) {
  ASSERT_EQ(RunCommand("command -v parallel").exit_status, 0)
      << "GNU parallel is not installed; scripts/setup installs it (package 'parallel')";
  const TempFolder folder("batch_parallel");
  const std::string dir = folder.path();
  std::filesystem::copy_file(kSource + "/ffo/fforum-1-19.obf", dir + "/fforum-1-19.obf");
  WriteFile(dir + "/random.obf", ObfText(RandomPositions(30, 12, 16, /*seed=*/7)));
  const std::string in_dir = "cd '" + dir + "' && ";

  const CommandOutput r = RunCommand(in_dir + "ENDSOLVE='" + kBinary + "' '" + kSource +
                                     "/scripts/batch-parallel' -S 2/: -n 3 -o out "
                                     "fforum-1-19.obf random.obf -- --hash-mb 16 --threads 1");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  for (int k = 1; k <= 3; ++k) {
    const std::string tag = "shard " + std::to_string(k) + "/3\t";
    EXPECT_THAT(r.out, HasSubstr(tag + "out/shard-" + std::to_string(k) + "-of-3.jsonl: "));
    for (const auto& [id, j] :
         ResultsById(dir + "/out/shard-" + std::to_string(k) + "-of-3.jsonl")) {
      EXPECT_EQ(j["shard"], std::to_string(k) + "/3") << id;
    }
  }
  EXPECT_THAT(r.out, HasSubstr("merged 3 files into out/merged.jsonl: 49 positions"));
  EXPECT_THAT(r.out, HasSubstr("complete: every input position has a result"));

  const CommandOutput whole = RunCommand(in_dir + "'" + kBinary +
                                         "' batch fforum-1-19.obf random.obf --hash-mb 16 --threads 1 "
                                         "--out whole.jsonl");
  ASSERT_EQ(whole.exit_status, 0) << whole.err;
  auto without_shard = [](std::map<std::string, nlohmann::json> records) {
    for (auto& [id, j] : records) j.erase("shard");
    return records;
  };
  // One thread each, so that the node counts are deterministic. No
  // repeated positions here, so every record is a real solve and equal
  // to the unsharded one in everything but the time and the shard.
  EXPECT_EQ(without_shard(ResultsById(dir + "/out/merged.jsonl")),
            without_shard(ResultsById(dir + "/whole.jsonl")));
}

TEST(BatchScriptsTest, TheSlurmArrayScriptRunsShardKOfTheArraySize) {
  const TempFolder folder("batch_slurm");
  const std::string dir = folder.path();
  std::filesystem::copy_file(kSource + "/ffo/fforum-1-19.obf", dir + "/fforum-1-19.obf");
  const std::string in_dir = "cd '" + dir + "' && ";
  for (int k = 1; k <= 3; ++k) {
    const CommandOutput r =
        RunCommand(in_dir + "SLURM_ARRAY_TASK_ID=" + std::to_string(k) +
                   " SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=3 SLURM_CPUS_PER_TASK=1"
                   " INPUTS=fforum-1-19.obf OUT_DIR=out BATCH_OPTIONS='--hash-mb 16' ENDSOLVE='" +
                   kBinary + "' bash '" + kSource + "/scripts/slurm-batch.sbatch'");
    ASSERT_EQ(r.exit_status, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr(" in shard " + std::to_string(k) + "/3: "));
  }
  const CommandOutput merge =
      RunCommand(in_dir + "'" + kBinary +
                 "' merge out/shard-1-of-3.jsonl out/shard-2-of-3.jsonl "
                 "out/shard-3-of-3.jsonl --out merged.jsonl --input fforum-1-19.obf");
  EXPECT_EQ(merge.exit_status, 0) << merge.out;
  EXPECT_THAT(merge.out, HasSubstr("merged 3 files into merged.jsonl: 19 positions"));
  // An array not numbered from 1 would leave shard N unsolved: refused.
  const CommandOutput bad =
      RunCommand(in_dir +
                 "SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=3"
                 " INPUTS=fforum-1-19.obf ENDSOLVE='" +
                 kBinary + "' bash '" + kSource + "/scripts/slurm-batch.sbatch'");
  EXPECT_EQ(bad.exit_status, 2);
  EXPECT_THAT(bad.err, HasSubstr("number the array from 1"));
}

}  // namespace
}  // namespace endsolve::testing
