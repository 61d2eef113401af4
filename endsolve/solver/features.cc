#include "endsolve/solver/features.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace endsolve {

// Each named feature is a boolean except the killer count, which takes a
// number ("killers" alone means the default of 2 killers per ply).
absl::StatusOr<SearchFeatures> ParseFeatures(absl::string_view spec) {
  SearchFeatures f;
  constexpr int kKillersWhenNamed = 2;
  for (absl::string_view item : absl::StrSplit(spec, ',', absl::SkipWhitespace())) {
    if (item == "default") continue;
    if (item.substr(0, 8) == "killers=") {
      int n = 0;
      if (!absl::SimpleAtoi(item.substr(8), &n) || n < 0 || n > kMaxKillers) {
        return absl::InvalidArgumentError(absl::StrCat(
            "expected killers=N with N from 0 to ", kMaxKillers, ", found '", item, "'"));
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
    else if (name == "shallow-cache") f.shallow_cache = on;
    else if (name == "aspiration") f.aspiration = on;
    else if (name == "eval") f.eval = on;
    else if (name == "presearch") f.presearch = on;
    else if (name == "selective") f.selective = on;
    else {
      return absl::InvalidArgumentError(absl::StrCat(
          "unknown feature '", item,
          "'; expected tt, killers[=N], history, fastest-first, parity, etc, stability, "
          "shallow-cache, aspiration, eval, presearch or selective, each optionally preceded "
          "by no-"));
    }
  }
  return f;
}

}  // namespace endsolve
