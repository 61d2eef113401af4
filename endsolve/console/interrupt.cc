#include "endsolve/console/interrupt.h"

#include <csignal>

namespace endsolve::console {
namespace {

// Lock-free std::atomic<bool> is async-signal-safe to store to.
std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free);
static_assert(std::atomic<int>::is_always_lock_free);

// Raises the flag on the first signal and restores the default action, so
// that the next one terminates the process.
extern "C" void OnSignal(int signal_number) {
  int none = 0;
  g_signal.compare_exchange_strong(none, signal_number, std::memory_order_relaxed);
  g_interrupted.store(true, std::memory_order_relaxed);
  std::signal(signal_number, SIG_DFL);
}

}  // namespace

const std::atomic<bool>& InstallInterruptHandler() {
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  return g_interrupted;
}

int InterruptedExitStatus() {
  const int signal_number = g_signal.load(std::memory_order_relaxed);
  return 128 + (signal_number != 0 ? signal_number : SIGINT);
}

}  // namespace endsolve::console
