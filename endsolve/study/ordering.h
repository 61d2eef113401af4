// How the study's searches order the moves of a node: the table's move
// first, then the killers of the ply, then the rest by the algorithm's key
// (history credit, fastest-first, static evaluation, or none: square
// order). An internal header, so that tests can check the order alone.
#ifndef ENDSOLVE_STUDY_ORDERING_H_
#define ENDSOLVE_STUDY_ORDERING_H_

#include <array>
#include <cstdint>
#include <span>

#include "endsolve/board/bitboard.h"
#include "endsolve/board/board.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/study/killers.h"

namespace endsolve::study {

struct OrderedMove {
  int square;
  Board child;  // the position after the move, from the opponent's view
};

// What orders a node's moves; everything off means square order (A1 first).
struct Ordering {
  int tt_move = kNoMove;                  // the table's move, tried first
  std::span<const std::uint8_t> killers;  // the ply's killers, most recent first
  const HistoryTable* history = nullptr;  // the rest by credit
  bool fastest_first = false;             // the rest by the solver's fastest-first key
  const eval::Evaluator* evaluator = nullptr;  // the rest by the child's static evaluation
};

// Fills `out` with the legal `moves` of (player, opponent), best first, and
// returns how many there are. Ties keep square order, so the order is the
// same on every machine.
int OrderMoves(Bitboard player, Bitboard opponent, Bitboard moves, const Ordering& ordering,
               std::array<OrderedMove, kMaxMoves>& out);

}  // namespace endsolve::study

#endif  // ENDSOLVE_STUDY_ORDERING_H_
