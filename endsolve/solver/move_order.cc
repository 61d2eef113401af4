#include "endsolve/solver/move_order.h"

#include <algorithm>
#include <bit>

namespace endsolve::search {

MoveOrderer::MoveOrderer(const SearchFeatures& features, const eval::Evaluator* evaluator,
                         TranspositionTable* tt)
    : features_(features), tt_(tt), eval_search_(evaluator) {
  features_.killers = std::clamp(features_.killers, 0, kMaxKillers);
  if (features_.killers > 0 || features_.history) heuristics_.emplace();
}

// Every key term the features switch on, in the order of move_order.h's
// list. First the children, each bucket prefetched as its child is made,
// for the probes the search (or its ETC, right after this) makes of them;
// then the keys, while the buckets come in. Made and keyed in one loop,
// the last children's probes in ETC waited longer: FFO #53-#54 and #56-#58
// at two threads took 1.007 and 1.011 times the time (paired runs,
// endsolve/bench/results/solver-node-rate.md).
template <FeatureSet kSet>
int MoveOrderer::Score(Bitboard player, Bitboard opponent, Bitboard moves, int tt_move, int ply,
                       int alpha, ScoredMove* list, EvalTerm eval_term) {
  const SearchFeatures& features = Features<kSet>(features_);
  const unsigned parity = ParityOf(~(player | opponent));
  const int empties = PopCount(~(player | opponent));
  const bool prefetch = tt_ != nullptr && empties - 1 >= kTTMinEmpties;
  int count = 0;
  while (moves != 0) {
    const int x = PopFirstSquare(moves);
    const Board child = fast::Play(player, opponent, x);
    ScoredMove& m = list[count++];
    m.player = child.player;
    m.opponent = child.opponent;
    m.square = x;
    if (prefetch) tt_->Prefetch(child);
  }
  for (int i = 0; i < count; ++i) {
    ScoredMove& m = list[i];
    const int x = m.square;
    if (features.tt_move && x == tt_move) {
      m.key = kTTMoveKey;
      continue;
    }
    int killer = 0;
    while (killer < features.killers && heuristics_->killers[ply][killer] != x) ++killer;
    if (killer < features.killers) {
      m.key = kKillerKey - killer;
      continue;
    }
    m.key = 0;
    if (features.fastest_first) m.key += FastestFirstKey(m.player, m.opponent) + SquareKey(x);
    if (features.parity && (parity & QuadrantBit(x))) m.key += kParityBonus;
    if (features.history) {
      m.key += static_cast<int>(std::bit_width(heuristics_->history[ply & 1][x])) * kHistoryWeight;
    }
  }
  if (eval_term == EvalTerm::kNow) AddEvalTerm<kSet>(player, opponent, alpha, list, count);
  return count;
}

template int MoveOrderer::Score<FeatureSet::kDefaults>(Bitboard, Bitboard, Bitboard, int, int,
                                                         int, ScoredMove*, EvalTerm);
template int MoveOrderer::Score<FeatureSet::kChosen>(Bitboard, Bitboard, Bitboard, int, int,
                                                       int, ScoredMove*, EvalTerm);

// The child's flips are the parent's opponent discs that the child gives to
// the mover (the child's `opponent`). Which keys are fixed is told by their
// size: the table's move and the killers sit above kKillerKey - kMaxKillers,
// every sum of the other terms far below (kLargestOrdinaryKey). Score's
// own evaluation term comes from here too, after the cheap terms.
static_assert(kLargestOrdinaryKey + kTableRefutationKey < kKillerKey - kMaxKillers,
              "an ordinary key, even raised by TableHintKey, must stay below the fixed ones");
template <FeatureSet kSet>
int MoveOrderer::AddEvalTerm(Bitboard player, Bitboard opponent, int alpha, ScoredMove* list,
                             int count) {
  const SearchFeatures& features = Features<kSet>(features_);
  const int empties = PopCount(~(player | opponent));
  int highest = kNoEvalValue;
  if (!features.eval || empties < kEvalOrderMinEmpties || count == 0) return highest;
  const int depth = EvalOrderDepth(empties);
  const int eval_weight = EvalKeyWeight(empties);
  const int low = EvalUnits(SortAlpha(alpha));
  eval_search_.Reset(player, opponent);
  for (int i = 0; i < count; ++i) {
    ScoredMove& m = list[i];
    if (m.key >= kKillerKey - kMaxKillers) continue;
    const int value = eval_search_.ChildValue(m.square, opponent & m.opponent, m.player,
                                              m.opponent, depth, low, EvalUnits(kNumSquares + 1));
    highest = std::max(highest, value);
    m.key += eval_weight * value;
  }
  return highest;
}

template int MoveOrderer::AddEvalTerm<FeatureSet::kDefaults>(Bitboard, Bitboard, int,
                                                             ScoredMove*, int);
template int MoveOrderer::AddEvalTerm<FeatureSet::kChosen>(Bitboard, Bitboard, int, ScoredMove*,
                                                           int);

// Killers: the newest refutation goes to slot 0 and the others move down
// one; a move already present moves up to slot 0 instead of appearing twice.
// History: Schaeffer's 2^(depth - 2), depth being the empties searched
// below, saturating rather than wrapping (deep credits are the large ones).
void MoveOrderer::Credit(int square, int ply, int empties) {
  if (!heuristics_.has_value() || square < 0 || square >= kNumSquares) return;
  if (features_.killers > 0 && ply < kMaxPly) {
    auto& slots = heuristics_->killers[ply];
    int i = 0;
    while (i < features_.killers - 1 && slots[i] != square) ++i;
    for (; i > 0; --i) slots[i] = slots[i - 1];
    slots[0] = static_cast<std::uint8_t>(square);
  }
  if (features_.history && empties >= 2) {
    std::uint64_t& credit = heuristics_->history[ply & 1][square];
    const std::uint64_t add = std::uint64_t{1} << std::min(empties - 2, 62);
    credit = credit > ~add ? ~std::uint64_t{0} : credit + add;
  }
}

}  // namespace endsolve::search
