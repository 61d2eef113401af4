// A position drawn for people: an SVG picture of the board with its
// coordinates, the side to move, the legal moves and, when given, a line of
// play numbered on the squares it fills (`endsolve show --svg`, and the
// Python Board's and SolveResult's pictures in a notebook).
#ifndef ENDSOLVE_PICTURE_BOARD_SVG_H_
#define ENDSOLVE_PICTURE_BOARD_SVG_H_

#include <string>
#include <vector>

#include "endsolve/board/position.h"

namespace endsolve {

struct BoardPicture {
  Position position;          // the discs and the side to move
  std::vector<int> line;      // a legal line from the position (kPass for passes), as a pv
  std::string caption;        // under the board, e.g. "#40: A2 +38"; may be empty
};

// The picture as a standalone SVG document: the board with A-H above and
// 1-8 at the left (A1 top left, as in the .obf board string), black and
// white discs (classes "disc black" and "disc white", one circle a disc),
// each legal move of the side to move as a small dot (class "legal"), the
// line's moves as numbered markers in the colour of the side that plays
// them (class "line"; passes take no number and change the side), the side
// to move (or "game over" with the final score) and the caption below.
std::string BoardSvg(const BoardPicture& picture);

}  // namespace endsolve

#endif  // ENDSOLVE_PICTURE_BOARD_SVG_H_
