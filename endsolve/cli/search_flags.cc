#include "endsolve/cli/search_flags.h"

#include <memory>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "endsolve/bench/scaling.h"
#include "endsolve/positions/arguments.h"

namespace endsolve::cli {
namespace {

// The solver's own check of one field, without the field's name (CLI11 puts
// the option's name first).
template <typename Set>
absl::Status SolverCheck(Set set, absl::string_view field) {
  SolveOptions options;
  set(options);
  const absl::Status valid = ValidateOptions(options);
  if (valid.ok()) return valid;
  return absl::InvalidArgumentError(absl::StripPrefix(valid.message(), absl::StrCat(field, ": ")));
}

// An integer option's check: a whole number, then the solver's own check
// of the field it sets.
template <typename Set>
CLI::Validator SolverFieldCheck(Set set, absl::string_view field) {
  return StatusCheck([set, field = std::string(field)](const std::string& s) {
    int n = 0;
    if (!absl::SimpleAtoi(s, &n)) return absl::InvalidArgumentError("expected a number");
    return SolverCheck([set, n](SolveOptions& o) { set(o, n); }, field);
  });
}

}  // namespace

int ThreadCount(int threads) { return threads == 0 ? HardwareThreads() : threads; }

CLI::Option* AddThreadsOption(CLI::App& app, int& threads) {
  threads = kDefaultThreads;
  // 0 is every hardware thread, as in Python's solve(threads=0): one rule.
  return app
      .add_option("--threads", threads,
                  "search threads; 0 is every hardware thread, 1 starts no extra thread")
      ->check(StatusCheck([](const std::string& s) {
        int n = 0;
        if (!absl::SimpleAtoi(s, &n)) return absl::InvalidArgumentError("expected a count");
        if (n == 0) return absl::OkStatus();
        if (n < 0) {
          return absl::InvalidArgumentError(absl::StrCat(
              "expected 0 (every hardware thread) or 1..", kMaxThreads, ", found '", s, "'"));
        }
        return SolverCheck([n](SolveOptions& o) { o.threads = n; }, absl::StrCat("threads ", n));
      }));
}

CLI::Option* AddThreadListOption(CLI::App& app, std::string& thread_list) {
  thread_list = "1";
  for (int n = 2; n < HardwareThreads(); n *= 2) absl::StrAppend(&thread_list, ",", n);
  if (HardwareThreads() > 1) absl::StrAppend(&thread_list, ",", HardwareThreads());
  return app
      .add_option("--threads", thread_list,
                  "thread counts to measure, the first the baseline (default: powers of two up "
                  "to every hardware thread)")
      // The default list is the machine's: shown as its rule, not its value.
      ->default_str("")
      ->check(StatusCheck([](const std::string& s) { return bench::ParseThreadCounts(s); }));
}

CLI::Option* AddHashMbOption(CLI::App& app, int& hash_mb, int default_mib) {
  hash_mb = default_mib;
  return app
      .add_option("--hash-mb", hash_mb,
                  "transposition table size in MiB (rounded down to a power of two)")
      ->check(StatusCheck([](const std::string& s) { return ParseSizeMib(s); }));
}

CLI::Option* AddTtSchemeOption(CLI::App& app, std::string& tt_scheme) {
  tt_scheme = kDefaultTtScheme;
  return app
      .add_option("--tt-scheme", tt_scheme,
                  "replacement scheme: deep, new, old, big1, bigall, twodeep, twobig1, twobigall")
      ->check(StatusCheck([](const std::string& s) { return ParseScheme(s); }));
}

CLI::Option* AddWldOption(CLI::App& app, bool& wld) {
  wld = false;
  return app.add_flag("--wld", wld, "solve for win/draw/loss only");
}

CLI::Option* AddOrderingOption(CLI::App& app, std::string& ordering) {
  ordering = kDefaultOrdering;
  return app
      .add_option("--ordering", ordering,
                  "move-ordering features, comma-separated, 'no-' turning one off: tt, "
                  "killers[=N], history, fastest-first, parity, etc, stability, aspiration, "
                  "eval, presearch, selective")
      ->check(StatusCheck([](const std::string& s) { return ParseFeatures(s); }));
}

CLI::Option* AddSplitMinEmptiesOption(CLI::App& app, int& split_min_empties) {
  split_min_empties = 0;
  return app
      .add_option("--split-min-empties", split_min_empties,
                  "parallel search: the fewest empties at which a node splits; 0 takes the "
                  "measured default (endsolve/solver/README.md, \"Parallel search\")")
      ->check(SolverFieldCheck([](SolveOptions& o, int n) { o.split_min_empties = n; },
                               "split-min-empties"));
}

CLI::Option* AddSplitPolicyOption(CLI::App& app, std::string& split_policy) {
  split_policy = kDefaultSplitPolicy;
  return app
      .add_option("--split-policy", split_policy,
                  "parallel search: many-core (the default) or two-core, the policy it "
                  "replaced, to compare against (endsolve/solver/split_policy.h)")
      ->check(StatusCheck([](const std::string& s) { return search::ParsePolicyKind(s); }));
}

CLI::Option* AddPresearchMinEmptiesOption(CLI::App& app, int& presearch_min_empties) {
  presearch_min_empties = 0;
  return app
      .add_option("--presearch-min-empties", presearch_min_empties,
                  "the fewest empties at which the presearch (the evaluation search that picks "
                  "the first guess) runs; 0 takes the measured default "
                  "(endsolve/bench/results/solver-ordering.md, \"Presearch\")")
      ->check(SolverFieldCheck([](SolveOptions& o, int n) { o.presearch_min_empties = n; },
                               "presearch-min-empties"));
}

CLI::Option* AddEvalOption(CLI::App& app, std::string& eval) {
  eval.clear();
  // The one evaluation of a command: what orders a solve's moves, what
  // `eval` reports.
  return app.add_option("--eval", eval, "an evaluation weights file (default: the built-in one)");
}

CLI::Option* AddMaxEmptiesOption(CLI::App& app, int& max_empties) {
  max_empties = kDefaultMaxEmpties;
  return app
      .add_option("--max-empties", max_empties,
                  absl::StrCat("refuse positions with more empty squares (an exact solve beyond ",
                               kDefaultMaxEmpties, " may take days); up to 60"))
      ->check(InRange(0, kNumSquares - 4, "a number of empty squares"));
}

bool WithinMaxEmpties(absl::string_view command, const std::vector<Position>& positions,
                      int max_empties) {
  int too_many = 0;
  for (const Position& position : positions) {
    if (position.board.EmptyCount() <= max_empties) continue;
    ++too_many;
    absl::FPrintF(stderr, "%s: %s has %d empty squares, more than --max-empties %d\n", command,
                  PositionId(position), position.board.EmptyCount(), max_empties);
  }
  if (too_many == 0) return true;
  Fail(command,
       absl::StrFormat("%d %s refused, nothing solved: --max-empties is %d%s; give --max-empties "
                       "60 to solve %s anyway",
                       too_many, too_many == 1 ? "position" : "positions", max_empties,
                       max_empties == kDefaultMaxEmpties
                           ? absl::StrCat(" (an exact solve of more than ", kDefaultMaxEmpties,
                                          " empty squares may take days)")
                           : "",
                       too_many == 1 ? "it" : "them"));
  return false;
}

std::vector<CLI::Option*> AddSearchOptions(CLI::App& app, SearchArgs& args,
                                          ThreadsOption threads) {
  return {threads == ThreadsOption::kList ? AddThreadListOption(app, args.thread_list)
                                          : AddThreadsOption(app, args.threads),
          AddHashMbOption(app, args.hash_mb),
          AddTtSchemeOption(app, args.tt_scheme),
          AddWldOption(app, args.wld),
          AddOrderingOption(app, args.ordering),
          AddSplitMinEmptiesOption(app, args.split_min_empties),
          AddSplitPolicyOption(app, args.split_policy),
          AddPresearchMinEmptiesOption(app, args.presearch_min_empties),
          AddEvalOption(app, args.eval),
          AddMaxEmptiesOption(app, args.max_empties)};
}

absl::StatusOr<SolveOptions> ToSolveOptions(const SearchArgs& args) {
  SolveOptions options;
  options.threads = !args.thread_list.empty() ? 1 : ThreadCount(args.threads);
  options.table.size_mib = static_cast<std::size_t>(args.hash_mb);
  options.table.scheme = *ParseScheme(args.tt_scheme);  // checked as it was parsed
  options.wld = args.wld;
  options.features = *ParseFeatures(args.ordering);
  options.split_min_empties = args.split_min_empties;
  options.split_policy = *search::ParsePolicyKind(args.split_policy);  // checked as it was parsed
  options.presearch_min_empties = args.presearch_min_empties;
  options.max_empties = args.max_empties;
  auto evaluator = eval::Evaluator::Load(args.eval);
  if (!evaluator.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("--eval: ", evaluator.status().message()));
  }
  options.evaluator = *evaluator;
  return options;
}

}  // namespace endsolve::cli
