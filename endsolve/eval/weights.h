// The evaluation's weights: one set per phase, and the file they live in.
//
// A phase is a band of kPhaseWidth empties (phase = empties / kPhaseWidth);
// each holds a bias and, for every pattern class, one integer weight per
// free index of the class (patterns.h: indices that a self-symmetry of the
// pattern maps onto each other share a weight). Weights are in units of
// 1/kUnitsPerDisc disc, for the side to move ("side A" of patterns.h).
//
// The file format (little-endian), version 1:
//   bytes 0-7    magic "ESEVALW\n"
//   u32          version (1)
//   u32          phases
//   u32          empties per phase
//   u32          units per disc
//   u32          pattern classes
//   per class:   u32 squares, u32 free weights
//   payload:     per phase, an i16 bias then every class's weights, as i16
//   u64          FNV-1a 64 of every byte before it
// A reader checks every field against this build's patterns, the length,
// then the checksum, and names the first thing that is wrong.
#ifndef ENDSOLVE_EVAL_WEIGHTS_H_
#define ENDSOLVE_EVAL_WEIGHTS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace endsolve::eval {

inline constexpr int kPhaseWidth = 2;
inline constexpr int kNumPhases = 64 / kPhaseWidth + 1;  // every empties count 0..64
// Weights are 16-bit; 1/64 disc resolves the ordering of close moves, and
// ±512 discs is far beyond any one pattern's worth.
inline constexpr int kUnitsPerDisc = 64;
inline constexpr std::uint32_t kWeightsVersion = 1;

constexpr int PhaseOf(int empties) { return empties / kPhaseWidth; }

class Weights {
 public:
  // All zero.
  Weights();

  // The free weights of one phase: bias first, then class by class.
  static int PhaseSize();
  // Where class c's weights start within a phase.
  static int ClassOffset(int c);

  std::int16_t* Phase(int phase) { return data_.data() + phase * PhaseSize(); }
  const std::int16_t* Phase(int phase) const { return data_.data() + phase * PhaseSize(); }

  // The file image, checksum included.
  std::string Serialize() const;
  // The size of every file image of this build: the header, the weights
  // and the checksum.
  static std::size_t FileBytes();

  friend bool operator==(const Weights&, const Weights&) = default;

 private:
  std::vector<std::int16_t> data_;
};

// Parses a file image; `name` is used in errors ("NAME: expected ..., found ...").
absl::StatusOr<Weights> ParseWeights(std::string_view bytes, std::string_view name);
// Reads `path` (a file, a pipe, /dev/stdin) and parses it. What is not a
// weights file of this build is refused at the first field of the header
// that says so; at most FileBytes() + 1 bytes are read, so that an endless
// input (/dev/zero, /dev/urandom, a pipe) is an error, not unbounded memory.
absl::StatusOr<Weights> ReadWeightsFile(const std::string& path);
absl::Status WriteWeightsFile(const std::string& path, const Weights& weights);

// The weights built into the binary (endsolve/eval/data/, made by scripts/train-eval).
const Weights& DefaultWeights();

}  // namespace endsolve::eval

#endif  // ENDSOLVE_EVAL_WEIGHTS_H_
