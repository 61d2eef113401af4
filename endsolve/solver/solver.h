// The exact endgame solver: Solve(board, options) -> result.
//
// All search state lives in the call (per search, never global), so
// concurrent Solve calls on different tables are safe. The search itself is
// in search.h and endsolve/solver/README.md.
#ifndef ENDSOLVE_SOLVER_SOLVER_H_
#define ENDSOLVE_SOLVER_SOLVER_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "endsolve/board/board.h"
#include "endsolve/board/node_counts.h"
#include "endsolve/board/position.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/solver/features.h"
#include "endsolve/solver/thread_stats.h"
#include "endsolve/solver/span_model.h"
#include "endsolve/solver/virtual_clock.h"
#include "endsolve/solver/progress.h"
#include "endsolve/solver/score_kind.h"
#include "endsolve/solver/split_policy.h"

namespace endsolve {

// The most search threads a solve accepts: far more than any machine this
// runs on, small enough that a typo (--threads 10000) is refused.
inline constexpr int kMaxThreads = 1024;

// The most empty squares a solve accepts unless told otherwise. FFO #55
// (29 empties) took 1.3e10 nodes, 13 minutes on one core of a 2-core Xeon
// VM (endsolve/bench/results/ffo-50-59-1thread.jsonl), and each further empty square
// multiplies the work by about 2-3: at 36 empties, a thousand times that is
// a plausible cost, days. A position pasted to see what it does (a
// transcript of three moves) is refused rather than started on a search
// that never ends.
inline constexpr int kDefaultMaxEmpties = 36;

// Every hardware thread (at least 1): the default thread count of the
// command line and of the Python module, as users of a multithreaded
// solver expect.
int HardwareThreads();

// The window: scores in [lo, hi] are reported exactly; a score outside is
// reported as a bound beyond the window's edge (ScoreKind). `wld` replaces
// the window by the open one (-1, 1): a draw is exact, a win or a loss comes
// back as a bound. See ValidateOptions for the accepted values.
struct SolveOptions {
  bool wld = false;                 // win/draw/loss only: window (-1, 1)
  int lo = -64, hi = 64;            // score window [lo, hi]
  std::uint64_t node_limit = 0;     // 0: none
  // Solve, and EstimateScore's selective passes (which search to the end
  // too), refuse a position with more empty squares: the one guard of every
  // entry point (the commands' --max-empties, the Python module's
  // max_empties). Up to 60; neither a node limit nor a deadline lifts it.
  int max_empties = kDefaultMaxEmpties;
  absl::Time deadline = absl::InfiniteFuture();
  const std::atomic<bool>* cancel = nullptr;  // polled; stops the search when true
  TranspositionTable* tt = nullptr; // the table to use; null: Solve makes one
  TTOptions table;                  // the table Solve makes when tt is null
  // Search threads: the calling thread and threads - 1 oneTBB workers, in a
  // task arena of that size (endsolve/solver/parallel_search.h). 1 runs the same
  // search with no extra thread.
  int threads = 1;
  // Nodes with at least this many empties search their younger brothers in
  // parallel; 0 takes the measured default (kSplitMinEmpties in
  // endsolve/solver/settings.h). For tuning and for tests, which lower it to
  // make small positions split.
  int split_min_empties = 0;
  // Which nodes split and how (endsolve/solver/split_policy.h): the many-core policy,
  // or the two-core one it replaced, kept to compare against.
  search::SplitPolicy::Kind split_policy = search::SplitPolicy::Kind::kManyCore;
  // Not empty: measure the parallelism of this one-thread solve under each
  // of these policies (endsolve/solver/span_model.h) into SolveResult::parallelism.
  // Requires threads == 1 (the one-thread search visits the tree every
  // policy starts from); at most SpanTracker::kMaxPolicies.
  std::vector<search::SplitPolicy> parallelism_policies;
  // Not null: where the threads spend their time and what the split points
  // do (endsolve/solver/thread_stats.h), added to what it holds already; it must
  // have a slot for each of `threads` threads. Off by default: it reads
  // the clock at every task.
  search::ParallelStats* parallel_stats = nullptr;
  // Not null: the solve's search runs on this virtual many-core machine
  // (endsolve/solver/virtual_clock.h), which must have a slot for each of `threads`
  // threads: time in nodes, the threads in lockstep. Its figures are read
  // from it after the solve (ticks, each slot's search, wait and idle).
  search::VirtualClock* virtual_clock = nullptr;
  // The presearch (features.presearch) runs at roots with at least this
  // many empties; 0 takes the measured default (kPresearchMinEmpties in
  // endsolve/solver/presearch.h), which `--presearch-min-empties` moves to rerun
  // that measurement (endsolve/bench/results/solver-ordering.md, "Presearch").
  int presearch_min_empties = 0;
  SearchFeatures features;
  // Every legal move's exact score (SolveResult::move_scores), as Edax's
  // and Egaroucid's `hint` give them and an .obf answer list holds them:
  // each move's position is solved exactly, one after another in one table
  // that is not cleared between them; the root's score is the best of them
  // and its line is walked from that move (the root is not solved first:
  // its own solve proves only that every other move is worse). Needs the
  // full window and no WLD.
  bool all_moves = false;
  // With all_moves: called with each move's exact score as soon as it is
  // proven, in the order the moves are solved (a GUI's hints); may be empty.
  std::function<void(const MoveScore&)> on_move_score;
  // The evaluation for ordering and the presearch; null: the built-in one.
  const eval::Evaluator* evaluator = nullptr;
  std::function<void(const Progress&)> on_progress;  // may be empty
  // Not null: every searcher adds its nodes here as it polls (every
  // kPollInterval nodes) and as it ends, so that another thread (a progress
  // display) reads the nodes of a running solve, its passes and all_moves'
  // solves included, between the root moves that on_progress hears of: to
  // within kPollInterval nodes a thread. The presearch's positions are not
  // added. Never reset by the solve.
  std::atomic<std::uint64_t>* live_nodes = nullptr;
};


// A WLD win is {score +1, kLower}, a loss {-1, kUpper}, a draw {0, kExact}.
// When the result is a bound, best_move and pv prove that bound: along the pv
// the side that can reach it does, and the final score of the pv satisfies
// it. (On a fail low, best_move is the move with the highest bound.)
struct SolveResult {
  bool stopped = false;             // deadline, node limit or cancel: no score
  int score = 0;                    // for the side to move; WLD: -1, 0 or +1
  ScoreKind kind = ScoreKind::kExact;
  int best_move = kNoMove;          // kPass when the side to move must pass
  std::vector<int> pv;              // to the end of the game, kPass for passes
  // With SolveOptions::all_moves: every legal move (the pass when the side
  // to move must pass; none when the game is over) with its exact score,
  // best first, best_move first among equals. `nodes`, `time` and the
  // other counts are those of all the solves.
  std::vector<MoveScore> move_scores;
  NodeCounts nodes;                 // perft convention (endsolve/board/node_counts.h), all searches
  NodeCounts pv_nodes;              // the part of `nodes` spent extracting the pv
  std::uint64_t etc_probes = 0;     // child table probes (not nodes)
  // Positions of the presearch's evaluation search (not nodes either;
  // endsolve/solver/presearch.h); its time is in `time`.
  std::uint64_t presearch_nodes = 0;
  // Work and span under SolveOptions::parallelism_policies (empty spans
  // when none were asked for).
  search::SpanFigures parallelism;
  absl::Duration time;
};

// Checks the options a user can get wrong: max_empties within [0, 60],
// lo <= hi within [-64, 64],
// threads within [1, kMaxThreads], split_min_empties 0 or within [9, 64]
// (9: the smallest nodes that can split, those of the table layer),
// presearch_min_empties within [0, 64], parallelism_policies only with one
// thread and at most SpanTracker::kMaxPolicies of them, parallel_stats with
// a slot per thread,
// killers within [0, kMaxKillers], all_moves only with the full window
// [-64, 64] and without wld. The table options are checked where they
// are defined, by TranspositionTable::Create. Solve returns either status
// when it is not OK.
absl::Status ValidateOptions(const SolveOptions& options);

// Solves `board`. Errors, as Abseil's functions report them, and as
// SolveEach does: InvalidArgument for options a user got wrong
// (ValidateOptions) and for a board with more than max_empties empty
// squares ("N empty squares, more than the limit of M: ..."), ResourceExhausted for a table that cannot be had, and
// Internal when the score was proven but no move of the principal variation
// kept it at some position (a bug; the message names the position). A
// search stopped by a limit or a cancel is no error: the result says
// `stopped`, with no score.
absl::StatusOr<SolveResult> Solve(const Board& board, const SolveOptions& options);

// The guard of SolveOptions::max_empties, which Solve and EstimateScore
// apply and a caller that starts a longer job on `board` (prove) applies
// first: InvalidArgument for more than `max_empties` empty squares, but
// never for a finished game, which needs no search.
absl::Status CheckMaxEmpties(const Board& board, int max_empties);

// What the exact solve believes before it proves anything: its presearch
// and then its first `passes` selective passes (ProbCut margins
// search::kProbCutMargin, the most selective first), each searched to the
// end of the game in `options`' table. `score` is the last pass's, even
// (every final score is), a guess and no bound; `best_move` its move.
// On 37 positions of 30 empties from WTHOR games, one pass misses the exact
// score by 1.41 discs on average where the presearch misses by 3.24
// (endsolve/bench/results/prove-rounds-design.md).
struct ScoreEstimate {
  int score = 0;
  int best_move = kNoMove;
  // Each pass's score, even, in order (the last is `score`): a caller that
  // wants the guess of fewer passes and the table of more runs the more.
  std::vector<int> pass_scores;
  NodeCounts nodes;  // the selective passes' (the presearch's positions are not nodes)
  absl::Duration time;
  bool stopped = false;  // a limit or a cancel: no estimate
};
inline constexpr int kSelectivePasses = 3;  // one per ProbCut margin (search.h)
// `passes` within [0, kSelectivePasses]; 0 gives the presearch's guess.
// Errors as Solve's (the options are checked the same way).
absl::StatusOr<ScoreEstimate> EstimateScore(const Board& board, const SolveOptions& options,
                                            int passes);

// Clears options.tt (which must be set), then solves `board`: the result is
// the one a new table gives, whatever the table held before, and its time
// includes the clearing, so that a run of many positions reports all the
// time it took. What SolveEach and batch do for each position.
absl::StatusOr<SolveResult> SolveInClearedTable(const Board& board, const SolveOptions& options);

// Solves `positions` one after another in one table (options.tt, or one made
// from options.table), cleared before each solve so that every result is
// the one its position gets alone, whatever was solved before it (and
// with the position's own window, when it has one, instead of options'): what
// `solve`, `bench`, the schemes study and the Python module's solve_many
// do. `on_start(i)` hears of each solve before it starts, `on_result(i,
// result)` of each that finished. Stops before a solve when options.cancel
// is raised, and at the first solve that did not finish (cancel, deadline,
// node limit); returns how many finished, or the error of the first solve
// that could not start (an invalid option, a table too large).
absl::StatusOr<int> SolveEach(const std::vector<Position>& positions, SolveOptions options,
                              const std::function<void(int index)>& on_start,
                              const std::function<void(int index, const SolveResult&)>& on_result);

}  // namespace endsolve

#endif  // ENDSOLVE_SOLVER_SOLVER_H_
