// The move orderer (solver/move_order.h): the children it makes, the keys
// of the table layer and of the table-less one, what it learns from the
// search and what a split's copy of it carries; and which copy of the search
// a solve's features run (solver/feature_set.h).
#include "endsolve/solver/move_order.h"

#include <algorithm>
#include <bit>
#include <random>
#include <vector>

#include "endsolve/board/board.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/solver/eval_order.h"
#include "endsolve/solver/feature_set.h"
#include "endsolve/solver/features.h"
#include "tests/solver/oracle.h"
#include "gtest/gtest.h"

namespace endsolve::search {
namespace {

// An alpha below every score: the ordering searches take the full window.
constexpr int kFullWindow = -kNumSquares;

using testing::RandomPosition;

// Features with only the terms a test names: no evaluation, no table move.
SearchFeatures Bare() {
  SearchFeatures features;
  features.eval = false;
  features.selective = false;
  features.presearch = false;
  return features;
}

// The moves of a scored list, in the order SelectBest hands them out.
std::vector<int> Order(ScoredMove* list, int count) {
  std::vector<int> squares;
  for (int i = 0; i < count; ++i) {
    SelectBest(list, i, count);
    squares.push_back(list[i].square);
  }
  return squares;
}

// Every legal move once, with the child the rules make (board/'s Play),
// from the table layer's scorer and from the table-less one.
TEST(MoveOrdererTest, ScoresEveryMoveOnceWithItsChild) {
  std::mt19937_64 rng(7);
  MoveOrderer orderer(SearchFeatures{}, &eval::Evaluator::Default(), nullptr);
  for (int i = 0; i < 200; ++i) {
    const Board board = RandomPosition(rng, 10 + i % 20);
    const Bitboard moves = board.Moves();
    if (moves == 0) continue;
    ScoredMove list[kMaxMoves], shallow[kMaxMoves];
    const int count = orderer.Score(board.player, board.opponent, moves, kNoMove, 0, kFullWindow, list);
    const int shallow_count =
        orderer.ScoreShallow(board.player, board.opponent, moves, ParityOf(board.Empties()), shallow);
    ASSERT_EQ(count, PopCount(moves));
    ASSERT_EQ(shallow_count, count);
    Bitboard seen = 0;
    for (int k = 0; k < count; ++k) {
      const Board child = board.Play(list[k].square);
      EXPECT_EQ((Board{list[k].player, list[k].opponent}), child);
      EXPECT_EQ((Board{shallow[k].player, shallow[k].opponent}), board.Play(shallow[k].square));
      seen |= SquareBit(list[k].square);
    }
    EXPECT_EQ(seen, moves);
  }
}

// The table's move first whatever its other terms; then every move after
// which the opponent must pass before any that leaves it a reply
// (fastest-first's strongest term).
TEST(MoveOrdererTest, TheTableMoveFirstThenMovesThatLeaveNoReply) {
  std::mt19937_64 rng(8);
  MoveOrderer orderer(Bare(), nullptr, nullptr);
  int orders_with_a_pass = 0;
  for (int i = 0; i < 3000; ++i) {
    const Board board = RandomPosition(rng, 6 + i % 10);
    const Bitboard moves = board.Moves();
    if (PopCount(moves) < 3) continue;
    const int table_move = 63 - std::countl_zero(moves);  // any legal move
    ScoredMove list[kMaxMoves];
    const int count = orderer.Score(board.player, board.opponent, moves, table_move, 0, kFullWindow, list);
    const std::vector<int> order = Order(list, count);
    ASSERT_EQ(order[0], table_move);
    bool replied = false, pass_after_reply = false, any_pass = false;
    for (std::size_t k = 1; k < order.size(); ++k) {
      const bool pass = board.Play(order[k]).Moves() == 0;
      any_pass |= pass;
      pass_after_reply |= pass && replied;
      replied |= !pass;
    }
    EXPECT_FALSE(pass_after_reply) << "position " << i;
    orders_with_a_pass += any_pass && replied;
  }
  EXPECT_GT(orders_with_a_pass, 0);  // the positions did put both kinds in one list
}

// With killers and history off (the defaults) the orderer learns nothing
// and keeps no tables; with killers, the newest refutation of a ply comes
// right after the table's move, and a move credited twice is kept once.
TEST(MoveOrdererTest, KillersAreLearnedOnlyWhenOn) {
  EXPECT_FALSE(MoveOrderer(SearchFeatures{}, nullptr, nullptr).Learns());
  SearchFeatures with_killers = Bare();
  with_killers.killers = 2;
  EXPECT_TRUE(MoveOrderer(with_killers, nullptr, nullptr).Learns());
  SearchFeatures with_history = Bare();
  with_history.history = true;
  EXPECT_TRUE(MoveOrderer(with_history, nullptr, nullptr).Learns());

  const Board start = Board::Initial();
  const Bitboard moves = start.Moves();  // D3 C4 F5 E6: 19, 26, 37, 44
  ASSERT_EQ(PopCount(moves), 4);
  MoveOrderer orderer(with_killers, nullptr, nullptr);
  orderer.Credit(37, /*ply=*/3, /*empties=*/20);
  orderer.Credit(26, 3, 20);
  orderer.Credit(26, 3, 20);  // already the newest: stays in slot 0, once
  ScoredMove list[kMaxMoves];
  int count = orderer.Score(start.player, start.opponent, moves, 44, 3, kFullWindow, list);
  EXPECT_EQ(Order(list, count), (std::vector<int>{44, 26, 37, 19}));
  // Another ply has learned nothing: its order is the static keys' alone,
  // which put no killer between the table move and the rest.
  count = orderer.Score(start.player, start.opponent, moves, kNoMove, 4, kFullWindow, list);
  for (int k = 0; k < count; ++k) EXPECT_LT(list[k].key, kKillerKey - kMaxKillers);

  // A split's copy carries what the owner learned, and learns apart.
  MoveOrderer copy = orderer;
  copy.Credit(19, 3, 20);
  count = copy.Score(start.player, start.opponent, moves, kNoMove, 3, kFullWindow, list);
  EXPECT_EQ(Order(list, count)[0], 19);
  count = orderer.Score(start.player, start.opponent, moves, kNoMove, 3, kFullWindow, list);
  EXPECT_EQ(Order(list, count)[0], 26);
}

// The table-less layer's key: the replies term and the parity bonus only;
// and each child's moves, kept for the child's search.
TEST(MoveOrdererTest, TheShallowKeyIsRepliesAndParity) {
  std::mt19937_64 rng(9);
  MoveOrderer with_parity(SearchFeatures{}, nullptr, nullptr);
  SearchFeatures no_parity_features;
  no_parity_features.parity = false;
  MoveOrderer without_parity(no_parity_features, nullptr, nullptr);
  EXPECT_TRUE(with_parity.UsesParity());
  EXPECT_FALSE(without_parity.UsesParity());
  for (int i = 0; i < 200; ++i) {
    const Board board = RandomPosition(rng, 5 + i % 4);
    const Bitboard moves = board.Moves();
    if (moves == 0) continue;
    const unsigned parity = ParityOf(board.Empties());
    ScoredMove a[kMaxMoves], b[kMaxMoves];
    const int count = with_parity.ScoreShallow(board.player, board.opponent, moves, parity, a);
    without_parity.ScoreShallow(board.player, board.opponent, moves, parity, b);
    for (int k = 0; k < count; ++k) {
      // The child's moves, which the child's search takes from here.
      EXPECT_EQ(a[k].replies, LegalMoves(a[k].player, a[k].opponent));
      const int replies = RepliesKey(a[k].replies);
      EXPECT_EQ(b[k].key, replies);
      EXPECT_EQ(a[k].key, replies + ((parity & QuadrantBit(a[k].square)) ? kParityBonus : 0));
    }
  }
}

// The search's kDefaults copy reads the default features as constants, so
// a solve may run it only when no feature a node reads differs from them:
// the root's strategies may.
TEST(FeatureSetTest, TheDefaultsAndTheRootsStrategiesRunTheDefaultCopy) {
  EXPECT_EQ(FeatureSetFor(SearchFeatures{}), FeatureSet::kDefaults);
  for (const char* spec : {"default", "killers=0", "no-aspiration", "no-presearch",
                           "no-selective", "no-aspiration,no-presearch,no-selective",
                           "no-shallow-cache"}) {
    const auto features = ParseFeatures(spec);
    ASSERT_TRUE(features.ok()) << spec;
    EXPECT_EQ(FeatureSetFor(*features), FeatureSet::kDefaults) << spec;
  }
}

TEST(FeatureSetTest, EveryFeatureANodeReadsRunsTheChosenCopy) {
  for (const char* spec : {"no-tt", "killers", "killers=1", "history", "no-fastest-first",
                           "no-parity", "no-etc", "no-stability", "no-eval",
                           "no-selective,history"}) {
    const auto features = ParseFeatures(spec);
    ASSERT_TRUE(features.ok()) << spec;
    EXPECT_EQ(FeatureSetFor(*features), FeatureSet::kChosen) << spec;
  }
}

// With the default features both copies give every move the same child and
// the same key, in the table layer and in the table-less one.
TEST(FeatureSetTest, BothCopiesScoreTheDefaultsAlike) {
  std::mt19937_64 rng(11);
  MoveOrderer orderer(SearchFeatures{}, &eval::Evaluator::Default(), nullptr);
  EXPECT_EQ(orderer.Learns<FeatureSet::kDefaults>(), orderer.Learns());
  EXPECT_EQ(orderer.SortsShallow<FeatureSet::kDefaults>(), orderer.SortsShallow());
  EXPECT_EQ(orderer.UsesParity<FeatureSet::kDefaults>(), orderer.UsesParity());
  int scored = 0;
  for (int i = 0; i < 200; ++i) {
    const Board board = RandomPosition(rng, 5 + i % 20);
    const Bitboard moves = board.Moves();
    if (moves == 0) continue;
    const int table_move = i % 3 == 0 ? FirstSquare(moves) : kNoMove;
    ScoredMove a[kMaxMoves], b[kMaxMoves];
    const int count = orderer.Score<FeatureSet::kDefaults>(board.player, board.opponent, moves,
                                                           table_move, i % 8, i % 9 - 4, a);
    ASSERT_EQ(orderer.Score<FeatureSet::kChosen>(board.player, board.opponent, moves,
                                                 table_move, i % 8, i % 9 - 4, b),
              count);
    for (int k = 0; k < count; ++k) {
      EXPECT_EQ(a[k].square, b[k].square);
      EXPECT_EQ(a[k].key, b[k].key);
      EXPECT_EQ((Board{a[k].player, a[k].opponent}), (Board{b[k].player, b[k].opponent}));
    }
    const unsigned parity = ParityOf(board.Empties());
    orderer.ScoreShallow<FeatureSet::kDefaults>(board.player, board.opponent, moves, parity, a);
    orderer.ScoreShallow<FeatureSet::kChosen>(board.player, board.opponent, moves, parity, b);
    for (int k = 0; k < count; ++k) EXPECT_EQ(a[k].key, b[k].key);
    ++scored;
  }
  EXPECT_GT(scored, 150);
}

// The evaluation term: Score(..., kNow) adds to each move's key, over the
// keys of Score(..., kDeferred), the weight of its empties times the
// child's value by an evaluation search of its own in the window from
// SortAlpha(alpha) up (the oracle: a separate EvalSearch of the child in
// that window, negated), except to the table's move and the killer, whose
// keys are fixed. AddEvalTerm on the deferred keys ends in the same keys
// after ETC has dropped a move and moved another (what the search does
// between the two). The window matters: with the alphas used here some
// moves fail low and get a bound in place of their full-window value.
TEST(MoveOrdererTest, TheEvaluationTermIsTheChildsSearchAddedOnceLateOrNow) {
  std::mt19937_64 rng(23);
  SearchFeatures features;
  features.killers = 1;
  MoveOrderer orderer(features, &eval::Evaluator::Default(), nullptr);
  EvalSearch oracle(&eval::Evaluator::Default());
  int compared = 0, evaluated = 0, bounded = 0;
  for (int i = 0; i < 60; ++i) {
    const int empties = kEvalOrderMinEmpties + i % 10;  // evaluation depths 0, 2, 3 and 4
    const int alpha = (i % 4) * 6 - 6;                  // -6, 0, 6, 12 discs
    const Board board = RandomPosition(rng, empties);
    const Bitboard moves = board.Moves();
    if (PopCount(moves) < 3) continue;
    const int table_move = FirstSquare(moves);
    const int killer = 63 - std::countl_zero(moves);
    orderer.Credit(killer, 2, empties);
    ScoredMove now[kMaxMoves], later[kMaxMoves];
    const int count = orderer.Score(board.player, board.opponent, moves, table_move, 2, alpha, now);
    ASSERT_EQ(orderer.Score(board.player, board.opponent, moves, table_move, 2, alpha, later,
                            MoveOrderer::EvalTerm::kDeferred),
              count);
    for (int k = 0; k < count; ++k) {
      ASSERT_EQ(later[k].square, now[k].square);
      int term = 0;
      if (now[k].square == table_move) {
        EXPECT_EQ(now[k].key, kTTMoveKey);
      } else if (now[k].square == killer) {
        EXPECT_EQ(now[k].key, kKillerKey);
      } else {
        const int depth = EvalOrderDepth(empties);
        const int value = -oracle.Value(now[k].player, now[k].opponent, depth,
                                        -EvalUnits(kNumSquares + 1), -EvalUnits(SortAlpha(alpha)));
        const int full = -oracle.Value(now[k].player, now[k].opponent, depth,
                                       -EvalUnits(kNumSquares + 1), EvalUnits(kNumSquares + 1));
        term = EvalKeyWeight(empties) * value;
        evaluated += term != 0;
        bounded += value != full;
      }
      EXPECT_EQ(now[k].key, later[k].key + term) << "move " << now[k].square;
    }
    // ETC's way of dropping a move: the last takes its place.
    later[1] = later[count - 1];
    now[1] = now[count - 1];
    orderer.AddEvalTerm(board.player, board.opponent, alpha, later, count - 1);
    for (int k = 0; k < count - 1; ++k) {
      EXPECT_EQ(later[k].key, now[k].key) << "move " << later[k].square;
    }
    ++compared;
  }
  EXPECT_GT(compared, 40);
  EXPECT_GT(evaluated, 100);
  EXPECT_GT(bounded, 10);
}

// A shallower table entry of a child moves it to the front only when it
// refuted the node's window: its upper bound, for the child's side, at most
// -beta. The raised key stays below the killers' (AddEvalTerm would take
// it for one) whatever the other terms add.
TEST(MoveOrdererTest, AShallowRefutationInTheTableComesFirst) {
  const int beta = 5;
  TTData refuted;
  refuted.upper = -beta;
  EXPECT_EQ(TableHintKey(refuted, beta), kTableRefutationKey);
  refuted.upper = -beta - 8;
  EXPECT_EQ(TableHintKey(refuted, beta), kTableRefutationKey);
  TTData missed;  // fell short by one: it did not refute the window
  missed.upper = -beta + 1;
  EXPECT_EQ(TableHintKey(missed, beta), 0);
  TTData failed_low;  // a lower bound alone says nothing of a refutation
  failed_low.lower = beta;
  EXPECT_EQ(TableHintKey(failed_low, beta), 0);
  EXPECT_EQ(TableHintKey(TTData{}, beta), 0);  // no bounds at all

  // Above every key Score gives an ordinary move (kLargestOrdinaryKey is
  // their bound), and still below the killers' when added to one.
  std::mt19937_64 rng(31);
  MoveOrderer orderer(SearchFeatures{}, &eval::Evaluator::Default(), nullptr);
  int scored = 0;
  for (int i = 0; i < 100; ++i) {
    const Board board = RandomPosition(rng, 14 + i % 16);
    const Bitboard moves = board.Moves();
    ScoredMove list[kMaxMoves];
    const int count = orderer.Score(board.player, board.opponent, moves, kNoMove, 0, kFullWindow, list);
    for (int k = 0; k < count; ++k) {
      ASSERT_LE(list[k].key, kLargestOrdinaryKey) << "move " << list[k].square;
      ASSERT_LT(list[k].key + kTableRefutationKey, kKillerKey - kMaxKillers);
      ++scored;
    }
  }
  EXPECT_GT(scored, 500);
}

}  // namespace
}  // namespace endsolve::search
