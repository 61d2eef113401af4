#include "endsolve/console/interrupt.h"

#include <csignal>

namespace endsolve::console {
namespace {

// Lock-free std::atomic<bool> is async-signal-safe to store to.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// Raises the flag on the first signal and restores the default action, so
// that the next one terminates the process.
extern "C" void OnSignal(int signal_number) {
  g_interrupted.store(true, std::memory_order_relaxed);
  std::signal(signal_number, SIG_DFL);
}

}  // namespace

const std::atomic<bool>& InstallInterruptHandler() {
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  return g_interrupted;
}

}  // namespace endsolve::console
