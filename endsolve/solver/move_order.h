// Move ordering, in one place: the keys by which the search sorts the moves
// of a node, best first, and the MoveOrderer that computes them and owns
// everything they need (the killer and history tables, the evaluation
// search). Alpha-beta visits the fewest nodes when a move that cuts off
// comes first, and the cheapest such move when it has the smallest subtree;
// every term here is a cheap guess at that.
//
// The key of the table layer (MoveOrderer::Score) is built from switchable
// terms; the table-less layer (MoveOrderer::ScoreShallow) uses only the
// replies and parity terms:
//   TT move       the table's best move: always first
//   killers       recent refutations at the same ply, right after it
//   fastest-first minus the opponent's replies after the move, corners
//                 counted three times; minus the opponent's potential
//                 mobility; plus our discs made stable by a corner
//   parity        a move into a quadrant with an odd number of empties keeps
//                 the last move of that region for the side to move
//   history       Schaeffer's credits of the square
//   eval          from kEvalOrderMinEmpties up (search.h): the value of the
//                 move by a shallow evaluation search (eval_order.h), a
//                 disc worth a quarter of a reply (half from 18 empties)
// The fastest-first and parity weights were tuned together on node counts
// (endsolve/bench/results/solver-ordering.md): in units of 2^18, a reply costs 4 (a corner reply
// 12), a square of potential mobility 2, a stable disc at a corner is worth
// 1, odd parity 2.
#ifndef ENDSOLVE_SOLVER_MOVE_ORDER_H_
#define ENDSOLVE_SOLVER_MOVE_ORDER_H_

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

#include "endsolve/board/bitboard.h"
#include "endsolve/board/fast_rules.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/solver/eval_order.h"
#include "endsolve/solver/feature_set.h"
#include "endsolve/solver/features.h"
#include "endsolve/solver/settings.h"

namespace endsolve::search {

// One candidate move with the position it leads to, seen from the opponent
// (who moves next there), and its ordering key.
struct ScoredMove {
  Bitboard player;    // the child's side to move: our opponent, flips removed
  Bitboard opponent;  // our discs, flips and the new disc added
  // The child's legal moves, where the key needed them anyway
  // (ScoreShallow): the child then need not find them again.
  Bitboard replies;
  int square;
  int key;
};

// AddEvalTerm's answer where it searched no move.
inline constexpr int kNoEvalValue = std::numeric_limits<int>::min();

// --- Key weights (see the top of the file; the tunable ones in settings.h) ---
inline constexpr int kTTMoveKey = 1 << 30;
inline constexpr int kKillerKey = 1 << 29;  // minus the killer's slot
// Weighted replies count up to about 33 + 8: 41 * 2^20 < 2^26, so every
// fastest-first key stays far below the killers.
static_assert(41 * kMobilityWeight < (1 << 26));
// An opponent left without a move passes: the best we can hope for in
// fastest-first terms, worth more than any reply count.
inline constexpr int kOpponentPassesBonus = 42 * kMobilityWeight;

// Quadrants: A1-D4, E1-H4, A5-D8, E5-H8. Bit q of a parity word is set when
// quadrant q holds an odd number of empty squares.
inline constexpr std::array<Bitboard, 4> kQuadrants = {
    0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL, 0x0F0F0F0F00000000ULL,
    0xF0F0F0F000000000ULL};

constexpr unsigned QuadrantBit(int square) {
  return 1u << ((Row(square) >> 2) * 2 + (Column(square) >> 2));
}

constexpr unsigned ParityOf(Bitboard empties) {
  unsigned parity = 0;
  for (int q = 0; q < 4; ++q) parity |= static_cast<unsigned>(PopCount(empties & kQuadrants[q]) & 1) << q;
  return parity;
}

// The squares of the quadrants whose bit is set in `parity`.
inline constexpr std::array<Bitboard, 16> kParityMasks = [] {
  std::array<Bitboard, 16> masks{};
  for (unsigned parity = 0; parity < 16; ++parity) {
    for (int q = 0; q < 4; ++q) {
      if (parity >> q & 1) masks[parity] |= kQuadrants[q];
    }
  }
  return masks;
}();

// Our discs that are stable thanks to a corner: the corners we own and the
// edge squares next to them (C squares) that we own too. A cheap proxy for
// stability, which takes lines away from the opponent for good.
inline int CornerStability(Bitboard own) {
  const Bitboard corners = own & kCorners;
  const Bitboard beside = ((corners & 0x0100000000000001ULL) << 1) |
                          ((corners & 0x8000000000000080ULL) >> 1) |
                          ((corners & 0x0000000000000081ULL) << 8) |
                          ((corners & 0x8100000000000000ULL) >> 8);
  return PopCount(corners | (beside & own));
}

// The fastest-first term: minus the opponent's replies (corners three
// times), minus the opponent's potential mobility (the empty squares next
// to our discs), plus our corner stability.
inline int FastestFirstKey(Bitboard child_player, Bitboard child_opponent) {
  const Bitboard replies = fast::Moves(child_player, child_opponent);
  if (replies == 0) return kOpponentPassesBonus;
  const int weighted = PopCount(replies) + 2 * PopCount(replies & kCorners);
  const int potential =
      fast::PotentialMobility(child_opponent, ~(child_player | child_opponent));
  return -weighted * kMobilityWeight - potential * kPotentialMobilityWeight +
         CornerStability(child_opponent) * kCornerStabilityWeight;
}

// The replies term alone, for the table-less layer: there the subtrees are
// small, and potential mobility and corner stability cost more time than
// the nodes they save (endsolve/bench/results/solver-ordering.md).
inline int RepliesKey(Bitboard replies) {
  if (replies == 0) return kOpponentPassesBonus;
  return -(PopCount(replies) + 2 * PopCount(replies & kCorners)) * kMobilityWeight;
}

// A static preference for the square itself: corners are good, X and C
// squares next to an empty corner are usually bad.
constexpr int SquareKey(int square) {
  const Bitboard bit = SquareBit(square);
  if (bit & kCorners) return kCornerBonus;
  if (bit & (kXSquares | kCSquares)) return -kXCSquarePenalty;
  return 0;
}

// Moves the highest-key move of moves[first..count) to position `first`
// (one step of a selection sort: most nodes cut off after one or two moves,
// so sorting everything up front would be wasted work).
inline void SelectBest(ScoredMove* moves, int first, int count) {
  int best = first;
  for (int i = first + 1; i < count; ++i) {
    if (moves[i].key > moves[best].key) best = i;
  }
  if (best != first) std::swap(moves[first], moves[best]);
}

// --- Ordering by evaluation (eval_order.h) ---
//
// From kEvalOrderMinEmpties a node orders its moves by an evaluation search
// of each child, 2, 3 and 4 plies deep from kEvalDepth2MinEmpties,
// kEvalDepth3MinEmpties and kEvalDepth4MinEmpties (settings.h), else by its
// static value: high in the tree a first move that fails to cut costs
// most, and the deeper search finds the cutting move more often.
constexpr int EvalOrderDepth(int empties) {
  return empties >= kEvalDepth4MinEmpties   ? 4
         : empties >= kEvalDepth3MinEmpties ? 3
         : empties >= kEvalDepth2MinEmpties ? 2
                                            : 0;
}
// The ordering searches' window (Edax's idea, its SORT_ALPHA_DELTA): the
// node needs its children's values exactly only near its alpha. A move more
// than kSortAlphaDelta discs below it will not cut and is searched late
// whatever its exact value, so each child's search takes the window
// (alpha - kSortAlphaDelta, +inf) from the node's side and a bad move fails
// low fast with a fail-soft bound (still a fair key).
constexpr int SortAlpha(int alpha) { return std::max(alpha - kSortAlphaDelta, -kNumSquares - 1); }
// The weight of an evaluation unit (1/64 disc) in the ordering key:
// kEvalKeyWeight, so a disc (2^18) weighs a quarter of an opponent reply
// (2^20); from kDeepEvalKeyMinEmpties, where the ordering searches at least
// one ply, kDeepEvalKeyWeight: a searched value is a better guess than a
// static one.
constexpr int EvalKeyWeight(int empties) {
  return empties >= kDeepEvalKeyMinEmpties ? kDeepEvalKeyWeight : kEvalKeyWeight;
}
// A child's table entry too shallow for ETC (search.cc), most often one a
// selective pass left, still tells how the child fared: one whose upper
// bound, for its side, is at most -beta refuted this node's window then
// and almost always does again. Its key rises by kTableRefutationKey
// (settings.h), above every ordinary key, below the killers. The hint is
// part of ETC: `--ordering no-etc` turns both off.
// The largest key Score can give a move that is neither the table's nor a
// killer: every positive term at its most.
inline constexpr int kLargestOrdinaryKey = kOpponentPassesBonus + 4 * kCornerStabilityWeight +
                                           kParityBonus + 64 * kHistoryWeight + kCornerBonus +
                                           kDeepEvalKeyWeight * EvalUnits(kNumSquares + 1);
static_assert(kTableRefutationKey > kLargestOrdinaryKey, "the hint must outrank every ordinary key");
constexpr int TableHintKey(const TTData& child, int beta) {
  return child.upper <= -beta ? kTableRefutationKey : 0;
}

// Plies from the root: 60 moves and as many passes cannot all happen, but
// the bound is cheap.
inline constexpr int kMaxPly = 128;

// The killer and history tables: move-ordering memory that each searcher's
// orderer keeps for itself.
struct Heuristics {
  // killers[ply][i]: the i-th most recent refutation at that ply.
  std::array<std::array<std::uint8_t, kMaxKillers>, kMaxPly> killers;
  // history[ply & 1][square]: Schaeffer's credits, 2^(empties - 2) per
  // best move, kept apart for the two sides (plies of one parity).
  std::array<std::array<std::uint64_t, kNumSquares>, 2> history{};

  Heuristics() {
    for (auto& ply : killers) ply.fill(kNoMove);
  }
};

// The one owner of move ordering, as Stockfish's MovePicker and Edax's
// move.c are: each Searcher has one, and a split seeds its helpers' with a
// copy of its own. It makes the children (fast::Play), scores them for the
// table layer and for the table-less one, learns from the search's best
// moves (killers and history, when switched on), and runs the evaluation
// searches (the ordering's and ProbCut's). The search keeps the table
// probe, the cutoffs, the move loop, the split and the counts. The next
// move is taken by SelectBest.
class MoveOrderer {
 public:
  // `evaluator` may be null when features.eval is off (and no selective
  // pass runs); `tt` (may be null) only to prefetch the children's buckets.
  MoveOrderer(const SearchFeatures& features, const eval::Evaluator* evaluator,
              TranspositionTable* tt);

  // Whether the orderer learns from the search (killers or history on):
  // only then does the search credit its best moves, and a split copy the
  // orderer for its helpers. Off by default, and then nothing of it runs:
  // in the kDefaults copy of the search (feature_set.h) not even the test.
  template <FeatureSet kSet = FeatureSet::kChosen>
  bool Learns() const {
    if constexpr (kSet == FeatureSet::kDefaults) {
      return kDefaultFeatures.killers > 0 || kDefaultFeatures.history;
    } else {
      return heuristics_.has_value();
    }
  }

  // Fills `list` with the moves in `moves` of (player, opponent) at `ply`,
  // their children and their table-layer keys; returns how many. `tt_move`
  // is the table's move or kNoMove. kSet: the features it reads
  // (feature_set.h); kChosen, the orderer's own, is always right, and the
  // search passes kDefaults when they are the defaults.
  //
  // `alpha` is the node's alpha: the evaluation term's searches need exact
  // values only from SortAlpha(alpha) up.
  //
  // The evaluation term, the dearest by far (a search of up to 4 plies per
  // child), may be left out (`eval_term` kDeferred) and added by
  // AddEvalTerm() once the node knows it needs it: a null-window node first
  // probes its children's table entries (ETC), and when one refutes the
  // node its evaluation searches would be wasted.
  enum class EvalTerm { kNow, kDeferred };
  template <FeatureSet kSet = FeatureSet::kChosen>
  int Score(Bitboard player, Bitboard opponent, Bitboard moves, int tt_move, int ply, int alpha,
            ScoredMove* list, EvalTerm eval_term = EvalTerm::kNow);

  // Adds the evaluation term that Score(..., kDeferred) left out to the
  // keys of list[0..count), the moves of (player, opponent) as Score made
  // them (ETC may have dropped some and reordered the rest), with the same
  // `alpha`. The keys end as Score(..., kNow) would have made them: the
  // same search of each child, and none for the table's move and the
  // killers, whose keys are fixed. Returns the highest value it gave a move
  // (evaluation units; a value below the searches' window is a fail-low
  // bound, itself below the window), kNoEvalValue where it searched none:
  // the parallel search reads from it which nodes will fail low
  // (SplitPolicy::Predict).
  template <FeatureSet kSet = FeatureSet::kChosen>
  int AddEvalTerm(Bitboard player, Bitboard opponent, int alpha, ScoredMove* list, int count);

  // Whether the table-less layer sorts its moves (ScoreShallow) or takes
  // them in parity order; and whether parity counts at all (the last four).
  template <FeatureSet kSet = FeatureSet::kChosen>
  bool SortsShallow() const {
    return Features<kSet>(features_).fastest_first;
  }
  template <FeatureSet kSet = FeatureSet::kChosen>
  bool UsesParity() const {
    return Features<kSet>(features_).parity;
  }

  // The table-less layer's keys: the opponent's replies and parity, which
  // pay in small subtrees where the rest costs more than it saves.
  template <FeatureSet kSet = FeatureSet::kChosen>
  int ScoreShallow(Bitboard player, Bitboard opponent, Bitboard moves, unsigned parity,
                   ScoredMove* list) const;

  // The value of (player, opponent) by the evaluation search, `depth` plies
  // in (alpha, beta), in evaluation units: what ProbCut decides by.
  int Evaluate(Bitboard player, Bitboard opponent, int depth, int alpha, int beta) {
    return eval_search_.Value(player, opponent, depth, alpha, beta);
  }

  // Records `square` as the best move (or refutation) found at `ply` with
  // `empties` empty squares: the newest killer of the ply, and Schaeffer's
  // history credit. Only when Learns().
  void Credit(int square, int ply, int empties);

 private:
  SearchFeatures features_;
  TranspositionTable* tt_;
  // Built only when killers or history are on: 5 KiB, which each helper
  // task would otherwise fill for nothing.
  std::optional<Heuristics> heuristics_;
  EvalSearch eval_search_;
};

// Inline: the table-less layer calls it at most of its nodes.
template <FeatureSet kSet>
inline int MoveOrderer::ScoreShallow(Bitboard player, Bitboard opponent, Bitboard moves,
                                     unsigned parity, ScoredMove* list) const {
  int count = 0;
  while (moves != 0) {
    const int x = PopFirstSquare(moves);
    const Board child = fast::Play(player, opponent, x);
    ScoredMove& m = list[count++];
    m.player = child.player;
    m.opponent = child.opponent;
    m.square = x;
    m.replies = fast::Moves(m.player, m.opponent);
    m.key = RepliesKey(m.replies);
    if (UsesParity<kSet>() && (parity & QuadrantBit(x))) m.key += kParityBonus;
  }
  return count;
}

}  // namespace endsolve::search

#endif  // ENDSOLVE_SOLVER_MOVE_ORDER_H_
