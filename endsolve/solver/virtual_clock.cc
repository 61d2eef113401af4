#include "endsolve/solver/virtual_clock.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace endsolve::search {

double MachineRate(double searching) {
  return std::pow(std::max(1.0, searching), -kMachineRateExponent);
}

VirtualClock::VirtualClock(int slots, std::int64_t slice, TaskCost cost)
    : slice_(slice), cost_(cost), slots_(static_cast<std::size_t>(slots)) {}

void VirtualClock::TaskStarts(int slot, bool stolen) {
  std::unique_lock lock(mutex_);
  ++tasks_;
  const std::int64_t ticks = stolen ? cost_.stolen : cost_.own;
  task_ticks_ += ticks;
  if (ticks > 0) AdvanceLocked(lock, slot, ticks);
}

std::uint64_t VirtualClock::tasks() const {
  std::lock_guard lock(mutex_);
  return tasks_;
}

std::int64_t VirtualClock::task_ticks() const {
  std::lock_guard lock(mutex_);
  return task_ticks_;
}

std::int64_t VirtualClock::NowLocked(bool with_pending) const {
  std::int64_t slowest = std::numeric_limits<std::int64_t>::max();
  std::int64_t latest = 0;
  bool free = false;
  for (const Slot& s : slots_) {
    latest = std::max(latest, s.tick);
    if (s.mode == Mode::kSearch) slowest = std::min(slowest, s.tick);
    free = free || s.mode == Mode::kNone || s.mode == Mode::kWait;
  }
  if (free && with_pending) {
    for (const auto& [token, at] : pending_) slowest = std::min(slowest, at);
  }
  return slowest == std::numeric_limits<std::int64_t>::max() ? latest : slowest;
}

std::uint64_t VirtualClock::Spawned(std::int64_t at) {
  std::lock_guard lock(mutex_);
  pending_.emplace(next_token_, at);
  return next_token_++;
}

void VirtualClock::ReleaseLocked() {
  const std::int64_t now = NowLocked();
  for (Slot& s : slots_) {
    if (s.blocked && s.tick - now <= slice_) {
      s.blocked = false;
      s.go.notify_one();
    }
  }
}

void VirtualClock::Started(std::uint64_t token) {
  std::lock_guard lock(mutex_);
  if (pending_.erase(token) > 0) ReleaseLocked();
}

void VirtualClock::Advance(int slot, std::uint64_t nodes) {
  std::unique_lock lock(mutex_);
  AdvanceLocked(lock, slot, static_cast<std::int64_t>(nodes));
}

void VirtualClock::AdvanceLocked(std::unique_lock<std::mutex>& lock, int slot,
                                 std::int64_t ticks) {
  Slot& s = slots_[static_cast<std::size_t>(slot)];
  assert(s.mode == Mode::kSearch);
  s.tick += ticks;
  // It may have been the slowest: the others may go on.
  ReleaseLocked();
  while (s.tick - NowLocked() > slice_) {
    s.blocked = true;
    if (s.go.wait_for(lock, kUntakenTaskWait, [&] { return !s.blocked; })) continue;
    // Held that long by tasks spawned and not started alone, nobody
    // searching behind it: go on. oneTBB does not promise that another
    // thread takes a spawned task before its spawner waits for its group,
    // and with every other thread asleep the spawner would wait here for
    // that task forever.
    if (s.tick - NowLocked(/*with_pending=*/false) <= slice_) {
      s.blocked = false;
      ++untaken_releases_;
      return;
    }
  }
  max_lead_ = std::max(max_lead_, s.tick - NowLocked());
}

VirtualClock::Mode VirtualClock::Switch(int slot, Mode mode, std::int64_t start) {
  std::unique_lock lock(mutex_);
  Slot& s = slots_[static_cast<std::size_t>(slot)];
  const Mode before = s.mode;
  if (mode == Mode::kSearch) s.tick = std::max(s.tick, start);
  const std::int64_t spent = s.tick - s.since;
  if (before == Mode::kSearch) s.search += spent;
  if (before == Mode::kWait || before == Mode::kWaitIsolated) s.wait += spent;
  s.mode = mode;
  s.since = s.tick;
  // A slot that stops searching may have held the others back; one that
  // starts behind them holds them back from now on (they block at their
  // next Advance).
  ReleaseLocked();
  return before;
}

std::int64_t VirtualClock::Tick(int slot) const {
  std::lock_guard lock(mutex_);
  return slots_[static_cast<std::size_t>(slot)].tick;
}

std::int64_t VirtualClock::Now() const {
  std::lock_guard lock(mutex_);
  return NowLocked(/*with_pending=*/false);
}

std::int64_t VirtualClock::ticks() const {
  std::lock_guard lock(mutex_);
  std::int64_t latest = 0;
  for (const Slot& s : slots_) latest = std::max(latest, s.tick);
  return latest;
}

std::int64_t VirtualClock::search(int slot) const {
  std::lock_guard lock(mutex_);
  return slots_[static_cast<std::size_t>(slot)].search;
}

std::int64_t VirtualClock::wait(int slot) const {
  std::lock_guard lock(mutex_);
  return slots_[static_cast<std::size_t>(slot)].wait;
}

std::int64_t VirtualClock::idle(int slot) const {
  return ticks() - search(slot) - wait(slot);
}

std::uint64_t VirtualClock::untaken_releases() const {
  std::lock_guard lock(mutex_);
  return untaken_releases_;
}

std::int64_t VirtualClock::max_lead() const {
  std::lock_guard lock(mutex_);
  return max_lead_;
}

}  // namespace endsolve::search
