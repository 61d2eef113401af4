// The node counts follow board/node_counts.h's convention (see solver/search.h):
// checked by hand on tiny positions, and against a plain alpha-beta that
// visits the same tree in the same order and counts every node it visits.
//
// The reference below is written from the ordering rules documented in
// solver/search.h and solver/last_empties.cc, not from their code: with no
// table and fastest-first, killers, history and the stability cutoff off,
// the solver's order is fully determined by the rules
//   - 1-4 empties: the empty squares sorted once, at the first node with at
//     most 4 empties, by (odd quadrant first, quadrant, square) when parity
//     is on, else by square; each child keeps the order of the rest;
//   - 5 .. kTTMinEmpties-1: moves in odd quadrants first (when parity is
//     on), each group as corners, then plain squares, then X and C squares,
//     each by square;
//   - from kTTMinEmpties: principal variation search over the moves
//     listed by square, then selection-sorted (pick the first of the
//     highest keys, swap it into place) on the key "odd quadrant" when
//     parity is on, all keys equal otherwise.
#include <random>
#include <utility>
#include <vector>

#include "endsolve/solver/search.h"
#include "endsolve/solver/solver.h"
#include "endsolve/solver/stability.h"
#include "tests/solver/oracle.h"
#include "gtest/gtest.h"

namespace endsolve {
namespace {

class Reference {
 public:
  explicit Reference(bool parity) : parity_(parity) {}

  int Search(const Board& board, int alpha, int beta) {
    const int empties = board.EmptyCount();
    if (empties <= 4) return Last(board, alpha, beta, SortedEmpties(board));
    if (empties < search::kTTMinEmpties) return Shallow(board, alpha, beta);
    return Pvs(board, alpha, beta);
  }

  NodeCounts counts;

 private:
  static int Quadrant(int sq) { return (Row(sq) >> 2) * 2 + (Column(sq) >> 2); }

  // Whether the quadrant of `sq` holds an odd number of empty squares.
  static bool OddQuadrant(const Board& board, int sq) {
    int count = 0;
    for (int s = 0; s < kNumSquares; ++s) {
      if ((board.Empties() & SquareBit(s)) && Quadrant(s) == Quadrant(sq)) ++count;
    }
    return count % 2 == 1;
  }

  std::vector<int> SortedEmpties(const Board& board) const {
    std::vector<int> squares;
    for (int sq = 0; sq < kNumSquares; ++sq) {
      if (board.Empties() & SquareBit(sq)) squares.push_back(sq);
    }
    if (parity_) {
      std::stable_sort(squares.begin(), squares.end(), [&](int a, int b) {
        const bool odd_a = OddQuadrant(board, a), odd_b = OddQuadrant(board, b);
        if (odd_a != odd_b) return odd_a;
        return Quadrant(a) < Quadrant(b);
      });
    }
    return squares;
  }

  // A move node: 1 internal; a forced pass: 1 internal and the node after
  // it counts itself; a finished game: 1 leaf.
  template <typename Children>
  int Node(const Board& board, int alpha, int beta, Bitboard moves, Children children,
           int (Reference::*self)(const Board&, int, int)) {
    if (moves == 0) {
      if (board.OpponentMoves() == 0) {
        ++counts.leaves;
        return board.FinalScore();
      }
      ++counts.internal;
      return -(this->*self)(board.Pass(), -beta, -alpha);
    }
    ++counts.internal;
    return children();
  }

  int Last(const Board& board, int alpha, int beta, const std::vector<int>& squares) {
    if (board.Moves() == 0) {
      if (board.OpponentMoves() == 0) {
        ++counts.leaves;
        return board.FinalScore();
      }
      ++counts.internal;
      return -Last(board.Pass(), -beta, -alpha, squares);
    }
    ++counts.internal;
    int best = -65;
    for (int sq : squares) {
      if (!(board.Moves() & SquareBit(sq))) continue;
      std::vector<int> rest;
      for (int other : squares) {
        if (other != sq) rest.push_back(other);
      }
      const int score = -Last(board.Play(sq), -beta, -std::max(alpha, best), rest);
      if (score > best) {
        best = score;
        if (best >= beta) break;
      }
    }
    return best;
  }

  std::vector<int> ShallowOrder(const Board& board) const {
    const Bitboard corners = 0x8100000000000081ULL;
    const Bitboard x_and_c = 0x0042000000004200ULL | 0x4281000000008142ULL;
    std::vector<int> order;
    for (int group = 0; group < 2; ++group) {
      for (int cls = 0; cls < 3; ++cls) {
        for (int sq = 0; sq < kNumSquares; ++sq) {
          if (!(board.Moves() & SquareBit(sq))) continue;
          const bool odd = !parity_ || OddQuadrant(board, sq);
          if (odd != (group == 0)) continue;
          const Bitboard bit = SquareBit(sq);
          const int square_class = (bit & corners) ? 0 : (bit & x_and_c) ? 2 : 1;
          if (square_class == cls) order.push_back(sq);
        }
      }
    }
    return order;
  }

  int Shallow(const Board& board, int alpha, int beta) {
    return Node(board, alpha, beta, board.Moves(), [&] {
      int best = -65;
      for (int sq : ShallowOrder(board)) {
        const int score = -Search(board.Play(sq), -beta, -std::max(alpha, best));
        if (score > best) {
          best = score;
          if (best >= beta) break;
        }
      }
      return best;
    }, &Reference::Shallow);
  }

  int Pvs(const Board& board, int alpha, int beta) {
    return Node(board, alpha, beta, board.Moves(), [&] {
      int best = -65;
      int a = alpha;
      bool first = true;
      std::vector<std::pair<int, int>> list;  // (key, square), by square
      for (int sq = 0; sq < kNumSquares; ++sq) {
        if (board.Moves() & SquareBit(sq)) list.push_back({parity_ && OddQuadrant(board, sq), sq});
      }
      for (std::size_t i = 0; i < list.size(); ++i) {
        std::size_t pick = i;
        for (std::size_t j = i + 1; j < list.size(); ++j) {
          if (list[j].first > list[pick].first) pick = j;
        }
        std::swap(list[i], list[pick]);
        const Board child = board.Play(list[i].second);
        int score;
        if (first) {
          score = -Search(child, -beta, -a);
          first = false;
        } else {
          score = -Search(child, -a - 1, -a);
          if (score > a && score < beta) score = -Search(child, -beta, -(score - 1));
        }
        if (score > best) {
          best = score;
          if (best >= beta) break;
          a = std::max(a, best);
        }
      }
      return best;
    }, &Reference::Pvs);
  }

  bool parity_;
};

SearchFeatures PlainFeatures(bool parity) {
  SearchFeatures features;
  features.tt_move = false;
  features.killers = 0;
  features.history = false;
  features.fastest_first = false;
  features.parity = parity;
  features.etc = false;
  features.stability = false;
  features.shallow_cache = false;
  return features;
}

TEST(NodeCountTest, SearcherCountsLikeAPlainAlphaBetaWithTheSameOrder) {
  std::mt19937_64 rng(606);
  for (int empties = 1; empties <= search::kTTMinEmpties + 1; ++empties) {
    for (int i = 0; i < 40; ++i) {
      const Board board = testing::RandomPosition(rng, empties);
      const bool parity = i % 2 == 0;
      // Windows: full, null windows around and off the score, narrow.
      const int exact = testing::OracleScore(board);
      const int windows[][2] = {{-65, 65}, {exact - 1, exact}, {exact, exact + 1},
                                {exact - 3, exact + 3}, {exact + 4, exact + 5}};
      for (const auto& window : windows) {
        search::Searcher searcher(nullptr, PlainFeatures(parity), {});
        Reference reference(parity);
        const int got = searcher.Search(board, window[0], window[1], 0);
        const int want = reference.Search(board, window[0], window[1]);
        ASSERT_EQ(got, want) << empties << " empties, position " << i;
        ASSERT_EQ(searcher.counts().leaves, reference.counts.leaves)
            << empties << " empties, position " << i << ", window " << window[0];
        ASSERT_EQ(searcher.counts().internal, reference.counts.internal)
            << empties << " empties, position " << i << ", window " << window[0];
      }
    }
  }
}

// The stability cutoff at the entry of the last four (kStabilityMinEmpties):
// a node of 4 empties whose window lies at or above the cap of the
// opponent's stable discs is answered at once, one internal node (a pass
// node too) returning a true upper bound, or, where the game is over, one
// leaf with the exact score; just below the cap it is searched.
TEST(NodeCountTest, TheStabilityCutoffAnswersFourEmptiesWithOneNode) {
  static_assert(search::kStabilityMinEmpties == 4);
  std::mt19937_64 rng(4404);
  int passes = 0;
  for (int i = 0; i < 300; ++i) {
    const Board board = testing::RandomPosition(rng, 4);
    const int exact = testing::OracleScore(board);
    const int cap = kNumSquares - 2 * PopCount(StableDiscs(board.opponent, board.player));
    ASSERT_LE(exact, cap) << "position " << i;
    search::Searcher searcher(nullptr, SearchFeatures{}, {});
    const int got = searcher.Search(board, cap, cap + 1, 0);
    if (board.IsGameOver()) {
      EXPECT_EQ(got, exact) << "position " << i;
      EXPECT_EQ(searcher.counts().leaves, 1u) << "position " << i;
      EXPECT_EQ(searcher.counts().internal, 0u) << "position " << i;
      continue;
    }
    if (board.Moves() == 0) ++passes;
    EXPECT_LE(got, cap) << "position " << i;
    EXPECT_GE(got, exact) << "position " << i;
    EXPECT_EQ(searcher.counts().internal, 1u) << "position " << i;
    EXPECT_EQ(searcher.counts().leaves, 0u) << "position " << i;
    // Below the cap the node is searched: a fail-soft answer on the right
    // side of the window, through its children.
    if (cap - 2 < -search::kInfinity) continue;
    search::Searcher below(nullptr, SearchFeatures{}, {});
    const int searched = below.Search(board, cap - 2, cap - 1, 0);
    EXPECT_EQ(searched >= cap - 1, exact >= cap - 1) << "position " << i;
    EXPECT_GT(below.counts().internal + below.counts().leaves, 1u) << "position " << i;
  }
  EXPECT_GT(passes, 0) << "no pass node among the positions: pick another seed";
  // A finished game by hand: black owns every disc, four corners empty.
  const Bitboard corners = SquareBit(0) | SquareBit(7) | SquareBit(56) | SquareBit(63);
  const Board over{~corners, 0};
  search::Searcher searcher(nullptr, SearchFeatures{}, {});
  EXPECT_EQ(searcher.Search(over, 64, 65, 0), 64);
  EXPECT_EQ(searcher.counts().leaves, 1u);
  EXPECT_EQ(searcher.counts().internal, 0u);
}

// Solve's own counts on hand-made one-empty positions (the principal
// variation's nodes are reported apart and left out here).
NodeCounts SearchNodes(const Board& board, int expected_score) {
  SolveOptions options;
  options.table.size_mib = 1;
  options.features.aspiration = false;  // one root search, not several passes
  options.features.selective = false;
  const SolveResult result = Solve(board, options).value();
  EXPECT_EQ(result.score, expected_score);
  NodeCounts counts;
  counts.leaves = result.nodes.leaves - result.pv_nodes.leaves;
  counts.internal = result.nodes.internal - result.pv_nodes.internal;
  return counts;
}

TEST(NodeCountTest, LastEmptySquareByHand) {
  // H8 is the only empty square. White owns B8..G8; black owns A8 and rows
  // 1-7. Black at H8 brackets B8..G8 against A8.
  const Bitboard h8 = SquareBit(63);
  const Bitboard row8 = 0xFF00000000000000ULL;
  const Bitboard white = row8 & ~h8 & ~SquareBit(56);
  const Bitboard black = ~row8 | SquareBit(56);
  {
    // Black to move plays H8 and owns the full board: the root is internal,
    // the final board a leaf.
    const NodeCounts c = SearchNodes(Board{black, white}, 64);
    EXPECT_EQ(c.internal, 1u);
    EXPECT_EQ(c.leaves, 1u);
  }
  {
    // White to move has no disc beyond black's along any line through H8,
    // so white passes and black plays: two internal nodes, one leaf.
    const NodeCounts c = SearchNodes(Board{white, black}, -64);
    EXPECT_EQ(c.internal, 2u);
    EXPECT_EQ(c.leaves, 1u);
  }
  {
    // Black owns only B1, off every line through H8; white owns the rest.
    // Neither side can play H8: the root is a leaf. 1 - 62 = -61, and the
    // empty square goes to the winner: -62.
    const Bitboard lone_black = SquareBit(1);
    const Bitboard all_white = ~(lone_black | h8);
    const NodeCounts c = SearchNodes(Board{lone_black, all_white}, -62);
    EXPECT_EQ(c.internal, 0u);
    EXPECT_EQ(c.leaves, 1u);
  }
}

}  // namespace
}  // namespace endsolve
