// The Young Brothers Wait split (parallel_search.h) and the task arena the
// parallel search runs in. The only file of the solver that calls oneTBB.

#include "solver/parallel_search.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "oneapi/tbb/global_control.h"
#include "oneapi/tbb/info.h"
#include "oneapi/tbb/task_arena.h"
#include "oneapi/tbb/task_group.h"

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>

#include "absl/base/dynamic_annotations.h"
#endif

namespace endsolve::search {
namespace {

// ThreadSanitizer and oneTBB. Debian's libtbb is not built with TSan, so
// TSan sees none of the synchronization inside it, and two edges that
// oneTBB guarantees are missing from its picture of the split:
//  - the end of a task before the return of wait(): this one TSan does
//    see, because the task's release of the group's wait_context (a
//    fetch_sub) and the group destructor's acquire load of it are inline
//    oneTBB header code, compiled (and instrumented) here;
//  - the spawn: the owner builds the task object (our functor, and
//    oneTBB's own fields after it) inside task_group::run, and a worker
//    reads it once the library, out of TSan's sight, hands it over.
// The second is described to TSan by hand: the owner's accesses inside
// run() (building and spawning the task: oneTBB's work, none of ours) are
// not recorded, and the task acquires the split point, which the owner
// released once the split point and the group were built. The task does
// so first thing when it runs, and also when oneTBB destroys its functor,
// which happens before the task releases the group's wait_context whether
// it ran or was cancelled before it started (no code of ours runs then
// otherwise). Outside a TSan build these are empty.
#if defined(__SANITIZE_THREAD__)
void PublishSplit(SplitPoint* split) { __tsan_release(split); }
void JoinSplit(SplitPoint* split) { __tsan_acquire(split); }
void BeginSpawn() {
  ABSL_ANNOTATE_IGNORE_READS_BEGIN();
  ABSL_ANNOTATE_IGNORE_WRITES_BEGIN();
}
void EndSpawn() {
  ABSL_ANNOTATE_IGNORE_WRITES_END();
  ABSL_ANNOTATE_IGNORE_READS_END();
}
#else
void PublishSplit(SplitPoint*) {}
void JoinSplit(SplitPoint*) {}
void BeginSpawn() {}
void EndSpawn() {}
#endif

// The helper task's handle on its split point: JoinSplit on destruction.
struct SplitHandle {
  SplitPoint* split;
  ~SplitHandle() { JoinSplit(split); }
};

}  // namespace

// The owner sorts the younger brothers once (the same selection steps the
// sequential loop takes one at a time, so the order is the same), then
// works at its own split point beside its helpers. Helpers are tasks of a
// group on this frame; the wait may run other tasks on this thread, which
// build their own Searchers and so leave this one alone. After the wait
// every helper has retired (added its counts), cancelled ones included.
void Searcher::SearchSplit(ScoredMove* list, int first, int count, int window_alpha, int beta,
                           int ply, bool best_proven, int* best, int* best_move) {
  for (int i = first; i < count; ++i) SelectBest(list, i, count);
  std::unique_ptr<Heuristics> seed;
  if (features_.killers > 0 || features_.history) seed = std::make_unique<Heuristics>(heuristics_);
  SplitPoint split(split_, list + first, count - first, window_alpha, beta, ply, seed.get(),
                   SplitPoint::Pack(*best, best_proven, 0));

  const int helpers = std::min(shared_->threads - 1, split.count - 1);
  if (helpers <= 0) {
    WorkAt(split);
  } else {
    tbb::task_group group;
    SharedSearch* shared = shared_;
    PublishSplit(&split);
    BeginSpawn();
    for (int h = 0; h < helpers; ++h) {
      group.run([shared, handle = SplitHandle{&split}] {
        SplitPoint& at = *handle.split;
        JoinSplit(&at);
        Searcher helper(shared, &at, at.seed);
        helper.WorkAt(at);
        helper.Retire(at);
      });
    }
    EndSpawn();
    WorkAt(split);
    if (stopped_) split.abort.store(true, std::memory_order_relaxed);
    if (split.abort.load(std::memory_order_relaxed)) group.cancel();
    group.wait();
  }

  const std::uint64_t helper_nodes = split.internal.load(std::memory_order_acquire) +
                                     split.leaves.load(std::memory_order_acquire);
  counts_.internal += split.internal.load(std::memory_order_acquire);
  counts_.leaves += split.leaves.load(std::memory_order_acquire);
  etc_probes_ += split.etc_probes.load(std::memory_order_acquire);
  // The helpers flushed their nodes into the shared count themselves.
  flushed_ += helper_nodes;
  next_poll_ += helper_nodes;

  const int packed = split.best.load(std::memory_order_acquire);
  *best = SplitPoint::ScoreOf(packed);
  const int order = SplitPoint::OrderOf(packed);
  if (order > 0) *best_move = split.moves[order - 1].square;
  if (*best < beta && split.done.load(std::memory_order_acquire) < split.count) stopped_ = true;
}

// One move at a time from the shared counter. At a null-window node
// (alpha + 1 == beta) the first search is the only one; at a PV node a
// null-window search that beats alpha is re-searched from its bound (or
// from a higher alpha proven meanwhile) to beta. A score is "proven" (a
// lower bound) when it beats the lower edge of the window it came from.
void Searcher::WorkAt(SplitPoint& split) {
  const int beta = split.beta;
  while (!stopped_ && !split.Aborted()) {
    const int i = split.next.fetch_add(1, std::memory_order_relaxed);
    if (i >= split.count) return;
    const ScoredMove& m = split.moves[i];
    const int a = split.alpha.load(std::memory_order_relaxed);
    int lo = a;
    int score = -Child(m.player, m.opponent, -a - 1, -a, split.ply + 1);
    if (stopped_) return;
    if (score > a && score < beta) {
      lo = std::max(score - 1, split.alpha.load(std::memory_order_relaxed));
      score = -Child(m.player, m.opponent, -beta, -lo, split.ply + 1);
      if (stopped_) return;
    }
    split.Merge(score, score > lo, i + 1);
    split.done.fetch_add(1, std::memory_order_release);
    if (score >= beta) {
      split.abort.store(true, std::memory_order_relaxed);
      return;
    }
    if (score > lo) split.RaiseAlpha(score);
  }
}

void Searcher::Retire(SplitPoint& split) {
  split.internal.fetch_add(counts_.internal, std::memory_order_release);
  split.leaves.fetch_add(counts_.leaves, std::memory_order_release);
  split.etc_probes.fetch_add(etc_probes_, std::memory_order_release);
  const std::uint64_t local = counts_.internal + counts_.leaves;
  shared_->nodes.fetch_add(local - flushed_, std::memory_order_relaxed);
  flushed_ = local;
}

// oneTBB caps the workers of all arenas at the hardware threads minus one
// unless a global_control says otherwise; only raise it (never lower it,
// which would throttle other solves running beside this one).
void RunWithThreads(int threads, absl::FunctionRef<void()> search) {
  std::optional<tbb::global_control> cap;
  if (threads > tbb::info::default_concurrency()) {
    cap.emplace(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  }
  tbb::task_arena arena(threads);
  arena.execute([&] { search(); });
}

}  // namespace endsolve::search
