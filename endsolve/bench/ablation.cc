#include "endsolve/bench/ablation.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/bench/runner.h"

namespace endsolve::bench {

std::vector<AblationVariant> AblationVariants(const SearchFeatures& defaults) {
  std::vector<AblationVariant> variants = {{"defaults", defaults}};
  auto add = [&](std::string name, auto change) {
    SearchFeatures f = defaults;
    change(f);
    variants.push_back({std::move(name), f});
  };
  auto switched = [](const char* name, bool on) { return absl::StrCat(name, on ? " off" : " on"); };
  add(switched("tt move", defaults.tt_move), [](SearchFeatures& f) { f.tt_move = !f.tt_move; });
  add(switched("history", defaults.history), [](SearchFeatures& f) { f.history = !f.history; });
  add(switched("fastest-first", defaults.fastest_first),
      [](SearchFeatures& f) { f.fastest_first = !f.fastest_first; });
  add(switched("parity", defaults.parity), [](SearchFeatures& f) { f.parity = !f.parity; });
  add(switched("etc", defaults.etc), [](SearchFeatures& f) { f.etc = !f.etc; });
  add(switched("stability", defaults.stability), [](SearchFeatures& f) { f.stability = !f.stability; });
  add(switched("shallow cache", defaults.shallow_cache),
      [](SearchFeatures& f) { f.shallow_cache = !f.shallow_cache; });
  add(switched("aspiration", defaults.aspiration),
      [](SearchFeatures& f) { f.aspiration = !f.aspiration; });
  add(switched("eval ordering", defaults.eval), [](SearchFeatures& f) { f.eval = !f.eval; });
  add(switched("presearch", defaults.presearch), [](SearchFeatures& f) { f.presearch = !f.presearch; });
  add(switched("selective passes", defaults.selective),
      [](SearchFeatures& f) { f.selective = !f.selective; });
  add("eval ordering, presearch and selective passes off",
      [](SearchFeatures& f) { f.eval = f.presearch = f.selective = false; });
  for (const int k : {0, 1, 2, 4, 8, 16, 32}) {
    if (k != defaults.killers) {
      add(absl::StrFormat("killers %d", k), [k](SearchFeatures& f) { f.killers = k; });
    }
  }
  return variants;
}

absl::StatusOr<std::vector<AblationRow>> MeasureAblation(
    const std::vector<Position>& positions, const SolveOptions& options,
    const std::vector<AblationVariant>& variants, const std::atomic<bool>& cancel,
    const std::function<void(int, int)>& on_start) {
  SolveOptions with_table = options;
  std::unique_ptr<TranspositionTable> table;
  if (absl::Status s = GiveTable(with_table, table); !s.ok()) return s;
  std::vector<AblationRow> rows;
  for (std::size_t v = 0; v < variants.size() && !cancel.load(); ++v) {
    SolveOptions variant = with_table;
    variant.features = variants[v].features;
    auto runs = RunBench(positions, variant, 1, cancel, [&](int, int i) {
      if (on_start) on_start(static_cast<int>(v), i);
    });
    if (!runs.ok()) return runs.status();
    if (runs->empty()) break;  // interrupted mid-variant: not a sample
    AblationRow row;
    row.name = variants[v].name;
    for (const SolveResult& r : runs->front()) {
      row.nodes += r.nodes;
      row.seconds += absl::ToDoubleSeconds(r.time);
    }
    row.wrong = Summarise(positions, *runs, options.wld).wrong;
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string FormatAblationTable(const std::vector<AblationRow>& rows) {
  std::string out = "| variant | nodes | internal | time (s) | nodes vs defaults | wrong |\n"
                    "|---|---|---|---|---|---|\n";
  for (const AblationRow& r : rows) {
    const double base = static_cast<double>(rows.front().nodes.total());
    absl::StrAppendFormat(&out, "| %s | %d | %d | %.2f | %+.1f%% | %d |\n", r.name, r.nodes.total(),
                          r.nodes.internal, r.seconds,
                          100.0 * (static_cast<double>(r.nodes.total()) / base - 1), r.wrong);
  }
  return out;
}

}  // namespace endsolve::bench
