#include "tests/study/test_positions.h"

#include <random>
#include <string>

#include "endsolve/positions/position_io.h"
#include "gtest/gtest.h"

namespace endsolve::study::testing {

std::vector<Position> FfoPositions(int count) {
  auto read = ReadPositionFile(std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/fforum-40-59.obf");
  EXPECT_TRUE(read.ok()) << read.status();
  if (!read.ok()) return {};
  std::vector<Position> positions(read->positions.begin(), read->positions.begin() + count);
  return positions;
}

namespace {

// Plays one random game from the start (std::mt19937's raw output is fixed
// by the standard, unlike its distributions), handing every position
// reached to `visit`.
template <typename Visit>
void RandomGame(unsigned seed, Visit visit) {
  std::mt19937 rng(seed);
  Board board = Board::Initial();
  while (!board.IsGameOver()) {
    visit(board);
    Bitboard moves = board.Moves();
    if (moves == 0) {
      board = board.Pass();
      continue;
    }
    int pick = static_cast<int>(rng() % static_cast<unsigned>(PopCount(moves)));
    while (pick-- > 0) moves &= moves - 1;
    board = board.Play(FirstSquare(moves));
  }
}

}  // namespace

std::vector<Board> LatePositions(int games) {
  std::vector<Board> boards;
  for (int game = 0; game < games; ++game) {
    for (const int empties : {12, 9, 7, 5}) {
      bool taken = false;
      RandomGame(static_cast<unsigned>(game + 1), [&](const Board& board) {
        if (!taken && board.EmptyCount() == empties && board.Moves() != 0) {
          boards.push_back(board);
          taken = true;
        }
      });
    }
  }
  return boards;
}

std::vector<Board> PassPositions(int count) {
  std::vector<Board> boards;
  for (unsigned seed = 1; static_cast<int>(boards.size()) < count; ++seed) {
    RandomGame(seed, [&](const Board& board) {
      if (static_cast<int>(boards.size()) < count && board.Moves() == 0) boards.push_back(board);
    });
  }
  return boards;
}

TreeEvents EventsOf(const Board& board, int depth) {
  TreeEvents events;
  if (depth == 0) return events;
  if (board.IsGameOver()) {
    ++events.finished;
    return events;
  }
  Bitboard moves = board.Moves();
  if (moves == 0) {
    ++events.passes;
    const TreeEvents below = EventsOf(board.Pass(), depth - 1);
    events.passes += below.passes;
    events.finished += below.finished;
    return events;
  }
  while (moves) {
    const TreeEvents below = EventsOf(board.Play(PopFirstSquare(moves)), depth - 1);
    events.passes += below.passes;
    events.finished += below.finished;
  }
  return events;
}

}  // namespace endsolve::study::testing
