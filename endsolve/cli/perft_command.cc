// `endsolve perft [POSITION_OR_FILE...]`: node counts of the
// full game tree, depth by depth, under the convention of endsolve/board/node_counts.h:
// a table per position, or with --json one object per position.
#include <cstdio>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "endsolve/board/perft.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/output_flags.h"
#include "endsolve/cli/positions.h"
#include "nlohmann/json.hpp"

namespace endsolve::cli {

namespace {

struct PerftArgs {
  std::vector<std::string> inputs;
  int depth = 9;
  bool json = false;
  InputArgs input;
};

// Prints one table per position: for each depth from 1 to --depth, the leaf
// and internal counts, the time and the leaves per second.
int RunPerft(const PerftArgs& args) {
  const int max_depth = args.depth;
  LoadedPositions loaded;
  if (args.inputs.empty()) {
    Position initial;
    initial.board = Board::Initial();
    initial.label = "initial position";
    loaded.positions.push_back(initial);
  } else {
    loaded = LoadPositions(args.inputs, args.input.read_options());
  }
  std::optional<LoadedPositions> read = SelectInputs("endsolve perft", std::move(loaded), args.input);
  if (!read) return kExitBadInput;
  for (const Position& p : read->positions) {
    nlohmann::ordered_json depths = nlohmann::ordered_json::array();
    if (!args.json) {
      absl::PrintF("perft %s: %s %c to move\n", PositionId(p), p.BoardString(),
                   ColorChar(p.to_move));
      absl::PrintF("%5s %15s %15s %10s %14s\n", "depth", "leaves", "internal", "time (s)",
                   "leaves/s");
    }
    for (int depth = 1; depth <= max_depth; ++depth) {
      const absl::Time start = absl::Now();
      const NodeCounts counts = Perft(p.board, depth);
      const double seconds = absl::ToDoubleSeconds(absl::Now() - start);
      if (args.json) {
        depths.push_back({{"depth", depth},
                          {"leaves", counts.leaves},
                          {"internal", counts.internal},
                          {"seconds", seconds}});
        continue;
      }
      absl::PrintF("%5d %15d %15d %10.3f %14.0f\n", depth, counts.leaves, counts.internal, seconds,
                   seconds > 0 ? static_cast<double>(counts.leaves) / seconds : 0.0);
      std::fflush(stdout);
    }
    if (args.json) {
      nlohmann::ordered_json j;
      j["id"] = PositionId(p);
      j["position"] = absl::StrCat(p.BoardString(), " ", std::string(1, ColorChar(p.to_move)));
      j["depths"] = depths;
      absl::PrintF("%s\n", j.dump());
      std::fflush(stdout);
    }
  }
  return read->errors.empty() ? kExitOk : kExitBadInput;
}

}  // namespace

void AddPerftCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<PerftArgs>();
  CLI::App* app = root.add_subcommand(
      "perft", "counts the game tree's leaves and internal nodes, depth by depth");
  AddPositionals(*app, "POSITION_OR_FILE", args->inputs, "positions or position files (-: standard input) to count from (default: the initial one)");
  app->add_option("--depth", args->depth, "the deepest depth to count")
      ->check(InRange(1, kMaxPerftDepth, "a depth"));
  AddRangeOption(*app, args->input);
  AddEmptiesOption(*app, args->input);
  AddJsonOption(*app, args->json);
  runs[app] = [args](const std::vector<std::string>&) { return RunPerft(*args); };
}

}  // namespace endsolve::cli
