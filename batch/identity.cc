#include "batch/identity.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "board/fnv.h"

namespace endsolve::batch {

std::uint64_t Fnv1a64(absl::string_view bytes) {
  return endsolve::Fnv1a64(std::string_view(bytes.data(), bytes.size()));
}

std::string HexHash(std::uint64_t hash) { return absl::StrFormat("%016x", hash); }

std::uint64_t KeyHash(const PositionKey& key) {
  return FnvWord(FnvWord(kFnvOffsetBasis, key.player), key.opponent);
}

std::string BatchId(absl::string_view file, int line, std::uint64_t hash) {
  return absl::StrCat(file, ":", line, ":", HexHash(hash));
}

absl::StatusOr<Shard> ParseShard(absl::string_view text) {
  const std::vector<absl::string_view> parts = absl::StrSplit(text, '/');
  Shard shard;
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &shard.index) ||
      !absl::SimpleAtoi(parts[1], &shard.count) || shard.count < 1 || shard.index < 1 ||
      shard.index > shard.count) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected K/N with 1 <= K <= N, such as 2/8, found '", text, "'"));
  }
  return shard;
}

std::string FormatShard(const Shard& shard) { return absl::StrCat(shard.index, "/", shard.count); }

bool InShard(absl::string_view id, const Shard& shard) {
  return Fnv1a64(id) % static_cast<std::uint64_t>(shard.count) ==
         static_cast<std::uint64_t>(shard.index - 1);
}

}  // namespace endsolve::batch
