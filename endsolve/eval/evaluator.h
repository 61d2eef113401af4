// The pattern evaluation: a guess of the final disc difference of a
// position, for the side to move, from trained pattern weights (weights.h).
//
// Two ways to compute it, one answer:
//  - from scratch: PatternState::FromBoard reads every instance's index off
//    the bitboards square by square (the simple version, kept as the oracle);
//    PatternState::FromDiscs, the search's, plays each disc onto an empty
//    state as a move that flips nothing, visiting only the occupied squares;
//  - incrementally: PatternState::Play moves each index by a fixed multiple
//    of a power of 3 for every square a move fills or flips, which is what a
//    search that makes moves wants. It adds whole rows, one per square, of
//    every instance's power of 3 at that square (0 where the instance does
//    not hold it): a few vector additions, where updating only the instances
//    through each square took a scattered add per instance (over a quarter
//    of the evaluation searches' time: endsolve/bench/results/solver-node-rate.md).
//    A search takes a move back by restoring a copy of the state (192
//    bytes; 96 when it was measured to cost less than repeating the
//    updates in reverse: endsolve/bench/results/solver-node-rate.md,
//    "Taking a move back by copying").
// Either way Evaluator::Evaluate sums one table entry per instance: the
// portable sum and the oracle of the search's, endsolve/eval/fast_evaluate.h (internal,
// like endsolve/board/fast_rules.h), which gathers the entries with AVX2 or AVX-512.
//
// Indices are kept in absolute colours: "side A" is the side to move of the
// position the state was built from, so the indices need no rewrite when
// the turn passes. The state keeps every index twice, read with side A as
// digit 1 and read with side B as digit 1 (the colours swapped), and the
// evaluator one table per phase, as trained, that either reading indexes:
// evaluating either side costs the same. The alternative, the table kept
// twice (once with its colours swapped) and one reading, doubled the bytes
// that the ordering searches read at random, which do not fit the 2 MiB
// L2 (endsolve/bench/results/solver-node-rate.md).
#ifndef ENDSOLVE_EVAL_EVALUATOR_H_
#define ENDSOLVE_EVAL_EVALUATOR_H_

#include <array>
#include <memory>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/board/bitboard.h"
#include "endsolve/eval/patterns.h"
#include "endsolve/eval/weights.h"

namespace endsolve::eval {

// The instances' indices padded to a whole number of 16-lane (256-bit)
// vectors; the two lanes past kNumInstances stay 0.
inline constexpr int kIndexLanes = (kNumInstances + 15) / 16 * 16;

class PatternState {
 public:
  // Every instance's index, read off the board; `player` is side A.
  static PatternState FromBoard(Bitboard player, Bitboard opponent);
  // The same state from the discs: each disc is Played onto an empty state,
  // flipping nothing. Faster than FromBoard (no empty square is looked at,
  // no digit is tested), which stays its oracle.
  static PatternState FromDiscs(Bitboard player, Bitboard opponent);

  // Side A (a_moves) or side B places a disc on `square` and flips `flipped`.
  void Play(int square, Bitboard flipped, bool a_moves);

  // indices()[i] for i < kNumInstances, with side A as digit 1; the lanes
  // after them are 0.
  const std::array<std::uint16_t, kIndexLanes>& indices() const { return indices_; }
  // The same with side B as digit 1: FromBoard(opponent, player).indices().
  const std::array<std::uint16_t, kIndexLanes>& swapped_indices() const { return swapped_; }
  friend bool operator==(const PatternState&, const PatternState&) = default;

 private:
  alignas(64) std::array<std::uint16_t, kIndexLanes> indices_{};
  std::array<std::uint16_t, kIndexLanes> swapped_{};
};

class Evaluator {
 public:
  explicit Evaluator(const Weights& weights);

  // The evaluator of the built-in weights, made on first use.
  static const Evaluator& Default();
  // `given`, or Default() when it is null: the one meaning of a null
  // evaluator in every options struct (SolveOptions, ProveOptions...).
  static const Evaluator& OrDefault(const Evaluator* given) {
    return given != nullptr ? *given : Default();
  }

  // The evaluation a user names (--eval): the built-in one when `path` is
  // empty, else the weights file at `path`, read once per process and kept
  // to its end, since solve options hold a pointer to it. Thread-safe. The
  // error names the file and what is wrong with it (endsolve/eval/weights.h).
  static absl::StatusOr<const Evaluator*> Load(const std::string& path);

  // The evaluation in units of 1/kUnitsPerDisc disc, for side A when
  // a_to_move, else for side B, with the table of `empties`' phase.
  int Evaluate(const PatternState& state, int empties, bool a_to_move) const {
    const std::int16_t* table = PhaseTable(empties);
    int sum = table[0];
    const auto& indices = a_to_move ? state.indices() : state.swapped_indices();
    for (int i = 0; i < kNumInstances; ++i) sum += table[lane_offset_[i] + indices[i]];
    return sum;
  }

  // What the search's vector sum reads (endsolve/eval/fast_evaluate.h): the table of
  // `empties`' phase, its bias at 0, and where each lane's class table
  // starts in it. The lanes past kNumInstances point at the phase's last
  // entry, a 0 kept for them; the allocation has one entry to spare after
  // the last phase, so that a 32-bit read at any entry stays inside it.
  const std::int16_t* PhaseTable(int empties) const {
    return tables_.get() + PhaseOf(empties) * stride_;
  }
  const std::array<std::int32_t, kIndexLanes>& lane_offsets() const { return lane_offset_; }

  // From scratch, for the side to move (player).
  int Evaluate(Bitboard player, Bitboard opponent) const {
    return Evaluate(PatternState::FromBoard(player, opponent), PopCount(~(player | opponent)), true);
  }

  // Units to discs, rounded to the nearest disc and clamped to -64..64.
  static int ToDiscs(int units);

 private:
  struct FreeTables {
    void operator()(std::int16_t* tables) const;
  };
  // Per phase, the bias at 0 then every class's full table: some 17.5 MB,
  // on 2 MiB pages where the kernel has them (evaluator.cc).
  std::unique_ptr<std::int16_t[], FreeTables> tables_;
  int stride_ = 0;
  // Where each lane's class table starts in a phase's table (PhaseTable).
  alignas(64) std::array<std::int32_t, kIndexLanes> lane_offset_{};
};

}  // namespace endsolve::eval

#endif  // ENDSOLVE_EVAL_EVALUATOR_H_
