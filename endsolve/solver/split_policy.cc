// The two split policies (split_policy.h) and why each rule is what it is.

#include "endsolve/solver/split_policy.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

namespace endsolve::search {

SplitPolicy SplitPolicy::For(Kind kind, int threads, int min_empties) {
  SplitPolicy p;
  switch (kind) {
    case Kind::kTwoCore:
      // The root's moves one after the other; a PV node and a node that
      // failed low before split after one brother; any other after two
      // with two threads, after three with more (with two threads a thread
      // that finds no split point idles, so splitting early pays; with
      // more, the waste of early splits costs more). Two moves at once,
      // widening by one per `threads` moves that finished without a cutoff.
      p.split_root = false;
      p.pv_elders = 1;
      p.failed_low_elders = 1;
      p.failed_high_elders = p.expected_cut_elders = p.expected_all_elders = threads <= 2 ? 2 : 3;
      p.pv_window = p.failed_low_window = p.failed_high_window = p.expected_cut_window =
          p.expected_all_window = 2;
      p.widen_every = threads;
      break;
    case Kind::kManyCore:
      // Every node splits after one brother (the root too): waiting for a
      // second or third elder is what left kTwoCore's threads idle, and
      // the model says elders cost the most parallelism of any rule (one
      // instead of two at the nodes the table knows nothing of: 4 times
      // the parallelism). The waste is held back by the window instead,
      // where it costs most: at nodes with many empties, whose moves are
      // large. The root and PV nodes let every move run; a node that
      // failed high before, or any null-window node above
      // kNarrowAboveEmpties, lets two run from the first unfinished one,
      // and one more per move that finished without a cutoff; the other
      // null-window nodes, small, let every move run, but for the expected
      // cut- and all-nodes beyond kManyCoreFewThreads threads, which get
      // the narrow window too (measured on 16 cores); beyond those few
      // threads, a node that failed low before, or that the evaluation
      // predicts to fail low (Predict), lets every move run at any size
      // (measured on 16 virtual cores: the narrow windows above
      // kNarrowAboveEmpties left threads idle at nodes that fail low
      // anyway), and a predicted one splits before its eldest brother, for
      // an all-node needs every move and its eldest sets no window (3% fewer
      // ticks on FFO #40-#49 at 16 virtual cores, two medians of 3 each:
      // endsolve/bench/results/predicted-all-early-2026-12-05.txt), and an
      // owner waits at home (isolated_wait: 8% fewer ticks on FFO #40-#49 at
      // 16 virtual cores, 40% less waste; with two threads 5.6% more time,
      // isolated-wait-2026-12-05.txt), and in a selective pass the root's
      // younger brothers keep the root's window (split_policy.h; #54's
      // course, selective-root-window-2026-12-06.txt), and the root and the
      // PV nodes of an exact pass of one score split before their eldest,
      // the younger brothers at the guess (SplitsAtGuess: on FFO #40-#59 at
      // 16 virtual cores 5% fewer ticks, the positions' geometric mean;
      // pv-at-guess-2026-12-07.txt). Splits
      // from kManyCoreMinEmpties (12) beyond the few threads, from
      // kSplitMinEmpties (13) with them, and beyond kManyCoreWideThreads
      // (16) from kManyCoreWideMinEmpties (10), where a third of the
      // threads idled; beyond the few threads, while half of them idle
      // (kEarlySplitIdleEighths), early, and from kManyCoreWideMinEmpties
      // once the elders are done (SplitsWhileIdle), unless a threshold was
      // asked for: settings.h says why; endsolve/bench/results/
      // solver-parallel.md, "Parallelism", has the sweep of the rules.
      p.split_root = true;
      p.pv_elders = p.failed_low_elders = p.failed_high_elders = p.expected_cut_elders =
          p.expected_all_elders = 1;
      p.pv_window = p.failed_low_window = p.expected_cut_window = p.expected_all_window =
          kUnlimitedWindow;
      p.failed_high_window = 2;
      p.narrow_above_empties = kNarrowAboveEmpties;
      p.large_window = 2;
      p.widen_by = 1;
      p.widen_every = 1;
      p.min_empties = threads <= kManyCoreFewThreads    ? kSplitMinEmpties
                      : threads <= kManyCoreWideThreads ? kManyCoreMinEmpties
                                                        : kManyCoreWideMinEmpties;
      if (threads > kManyCoreFewThreads) {
        p.expected_cut_window = p.expected_all_window = kExpectedNodeWindow;
        p.predicts_all = true;
        p.predicted_all_elders = 0;
        p.narrow_failed_low = false;
        p.early_split_idle_eighths = kEarlySplitIdleEighths;
        p.idle_min_empties = kManyCoreWideMinEmpties;
        p.isolated_wait = true;
        p.selective_root_keeps_window = true;
        p.pv_splits_at_guess = true;
      }
      break;
  }
  // A threshold asked for holds while threads idle too.
  if (min_empties != 0) {
    p.min_empties = min_empties;
    p.idle_min_empties = kNeverSplits;
  }
  return p;
}

int SplitPolicy::Elders(NodeClass c) const {
  switch (c) {
    case NodeClass::kRoot: return split_root ? pv_elders : kNeverSplits;
    case NodeClass::kPv: return pv_elders;
    case NodeClass::kFailedLow: return failed_low_elders;
    case NodeClass::kPredictedAll: return predicted_all_elders;
    case NodeClass::kFailedHigh: return failed_high_elders;
    case NodeClass::kExpectedCut: return expected_cut_elders;
    case NodeClass::kExpectedAll: return expected_all_elders;
  }
  return kNeverSplits;
}

int SplitPolicy::Window(NodeClass c, int first_unfinished, int empties) const {
  const int base = c == NodeClass::kFailedLow || c == NodeClass::kPredictedAll
                       ? failed_low_window
                   : c == NodeClass::kFailedHigh ? failed_high_window
                   : c == NodeClass::kExpectedCut ? expected_cut_window
                   : c == NodeClass::kExpectedAll ? expected_all_window
                                                 : pv_window;
  const bool narrowed = c == NodeClass::kFailedHigh || c == NodeClass::kExpectedCut ||
                        c == NodeClass::kExpectedAll ||
                        (c == NodeClass::kFailedLow && narrow_failed_low);
  const bool large = narrowed && empties > narrow_above_empties;
  const int start = large ? std::min(base, large_window) : base;
  if (start >= kUnlimitedWindow) return kUnlimitedWindow;
  return start + (widen_every > 0 ? first_unfinished * widen_by / widen_every : 0);
}

bool SplitPolicy::SplitsEarly(NodeClass c) const {
  // Not the root and PV nodes, whose eldest sets the window of the others,
  // nor a node that cut off before, which will likely do so again (both
  // measured with them in, at 12 of 16 threads idle: #49 at 16 virtual
  // cores, 19.9 M and 16.2 M ticks against 14.2 M without them).
  return early_split_idle_eighths > 0 &&
         (c == NodeClass::kFailedLow || c == NodeClass::kExpectedCut ||
          c == NodeClass::kExpectedAll || c == NodeClass::kPredictedAll);
}

std::string_view PolicyName(SplitPolicy::Kind kind) {
  return kind == SplitPolicy::Kind::kTwoCore ? "two-core" : "many-core";
}

absl::StatusOr<SplitPolicy::Kind> ParsePolicyKind(std::string_view name) {
  for (SplitPolicy::Kind kind : {SplitPolicy::Kind::kTwoCore, SplitPolicy::Kind::kManyCore}) {
    if (name == PolicyName(kind)) return kind;
  }
  return absl::InvalidArgumentError(
      absl::StrFormat("split policy '%s': expected two-core or many-core", name));
}

}  // namespace endsolve::search
