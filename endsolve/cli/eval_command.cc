// `endsolve eval FILE_OR_POSITION...`: what the evaluation believes of each
// position, in discs for the side to move: the static evaluation, or with
// --depth N the value of an N-ply evaluation search (exact where the game
// ends within it), or with --selective N the exact solve's own estimate
// (its presearch and first N selective passes, searched to the end of the
// game: solver.h's EstimateScore). When the input has answers, each row
// shows the error against the best score, and the summary the mean
// absolute error.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/output_flags.h"
#include "endsolve/cli/positions.h"
#include "endsolve/cli/search_flags.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/solver/eval_order.h"
#include "endsolve/solver/solver.h"
#include "nlohmann/json.hpp"

namespace endsolve::cli {
namespace {

struct EvalArgs {
  std::vector<std::string> inputs;
  int depth = 0;
  int selective = -1;  // passes; -1: an evaluation search of `depth` plies
  int threads = kDefaultThreads;
  int hash_mb = kDefaultHashMb;
  bool json = false;
  std::string eval;
  int max_empties = kDefaultMaxEmpties;
  InputArgs input;
};

int RunEval(const EvalArgs& args) {
  const int depth = args.depth;
  auto evaluator = eval::Evaluator::Load(args.eval);
  if (!evaluator.ok()) return Fail("endsolve eval", absl::StrCat("--eval: ", evaluator.status().message()));
  std::optional<LoadedPositions> read =
      SelectInputs("endsolve eval", LoadPositions(args.inputs, args.input.read_options()), args.input);
  if (!read) return kExitBadInput;
  const std::vector<Position>& selected = read->positions;
  // Selective passes search to the end of the game, as a solve does.
  if (args.selective > 0 && !WithinMaxEmpties("endsolve eval", selected, args.max_empties)) {
    return kExitBadInput;
  }
  const bool json = args.json;
  const int id_width = std::max(12, IdColumnWidth(selected));
  if (!json) absl::PrintF("%-*s %4s %7s %7s %6s\n", id_width, "id", "emp", "eval", "expect", "error");
  double abs_error = 0;
  int with_answers = 0;
  for (const Position& position : selected) {
    const Board& board = position.board;
    double discs = 0;
    std::optional<ScoreEstimate> estimate;
    if (args.selective >= 0) {
      SolveOptions options;
      options.evaluator = *evaluator;
      options.threads = ThreadCount(args.threads);
      options.table.size_mib = static_cast<std::size_t>(args.hash_mb);
      options.max_empties = args.max_empties;
      absl::StatusOr<ScoreEstimate> e = EstimateScore(board, options, args.selective);
      if (!e.ok()) return Fail("endsolve eval", e.status().message());
      estimate = *e;
      discs = e->score;
    } else {
      discs = search::EvalSearchDiscs(**evaluator, board.player, board.opponent, depth);
    }
    const std::string id = PositionId(position);
    double error = 0;
    if (position.HasAnswers()) {
      error = discs - position.ExpectedScore();
      abs_error += std::abs(error);
      ++with_answers;
    }
    if (json) {
      // Keys in the order written, as solve --json writes them.
      nlohmann::ordered_json line = {{"id", id}, {"empties", board.EmptyCount()}};
      if (estimate) {
        line["selective_passes"] = args.selective;
        line["eval"] = estimate->score;
        line["best_move"] = SquareName(estimate->best_move);
        line["nodes"] = estimate->nodes.total();
        line["seconds"] = absl::ToDoubleSeconds(estimate->time);
      } else {
        line["depth"] = depth;
        line["eval"] = discs;
      }
      if (position.HasAnswers()) {
        line["expected_score"] = position.ExpectedScore();
        line["error"] = std::round(100.0 * error) / 100.0;
      }
      absl::PrintF("%s\n", line.dump());
    } else if (position.HasAnswers()) {
      absl::PrintF("%-*s %4d %+7.2f %+7d %+6.2f\n", id_width, id, board.EmptyCount(), discs,
                   position.ExpectedScore(), error);
    } else {
      absl::PrintF("%-*s %4d %+7.2f %7s %6s\n", id_width, id, board.EmptyCount(), discs, "", "");
    }
  }
  std::string summary = absl::StrFormat(
      "evaluated %d, %s, input errors %d", selected.size(),
      args.selective >= 0 ? absl::StrFormat("%d selective passes", args.selective)
                          : absl::StrFormat("depth %d", depth),
      read->errors.size());
  if (with_answers > 0) absl::StrAppendFormat(&summary, ", MAE %.2f over %d with answers", abs_error / with_answers, with_answers);
  absl::FPrintF(json ? stderr : stdout, "%s\n", summary);
  return read->errors.empty() ? kExitOk : kExitBadInput;
}

}  // namespace

void AddEvalCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<EvalArgs>();
  CLI::App* app = root.add_subcommand(
      "eval", "prints what the evaluation believes of each position, in discs for the side to move");
  AddPositionInputs(*app, args->inputs);
  app->add_option("--depth", args->depth,
                  "plies of evaluation search (0: the static evaluation); exact where the game "
                  "ends within them")
      ->check(InRange(0, search::kMaxEvalSearchDepth, "a number of plies"));
  CLI::Option* selective =
      app->add_option("--selective", args->selective,
                      absl::StrFormat("the exact solve's estimate instead: its presearch and its "
                                      "first N selective passes (ProbCut searches to the end of "
                                      "the game, margins 8, 12, 16 discs; 0..%d)",
                                      kSelectivePasses))
          ->check(InRange(0, kSelectivePasses, "a number of selective passes"));
  app->get_option("--depth")->excludes(selective);
  // The search options act only on --selective's search.
  AddThreadsOption(*app, args->threads)->needs(selective);
  AddHashMbOption(*app, args->hash_mb)->needs(selective);
  AddMaxEmptiesOption(*app, args->max_empties)->needs(selective);
  AddJsonOption(*app, args->json);
  AddEvalOption(*app, args->eval);
  AddRangeOption(*app, args->input);
  AddEmptiesOption(*app, args->input);
  runs[app] = [args](const std::vector<std::string>&) { return RunEval(*args); };
}

}  // namespace endsolve::cli
