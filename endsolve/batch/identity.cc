#include "endsolve/batch/identity.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "endsolve/board/fnv.h"

namespace endsolve::batch {

std::uint64_t Fnv1a64(absl::string_view bytes) {
  return endsolve::Fnv1a64(std::string_view(bytes.data(), bytes.size()));
}

std::string HexHash(std::uint64_t hash) { return absl::StrFormat("%016x", hash); }

std::uint64_t KeyHash(const PositionKey& key) {
  return FnvWord(FnvWord(kFnvOffsetBasis, key.player), key.opponent);
}

std::uint64_t ItemHash(const PositionKey& key, const std::optional<ScoreWindow>& window) {
  if (!window) return KeyHash(key);
  // Offset so that the signed scores hash as bytes 0..128.
  const std::uint64_t window_word = static_cast<std::uint64_t>(window->lo + kNumSquares) << 8 |
                                    static_cast<std::uint64_t>(window->hi + kNumSquares);
  return FnvWord(KeyHash(key), window_word);
}

std::string BatchId(absl::string_view file, int line, std::uint64_t hash) {
  return absl::StrCat(file, ":", line, ":", HexHash(hash));
}

std::optional<BatchIdParts> SplitBatchId(absl::string_view id) {
  // FILE ends at the second colon from the right: a file name may hold
  // colons, LINE and HASH do not.
  const std::size_t hash_colon = id.rfind(':');
  if (hash_colon == absl::string_view::npos || hash_colon == 0) return std::nullopt;
  const std::size_t line_colon = id.rfind(':', hash_colon - 1);
  if (line_colon == absl::string_view::npos || line_colon == 0) return std::nullopt;
  BatchIdParts parts{id.substr(0, line_colon), 0, id.substr(hash_colon + 1)};
  const absl::string_view line = id.substr(line_colon + 1, hash_colon - line_colon - 1);
  const auto digit = [](char c) { return absl::ascii_isdigit(static_cast<unsigned char>(c)); };
  const auto hex = [&](char c) { return digit(c) || (c >= 'a' && c <= 'f'); };
  if (line.empty() || !std::all_of(line.begin(), line.end(), digit) ||
      !absl::SimpleAtoi(line, &parts.line) || parts.hash.size() != 16 ||
      !std::all_of(parts.hash.begin(), parts.hash.end(), hex)) {
    return std::nullopt;
  }
  return parts;
}

std::string CanonicalFileName(absl::string_view file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path path = fs::absolute(fs::path(std::string(file)), ec);
  if (ec) return std::string(file);
  path = path.lexically_normal();
  if (!path.has_filename()) return path.string();
  const fs::path folder = fs::weakly_canonical(path.parent_path(), ec);
  return ec ? path.string() : (folder / path.filename()).string();
}

// The FILE part ends at the second colon from the right: a file name may
// hold colons, LINE and HASH do not.
std::string ResumeKey(absl::string_view id,
                      std::map<std::string, std::string, std::less<>>* spellings) {
  const std::size_t hash_colon = id.rfind(':');
  if (hash_colon == absl::string_view::npos || hash_colon == 0) return std::string(id);
  const std::size_t line_colon = id.rfind(':', hash_colon - 1);
  int line = 0;
  if (line_colon == absl::string_view::npos || line_colon == 0 ||
      !absl::SimpleAtoi(id.substr(line_colon + 1, hash_colon - line_colon - 1), &line)) {
    return std::string(id);
  }
  const absl::string_view file = id.substr(0, line_colon);
  if (spellings == nullptr) return absl::StrCat(CanonicalFileName(file), id.substr(line_colon));
  auto it = spellings->find(file);
  if (it == spellings->end()) {
    it = spellings->emplace(std::string(file), CanonicalFileName(file)).first;
  }
  return absl::StrCat(it->second, id.substr(line_colon));
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
