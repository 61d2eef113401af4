// Many threads on a table of a few buckets: every hit must carry exactly the
// data stored for its board (DataFor), whatever the interleaving, and the
// counters must add up to the calls made. CI runs this under ThreadSanitizer
// too (label "tsan"), which checks that every shared access is atomic.
#include <string>

#include "endsolve/hashtable/transposition_table.h"
#include "tests/hashtable/tt_test_peer.h"
#include "tests/hashtable/tt_test_util.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

std::string SchemeParamName(const ::testing::TestParamInfo<ReplacementScheme>& p) {
  return std::string(SchemeName(p.param));
}

using enum ReplacementScheme;

class StressTest : public ::testing::TestWithParam<ReplacementScheme> {};

TEST_P(StressTest, EveryHitCarriesTheDataOfItsBoard) {
  auto table = TranspositionTableTestPeer::CreateWithBytes(kContendedBytes, kContendedShards,
                                                           GetParam());
  ASSERT_TRUE(table.ok()) << table.status();
  const StressOptions options = ContendedStressOptions();
  const StressResult r = RunStress(**table, options);

  EXPECT_EQ(r.wrong_hits, 0u);
  // The harness must exercise what it claims: many hits, many stores.
  EXPECT_GT(r.hits, r.probes / 20);
  const TTStats s = (*table)->Stats();
  EXPECT_EQ(s.probes, r.probes);
  EXPECT_EQ(s.hits, r.hits);
  EXPECT_EQ(s.stores, r.stores);
  EXPECT_EQ(r.probes + r.stores, std::uint64_t(options.threads) * options.ops_per_thread);
  EXPECT_LE(s.updates + s.replacements + s.rejections, s.stores);
  EXPECT_LE(s.occupied, s.capacity);
}

INSTANTIATE_TEST_SUITE_P(AllSchemes, StressTest,
                         ::testing::Values(kDeep, kNew, kOld, kBig1, kBigAll, kTwoDeep,
                                           kTwoBig1, kTwoBigAll),
                         SchemeParamName);

// A real-sized table with many shards: the shard selection under threads.
TEST(StressTest, ShardedTableUnderManyThreads) {
  auto table = TranspositionTable::Create({.size_mib = 1, .shards = 64, .statistics = true});
  ASSERT_TRUE(table.ok()) << table.status();
  StressOptions options;
  options.threads = 12;
  options.pool = 100'000;
  options.ops_per_thread = 50'000;
  const StressResult r = RunStress(**table, options);
  EXPECT_EQ(r.wrong_hits, 0u);
  EXPECT_GT(r.hits, 0u);
  EXPECT_EQ((*table)->Stats().probes, r.probes);
}

}  // namespace
}  // namespace endsolve
