// One fixed-depth search of the study: negamax or fail-soft alpha-beta,
// switched by the Algorithm's flags at run time, so that every algorithm
// runs the very same code apart from what it studies.
#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <optional>

#include "endsolve/board/fast_rules.h"
#include "endsolve/solver/move_order.h"
#include "endsolve/study/killers.h"
#include "endsolve/study/ordering.h"
#include "endsolve/study/study.h"

namespace endsolve::study {
namespace {

// One more than any value, so that the root's window (-kInfinity,
// kInfinity) is never cut and its value is exact.
constexpr int kInfinity = kNumSquares + 1;

// The ordering key of one move: its tier (table move, then killers, then
// the rest) and, within the tier, its value; higher is tried first.
struct Key {
  int tier;
  std::int64_t value;
  bool operator>(const Key& o) const {
    return tier != o.tier ? tier > o.tier : value > o.value;
  }
};
constexpr int kTTTier = 2;
constexpr int kKillerTier = 1;
constexpr int kRestTier = 0;

Key KeyOf(const OrderedMove& move, const Ordering& ordering) {
  if (move.square == ordering.tt_move) return {kTTTier, 0};
  for (std::size_t slot = 0; slot < ordering.killers.size(); ++slot) {
    // The most recent killer gets the highest key.
    if (ordering.killers[slot] == move.square) return {kKillerTier, -static_cast<std::int64_t>(slot)};
  }
  if (ordering.history != nullptr) {
    return {kRestTier, static_cast<std::int64_t>((*ordering.history)[move.square])};
  }
  if (ordering.fastest_first) {
    return {kRestTier, search::FastestFirstKey(move.child.player, move.child.opponent) +
                           search::SquareKey(move.square)};
  }
  if (ordering.evaluator != nullptr) {
    // The child is seen by the opponent: their worst is our best.
    return {kRestTier, -ordering.evaluator->Evaluate(move.child.player, move.child.opponent)};
  }
  return {kRestTier, 0};
}

}  // namespace

// Generates the children, keys them, and sorts by insertion (a node has a
// few dozen moves at most; insertion sort is stable, which keeps ties in
// square order).
int OrderMoves(Bitboard player, Bitboard opponent, Bitboard moves, const Ordering& ordering,
               std::array<OrderedMove, kMaxMoves>& out) {
  std::array<Key, kMaxMoves> keys;
  int count = 0;
  while (moves) {
    const int square = PopFirstSquare(moves);
    OrderedMove move{square, fast::Play(player, opponent, square)};
    const Key key = KeyOf(move, ordering);
    int i = count++;
    for (; i > 0 && key > keys[i - 1]; --i) {
      keys[i] = keys[i - 1];
      out[i] = out[i - 1];
    }
    keys[i] = key;
    out[i] = move;
  }
  return count;
}

namespace {

class Searcher {
 public:
  Searcher(const Algorithm& algorithm, const SearchSettings& settings, int depth)
      : algorithm_(algorithm),
        evaluator_(&eval::Evaluator::OrDefault(settings.evaluator)),
        leaf_(settings.leaf),
        tt_(algorithm.tt ? settings.tt : nullptr),
        killers_(algorithm.killers, depth + 1) {}

  // The value of `board` searched `depth` plies with a full window, and the
  // move that reaches it.
  int Root(const Board& board, int depth, int* best_move) {
    return Node(board.player, board.opponent, depth, 0, -kInfinity, kInfinity, best_move);
  }

  const NodeCounts& counts() const { return counts_; }

 private:
  // A leaf: the game's exact score when it is over, else the evaluation.
  // The check for a finished game costs two move generations per leaf, the
  // price of "a finished game is scored exactly" at any depth.
  int LeafValue(Bitboard player, Bitboard opponent) const {
    if (fast::Moves(player, opponent) == 0 && fast::Moves(opponent, player) == 0) {
      return FinalScore(player, opponent);
    }
    if (leaf_ == LeafEval::kDiscs) return PopCount(player) - PopCount(opponent);
    return eval::Evaluator::ToDiscs(evaluator_->Evaluate(player, opponent));
  }

  // The value of (player, opponent) searched `depth` plies, fail-soft in
  // (alpha, beta); `ply` is the distance from the root, for the killers.
  // Counts nodes as perft does (endsolve/board/perft.cc): a leaf at depth 0 or at a
  // finished game, an internal node for every other node, a pass included,
  // which uses one ply. A node answered by the table is still a node
  // visited (internal), as in the solver; the probe is not a node.
  // `best_move`, when not null, receives the move of the best value
  // (kPass for a pass, kNoMove at a leaf).
  int Node(Bitboard player, Bitboard opponent, int depth, int ply, int alpha, int beta,
           int* best_move) {
    if (best_move != nullptr) *best_move = kNoMove;
    if (depth == 0) {
      ++counts_.leaves;
      return LeafValue(player, opponent);
    }
    const Bitboard moves = fast::Moves(player, opponent);
    if (moves == 0) {
      if (fast::Moves(opponent, player) == 0) {
        ++counts_.leaves;
        return FinalScore(player, opponent);
      }
      ++counts_.internal;
      if (best_move != nullptr) *best_move = kPass;
      return -Node(opponent, player, depth - 1, ply + 1, -beta, -alpha, nullptr);
    }
    ++counts_.internal;
    const std::uint64_t start = counts_.total();
    const Board board{player, opponent};

    // Only an entry of the same draft is the value of this search: a deeper
    // one holds another (deeper) minimax value of the evaluation, which
    // would make this algorithm disagree with negamax. A board recurs at
    // another draft only through passes, so little is lost.
    Ordering ordering;
    if (tt_ != nullptr) {
      if (TTData entry; tt_->Probe(board, &entry)) {
        if (entry.draft == depth) {
          if (entry.lower >= beta) return entry.lower;
          if (entry.upper <= alpha) return entry.upper;
          if (entry.lower == entry.upper) return entry.lower;
        }
        ordering.tt_move = entry.move;  // a move of any draft still orders
      }
    }
    if (algorithm_.alphabeta) {
      ordering.killers = killers_.At(ply);
      if (algorithm_.history) ordering.history = &history_;
      ordering.fastest_first = algorithm_.fastest_first;
      if (algorithm_.eval_order) ordering.evaluator = evaluator_;
    }
    std::array<OrderedMove, kMaxMoves> list;
    const int count = OrderMoves(player, opponent, moves, ordering, list);

    // Negamax searches every child with the full window, so nothing is cut.
    int best = -kInfinity;
    int best_square = kNoMove;
    int a = alpha;
    for (int i = 0; i < count; ++i) {
      const Board& child = list[i].child;
      const int value = algorithm_.alphabeta
                            ? -Node(child.player, child.opponent, depth - 1, ply + 1, -beta, -a, nullptr)
                            : -Node(child.player, child.opponent, depth - 1, ply + 1, -kInfinity,
                                    kInfinity, nullptr);
      if (value > best) {
        best = value;
        best_square = list[i].square;
        if (value > a) a = value;
        if (algorithm_.alphabeta && a >= beta) {
          killers_.Record(ply, best_square);
          break;
        }
      }
    }
    // Schaeffer credits the move that cut off or raised alpha; a node that
    // failed low has no best move worth the credit.
    if (algorithm_.history && best > alpha) history_.Credit(best_square, depth);
    if (tt_ != nullptr) Store(board, depth, best, alpha, beta, best_square, start);
    if (best_move != nullptr) *best_move = best_square;
    return best;
  }

  // Records the fail-soft result `best` of a search in (alpha, beta) at
  // `depth`: a lower bound when it cut off, an upper bound when it failed
  // low, exact between. Values are discs in [-64, 64], the table's 8-bit
  // bounds; the draft is the plies searched below.
  void Store(const Board& board, int depth, int best, int alpha, int beta, int best_square,
             std::uint64_t start) {
    TTData data;
    if (best > alpha) data.lower = static_cast<std::int8_t>(best);
    if (best < beta) data.upper = static_cast<std::int8_t>(best);
    data.move = static_cast<std::uint8_t>(best > alpha ? best_square : kNoMove);
    data.draft = static_cast<std::uint8_t>(depth);
    tt_->Store(board, data, counts_.total() - start + 1);
  }

  const Algorithm& algorithm_;
  const eval::Evaluator* evaluator_;
  LeafEval leaf_;
  TranspositionTable* tt_;
  KillerTable killers_;
  HistoryTable history_;
  NodeCounts counts_;
};

}  // namespace

SearchOutcome Search(const Board& board, int depth, const Algorithm& algorithm,
                     const SearchSettings& settings) {
  assert(depth >= 1 && depth <= kMaxStudyDepth);
  assert(!algorithm.tt || settings.tt != nullptr);
  if (algorithm.tt) settings.tt->Clear();
  SearchOutcome outcome;
  Searcher searcher(algorithm, settings, depth);
  const auto start = std::chrono::steady_clock::now();
  outcome.value = searcher.Root(board, depth, &outcome.best_move);
  outcome.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  outcome.nodes = searcher.counts();
  return outcome;
}

}  // namespace endsolve::study
