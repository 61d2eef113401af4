#include "endsolve/nboard/engine.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "endsolve/board/fast_rules.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/solver/eval_order.h"

namespace endsolve::nboard {
namespace {

// The evaluation's value in discs, to the 1/100 the GUI shows.
double Discs(int units) { return std::round(100.0 * units / eval::kUnitsPerDisc) / 100.0; }

constexpr int kInfinity = search::EvalUnits(kNumSquares + 1);

absl::Status Stopped() { return absl::CancelledError("stopped by a new command"); }

}  // namespace

int DefaultExactEmpties(int threads) {
  const int doublings = std::bit_width(static_cast<unsigned>(std::max(1, threads))) - 1;
  return std::clamp(22 + doublings, 20, 26);
}

absl::StatusOr<std::unique_ptr<Engine>> Engine::Create(const EngineOptions& options) {
  if (absl::Status valid = ValidateOptions(options.solve); !valid.ok()) return valid;
  if (options.exact_empties < 0 || options.exact_empties > kNumSquares) {
    return absl::InvalidArgumentError(
        absl::StrCat("exact empties ", options.exact_empties, ": expected 0..64"));
  }
  absl::StatusOr<std::unique_ptr<TranspositionTable>> table =
      TranspositionTable::Create(options.solve.table);
  if (!table.ok()) return table.status();
  return std::unique_ptr<Engine>(new Engine(options, *std::move(table)));
}

Engine::Engine(const EngineOptions& options, std::unique_ptr<TranspositionTable> table)
    : options_(options), table_(std::move(table)), depth_(kDefaultDepth) {
  SetDepth(options.depth);
}

int Engine::SetDepth(int depth) {
  depth_ = std::clamp(depth, 1, search::kMaxEvalSearchDepth);
  return depth_;
}

SolveOptions Engine::SolveOptionsFor(const std::atomic<bool>& cancel) {
  SolveOptions solve = options_.solve;
  solve.tt = table_.get();
  solve.cancel = &cancel;
  // exact_empties is the guard here: the solver's own guard at its widest.
  solve.max_empties = kNumSquares - 4;
  // The searchers add their nodes as they go, for the GUI's node count.
  solve.live_nodes = &nodes_;
  return solve;
}

absl::Status Engine::Hints(const Board& board, int count, const std::atomic<bool>& cancel,
                           const std::function<void(const Hint&)>& sink) {
  if (board.IsGameOver()) return absl::OkStatus();
  if (!Exact(board)) {
    if (EvaluationHints(board, count, cancel, sink).empty()) return Stopped();
    return absl::OkStatus();
  }
  SolveOptions solve = SolveOptionsFor(cancel);
  solve.all_moves = true;
  solve.on_move_score = [&sink](const MoveScore& move) {
    sink({move.square, {move.square}, static_cast<double>(move.score), true, 0});
  };
  const absl::StatusOr<SolveResult> solved = Solve(board, solve);
  if (!solved.ok()) return solved.status();
  if (solved->stopped) return Stopped();
  sink({solved->best_move, solved->pv, static_cast<double>(solved->score), true, 0});
  return absl::OkStatus();
}

std::vector<Hint> Engine::EvaluationHints(const Board& board, int count,
                                          const std::atomic<bool>& cancel,
                                          const std::function<void(const Hint&)>& sink) {
  search::EvalSearch search(&eval::Evaluator::OrDefault(options_.solve.evaluator));
  search.SetCancel(&cancel);
  std::vector<Hint> hints;
  std::uint64_t counted = 0;
  for (int depth = 1; depth <= depth_; ++depth) {
    hints.clear();
    if (board.Moves() == 0) {
      // The one move is a pass: the position's own value, from the side that must pass.
      const int units = search.Value(board.player, board.opponent, depth, -kInfinity, kInfinity);
      hints.push_back({kPass, {kPass}, Discs(units), false, depth});
    } else {
      search.Reset(board.player, board.opponent);
      for (Bitboard moves = board.Moves(); moves != 0;) {
        const int square = PopFirstSquare(moves);
        const Bitboard flipped = fast::Flips(board.player, board.opponent, square);
        const Board child = board.PlayFlips(square, flipped);
        const int units = search.ChildValue(square, flipped, child.player, child.opponent,
                                            depth - 1, -kInfinity, kInfinity);
        if (search.stopped()) break;
        hints.push_back({square, {square}, Discs(units), false, depth});
      }
    }
    nodes_.fetch_add(search.nodes() - counted, std::memory_order_relaxed);
    counted = search.nodes();
    if (search.stopped()) return {};
    // Best first; among equals the lower square, the same order on every run.
    std::stable_sort(hints.begin(), hints.end(),
                     [](const Hint& a, const Hint& b) { return a.value > b.value; });
    const std::size_t given = std::min(hints.size(), static_cast<std::size_t>(std::max(1, count)));
    for (std::size_t i = 0; i < given; ++i) sink(hints[i]);
  }
  return hints;
}

absl::StatusOr<Hint> Engine::ChooseMove(const Board& board, const std::atomic<bool>& cancel,
                                        const std::function<void(const Hint&)>& sink) {
  if (board.IsGameOver()) return absl::FailedPreconditionError("the game is over: no move to play");
  if (!Exact(board)) {
    std::vector<Hint> hints = EvaluationHints(board, 1, cancel, sink);
    if (hints.empty()) return Stopped();
    return hints.front();
  }
  const absl::StatusOr<SolveResult> solved = Solve(board, SolveOptionsFor(cancel));
  if (!solved.ok()) return solved.status();
  if (solved->stopped) return Stopped();
  Hint best{solved->best_move, solved->pv, static_cast<double>(solved->score), true, 0};
  sink(best);
  return best;
}

}  // namespace endsolve::nboard
