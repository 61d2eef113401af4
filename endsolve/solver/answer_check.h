// Checking a solve against a position's known answers (the `MOVE:score`
// list of an .obf line, or a WTHOR game's theoretical score), written once
// for every caller: `endsolve solve` and `bench`, the batch records, and the
// FFO tests.
#ifndef ENDSOLVE_SOLVER_ANSWER_CHECK_H_
#define ENDSOLVE_SOLVER_ANSWER_CHECK_H_

#include <string>

#include "endsolve/board/position.h"
#include "endsolve/solver/solver.h"

namespace endsolve {

enum class Verdict { kUnknown, kOk, kWrong };

// kUnknown when the input has no answers or the solve stopped. A WLD solve
// is right when the sign of its score matches the best score's. An exact
// solve is right when its score is exact and equals the best score, and its
// move is not one the answers list with a lower score. A move the answers
// do not list is accepted: an input may list only some of the best moves
// (`A5:+0;` where H8 scores +0 too), or give the score without its move (a
// WTHOR game), and a right score proves the move right (the principal
// variation reaches it). FFO files list every move, so there every move is
// checked against its own score. A position with a window (a prove unit)
// may be answered by a bound: right when the best score lies within it
// (a lower bound at most the best score, an upper bound at least); an exact
// score is checked as without a window. With every move's score
// (SolveOptions::all_moves), every move the answers list must have its
// listed score and be legal.
Verdict CheckAnswer(const Position& position, const SolveResult& result, bool wld);

// Why CheckAnswer finds `result` wrong, in words for the user: "score +38,
// the answers say +36"; "A2 is listed at +36, the best is +38"; "score +38
// is a bound, not exact"; with `wld`, "score -1, the answers say +2"; with
// a window, "upper bound +2, the answers say +6"; with every move's score,
// "C7 scores +30, the answers say +36". Empty
// when the verdict is not kWrong.
std::string WrongReason(const Position& position, const SolveResult& result, bool wld);

}  // namespace endsolve

#endif  // ENDSOLVE_SOLVER_ANSWER_CHECK_H_
