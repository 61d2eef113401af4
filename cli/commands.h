// The subcommands of `endsolve`. Each takes the arguments after its name and
// returns the process exit status: 0 success, 1 a wrong answer against the
// input's known answers, 2 bad usage or bad input, 130 interrupted.
#ifndef ENDSOLVE_CLI_COMMANDS_H_
#define ENDSOLVE_CLI_COMMANDS_H_

namespace endsolve::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitWrong = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, the shell's convention

int PerftCommand(int argc, char** argv);
int SolveCommand(int argc, char** argv);
int BenchCommand(int argc, char** argv);
int BatchCommand(int argc, char** argv);
int MergeCommand(int argc, char** argv);
int EvalCommand(int argc, char** argv);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_COMMANDS_H_
