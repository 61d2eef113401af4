// libFuzzer target: the WTHOR (.wtb) reader, then the positions it gives at
// the file's own depth and at 20 empties. Every game the reader accepts was
// replayed legally, so every position taken from it must be a legal board.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "endsolve/positions/wthor.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const endsolve::WthorFile file = endsolve::ParseWthor(bytes, "WTH_2000.wtb");
  for (const std::optional<int> empties : {std::optional<int>(), std::optional<int>(20)}) {
    for (const endsolve::Position& p : endsolve::WthorPositions(file, empties, "WTH_2000.wtb").positions) {
      if ((p.board.player & p.board.opponent) != 0) __builtin_trap();
    }
  }
  return 0;
}
