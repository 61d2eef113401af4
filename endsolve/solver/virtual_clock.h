// A virtual many-core machine: the real parallel search (its split policy,
// table and oneTBB scheduling) with P threads that advance in lockstep,
// time counted in nodes, so that P threads on a machine of fewer cores
// speculate, waste and idle as P running at once would (a
// measurement that two cores cannot otherwise give: the work/span model
// counts no speculative waste, and threads that take turns on two cores do
// not speculate as many running at once do).
//
// The model, and its assumptions:
//  - Each slot of the task arena (one thread at a time) has a clock in
//    ticks, one tick a node it searched. A searching thread's clock
//    advances by the nodes it reports (every slice, before it spawns a
//    helper, when its task ends), and it may run on only while its clock is
//    at most `slice` ticks ahead of the slowest searching thread's: ahead,
//    it blocks until the others catch up. So no thread gets more than a
//    slice ahead of what a machine of P cores running in step would allow.
//  - A thread that waits at a split point or has no task does not hold the
//    clock back, and its clock stands still meanwhile. A helper task
//    starts at the tick it was spawned (an idle core would take it at once)
//    or when its thread becomes free, the later of the two; an owner leaves
//    its wait at the tick its last helper finished. The ticks in between
//    are its wait or idle time.
//  - A task spawned and not yet started holds the clock at its spawn tick
//    while a thread is free to take it (one with no task, or waiting at a
//    split point where it may run others' tasks: kWait, not
//    kWaitIsolated): on P real cores a free one takes it at once, so nobody
//    may run on far beyond that tick before it starts. Without this the
//    spawner would run on alone while the operating system wakes a worker,
//    and a virtual machine would search as one core does.
//  - Every node costs the same tick on every thread: a machine whose cores
//    slow each other down (a shared cache, memory bandwidth) is a
//    calibration applied to the ticks, not a part of the clock.
//  - A helper task costs the thread that runs it ticks before its first
//    node, as searching time (TaskCost): without them a split is free, and
//    the machine splits as small as it can where a real one loses more
//    than it gains. A task another thread takes pays the steal (often a
//    sleeping worker's wake-up), a searcher and cold caches; one its own
//    spawner runs from its pool while it waits pays a pop and a look at
//    the split point, a few nodes' time. Which of the two a task is, the
//    real oneTBB decides here as on a machine of P cores.
//  - oneTBB does not promise that a spawned task runs before its spawner
//    waits for it: rarely every other thread sleeps with the task left in
//    the spawner's pool, and the spawner, held by that task, would wait for
//    it forever. After kUntakenTaskWait of real time so held, it goes on
//    (counted: untaken_releases), and the task starts when someone takes it.
//  - With one thread nothing ever waits: the search visits exactly the
//    nodes of a plain one-thread solve.
#ifndef ENDSOLVE_SOLVER_VIRTUAL_CLOCK_H_
#define ENDSOLVE_SOLVER_VIRTUAL_CLOCK_H_

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <map>
#include <vector>

namespace endsolve::search {

// The slice a virtual machine's threads keep to: a searcher reports its
// nodes to the clock every slice (between the polls of its limits, which
// stay every kPollInterval nodes). Within a slice a thread may see what a
// later tick of the others did (a move taken, a cutoff) and act on it: the
// coarser the slice, the more a helper finds its moves gone and idles.
// Measured on FFO #40-#44 at 16 virtual cores (endsolve/bench/results/virtual-cores.txt):
// speedup 4.47 / 5.86 / 6.52 / 6.83 / 6.82 / 6.94 at 4096 / 1024 / 256 /
// 128 / 64 / 16 ticks, the time 7 / 11 / 21 / 31 / 43 / 74 s: 128 is where
// the figures have settled.
inline constexpr std::int64_t kVirtualSlice = 128;

// What a helper task costs the thread that runs it, in nodes of one
// thread's search, by who runs it.
struct TaskCost {
  std::int64_t stolen = 0;  // another thread than its spawner
  std::int64_t own = 0;     // its spawner, from its own pool while it waits
};

// The costs the virtual machine charges. `own`: measured in real time on
// two cores (FFO #40-#49 at two threads, with 16 extra tasks a spawn that
// do what a late one does: 79 ns of a thread's time each, 1.8 nodes;
// endsolve/bench/results/virtual-own-task-2026-12-05.txt). `stolen`: fitted to the real
// 16-core runs, where FFO #40-#49 took 1.50 and 1.68 times as long with
// splits from 9 empties as from 12 (two leases, device-2026-12-04.md); with
// `own` 2, 16 virtual cores give 1.53 / 1.65 times at 175 / 225 ticks a
// stolen task, the midpoint at 200 (virtual-task-cost-2026-12-05.txt).
inline constexpr TaskCost kVirtualTaskCost{.stolen = 200, .own = 2};

// How long a slot held by unstarted tasks alone waits in real time before
// it goes on (above): a free thread takes a task within microseconds, or
// milliseconds on a loaded machine; a run that hung so (FFO #60-#63 at 16
// virtual cores, virtual-levers-2026-12-04.txt) had every other thread
// asleep for minutes.
inline constexpr std::chrono::milliseconds kUntakenTaskWait{200};

// The calibration of ticks to a real machine's time: beyond the tasks'
// cost, a thread searched at n^-kMachineRateExponent of one thread's node
// rate while n threads searched at once (the shared cache and memory),
// fitted by least squares to the real run at 2, 4, 8 and 16 threads of
// splits from 12 empties (device-2026-12-04.md; n = threads x the virtual search
// share: 1.99, 3.82, 7.04 and 11.39; the real speedup over the ticks'
// 0.93, 0.87, 0.90 and 0.86; virtual-task-cost-2026-12-05.txt).
inline constexpr double kMachineRateExponent = 0.067;
// One thread's node rate there, against one searching alone, while
// `searching` threads search at once (at least one). Past 16 the fit is an
// extrapolation.
double MachineRate(double searching);

class VirtualClock {
 public:
  // kWait: an owner waiting at its split point, free to run any task
  // meanwhile; kWaitIsolated: one that runs only its own split point's
  // helper tasks (SplitPolicy::isolated_wait), so no other task is its to
  // take. Both count as waiting.
  enum class Mode { kNone = 0, kSearch = 1, kWait = 2, kWaitIsolated = 3 };

  // A machine of `slots` threads (the task arena's); `slice` the most
  // ticks a searching thread may run ahead of the slowest searching one;
  // `cost` what a helper task costs the thread that runs it
  // (kVirtualTaskCost; zeros: nothing).
  VirtualClock(int slots, std::int64_t slice, TaskCost cost);

  // Slot `slot` searched `nodes` more nodes (it must be searching): its
  // clock advances, and it blocks while it is more than the slice ahead of
  // the slowest searching slot.
  void Advance(int slot, std::uint64_t nodes);

  // Slot `slot` now does `mode`; entering kSearch its clock moves to
  // `start` when that is later (a task spawned at `start`, a wait whose
  // last helper finished then). Returns the mode it leaves.
  Mode Switch(int slot, Mode mode, std::int64_t start = 0);

  // Slot `slot` (searching) starts a helper task, `stolen` when another
  // slot spawned it: its clock advances by the task's cost, as Advance does.
  void TaskStarts(int slot, bool stolen);

  // The slot's clock: where a task it spawns now starts.
  std::int64_t Tick(int slot) const;
  // The machine's present: the slowest searching slot's clock (where an
  // owner that joins a split point below its own, found with a move left
  // at this moment of real time, starts there).
  std::int64_t Now() const;

  // A task spawned at tick `at`, not yet started: it holds the clock there
  // (above) until Started(token) says it started, or was cancelled
  // unstarted. Started is idempotent, so that a task may call it when it
  // starts and its destructor again, and nothing is written into the task.
  std::uint64_t Spawned(std::int64_t at);
  void Started(std::uint64_t token);

  // After the search: the ticks it took (the latest clock), and each
  // slot's ticks searching, waiting at split points, and idle (the rest of
  // the ticks). search + wait + idle = ticks(), for every slot.
  std::int64_t ticks() const;
  std::int64_t search(int slot) const;
  std::int64_t wait(int slot) const;
  std::int64_t idle(int slot) const;
  int slots() const { return static_cast<int>(slots_.size()); }
  std::int64_t slice() const { return slice_; }
  // The helpers that paid their cost (TaskStarts: tasks, and owners that
  // joined a split point below their own), and the ticks they paid in all.
  std::uint64_t tasks() const;
  std::int64_t task_ticks() const;
  // The most ticks a slot was ahead of the slowest searching one when it
  // went on running (the lockstep's check: at most the slice).
  std::int64_t max_lead() const;
  // The times a slot went on after kUntakenTaskWait of real time held by
  // unstarted tasks alone (above; not counted in max_lead): oneTBB left
  // them in their spawner's pool while every other thread slept.
  std::uint64_t untaken_releases() const;

 private:
  struct Slot {
    std::int64_t tick = 0;
    Mode mode = Mode::kNone;
    std::int64_t since = 0;  // the tick at which it entered `mode`
    std::int64_t search = 0, wait = 0;
    bool blocked = false;     // waiting in Advance for the others
    std::condition_variable go;
  };
  // Advance's work, `lock` holding mutex_ (it waits on it).
  void AdvanceLocked(std::unique_lock<std::mutex>& lock, int slot, std::int64_t ticks);
  // The slowest searching slot's clock (the present of the machine), or
  // the latest clock when none is searching. Under mutex_.
  // `with_pending` false: the slowest searching slot's alone.
  std::int64_t NowLocked(bool with_pending = true) const;
  // Wakes the blocked slots the present has caught up with, and only
  // those: a wake-up of every slot at every step of the slowest one cost
  // more than the search on a machine of few cores. Under mutex_.
  void ReleaseLocked();

  const std::int64_t slice_;
  const TaskCost cost_;
  mutable std::mutex mutex_;
  std::uint64_t tasks_ = 0;
  std::int64_t task_ticks_ = 0;
  std::vector<Slot> slots_;
  std::map<std::uint64_t, std::int64_t> pending_;  // the tasks not yet started: token, spawn tick
  std::uint64_t next_token_ = 0;
  std::int64_t max_lead_ = 0;
  std::uint64_t untaken_releases_ = 0;
};

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_VIRTUAL_CLOCK_H_
