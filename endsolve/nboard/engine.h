// What endsolve answers a GUI about one position: the value of every legal
// move (hints) and the move it would play. From `exact_empties` empty
// squares down both are exact: every move's final score, each given as soon
// as it is proven (the solver's all-moves solve, on all threads, in one
// table kept for the whole session); above that, the evaluation search that
// orders the exact one (solver/eval_order.h), `depth` plies deep, by
// iterations of one ply more each, every move valued at each. The engine
// holds no game: the protocol (session.h) gives it boards.
#ifndef ENDSOLVE_NBOARD_ENGINE_H_
#define ENDSOLVE_NBOARD_ENGINE_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/board/board.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/solver/solver.h"

namespace endsolve::nboard {

// One move's value as a GUI shows it.
struct Hint {
  int square = kNoMove;   // kPass when the side to move must pass
  std::vector<int> line;  // begins with `square`; the rest is known for the best move only
  double value = 0;       // discs, for the side to move
  bool exact = false;     // a proven final score; else the evaluation search's value
  int depth = 0;          // the evaluation search's plies (0 when exact)
};

// The empties from which an exact answer is the default: where every move's
// exact score takes a few seconds. At two threads FFO #40-#44 (20-23
// empties) gave their first exact hint within 0.5 s and every move's within
// 3.1 s, FFO #45-#46 (24 empties) within 10.1 s (docs/gui.md): 23 at two
// threads, 22 at one, and one more for each doubling of the threads, up to 26.
int DefaultExactEmpties(int threads);
// NBoard's own default midgame depth is the user's choice; this is the
// depth before any `set depth`.
inline constexpr int kDefaultDepth = 10;

struct EngineOptions {
  // Threads, table size, evaluator, ordering features: the solve's options
  // as the command line gave them (its table is replaced by the engine's).
  SolveOptions solve;
  int exact_empties = 22;
  int depth = kDefaultDepth;  // clamped to the evaluation search's deepest
};

class Engine {
 public:
  static absl::StatusOr<std::unique_ptr<Engine>> Create(const EngineOptions& options);

  // The evaluation search's plies, clamped to 1..kMaxEvalSearchDepth; the
  // depth in effect.
  int SetDepth(int depth);
  int depth() const { return depth_; }
  int exact_empties() const { return options_.exact_empties; }

  // Gives `sink` the values of the moves of `board`. Exact (at most
  // exact_empties empties): every move once, as it is proven, then the best
  // again with its line. Else, for each depth from 1 to depth(): the best
  // `count` moves, best first. A board where the side to move must pass
  // has the one move kPass; a finished game none. A Cancelled status when
  // `cancel` stopped it (what was given stands).
  absl::Status Hints(const Board& board, int count, const std::atomic<bool>& cancel,
                     const std::function<void(const Hint&)>& sink);

  // The move to play and its value, with the same searches as Hints (and
  // its thinking given to `sink` as they go). Cancelled when `cancel`
  // stopped it, FailedPrecondition when the game is over.
  absl::StatusOr<Hint> ChooseMove(const Board& board, const std::atomic<bool>& cancel,
                                  const std::function<void(const Hint&)>& sink);

  // Nodes of the exact searches and positions of the evaluation searches
  // since the engine was made, for the GUI's node count.
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

 private:
  Engine(const EngineOptions& options, std::unique_ptr<TranspositionTable> table);
  bool Exact(const Board& board) const { return board.EmptyCount() <= options_.exact_empties; }
  // The evaluation search's values of every move at each depth; the last
  // depth's, best first, or nothing when cancelled.
  std::vector<Hint> EvaluationHints(const Board& board, int count, const std::atomic<bool>& cancel,
                                    const std::function<void(const Hint&)>& sink);
  SolveOptions SolveOptionsFor(const std::atomic<bool>& cancel);

  EngineOptions options_;
  std::unique_ptr<TranspositionTable> table_;
  int depth_;
  std::atomic<std::uint64_t> nodes_{0};
};

}  // namespace endsolve::nboard

#endif  // ENDSOLVE_NBOARD_ENGINE_H_
