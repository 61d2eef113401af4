#include "tests/cli/run_command.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "gtest/gtest.h"

namespace endsolve::testing {
namespace {

std::string ReadAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

// Sends stdout and stderr to files in the test's temporary directory, so
// that both are captured whole without juggling pipes. The command runs as
// a group, so that a pipe inside it still feeds its last command.
CommandOutput RunCommand(const std::string& command) {
  const std::string dir = ::testing::TempDir();
  const std::string out_path = dir + "/cmd_out_" + std::to_string(getpid());
  const std::string err_path = dir + "/cmd_err_" + std::to_string(getpid());
  const std::string full = "{ " + command + "; } </dev/null >" + out_path + " 2>" + err_path;
  const int status = std::system(full.c_str());
  CommandOutput result;
  if (status != -1 && WIFEXITED(status)) result.exit_status = WEXITSTATUS(status);
  result.out = ReadAll(out_path);
  result.err = ReadAll(err_path);
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  return result;
}

std::string WriteTempFile(const std::string& name, const std::string& contents) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << contents;
  return path;
}

// A pipe for stdout, read line by line until the awaited text, then the
// signal, then everything up to end of file; stderr goes to a file, read
// once the process has ended.
CommandOutput RunAndSignal(const std::vector<std::string>& argv, const std::string& wait_for,
                           int signal_number) {
  int fds[2];
  CommandOutput result;
  if (pipe(fds) != 0) return result;
  const std::string err_path =
      ::testing::TempDir() + "/signal_err_" + std::to_string(getpid());
  const pid_t pid = fork();
  if (pid == 0) {
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (err >= 0) dup2(err, STDERR_FILENO);
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  close(fds[1]);
  FILE* out = fdopen(fds[0], "r");
  char buffer[4096];
  bool signalled = false;
  while (fgets(buffer, sizeof buffer, out) != nullptr) {
    result.out += buffer;
    if (!signalled && result.out.find(wait_for) != std::string::npos) {
      kill(pid, signal_number);
      signalled = true;
    }
  }
  fclose(out);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status)) result.exit_status = WEXITSTATUS(status);
  result.err = ReadAll(err_path);
  std::remove(err_path.c_str());
  return result;
}

}  // namespace endsolve::testing
