// Who a batch position is: its stable id, its key with the board's eight
// symmetries taken out, and the shard it belongs to.
//
// Ids and shards must come out the same on every machine, build and run, or
// resume would solve finished positions again and shards would overlap; so
// every hash here is FNV-1a over explicitly ordered bytes, never std::hash.
#ifndef ENDSOLVE_BATCH_IDENTITY_H_
#define ENDSOLVE_BATCH_IDENTITY_H_

#include <compare>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "board/board.h"

namespace endsolve::batch {

// 64-bit FNV-1a of `bytes`.
std::uint64_t Fnv1a64(absl::string_view bytes);

// 16 lower-case hex digits, the spelling of hashes inside ids.
std::string HexHash(std::uint64_t hash);

// A position up to symmetry: the canonical image of the board (board/
// symmetry.h), seen from the side to move. Two positions with equal keys have
// the same score, and their moves correspond through SymmetryBetween.
struct PositionKey {
  Bitboard player = 0;
  Bitboard opponent = 0;
  friend auto operator<=>(const PositionKey&, const PositionKey&) = default;
};
PositionKey KeyOf(const Board& board);

// FNV-1a of the key's 16 bytes, player then opponent, each little-endian.
std::uint64_t KeyHash(const PositionKey& key);

// "FILE:LINE:HASH", e.g. "ffo/fforum-1-19.obf:3:9f3ac0de12345678". FILE is
// spelled as on the command line; HASH is KeyHash for a good position and
// the FNV-1a of the raw line for a bad one.
std::string BatchId(absl::string_view file, int line, std::uint64_t hash);

// The symmetry s (0..7) with Transform(from, s) == to, or -1 when `to` is no
// image of `from`. A move m of `from` is TransformSquare(m, s) in `to`.
int SymmetryBetween(const Board& from, const Board& to);

// A 1/count share of a batch: shard `index` of `count`, 1 <= index <= count.
struct Shard {
  int index = 1;
  int count = 1;
  friend bool operator==(const Shard&, const Shard&) = default;
};

// Parses "K/N" as written after --shard.
absl::StatusOr<Shard> ParseShard(absl::string_view text);
std::string FormatShard(const Shard& shard);

// True when the position with this id belongs to the shard: FNV-1a of the id
// modulo count equals index - 1. Deterministic, so N machines given the same
// inputs split them without talking to each other.
bool InShard(absl::string_view id, const Shard& shard);

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_IDENTITY_H_
