// The bottom of the tree: alpha-beta without the transposition table from
// kTTMinEmpties - 1 empties down to 5, and unrolled solvers for the last
// four empty squares. Most nodes of an endgame search live here, so each
// function does the least work that keeps the counts and scores exact (see
// the node-counting rules in search.h).

#include <algorithm>

#include "endsolve/board/fast_rules.h"
#include "endsolve/solver/move_order.h"
#include "endsolve/solver/search.h"
#include "endsolve/solver/stability.h"

namespace endsolve::search {
namespace {

// The score of a finished game where the side to move owns `player_count`
// discs and `empties` squares stay empty: as FinalScore, from counts.
constexpr int EndScore(int player_count, int empties) {
  const int diff = 2 * player_count + empties - kNumSquares;
  if (diff > 0) return diff + empties;
  if (diff < 0) return diff - empties;
  return 0;
}

}  // namespace

// Last1: the node with one empty square x. When the side to move can play
// there, the score is the disc count after that move, computed from the
// flip count alone; the final board is never built but counts as a leaf.
// Otherwise the opponent may play there after a pass (the pass node and the
// opponent's node are both internal); if neither can, the game ends with x
// empty and this node is the leaf.
int Searcher::Last1(Bitboard player, Bitboard opponent, int x1) {
  int flipped = fast::CountFlips(player, opponent, x1);
  if (flipped != 0) {
    ++counts_.internal;
    ++counts_.leaves;
    return 2 * (PopCount(player) + flipped + 1) - kNumSquares;
  }
  flipped = fast::CountFlips(opponent, player, x1);
  if (flipped != 0) {
    counts_.internal += 2;
    ++counts_.leaves;
    return kNumSquares - 2 * (PopCount(opponent) + flipped + 1);
  }
  ++counts_.leaves;
  return EndScore(PopCount(player), 1);
}

// Last2, Last3, Last4: try the squares in the order given (the caller sorts
// them by parity), recurse on the rest. When the side to move has no move,
// either the game is over (a leaf) or the opponent moves after a pass: this
// node is internal and the same function, called with the sides swapped,
// counts the node after the pass. The pass recursion cannot loop: it happens
// only when the opponent has a move.
int Searcher::Last2(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2) {
  int best = -kInfinity;
  Bitboard flipped = fast::Flips(player, opponent, x1);
  if (flipped != 0) {
    const Board child = fast::Play(player, opponent, x1, flipped);
    best = -Last1(child.player, child.opponent, x2);
    if (best >= beta) {
      ++counts_.internal;
      return best;
    }
  }
  flipped = fast::Flips(player, opponent, x2);
  if (flipped != 0) {
    const Board child = fast::Play(player, opponent, x2, flipped);
    const int score = -Last1(child.player, child.opponent, x1);
    best = std::max(best, score);
  }
  if (best != -kInfinity) {
    ++counts_.internal;
    return best;
  }
  if (fast::Flips(opponent, player, x1) == 0 && fast::Flips(opponent, player, x2) == 0) {
    ++counts_.leaves;
    return EndScore(PopCount(player), 2);
  }
  ++counts_.internal;
  return -Last2(opponent, player, -beta, -alpha, x1, x2);
}

int Searcher::Last3(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2,
                    int x3) {
  int best = -kInfinity;
  const int squares[3] = {x1, x2, x3};
  for (int i = 0; i < 3; ++i) {
    const int x = squares[i];
    const Bitboard flipped = fast::Flips(player, opponent, x);
    if (flipped == 0) continue;
    const int a = squares[i == 0 ? 1 : 0];
    const int b = squares[i == 2 ? 1 : 2];
    const Board child = fast::Play(player, opponent, x, flipped);
    const int score = -Last2(child.player, child.opponent, -beta, -std::max(alpha, best), a, b);
    if (score > best) {
      best = score;
      if (best >= beta) break;
    }
  }
  if (best != -kInfinity) {
    ++counts_.internal;
    return best;
  }
  if (fast::Flips(opponent, player, x1) == 0 && fast::Flips(opponent, player, x2) == 0 &&
      fast::Flips(opponent, player, x3) == 0) {
    ++counts_.leaves;
    return EndScore(PopCount(player), 3);
  }
  ++counts_.internal;
  return -Last3(opponent, player, -beta, -alpha, x1, x2, x3);
}

int Searcher::Last4(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2,
                    int x3, int x4) {
  int best = -kInfinity;
  const int squares[4] = {x1, x2, x3, x4};
  for (int i = 0; i < 4; ++i) {
    const int x = squares[i];
    const Bitboard flipped = fast::Flips(player, opponent, x);
    if (flipped == 0) continue;
    int rest[3];
    for (int j = 0, k = 0; j < 4; ++j) {
      if (j != i) rest[k++] = squares[j];
    }
    const Board child = fast::Play(player, opponent, x, flipped);
    const int score = -Last3(child.player, child.opponent, -beta, -std::max(alpha, best),
                             rest[0], rest[1], rest[2]);
    if (score > best) {
      best = score;
      if (best >= beta) break;
    }
  }
  if (best != -kInfinity) {
    ++counts_.internal;
    return best;
  }
  if (fast::Flips(opponent, player, x1) == 0 && fast::Flips(opponent, player, x2) == 0 &&
      fast::Flips(opponent, player, x3) == 0 && fast::Flips(opponent, player, x4) == 0) {
    ++counts_.leaves;
    return EndScore(PopCount(player), 4);
  }
  ++counts_.internal;
  return -Last4(opponent, player, -beta, -alpha, x1, x2, x3, x4);
}

// First the stability cutoff, at 4 empties (kStabilityMinEmpties): a node
// it answers is internal, a pass among them (it visits nothing after the
// pass); should the game be over there, the node is a leaf and returns its
// score. Then it sorts the (at most four) empty squares for the Last solvers (when parity
// is on; otherwise they go in square order): squares in quadrants with an
// odd number of empties first, each group by quadrant so
// that the order stays right after any one square is played (with 2+1+1
// empties per quadrant, the singletons come first; after one of the pair is
// played, the three left are all singletons). Then dispatches on the count.
template <FeatureSet kSet>
int Searcher::SolveLast4(Bitboard player, Bitboard opponent, int alpha, int beta) {
  Bitboard empties = ~(player | opponent);
  const int count = PopCount(empties);
  if (count >= kStabilityMinEmpties) {
    if (int bound; StabilityCutoff<kSet>(player, opponent, alpha, &bound)) {
      if (fast::Moves(player, opponent) == 0 && fast::Moves(opponent, player) == 0) {
        ++counts_.leaves;  // the game is over: a leaf, and its exact score
        return FinalScore(player, opponent);
      }
      ++counts_.internal;  // a move or a pass to make: internal, answered here
      return bound;
    }
  }
  const unsigned parity = ParityOf(empties);
  int squares[4];
  int keys[4];
  for (int i = 0; i < count; ++i) {
    const int x = PopFirstSquare(empties);
    const unsigned quadrant = QuadrantBit(x);
    // Odd quadrants first; within a group, by quadrant, then by square.
    // Without parity, by square alone.
    const int key = orderer_.UsesParity<kSet>()
        ? ((parity & quadrant) ? 0 : 1 << 10) + std::countr_zero(quadrant) * 64 + x
        : x;
    int j = i;
    while (j > 0 && keys[j - 1] > key) {
      keys[j] = keys[j - 1];
      squares[j] = squares[j - 1];
      --j;
    }
    keys[j] = key;
    squares[j] = x;
  }
  switch (count) {
    case 4: return Last4(player, opponent, alpha, beta, squares[0], squares[1], squares[2], squares[3]);
    case 3: return Last3(player, opponent, alpha, beta, squares[0], squares[1], squares[2]);
    case 2: return Last2(player, opponent, alpha, beta, squares[0], squares[1]);
    case 1: return Last1(player, opponent, squares[0]);
    default:
      ++counts_.leaves;
      return FinalScore(player, opponent);
  }
}

// Alpha-beta between the table layer and the last four. Moves are sorted by
// the orderer's shallow key, the opponent's replies (corners three times)
// and parity; with fastest-first off they come in parity order (odd
// quadrants first, corners first and X/C squares last within each). The
// stability cutoff runs first when it can cut at all, then the searcher's
// cache of bounds (endsolve/hashtable/shallow_cache.h), which also records every
// result. `moves` are the legal moves of (player, opponent): a sorting
// parent has them already (ScoredMove::replies), and the other callers
// find them.
template <FeatureSet kSet>
int Searcher::Shallow(Bitboard player, Bitboard opponent, int alpha, int beta, int empties,
                      unsigned parity, Bitboard moves) {
  if (moves == 0) {
    const Bitboard replies = fast::Moves(opponent, player);
    if (replies == 0) {
      ++counts_.leaves;
      return EndScore(PopCount(player), empties);
    }
    ++counts_.internal;
    return -Shallow<kSet>(opponent, player, -beta, -alpha, empties, parity, replies);
  }
  ++counts_.internal;

  if (int bound; StabilityCutoff<kSet>(player, opponent, alpha, &bound)) return bound;

  // A node the cache answers counts as visited, like one the table answers.
  ShallowCache::Slot* slot = nullptr;
  if (shallow_cache_ != nullptr) {
    slot = &shallow_cache_->At(player, opponent);
    if (int known; ShallowCache::Answers(*slot, player, opponent, alpha, beta, &known)) {
      return known;
    }
  }
  // Every result leaves through here.
  auto found = [&](int best) {
    if (slot != nullptr) ShallowCache::Record(*slot, player, opponent, alpha, beta, best);
    return best;
  };

  int best = -kInfinity;
  // The child's value, seen from here, with the window narrowed by `best`.
  auto search_child = [&](int x, Bitboard child_player, Bitboard child_opponent,
                          Bitboard child_moves) {
    const int child_beta = -std::max(alpha, best);
    if (empties == 5) return -SolveLast4<kSet>(child_player, child_opponent, -beta, child_beta);
    return -Shallow<kSet>(child_player, child_opponent, -beta, child_beta, empties - 1,
                          parity ^ QuadrantBit(x), child_moves);
  };

  if (orderer_.SortsShallow<kSet>()) {
    ScoredMove list[kMaxMoves];
    const int count = orderer_.ScoreShallow<kSet>(player, opponent, moves, parity, list);
    for (int i = 0; i < count; ++i) {
      SelectBest(list, i, count);
      const ScoredMove& m = list[i];
      const int score = search_child(m.square, m.player, m.opponent, m.replies);
      if (score > best) {
        best = score;
        if (best >= beta) return found(best);
      }
    }
    return found(best);
  }

  const Bitboard odd = orderer_.UsesParity<kSet>() ? kParityMasks[parity] : ~Bitboard{0};
  const Bitboard groups[2] = {moves & odd, moves & ~odd};
  for (const Bitboard group : groups) {
    for (Bitboard rest : BySquareClass(group)) {
      while (rest != 0) {
        const int x = PopFirstSquare(rest);
        const Board child = fast::Play(player, opponent, x);
        const Bitboard child_moves =
            empties == 5 ? 0 : fast::Moves(child.player, child.opponent);
        const int score = search_child(x, child.player, child.opponent, child_moves);
        if (score > best) {
          best = score;
          if (best >= beta) return found(best);
        }
      }
    }
  }
  return found(best);
}

// The search.cc layers call both copies (feature_set.h).
template int Searcher::SolveLast4<FeatureSet::kDefaults>(Bitboard, Bitboard, int, int);
template int Searcher::SolveLast4<FeatureSet::kChosen>(Bitboard, Bitboard, int, int);
template int Searcher::Shallow<FeatureSet::kDefaults>(Bitboard, Bitboard, int, int, int, unsigned,
                                                      Bitboard);
template int Searcher::Shallow<FeatureSet::kChosen>(Bitboard, Bitboard, int, int, int, unsigned,
                                                    Bitboard);

}  // namespace endsolve::search
