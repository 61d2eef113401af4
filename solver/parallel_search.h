// The parallel search: Young Brothers Wait (Feldmann, Monien, Mysliwietz
// and Vornberger, 1989) on oneTBB task groups.
//
// A node with at least SharedSearch::split_min_empties empties (by default
// kSplitMinEmpties) searches its eldest brother (the table's move, or the
// first move in order) alone. If that does not cut off, the node becomes a
// split point: the younger brothers, sorted best first, are handed out one
// at a time from a shared counter to the node's own thread and to up to
// threads - 1 helper tasks, run in a tbb::task_group that lives on the
// node's stack frame. Handing out moves in order (rather than spawning one
// task per move) keeps the sequential order where it matters: the owner and
// every helper always take the best move left, and a node with one thread
// searches its moves exactly as the sequential loop does, in the same order
// with the same windows, so 1 thread visits the same nodes with or without
// the split code (tested). A node with a single move left does not split,
// and a split spawns fewer helpers than it has moves.
//
//  - Windows. At a null-window node every younger brother gets the node's
//    window, so any fail high cuts off. At a PV node a younger brother gets
//    a null window at the current alpha (raised by every proven score) and
//    is re-searched by the same thread when it beats it.
//  - Cutoff. The searcher that fails high sets the split point's abort
//    flag and the owner cancels the task group, so helpers not yet started
//    never run. Running searches see the flag at their next poll (every
//    kPollInterval nodes, search.h): a helper's poll walks the chain of
//    split points above it, so a cutoff anywhere above stops everything
//    below. A stopped search returns without storing anything in the table
//    (the same path as a deadline), so an aborted search leaves only true
//    bounds behind.
//  - Results. The node's value is the best of the finished moves; its move
//    is the first in order of those with the best proven score (a fail-low
//    bound never wins over a proven score it ties). The result is valid if
//    a move cut off or every move finished; otherwise (a deadline, a cancel,
//    a cutoff above) the owner stops too.
//  - State. Each helper task builds its own Searcher (search.h says why),
//    so killer and history tables, move lists and node counters are never
//    shared; the node counts of every helper, cancelled ones included, are
//    added to the owner's after the wait, so the counts of a parallel solve
//    add up exactly.
//  - Below the split threshold the search is the sequential one and makes
//    no oneTBB call.
#ifndef ENDSOLVE_SOLVER_PARALLEL_SEARCH_H_
#define ENDSOLVE_SOLVER_PARALLEL_SEARCH_H_

#include <atomic>
#include <cstdint>

#include "absl/functional/function_ref.h"
#include "solver/move_order.h"
#include "solver/search.h"

namespace endsolve::search {

// Nodes with at least this many empties split. Below it a subtree is too
// small to pay for a task (a task_group, a Searcher, a cancellation):
// measured on FFO #40-#49 in solver/README.md ("Parallel search").
inline constexpr int kSplitMinEmpties = 15;

// One split node's shared state. It lives on the owner's stack frame, which
// outlives every helper (the owner waits for them), and so do the split
// points above it.
struct SplitPoint {
  SplitPoint(const SplitPoint* parent_split, const ScoredMove* list, int list_count,
             int window_alpha, int window_beta, int node_ply, const Heuristics* heuristics,
             int first_best)
      : parent(parent_split), moves(list), count(list_count), beta(window_beta), ply(node_ply),
        seed(heuristics), alpha(window_alpha), best(first_best) {}

  // Whether a cutoff here or at a split point above has made this one's
  // result useless. Walks the chain: a few loads, once per poll.
  bool Aborted() const {
    for (const SplitPoint* s = this; s != nullptr; s = s->parent) {
      if (s->abort.load(std::memory_order_relaxed)) return true;
    }
    return false;
  }

  // The packed result: score first, then proven (a lower bound, not a
  // fail-low bound), then the earlier move. Order 0 is what the eldest
  // brothers gave, move i of the list is order i + 1. So the largest
  // packed value is the sequential loop's choice.
  static constexpr int Pack(int score, bool proven, int order) {
    return ((score + 128) << 16) | (proven ? 1 << 15 : 0) | (0x7FFF - order);
  }
  static constexpr int ScoreOf(int packed) { return (packed >> 16) - 128; }
  static constexpr int OrderOf(int packed) { return 0x7FFF - (packed & 0x7FFF); }

  // Records a finished move's fail-soft score.
  void Merge(int score, bool proven, int order) {
    const int packed = Pack(score, proven, order);
    int current = best.load(std::memory_order_relaxed);
    while (packed > current && !best.compare_exchange_weak(current, packed,
                                                           std::memory_order_relaxed)) {
    }
  }

  // Raises the lower edge of the younger brothers' windows to a proven
  // score (PV nodes).
  void RaiseAlpha(int score) {
    int current = alpha.load(std::memory_order_relaxed);
    while (score > current && !alpha.compare_exchange_weak(current, score,
                                                           std::memory_order_relaxed)) {
    }
  }

  const SplitPoint* const parent;  // the split point the owner helps at, or null
  const ScoredMove* const moves;   // the younger brothers, best first
  const int count;
  const int beta;
  const int ply;
  const Heuristics* const seed;    // the owner's killers and history, or null

  std::atomic<int> next{0};        // the next move to hand out
  std::atomic<int> done{0};        // moves searched to the end
  std::atomic<int> alpha;          // the younger brothers' window: (alpha, beta)
  std::atomic<int> best;           // Pack()ed
  std::atomic<bool> abort{false};  // a move cut off, or the owner stopped
  // The helpers' node counts, added as each finishes.
  std::atomic<std::uint64_t> internal{0}, leaves{0}, etc_probes{0};
};

// Runs `search` in a oneTBB task arena of `threads` threads (the caller's
// and threads - 1 workers): every task the search spawns runs there. Above
// the machine's hardware threads it also raises oneTBB's process-wide cap on
// workers for the duration (a global_control), so that an oversubscribed
// run really gets its threads.
void RunWithThreads(int threads, absl::FunctionRef<void()> search);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_PARALLEL_SEARCH_H_
