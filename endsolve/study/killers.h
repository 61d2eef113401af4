// The move-ordering memories of the study's searches, as types of their own
// so that tests can check them apart from a search: the killer moves of
// each ply (Akl & Newborn 1977) and the history credits of each square
// (Schaeffer 1989).
#ifndef ENDSOLVE_STUDY_KILLERS_H_
#define ENDSOLVE_STUDY_KILLERS_H_

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "endsolve/board/bitboard.h"
#include "endsolve/study/study.h"

namespace endsolve::study {

// Per ply, up to `slots` distinct squares that recently refuted a sibling
// (cut off), the most recent first. A sibling's refutation is often the
// refutation here too, and trying it early costs nothing when it is not
// legal.
class KillerTable {
 public:
  // `plies`: the deepest ply that will record, plus one.
  KillerTable(int slots, int plies) : slots_(slots), plies_(plies) {
    assert(slots >= 0 && slots <= kMaxStudyKillers);
  }

  // Puts `square` at the front of `ply`'s slots: a square already there
  // moves up (so the slots stay distinct), a new one pushes the others back
  // and the oldest drops off when the slots are full.
  void Record(int ply, int square) {
    if (slots_ == 0) return;
    Ply& p = plies_[ply];
    const auto first = p.squares.begin();
    auto found = std::find(first, first + p.count, static_cast<std::uint8_t>(square));
    if (found == first + p.count) {
      if (p.count < slots_) ++p.count;
      found = first + p.count - 1;
    }
    std::copy_backward(first, found, found + 1);
    *first = static_cast<std::uint8_t>(square);
  }

  // The killers of `ply`, most recent first.
  std::span<const std::uint8_t> At(int ply) const {
    const Ply& p = plies_[ply];
    return {p.squares.data(), static_cast<std::size_t>(p.count)};
  }

  int slots() const { return slots_; }

 private:
  struct Ply {
    std::array<std::uint8_t, kMaxStudyKillers> squares{};
    int count = 0;
  };
  int slots_;
  std::vector<Ply> plies_;
};

// Schaeffer's history heuristic: a square that was the best move of a
// searched node earns 2^depth, depth being the plies searched below it, so a
// refutation found deep in the tree, which saved a big subtree, outweighs
// many found near the leaves. Moves are then tried in order of credit.
class HistoryTable {
 public:
  // Credits `square` with 2^depth, saturating: a credit beyond 2^62 (a
  // depth no search reaches) stays the largest.
  void Credit(int square, int depth) {
    constexpr int kLargestShift = 62;
    const std::uint64_t gain = std::uint64_t{1} << std::min(depth, kLargestShift);
    std::uint64_t& credit = credits_[square];
    credit = credit > kSaturated - gain ? kSaturated : credit + gain;
  }

  std::uint64_t operator[](int square) const { return credits_[square]; }

 private:
  static constexpr std::uint64_t kSaturated = std::numeric_limits<std::int64_t>::max();
  std::array<std::uint64_t, kNumSquares> credits_{};
};

}  // namespace endsolve::study

#endif  // ENDSOLVE_STUDY_KILLERS_H_
