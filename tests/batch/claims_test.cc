// batch/claims.h: of the runs that claim a position, exactly one gets it;
// each run sees the others' claims; a line torn by a run killed in its
// write stays a line of its own.
#include "endsolve/batch/claims.h"

#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <thread>
#include <vector>

#include "tests/cli/batch_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::batch {
namespace {

using ::endsolve::testing::TempFolder;
using ::testing::HasSubstr;

TEST(ClaimsTest, OfTwoRunsThatClaimAPositionOneGetsIt) {
  const TempFolder folder("claims_two");
  auto a = Claims::Open(folder / "claims").value();
  auto b = Claims::Open(folder / "claims").value();
  EXPECT_TRUE(a->Claim("f.obf:1:aa").value());
  EXPECT_FALSE(b->Claim("f.obf:1:aa").value());
  EXPECT_TRUE(b->Claim("f.obf:2:bb").value());
  EXPECT_FALSE(a->Claim("f.obf:2:bb").value());
  EXPECT_FALSE(a->Claim("f.obf:1:aa").value());  // its own, already taken
  EXPECT_EQ(testing::ReadFile(folder / "claims"), "f.obf:1:aa\nf.obf:2:bb\n");
}

// Four threads, each its own handle (as four processes would be), claim
// the same 500 ids: each id goes to exactly one.
TEST(ClaimsTest, ManyRunsClaimingAtOnceTakeEachPositionOnce) {
  const TempFolder folder("claims_many");
  constexpr int kRuns = 4, kIds = 500;
  std::vector<std::vector<int>> taken(kRuns);
  std::vector<std::thread> runs;
  for (int r = 0; r < kRuns; ++r) {
    runs.emplace_back([&, r] {
      auto claims = Claims::Open(folder / "claims").value();
      for (int i = 0; i < kIds; ++i) {
        if (claims->Claim("id" + std::to_string(i)).value()) taken[r].push_back(i);
      }
    });
  }
  for (std::thread& t : runs) t.join();
  std::vector<int> count(kIds, 0);
  for (const std::vector<int>& ids : taken) {
    for (int i : ids) ++count[i];
  }
  for (int i = 0; i < kIds; ++i) EXPECT_EQ(count[i], 1) << "id" << i;
}

TEST(ClaimsTest, ATornLastLineStaysALineOfItsOwn) {
  const TempFolder folder("claims_torn");
  testing::WriteFile(folder / "claims", "f.obf:1:aa\nf.obf:2:b");  // a run killed mid-write
  auto claims = Claims::Open(folder / "claims").value();
  EXPECT_FALSE(claims->Claim("f.obf:1:aa").value());
  EXPECT_TRUE(claims->Claim("f.obf:3:cc").value());
  EXPECT_EQ(testing::ReadFile(folder / "claims"), "f.obf:1:aa\nf.obf:2:b\nf.obf:3:cc\n");
}

TEST(ClaimsTest, AFileThatCannotBeOpenedIsNamed) {
  const TempFolder folder("claims_bad");
  EXPECT_THAT(Claims::Open(folder / "no/such/dir/claims").status().message(),
              HasSubstr("claims file " + folder / "no/such/dir/claims" + ": cannot open it"));
}

// Each claim names the run that took it (batch: its --out), so that whoever
// runs a pool knows what a run held when it died; the name may hold any
// character and still comes back whole.
TEST(ClaimsTest, EachClaimNamesItsRun) {
  const TempFolder folder("claims_owner");
  const std::string odd = "out\tw\\1\n.jsonl";
  auto a = Claims::Open(folder / "claims", "a.jsonl").value();
  auto b = Claims::Open(folder / "claims", odd).value();
  EXPECT_TRUE(a->Claim("f.obf:1:aa").value());
  EXPECT_TRUE(b->Claim("f.obf:2:bb").value());
  EXPECT_FALSE(b->Claim("f.obf:1:aa").value());
  EXPECT_EQ(testing::ReadFile(folder / "claims"),
            "f.obf:1:aa\ta.jsonl\nf.obf:2:bb\tout\\tw\\\\1\\n.jsonl\n");
  ClaimsReader reader(folder / "claims");
  const std::vector<ClaimLine> claims = reader.ReadNew().value();
  ASSERT_EQ(claims.size(), 2u);
  EXPECT_EQ(claims[0].id, "f.obf:1:aa");
  EXPECT_EQ(claims[0].owner, "a.jsonl");
  EXPECT_EQ(claims[1].id, "f.obf:2:bb");
  EXPECT_EQ(claims[1].owner, odd);
  EXPECT_EQ(ParseClaimLine("f.obf:3:cc").owner, "");  // a run that named none
}

// The reader gives each claim once, and a line still being written when
// it is complete.
TEST(ClaimsTest, TheReaderGivesWhatWasAppendedSinceItLastRead) {
  const TempFolder folder("claims_reader");
  ClaimsReader reader(folder / "claims");
  EXPECT_TRUE(reader.ReadNew().value().empty());  // no file yet
  testing::WriteFile(folder / "claims", "f.obf:1:aa\tx\nf.obf:2:b");
  std::vector<ClaimLine> claims = reader.ReadNew().value();
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].id, "f.obf:1:aa");
  testing::WriteFile(folder / "claims", "f.obf:1:aa\tx\nf.obf:2:bb\ty\n");
  claims = reader.ReadNew().value();
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].id, "f.obf:2:bb");
  EXPECT_EQ(claims[0].owner, "y");
  EXPECT_TRUE(reader.ReadNew().value().empty());
}

// What --claims may append to (Claims::Kind, output/output_path.h): a
// claims file, whole or with a torn first line; never a positions file, a
// WTHOR database or notes.
TEST(ClaimsTest, OnlyAClaimsFileIsTakenForOne) {
  const auto& recognizes = Claims::Kind().recognizes;
  EXPECT_TRUE(recognizes(""));
  EXPECT_TRUE(recognizes("ffo/fforum-1-19.obf:3:9f3ac0de12345678\nunits/r 1.obf:12:0123456789abcdef\n"));
  EXPECT_TRUE(recognizes("ffo/fforum-1-19.obf:3:9f3a"));  // a first write cut short
  EXPECT_TRUE(recognizes("u.obf:3:9f3ac0de12345678\tresults/w 1.jsonl\n"));  // with its run
  EXPECT_FALSE(recognizes("my notes\n"));
  EXPECT_FALSE(recognizes("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\n"));
  EXPECT_FALSE(recognizes(std::string("\x1a\x0b\x05\x00\x01\x00", 6)));
  EXPECT_FALSE(recognizes("a.obf:x:0123456789abcdef\n"));
  EXPECT_FALSE(recognizes(":3:0123456789abcdef\n"));
}

}  // namespace
}  // namespace endsolve::batch
