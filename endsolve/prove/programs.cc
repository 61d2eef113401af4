#include "endsolve/prove/programs.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "endsolve/batch/shell_quote.h"
#include "endsolve/positions/read_file.h"

namespace endsolve::prove {

namespace fs = std::filesystem;

namespace {

// Starts `argv` with its standard output opened as `out_path` with
// `out_flags` and its standard error appended to `err_path`.
absl::StatusOr<pid_t> Spawn(std::vector<std::string> argv, const std::string& out_path,
                            int out_flags, const std::string& err_path) {
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, out_path.c_str(), out_flags, 0644);
  posix_spawn_file_actions_addopen(&files, STDERR_FILENO, err_path.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND, 0644);
  std::vector<char*> args;
  for (std::string& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0].c_str(), &files, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  if (spawned != 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot run ", argv[0], ": ", std::strerror(spawned)));
  }
  return pid;
}

}  // namespace

absl::StatusOr<int> RunProgram(std::vector<std::string> argv, const std::string& out_path,
                               const std::string& err_path) {
  const absl::StatusOr<pid_t> pid =
      Spawn(std::move(argv), out_path, O_WRONLY | O_CREAT | O_TRUNC, err_path);
  if (!pid.ok()) return pid.status();
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(*pid, &status, 0);
    if (done == *pid) return status;
    if (done < 0 && errno != EINTR) return 0;  // not ours to wait for any more
  }
}

std::string ShellWord(const std::string& word, const std::string& placeholder,
                      const std::string& variable) {
  std::string out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = word.find(placeholder, start);
    out += batch::ShellQuote(
        absl::string_view(word).substr(start, at == std::string::npos ? at : at - start));
    if (at == std::string::npos) return out;
    absl::StrAppend(&out, "\"$", variable, "\"");
    start = at + placeholder.size();
  }
}

std::string SubmittedJob(const std::string& path) {
  const absl::StatusOr<std::string> text = ReadFileBytes(path);
  if (!text.ok()) return "";
  std::string id;
  for (char c : *text) {
    if (c < '0' || c > '9') break;
    id += c;
  }
  return id;
}

absl::Status WaitForJob(const std::string& job, const std::string& scratch, const std::string& log,
                        const std::atomic<bool>* cancel) {
  const std::string out = scratch + ".queue";
  const std::string err = scratch + ".queue-error";
  int failures = 0;
  for (;;) {
    if (cancel != nullptr && cancel->load()) {
      (void)RunProgram({"scancel", job}, "/dev/null", log);
      return absl::OkStatus();
    }
    std::error_code ec;
    fs::remove(err, ec);
    const absl::StatusOr<int> status =
        RunProgram({"squeue", "-h", "-o", "%i", "-j", job}, out, err);
    if (!status.ok()) {
      return absl::FailedPreconditionError(
          absl::StrCat(status.status().message(), "; is Slurm's squeue on PATH?"));
    }
    const std::string listed = ReadFileBytes(out).value_or("");
    const std::string complaint = ReadFileBytes(err).value_or("");
    if (WIFEXITED(*status) && WEXITSTATUS(*status) == 0) {
      if (listed.find_first_not_of(" \n") == std::string::npos) return absl::OkStatus();
      failures = 0;
    } else if (complaint.find("Invalid job id") != std::string::npos) {
      return absl::OkStatus();
    } else if (++failures >= kQueueFailures) {
      return absl::UnavailableError(absl::StrCat(
          "squeue failed ", failures, " times in a row on job ", job, ": ", complaint,
          "the same command resumes the proof once Slurm answers"));
    }
    absl::SleepFor(kQueuePoll);
  }
}

absl::StatusOr<pid_t> SpawnProgram(std::vector<std::string> argv, const std::string& err_path) {
  return Spawn(std::move(argv), "/dev/null", O_WRONLY, err_path);
}

absl::StatusOr<std::set<int>> QueuedTasks(const std::string& job, const std::string& scratch) {
  const std::string out = scratch + ".queue";
  const std::string err = scratch + ".queue-error";
  std::error_code ec;
  fs::remove(err, ec);
  const absl::StatusOr<int> status =
      RunProgram({"squeue", "-h", "-r", "-o", "%K", "-j", job}, out, err);
  if (!status.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(status.status().message(), "; is Slurm's squeue on PATH?"));
  }
  const std::string complaint = ReadFileBytes(err).value_or("");
  if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0) {
    if (complaint.find("Invalid job id") != std::string::npos) return std::set<int>{};
    return absl::UnavailableError(absl::StrCat("squeue failed on job ", job, ": ", complaint));
  }
  std::set<int> tasks;
  for (const absl::string_view line : absl::StrSplit(ReadFileBytes(out).value_or(""), '\n')) {
    int task = 0;
    if (absl::SimpleAtoi(line, &task)) tasks.insert(task);
  }
  return tasks;
}

}  // namespace endsolve::prove
