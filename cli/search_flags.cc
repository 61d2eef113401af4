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

}  // namespace

CLI::Validator HashMbCheck() {
  return StatusCheck([](const std::string& s) { return ParseSizeMib(s); });
}

CLI::Validator SchemeCheck() {
  return StatusCheck([](const std::string& s) { return ParseScheme(s); });
}

CLI::Option* AddMaxEmptiesOption(CLI::App& app, int& max_empties) {
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
  const std::size_t before = app.get_options().size();
  if (threads == ThreadsOption::kList) {
    args.thread_list = "1";
    for (int n = 2; n < HardwareThreads(); n *= 2) absl::StrAppend(&args.thread_list, ",", n);
    if (HardwareThreads() > 1) absl::StrAppend(&args.thread_list, ",", HardwareThreads());
    app.add_option("--threads", args.thread_list,
                   "thread counts to measure, the first the baseline (default: powers of two up "
                   "to every hardware thread)")
        ->check(StatusCheck([](const std::string& s) { return bench::ParseThreadCounts(s); }));
  } else {
    // 0 is every hardware thread, as in Python's solve(threads=0): one rule.
    app.add_option("--threads", args.threads,
                   "search threads (default, or 0: every hardware thread); 1 starts no extra "
                   "thread")
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
  app.add_option("--hash-mb", args.hash_mb,
                 "transposition table size in MiB (rounded down to a power of two)")
      ->check(HashMbCheck());
  app.add_option("--tt-scheme", args.tt_scheme,
                 "replacement scheme: deep, new, old, big1, bigall, twodeep, twobig1, twobigall")
      ->check(SchemeCheck());
  app.add_flag("--wld", args.wld, "solve for win/draw/loss only");
  app.add_option("--ordering", args.ordering,
                 "move-ordering features, comma-separated, 'no-' turning one off: tt, "
                 "killers[=N], history, fastest-first, parity, etc, stability, aspiration, eval, "
                 "presearch, selective")
      ->check(StatusCheck([](const std::string& s) { return ParseFeatures(s); }));
  app.add_option("--split-min-empties", args.split_min_empties,
                 "parallel search: the fewest empties at which a node splits; 0 takes the "
                 "measured default (solver/README.md, \"Parallel search\")")
      ->check(StatusCheck([](const std::string& s) {
        int n = 0;
        if (!absl::SimpleAtoi(s, &n)) return absl::InvalidArgumentError("expected a number");
        return SolverCheck([n](SolveOptions& o) { o.split_min_empties = n; }, "split-min-empties");
      }));
  app.add_option("--split-policy", args.split_policy,
                 "parallel search: many-core (the default) or two-core, the policy it replaced, "
                 "to compare against (solver/split_policy.h)")
      ->check(StatusCheck([](const std::string& s) { return search::ParsePolicyKind(s); }));
  app.add_option("--presearch-min-empties", args.presearch_min_empties,
                 "the fewest empties at which the presearch (the evaluation search that picks "
                 "the first guess) runs; 0 takes the measured default "
                 "(bench/results/solver-ordering-2026-11.md, \"Presearch\")")
      ->check(StatusCheck([](const std::string& s) {
        int n = 0;
        if (!absl::SimpleAtoi(s, &n)) return absl::InvalidArgumentError("expected a number");
        return SolverCheck([n](SolveOptions& o) { o.presearch_min_empties = n; },
                           "presearch-min-empties");
      }));
  app.add_option("--eval", args.eval,
                 "an evaluation weights file to order moves with (default: the built-in one)");
  AddMaxEmptiesOption(app, args.max_empties);
  // CLI11 keeps an app's options in the order they were added.
  std::vector<CLI::Option*> added = app.get_options();
  added.erase(added.begin(), added.begin() + static_cast<std::ptrdiff_t>(before));
  return added;
}

absl::StatusOr<SolveOptions> ToSolveOptions(const SearchArgs& args) {
  SolveOptions options;
  options.threads = !args.thread_list.empty() ? 1 : args.threads == 0 ? HardwareThreads() : args.threads;
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
