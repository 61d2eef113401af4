// The stress harness's power to find torn reads. This file builds its own
// variant of the table: the shipped Probe and Store compiled with NoSeqlock,
// so that slot words are still atomic one by one but no version guards them,
// and a probe can read the board of one store and the data word of another.
// The harness, in exactly the stress test's setup, must catch that for every
// scheme; if it ever stops doing so, this test fails, since the clean stress
// test would then prove nothing. Not run under TSan.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/hashtable/transposition_table_impl.h"
#include "tests/hashtable/tt_test_peer.h"
#include "tests/hashtable/tt_test_util.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

// The per-field design of Stockfish-style tables, which the notes warn
// about: no version at all. Probes never check, stores never lock; the slot
// words stay atomic, so the broken table has torn reads but no data races.
struct NoSeqlock {
  static std::uint64_t ReadBegin(const std::atomic<std::uint64_t>&) { return 0; }
  static bool ReadUnchanged(const std::atomic<std::uint64_t>&, std::uint64_t) { return true; }
  static bool TryLock(std::atomic<std::uint64_t>&, std::uint64_t* held) {
    *held = 0;
    return true;
  }
  static void Unlock(std::atomic<std::uint64_t>&, std::uint64_t) {}
};

// The test peer's tiny table, with Probe and Store swapped for NoSeqlock's.
class BrokenTable : public TranspositionTableTestPeer {
 public:
  static absl::StatusOr<std::unique_ptr<TranspositionTable>> Create(
      std::size_t bytes, int shards, ReplacementScheme scheme) {
    auto table = CreateWithBytes(bytes, shards, scheme);
    if (table.ok()) UseLock<NoSeqlock>(**table);
    return table;
  }
};

using enum ReplacementScheme;

// Rounds of the stress harness tried before giving up. A torn read needs a
// probe to run between two word stores of a store on another core, or a
// writer to be preempted mid-store, so how many rounds it takes depends on
// how much true parallelism the machine grants: on an idle 2-core machine
// one round (8 threads x 200,000 operations) nearly always suffices; on one
// loaded by parallel builds it took up to 33. The bound only keeps a harness
// that has lost its power from looping forever (1000 rounds take about a
// minute).
constexpr int kMaxRounds = 1000;

class BrokenTableTest : public ::testing::TestWithParam<ReplacementScheme> {};

TEST_P(BrokenTableTest, StressHarnessCatchesTornReads) {
  auto table = BrokenTable::Create(kContendedBytes, kContendedShards, GetParam());
  ASSERT_TRUE(table.ok()) << table.status();
  StressOptions options = ContendedStressOptions();
  std::uint64_t wrong = 0;
  int rounds = 0;
  while (wrong == 0 && rounds < kMaxRounds) {
    options.seed = std::uint64_t(++rounds);
    wrong += RunStress(**table, options).wrong_hits;
  }
  EXPECT_GT(wrong, 0u) << "the stress harness did not catch a table without its seqlock "
                       << "in " << rounds << " rounds";
  std::printf("%s: broken table caught after %d round(s): %llu wrong hits\n",
              std::string(SchemeName(GetParam())).c_str(), rounds,
              static_cast<unsigned long long>(wrong));
}

std::string SchemeParamName(const ::testing::TestParamInfo<ReplacementScheme>& p) {
  return std::string(SchemeName(p.param));
}

INSTANTIATE_TEST_SUITE_P(AllSchemes, BrokenTableTest,
                         ::testing::Values(kDeep, kNew, kOld, kBig1, kBigAll, kTwoDeep,
                                           kTwoBig1, kTwoBigAll),
                         SchemeParamName);

}  // namespace
}  // namespace endsolve
