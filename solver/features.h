// What a search is asked to do: the move-ordering features and cutoffs,
// each switchable so that its effect can be measured. Shared by the public
// solver (solver.h) and the searcher (search.h), which does not see the rest
// of the public interface.
#ifndef ENDSOLVE_SOLVER_FEATURES_H_
#define ENDSOLVE_SOLVER_FEATURES_H_

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
  // Root strategy: narrow windows from a guess (MTD(f)) instead of one
  // principal-variation search over the whole window.
  bool aspiration = true;
  // Order the moves of nodes high in the tree by a shallow search with the
  // pattern evaluation (solver/eval_order.h).
  bool eval = true;
  // Before the exact passes, estimate the score with an evaluation search,
  // so that the first aspiration window sits near it (solver.cc).
  bool presearch = true;
  // Before the exact passes, search the root with ProbCut at growing
  // margins (solver/search.h, "Selective passes"): their moves order the
  // exact passes and their score is its first guess. Never decides a score.
  bool selective = true;
};

}  // namespace endsolve

#endif  // ENDSOLVE_SOLVER_FEATURES_H_
