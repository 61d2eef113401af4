#include "tests/solver/oracle.h"

#include <algorithm>

#include "gtest/gtest.h"

namespace endsolve::testing {

int OracleSearch(const Board& board, int alpha, int beta) {
  Bitboard moves = LegalMoves(board.player, board.opponent);
  if (moves == 0) {
    if (LegalMoves(board.opponent, board.player) == 0) return board.FinalScore();
    return -OracleSearch(board.Pass(), -beta, -alpha);
  }
  int best = -65;
  while (moves != 0) {
    const int square = PopFirstSquare(moves);
    const Bitboard flipped = Flips(board.player, board.opponent, square);
    const int score = -OracleSearch(board.PlayFlips(square, flipped), -beta, -std::max(alpha, best));
    if (score > best) {
      best = score;
      if (best >= beta) break;
    }
  }
  return best;
}

Board RandomPosition(std::mt19937_64& rng, int empties) {
  for (;;) {
    Board board = Board::Initial();
    while (board.EmptyCount() > empties) {
      Bitboard moves = board.Moves();
      if (moves == 0) {
        if (board.OpponentMoves() == 0) break;  // game over too early
        board = board.Pass();
        continue;
      }
      int pick = static_cast<int>(rng() % static_cast<std::uint64_t>(PopCount(moves)));
      int square = PopFirstSquare(moves);
      while (pick-- > 0) square = PopFirstSquare(moves);
      board = board.Play(square);
    }
    if (board.EmptyCount() == empties && !board.IsGameOver()) return board;
  }
}

int PlayOut(const Board& start, const std::vector<int>& pv) {
  Board board = start;
  int sign = 1;
  for (std::size_t i = 0; i < pv.size(); ++i) {
    const int move = pv[i];
    const Bitboard moves = board.Moves();
    if (move == kPass) {
      if (moves != 0 || board.OpponentMoves() == 0) {
        ADD_FAILURE() << "pv[" << i << "] is a pass that is not forced";
        return 999;
      }
      board = board.Pass();
    } else {
      if (move < 0 || move >= kNumSquares || (moves & SquareBit(move)) == 0) {
        ADD_FAILURE() << "pv[" << i << "] = " << move << " is illegal";
        return 999;
      }
      board = board.Play(move);
    }
    sign = -sign;
  }
  if (!board.IsGameOver()) {
    ADD_FAILURE() << "pv of " << pv.size() << " moves stops before the end of the game";
    return 999;
  }
  return sign * board.FinalScore();
}

}  // namespace endsolve::testing
