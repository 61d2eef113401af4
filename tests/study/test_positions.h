// Positions for the study's tests: a few FFO ones, and late positions of
// random games, among them positions where a side must pass.
#ifndef ENDSOLVE_TESTS_STUDY_TEST_POSITIONS_H_
#define ENDSOLVE_TESTS_STUDY_TEST_POSITIONS_H_

#include <vector>

#include "endsolve/board/board.h"
#include "endsolve/board/position.h"

namespace endsolve::study::testing {

// FFO #40 to #40 + count - 1, from ffo/fforum-40-59.obf.
std::vector<Position> FfoPositions(int count);

// Positions from seeded random games (the same on every machine), taken at
// 12, 9, 7 and 5 empties: within a few plies of them, passes and finished
// games are common.
std::vector<Board> LatePositions(int games);

// Positions of seeded random games where the side to move must pass and
// the opponent can move.
std::vector<Board> PassPositions(int count);

// The pass nodes and the finished games before the last ply in the tree of
// `board` to `depth` plies, walked with the portable rules: what a test
// needs to show that its positions exercise both.
struct TreeEvents {
  int passes = 0;
  int finished = 0;
};
TreeEvents EventsOf(const Board& board, int depth);

}  // namespace endsolve::study::testing

#endif  // ENDSOLVE_TESTS_STUDY_TEST_POSITIONS_H_
