// The subcommands of `endsolve`. Each Add function declares its subcommand
// and options on `root` (cli/command_line.h) and records what runs it; a run
// returns the process exit status: 0 success, 1 a wrong answer against the
// input's known answers, 2 bad usage or bad input, 130 interrupted.
#ifndef ENDSOLVE_CLI_COMMANDS_H_
#define ENDSOLVE_CLI_COMMANDS_H_

#include "cli/command_line.h"

namespace endsolve::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitWrong = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, the shell's convention

void AddSolveCommand(CLI::App& root, CommandRuns& runs);
void AddBenchCommands(CLI::App& root, CommandRuns& runs);
void AddPerftCommand(CLI::App& root, CommandRuns& runs);
void AddBatchCommand(CLI::App& root, CommandRuns& runs);
void AddMergeCommand(CLI::App& root, CommandRuns& runs);
void AddEvalCommand(CLI::App& root, CommandRuns& runs);
void AddStudyCommand(CLI::App& root, CommandRuns& runs);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_COMMANDS_H_
