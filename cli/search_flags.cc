#include "cli/search_flags.h"

#include <memory>
#include <string>

#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

ABSL_FLAG(std::string, threads, "1",
          "search threads (1 runs no extra thread); bench scaling takes a list: 1,2,4,8");
ABSL_FLAG(int, hash_mb, 256, "transposition table size in MiB (rounded down to a power of two)");
ABSL_FLAG(std::string, tt_scheme, "twobig1",
          "replacement scheme: deep, new, old, big1, bigall, twodeep, twobig1, twobigall");
ABSL_FLAG(bool, wld, false, "solve for win/draw/loss only");
ABSL_FLAG(std::string, ordering, "default",
          "move-ordering features, e.g. 'no-etc,killers=4' (see endsolve help)");
ABSL_FLAG(int, split_min_empties, 0,
          "parallel search: the fewest empties at which a node splits (9..64); 0 takes the "
          "measured default (solver/README.md, \"Parallel search\")");

ABSL_FLAG(std::string, eval, "",
          "an evaluation weights file to order moves with, instead of the built-in one");

namespace endsolve::cli {

// Each named feature is a boolean except the killer count, which takes a
// number ("killers" alone means the default of 2 killers per ply).
absl::StatusOr<std::vector<int>> ThreadCountsFromFlag() {
  const std::string spec = absl::GetFlag(FLAGS_threads);
  std::vector<int> counts;
  for (absl::string_view item : absl::StrSplit(spec, ',')) {
    int n = 0;
    if (!absl::SimpleAtoi(item, &n) || n < 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--threads: expected a comma-separated list of counts of at least 1, found '", spec, "'"));
    }
    counts.push_back(n);
  }
  return counts;
}

absl::StatusOr<SearchFeatures> ParseFeatures(absl::string_view spec) {
  SearchFeatures f;
  constexpr int kKillersWhenNamed = 2;
  for (absl::string_view item : absl::StrSplit(spec, ',', absl::SkipWhitespace())) {
    if (item == "default") continue;
    if (item.substr(0, 8) == "killers=") {
      int n = 0;
      if (!absl::SimpleAtoi(item.substr(8), &n) || n < 0 || n > kMaxKillers) {
        return absl::InvalidArgumentError(absl::StrCat(
            "--ordering: expected killers=N with N from 0 to ", kMaxKillers, ", found '", item, "'"));
      }
      f.killers = n;
      continue;
    }
    const bool on = item.substr(0, 3) != "no-";
    const absl::string_view name = on ? item : item.substr(3);
    if (name == "tt") f.tt_move = on;
    else if (name == "killers" || name == "killer") f.killers = on ? kKillersWhenNamed : 0;
    else if (name == "history") f.history = on;
    else if (name == "fastest-first" || name == "ff") f.fastest_first = on;
    else if (name == "parity") f.parity = on;
    else if (name == "etc") f.etc = on;
    else if (name == "stability") f.stability = on;
    else if (name == "aspiration") f.aspiration = on;
    else if (name == "eval") f.eval = on;
    else if (name == "presearch") f.presearch = on;
    else if (name == "selective") f.selective = on;
    else {
      return absl::InvalidArgumentError(absl::StrCat(
          "--ordering: unknown feature '", item,
          "'; expected tt, killers[=N], history, fastest-first, parity, etc, stability, "
          "aspiration, eval, presearch or selective, "
          "each optionally preceded by no-"));
    }
  }
  return f;
}

absl::StatusOr<const eval::Evaluator*> EvaluatorFromFlag() {
  const std::string path = absl::GetFlag(FLAGS_eval);
  if (path.empty()) return &eval::Evaluator::Default();
  // Loaded once per process and kept to its end: options hold a pointer.
  static std::unique_ptr<eval::Evaluator> loaded;
  if (loaded == nullptr) {
    absl::StatusOr<eval::Weights> weights = eval::ReadWeightsFile(path);
    if (!weights.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("--eval: ", weights.status().message()));
    }
    loaded = std::make_unique<eval::Evaluator>(*weights);
  }
  return loaded.get();
}

absl::StatusOr<SolveOptions> SolveOptionsFromFlags(ThreadsFlag threads_flag) {
  SolveOptions options;
  const std::string threads = absl::GetFlag(FLAGS_threads);
  if (threads_flag == ThreadsFlag::kList) {
    auto counts = ThreadCountsFromFlag();
    if (!counts.ok()) return counts.status();
  } else if (!absl::SimpleAtoi(threads, &options.threads) || options.threads < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("--threads: expected a count of at least 1, found '", threads, "'"));
  }
  const int mib = absl::GetFlag(FLAGS_hash_mb);
  if (mib < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("--hash-mb: expected a size of at least 1 MiB, found ", mib));
  }
  options.hash_mib = static_cast<std::size_t>(mib);
  auto scheme = ParseScheme(absl::GetFlag(FLAGS_tt_scheme));
  if (!scheme.ok()) return absl::InvalidArgumentError(absl::StrCat("--tt-scheme: ", scheme.status().message()));
  options.scheme = *scheme;
  options.wld = absl::GetFlag(FLAGS_wld);
  auto features = ParseFeatures(absl::GetFlag(FLAGS_ordering));
  if (!features.ok()) return features.status();
  options.features = *features;
  options.split_min_empties = absl::GetFlag(FLAGS_split_min_empties);
  {
    // The solver knows the range; the message names the flag as typed.
    SolveOptions split_only;
    split_only.split_min_empties = options.split_min_empties;
    split_only.hash_mib = 1;
    if (absl::Status valid = ValidateOptions(split_only); !valid.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("--", valid.message()));
    }
  }
  auto evaluator = EvaluatorFromFlag();
  if (!evaluator.ok()) return evaluator.status();
  options.evaluator = *evaluator;
  // The solver's own checks (e.g. the thread counts it supports), so that a
  // command refuses bad options before it reads or writes anything.
  if (absl::Status valid = ValidateOptions(options); !valid.ok()) return valid;
  return options;
}

}  // namespace endsolve::cli
