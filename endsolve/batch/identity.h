// Who a batch position is: its stable id, the hash of its key with the
// board's eight symmetries taken out (endsolve/board/symmetry.h), and the shard it
// belongs to.
//
// Ids and shards must come out the same on every machine, build and run, or
// resume would solve finished positions again and shards would overlap; so
// every hash here is FNV-1a over explicitly ordered bytes, never std::hash.
#ifndef ENDSOLVE_BATCH_IDENTITY_H_
#define ENDSOLVE_BATCH_IDENTITY_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "endsolve/board/position.h"
#include "endsolve/board/symmetry.h"

namespace endsolve::batch {

// 64-bit FNV-1a of `bytes`.
std::uint64_t Fnv1a64(absl::string_view bytes);

// 16 lower-case hex digits, the spelling of hashes inside ids.
std::string HexHash(std::uint64_t hash);

// FNV-1a of the key's 16 bytes, player then opponent, each little-endian.
std::uint64_t KeyHash(const PositionKey& key);

// The HASH of a position's id: KeyHash, or for a position with a window
// (a prove unit) the FNV-1a of the key's bytes and then the window's, so
// that one position under two windows has two ids and two results.
std::uint64_t ItemHash(const PositionKey& key, const std::optional<ScoreWindow>& window);

// "FILE:LINE:HASH", e.g. "ffo/fforum-1-19.obf:3:9f3ac0de12345678". FILE is
// spelled as on the command line; HASH is KeyHash for a good position and
// the FNV-1a of the raw line for a bad one.
std::string BatchId(absl::string_view file, int line, std::uint64_t hash);

// The parts of an id of BatchId's form, FILE (not empty), LINE (digits) and
// HASH (16 lower-case hex digits) joined by colons; nullopt for any other
// id (a label, an id a user wrote).
struct BatchIdParts {
  absl::string_view file;
  int line = 0;
  absl::string_view hash;
};
std::optional<BatchIdParts> SplitBatchId(absl::string_view id);

// The one spelling of a file whichever way its path was written: absolute,
// lexically normal (no ".", "..", or doubled '/'), its folder's symbolic
// links resolved; the file's own name is kept as written (so /dev/stdin stays
// itself). in.obf, ./in.obf, sub/../in.obf and /abs/in.obf, run in /abs,
// all read /abs/in.obf.
std::string CanonicalFileName(absl::string_view file);

// What resume matches a record by: its id with FILE in CanonicalFileName's
// spelling, so that a batch resumed under another spelling of the same input
// path finds its records; an id not of the form FILE:LINE:HASH is its own
// key. Ids themselves keep the path as given. `spellings`, when given, keeps
// each FILE's canonical name, so that a file of many records asks the file
// system once per input file.
std::string ResumeKey(absl::string_view id,
                      std::map<std::string, std::string, std::less<>>* spellings = nullptr);

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
