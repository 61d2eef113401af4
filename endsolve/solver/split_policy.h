// The split policy of the parallel search: which nodes split, after how
// many elder brothers, and how many younger brothers may run at once. One
// object holds every decision, so that the live search (parallel_search.cc)
// and the work/span model (span_model.h) apply the same rules, and a
// policy can be judged on a 2-core machine before a 16-core one is at hand.
//
// Two policies exist. kTwoCore, tuned on two cores: the root never splits,
// a split node lets two moves run at once (widening by one per `threads`
// moves finished) and waits for two or three elders. On 16 cores it stalls
// near 2x past 4 threads with little node overhead: the threads are idle,
// not wasteful, and the model puts its parallelism at about that figure
// (endsolve/bench/results/solver-parallel.md, "Parallelism"). kManyCore is
// the default: it keeps kTwoCore's rules where
// they guard against waste (nodes that may cut off) and opens the nodes
// that will not cut off, and the root; the README has the measurements
// that chose each rule.
#ifndef ENDSOLVE_SOLVER_SPLIT_POLICY_H_
#define ENDSOLVE_SOLVER_SPLIT_POLICY_H_

#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "endsolve/solver/settings.h"

namespace endsolve::search {

// The thresholds and windows of the policies (kSplitMinEmpties,
// kManyCoreMinEmpties, kManyCoreFewThreads, kNarrowAboveEmpties,
// kExpectedNodeWindow, kEarlySplitIdleEighths, kManyCoreWideThreads and the
// wide policy's two) are in settings.h, each with
// the measurement that chose it; split_policy.cc says where each applies.

// What a node is expected to be, as far as the split cares: the root; a PV
// node (window wider than null); a null-window node the table saw fail low
// (its entry holds no lower bound: an all-node, it will most likely need
// every move); one the table saw fail high (a cut-node whose table move
// did not cut this time: it may well cut off with one of its next moves);
// and the ones the table knows nothing of, typed as Knuth and Moore did
// (1975): below a PV node the null-window subtree alternates expected
// cut-nodes (its root, and every second ply below) and expected all-nodes.
// Last, a null-window node of any of these four whose moves the ordering's
// evaluation all puts well below alpha (kPredictedAllMargin): a policy that
// predicts (SplitPolicy::Predict) takes it for an all-node.
enum class NodeClass {
  kRoot, kPv, kFailedLow, kFailedHigh, kExpectedCut, kExpectedAll, kPredictedAll
};

// "No limit" for a speculation window.
inline constexpr int kUnlimitedWindow = 1 << 20;

struct SplitPolicy {
  enum class Kind { kTwoCore, kManyCore };

  // The policy `kind` for a search of `threads` threads, its split
  // threshold `min_empties`, or the policy's default where that is 0 (the
  // --split-min-empties rule).
  static SplitPolicy For(Kind kind, int threads, int min_empties = 0);

  // The brothers a node of class `c` searches alone before it may split:
  // YBWC needs one; some null-window nodes want more (see the .cc).
  // kNeverSplits: the node never splits.
  int Elders(NodeClass c) const;
  static constexpr int kNeverSplits = 1 << 20;

  // How far past the first unfinished move of a split node of class `c`
  // a thread may take a move, when `first_unfinished` moves are done: move
  // i may start only while i - first_unfinished < Window(c, first_unfinished).
  // Why a window at all: at a node that cuts off late, the move that cuts
  // is slow (refuting it takes all the opponent's replies) and the moves
  // before it fast, so without one the other threads would finish move
  // after move past the cut, all wasted.
  int Window(NodeClass c, int first_unfinished, int empties) const;

  // The class of a null-window node of class `c` (from the table) once its
  // moves' evaluation is known: kPredictedAll where the evaluation puts every
  // move more than kPredictedAllMargin discs below alpha (`evaluation_fails_low`)
  // and the policy predicts; else `c`. A predicted all-node splits as a
  // failed-low one does, but before its eldest brother, and no window
  // narrows it at any size: the evaluation's verdict is a better guess
  // than the table's class, and a thread that an elder or the window would
  // leave idle loses nothing there.
  NodeClass Predict(NodeClass c, bool evaluation_fails_low) const {
    return predicts_all && evaluation_fails_low && c != NodeClass::kRoot && c != NodeClass::kPv
               ? NodeClass::kPredictedAll
               : c;
  }

  // Whether a node of class `c` may split before its elders are done when
  // enough threads are idle, and whether `idle` of `threads` is enough
  // (kEarlySplitIdleEighths). Rules of the moment, as SplitsWhileIdle is:
  // the work/span model (span_model.h), which knows no idle threads, leaves
  // them out.
  bool SplitsEarly(NodeClass c) const;
  bool IdleEnough(int idle, int threads) const {
    return 8 * idle >= early_split_idle_eighths * threads;
  }

  // Whether the younger brothers of a split node of class `c` all take the
  // window it split with, not the alpha raised meanwhile, in a `selective`
  // pass or an exact one (selective_root_keeps_window: the root's, in
  // selective passes only).
  bool KeepsWindow(NodeClass c, bool selective) const {
    return selective_root_keeps_window && selective && c == NodeClass::kRoot;
  }

  // Whether a node of class `c`, the root or a PV node, in an exact pass
  // (`selective` false) whose window holds one score, (g - 1, g + 1),
  // splits before its eldest brother (pv_splits_at_guess): the eldest takes
  // the node's window, each younger brother the null window (g, g + 1) that
  // one thread gives it once the eldest has proven g, the score the window
  // guesses. Where the eldest falls short of g, the younger brothers whose
  // bound lies above the window's lower edge are searched again from there
  // (parallel_search.h).
  bool SplitsAtGuess(NodeClass c, bool selective) const {
    return pv_splits_at_guess && !selective && (c == NodeClass::kRoot || c == NodeClass::kPv);
  }

  // Whether a node of `empties` empties below the threshold may split once
  // its elders are done while enough threads are idle (IdleEnough): from
  // idle_min_empties on. A busy machine splits from the threshold, where a
  // split pays for its task; threads that idle lose nothing to a smaller one.
  // Every node splitting whenever one thread idled was tried with two threads
  // and not kept: an idle oneTBB worker sleeps, and by the time it woke the
  // small node that had split for it was done; 2 threads ran slower than 1
  // (endsolve/bench/results/solver-parallel.md).
  bool SplitsWhileIdle(int empties) const {
    return empties >= idle_min_empties && empties < min_empties;
  }

  int min_empties = kSplitMinEmpties;
  // The fewest empties at which a node splits while threads idle
  // (SplitsWhileIdle); kNeverSplits: none below min_empties.
  int idle_min_empties = kNeverSplits;
  bool split_root = true;
  // Elders by class (the root's is the PV one).
  int pv_elders = 1;
  int failed_low_elders = 1;
  int predicted_all_elders = 1;
  int failed_high_elders = 2;
  int expected_cut_elders = 2;
  int expected_all_elders = 2;
  // The window: its base by class, widened by `widen_by` per `widen_every`
  // moves finished (0: never widened).
  int failed_low_window = kUnlimitedWindow;
  int failed_high_window = 2;
  int expected_cut_window = 2;
  int expected_all_window = 2;
  int pv_window = kUnlimitedWindow;
  int widen_by = 1;
  int widen_every = 0;
  // Null-window nodes with more empties than narrow_above_empties have
  // large_window instead of their class's window (if smaller); failed-low
  // ones only while narrow_failed_low.
  int narrow_above_empties = 64;
  int large_window = 2;
  bool narrow_failed_low = true;
  // Whether Predict names predicted all-nodes.
  bool predicts_all = false;
  // Eighths of the threads idle from which the nodes SplitsEarly names
  // split at once; 0: never.
  int early_split_idle_eighths = 0;
  // Whether the owner of a split point, once it has no move left to take
  // there, waits at home: it runs only its own split point's helper tasks
  // (a oneTBB isolated region around the split) and works at the split
  // points below its own that have a move left, the shallowest first (the
  // helpful owner of Stockfish's old thread.cpp and of Neural Reversi),
  // rather than any task of the search. A task of another split point run
  // there holds the owner until it ends, long after its own helpers may
  // have finished, and the node's result, which its parent waits for,
  // with it; work below its own split point is work that node waits for.
  bool isolated_wait = false;
  // Whether, in a selective pass, the root's younger brothers all take the
  // window the root split with, not the alpha that the brothers finished
  // meanwhile raised. ProbCut's verdict depends on the window: with the
  // raised alpha a root move's selective answer, the pass's answer and the
  // next level's root order would depend on which brother finished first
  // (on FFO #54 two courses a tenth of its ticks apart; the README).
  // Exact passes keep the raised alpha: their answers do not depend on it.
  bool selective_root_keeps_window = false;
  // Whether the root and the PV nodes of an exact pass of one score split
  // at once (SplitsAtGuess). An exact pass's window holds the last selective
  // level's answer, most often the score, and each PV node's the same score
  // (negated at every ply); then the younger brothers are work the pass
  // needs whatever the eldest finds. Started beside it, they are the largest
  // certain work there is, where otherwise every node of the PV waited for
  // its eldest, and the threads went into the eldest's subtree and
  // speculated there. Not in the selective passes, whose guesses are
  // rougher.
  bool pv_splits_at_guess = false;
};

// The policy's name on the command line and in tables: "two-core",
// "many-core".
std::string_view PolicyName(SplitPolicy::Kind kind);
// The inverse of PolicyName; an error names the accepted names.
absl::StatusOr<SplitPolicy::Kind> ParsePolicyKind(std::string_view name);

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_SPLIT_POLICY_H_
