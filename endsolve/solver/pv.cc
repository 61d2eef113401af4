#include "endsolve/solver/pv.h"

#include "absl/strings/str_format.h"
#include "endsolve/board/position.h"

namespace endsolve::search {
namespace {

const char* GoalName(PvGoal goal) {
  switch (goal) {
    case PvGoal::kAtLeast: return "at least";
    case PvGoal::kAtMost: return "at most";
    default: return "exactly";
  }
}

}  // namespace

absl::Status WalkPv(Board board, int score, PvGoal goal, Searcher& searcher,
                    std::vector<int>* pv) {
  for (int ply = 1;; ++ply) {
    const Bitboard moves = board.Moves();
    if (moves == 0) {
      if (board.OpponentMoves() == 0) return absl::OkStatus();
      pv->push_back(kPass);
      board = board.Pass();
      score = -score;
      goal = Flip(goal);
      continue;
    }
    ScoredMove list[kMaxMoves];
    const int count =
        searcher.orderer().Score(board.player, board.opponent, moves, searcher.TableMove(board),
                                 ply, score - 1, list);
    int chosen = -1;
    for (int i = 0; i < count && chosen < 0; ++i) {
      SelectBest(list, i, count);
      const Board child{list[i].player, list[i].opponent};
      switch (goal) {
        case PvGoal::kExact:
          if (-searcher.Search(child, -score - 1, -score + 1, ply) == score) chosen = i;
          break;
        case PvGoal::kAtLeast:
          if (-searcher.NullWindow(child, -score, ply) >= score) chosen = i;
          break;
        case PvGoal::kAtMost:
          chosen = i;
          break;
      }
      if (searcher.stopped()) return absl::CancelledError("principal variation: the search stopped");
    }
    if (chosen < 0) {
      Position here;
      here.board = board;
      return absl::InternalError(absl::StrFormat(
          "principal variation: after %d moves, no move of %s X (the side to move as X) "
          "keeps the score %s %+d: the score proven for it was not its own",
          pv->size(), here.BoardString(), GoalName(goal), score));
    }
    pv->push_back(list[chosen].square);
    board = Board{list[chosen].player, list[chosen].opponent};
    score = -score;
    goal = Flip(goal);
  }
}

}  // namespace endsolve::search
