// Ctrl-C and SIGTERM handling for long solves: the first signal raises a
// flag that the search polls, so the command can stop cleanly and print what
// it finished; a second signal kills the process at once, for a user who
// does not want to wait.
#ifndef ENDSOLVE_CONSOLE_INTERRUPT_H_
#define ENDSOLVE_CONSOLE_INTERRUPT_H_

#include <atomic>

namespace endsolve::console {

// Installs the handlers (once) and returns the flag they raise. A command
// installs them once its inputs are read: until then the signals keep
// their default action and end the process at once, also in a read that
// blocks (a FIFO with no writer, an idle pipe), which no flag would end.
const std::atomic<bool>& InstallInterruptHandler();

// The exit status of a command the first signal stopped: 128 + its number
// (130 for SIGINT, 143 for SIGTERM), 130 when none came.
int InterruptedExitStatus();

}  // namespace endsolve::console

#endif  // ENDSOLVE_CONSOLE_INTERRUPT_H_
