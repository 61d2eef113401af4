// The options that choose how positions are searched, each declared by one
// function with its one default, name and help line, so that every command
// that takes one takes the same (docs/options.md lists them, and
// tests/cli/options_test.cc checks every command's --help against that
// table). AddSearchOptions declares the set that `solve`, `show`, `bench`
// and `batch` share; `eval`, `study` and `prove` take the few they need one
// by one. Each is checked as it is parsed, by the parser that defines it
// (ParseScheme, ParseFeatures, ValidateOptions), so a bad value is refused
// with that one message before any work starts.
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

// The defaults of the search options, for every command. The C++ API's
// SolveOptions::threads stays 1 (a library starts no threads unasked, and
// the tests pin node counts at one thread); on the command line a search
// takes the machine.
inline constexpr int kDefaultThreads = 0;  // every hardware thread
inline constexpr int kDefaultHashMb = 256;
// A proof's unit solves: --engine parallel runs --workers of them side by
// side on one machine, each keeping its table for every unit it solves.
inline constexpr int kDefaultUnitHashMb = 64;
inline constexpr char kDefaultTtScheme[] = "twobig1";
inline constexpr char kDefaultOrdering[] = "default";
inline constexpr char kDefaultSplitPolicy[] = "many-core";

struct SearchArgs {
  int threads = kDefaultThreads;
  std::string thread_list;  // bench scaling's --threads
  int hash_mb = kDefaultHashMb;
  std::string tt_scheme = kDefaultTtScheme;
  bool wld = false;
  std::string ordering = kDefaultOrdering;
  int split_min_empties = 0;
  std::string split_policy = kDefaultSplitPolicy;
  int presearch_min_empties = 0;
  std::string eval;
  int max_empties = kDefaultMaxEmpties;
};

// The search threads --threads asks for: 0 is every hardware thread.
int ThreadCount(int threads);

// One function per option: each sets its variable to the option's default
// and declares the option on `app`, bound to it.
CLI::Option* AddThreadsOption(CLI::App& app, int& threads);
// bench scaling's --threads: a list of counts, the first the baseline.
CLI::Option* AddThreadListOption(CLI::App& app, std::string& thread_list);
// `default_mib`: kDefaultHashMb, or kDefaultUnitHashMb for a proof's units.
CLI::Option* AddHashMbOption(CLI::App& app, int& hash_mb, int default_mib = kDefaultHashMb);
CLI::Option* AddTtSchemeOption(CLI::App& app, std::string& tt_scheme);
CLI::Option* AddWldOption(CLI::App& app, bool& wld);
CLI::Option* AddOrderingOption(CLI::App& app, std::string& ordering);
CLI::Option* AddSplitMinEmptiesOption(CLI::App& app, int& split_min_empties);
CLI::Option* AddSplitPolicyOption(CLI::App& app, std::string& split_policy);
CLI::Option* AddPresearchMinEmptiesOption(CLI::App& app, int& presearch_min_empties);
// --eval FILE: an evaluation weights file (default: the built-in one).
CLI::Option* AddEvalOption(CLI::App& app, std::string& eval);
// --max-empties: the solver's guard (SolveOptions::max_empties), which every
// command that may start an exact search takes.
CLI::Option* AddMaxEmptiesOption(CLI::App& app, int& max_empties);

// Refuses, before any work, the positions with more empty squares than
// `max_empties`: one line on stderr for each ("COMMAND: ID has N empty
// squares, more than --max-empties M"), then the error, and returns false;
// true when none has.
bool WithinMaxEmpties(absl::string_view command, const std::vector<Position>& positions,
                      int max_empties);

// How a command takes --threads: one count, or a list for scaling runs.
enum class ThreadsOption { kCount, kList };

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
