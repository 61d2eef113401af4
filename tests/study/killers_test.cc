// The killer table and the move order (study/killers.h, study/ordering.h):
// the order in which a killer and the table's move are tried.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "endsolve/study/killers.h"
#include "endsolve/study/ordering.h"
#include "gtest/gtest.h"

namespace endsolve::study {
namespace {

// The initial position's moves, in square order: D3, C4, F5, E6.
constexpr int kD3 = 19, kC4 = 26, kF5 = 37, kE6 = 44;

std::vector<int> Order(const Ordering& ordering) {
  const Board board = Board::Initial();
  std::array<OrderedMove, kMaxMoves> list;
  const int count = OrderMoves(board.player, board.opponent, board.Moves(), ordering, list);
  std::vector<int> squares;
  for (int i = 0; i < count; ++i) {
    squares.push_back(list[i].square);
    EXPECT_EQ(list[i].child, board.Play(list[i].square));
  }
  return squares;
}

std::vector<int> Slots(const KillerTable& killers, int ply) {
  const auto slots = killers.At(ply);
  return {slots.begin(), slots.end()};
}

TEST(StudyKillersTest, ANewKillerGoesFirstAndTheOldestDropsOff) {
  KillerTable killers(/*slots=*/2, /*plies=*/3);
  EXPECT_TRUE(killers.At(1).empty());
  killers.Record(1, kD3);
  EXPECT_EQ(Slots(killers, 1), (std::vector<int>{kD3}));
  killers.Record(1, kC4);
  EXPECT_EQ(Slots(killers, 1), (std::vector<int>{kC4, kD3}));
  killers.Record(1, kF5);
  EXPECT_EQ(Slots(killers, 1), (std::vector<int>{kF5, kC4}));
  // A killer already there moves to the front instead of taking a second slot.
  killers.Record(1, kC4);
  EXPECT_EQ(Slots(killers, 1), (std::vector<int>{kC4, kF5}));
  killers.Record(1, kC4);
  EXPECT_EQ(Slots(killers, 1), (std::vector<int>{kC4, kF5}));
  // Plies keep their own.
  EXPECT_TRUE(killers.At(0).empty());
  EXPECT_TRUE(killers.At(2).empty());
}

TEST(StudyKillersTest, NoSlotsRecordNothing) {
  KillerTable killers(/*slots=*/0, /*plies=*/2);
  killers.Record(1, kD3);
  EXPECT_TRUE(killers.At(1).empty());
}

// Against a plain list model, over many random cutoffs at every slot
// count: the slots hold the N most recent distinct cutoff moves, most
// recent first, so they are always distinct.
TEST(StudyKillersTest, TheSlotsAreTheMostRecentDistinctCutoffs) {
  std::mt19937 rng(7);
  for (int slots = 1; slots <= kMaxStudyKillers; ++slots) {
    KillerTable killers(slots, 1);
    std::vector<int> model;
    for (int step = 0; step < 500; ++step) {
      // A few dozen squares, so that repeats are common.
      const int square = static_cast<int>(rng() % 40);
      killers.Record(0, square);
      model.erase(std::remove(model.begin(), model.end(), square), model.end());
      model.insert(model.begin(), square);
      if (static_cast<int>(model.size()) > slots) model.pop_back();
      ASSERT_EQ(Slots(killers, 0), model) << "slots " << slots << ", step " << step;
    }
    std::vector<int> sorted = Slots(killers, 0);
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
    EXPECT_EQ(static_cast<int>(sorted.size()), slots);
  }
}

TEST(StudyOrderingTest, WithoutKeysTheOrderIsTheSquares) {
  EXPECT_EQ(Order({}), (std::vector<int>{kD3, kC4, kF5, kE6}));
}

// A sibling's refutation, recorded at this ply, comes before the other
// moves; the most recent killer first; an illegal killer is skipped.
TEST(StudyOrderingTest, ASiblingsKillerComesBeforeTheOtherMoves) {
  KillerTable killers(/*slots=*/3, /*plies=*/4);
  killers.Record(2, kF5);  // the first sibling at ply 2 was cut off by F5
  Ordering ordering;
  ordering.killers = killers.At(2);
  EXPECT_EQ(Order(ordering), (std::vector<int>{kF5, kD3, kC4, kE6}));
  killers.Record(2, 0);  // A1, not legal here
  killers.Record(2, kE6);
  ordering.killers = killers.At(2);
  EXPECT_EQ(Order(ordering), (std::vector<int>{kE6, kF5, kD3, kC4}));
  // Another ply's killers do not order this one.
  ordering.killers = killers.At(1);
  EXPECT_EQ(Order(ordering), (std::vector<int>{kD3, kC4, kF5, kE6}));
}

TEST(StudyOrderingTest, TheTableMoveComesBeforeTheKillers) {
  KillerTable killers(/*slots=*/2, /*plies=*/1);
  killers.Record(0, kF5);
  killers.Record(0, kE6);
  Ordering ordering;
  ordering.killers = killers.At(0);
  ordering.tt_move = kC4;
  EXPECT_EQ(Order(ordering), (std::vector<int>{kC4, kE6, kF5, kD3}));
  // The table's move also leads when it is a killer.
  ordering.tt_move = kF5;
  EXPECT_EQ(Order(ordering), (std::vector<int>{kF5, kE6, kD3, kC4}));
}

TEST(StudyOrderingTest, HistoryOrdersByCreditAfterTheKillers) {
  HistoryTable history;
  history.Credit(kE6, 3);  // 8
  history.Credit(kD3, 1);  // 2
  history.Credit(kD3, 1);  // 4
  history.Credit(kC4, 0);  // 1
  EXPECT_EQ(history[kE6], 8u);
  EXPECT_EQ(history[kD3], 4u);
  Ordering ordering;
  ordering.history = &history;
  EXPECT_EQ(Order(ordering), (std::vector<int>{kE6, kD3, kC4, kF5}));
  KillerTable killers(/*slots=*/1, /*plies=*/1);
  killers.Record(0, kF5);
  ordering.killers = killers.At(0);
  EXPECT_EQ(Order(ordering), (std::vector<int>{kF5, kE6, kD3, kC4}));
}

TEST(StudyOrderingTest, HistoryCreditsSaturate) {
  HistoryTable history;
  for (int i = 0; i < 4; ++i) history.Credit(kD3, 62);
  history.Credit(kD3, 200);
  EXPECT_EQ(history[kD3], static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
}

}  // namespace
}  // namespace endsolve::study
