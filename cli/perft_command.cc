// `endsolve perft [--depth N] [POSITION or FILE ...]`: node counts of the
// full game tree, depth by depth, under the convention of board/perft.h.
#include <cstdio>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "board/perft.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/positions.h"

ABSL_FLAG(int, depth, 9,
          "perft: deepest depth to count (default 9); eval: plies of evaluation search (default 0)");

namespace endsolve::cli {

// Prints one table per position: for each depth from 1 to --depth, the leaf
// and internal counts, the time and the leaves per second.
int PerftCommand(int argc, char** argv) {
  auto args = ParseSubcommandFlags("perft", argc, argv, {"depth"});
  if (!args.ok()) {
    absl::FPrintF(stderr, "%s\n", args.status().message());
    return 2;
  }
  const int max_depth = absl::GetFlag(FLAGS_depth);
  if (max_depth < 1 || max_depth > 60) {
    absl::FPrintF(stderr, "endsolve perft: --depth: expected 1 to 60, found %d\n", max_depth);
    return 2;
  }
  LoadedPositions loaded;
  if (args->empty()) {
    Position initial;
    initial.board = Board::Initial();
    initial.label = "initial position";
    loaded.positions.push_back(initial);
  } else {
    loaded = LoadPositions(*args);
  }
  for (const absl::Status& e : loaded.errors) absl::FPrintF(stderr, "%s\n", e.message());
  for (const Position& p : loaded.positions) {
    absl::PrintF("perft %s: %s %c to move\n", PositionId(p), p.BoardString(), ColorChar(p.to_move));
    absl::PrintF("%5s %15s %15s %10s %14s\n", "depth", "leaves", "internal", "time (s)", "leaves/s");
    for (int depth = 1; depth <= max_depth; ++depth) {
      const absl::Time start = absl::Now();
      const NodeCounts counts = Perft(p.board, depth);
      const double seconds = absl::ToDoubleSeconds(absl::Now() - start);
      absl::PrintF("%5d %15d %15d %10.3f %14.0f\n", depth, counts.leaves, counts.internal, seconds,
                   seconds > 0 ? static_cast<double>(counts.leaves) / seconds : 0.0);
      std::fflush(stdout);
    }
  }
  return loaded.errors.empty() ? 0 : 2;
}

}  // namespace endsolve::cli
