// Measurements, not checks of speed: FFO #40-#49 one position at a time,
// and the ablation of every ordering feature and cutoff on #40-#44. Both
// print tables (run the binary directly to see them) and assert only that
// every answer is right. Labelled "slow": they take minutes.
#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "board/position_io.h"
#include "gtest/gtest.h"
#include "solver/solver.h"

namespace endsolve {
namespace {

std::vector<Position> FfoPositions(int first, int last) {
  const auto read =
      ReadPositionFile(std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-40-59.obf");
  EXPECT_TRUE(read.ok()) << read.status();
  std::vector<Position> positions;
  for (const Position& p : read->positions) {
    const int number = std::stoi(p.label.substr(1));
    if (number >= first && number <= last) positions.push_back(p);
  }
  return positions;
}

struct Totals {
  NodeCounts nodes;
  double seconds = 0;
};

// Solves each position with a cleared 256 MiB table (the CLI's default);
// checks the score and that the move is one the answers list with it.
Totals SolveAll(const std::vector<Position>& positions, const SearchFeatures& features,
                bool print_each) {
  TTOptions tt_options;
  tt_options.size_mib = 256;
  auto table = TranspositionTable::Create(tt_options);
  EXPECT_TRUE(table.ok());
  Totals totals;
  for (const Position& p : positions) {
    (*table)->Clear();
    SolveOptions options;
    options.tt = table->get();
    options.features = features;
    const SolveResult result = Solve(p.board, options);
    EXPECT_EQ(result.score, p.ExpectedScore()) << p.label;
    bool listed = false;
    for (const MoveScore& a : p.answers) {
      listed |= a.square == result.best_move && a.score == p.ExpectedScore();
    }
    EXPECT_TRUE(listed) << p.label << " " << SquareName(result.best_move);
    const double seconds = absl::ToDoubleSeconds(result.time);
    totals.nodes += result.nodes;
    totals.seconds += seconds;
    if (print_each) {
      std::printf("| %s | %d | %s | %+d | %s | %s | %.2f | %.1f |\n", p.label.c_str(),
                  p.board.EmptyCount(), SquareName(result.best_move).c_str(), result.score,
                  absl::StrFormat("%d", result.nodes.total()).c_str(),
                  absl::StrFormat("%d", result.nodes.internal).c_str(), seconds,
                  static_cast<double>(result.nodes.total()) / seconds / 1e6);
      std::fflush(stdout);
    }
  }
  return totals;
}

TEST(FfoBench, Positions40To49) {
  std::printf("| # | empties | move | score | nodes | internal | time (s) | M nodes/s |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  const Totals t = SolveAll(FfoPositions(40, 49), SearchFeatures{}, true);
  std::printf("| total | | | | %s | %s | %.2f | %.1f |\n",
              absl::StrFormat("%d", t.nodes.total()).c_str(),
              absl::StrFormat("%d", t.nodes.internal).c_str(), t.seconds,
              static_cast<double>(t.nodes.total()) / t.seconds / 1e6);
}

TEST(FfoBench, Ablation40To44) {
  const std::vector<Position> positions = FfoPositions(40, 44);
  struct Variant {
    std::string name;
    SearchFeatures features;
  };
  std::vector<Variant> variants;
  const SearchFeatures defaults;
  variants.push_back({"defaults", defaults});
  auto add = [&](const std::string& name, auto change) {
    SearchFeatures f = defaults;
    change(f);
    variants.push_back({name, f});
  };
  add("tt_move off", [](SearchFeatures& f) { f.tt_move = false; });
  add(defaults.history ? "history off" : "history on",
      [](SearchFeatures& f) { f.history = !f.history; });
  add("fastest_first off", [](SearchFeatures& f) { f.fastest_first = false; });
  add("parity off", [](SearchFeatures& f) { f.parity = false; });
  add("etc off", [](SearchFeatures& f) { f.etc = false; });
  add("stability off", [](SearchFeatures& f) { f.stability = false; });
  add("aspiration off", [](SearchFeatures& f) { f.aspiration = false; });
  add("eval ordering off", [](SearchFeatures& f) { f.eval = false; });
  add("presearch off (first guess 0)", [](SearchFeatures& f) { f.presearch = false; });
  add("selective passes off", [](SearchFeatures& f) { f.selective = false; });
  add("eval ordering, presearch and selective passes off",
      [](SearchFeatures& f) { f.eval = f.presearch = f.selective = false; });
  for (int k : {0, 1, 2, 4, 8, 16, 32}) {
    if (k != defaults.killers) {
      add(absl::StrFormat("killers %d", k), [k](SearchFeatures& f) { f.killers = k; });
    }
  }
  std::printf("| variant | nodes | internal | time (s) | nodes vs defaults |\n");
  std::printf("|---|---|---|---|---|\n");
  double base = 0;
  for (const Variant& v : variants) {
    const Totals t = SolveAll(positions, v.features, false);
    if (base == 0) base = static_cast<double>(t.nodes.total());
    std::printf("| %s | %s | %s | %.2f | %+.1f%% |\n", v.name.c_str(),
                absl::StrFormat("%d", t.nodes.total()).c_str(),
                absl::StrFormat("%d", t.nodes.internal).c_str(), t.seconds,
                100.0 * (static_cast<double>(t.nodes.total()) / base - 1));
    std::fflush(stdout);
  }
}

}  // namespace
}  // namespace endsolve
