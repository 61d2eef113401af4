// A solve's result as people and programs read it: the columns of the
// results tables of `solve` and `bench ffo` (one format, so that a row
// pasted from either reads the same), the JSON line of `solve --json`, and
// a progress report as a line of text.
// The check against a file's answers is answer_check.h.
#ifndef ENDSOLVE_SOLVER_REPORT_H_
#define ENDSOLVE_SOLVER_REPORT_H_

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

#include "absl/time/time.h"
#include "endsolve/board/position.h"
#include "endsolve/positions/arguments.h"
#include "endsolve/solver/answer_check.h"
#include "endsolve/solver/solver.h"

namespace endsolve {

// The header of the columns every results table has: id, empties, move,
// score, expected score, check (OK or WRONG), nodes, time, nodes per
// second. `id_width` is IdColumnWidth of the table's positions.
std::string ResultColumnsHeader(int id_width = kMinIdWidth);

// Those columns for one position: its result's move and score, checked as
// `verdict` says, with `nodes` and `seconds` (a solve's own, or a bench's
// medians over runs).
std::string ResultColumns(const Position& position, const SolveResult& result, Verdict verdict,
                          std::uint64_t nodes, double seconds, int id_width = kMinIdWidth);

// What a progress report says the engine believes, for a status line:
// during the presearch its depth and estimate ("presearch 8 plies, estimate
// C7 -10"); during a selective pass its margin, the root moves done and the
// estimate; in an exact pass the root moves done, the bounds proven so far
// ([lower, upper]) and the move that reaches the lower one; while every
// move is scored (all_moves), which move and how many are done before that.
std::string DescribeProgress(const Progress& progress);

// "2h05m", "3m07s", "12s": short durations for progress lines.
std::string ShortDuration(absl::Duration d);

// What is left of a solve in its exact passes, told from the nodes its
// selective passes took: on FFO #40-#59 at one thread the exact passes took
// kExactOverSelectiveLow to kExactOverSelectiveHigh times those nodes
// (endsolve/bench/results/solve-time-left.txt), so at `nodes_per_second`
// the rest takes between the two, less what the exact passes searched:
// "4s-15s left", "under 15s left", or "" once they have searched more than
// the high end (nothing left to tell) or before any rate is known.
inline constexpr double kExactOverSelectiveLow = 0.65;
inline constexpr double kExactOverSelectiveHigh = 10.5;
std::string TimeLeft(std::uint64_t selective_nodes, std::uint64_t exact_nodes,
                     double nodes_per_second);

// What the solve of one position last reported, as a status line: the
// solver reports at the end of each root move, a display redraws on its
// own clock, so the line's time moves from the first second on, and the
// nodes too, read from the solve's live count (SolveOptions::live_nodes,
// which the caller points at live_nodes()). Reports come from the solving
// thread, lines are read by the display's.
class SolveStatus {
 public:
  void Start(std::string id);          // a new position, known as `id`
  void Report(const Progress& progress);
  // "ID: starting, 0.4s", then what the search believes (DescribeProgress),
  // the nodes, their rate and the time; in the exact passes of a solve of
  // one position (not all_moves') after selective passes, the time left
  // (TimeLeft).
  std::string Line() const;
  // For SolveOptions::live_nodes; Start sets it to 0.
  std::atomic<std::uint64_t>* live_nodes() { return &live_nodes_; }

 private:
  mutable std::mutex mutex_;
  std::string id_;
  absl::Time start_;
  Progress last_;
  bool reported_ = false;
  // The solve's nodes at the end of its selective passes (their last
  // report), 0 before one ends or when none runs: TimeLeft's yardstick.
  std::uint64_t selective_nodes_ = 0;
  std::atomic<std::uint64_t> live_nodes_{0};
};

// One JSON object (a line, without newline) with the keys documented in
// docs/solving.md: id, empties, best_move, score, window and bound (a line with a
// window only), expected_score, ok, reason (why a
// wrong answer is wrong, WrongReason; null otherwise), pv, leaves,
// internal_nodes, nodes, presearch_nodes, seconds; with every move's score
// (all_moves), moves after pv: [{"move": "A2", "score": 38}, ...], best first.
std::string JsonLine(const Position& position, const SolveResult& result, Verdict verdict,
                     const std::string& reason);

}  // namespace endsolve

#endif  // ENDSOLVE_SOLVER_REPORT_H_
