// Stable discs: discs that no sequence of moves can ever flip.
//
// The solver uses them for a cutoff: if the opponent owns s stable discs,
// the side to move can finish with at most 64 - 2s, so a search whose window
// lies above that bound may stop at once. The count is a lower bound on the
// true number of stable discs (finding them all is as hard as solving the
// position); what matters is that every disc counted really is stable.
#ifndef ENDSOLVE_SOLVER_STABILITY_H_
#define ENDSOLVE_SOLVER_STABILITY_H_

#include "endsolve/board/bitboard.h"

namespace endsolve {

// A subset of the discs of `player` that can never be flipped, whoever moves
// next: discs on an edge that the edge's own moves cannot flip, and discs
// every one of whose four lines is either full or passes through a stable
// disc of the same colour next to it.
Bitboard StableDiscs(Bitboard player, Bitboard opponent);

// PopCount(StableDiscs(player, opponent)) when that is at least `enough`;
// otherwise some number below `enough`, often found without growing the set
// to its end (an upper bound on the count fell short first). What the
// stability cutoff needs: the exact count where it cuts, and no work where
// it cannot.
int StableDiscCount(Bitboard player, Bitboard opponent, int enough);

// The squares of `filled` whose line in each direction is full (every square
// of that row, column or diagonal is in `filled`); a disc on such a line can
// never be flipped along it.
struct FullLineSet {
  Bitboard rows;        // the square's row is full
  Bitboard columns;     // its column
  Bitboard down_right;  // its A1-H8 direction diagonal (squares 9 apart)
  Bitboard down_left;   // its H1-A8 direction diagonal (squares 7 apart)
};
FullLineSet FullLines(Bitboard filled);

}  // namespace endsolve

#endif  // ENDSOLVE_SOLVER_STABILITY_H_
