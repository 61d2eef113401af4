// libFuzzer target: the readers of position text. The first byte chooses
// the reader: an .obf file, a .pos file, or one command-line argument (a
// position line or a move transcript). Every position read must be a legal
// board (no square held twice) that survives a round trip through .obf.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "endsolve/positions/position_io.h"

using endsolve::ParsePositions;
using endsolve::ParsePositionText;
using endsolve::Position;

namespace {

void CheckRoundTrip(const Position& p) {
  if ((p.board.player & p.board.opponent) != 0) __builtin_trap();
  const auto again = ParsePositionText(endsolve::FormatObf(p), "round trip");
  if (!again.ok() || again->board.player != p.board.player ||
      again->board.opponent != p.board.opponent || again->to_move != p.to_move) {
    __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 3) {
    case 0:
      for (const Position& p : ParsePositions(text, "fuzz.obf").positions) CheckRoundTrip(p);
      break;
    case 1:
      for (const Position& p : ParsePositions(text, "fuzz.pos").positions) CheckRoundTrip(p);
      break;
    default:
      if (auto p = ParsePositionText(text, "argument 1"); p.ok()) CheckRoundTrip(*p);
  }
  return 0;
}
