// The options that choose how positions are searched, shared by `solve`,
// `bench`, `batch` and `show`: --threads, --hash-mb, --tt-scheme, --wld,
// --ordering, --split-min-empties, --split-policy, --presearch-min-empties,
// --eval, --max-empties. Each is checked as it is parsed, by the
// parser that defines it (ParseScheme, ParseFeatures, ValidateOptions), so
// a bad value is refused with that one message before any work starts.
#ifndef ENDSOLVE_CLI_SEARCH_FLAGS_H_
#define ENDSOLVE_CLI_SEARCH_FLAGS_H_

#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "endsolve/cli/commands.h"
#include "endsolve/board/position.h"
#include "endsolve/solver/solver.h"

namespace endsolve::cli {

struct SearchArgs {
  int threads = HardwareThreads();
  std::string thread_list;  // bench scaling's --threads
  int hash_mb = 256;
  std::string tt_scheme = "twobig1";
  bool wld = false;
  std::string ordering = "default";
  int split_min_empties = 0;
  std::string split_policy = "many-core";
  int presearch_min_empties = 0;
  std::string eval;
  int max_empties = kDefaultMaxEmpties;
};

// How a command takes --threads: one count, or a list for scaling runs.
enum class ThreadsOption { kCount, kList };

// The checks of --hash-mb and --tt-scheme, which study takes too.
CLI::Validator HashMbCheck();
CLI::Validator SchemeCheck();

// Declares --max-empties on `app`, bound to `max_empties`: the solver's
// guard (SolveOptions::max_empties), which every command that may start an
// exact search takes (those of AddSearchOptions, `eval --selective`,
// `prove`).
CLI::Option* AddMaxEmptiesOption(CLI::App& app, int& max_empties);

// Refuses, before any work, the positions with more empty squares than
// `max_empties`: one line on stderr for each ("COMMAND: ID has N empty
// squares, more than --max-empties M"), then the error, and returns false;
// true when none has.
bool WithinMaxEmpties(absl::string_view command, const std::vector<Position>& positions,
                      int max_empties);

// Declares the search options on `app`, bound to `args`; returns them, for
// a command on which they act only with another option (`show --pv`).
std::vector<CLI::Option*> AddSearchOptions(CLI::App& app, SearchArgs& args,
                                          ThreadsOption threads);

// The solve options the parsed `args` describe (with kList, 1 thread: the
// caller sets each count of ThreadCounts). An --eval file that cannot be
// loaded is the one error left to report here.
absl::StatusOr<SolveOptions> ToSolveOptions(const SearchArgs& args);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_SEARCH_FLAGS_H_
