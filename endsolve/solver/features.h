// What a search is asked to do: the move-ordering features and cutoffs,
// each switchable so that its effect can be measured. Shared by the public
// solver (solver.h) and the searcher (search.h), which does not see the rest
// of the public interface.
#ifndef ENDSOLVE_SOLVER_FEATURES_H_
#define ENDSOLVE_SOLVER_FEATURES_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace endsolve {

// The most killer moves kept per ply (--ordering killers=N accepts 0..this).
inline constexpr int kMaxKillers = 32;
// Each move-ordering feature and cutoff can be switched off, so that its
// effect can be measured (`--ordering` on the command line).
struct SearchFeatures {
  bool tt_move = true;
  int killers = 0;          // killer moves per ply; 0 turns them off
  bool history = false;     // Schaeffer's history heuristic
  bool fastest_first = true;
  bool parity = true;
  bool etc = true;          // enhanced transposition cutoff
  bool stability = true;    // stability cutoff
  // The table-less layer's own small table of bounds (5..8 empties;
  // endsolve/hashtable/shallow_cache.h). Only a search with a transposition table
  // has one.
  bool shallow_cache = true;
  // Root strategy: narrow windows from a guess (MTD(f)) instead of one
  // principal-variation search over the whole window.
  bool aspiration = true;
  // Order the moves of nodes high in the tree by a shallow search with the
  // pattern evaluation (endsolve/solver/eval_order.h).
  bool eval = true;
  // Before the exact passes, estimate the score with an evaluation search,
  // so that the first aspiration window sits near it (solver.cc).
  bool presearch = true;
  // Before the exact passes, search the root with ProbCut at growing
  // margins (endsolve/solver/search.h, "Selective passes"): their moves order the
  // exact passes and their score is its first guess. Never decides a score.
  bool selective = true;

  friend bool operator==(const SearchFeatures&, const SearchFeatures&) = default;
};

// Parses an ordering list (`--ordering` on the command line, and any program
// that lets its user switch features): comma-separated features, each
// switched on by its name or off by "no-" before it, and "killers=N" for the
// killer count. Names: tt, killers, history, fastest-first (ff), parity,
// etc, stability, shallow-cache, aspiration (the root strategy), eval,
// presearch, selective. "default" leaves the defaults; the list applies left to right
// over them. An unknown name is refused with the list of known ones.
absl::StatusOr<SearchFeatures> ParseFeatures(absl::string_view spec);

}  // namespace endsolve

#endif  // ENDSOLVE_SOLVER_FEATURES_H_
