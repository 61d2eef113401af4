// libFuzzer target: the GGF reader (positions/ggf.h), as NBoard's `set game`
// lines and GGS's game files reach it. Every game it accepts was replayed
// legally, so each position along it is a legal board, and what ToGgf
// writes of it reads back as the same game.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "endsolve/positions/ggf.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const endsolve::GgfFile file = endsolve::ParseGgfFile(text, "games.ggf");
  for (const endsolve::GgfGame& game : file.games) {
    for (std::size_t plies = 0; plies <= game.moves.size(); ++plies) {
      const endsolve::Board board = game.After(plies).board;
      if ((board.player & board.opponent) != 0) __builtin_trap();
    }
    const absl::StatusOr<endsolve::GgfGame> back =
        endsolve::ParseGgfGame(endsolve::ToGgf(game), "written");
    if (!back.ok() || back->moves != game.moves || !(back->start == game.start) ||
        back->black != game.black || back->white != game.white || back->result != game.result) {
      __builtin_trap();
    }
  }
  return 0;
}
