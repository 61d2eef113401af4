// The classic experiment of search algorithms: fixed-depth
// searches from a set of positions by negamax, alpha-beta, alpha-beta with
// killer moves, with the history heuristic, with the transposition table,
// and their combinations, compared by leaves, internal nodes and time. Leaves
// are scored by an evaluation; a finished game is scored exactly. Every
// algorithm must return the same minimax value at the same depth and
// position: a disagreement is a bug, and RunStudy reports it.
#ifndef ENDSOLVE_STUDY_STUDY_H_
#define ENDSOLVE_STUDY_STUDY_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "endsolve/board/board.h"
#include "endsolve/board/node_counts.h"
#include "endsolve/board/position.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/hashtable/transposition_table.h"

namespace endsolve::study {

// The most killer moves per ply (killer=N takes 1..this).
inline constexpr int kMaxStudyKillers = 32;
// The deepest search RunStudy accepts: a game has at most 60 moves, and the
// table's draft (a byte) and the history's 2^depth credits stay in range.
inline constexpr int kMaxStudyDepth = 60;

// One algorithm of the study: what prunes and what orders.
struct Algorithm {
  std::string name;            // as the user wrote it: "alphabeta", "tt+killer=4"
  bool alphabeta = true;       // false: negamax, every node searched
  bool tt = false;             // the project's transposition table (cleared per search)
  int killers = 0;             // killer moves per ply (Akl & Newborn 1977)
  bool history = false;        // history heuristic (Schaeffer 1989), credit 2^depth
  bool fastest_first = false;  // the solver's key: the opponent's replies, fewest first
  bool eval_order = false;     // children ordered by their static evaluation
};

// "negamax", "alphabeta", "killer=N" (N 1..32), "history", "tt",
// "tt+killer=N", "tt+history", "fastest-first", "eval"; anything else is
// refused with the list of names.
absl::StatusOr<Algorithm> ParseAlgorithm(absl::string_view name);
// A comma-separated list of them, in order.
absl::StatusOr<std::vector<Algorithm>> ParseAlgorithms(absl::string_view list);
// The list docs/classic-experiment.md's tables use, and `endsolve study`'s default.
inline constexpr absl::string_view kDefaultAlgorithms =
    "negamax,alphabeta,killer=32,history,tt,tt+killer=32,tt+history";
std::vector<Algorithm> DefaultAlgorithms();

// How leaves are scored: the pattern evaluation rounded to whole discs
// (Evaluator::ToDiscs), or the disc difference. Both in discs for the side
// to move, so that a value fits the table's 8-bit bounds; a finished game
// scores its exact final score.
enum class LeafEval { kPatterns, kDiscs };

// "patterns" or "discs".
absl::StatusOr<LeafEval> ParseLeafEval(absl::string_view name);

// "2-6" or "4": the depths of a study, each from 1 to `max_depth`
// (at most kMaxStudyDepth).
absl::StatusOr<std::vector<int>> ParseDepths(absl::string_view text, int max_depth = kMaxStudyDepth);

struct SearchSettings {
  LeafEval leaf = LeafEval::kPatterns;
  const eval::Evaluator* evaluator = nullptr;  // for kPatterns and eval ordering; null: the built-in
  TranspositionTable* tt = nullptr;            // required for algorithms with tt; cleared by Search
};

// What one fixed-depth search found.
struct SearchOutcome {
  int value = 0;                 // minimax value in discs for the side to move
  int best_move = kNoMove;       // a move reaching it (kPass when the root passes, kNoMove at a finished game)
  NodeCounts nodes;              // the project's convention: a leaf at depth 0 or a finished game, a pass one ply
  double seconds = 0;
};

// Searches `board` to `depth` plies (1..kMaxStudyDepth) with `algorithm` on
// one thread.
SearchOutcome Search(const Board& board, int depth, const Algorithm& algorithm,
                     const SearchSettings& settings);

// One search of the study.
struct StudyRow {
  int algorithm = 0;  // index into the algorithms
  int depth = 0;
  int position = 0;   // index into the positions
  SearchOutcome outcome;
};

struct StudyOptions {
  std::vector<Algorithm> algorithms = DefaultAlgorithms();
  std::vector<int> depths = {2, 3, 4, 5, 6};
  SearchSettings settings;  // its table (when an algorithm needs one) is shared by the searches, cleared before each
  TTOptions table;          // the table made when settings.tt is null and an algorithm needs one
  int jobs = 1;             // searches run side by side (each with a table of its own); disturbs the times
};

struct StudyResults {
  std::vector<StudyRow> rows;  // in order: algorithm, then depth, then position
  // One line per (depth, position) where the algorithms disagree, naming the
  // first algorithm and each one whose value differs from it, the position
  // by its index and its label when it has one:
  // "depth 4, position 3 (#43): alphabeta +6, tt +4". Empty when all agree.
  std::vector<std::string> disagreements;
};

// Runs every algorithm at every depth from every position. `on_start` hears
// of each search as it starts (algorithm, depth, position); `cancel` stops
// after the searches under way, returning the rows finished.
absl::StatusOr<StudyResults> RunStudy(
    const std::vector<Position>& positions, const StudyOptions& options,
    const std::atomic<bool>& cancel,
    const std::function<void(int algorithm, int depth, int position)>& on_start = {});

}  // namespace endsolve::study

#endif  // ENDSOLVE_STUDY_STUDY_H_
