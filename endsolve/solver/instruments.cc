#include "endsolve/solver/instruments.h"

#include <chrono>
#include <cstddef>

#include "endsolve/solver/thread_stats.h"

namespace endsolve::search {
namespace {

// ParallelStats::Thread::mode.
constexpr int kNothing = 0, kSearching = 1, kWaiting = 2;

std::int64_t NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The calling thread, arena slot `slot`, does `now_doing` from now on; the
// time since its last switch goes to what it did. Returns that.
int Switch(ParallelStats* stats, int slot, int now_doing) {
  if (stats == nullptr || slot < 0 || slot >= static_cast<int>(stats->threads.size())) {
    return kNothing;
  }
  ParallelStats::Thread& t = stats->threads[static_cast<std::size_t>(slot)];
  const std::int64_t now = NowNs();
  const int mode = t.mode.load(std::memory_order_relaxed);
  const std::int64_t spent = now - t.since.load(std::memory_order_relaxed);
  if (mode == kSearching) {
    t.search_ns.fetch_add(spent, std::memory_order_relaxed);
  } else if (mode == kWaiting) {
    t.wait_ns.fetch_add(spent, std::memory_order_relaxed);
  }
  t.mode.store(now_doing, std::memory_order_relaxed);
  t.since.store(now, std::memory_order_relaxed);
  return mode;
}

}  // namespace

Instruments::Before Instruments::Searches(int slot, std::int64_t start) const {
  Before before;
  before.activity = Switch(stats_, slot, kSearching);
  if (clock_ != nullptr) before.mode = clock_->Switch(slot, VirtualClock::Mode::kSearch, start);
  return before;
}

Instruments::Before Instruments::Waits(int slot, bool isolated) const {
  Before before;
  before.activity = Switch(stats_, slot, kWaiting);
  if (clock_ != nullptr) {
    before.mode = clock_->Switch(
        slot, isolated ? VirtualClock::Mode::kWaitIsolated : VirtualClock::Mode::kWait);
  }
  return before;
}

void Instruments::WaitEnds(int slot, const Before& before, std::int64_t done) const {
  if (clock_ != nullptr) clock_->Switch(slot, VirtualClock::Mode::kSearch, done);
  Switch(stats_, slot, before.activity);
}

std::int64_t Instruments::HelperEnds(int slot, const Before& before) const {
  std::int64_t done = 0;
  if (clock_ != nullptr) {
    done = clock_->Tick(slot);
    clock_->Switch(slot, before.mode);
  }
  Switch(stats_, slot, before.activity);
  return done;
}

void Instruments::SearchEnds(int slot) const {
  if (clock_ != nullptr) clock_->Switch(slot, VirtualClock::Mode::kNone);
  Switch(stats_, slot, kNothing);
}

void Instruments::Split() const {
  if (stats_ != nullptr) stats_->splits.fetch_add(1, std::memory_order_relaxed);
}

std::int64_t Instruments::Spawns(int spawner, int wanted) const {
  if (stats_ != nullptr) {
    stats_->spawned.fetch_add(static_cast<std::uint64_t>(wanted), std::memory_order_relaxed);
  }
  return clock_ != nullptr ? clock_->Tick(spawner) : 0;
}

void Instruments::HelperStarts(bool stolen) const {
  if (stats_ == nullptr) return;
  stats_->started.fetch_add(1, std::memory_order_relaxed);
  if (stolen) stats_->stolen.fetch_add(1, std::memory_order_relaxed);
}

void Instruments::Joins() const {
  if (stats_ != nullptr) stats_->joined.fetch_add(1, std::memory_order_relaxed);
}

void Instruments::HelperSetsUp(int slot, bool stolen) const {
  if (clock_ != nullptr) clock_->TaskStarts(slot, stolen);
}

void Instruments::HelperLate() const {
  if (stats_ != nullptr) stats_->late.fetch_add(1, std::memory_order_relaxed);
}

void Instruments::SplitDone(NodeClass c, int moves, int wasted_moves,
                            std::uint64_t wasted_nodes) const {
  if (stats_ == nullptr) return;
  const auto i = static_cast<std::size_t>(c);
  stats_->split_moves[i].fetch_add(static_cast<std::uint64_t>(moves), std::memory_order_relaxed);
  stats_->wasted_moves[i].fetch_add(static_cast<std::uint64_t>(wasted_moves),
                                    std::memory_order_relaxed);
  stats_->wasted_nodes[i].fetch_add(wasted_nodes, std::memory_order_relaxed);
}

void Instruments::AddWallNs(std::int64_t ns) const {
  if (stats_ != nullptr) stats_->wall_ns += ns;
}

}  // namespace endsolve::search
