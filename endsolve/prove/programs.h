// The programs a pool runs, each started with an argument vector and no
// shell of endsolve's (docs/solving.md: no name is ever shell syntax):
// worker processes, and Slurm's sbatch, squeue and scancel. Only sbatch's
// --wrap is read by a shell: ShellWord quotes each of its words.
#ifndef ENDSOLVE_PROVE_PROGRAMS_H_
#define ENDSOLVE_PROVE_PROGRAMS_H_

#include <sys/types.h>

#include <atomic>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace endsolve::prove {

// How often Slurm's queue is asked about an array. Not sbatch --wait: it
// looks every 10 s or so. Each look is a request to slurmctld, so not ten a
// second.
inline constexpr absl::Duration kQueuePoll = absl::Seconds(1);
// squeue failures in a row (a controller restarting) before the manager
// stops; the same command then resumes and waits for the array again.
inline constexpr int kQueueFailures = 120;

// Runs `argv` (argv[0] looked up on PATH) without a shell, so that nothing
// needs quoting: its standard output to `out_path` (truncated), its standard
// error appended to `err_path`. Returns its wait status once it exits, or an
// error naming it when it cannot start.
absl::StatusOr<int> RunProgram(std::vector<std::string> argv, const std::string& out_path,
                               const std::string& err_path);

// Starts `argv` as RunProgram does, without waiting: its standard output to
// /dev/null. Returns its process id, or an error naming it.
absl::StatusOr<pid_t> SpawnProgram(std::vector<std::string> argv, const std::string& err_path);

// `word` as one word of a POSIX shell command, with every `placeholder` in
// it replaced by the value of the shell variable `variable`.
std::string ShellWord(const std::string& word, const std::string& placeholder,
                      const std::string& variable);

// The job id that `sbatch --parsable` printed into `path` ("123" or
// "123;cluster"), or empty when it printed none (the submission failed).
std::string SubmittedJob(const std::string& path);

// Waits while Slurm's queue lists job `job` (pending, running or
// completing), asking squeue every kQueuePoll; cancels it (scancel) when
// `cancel` is set. A job Slurm has forgotten ("Invalid job id") is done.
// squeue failing otherwise (the controller down) is retried for a while,
// then an error. `scratch` prefixes squeue's output files; `log` gets
// scancel's messages.
absl::Status WaitForJob(const std::string& job, const std::string& scratch, const std::string& log,
                        const std::atomic<bool>* cancel);

// The array tasks of Slurm job `job` still queued (pending, running or
// completing), by task number (squeue -r: one line a task); none once
// Slurm has forgotten the job. An error when squeue fails otherwise.
absl::StatusOr<std::set<int>> QueuedTasks(const std::string& job, const std::string& scratch);

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_PROGRAMS_H_
