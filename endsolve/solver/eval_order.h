// Ordering by evaluation: the value of a child position from a shallow
// search with the pattern evaluation (eval/), for the move-ordering key of
// the nodes high in the tree.
//
// Fastest-first (move_order.h) guesses which move leaves the opponent the
// fewest replies; from about 16 empties up it often misses the move that is
// simply best, and a node whose first move is not its best pays with a
// whole extra subtree. Every strong engine orders those nodes by a shallow
// search with a trained evaluation; this is ours. The search makes and
// undoes moves on one incremental PatternState (endsolve/eval/evaluator.h), so a
// leaf costs one table lookup per pattern instance.
//
// The searches here are not nodes of the solve (docs/solving.md: "Scores and node
// counts"), like the table's probes.
#ifndef ENDSOLVE_SOLVER_EVAL_ORDER_H_
#define ENDSOLVE_SOLVER_EVAL_ORDER_H_

#include <array>
#include <atomic>
#include <cstdint>

#include "endsolve/board/bitboard.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/solver/settings.h"

namespace endsolve::search {

// The deepest evaluation search `endsolve eval --depth` and the Python
// module's evaluate() accept: the search has no table, so depth 14 may take
// seconds (depth 12 of 3 positions: 0.63 s of CPU; 133 s before the sort of
// kOrderedEvalSearchDepth).
inline constexpr int kMaxEvalSearchDepth = 14;

class EvalSearch {
 public:
  explicit EvalSearch(const eval::Evaluator* evaluator) : evaluator_(evaluator) { ClearKillers(); }

  // Starts a search tree at (player, opponent): the side to move is side A.
  void Reset(Bitboard player, Bitboard opponent) {
    state_ = eval::PatternState::FromDiscs(player, opponent);
  }

  // The value, in evaluation units for the side to move, of the child reached
  // by the side to move of the Reset() position playing `square` (flipping
  // `flipped`), searched `depth` plies below the child with alpha-beta in
  // (alpha, beta) from the child's side; exact where the game ends.
  // (child_player, child_opponent) is the child seen from its side to move.
  int ChildValue(int square, Bitboard flipped, Bitboard child_player, Bitboard child_opponent,
                 int depth, int alpha, int beta);

  // The value of (player, opponent) itself searched `depth` plies, for the
  // side to move, in evaluation units: `endsolve eval --depth`, and the
  // presearch at a root without moves (presearch.h).
  int Value(Bitboard player, Bitboard opponent, int depth, int alpha, int beta);

  // Positions this object has searched, for the presearch's count (the
  // ordering searches are not reported).
  std::uint64_t nodes() const { return nodes_; }

  // A flag that stops the searches when true (null: none, as in the exact
  // search's ordering, whose searches are a few plies). It is looked at in
  // the nodes of kOrderedEvalSearchDepth plies or more, each below a
  // millisecond's search, so that a GUI's deep search stops at once. Once
  // it has stopped a search, stopped() is true and values are meaningless.
  void SetCancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }
  bool stopped() const { return stopped_; }

 private:
  // Negamax over `depth` plies in (alpha, beta), fail-soft; a_to_move says
  // whose turn it is in terms of the state's sides.
  int Search(Bitboard player, Bitboard opponent, bool a_to_move, int depth, int alpha, int beta);
  // Forgets the killers: each search (ChildValue, Value) starts without
  // them, so that a child's value is that of its own search, whatever this
  // object searched before (tests/solver/move_order_test.cc).
  void ClearKillers() { killers_.fill(kNoKiller); }

  static constexpr std::int8_t kNoKiller = -1;
  const eval::Evaluator* evaluator_;
  eval::PatternState state_;
  std::uint64_t nodes_ = 0;
  const std::atomic<bool>* cancel_ = nullptr;
  bool stopped_ = false;
  // killers_[depth]: the move that last cut off a node `depth` plies from
  // the leaves in the current search (Search's unsorted plies).
  std::array<std::int8_t, kMaxEvalSearchDepth + 1> killers_;
};

// From kOrderedEvalSearchDepth plies left (settings.h), a node of the
// evaluation search sorts its children by their static values, the
// opponent's worst first; with fewer, the killer and the square classes
// order them (eval_order.cc). A value inside the search's window is the
// same in any order (ProbCut asks only on which side of its bounds the
// value lies, and a fail-soft search answers that truly in any order);
// below the ordering searches' window (kSortAlphaDelta) a fail-soft bound
// may differ, so the solve visits nearly the same nodes in any order:
// mostly the time changes.

// Evaluation units of an exact final score.
constexpr int EvalUnits(int discs) { return discs * eval::kUnitsPerDisc; }

// What the evaluation believes of (player, opponent): its search of
// `depth` plies (0: the static evaluation) with a full window, exact where
// the game ends, in discs for the side to move, rounded to 1/100 (the
// evaluation resolves 1/64 of a disc).
double EvalSearchDiscs(const eval::Evaluator& evaluator, Bitboard player, Bitboard opponent,
                       int depth);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_EVAL_ORDER_H_
