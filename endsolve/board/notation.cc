#include "endsolve/board/notation.h"

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "endsolve/board/bitboard.h"

namespace endsolve {

std::string FormatScore(int score) { return absl::StrFormat("%+d", score); }

std::string FormatPv(const std::vector<int>& pv) {
  return absl::StrJoin(pv, " ", [](std::string* out, int sq) { out->append(SquareName(sq)); });
}

}  // namespace endsolve
