// The transposition table single-threaded: creation errors, exact round
// trips, and each replacement scheme's decisions on boards built to collide,
// checked against Breuker's definitions (solver-design.md, section 1) and
// the aging rules of hashtable/README.md.
#include <unistd.h>

#include <bit>
#include <cstdint>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "endsolve/hashtable/transposition_table.h"
#include "tests/hashtable/tt_test_peer.h"
#include "tests/hashtable/tt_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

std::string SchemeParamName(const ::testing::TestParamInfo<ReplacementScheme>& p) {
  return std::string(SchemeName(p.param));
}

using ::testing::HasSubstr;
using Peer = TranspositionTableTestPeer;
using enum ReplacementScheme;

constexpr ReplacementScheme kSchemes[] = {kDeep,    kNew,     kOld,     kBig1,
                                          kBigAll,  kTwoDeep, kTwoBig1, kTwoBigAll};
constexpr ReplacementScheme kTwoLevelSchemes[] = {kTwoDeep, kTwoBig1, kTwoBigAll};

// One shard of 4 lines: one line of counters and 3 buckets.
constexpr std::size_t kTinyBytes = 4 * 64;

std::unique_ptr<TranspositionTable> Tiny(ReplacementScheme scheme) {
  auto table = Peer::CreateWithBytes(kTinyBytes, 1, scheme);
  EXPECT_TRUE(table.ok()) << table.status();
  return *std::move(table);
}

// Data that names its store: `tag` goes into the bounds and moves.
TTData Data(int draft, int tag) {
  TTData d;
  d.lower = std::int8_t(-tag);
  d.upper = std::int8_t(tag);
  d.move = std::uint8_t(tag % 64);
  d.move2 = kNoMove;
  d.draft = std::uint8_t(draft);
  return d;
}

// The tag of the entry found for `board`, or -1 on a miss.
int TagOf(TranspositionTable& table, const Board& board) {
  TTData d;
  return table.Probe(board, &d) ? d.upper : -1;
}

class CollisionTest : public ::testing::Test {
 protected:
  void Make(ReplacementScheme scheme, int boards = 6) {
    table_ = Tiny(scheme);
    std::mt19937_64 rng(42);
    b_ = CollidingBoards(*table_, boards, rng);
  }
  std::unique_ptr<TranspositionTable> table_;
  std::vector<Board> b_;
};

// The resident memory of this process in MiB (/proc/self/statm).
double ResidentMib() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t size = 0, resident = 0;
  statm >> size >> resident;
  EXPECT_TRUE(statm) << "cannot read /proc/self/statm";
  return double(resident) * double(sysconf(_SC_PAGESIZE)) / double(1 << 20);
}

// The machine's physical memory in MiB.
std::size_t PhysicalMib() {
  return std::size_t(sysconf(_SC_PHYS_PAGES)) * std::size_t(sysconf(_SC_PAGESIZE)) >> 20;
}

// ---- names and creation ----------------------------------------------------

TEST(SchemeNameTest, EveryNameRoundTrips) {
  const std::vector<std::string> expected = {"deep",    "new",     "old",     "big1",
                                             "bigall",  "twodeep", "twobig1", "twobigall"};
  for (std::size_t i = 0; i < std::size(kSchemes); ++i) {
    EXPECT_EQ(SchemeName(kSchemes[i]), expected[i]);
    auto parsed = ParseScheme(expected[i]);
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, kSchemes[i]);
  }
}

TEST(SchemeNameTest, UnknownNameListsTheValidOnes) {
  auto parsed = ParseScheme("Deep");
  EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(parsed.status().message(),
            "unknown replacement scheme 'Deep'; valid: deep, new, old, big1, bigall, "
            "twodeep, twobig1, twobigall");
}

TEST(CreateTest, RoundsTheSizeDownToAPowerOfTwo) {
  auto table = TranspositionTable::Create({.size_mib = 3, .shards = 2, .scheme = kBig1});
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_EQ((*table)->size_bytes(), std::size_t{2} << 20);
  EXPECT_EQ((*table)->shards(), 2);
  EXPECT_EQ((*table)->scheme(), kBig1);
}

TEST(CreateTest, CapacityIsTwoSlotsPerBucketAfterTheCounterLines) {
  // 1 MiB = 16384 lines. One shard keeps 16 lines of counter stripes;
  // 16 shards of 1024 lines keep 16 each too (1024 / 64); 8192 shards of 2
  // lines keep one each.
  auto one = TranspositionTable::Create({.size_mib = 1, .shards = 1});
  ASSERT_TRUE(one.ok());
  EXPECT_EQ((*one)->Stats().capacity, 2u * (16384 - 16));
  auto sixteen = TranspositionTable::Create({.size_mib = 1, .shards = 16});
  ASSERT_TRUE(sixteen.ok());
  EXPECT_EQ((*sixteen)->Stats().capacity, 2u * 16 * (1024 - 16));
  auto most = TranspositionTable::Create({.size_mib = 1, .shards = 8192});
  ASSERT_TRUE(most.ok()) << most.status();
  EXPECT_EQ((*most)->Stats().capacity, 2u * 8192);
}

TEST(CreateTest, RejectsShardCountsThatAreNotPowersOfTwo) {
  for (int shards : {0, -4, 3, 12, 1 << 17}) {
    auto table = TranspositionTable::Create({.size_mib = 1, .shards = shards});
    EXPECT_EQ(table.status().code(), absl::StatusCode::kInvalidArgument) << shards;
    EXPECT_EQ(table.status().message(),
              "shards must be a power of two from 1 to 65536, got " + std::to_string(shards));
  }
}

TEST(CreateTest, RejectsMoreShardsThanBuckets) {
  auto table = TranspositionTable::Create({.size_mib = 1, .shards = 16384});
  EXPECT_EQ(table.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(table.status().message(),
              HasSubstr("16384 shards is too many for a table of 16384 buckets"));
}

TEST(CreateTest, RejectsAnEmptyTable) {
  auto table = TranspositionTable::Create({.size_mib = 0});
  EXPECT_EQ(table.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(table.status().message(), "transposition table size must be at least 1 MiB");
}

TEST(CreateTest, MoreMemoryThanTheMachineHasIsAnErrorNotACrash) {
  auto table = TranspositionTable::Create({.size_mib = std::size_t{1} << 30});  // 1 PiB
  EXPECT_EQ(table.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(table.status().message(),
              HasSubstr("transposition table of 1073741824 MiB asked"));
  EXPECT_THAT(table.status().message(), HasSubstr("MiB of physical memory"));

  auto absurd = TranspositionTable::Create({.size_mib = ~std::size_t{0}});
  EXPECT_EQ(absurd.status().code(), absl::StatusCode::kResourceExhausted);
}

// A table fills its pages as the search goes, so one near the machine's
// size would fail hours into a solve; at most half of it is accepted, and
// the refusal says how much the machine has.
TEST(CreateTest, MoreThanHalfTheMachinesMemoryIsRefusedWithTheMachinesSize) {
  const std::size_t physical = PhysicalMib();
  ASSERT_GT(physical, 2u);
  // Rounded down to a power of two, the machine's size is always more than
  // half of it: the Python call hash_mb=20000 on a 24 GiB machine is this.
  const absl::Status refused = ValidateTTOptions({.size_mib = physical});
  EXPECT_EQ(refused.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(refused.message(),
              HasSubstr(absl::StrFormat("transposition table of %d MiB asked (%d MiB after "
                                        "rounding down to a power of two), but a table may "
                                        "take at most 1/2 of the machine's %d MiB of physical "
                                        "memory (%d MiB)",
                                        physical, std::bit_floor(physical), physical,
                                        physical / 2)));
  EXPECT_EQ(TranspositionTable::Create({.size_mib = physical}).status(), refused);
  EXPECT_EQ(ParseSizeMib(std::to_string(physical)).status(), refused);
  // Half of it, rounded down, is accepted.
  EXPECT_TRUE(ValidateTTOptions({.size_mib = physical / 2}).ok());
}

// Making a table touches none of its pages: a small solve with the default
// 256 MiB table pays for the pages it uses, not for the table.
TEST(CreateTest, ANewTableTakesNoMemoryUntilUsed) {
  const double before = ResidentMib();
  auto table = TranspositionTable::Create({.size_mib = 256, .statistics = true});
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_LT(ResidentMib() - before, 8.0);
  EXPECT_EQ((*table)->Stats().occupied, 0u);
}

// Nor does clearing a table without statistics, as every solve of the
// command line does first: its counters were never written.
TEST(CreateTest, ClearingATableWithoutStatisticsTakesNoMemory) {
  const double before = ResidentMib();
  auto table = TranspositionTable::Create({.size_mib = 256});
  ASSERT_TRUE(table.ok()) << table.status();
  (*table)->Clear();
  EXPECT_LT(ResidentMib() - before, 8.0);
}

// UseAtMost: a search uses the first shards, or the first buckets of shard
// 0, and the whole table again at its size or above.
TEST(UseAtMostTest, TakesTheFirstShardsOrTheFirstBucketsOfOne) {
  // 16 MiB in 16 shards: 16384 lines each, 16 of them counters.
  auto table = TranspositionTable::Create({.size_mib = 16, .shards = 16});
  ASSERT_TRUE(table.ok()) << table.status();
  TranspositionTable& t = **table;
  const std::size_t shard = (16384 - 16) * 64;
  EXPECT_EQ(t.used_bytes(), 16 * shard);  // a new table: all of it
  t.UseAtMost(std::size_t{4} << 20);
  EXPECT_EQ(t.used_bytes(), 4 * shard);  // the most whole shards within 4 MiB
  t.UseAtMost(std::size_t{3} << 20);
  EXPECT_EQ(t.used_bytes(), 2 * shard);  // a power of two of them
  t.UseAtMost(std::size_t{256} << 10);
  EXPECT_EQ(t.used_bytes(), std::size_t{256} << 10);  // 4096 buckets of shard 0
  t.UseAtMost(1);
  EXPECT_EQ(t.used_bytes(), 64u);  // one bucket at least
  t.UseAtMost(std::numeric_limits<std::size_t>::max());
  EXPECT_EQ(t.used_bytes(), 16 * shard);
}

// In the part in use every store is found again, as in a whole table: the
// two-level scheme keeps each newcomer, so a board probed right after its
// store is there, however small the part.
TEST(UseAtMostTest, APartOfTheTableKeepsWhatIsStoredInIt) {
  auto table = TranspositionTable::Create({.size_mib = 16, .shards = 16, .statistics = true});
  ASSERT_TRUE(table.ok()) << table.status();
  for (const std::size_t bytes : {std::size_t{64}, std::size_t{64} << 10, std::size_t{8} << 20}) {
    (*table)->Clear();
    (*table)->UseAtMost(bytes);
    std::mt19937_64 rng(bytes);
    for (int i = 0; i < 2000; ++i) {
      const Board board = RandomBoard(rng);
      (*table)->Store(board, Data(10, 1), 100);
      TTData d;
      EXPECT_TRUE((*table)->Probe(board, &d)) << bytes << " bytes, store " << i;
    }
  }
}

// Populate takes the pages and changes nothing in them: a new table stays
// empty, and what was stored is found again.
TEST(UseAtMostTest, PopulatingKeepsTheContents) {
  auto table = TranspositionTable::Create({.size_mib = 4, .shards = 2, .statistics = true});
  ASSERT_TRUE(table.ok()) << table.status();
  (*table)->Populate();
  EXPECT_EQ((*table)->Stats().occupied, 0u);
  std::mt19937_64 rng(23);
  std::vector<Board> boards;
  for (int i = 0; i < 100; ++i) {
    boards.push_back(RandomBoard(rng));
    (*table)->Store(boards.back(), Data(10, 1), 100);
  }
  (*table)->Populate();
  for (const Board& board : boards) {
    TTData d;
    EXPECT_TRUE((*table)->Probe(board, &d));
  }
}

// The pages a search can reach are those of the part in use: a 256 MiB
// table restricted to 4 MiB takes about 4 MiB of memory (2 MiB pages),
// whatever is stored in it.
TEST(UseAtMostTest, ASearchFaultsInOnlyThePartInUse) {
  auto table = TranspositionTable::Create({.size_mib = 256});
  ASSERT_TRUE(table.ok()) << table.status();
  const double before = ResidentMib();
  (*table)->UseAtMost(std::size_t{4} << 20);
  std::mt19937_64 rng(17);
  for (int i = 0; i < 200000; ++i) (*table)->Store(RandomBoard(rng), Data(10, 1), 100);
  EXPECT_LT(ResidentMib() - before, 4.0 + 8.0);
}

// The statistics are counted only when asked (TTOptions::statistics): a
// solve's table skips the atomic adds. Either way the table holds and
// finds the same entries in the same capacity.
TEST(CreateTest, CountsProbesAndStoresOnlyWhenAsked) {
  std::uint64_t capacities[2] = {0, 0};
  for (const bool statistics : {false, true}) {
    SCOPED_TRACE(statistics ? "counting" : "not counting");
    auto table = TranspositionTable::Create({.size_mib = 1, .shards = 2, .statistics = statistics});
    ASSERT_TRUE(table.ok()) << table.status();
    const Board board{0x0000000810000000, 0x0000001008000000};
    TTData data;
    EXPECT_FALSE((*table)->Probe(board, &data));
    (*table)->Store(board, TTData{.lower = -2, .upper = 4, .move = 19, .draft = 80}, 7);
    ASSERT_TRUE((*table)->Probe(board, &data));
    EXPECT_EQ(data.move, 19);
    const TTStats s = (*table)->Stats();
    EXPECT_EQ(s.counted, statistics);
    capacities[statistics] = s.capacity;
    EXPECT_EQ(s.probes, statistics ? 2u : 0u);
    EXPECT_EQ(s.hits, statistics ? 1u : 0u);
    EXPECT_EQ(s.stores, statistics ? 1u : 0u);
    EXPECT_EQ(s.occupied, statistics ? 1u : 0u);
  }
  EXPECT_GT(capacities[0], 0u);
  EXPECT_EQ(capacities[0], capacities[1]);
}

TEST(ParseSizeMibTest, TakesWholeSizesTheTableAcceptsAndSaysWhyNot) {
  EXPECT_EQ(ParseSizeMib("64").value(), 64u);
  EXPECT_EQ(ParseSizeMib("1.5").status().message(), "expected a size in MiB, found '1.5'");
  EXPECT_EQ(ParseSizeMib("abc").status().message(), "expected a size in MiB, found 'abc'");
  // The rest is ValidateTTOptions' own message.
  EXPECT_EQ(ParseSizeMib("0").status().message(), "transposition table size must be at least 1 MiB");
  EXPECT_EQ(ParseSizeMib("1073741824").status().code(), absl::StatusCode::kResourceExhausted);
}

// ---- probes and stores -----------------------------------------------------

TEST(ProbeStoreTest, EmptyTableMisses) {
  auto table = Tiny(kTwoBig1);
  TTData d;
  EXPECT_FALSE(table->Probe(Board::Initial(), &d));
  EXPECT_FALSE(table->Probe(Board{}, &d));  // not even the all-zero board
}

TEST(ProbeStoreTest, EveryFieldRoundTripsAtItsExtremes) {
  std::mt19937_64 rng(7);
  const TTData cases[] = {
      {.lower = -64, .upper = 64, .move = kPass, .move2 = kNoMove, .draft = 60},
      {.lower = 64, .upper = 64, .move = 0, .move2 = 63, .draft = 0},
      {.lower = -64, .upper = -64, .move = kNoMove, .move2 = kPass, .draft = 255},
      {.lower = -1, .upper = 0, .move = 27, .move2 = 36, .draft = 64},
  };
  for (ReplacementScheme scheme : kSchemes) {
    auto table = Tiny(scheme);
    for (const TTData& data : cases) {
      const Board board = RandomBoard(rng);
      table->Store(board, data, ~std::uint64_t{0});
      TTData got;
      ASSERT_TRUE(table->Probe(board, &got)) << SchemeName(scheme);
      EXPECT_TRUE(SameData(got, data)) << SchemeName(scheme);
      table->Clear();
    }
  }
}

TEST(ProbeStoreTest, TheFullBoardIsVerified) {
  // Same index, different boards: only the stored one hits. Player and
  // opponent swapped is another board.
  auto table = Tiny(kTwoBig1);
  std::mt19937_64 rng(3);
  const std::vector<Board> b = CollidingBoards(*table, 3, rng);
  table->Store(b[0], Data(10, 1), 100);
  EXPECT_EQ(TagOf(*table, b[0]), 1);
  EXPECT_EQ(TagOf(*table, b[1]), -1);
  EXPECT_EQ(TagOf(*table, b[0].Pass()), -1);
}

// ---- the same position is updated, never duplicated (every scheme) --------

class UpdateTest : public CollisionTest,
                   public ::testing::WithParamInterface<ReplacementScheme> {};

TEST_P(UpdateTest, StoringAPositionAgainRewritesItsEntry) {
  Make(GetParam());
  table_->Store(b_[0], Data(20, 1), 1000);
  table_->Store(b_[0], Data(20, 2), 10);  // smaller: still an update, even for Old
  EXPECT_EQ(TagOf(*table_, b_[0]), 2);
  EXPECT_EQ(Peer::Copies(*table_, b_[0]), 1);
  const TTStats s = table_->Stats();
  EXPECT_EQ(s.stores, 2u);
  EXPECT_EQ(s.updates, 1u);
  EXPECT_EQ(s.occupied, 1u);
  EXPECT_EQ(s.replacements, 0u);
  EXPECT_EQ(s.rejections, 0u);
}

TEST_P(UpdateTest, NoSequenceOfStoresDuplicatesAPosition) {
  // Three boards on one index, stored in every order with every mix of
  // depths and sizes: never two copies, and a hit always has the latest data.
  Make(GetParam(), 3);
  std::mt19937_64 rng(11);
  int latest[3] = {-1, -1, -1};
  for (int i = 0; i < 3000; ++i) {
    const int which = int(rng() % 3);
    const int tag = 1 + i % 60;
    table_->Store(b_[which], Data(int(rng() % 30), tag), rng() % 5000);
    latest[which] = tag;
    if (i % 500 == 0) table_->NewSearch();
    for (int j = 0; j < 3; ++j) {
      ASSERT_LE(Peer::Copies(*table_, b_[j]), 1) << "store " << i;
      const int found = TagOf(*table_, b_[j]);
      ASSERT_TRUE(found == -1 || found == latest[j]) << "store " << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllSchemes, UpdateTest, ::testing::ValuesIn(kSchemes),
                         SchemeParamName);

// ---- one-level schemes: one slot per index ---------------------------------

TEST_F(CollisionTest, DeepKeepsTheDeeperAndTiesGoToTheNewcomer) {
  Make(kDeep);
  table_->Store(b_[0], Data(20, 1), 10);
  table_->Store(b_[1], Data(19, 2), 1'000'000);  // shallower, however big: refused
  EXPECT_EQ(TagOf(*table_, b_[0]), 1);
  EXPECT_EQ(TagOf(*table_, b_[1]), -1);
  table_->Store(b_[2], Data(20, 3), 1);  // as deep: replaces
  EXPECT_EQ(TagOf(*table_, b_[0]), -1);
  EXPECT_EQ(TagOf(*table_, b_[2]), 3);
  table_->Store(b_[3], Data(21, 4), 1);  // deeper: replaces
  EXPECT_EQ(TagOf(*table_, b_[3]), 4);
  const TTStats s = table_->Stats();
  EXPECT_EQ(s.stores, 4u);
  EXPECT_EQ(s.rejections, 1u);
  EXPECT_EQ(s.replacements, 2u);
  EXPECT_EQ(s.occupied, 1u);
}

TEST_F(CollisionTest, NewAlwaysReplaces) {
  Make(kNew);
  table_->Store(b_[0], Data(60, 1), 1'000'000);
  table_->Store(b_[1], Data(0, 2), 0);
  EXPECT_EQ(TagOf(*table_, b_[0]), -1);
  EXPECT_EQ(TagOf(*table_, b_[1]), 2);
  EXPECT_EQ(table_->Stats().replacements, 1u);
}

TEST_F(CollisionTest, OldNeverReplacesACurrentEntry) {
  Make(kOld);
  table_->Store(b_[0], Data(0, 1), 1);
  table_->Store(b_[1], Data(60, 2), 1'000'000);
  EXPECT_EQ(TagOf(*table_, b_[0]), 1);
  EXPECT_EQ(TagOf(*table_, b_[1]), -1);
  EXPECT_EQ(table_->Stats().rejections, 1u);
}

TEST_F(CollisionTest, Big1KeepsTheLargerSubtreeRegardlessOfDepth) {
  Make(kBig1);
  table_->Store(b_[0], Data(5, 1), 1000);
  table_->Store(b_[1], Data(60, 2), 500);  // deeper but smaller: refused
  EXPECT_EQ(TagOf(*table_, b_[0]), 1);
  EXPECT_EQ(TagOf(*table_, b_[1]), -1);
  table_->Store(b_[2], Data(1, 3), 1000);  // as big: replaces
  EXPECT_EQ(TagOf(*table_, b_[2]), 3);
  table_->Store(b_[3], Data(1, 4), 2000);  // bigger: replaces
  EXPECT_EQ(TagOf(*table_, b_[3]), 4);
}

TEST_F(CollisionTest, Big1CountsOnlyTheLatestSearchOfAPosition) {
  Make(kBig1);
  table_->Store(b_[0], Data(5, 1), 600);
  table_->Store(b_[0], Data(5, 2), 600);   // transposed: still 600, not 1200
  table_->Store(b_[1], Data(5, 3), 1000);  // 1000 > 600: replaces
  EXPECT_EQ(TagOf(*table_, b_[1]), 3);
  EXPECT_EQ(TagOf(*table_, b_[0]), -1);
  // Latest, not largest: a small re-search shrinks the entry.
  table_->Store(b_[2], Data(5, 4), 5000);
  table_->Store(b_[2], Data(5, 5), 10);
  table_->Store(b_[3], Data(5, 6), 100);
  EXPECT_EQ(TagOf(*table_, b_[3]), 6);
}

TEST_F(CollisionTest, BigAllAddsTheSizesOfEverySearchOfAPosition) {
  Make(kBigAll);
  table_->Store(b_[0], Data(5, 1), 600);
  table_->Store(b_[0], Data(5, 2), 600);   // 1200 together
  table_->Store(b_[1], Data(5, 3), 1000);  // 1000 < 1200: refused
  EXPECT_EQ(TagOf(*table_, b_[0]), 2);
  EXPECT_EQ(TagOf(*table_, b_[1]), -1);
  table_->Store(b_[2], Data(5, 4), 1300);  // 1300 > 1200: replaces
  EXPECT_EQ(TagOf(*table_, b_[2]), 4);
}

TEST_F(CollisionTest, BigAllDoesNotLoseManySmallSearchesToRounding) {
  Make(kBigAll);
  for (int i = 0; i < 16; ++i) table_->Store(b_[0], Data(5, 1), 100);  // 1600
  table_->Store(b_[1], Data(5, 2), 1500);
  EXPECT_EQ(TagOf(*table_, b_[1]), -1);
  table_->Store(b_[2], Data(5, 3), 1700);
  EXPECT_EQ(TagOf(*table_, b_[2]), 3);
}

// ---- two-level schemes: two slots per index ----------------------------------

TEST_F(CollisionTest, TwoDeepKeepsTheDeepInSlotOneAndTheNewestInSlotTwo) {
  Make(kTwoDeep);
  table_->Store(b_[0], Data(20, 1), 1);
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[0]), 0);
  table_->Store(b_[1], Data(10, 2), 1'000'000);  // shallower: slot 2
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[0]), 0);
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[1]), 1);
  table_->Store(b_[2], Data(5, 3), 1);  // shallower: replaces slot 2
  EXPECT_EQ(TagOf(*table_, b_[1]), -1);
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[2]), 1);
  table_->Store(b_[3], Data(20, 4), 1);  // as deep as slot 1: slot 1 moves down
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[3]), 0);
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[0]), 1);
  EXPECT_EQ(TagOf(*table_, b_[2]), -1);
  const TTStats s = table_->Stats();
  EXPECT_EQ(s.stores, 4u);
  EXPECT_EQ(s.occupied, 2u);
  EXPECT_EQ(s.replacements, 2u);
  EXPECT_EQ(s.rejections, 0u);  // two-level schemes always store
}

TEST_F(CollisionTest, TwoBig1ComparesTheLatestSubtreeSize) {
  Make(kTwoBig1);
  table_->Store(b_[0], Data(60, 1), 1000);
  table_->Store(b_[1], Data(1, 2), 999);  // smaller: slot 2
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[1]), 1);
  table_->Store(b_[2], Data(1, 3), 1000);  // as big: takes slot 1, b0 down, b1 out
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[2]), 0);
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[0]), 1);
  EXPECT_EQ(TagOf(*table_, b_[1]), -1);
  // An update with a small count stays in (or moves to) slot 2.
  table_->Store(b_[2], Data(1, 4), 10);
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[0]), 0);
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[2]), 1);
  EXPECT_EQ(TagOf(*table_, b_[2]), 4);
}

TEST_F(CollisionTest, TwoBigAllPromotesAPositionWhoseSearchesAddUp) {
  for (ReplacementScheme scheme : {kTwoBig1, kTwoBigAll}) {
    Make(scheme);
    table_->Store(b_[0], Data(5, 1), 600);
    table_->Store(b_[1], Data(5, 2), 500);  // slot 2
    table_->Store(b_[1], Data(5, 3), 500);  // BigAll: 1000 > 600, promoted
    const bool all = scheme == kTwoBigAll;
    EXPECT_EQ(Peer::SlotHolding(*table_, b_[1]), all ? 0 : 1) << SchemeName(scheme);
    EXPECT_EQ(Peer::SlotHolding(*table_, b_[0]), all ? 1 : 0) << SchemeName(scheme);
    EXPECT_EQ(TagOf(*table_, b_[1]), 3);
    EXPECT_EQ(table_->Stats().updates, 1u);
  }
}

TEST_F(CollisionTest, TwoLevelUpdatesLookInBothSlots) {
  for (ReplacementScheme scheme : kTwoLevelSchemes) {
    Make(scheme);
    table_->Store(b_[0], Data(30, 1), 10000);
    table_->Store(b_[1], Data(10, 2), 10);  // slot 2
    ASSERT_EQ(Peer::SlotHolding(*table_, b_[1]), 1);
    table_->Store(b_[1], Data(10, 3), 10);  // found in slot 2: updated there
    EXPECT_EQ(Peer::Copies(*table_, b_[1]), 1) << SchemeName(scheme);
    EXPECT_EQ(Peer::SlotHolding(*table_, b_[1]), 1) << SchemeName(scheme);
    EXPECT_EQ(TagOf(*table_, b_[1]), 3);
    EXPECT_EQ(TagOf(*table_, b_[0]), 1);
    table_->Store(b_[0], Data(30, 4), 10000);  // found in slot 1: stays
    EXPECT_EQ(Peer::SlotHolding(*table_, b_[0]), 0) << SchemeName(scheme);
    EXPECT_EQ(TagOf(*table_, b_[0]), 4);
    EXPECT_EQ(TagOf(*table_, b_[1]), 3);
    EXPECT_EQ(table_->Stats().updates, 2u);
    EXPECT_EQ(table_->Stats().occupied, 2u);
  }
}

// ---- aging ---------------------------------------------------------------------

// An entry of an earlier search loses its slot to a newcomer that would lose
// against it in the same search; it still answers probes until then.
class AgingTest : public CollisionTest,
                  public ::testing::WithParamInterface<ReplacementScheme> {};

TEST_P(AgingTest, AStaleEntryStillAnswersProbes) {
  Make(GetParam());
  table_->Store(b_[0], Data(30, 1), 1000);
  table_->NewSearch();
  EXPECT_EQ(TagOf(*table_, b_[0]), 1);
}

TEST_P(AgingTest, AStaleEntryYieldsToANewcomerThatWouldOtherwiseLose) {
  Make(GetParam());
  // Deep, big and a newcomer that is neither: with a full index of current
  // entries it would be refused (one-level) or go to slot 2 (two-level).
  table_->Store(b_[0], Data(40, 1), 1'000'000);
  table_->Store(b_[1], Data(40, 2), 1'000'000);  // two-level: fills slot 2
  table_->NewSearch();
  table_->Store(b_[2], Data(1, 3), 1);
  EXPECT_EQ(TagOf(*table_, b_[2]), 3) << SchemeName(GetParam());
  // One-level: b1 replaced b0 (Old refused it), then b2 replaced the stale
  // resident. Two-level: b1 took slot 1 over b0 (a tie goes to the
  // newcomer), then b2 beat stale b1, which moved down and evicted b0.
  const ReplacementScheme s = GetParam();
  const bool one_level = s == kDeep || s == kNew || s == kBig1 || s == kBigAll;
  EXPECT_EQ(table_->Stats().replacements, one_level ? 2u : 1u) << SchemeName(s);
}

TEST_P(AgingTest, UpdatingAStaleEntryMakesItCurrent) {
  Make(GetParam());
  table_->Store(b_[0], Data(40, 1), 1'000'000);
  table_->NewSearch();
  table_->Store(b_[0], Data(40, 2), 1'000'000);  // refreshed in this search
  table_->Store(b_[1], Data(1, 3), 1);
  // One-level: the small newcomer loses (New excepted); two-level: it goes
  // to slot 2 and b0 stays.
  EXPECT_EQ(TagOf(*table_, b_[0]), GetParam() == kNew ? -1 : 2) << SchemeName(GetParam());
}

INSTANTIATE_TEST_SUITE_P(AllSchemes, AgingTest, ::testing::ValuesIn(kSchemes),
                         SchemeParamName);

TEST_F(CollisionTest, OldReplacesAStaleEntryButNotACurrentOne) {
  Make(kOld);
  table_->Store(b_[0], Data(0, 1), 1);
  table_->Store(b_[1], Data(0, 2), 1);  // current resident: refused
  EXPECT_EQ(TagOf(*table_, b_[1]), -1);
  table_->NewSearch();
  table_->Store(b_[1], Data(0, 2), 1);  // stale resident: replaced
  EXPECT_EQ(TagOf(*table_, b_[1]), 2);
  table_->Store(b_[2], Data(0, 3), 1);  // b1 is current again: refused
  EXPECT_EQ(TagOf(*table_, b_[2]), -1);
}

TEST_F(CollisionTest, TwoLevelTreatsAStaleSlotOneAsBeaten) {
  Make(kTwoDeep);
  table_->Store(b_[0], Data(40, 1), 1);
  table_->NewSearch();
  table_->Store(b_[1], Data(10, 2), 1);  // stale slot 1 moves down, b1 on top
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[1]), 0);
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[0]), 1);
  EXPECT_EQ(TagOf(*table_, b_[0]), 1);   // still answers
  table_->Store(b_[2], Data(5, 3), 1);   // shallower than current b1: slot 2
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[2]), 1);
  EXPECT_EQ(TagOf(*table_, b_[0]), -1);
  table_->NewSearch();                   // b1 and b2 both stale
  table_->Store(b_[3], Data(1, 4), 1);   // beats stale b1, which evicts b2
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[3]), 0);
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[1]), 1);
  EXPECT_EQ(TagOf(*table_, b_[2]), -1);
}

TEST_F(CollisionTest, TwoLevelUpdatePromotesACurrentEntryOverAStaleSlotOne) {
  Make(kTwoBig1);
  table_->Store(b_[0], Data(40, 1), 100000);
  table_->Store(b_[1], Data(10, 2), 10);  // slot 2
  table_->NewSearch();
  table_->Store(b_[1], Data(10, 3), 10);  // refreshed: now above stale b0
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[1]), 0);
  EXPECT_EQ(Peer::SlotHolding(*table_, b_[0]), 1);
  EXPECT_EQ(Peer::Copies(*table_, b_[1]), 1);
}

// ---- statistics and clearing ---------------------------------------------------

TEST(StatsTest, CountsEveryOutcome) {
  auto table = Tiny(kDeep);
  std::mt19937_64 rng(5);
  const std::vector<Board> b = CollidingBoards(*table, 3, rng);
  TTData d;
  table->Probe(b[0], &d);                 // miss
  table->Store(b[0], Data(20, 1), 1);     // insert
  table->Probe(b[0], &d);                 // hit
  table->Store(b[0], Data(20, 2), 1);     // update
  table->Store(b[1], Data(10, 3), 1);     // rejection
  table->Store(b[2], Data(30, 4), 1);     // replacement
  table->Probe(b[1], &d);                 // miss
  table->Probe(b[2], &d);                 // hit
  const TTStats s = table->Stats();
  EXPECT_EQ(s.probes, 4u);
  EXPECT_EQ(s.hits, 2u);
  EXPECT_EQ(s.stores, 4u);
  EXPECT_EQ(s.updates, 1u);
  EXPECT_EQ(s.replacements, 1u);
  EXPECT_EQ(s.rejections, 1u);
  EXPECT_EQ(s.occupied, 1u);
  EXPECT_EQ(s.capacity, 6u);
}

TEST(StatsTest, OccupancyCountsDistinctPositions) {
  auto table = TranspositionTable::Create(
      {.size_mib = 1, .shards = 4, .scheme = kTwoBig1, .statistics = true});
  ASSERT_TRUE(table.ok());
  std::mt19937_64 rng(9);
  // Far fewer boards than slots: every one lands (the two-level schemes
  // never refuse) unless three share a bucket, which the count allows for.
  std::uint64_t distinct = 0;
  for (int i = 0; i < 1000; ++i) {
    const Board board = RandomBoard(rng);
    (*table)->Store(board, Data(10, 1), 100);
    (*table)->Store(board, Data(10, 2), 100);  // update: not counted again
    TTData d;
    distinct += (*table)->Probe(board, &d);
  }
  const TTStats s = (*table)->Stats();
  EXPECT_EQ(s.stores, 2000u);
  EXPECT_EQ(s.updates, 1000u);
  EXPECT_EQ(s.occupied + s.replacements, 1000u);
  EXPECT_EQ(distinct, 1000u);  // each was found right after its store
}

TEST(ClearTest, EmptiesTheTableAndResetsTheCounters) {
  auto table = TranspositionTable::Create({.size_mib = 1, .shards = 2, .statistics = true});
  ASSERT_TRUE(table.ok());
  std::mt19937_64 rng(1);
  std::vector<Board> boards;
  for (int i = 0; i < 100; ++i) {
    boards.push_back(RandomBoard(rng));
    (*table)->Store(boards.back(), DataFor(boards.back()), 10);
  }
  (*table)->Clear();
  TTStats s = (*table)->Stats();
  EXPECT_EQ(s.stores, 0u);
  EXPECT_EQ(s.occupied, 0u);
  for (const Board& b : boards) {
    TTData d;
    EXPECT_FALSE((*table)->Probe(b, &d));
  }
  s = (*table)->Stats();
  EXPECT_EQ(s.probes, 100u);
  EXPECT_EQ(s.hits, 0u);
}

// Clear writes no bucket: it advances the table's epoch, and a bucket of an
// earlier one is empty. The same stores and probes on a cleared table and on
// a new one give the same hits and the same counts, and the cleared table
// keeps its pages (a batch of small solves does not fault them in again).
TEST(ClearTest, AClearedTableBehavesAsANewOneAndKeepsItsMemory) {
  constexpr std::size_t kMib = 16;
  auto used = TranspositionTable::Create({.size_mib = kMib, .shards = 4, .statistics = true});
  auto fresh = TranspositionTable::Create({.size_mib = kMib, .shards = 4, .statistics = true});
  ASSERT_TRUE(used.ok() && fresh.ok());
  std::mt19937_64 rng(7);
  const double before = ResidentMib();
  // 16 MiB is 262,144 buckets: this many stores reach nearly every page.
  for (int i = 0; i < 600'000; ++i) {
    const Board b = RandomBoard(rng);
    (*used)->Store(b, DataFor(b), 5);
  }
  EXPECT_GT(ResidentMib() - before, 0.75 * kMib);
  (*used)->Clear();
  EXPECT_GT(ResidentMib() - before, 0.75 * kMib);

  std::vector<Board> boards;
  for (int i = 0; i < 20'000; ++i) boards.push_back(RandomBoard(rng));
  int hits[2] = {0, 0};
  TranspositionTable* tables[2] = {used->get(), fresh->get()};
  for (int t = 0; t < 2; ++t) {
    for (std::size_t i = 0; i < boards.size(); ++i) {
      TTData d;
      if (i % 3 != 0) tables[t]->Store(boards[i], DataFor(boards[i]), i);
      if (tables[t]->Probe(boards[i / 2], &d)) {
        ++hits[t];
        EXPECT_TRUE(SameData(d, DataFor(boards[i / 2])));
      }
    }
  }
  EXPECT_GT(hits[0], 0);
  EXPECT_EQ(hits[0], hits[1]);
  const TTStats a = (*used)->Stats(), b = (*fresh)->Stats();
  EXPECT_EQ(a.probes, b.probes);
  EXPECT_EQ(a.hits, b.hits);
  EXPECT_EQ(a.stores, b.stores);
  EXPECT_EQ(a.occupied, b.occupied);
  EXPECT_EQ(a.updates, b.updates);
  EXPECT_EQ(a.replacements, b.replacements);
  EXPECT_EQ(a.rejections, b.rejections);
}

// Where the entries of an earlier epoch still sit in memory, every scheme
// decides as in a new table: eight boards that compete for one index, and
// after each of several clears the same stores give slot for slot the same
// bucket as in a table never used (no entry of before a clear comes back,
// not even in the slot a two-level store leaves empty).
TEST(ClearTest, NoEntryOfAnEarlierEpochComesBackInAnyScheme) {
  for (ReplacementScheme scheme : kSchemes) {
    auto used = Tiny(scheme);
    std::mt19937_64 rng(11);
    const std::vector<Board> b = CollidingBoards(*used, 8, rng);
    for (int epoch = 0; epoch < 4; ++epoch) {
      // Fill the buckets with entries that the next epoch must not see.
      for (int i = 0; i < 8; ++i) used->Store(b[i], Data(40 + i, 100 + i), 1000 + i);
      used->Clear();
      auto fresh = Tiny(scheme);
      // A store and a probe at a time, in an order that differs per epoch.
      for (int k = 0; k < 6; ++k) {
        const Board& board = b[(k * 3 + epoch) % 8];
        const TTData data = Data(k + epoch, k + 1);
        used->Store(board, data, std::uint64_t(k + 1));
        fresh->Store(board, data, std::uint64_t(k + 1));
        for (const Board& probe : b) {
          ASSERT_EQ(TagOf(*used, probe), TagOf(*fresh, probe))
              << SchemeName(scheme) << ", epoch " << epoch << ", store " << k;
        }
      }
      for (const Board& board : b) {
        const Peer::Place x = Peer::PlaceOf(*used, board), y = Peer::PlaceOf(*fresh, board);
        for (int i = 0; i < 2; ++i) {
          EXPECT_EQ(x.slots[i].player, y.slots[i].player) << SchemeName(scheme);
          EXPECT_EQ(x.slots[i].opponent, y.slots[i].opponent) << SchemeName(scheme);
          EXPECT_EQ(x.slots[i].data, y.slots[i].data) << SchemeName(scheme);
        }
      }
    }
  }
}

}  // namespace
}  // namespace endsolve
