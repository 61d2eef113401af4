// The data word of a table entry: everything an entry holds besides its
// board, packed into one 64-bit word so that it is written and read in one
// piece: one atomic load gives a consistent set of fields.
//
//   bits  0- 7 lower + 64     bits  8-15 upper + 64
//   bits 16-22 move           bits 23-29 move2       (squares, kPass, kNoMove)
//   bits 30-37 draft          bits 38-45 generation
//   bits 46-62 size code      bit  63    occupied
//
// Each field's width is the least that holds its whole range; the fields
// fill the word exactly, so widening one means narrowing another.
#ifndef ENDSOLVE_HASHTABLE_ENTRY_H_
#define ENDSOLVE_HASHTABLE_ENTRY_H_

#include <bit>
#include <cstdint>

#include "endsolve/hashtable/transposition_table.h"

namespace endsolve::tt_entry {

// Scores are in [-64, 64]; stored with this bias they are 0..128.
inline constexpr int kScoreBias = 64;
// 0..128 needs 8 bits (7 would stop at 127, one short of +64).
inline constexpr int kBoundBits = 8;
// Squares 0..63, kPass (64) and kNoMove (65): 66 values need 7 bits.
inline constexpr int kMoveBits = 7;
// TTData::draft is a uint8_t (solver/'s drafts reach 4 * 60 + 3 = 243), so
// 8 bits store every value the type can carry and none is ever clipped.
inline constexpr int kDraftBits = 8;
// NewSearch's 8-bit counter; wrapping after 256 searches only blurs age.
inline constexpr int kGenerationBits = 8;
// log2(nodes) in fixed point with this many fractional bits: the 11 bits
// after the leading one of the node count (see SizeCodeOf).
inline constexpr int kSizeFractionBits = 11;
// log2 of a 64-bit count is below 64: 6 integer bits, then the fraction.
inline constexpr int kSizeBits = 6 + kSizeFractionBits;

inline constexpr int kLowerShift = 0;
inline constexpr int kUpperShift = kLowerShift + kBoundBits;
inline constexpr int kMoveShift = kUpperShift + kBoundBits;
inline constexpr int kMove2Shift = kMoveShift + kMoveBits;
inline constexpr int kDraftShift = kMove2Shift + kMoveBits;
inline constexpr int kGenerationShift = kDraftShift + kDraftBits;
inline constexpr int kSizeShift = kGenerationShift + kGenerationBits;
// Set in every stored word; an all-zero word (a fresh or cleared slot) is
// therefore empty whatever its other bits would mean.
inline constexpr int kOccupiedShift = kSizeShift + kSizeBits;
static_assert(kOccupiedShift == 63, "the fields fill the 64-bit word exactly");
static_assert(kNoMove < (1 << kMoveBits) && kPass < (1 << kMoveBits));

inline constexpr std::uint64_t kOccupied = std::uint64_t{1} << kOccupiedShift;

// The mask of a field `bits` wide, at bit 0.
constexpr std::uint64_t Mask(int bits) { return (std::uint64_t{1} << bits) - 1; }

// log2(nodes) in the 6.11 fixed point of the size field (see SizeCodeOf).
using SizeCode = std::uint32_t;
inline constexpr SizeCode kMaxSizeCode = SizeCode(Mask(kSizeBits));

// Packs the fields of an entry into its data word and sets the occupied bit.
// `size` must be at most kMaxSizeCode; the moves below 2^kMoveBits (Store
// asserts it). Bounds are biased so that their bytes are never negative.
constexpr std::uint64_t Pack(const TTData& d, SizeCode size, std::uint8_t generation) {
  return std::uint64_t(std::uint8_t(d.lower + kScoreBias)) << kLowerShift |
         std::uint64_t(std::uint8_t(d.upper + kScoreBias)) << kUpperShift |
         std::uint64_t(d.move) << kMoveShift | std::uint64_t(d.move2) << kMove2Shift |
         std::uint64_t(d.draft) << kDraftShift | std::uint64_t(generation) << kGenerationShift |
         std::uint64_t(size) << kSizeShift | kOccupied;
}

// The inverse of Pack for an occupied word: the TTData fields back.
constexpr TTData Unpack(std::uint64_t w) {
  TTData d;
  d.lower = std::int8_t(int(w >> kLowerShift & Mask(kBoundBits)) - kScoreBias);
  d.upper = std::int8_t(int(w >> kUpperShift & Mask(kBoundBits)) - kScoreBias);
  d.move = std::uint8_t(w >> kMoveShift & Mask(kMoveBits));
  d.move2 = std::uint8_t(w >> kMove2Shift & Mask(kMoveBits));
  d.draft = std::uint8_t(w >> kDraftShift & Mask(kDraftBits));
  return d;
}

// The draft of a packed word, for the Deep schemes.
constexpr std::uint8_t DraftOf(std::uint64_t w) {
  return std::uint8_t(w >> kDraftShift & Mask(kDraftBits));
}
// The generation a packed word was written in, for aging.
constexpr std::uint8_t GenerationOf(std::uint64_t w) {
  return std::uint8_t(w >> kGenerationShift & Mask(kGenerationBits));
}
// The size code of a packed word, for the Big schemes.
constexpr SizeCode SizeOf(std::uint64_t w) {
  return SizeCode(w >> kSizeShift & Mask(kSizeBits));
}
// Whether a word holds an entry (Pack sets the bit; empty slots are zero).
constexpr bool Occupied(std::uint64_t w) { return (w & kOccupied) != 0; }

// The size code: log2(nodes) in fixed point with 11 fractional bits, where
// the fraction is interpolated linearly between powers of two (Mitchell's
// approximation): the integer part is the position of the leading one and the
// fraction is the 11 bits after it. Its error is below 0.09 in log2, it keeps
// the order of counts that differ in their 12 leading bits, and it inverts
// exactly (NodesOf), so BigAll can add counts: a sum only stops growing when
// each addition is below 1/2048 of it. 0 and 1 node both code as 0.
constexpr SizeCode SizeCodeOf(std::uint64_t nodes) {
  if (nodes <= 1) return 0;
  const int log = 63 - std::countl_zero(nodes);
  const auto fraction =
      SizeCode(((nodes << (63 - log)) >> (63 - kSizeFractionBits)) & Mask(kSizeFractionBits));
  return SizeCode(log) << kSizeFractionBits | fraction;
}

// The node count a size code stands for: (1 + fraction) * 2^log, truncated.
constexpr std::uint64_t NodesOf(SizeCode code) {
  const int log = int(code >> kSizeFractionBits);
  const std::uint64_t mantissa =
      (std::uint64_t{1} << kSizeFractionBits) | (code & Mask(kSizeFractionBits));
  return log >= kSizeFractionBits ? mantissa << (log - kSizeFractionBits)
                                  : mantissa >> (kSizeFractionBits - log);
}

// BigAll: the size code of all searches of a position together (saturating).
constexpr SizeCode AddSizes(SizeCode code, std::uint64_t nodes) {
  const std::uint64_t old = NodesOf(code);
  const std::uint64_t sum = old + nodes < old ? ~std::uint64_t{0} : old + nodes;
  return SizeCodeOf(sum);
}

}  // namespace endsolve::tt_entry

#endif  // ENDSOLVE_HASHTABLE_ENTRY_H_
