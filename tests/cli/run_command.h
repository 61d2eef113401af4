// Runs a shell command and captures what it printed, for end-to-end tests.
#ifndef ENDSOLVE_TESTS_CLI_RUN_COMMAND_H_
#define ENDSOLVE_TESTS_CLI_RUN_COMMAND_H_

#include <string>
#include <vector>

namespace endsolve::testing {

struct CommandOutput {
  int exit_status = -1;  // the process's exit status, or -1 if it did not exit
  std::string out;       // stdout
  std::string err;       // stderr
};

// Runs `command` with /bin/sh, stdin from /dev/null.
CommandOutput RunCommand(const std::string& command);

// A fresh file under the test's temporary directory holding `contents`.
std::string WriteTempFile(const std::string& name, const std::string& contents);

// Starts `argv` (argv[0] a path), waits until its stdout has printed a line
// containing `wait_for`, sends it `signal_number`, and collects the rest of
// its output and its exit status. Used for the Ctrl-C behaviour.
CommandOutput RunAndSignal(const std::vector<std::string>& argv, const std::string& wait_for,
                           int signal_number);

}  // namespace endsolve::testing

#endif  // ENDSOLVE_TESTS_CLI_RUN_COMMAND_H_
