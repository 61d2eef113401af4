// `endsolve analyse GAME...`: the exact analysis of played games
// (endsolve/analysis/game_analysis.h): from --from-empties to the end, every
// position where the side to move had a choice, every move's exact score
// and the move played against the best. A table per game (or --json, one
// line per position), the mistakes summed per side, and with --svg the
// exact score along the game drawn. --cache FILE keeps every position's
// scores (a batch results file) so that a later analysis reuses them, in
// any orientation.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/analysis/game_analysis.h"
#include "endsolve/analysis/score_cache.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/board/notation.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/output_flags.h"
#include "endsolve/cli/positions.h"
#include "endsolve/cli/search_flags.h"
#include "endsolve/output/output_path.h"
#include "endsolve/output/write_file.h"
#include "endsolve/picture/score_chart.h"
#include "endsolve/positions/arguments.h"
#include "nlohmann/json.hpp"

namespace endsolve::cli {
namespace {

struct AnalyseArgs {
  std::vector<std::string> games;
  int from_empties = 20;
  std::string cache;
  std::string svg;
  bool json = false;
  InputArgs input;
  SearchArgs search;  // --threads, --hash-mb and --eval alone
};

std::string ScoreList(const std::vector<MoveScore>& scores) {
  std::string text;
  for (const MoveScore& m : scores) {
    absl::StrAppend(&text, text.empty() ? "" : " ", SquareName(m.square), ":", FormatScore(m.score));
  }
  return text;
}

// Black's view of a score for the side to move.
int ForBlack(const analysis::MoveAnalysis& m, int score) {
  return m.position.to_move == Color::kBlack ? score : -score;
}

void PrintTable(const analysis::GameAnalysis& a) {
  const analysis::Game& game = *a.game;
  absl::PrintF("%s", game.id);
  if (!game.black.empty() || !game.white.empty()) {
    absl::PrintF(" (black %s, white %s)", game.black, game.white);
  }
  absl::PrintF(", from %d empties\n", a.from_empties);
  absl::PrintF("%4s %4s %4s %6s %6s %6s %6s %5s %s\n", "ply", "emp", "side", "played", "score",
               "best", "score", "loss", "source");
  int lost[2] = {0, 0}, mistakes[2] = {0, 0};
  for (const analysis::MoveAnalysis& m : a.moves) {
    absl::PrintF("%4d %4d %4c %6s %6s %6s %6s %5d %s\n", m.ply, m.position.board.EmptyCount(),
                 ColorChar(m.position.to_move), SquareName(m.played), FormatScore(m.played_score),
                 SquareName(m.scores.front().square), FormatScore(m.best_score()), m.loss(),
                 m.cached ? "cache" : "solved");
    const int side = m.position.to_move == Color::kBlack ? 0 : 1;
    if (m.loss() > 0) {
      ++mistakes[side];
      lost[side] += m.loss();
    }
  }
  absl::PrintF("mistakes: black %d (%d discs), white %d (%d discs)\n\n", mistakes[0], lost[0],
               mistakes[1], lost[1]);
}

void PrintJson(const analysis::GameAnalysis& a) {
  for (const analysis::MoveAnalysis& m : a.moves) {
    nlohmann::ordered_json j;
    j["game"] = a.game->id;
    j["ply"] = m.ply;
    j["empties"] = m.position.board.EmptyCount();
    j["position"] = absl::StrCat(m.position.BoardString(), " ", std::string(1, ColorChar(m.position.to_move)));
    j["played"] = SquareName(m.played);
    j["played_score"] = m.played_score;
    j["best"] = SquareName(m.scores.front().square);
    j["best_score"] = m.best_score();
    j["loss"] = m.loss();
    j["move_scores"] = ScoreList(m.scores);
    j["source"] = m.cached ? "cache" : "solved";
    absl::PrintF("%s\n", j.dump());
  }
  std::fflush(stdout);
}

std::string Chart(const analysis::GameAnalysis& a) {
  std::vector<ScorePoint> points;
  for (const analysis::MoveAnalysis& m : a.moves) {
    ScorePoint p;
    p.empties = m.position.board.EmptyCount();
    p.black_score = ForBlack(m, m.best_score());
    if (m.loss() > 0) p.mistake = absl::StrCat(SquareName(m.played), " -", m.loss());
    points.push_back(p);
  }
  return ScoreChartSvg(absl::StrCat(a.game->id, ": the exact score from ", a.from_empties, " empties"),
                       points);
}

int RunAnalyse(const AnalyseArgs& args) {
  constexpr char kCommand[] = "endsolve analyse";
  std::optional<std::pair<int, int>> range;
  if (!args.input.range.empty()) range = *ParseRange(args.input.range);  // checked as it was parsed
  if (absl::Status s = CheckOutputPath("--svg", args.svg, SvgPicture(), args.games); !s.ok()) {
    return Fail(kCommand, s.message());
  }
  if (absl::Status s = CheckOutputPath("--cache", args.cache, batch::ResultsFileKind(), args.games);
      !s.ok()) {
    return Fail(kCommand, s.message());
  }
  std::vector<analysis::Game> games;
  for (const std::string& argument : args.games) {
    absl::StatusOr<std::vector<analysis::Game>> read = analysis::ReadGames(argument, range);
    if (!read.ok()) return Fail(kCommand, read.status().message());
    for (analysis::Game& g : *read) games.push_back(std::move(g));
  }
  if (games.empty()) return Fail(kCommand, "no game to analyse (--range selects none)");
  if (!args.svg.empty() && games.size() != 1) {
    return Fail(kCommand, absl::StrFormat("--svg draws one game; found %d", games.size()));
  }
  absl::StatusOr<SolveOptions> options = ToSolveOptions(args.search);
  if (!options.ok()) return Fail(kCommand, options.status().message());
  std::unique_ptr<analysis::ScoreCache> cache;
  if (!args.cache.empty()) {
    absl::StatusOr<std::unique_ptr<analysis::ScoreCache>> opened = analysis::ScoreCache::Open(args.cache);
    if (!opened.ok()) return FailWrite(kCommand, opened.status().message());
    cache = *std::move(opened);
  }
  for (const analysis::Game& game : games) {
    absl::StatusOr<analysis::GameAnalysis> a =
        analysis::AnalyseGame(game, args.from_empties, *options, cache.get());
    if (!a.ok()) return FailWrite(kCommand, a.status().message());
    if (args.json) {
      PrintJson(*a);
    } else {
      PrintTable(*a);
    }
    if (!args.svg.empty()) {
      if (absl::Status w = WriteFileAtomically(args.svg, Chart(*a)); !w.ok()) {
        return FailWrite(kCommand, w.message());
      }
    }
  }
  return kExitOk;
}

}  // namespace

void AddAnalyseCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<AnalyseArgs>();
  CLI::App* app = root.add_subcommand(
      "analyse", "every move's exact score along played games, from a number of empties; the mistakes");
  AddPositionals(*app, "GAME", args->games,
                 "games: move transcripts (f5d6c3...), .ggf or .wtb files (every game, or --range)")
      ->required();
  app->add_option("--from-empties", args->from_empties,
                  "analyse every position from this many empty squares to the end")
      ->check(InRange(0, 30, "a number of empty squares"));
  app->add_option("--cache", args->cache,
                  "a results file that keeps every analysed position's scores for the next analysis "
                  "(found up to symmetry)");
  app->add_option("--svg", args->svg, "draw the exact score along the game (one game) into this SVG file");
  AddRangeOption(*app, args->input);
  AddJsonOption(*app, args->json);
  AddThreadsOption(*app, args->search.threads);
  AddHashMbOption(*app, args->search.hash_mb);
  AddEvalOption(*app, args->search.eval);
  runs[app] = [args](const std::vector<std::string>&) { return RunAnalyse(*args); };
}

}  // namespace endsolve::cli
