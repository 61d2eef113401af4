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

}  // namespace endsolve

#endif  // ENDSOLVE_SOLVER_STABILITY_H_
