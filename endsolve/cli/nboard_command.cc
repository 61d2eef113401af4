// `endsolve nboard`: endsolve as an engine of the NBoard GUI (and of any
// program that speaks its protocol, endsolve/nboard/session.h): the GUI's
// commands on standard input, the answers on standard output, a line each,
// flushed at once; messages about lines that could not be used on standard
// error. It ends at `quit`, or once its last request is answered at the end of
// its input.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "absl/strings/str_format.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/search_flags.h"
#include "endsolve/nboard/engine.h"
#include "endsolve/nboard/session.h"
#include "endsolve/solver/eval_order.h"

namespace endsolve::cli {
namespace {

struct NBoardArgs {
  SearchArgs search;      // --threads, --hash-mb and --eval alone
  int exact_empties = 0;  // 0: nboard::DefaultExactEmpties of the threads
  int depth = nboard::kDefaultDepth;
};

int RunNBoard(const NBoardArgs& args) {
  absl::StatusOr<SolveOptions> solve = ToSolveOptions(args.search);
  if (!solve.ok()) return Fail("endsolve nboard", solve.status().message());
  nboard::EngineOptions options;
  options.solve = *solve;
  options.exact_empties =
      args.exact_empties > 0 ? args.exact_empties : nboard::DefaultExactEmpties(solve->threads);
  options.depth = args.depth;
  absl::StatusOr<std::unique_ptr<nboard::Engine>> engine = nboard::Engine::Create(options);
  if (!engine.ok()) return Fail("endsolve nboard", engine.status().message());
  nboard::Session session(
      engine->get(),
      [](std::string_view line) {
        absl::PrintF("%s\n", line);
        std::fflush(stdout);
      },
      [](std::string_view message) {
        absl::FPrintF(stderr, "endsolve nboard: %s\n", message);
        std::fflush(stderr);
      });
  std::string line;
  for (int number = 1; std::getline(std::cin, line); ++number) {
    if (!session.Handle(line, number)) {
      session.Stop();
      return kExitOk;
    }
  }
  // The end of a script's input: its last request is answered.
  session.Wait();
  return kExitOk;
}

}  // namespace

void AddNBoardCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<NBoardArgs>();
  CLI::App* app = root.add_subcommand(
      "nboard", "runs as an engine of the NBoard GUI: its protocol on standard input and output");
  AddThreadsOption(*app, args->search.threads);
  AddHashMbOption(*app, args->search.hash_mb);
  AddEvalOption(*app, args->search.eval);
  app->add_option("--exact-empties", args->exact_empties,
                  "from this many empties down, every hint is exact (0: by the threads, "
                  "23 at 2 threads, one more each doubling, up to 26)")
      ->check(InRange(0, kNumSquares, "a count of empties"));
  app->add_option("--depth", args->depth,
                  "the evaluation search's plies above the exact empties, until the GUI's "
                  "'set depth'")
      ->check(InRange(1, search::kMaxEvalSearchDepth, "a depth"));
  runs[app] = [args](const std::vector<std::string>&) { return RunNBoard(*args); };
}

}  // namespace endsolve::cli
