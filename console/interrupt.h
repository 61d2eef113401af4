// Ctrl-C and SIGTERM handling for long solves: the first signal raises a
// flag that the search polls, so the command can stop cleanly and print what
// it finished; a second signal kills the process at once, for a user who
// does not want to wait.
#ifndef ENDSOLVE_CONSOLE_INTERRUPT_H_
#define ENDSOLVE_CONSOLE_INTERRUPT_H_

#include <atomic>

namespace endsolve::console {

// Installs the handlers (once) and returns the flag they raise.
const std::atomic<bool>& InstallInterruptHandler();

}  // namespace endsolve::console

#endif  // ENDSOLVE_CONSOLE_INTERRUPT_H_
