// The virtual many-core machine (solver/virtual_clock.h): with one virtual
// core the search visits exactly the one-thread nodes; with many, no
// thread runs more than the slice ahead of the slowest searching one, and
// every slot's ticks add up (search + wait + idle = the solve's ticks); the
// same of the estimate's selective passes.
#include "endsolve/solver/virtual_clock.h"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "endsolve/positions/position_io.h"
#include "endsolve/solver/solver.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

using search::VirtualClock;

std::vector<Position> Ffo(int first, int last) {
  const auto read = ReadPositionFile(std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-1-19.obf");
  return std::vector<Position>(read->positions.begin() + (first - 1), read->positions.begin() + last);
}

// The clock alone: a slot ahead of the slowest searching one by more than
// the slice waits until that one catches up; a slot that waits at a split
// point holds nobody back; every slot's ticks add up.
TEST(VirtualClock, ASlotAheadWaitsForTheSlowest) {
  VirtualClock clock(2, 100, {});
  clock.Switch(0, VirtualClock::Mode::kSearch);
  clock.Switch(1, VirtualClock::Mode::kSearch);
  std::thread ahead([&] { clock.Advance(0, 1000); });  // waits for slot 1
  for (int i = 0; i < 10; ++i) clock.Advance(1, 100);  // slot 1 reaches 1000
  ahead.join();
  EXPECT_LE(clock.max_lead(), 100);
  // Slot 1 waits from tick 1000; slot 0 runs on alone.
  clock.Switch(1, VirtualClock::Mode::kWait);
  clock.Advance(0, 500);
  // Slot 1's wait ends at 1500, the tick its helper finished.
  clock.Switch(1, VirtualClock::Mode::kSearch, 1500);
  clock.Switch(0, VirtualClock::Mode::kNone);
  clock.Advance(1, 10);
  clock.Switch(1, VirtualClock::Mode::kNone);
  EXPECT_EQ(clock.ticks(), 1510);
  EXPECT_EQ(clock.search(0), 1500);
  EXPECT_EQ(clock.wait(0), 0);
  EXPECT_EQ(clock.idle(0), 10);
  EXPECT_EQ(clock.search(1), 1010);
  EXPECT_EQ(clock.wait(1), 500);
  EXPECT_EQ(clock.idle(1), 0);
}

// A spawned task holds its spawner at the spawn tick while a thread is
// free to take it; when nobody takes it (oneTBB need not run a spawned task
// before its spawner waits, and every other thread may sleep), the spawner
// goes on after kUntakenTaskWait, counted, rather than wait forever; a
// slot behind it still holds it back however long.
TEST(VirtualClock, ATaskNobodyTakesHoldsItsSpawnerOnlySoLong) {
  VirtualClock clock(2, 100, {});
  clock.Switch(0, VirtualClock::Mode::kSearch);
  clock.Spawned(0);  // never started; slot 1 is free
  clock.Advance(0, 1000);
  EXPECT_EQ(clock.untaken_releases(), 1u);
  EXPECT_EQ(clock.Tick(0), 1000);
  EXPECT_LE(clock.max_lead(), 100);  // the release is not a lead within the lockstep
  // A searching slot behind: the spawner waits for it past
  // kUntakenTaskWait, for it and not for the task.
  clock.Switch(1, VirtualClock::Mode::kSearch, 500);
  std::atomic<bool> went_on = false;
  std::thread ahead([&] {
    clock.Advance(0, 1000);
    went_on = true;
  });
  std::this_thread::sleep_for(2 * search::kUntakenTaskWait);
  EXPECT_FALSE(went_on.load());  // slot 1 has not moved: nothing lets slot 0 go on
  for (int i = 0; i < 15; ++i) clock.Advance(1, 100);  // slot 1 reaches 2000
  ahead.join();
  EXPECT_TRUE(went_on.load());
  EXPECT_EQ(clock.untaken_releases(), 1u);
  EXPECT_EQ(clock.Tick(0), 2000);
}

// An owner that waits isolated (SplitPolicy::isolated_wait) runs only its
// own split point's tasks, so another's spawned task does not hold the
// clock on its account, where one that waits free to run any does; both
// count as waiting.
TEST(VirtualClock, AnIsolatedWaitTakesNoOtherTask) {
  VirtualClock clock(2, 100, {});
  clock.Switch(0, VirtualClock::Mode::kSearch);
  clock.Switch(1, VirtualClock::Mode::kSearch);
  clock.Switch(1, VirtualClock::Mode::kWaitIsolated);
  clock.Spawned(0);  // never started
  clock.Advance(0, 1000);  // nobody free to take it: no hold
  EXPECT_EQ(clock.untaken_releases(), 0u);
  clock.Switch(1, VirtualClock::Mode::kSearch, 1000);
  clock.Switch(1, VirtualClock::Mode::kWait);
  clock.Advance(0, 1000);  // slot 1 could take it: held until released
  EXPECT_EQ(clock.untaken_releases(), 1u);
  clock.Switch(1, VirtualClock::Mode::kSearch, 2000);
  clock.Switch(0, VirtualClock::Mode::kNone);
  clock.Switch(1, VirtualClock::Mode::kNone);
  EXPECT_EQ(clock.ticks(), 2000);
  EXPECT_EQ(clock.search(0), 2000);
  EXPECT_EQ(clock.wait(1), 2000);
  EXPECT_EQ(clock.search(1), 0);
}

// A helper task costs the slot that runs it its ticks, as searching time,
// and the lockstep holds over them as over nodes: a stolen task the steal's
// cost, one its own spawner runs the pop's.
TEST(VirtualClock, AHelperTaskCostsItsThreadItsTicks) {
  VirtualClock clock(2, 100, {.stolen = 40, .own = 3});
  clock.Switch(0, VirtualClock::Mode::kSearch);
  clock.Switch(1, VirtualClock::Mode::kSearch);
  clock.Advance(0, 50);
  clock.TaskStarts(1, /*stolen=*/true);  // slot 1 at 40
  clock.Advance(1, 10);
  clock.TaskStarts(0, /*stolen=*/false);  // slot 0 at 53
  clock.Switch(0, VirtualClock::Mode::kNone);
  clock.Switch(1, VirtualClock::Mode::kNone);
  EXPECT_EQ(clock.tasks(), 2u);
  EXPECT_EQ(clock.task_ticks(), 43);
  EXPECT_EQ(clock.ticks(), 53);
  EXPECT_EQ(clock.search(0), 53);
  EXPECT_EQ(clock.search(1), 50);
  EXPECT_EQ(clock.idle(1), 3);
}

// One virtual core: the same nodes as a plain one-thread solve, and every
// tick a node of the search (the principal variation's walk after it is
// not on the clock).
TEST(VirtualClock, OneVirtualCoreVisitsTheOneThreadNodes) {
  for (const Position& position : Ffo(1, 5)) {
    SolveOptions plain;
    plain.table.size_mib = 16;
    const SolveResult alone = Solve(position.board, plain).value();
    VirtualClock clock(1, search::kVirtualSlice, search::kVirtualTaskCost);
    SolveOptions virtual_one = plain;
    virtual_one.virtual_clock = &clock;
    const SolveResult on_clock = Solve(position.board, virtual_one).value();
    EXPECT_EQ(on_clock.nodes.total(), alone.nodes.total());
    EXPECT_EQ(on_clock.score, alone.score);
    EXPECT_EQ(clock.ticks(),
              static_cast<std::int64_t>(on_clock.nodes.total() - on_clock.pv_nodes.total()));
    EXPECT_EQ(clock.search(0), clock.ticks());
    EXPECT_EQ(clock.wait(0) + clock.idle(0), 0);
  }
}

// Eight virtual cores on this machine's few, splits from the smallest
// threshold: exact scores, the lockstep held, and every slot's ticks add
// up to the solve's, its searching ticks to the nodes of the search.
TEST(VirtualClock, ManyVirtualCoresKeepStepAndAddUp) {
  std::uint64_t joined = 0;
  for (const Position& position : Ffo(1, 3)) {
    constexpr int kThreads = 8;
    VirtualClock clock(kThreads, search::kVirtualSlice, search::kVirtualTaskCost);
    SolveOptions options;
    options.table.size_mib = 16;
    options.threads = kThreads;
    options.split_min_empties = 9;
    options.virtual_clock = &clock;
    search::ParallelStats stats(kThreads);
    options.parallel_stats = &stats;
    const SolveResult result = Solve(position.board, options).value();
    EXPECT_EQ(result.score, position.ExpectedScore());
    EXPECT_LE(clock.max_lead(), clock.slice());
    std::int64_t searched = 0;
    for (int slot = 0; slot < kThreads; ++slot) {
      EXPECT_GE(clock.search(slot), 0);
      EXPECT_GE(clock.wait(slot), 0);
      EXPECT_GE(clock.idle(slot), 0) << "slot " << slot;
      EXPECT_EQ(clock.search(slot) + clock.wait(slot) + clock.idle(slot), clock.ticks());
      searched += clock.search(slot);
    }
    // Every searching tick a node, or a helper's cost: a stolen task's or
    // one its spawner ran, as the split counters say who ran each, and a
    // waiting owner's that joined a split point below its own a stolen
    // one's.
    EXPECT_GT(clock.tasks(), 0u);
    EXPECT_EQ(clock.tasks(), stats.started.load() + stats.joined.load());
    const search::TaskCost cost = search::kVirtualTaskCost;
    EXPECT_EQ(clock.task_ticks(),
              static_cast<std::int64_t>(stats.stolen.load() + stats.joined.load()) * cost.stolen +
                  static_cast<std::int64_t>(stats.started.load() - stats.stolen.load()) * cost.own);
    EXPECT_EQ(searched,
              static_cast<std::int64_t>(result.nodes.total() - result.pv_nodes.total() +
                                        clock.task_ticks()));
    // Eight cores in step take fewer ticks than their searching ticks.
    EXPECT_LT(clock.ticks(), searched);
    joined += stats.joined.load();
  }
  // Owners waiting at home joined split points below their own (some 80
  // times over the three), so the accounting above covered their cost.
  EXPECT_GT(joined, 0u);
}

// The exact solve's estimate runs on the clock as the solve does: one
// virtual core ticks once a node of its selective passes; eight keep step
// and add up.
TEST(VirtualClock, TheSelectivePassesRunOnTheClockToo) {
  const Position position = Ffo(1, 1).front();
  SolveOptions plain;
  plain.table.size_mib = 16;
  const ScoreEstimate alone = EstimateScore(position.board, plain, kSelectivePasses).value();
  ASSERT_GT(alone.nodes.total(), 0u);
  VirtualClock one(1, search::kVirtualSlice, search::kVirtualTaskCost);
  SolveOptions on_one = plain;
  on_one.virtual_clock = &one;
  const ScoreEstimate estimate = EstimateScore(position.board, on_one, kSelectivePasses).value();
  EXPECT_EQ(estimate.nodes.total(), alone.nodes.total());
  EXPECT_EQ(estimate.pass_scores, alone.pass_scores);
  EXPECT_EQ(one.ticks(), static_cast<std::int64_t>(estimate.nodes.total()));
  EXPECT_EQ(one.search(0), one.ticks());
  constexpr int kThreads = 8;
  VirtualClock eight(kThreads, search::kVirtualSlice, search::kVirtualTaskCost);
  SolveOptions on_eight = plain;
  on_eight.threads = kThreads;
  on_eight.split_min_empties = 9;
  on_eight.virtual_clock = &eight;
  const ScoreEstimate many = EstimateScore(position.board, on_eight, kSelectivePasses).value();
  EXPECT_LE(eight.max_lead(), eight.slice());
  std::int64_t searched = 0;
  for (int slot = 0; slot < kThreads; ++slot) {
    EXPECT_EQ(eight.search(slot) + eight.wait(slot) + eight.idle(slot), eight.ticks());
    searched += eight.search(slot);
  }
  EXPECT_EQ(searched, static_cast<std::int64_t>(many.nodes.total() +
                                                eight.task_ticks()));
}

}  // namespace
}  // namespace endsolve
