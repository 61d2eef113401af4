// `endsolve`: the command-line front end. Declares the subcommands and
// runs the one named.
#include "endsolve/cli/commands.h"

namespace {

constexpr char kFooter[] =
    "Positions: .obf, .pos or .wtb files, a 64-character board and a side ('X' or 'O'),\n"
    "or a move transcript from the initial position such as f5d6c3d3c4.\n"
    "Exit status: 0 ok, 1 a wrong answer, 2 bad usage or input (or a CPU this build\n"
    "cannot run on), 130 interrupted.\n";

}  // namespace

int main(int argc, char** argv) {
  CLI::App root("endsolve " ENDSOLVE_VERSION ": an exact Othello endgame solver", "endsolve");
  // Every option's help shows its default; inherited by the subcommands.
  root.option_defaults()->always_capture_default();
  endsolve::cli::CommandRuns runs;
  endsolve::cli::AddSolveCommand(root, runs);
  endsolve::cli::AddBenchCommands(root, runs);
  endsolve::cli::AddBatchCommand(root, runs);
  endsolve::cli::AddMergeCommand(root, runs);
  endsolve::cli::AddEvalCommand(root, runs);
  endsolve::cli::AddStudyCommand(root, runs);
  endsolve::cli::AddProveCommand(root, runs);
  endsolve::cli::AddShowCommand(root, runs);
  endsolve::cli::AddNBoardCommand(root, runs);
  endsolve::cli::AddAnalyseCommand(root, runs);
  endsolve::cli::AddPerftCommand(root, runs);
  return endsolve::console::RunCommandLine(root, runs, kFooter, argc, argv);
}
