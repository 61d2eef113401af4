// The Young Brothers Wait split (parallel_search.h) and the task arena the
// parallel search runs in. The only file of the solver that calls oneTBB.

#include "endsolve/solver/parallel_search.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "endsolve/solver/instruments.h"
#include "endsolve/solver/move_order.h"
#include "endsolve/solver/span_model.h"
#include "endsolve/solver/thread_stats.h"
#include "endsolve/solver/virtual_clock.h"
#include "oneapi/tbb/global_control.h"
#include "oneapi/tbb/info.h"
#include "oneapi/tbb/task_arena.h"
#include "oneapi/tbb/task_group.h"

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>

#include "absl/base/dynamic_annotations.h"
#endif

namespace endsolve::search {

// One split node's shared state. It lives on the owner's stack frame, which
// outlives every helper (the owner waits for them), and so do the split
// points above it.
struct SplitPoint {
  SplitPoint(SharedSearch* shared_search, const SplitPoint* parent_split,
             const ScoredMove* list, int list_count, int window_alpha, int window_beta,
             int node_ply, NodeClass split_class, const MoveOrderer* orderer, int first_best)
      : shared(shared_search), parent(parent_split), moves(list), count(list_count),
        beta(window_beta), ply(node_ply), pv(window_alpha + 1 < window_beta),
        node_class(split_class), start_alpha(window_alpha), seed(orderer),
        alpha(window_alpha), best(first_best) {}

  // The packed result: score first, then proven (a lower bound, not a
  // fail-low bound), then the earlier move. Order 0 is what the eldest
  // brothers gave, move i of the list is order i + 1. So the largest
  // packed value is the sequential loop's choice.
  static constexpr int Pack(int score, bool proven, int order) {
    return ((score + 128) << 16) | (proven ? 1 << 15 : 0) | (0x7FFF - order);
  }
  static constexpr int ScoreOf(int packed) { return (packed >> 16) - 128; }
  static constexpr bool ProvenOf(int packed) { return (packed & (1 << 15)) != 0; }
  static constexpr int OrderOf(int packed) { return 0x7FFF - (packed & 0x7FFF); }

  // Records a finished move's fail-soft score.
  void Merge(int score, bool proven, int order) {
    const int packed = Pack(score, proven, order);
    int current = best.load(std::memory_order_relaxed);
    while (packed > current &&
           !best.compare_exchange_weak(current, packed, std::memory_order_relaxed)) {
    }
  }

  // Raises the lower edge of the younger brothers' windows to a proven
  // score (PV nodes).
  void RaiseAlpha(int score) {
    int current = alpha.load(std::memory_order_relaxed);
    while (score > current &&
           !alpha.compare_exchange_weak(current, score, std::memory_order_relaxed)) {
    }
  }

  // The first move not finished yet (finished moves are bits of `finished`).
  int FirstUnfinished() const {
    return std::countr_one(finished.load(std::memory_order_relaxed));
  }

  SharedSearch* const shared;
  const SplitPoint* const parent;  // the split point the owner helps at, or null
  const ScoredMove* const moves;   // the younger brothers, best first
  const int count;
  const int beta;
  const int ply;
  int empties = 0;                 // decides the window too
  const bool pv;                   // a PV node: its moves are null-window roots
  const NodeClass node_class;      // decides the window (split_policy.h)
  int null_root_ply = 0;           // the owner's (search.h), for the helpers
  // The window's lower edge the node split with, and whether every move
  // takes it rather than `alpha` (SplitPolicy::selective_root_keeps_window);
  // whether the eldest is move 0 here, searched with the whole window, and
  // `alpha` starts at the guess, beta - 1 (SplitNode::at_guess; only in
  // exact passes, so never with keeps_window).
  const int start_alpha;
  bool keeps_window = false;
  bool at_guess = false;
  const MoveOrderer* const seed;   // a copy of the owner's orderer when it learns, or null
  tbb::task_group* group = nullptr;  // null: one thread, nobody to spawn

  std::atomic<int> next{0};        // the next move to hand out
  std::atomic<std::uint64_t> finished{0};  // bit i: move i was searched to the end
  std::atomic<int> alpha;          // the younger brothers' window: (alpha, beta)
  std::atomic<int> best;           // Pack()ed
  std::atomic<bool> abort{false};  // a move cut off, or the owner stopped
  std::atomic<int> working{1};     // threads taking moves here (the owner first)
  std::atomic<int> pending{0};     // helper tasks spawned, not started yet
  // The helpers' node counts, added as each finishes.
  std::atomic<std::uint64_t> internal{0}, leaves{0}, etc_probes{0};
  // The virtual clock's tick at which the last helper here finished
  // (virtual_clock.h): where the owner's wait ends. 0 without a clock.
  std::atomic<std::int64_t> done_tick{0};
  // The first move in the order that cut off (count: none yet), and with
  // instruments each move's nodes and the waste the split points inside it
  // counted (AfterTheCut, thread_stats.h). Move i's are written by the one
  // thread that took it (every move below `next`), and read by the owner
  // after the wait; the others are never read, so nothing clears them.
  std::atomic<int> first_cut{kMaxMoves};
  // For the owners that wait isolated (SplitPolicy::isolated_wait), who
  // help below their split points: the open split points inside this one's
  // moves (a list under children_mutex, each linked from its opening to
  // its owner's last wait), and the owners of split points above that work
  // here (joiners; the owner leaves only once they have).
  std::mutex children_mutex;
#if defined(__SANITIZE_THREAD__)
  // std::mutex never tells ThreadSanitizer that it is gone, and the next
  // split point on the same stack bytes would inherit its place in the
  // lock order (a parent's mutex taken before its children's): a false
  // cycle. This one is forgotten with its split point.
  ~SplitPoint() { __tsan_mutex_destroy(&children_mutex, 0); }
#endif
  SplitPoint* first_child = nullptr;
  SplitPoint* next_sibling = nullptr;
  SplitPoint* prev_sibling = nullptr;
  std::atomic<int> joiners{0};
  std::array<std::uint64_t, kMaxMoves> move_nodes;
  std::array<std::uint64_t, kMaxMoves> move_waste;
  // Each finished move's fail-soft score (written as move_nodes is), for
  // the owner to search again the ones the guess left open.
  std::array<int, kMaxMoves> move_score;
};

static_assert(kMaxMoves <= 64, "SplitPoint::finished has a bit per move");

// A few loads, once per poll.
bool SplitAborted(const SplitPoint* split) {
  for (const SplitPoint* s = split; s != nullptr; s = s->parent) {
    if (s->abort.load(std::memory_order_relaxed)) return true;
  }
  return false;
}

namespace {

// ThreadSanitizer and oneTBB. Debian's libtbb is not built with TSan, so
// TSan sees none of the synchronization inside it, and two edges that
// oneTBB guarantees are missing from its picture of the split:
//  - the end of a task before the return of wait(): this one TSan does
//    see, because the task's release of the group's wait_context (a
//    fetch_sub) and the group destructor's acquire load of it are inline
//    oneTBB header code, compiled (and instrumented) here;
//  - the spawn: the spawning thread builds the task object (our functor,
//    and oneTBB's own fields after it) inside task_group::run, and a worker
//    reads it once the library, out of TSan's sight, hands it over.
// The second is described to TSan by hand: the spawning thread's accesses
// inside run() (building and spawning the task: oneTBB's work, none of
// ours) are not recorded, and the task acquires the split point, which the
// spawning thread released just before. The task does so first thing when
// it runs, and also when oneTBB destroys its functor, which happens before
// the task releases the group's wait_context whether it ran or was
// cancelled before it started (no code of ours runs then otherwise).
// Outside a TSan build these are empty.
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

// A helper task on a virtual machine (virtual_clock.h): it holds the clock
// at its spawn tick until it starts, or until it is destroyed unstarted (a
// cancelled group). Moves with its task, never copied; nothing in it is
// written once the task is spawned (oneTBB recycles a task's memory out of
// ThreadSanitizer's sight), the clock keeps what has started.
class PendingStart {
 public:
  PendingStart(VirtualClock* clock, std::int64_t at)
      : clock_(clock), at_(at), token_(clock != nullptr ? clock->Spawned(at) : 0) {}
  PendingStart(PendingStart&& other) noexcept
      : clock_(other.clock_), at_(other.at_), token_(other.token_) {
    other.clock_ = nullptr;
  }
  PendingStart(const PendingStart&) = delete;
  PendingStart& operator=(const PendingStart&) = delete;
  PendingStart& operator=(PendingStart&&) = delete;
  ~PendingStart() { Start(); }
  std::int64_t at() const { return at_; }
  // The task starts now (or gives up at once): the clock is no longer held.
  void Start() const {
    if (clock_ != nullptr) clock_->Started(token_);
  }

 private:
  VirtualClock* clock_;
  std::int64_t at_;
  std::uint64_t token_;
};

// The speculation window of `split` when `first` moves are done.
int WindowAt(const SplitPoint& split, int first) {
  return split.shared->policy.Window(split.node_class, first, split.empties);
}

// Whether a thread arriving at `split` now could take a move.
bool HasRoom(const SplitPoint& split) {
  const int i = split.next.load(std::memory_order_relaxed);
  const int first = split.FirstUnfinished();
  return i < split.count && i - first < WindowAt(split, first);
}

// How many helper tasks to spawn now: one, when none is on its way and
// the node has fewer threads than the search and a move left within the
// window; the helper that takes it spawns the next. One at a time, because
// most tasks spawned in a batch found nothing left when they started: the
// moves had gone to the threads already there (on FFO #40-#49 at 16
// threads, 17.1 M of 17.2 M tasks; endsolve/bench/results/solver-parallel.md).
int HelpersWanted(const SplitPoint& split) {
  if (split.group == nullptr || split.pending.load(std::memory_order_relaxed) > 0) return 0;
  const int next = split.next.load(std::memory_order_relaxed);
  const int first = split.FirstUnfinished();
  const int missing = split.shared->threads - split.working.load(std::memory_order_relaxed);
  const int window = WindowAt(split, first);
  const int room = window >= kUnlimitedWindow ? split.count - next : first + window - next;
  return std::min({1, missing, split.count - next, room});
}

// A split point `depth` levels below `p` (1: its children) that a thread
// could take a move at, its joiners counted up before the lock that keeps
// it alive is let go; `found` says whether any split point lies at that
// depth. Locks go parent before child, and a split point leaves its
// parent's list under the parent's lock, so a child seen under it is alive.
SplitPoint* JoinableAt(SplitPoint& p, int depth, bool* found) {
  std::lock_guard lock(p.children_mutex);
  for (SplitPoint* c = p.first_child; c != nullptr; c = c->next_sibling) {
    if (depth == 1) {
      *found = true;
      if (HasRoom(*c) && !SplitAborted(c)) {
        c->joiners.fetch_add(1, std::memory_order_acq_rel);
        return c;
      }
    } else if (SplitPoint* d = JoinableAt(*c, depth - 1, found)) {
      return d;
    }
  }
  return nullptr;
}

// The shallowest split point below `p` with a move to take (the largest
// work, as Stockfish's late join takes the shallowest), joined; or null.
SplitPoint* FindJoinable(SplitPoint& p) {
  for (int depth = 1;; ++depth) {
    bool found = false;
    if (SplitPoint* d = JoinableAt(p, depth, &found)) return d;
    if (!found) return nullptr;
  }
}

// `split` enters and leaves its parent's list. (A split point is never a
// const object: the searchers hold their chain of split points as const
// pointers because they only read it.)
void Link(SplitPoint& split) {
  SplitPoint* parent = const_cast<SplitPoint*>(split.parent);
  std::lock_guard lock(parent->children_mutex);
  split.next_sibling = parent->first_child;
  if (parent->first_child != nullptr) parent->first_child->prev_sibling = &split;
  parent->first_child = &split;
}

void Unlink(SplitPoint& split) {
  SplitPoint* parent = const_cast<SplitPoint*>(split.parent);
  std::lock_guard lock(parent->children_mutex);
  if (split.prev_sibling != nullptr) {
    split.prev_sibling->next_sibling = split.next_sibling;
  } else {
    parent->first_child = split.next_sibling;
  }
  if (split.next_sibling != nullptr) split.next_sibling->prev_sibling = split.prev_sibling;
}

}  // namespace

// A waiting owner works at `d`, below its split point (FindJoinable counted
// it in), as a helper task would: with a Searcher of its own, at the
// machine's present on a virtual one, paying a stolen task's cost. It
// spawns no helper there: a task spawned here would carry this thread's
// isolation, which d's owner, waiting in its own, could not run.
void Searcher::JoinBelow(SplitPoint& d, int slot) {
  const Instruments* const instruments = d.shared->instruments;
  Instruments::Before before;
  if (instruments != nullptr) {
    const VirtualClock* const clock = instruments->clock();
    instruments->Joins();
    before = instruments->Searches(slot, clock != nullptr ? clock->Now() : 0);
    instruments->HelperSetsUp(slot, /*stolen=*/true);
  }
  HelpAt(d, slot, before, /*spawns=*/false);
  d.joiners.fetch_sub(1, std::memory_order_acq_rel);
}

// A helper's work at `at` (a task's, or a joining owner's): a Searcher of
// its own that takes moves there until nothing is left for it.
void Searcher::HelpAt(SplitPoint& at, int slot, const Instruments::Before& before, bool spawns) {
  const Instruments* const instruments = at.shared->instruments;
  at.shared->searching.fetch_add(1, std::memory_order_relaxed);
  at.working.fetch_add(1, std::memory_order_relaxed);
  Searcher helper(at.shared, &at, at.seed);
  helper.null_root_ply_ = at.null_root_ply;
  helper.WorkAt(at, nullptr, spawns);
  helper.Retire(at);
  if (instruments != nullptr) {
    helper.SyncClock();
    // The owner's wait ends when its last helper finished.
    const std::int64_t done = instruments->HelperEnds(slot, before);
    std::int64_t latest = at.done_tick.load(std::memory_order_relaxed);
    while (latest < done &&
           !at.done_tick.compare_exchange_weak(latest, done, std::memory_order_acq_rel)) {
    }
  }
  at.working.fetch_sub(1, std::memory_order_relaxed);
  at.shared->searching.fetch_sub(1, std::memory_order_relaxed);
}

// The owner sorts the younger brothers once (the same selection steps the
// sequential loop takes one at a time, so the order is the same), then
// works at its own split point beside its helpers. Helpers are tasks of a
// group on this frame; the wait may run other tasks on this thread (only
// this split point's own under the policy's isolated_wait), which build
// their own Searchers and so leave this one alone. After the wait every
// helper has retired (added its counts), cancelled ones included.
void Searcher::SearchSplit(const SplitNode& node, bool tracked, RootReport* root, int* best,
                           int* best_move) {
  const int first = node.first;
  const int beta = node.beta;
  for (int i = first; i < node.count; ++i) SelectBest(node.list, i, node.count);
  std::unique_ptr<MoveOrderer> seed;
  if (orderer_.Learns()) seed = std::make_unique<MoveOrderer>(orderer_);
  SplitPoint split(shared_, split_, node.list + first, node.count - first, node.window_alpha,
                   beta, node.ply, node.node_class, seed.get(),
                   SplitPoint::Pack(*best, node.best_proven, 0));
  // Only the owner reports the root, and only the one-thread search tracks
  // spans (the owner is then the only searcher here).
  const OwnerDuty duty{tracked, root, first, *best_move};
  split.null_root_ply = null_root_ply_;
  split.empties = node.empties;
  split.keeps_window = shared_->policy.KeepsWindow(node.node_class, level_ < kExactLevel);
  split.at_guess = node.at_guess;
  if (node.at_guess) split.alpha.store(beta - 1, std::memory_order_relaxed);

  // While the owner works here, its polls watch this split point too: a
  // helper's cutoff must stop the owner's move as well, or the owner
  // would finish a subtree nobody needs (it did, before: 5 points of
  // search overhead on FFO #40-#44 at 2 threads, endsolve/bench/results/solver-parallel.md).
  const SplitPoint* const parent = split_;
  split_ = &split;
  const std::uint64_t waste_before = after_cut_;
  if (shared_->threads == 1) {
    WorkAt(split, &duty);
  } else {
    const bool isolated = shared_->policy.isolated_wait;
    // An isolated owner helps below its split point while it waits, where
    // the split points inside its helpers' moves are linked to it.
    if (isolated && parent != nullptr) Link(split);
    auto work_and_wait = [&] {
      tbb::task_group group;
      split.group = &group;
      const Instruments* const instruments = shared_->instruments;
      if (instruments != nullptr) instruments->Split();
      WorkAt(split, &duty);
      split.working.fetch_sub(1, std::memory_order_relaxed);
      if (stopped_) split.abort.store(true, std::memory_order_relaxed);
      if (split.abort.load(std::memory_order_relaxed)) group.cancel();
      const int slot = tbb::this_task_arena::current_thread_index();
      Instruments::Before before;
      if (instruments != nullptr) {
        SyncClock();
        before = instruments->Waits(slot, isolated);
      }
      shared_->searching.fetch_sub(1, std::memory_order_relaxed);
      if (isolated) {
        // While helpers work here, help below: the shallowest split point
        // inside this one's moves with a move left. Between looks, a
        // yield, then (nothing found 64 times) 20 us asleep: the core is
        // the owner's own, which nothing else would use.
        int idle_rounds = 0;
        while (split.working.load(std::memory_order_acquire) > 0) {
          if (SplitPoint* d = FindJoinable(split); d != nullptr) {
            JoinBelow(*d, slot);
            idle_rounds = 0;
          } else if (++idle_rounds < 64) {
            std::this_thread::yield();
          } else {
            std::this_thread::sleep_for(std::chrono::microseconds(20));
          }
        }
      }
      group.wait();
      if (isolated && parent != nullptr) Unlink(split);
      // A joiner may still work here (it joined during the wait, or was on
      // its way in when the loop ended): out of the list now, so no more
      // can come.
      while (split.joiners.load(std::memory_order_acquire) > 0) std::this_thread::yield();
      shared_->searching.fetch_add(1, std::memory_order_relaxed);
      if (instruments != nullptr) {
        instruments->WaitEnds(slot, before, split.done_tick.load(std::memory_order_acquire));
      }
    };
    // Isolated, the wait runs only tasks spawned inside this region: this
    // split point's helpers, which inherit the region (the split points
    // inside their moves open regions of their own). split_policy.h says
    // why.
    if (isolated) {
      tbb::this_task_arena::isolate(work_and_wait);
    } else {
      work_and_wait();
    }
  }
  split_ = parent;

  const std::uint64_t helper_internal = split.internal.load(std::memory_order_acquire);
  const std::uint64_t helper_leaves = split.leaves.load(std::memory_order_acquire);
  counts_.internal += helper_internal;
  counts_.leaves += helper_leaves;
  etc_probes_ += split.etc_probes.load(std::memory_order_acquire);
  // The helpers flushed their nodes into the shared count, and reported
  // them to the virtual clock, themselves.
  flushed_ += helper_internal + helper_leaves;
  clocked_ += helper_internal + helper_leaves;
  next_poll_ += helper_internal + helper_leaves;
  next_check_ += helper_internal + helper_leaves;
  if (const Instruments* const instruments = shared_->instruments; instruments != nullptr) {
    const int first_cut = split.first_cut.load(std::memory_order_relaxed);
    const int cut = first_cut < split.count ? first_cut : -1;
    const int started = split.next.load(std::memory_order_relaxed);
    const AfterTheCut waste = CountAfterTheCut(split.move_nodes.data(), split.move_waste.data(),
                                               started, cut);
    after_cut_ = waste_before + waste.total;
    instruments->SplitDone(split.node_class, started, cut >= 0 ? started - cut - 1 : 0,
                           waste.here);
  }

  const int packed = split.best.load(std::memory_order_acquire);
  *best = SplitPoint::ScoreOf(packed);
  const int order = SplitPoint::OrderOf(packed);
  if (order > 0) *best_move = split.moves[order - 1].square;
  const std::uint64_t all = split.count == 64 ? ~std::uint64_t{0}
                                              : (std::uint64_t{1} << split.count) - 1;
  // The owner may have stopped only because this node cut off (it saw the
  // flag a helper raised): then the node's result stands. It stays stopped
  // for a limit, for a cutoff above, and when no move cut off but some
  // move went unfinished.
  const bool complete = *best >= beta || split.finished.load(std::memory_order_acquire) == all;
  stopped_ = !complete || shared_->stop.load(std::memory_order_relaxed) ||
             (parent != nullptr && SplitAborted(parent));
  // At the guess, an eldest that fell short of the window leaves the guess
  // wrong: a younger brother's bound at or below window_alpha stands, one
  // above it (the guess itself) says nothing of the window, and that
  // brother is searched again from window_alpha, as one thread searches
  // every younger brother after such an eldest.
  if (node.at_guess && !stopped_ && *best < beta && split.move_score[0] <= node.window_alpha) {
    // The brothers that stand first, then the open ones, in order.
    ScoredMove again[kMaxMoves];
    int settled = 0;
    *best = -kInfinity;
    for (int i = 0; i < split.count; ++i) {
      const int score = split.move_score[static_cast<std::size_t>(i)];
      if (score > node.window_alpha) continue;
      again[settled++] = split.moves[i];
      if (score > *best) {
        *best = score;
        *best_move = split.moves[i].square;
      }
    }
    if (settled < split.count) {
      int open = settled;
      for (int i = 1; i < split.count; ++i) {
        if (split.move_score[static_cast<std::size_t>(i)] > node.window_alpha) {
          again[open++] = split.moves[i];
        }
      }
      // That split reports the root.
      SearchSplit({again, settled, open, node.window_alpha, beta, node.ply, false,
                   node.node_class, node.empties},
                  tracked, root, best, best_move);
      return;
    }
  }
  // The owner reported the moves it finished; helpers may have finished the
  // last ones, so the root reports the result once more if it has changed.
  if (root != nullptr && !stopped_) {
    const int done =
        first + std::popcount(split.finished.load(std::memory_order_acquire));
    const Progress& last = root->progress;
    if (last.root_moves_done != done || last.best_move != *best_move || last.bound != *best) {
      root->Report(done, *best_move, *best, counts_.total());
    }
  }
}

// One move at a time, in order, within the speculation window. At a
// null-window node (alpha + 1 == beta) the first search is the only one; at
// a PV node a null-window search that beats alpha is re-searched from its
// bound (or from a higher alpha proven meanwhile) to beta. A score is
// "proven" (a lower bound) when it beats the lower edge of the window it
// came from. The thread that finishes the first unfinished move always finds
// the window open again, so the moves are all taken as long as one thread
// is still here.
void Searcher::WorkAt(SplitPoint& split, const OwnerDuty* duty, bool spawns) {
  // A helper task: unless it comes too late, a helper's work here
  // (HelpAt). (A lambda, so that it may call this class's private
  // members.)
  auto help = [](SplitPoint& at, int spawner, const PendingStart& pending) {
    JoinSplit(&at);
    at.pending.fetch_sub(1, std::memory_order_relaxed);
    const Instruments* const instruments = at.shared->instruments;
    // The arena slot matters to the instruments alone.
    const int slot = instruments != nullptr ? tbb::this_task_arena::current_thread_index() : -1;
    if (instruments != nullptr) instruments->HelperStarts(slot != spawner);
    // Late or not, the task has run on a thread and costs it (on a virtual
    // machine, the task's ticks).
    Instruments::Before before;
    if (instruments != nullptr) before = instruments->Searches(slot, pending.at());
    pending.Start();
    if (instruments != nullptr) instruments->HelperSetsUp(slot, slot != spawner);
    if (!HasRoom(at) || SplitAborted(&at)) {
      if (instruments != nullptr) {
        instruments->HelperLate();
        instruments->HelperEnds(slot, before);
      }
      return;
    }
    HelpAt(at, slot, before, /*spawns=*/true);
  };

  const int beta = split.beta;
  while (!stopped_ && !SplitAborted(&split)) {
    int i = split.next.load(std::memory_order_relaxed);
    do {
      const int first = split.FirstUnfinished();
      if (i >= split.count || i - first >= WindowAt(split, first)) return;
    } while (!split.next.compare_exchange_weak(i, i + 1, std::memory_order_relaxed));
    if (const int wanted = spawns ? HelpersWanted(split) : 0; wanted > 0) {
      split.pending.fetch_add(wanted, std::memory_order_relaxed);
      const int spawner = tbb::this_task_arena::current_thread_index();
      // On a virtual machine the helper starts at the spawner's tick.
      std::int64_t spawned_at = 0;
      if (const Instruments* const instruments = split.shared->instruments;
          instruments != nullptr) {
        SyncClock();
        spawned_at = instruments->Spawns(spawner, wanted);
      }
      PublishSplit(&split);
      BeginSpawn();
      for (int h = 0; h < wanted; ++h) {
        split.group->run([help, spawner, pending = PendingStart(clock_, spawned_at),
                          handle = SplitHandle{&split}] {
          help(*handle.split, spawner, pending);
        });
      }
      EndSpawn();
    }

    const ScoredMove& m = split.moves[i];
    const bool tracked = duty != nullptr && duty->tracked;
    if (tracked) spans_->BeginMove(split.ply, counts_.total());
    const std::uint64_t move_start = counts_.total();
    const std::uint64_t waste_start = after_cut_;
    // The window of the moment, raised by the brothers finished so far,
    // unless the node keeps the one it split with.
    const auto window_alpha = [&split] {
      return split.keeps_window ? split.start_alpha
                                : split.alpha.load(std::memory_order_relaxed);
    };
    // Below a PV node every younger brother is the root of a null-window
    // subtree (search.h); at a null-window node the owner's value holds.
    if (split.pv) null_root_ply_ = split.ply + 1;
    int lo;
    int score;
    if (i == 0 && split.at_guess) {  // the eldest, with the whole window
      lo = split.start_alpha;
      score = -DispatchChild(m.player, m.opponent, -beta, -lo, split.ply + 1);
    } else {
      const int a = window_alpha();
      lo = a;
      score = -DispatchChild(m.player, m.opponent, -a - 1, -a, split.ply + 1);
      if (score > a && score < beta && !stopped_) {
        lo = std::max(score - 1, window_alpha());
        score = -DispatchChild(m.player, m.opponent, -beta, -lo, split.ply + 1);
      }
    }
    split.move_score[static_cast<std::size_t>(i)] = score;
    if (split.shared->instruments != nullptr) {
      split.move_nodes[static_cast<std::size_t>(i)] = counts_.total() - move_start;
      split.move_waste[static_cast<std::size_t>(i)] = after_cut_ - waste_start;
    }
    if (stopped_) return;
    if (tracked) spans_->EndMove(split.ply, counts_.total());
    split.Merge(score, score > lo, i + 1);
    const std::uint64_t finished =
        split.finished.fetch_or(std::uint64_t{1} << i, std::memory_order_release) |
        (std::uint64_t{1} << i);
    if (duty != nullptr && duty->root != nullptr) {
      // The root reports what is proven: at the guess, a younger brother's
      // bound at the guess, above the window's lower edge, is not (yet).
      const int packed = split.best.load(std::memory_order_relaxed);
      if (!split.at_guess || SplitPoint::ProvenOf(packed) ||
          SplitPoint::ScoreOf(packed) <= split.start_alpha) {
        const int order = SplitPoint::OrderOf(packed);
        duty->root->Report(duty->elders + std::popcount(finished),
                           order > 0 ? split.moves[order - 1].square : duty->elders_best_move,
                           SplitPoint::ScoreOf(packed), counts_.total());
      }
    }
    if (score >= beta) {
      int cut = split.first_cut.load(std::memory_order_relaxed);
      while (i < cut &&
             !split.first_cut.compare_exchange_weak(cut, i, std::memory_order_relaxed)) {
      }
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
  shared_->AddNodes(local - flushed_);
  flushed_ = local;
}

void Searcher::SyncClock() {
  VirtualClock* const clock = clock_;
  if (clock == nullptr) return;
  const std::uint64_t local = counts_.internal + counts_.leaves;
  const int slot = tbb::this_task_arena::current_thread_index();
  if (slot >= 0 && slot < clock->slots()) clock->Advance(slot, local - clocked_);
  clocked_ = local;
}

// oneTBB caps the workers of all arenas at the hardware threads minus one
// unless a global_control says otherwise; only raise it (never lower it,
// which would throttle other solves running beside this one).
void RunWithThreads(int threads, absl::FunctionRef<void()> search,
                    const Instruments* instruments) {
  std::optional<tbb::global_control> cap;
  if (threads > tbb::info::default_concurrency()) {
    cap.emplace(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  }
  tbb::task_arena arena(threads);
  const auto start = std::chrono::steady_clock::now();
  arena.execute([&] {
    const int slot = tbb::this_task_arena::current_thread_index();
    if (instruments != nullptr) instruments->Searches(slot, 0);
    search();
    if (instruments != nullptr) instruments->SearchEnds(slot);
  });
  if (instruments != nullptr) {
    instruments->AddWallNs(std::chrono::duration_cast<std::chrono::nanoseconds>(
                               std::chrono::steady_clock::now() - start)
                               .count());
  }
}

const char* NodeClassName(NodeClass c) {
  switch (c) {
    case NodeClass::kRoot: return "root";
    case NodeClass::kPv: return "pv";
    case NodeClass::kFailedLow: return "failed-low";
    case NodeClass::kFailedHigh: return "failed-high";
    case NodeClass::kExpectedCut: return "expected-cut";
    case NodeClass::kExpectedAll: return "expected-all";
    case NodeClass::kPredictedAll: return "predicted-all";
  }
  return "?";
}

}  // namespace endsolve::search
