// The data word (hashtable/entry.h): every field packs and unpacks exactly at
// both ends of its range, fields never bleed into each other, and the size
// code inverts exactly at powers of two and saturates at the top.
#include "endsolve/hashtable/entry.h"

#include <cstdint>
#include <limits>

#include "gtest/gtest.h"

namespace endsolve::tt_entry {
namespace {

struct Fields {
  TTData data;
  SizeCode size;
  std::uint8_t generation;
};

// Packs `f`, then reads every field back through each accessor.
void ExpectRoundTrip(const Fields& f) {
  const std::uint64_t w = Pack(f.data, f.size, f.generation);
  const TTData d = Unpack(w);
  EXPECT_EQ(d.lower, f.data.lower);
  EXPECT_EQ(d.upper, f.data.upper);
  EXPECT_EQ(d.move, f.data.move);
  EXPECT_EQ(d.move2, f.data.move2);
  EXPECT_EQ(d.draft, f.data.draft);
  EXPECT_EQ(DraftOf(w), f.data.draft);
  EXPECT_EQ(GenerationOf(w), f.generation);
  EXPECT_EQ(SizeOf(w), f.size);
  EXPECT_TRUE(Occupied(w));
}

TEST(EntryTest, EveryFieldRoundTripsAtItsExtremes) {
  const std::int8_t scores[] = {-64, 0, 64};
  const std::uint8_t moves[] = {0, 63, kPass, kNoMove};
  const std::uint8_t bytes[] = {0, 255};
  const SizeCode sizes[] = {0, kMaxSizeCode};
  // Each field at each extreme, the others at both ends, so that a field
  // spilling into a neighbour (or a neighbour into it) shows.
  for (std::int8_t lower : scores) {
    for (std::int8_t upper : scores) {
      for (std::uint8_t move : moves) {
        for (std::uint8_t move2 : moves) {
          for (std::uint8_t depth : bytes) {
            for (std::uint8_t generation : bytes) {
              for (SizeCode size : sizes) {
                Fields f{.data = {.lower = lower, .upper = upper, .move = move,
                                  .move2 = move2, .draft = depth},
                         .size = size,
                         .generation = generation};
                ExpectRoundTrip(f);
              }
            }
          }
        }
      }
    }
  }
}

TEST(EntryTest, TheFieldsFillTheWordExactly) {
  // Every field at its all-ones value sets every bit: no gap, no overlap.
  const TTData ones{.lower = std::int8_t(255 - kScoreBias),   // byte 0xff
                    .upper = std::int8_t(255 - kScoreBias),
                    .move = std::uint8_t(Mask(kMoveBits)),
                    .move2 = std::uint8_t(Mask(kMoveBits)),
                    .draft = 255};
  EXPECT_EQ(Pack(ones, kMaxSizeCode, 255), ~std::uint64_t{0});
  // And at zero only the occupied bit is set.
  const TTData zeros{.lower = -kScoreBias, .upper = -kScoreBias, .move = 0, .move2 = 0,
                     .draft = 0};
  EXPECT_EQ(Pack(zeros, 0, 0), kOccupied);
  EXPECT_FALSE(Occupied(0));
}

TEST(EntryTest, TheSizeCodeIsExactAtPowersOfTwoAndSaturates) {
  EXPECT_EQ(SizeCodeOf(0), 0u);
  EXPECT_EQ(SizeCodeOf(1), 0u);
  for (int k = 1; k < 64; ++k) {
    const std::uint64_t n = std::uint64_t{1} << k;
    EXPECT_EQ(SizeCodeOf(n), SizeCode(k) << kSizeFractionBits) << k;
    EXPECT_EQ(NodesOf(SizeCodeOf(n)), n) << k;
  }
  // 12 significant bits survive: 4095 = 0b1111'1111'1111 is exact.
  EXPECT_EQ(NodesOf(SizeCodeOf(4095)), 4095u);
  EXPECT_EQ(NodesOf(SizeCodeOf(8191)), 8190u);  // the 13th bit is truncated
  // The largest count codes as the largest code the field holds.
  EXPECT_EQ(SizeCodeOf(std::numeric_limits<std::uint64_t>::max()), kMaxSizeCode);
  EXPECT_EQ(AddSizes(kMaxSizeCode, std::numeric_limits<std::uint64_t>::max()),
            kMaxSizeCode);
  EXPECT_EQ(AddSizes(SizeCodeOf(1024), 1024), SizeCodeOf(2048));
}

}  // namespace
}  // namespace endsolve::tt_entry
