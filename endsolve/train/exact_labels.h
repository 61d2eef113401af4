// Exact labels: positions of the real games solved by endsolve itself, and
// the positions along each solve's principal variation, which the same solve
// labels for free (along a PV the score only changes sign).
//
// A labels file is text, one solved position a line:
//   KEY PLAYER OPPONENT SCORE PV
// KEY the game's key (dataset.h) in hex, PLAYER and OPPONENT the bitboards in
// hex (side to move first), SCORE the exact final disc difference for the
// side to move, PV the moves to the end of the game ("a1b2ps...", "ps" a
// pass). Lines are appended and flushed as positions are solved, so a stage
// stopped at any moment resumes where it was: a torn last line is cut off
// and solved again.
#ifndef ENDSOLVE_TRAIN_EXACT_LABELS_H_
#define ENDSOLVE_TRAIN_EXACT_LABELS_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/board/board.h"
#include "endsolve/train/dataset.h"

namespace endsolve::train {

struct ExactLabel {
  std::uint64_t key = 0;
  Board board;
  int score = 0;
  std::vector<int> pv;
};

// Reads a labels file; a missing file is an empty list. A malformed line is
// an error naming the file and line, except a last line without its newline,
// which is dropped (a solve cut off mid-write).
absl::StatusOr<std::vector<ExactLabel>> ReadLabels(const std::string& path);

// How far before the solved position a deviation leaves the game. Two
// plies share nearly every square with the game's own line; twelve make
// positions of their own. Neither moved the held-out error on real games
// (49,000 of either at 16 empties: 0.01 disc or less at 14-17 empties), but
// twelve cut the solver's nodes: one such position per training game at 18
// empties took FFO #50-#59 from 14.90 G to 10.76 G nodes at one thread
// (endsolve/eval/README.md), so scripts/train-eval runs that stage.
inline constexpr int kDefaultDeviationPlies = 12;

struct SolveStage {
  int empties = 18;          // solve each game's position with this many empties
  int every = 1;             // only training games whose (key >> 8) % every == 0
  // Only held-out games whose (key >> 8) % heldout_every == 0: 1 takes them
  // all (the fit's held-out error is measured on them), more takes a sample,
  // for depths where labelling all 17,500 would take days (the evaluation
  // against Zebra's at 22-30 empties needs exact labels there).
  int heldout_every = 1;
  // 0: the game's own position. K > 0: instead, up to K positions of each
  // training game (held-out games are left alone, so the held-out error
  // stays measured on the same positions) that leave the game
  // `deviation_plies` before `empties` (Deviations). A principal variation
  // labels one line per game; deviations label new lines from the same
  // openings, which is what more samples need.
  int deviations = 0;
  int deviation_plies = kDefaultDeviationPlies;
  int threads = 2;
  std::size_t hash_mib = 16; // per thread
  std::string out;           // the labels file, appended to
};

// Whether the solve stage takes `game`: every, or heldout_every for a
// held-out game.
inline bool TakesGame(const SolveStage& stage, const GameRecord& game) {
  return (game.key >> 8) % static_cast<std::uint64_t>(game.held_out ? stage.heldout_every
                                                                    : stage.every) == 0;
}

// Up to `count` distinct positions with `empties` empties, none the game's
// own, each reached from the game's position `plies` moves earlier: first
// a move other than the game's (when there is one), then moves drawn with
// probability proportional to exp(value / kDeviationTemperature), the
// value the built-in evaluation gives the mover. The draws are seeded by
// the game's key, so every machine makes the same positions.
std::vector<Board> Deviations(const GameRecord& game, int empties, int count, int plies);

// Where a solve stage is, for a progress display (console/): written by the
// stage's workers, read by the display's thread.
struct StageProgress {
  std::atomic<int> solved{0};     // by this call
  std::atomic<int> to_solve{0};   // by this call: the selection less what the file holds
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<std::int64_t> start_ns{0};  // Unix time the workers started; 0 before
  // Where the stage's notes go (the counts, a torn line cut off), so that
  // a display can print them above its line; stderr when unset.
  std::function<void(std::string_view)> message;
  // "1200/6331 solved, 41.2/s, 30.5 M nodes/s, ETA 2m03s".
  std::string Line() const;
};

// Refuses a labels file the solve stage cannot append to as a file: only a
// regular file, or a path where none exists yet, is one (/dev/full would
// swallow every label, and /dev/zero be read without end).
absl::Status CheckLabelsOut(const std::string& path);

// Solves every selected position not yet in `stage.out`, appending each
// label as it is solved, and returns how many this call solved. `progress`
// (when given) follows the work. When `cancel` is raised the workers stop:
// the position each was solving is left for the next run to solve again.
// An `out` that CheckLabelsOut refuses is the error before any work, and a
// write that fails (a full disk) stops every worker at once with its reason.
absl::StatusOr<int> RunSolveStage(const Dataset& dataset, const SolveStage& stage,
                                  StageProgress* progress = nullptr,
                                  const std::atomic<bool>* cancel = nullptr);

// Every position the labels prove, with its exact score for the side to
// move there: the solved position and each position along its PV.
struct LabeledBoard {
  std::uint64_t key;
  Board board;
  int score;
};
std::vector<LabeledBoard> ExpandPv(const ExactLabel& label);

}  // namespace endsolve::train

#endif  // ENDSOLVE_TRAIN_EXACT_LABELS_H_
