// The subcommands of `endsolve`. Each Add function declares its subcommand
// and options on `root` (endsolve/console/command_line.h) and records what runs it; a
// run returns the process exit status: 0 success, 1 a wrong answer against
// the input's known answers, 2 bad usage or bad input, 74 an output not
// written, 130 interrupted (143 by SIGTERM: endsolve/console/command_line.h).
#ifndef ENDSOLVE_CLI_COMMANDS_H_
#define ENDSOLVE_CLI_COMMANDS_H_

#include "endsolve/console/command_line.h"
#include "endsolve/console/interrupt.h"
#include "endsolve/console/progress_display.h"

namespace endsolve::cli {

// The commands speak console's vocabulary: its errors, checks, exit
// statuses, progress display and Ctrl-C.
using console::AddPositionals;
using console::CommandRuns;
using console::Fail;
using console::FailWrite;
using console::InRange;
using console::InstallInterruptHandler;
using console::IsInteractive;
using console::kExitBadInput;
using console::kExitInterrupted;
using console::kExitOk;
using console::ProgressDisplay;
using console::StatusCheck;

inline constexpr int kExitWrong = 1;

void AddSolveCommand(CLI::App& root, CommandRuns& runs);
void AddBenchCommands(CLI::App& root, CommandRuns& runs);
void AddPerftCommand(CLI::App& root, CommandRuns& runs);
void AddBatchCommand(CLI::App& root, CommandRuns& runs);
void AddMergeCommand(CLI::App& root, CommandRuns& runs);
void AddEvalCommand(CLI::App& root, CommandRuns& runs);
void AddStudyCommand(CLI::App& root, CommandRuns& runs);
void AddProveCommand(CLI::App& root, CommandRuns& runs);
void AddShowCommand(CLI::App& root, CommandRuns& runs);
void AddNBoardCommand(CLI::App& root, CommandRuns& runs);
void AddAnalyseCommand(CLI::App& root, CommandRuns& runs);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_COMMANDS_H_
