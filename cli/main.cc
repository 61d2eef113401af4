// `endsolve`: the command-line front end. Dispatches to a subcommand.
#include <cstdio>
#include "absl/strings/string_view.h"

#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "cli/commands.h"

namespace {

constexpr char kUsage[] =
    "endsolve " ENDSOLVE_VERSION ": an exact Othello endgame solver.\n"
    "\n"
    "usage:\n"
    "  endsolve solve FILE_OR_POSITION... [--threads N] [--hash-mb M] [--tt-scheme S]\n"
    "                 [--wld] [--ordering LIST] [--json] [--range A-B]\n"
    "  endsolve bench ffo [--positions FILES] [--range A-B] [--repeat R] [--csv FILE]\n"
    "                 [--threads N] [--hash-mb M] [--tt-scheme S] [--ordering LIST]\n"
    "  endsolve perft [--depth N] [POSITION_OR_FILE...]\n"
    "  endsolve batch INPUT... --out RESULTS.jsonl [--threads N] [--hash-mb M] [--wld]\n"
    "                 [--resume] [--shard K/N] [--time-limit-per-position T]\n"
    "                 [--tt-scheme S] [--ordering LIST]\n"
    "  endsolve batch --summary RESULTS.jsonl...\n"
    "  endsolve merge SHARD_RESULTS... --out MERGED.jsonl [--inputs INPUT,...]\n"
    "  endsolve eval FILE_OR_POSITION... [--depth N] [--json] [--eval FILE] [--range A-B]\n"
    "\n"
    "Positions: .obf or .pos files, a 64-character board and a side ('X' or 'O'),\n"
    "or a move transcript from the initial position such as f5d6c3d3c4.\n"
    "--ordering: comma-separated tt, killers[=N], history, fastest-first, parity,\n"
    "etc, stability, aspiration, eval, presearch, selective; 'no-' before a name turns it off.\n"
    "Exit status: 0 ok, 1 a wrong answer, 2 bad usage or input, 130 interrupted.\n";

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(kUsage);
  absl::FlagsUsageConfig config;
  config.contains_help_flags = [](absl::string_view file) { return absl::StrContains(file, "cli/"); };
  config.version_string = [] { return std::string("endsolve " ENDSOLVE_VERSION "\n"); };
  absl::SetFlagsUsageConfig(config);

  const absl::string_view command = argc > 1 ? argv[1] : "help";
  if (command == "solve") return endsolve::cli::SolveCommand(argc - 2, argv + 2);
  if (command == "bench") return endsolve::cli::BenchCommand(argc - 2, argv + 2);
  if (command == "perft") return endsolve::cli::PerftCommand(argc - 2, argv + 2);
  if (command == "batch") return endsolve::cli::BatchCommand(argc - 2, argv + 2);
  if (command == "merge") return endsolve::cli::MergeCommand(argc - 2, argv + 2);
  if (command == "eval") return endsolve::cli::EvalCommand(argc - 2, argv + 2);
  if (command == "--version" || command == "version") {
    absl::PrintF("endsolve %s\n", ENDSOLVE_VERSION);
    return 0;
  }
  const bool asked = command == "help" || command == "--help" || command == "-h";
  absl::FPrintF(asked ? stdout : stderr, "%s%s", asked ? "" : "endsolve: unknown command '" +
                                                                  std::string(command) + "'\n\n",
                kUsage);
  return asked ? 0 : endsolve::cli::kExitBadInput;
}
