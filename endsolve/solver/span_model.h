// The parallelism of a search under a split policy, measured without the
// cores: work and span, counted in nodes, of the tree the one-thread search
// visits.
//
// One thread runs the split code in the sequential order, so it visits the
// very tree every policy starts from (tested). Along that tree:
//   - work is every node visited;
//   - the span of a node is what must run one after another: the node
//     itself (its own visit, probes and ordering), then its elder brothers
//     in sequence (each by its own span), then its younger brothers as the
//     policy lets them run with unlimited threads: move i starts once move
//     i - 1 has started, and only while i lies within the speculation
//     window of the first unfinished move (the policy's rules for its
//     `threads`, which may widen the window). The node ends when
//     its last searched move ends (the one that cut off, or the last one).
//     A node below the policy's split threshold, or with fewer than two
//     moves left after its elders, is sequential: its span is its work.
//   - the root passes (presearch, selective, exact) run one after another,
//     and so does the principal-variation walk (work and span alike).
// Work / span is the speedup unlimited threads could reach under the
// policy. The predicted speedup of P threads is work / T_P with Brent's
// greedy bound T_P = (work - span) / P + span: as if every thread that is
// free found a move to take wherever one may start.
//
// What it leaves out, and so how far to trust it (endsolve/bench/results/solver-parallel.md,
// "Parallelism", has the check against real runs): the moves a parallel
// search starts past a cutoff (search overhead: measured apart, with
// threads), what a helper's table entries change for the others, the cost
// of tasks, and that a node's own visit costs more than a leaf's (the
// ordering searches of large nodes are not nodes: counted in nodes, the
// span is short by that).
#ifndef ENDSOLVE_SOLVER_SPAN_MODEL_H_
#define ENDSOLVE_SOLVER_SPAN_MODEL_H_

#include <array>
#include <cstdint>
#include <vector>

#include "endsolve/solver/split_policy.h"

namespace endsolve::search {

// The span of the tree under each of several policies, and its work.
struct SpanFigures {
  std::uint64_t work = 0;
  std::vector<std::uint64_t> span;  // one per policy, in the order given

  // Work / span of policy k (1 when nothing was searched).
  double Parallelism(int k) const;
  // The predicted speedup of `threads` threads under policy k (Brent).
  double PredictedSpeedup(int k, int threads) const;
  // Adds another search's figures (the positions of a benchmark, solved
  // one after another: their works and spans add).
  SpanFigures& operator+=(const SpanFigures& other);
};

// The bookkeeping the one-thread search does at each node that some policy
// may split. Nodes below every policy's threshold cost nothing here: their
// span is their work, found as the difference of two node counts. A node's
// saving under policy k (work - span) is what the tracker keeps running; a
// subtree's span is its node count minus the savings it added.
class SpanTracker {
 public:
  static constexpr int kMaxPolicies = 12;

  explicit SpanTracker(std::vector<SplitPolicy> policies);

  const std::vector<SplitPolicy>& policies() const { return policies_; }
  // The fewest empties at which any policy splits: the nodes to track.
  int min_empties() const { return min_empties_; }

  // A node at `ply` of class `c` with `empties` empties starts its moves;
  // `nodes` counts the searcher's nodes so far, this node's visit included.
  void Open(int ply, NodeClass c, int empties, std::uint64_t nodes);
  // The evaluation puts every move of the node at `ply` well below alpha:
  // each policy classes it by SplitPolicy::Predict.
  void EvaluationFailsLow(int ply) { frames_[ply].evaluation_fails_low = true; }
  // A move of the node at `ply` starts (a re-search of the same move lies
  // inside the same Begin/End) or ends.
  void BeginMove(int ply, std::uint64_t nodes);
  void EndMove(int ply, std::uint64_t nodes);
  // The node at `ply` is done: `moves` is how many moves it had to search
  // (after ETC), which decides whether enough were left to split; `cut`:
  // its last move searched cut off, so the node ends with that move (a
  // parallel search aborts the others then).
  void Close(int ply, int moves, bool cut, std::uint64_t nodes);

  // Total savings so far by policy: span = work - saved.
  std::uint64_t saved(int k) const { return saved_[k]; }

  // Figures of a search whose work is `work` nodes.
  SpanFigures Figures(std::uint64_t work) const;

 private:
  using PerPolicy = std::array<std::uint64_t, kMaxPolicies>;
  static constexpr int kMaxMovesAtNode = 64;
  struct Frame {
    NodeClass node_class;
    bool evaluation_fails_low = false;
    int empties;
    std::uint64_t open_nodes;  // the node's own visit included
    PerPolicy open_saved;
    int moves = 0;
    std::uint64_t move_start = 0;
    PerPolicy move_start_saved;
    std::array<std::uint64_t, kMaxMovesAtNode> move_work;
    std::array<PerPolicy, kMaxMovesAtNode> move_span;
  };

  std::vector<SplitPolicy> policies_;
  int min_empties_;
  PerPolicy saved_{};
  std::vector<Frame> frames_;  // by ply
};

// The span of a split node's younger brothers (their spans `spans`, in
// order) under `policy` for a node of class `c`: the finish time of the
// last, each starting as early as the policy allows (see above). Exposed
// for its test.
std::uint64_t YoungerBrothersSpan(const SplitPolicy& policy, NodeClass c, int empties,
                                  const std::uint64_t* spans, int count, bool cut);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_SPAN_MODEL_H_
