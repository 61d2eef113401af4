// The exact analysis of a played game (`endsolve analyse`): from a number of
// empties to the end, every position where the side to move had a choice,
// each legal move's exact score, and the move played against the best: a
// mistake loses discs. The scores come from the cache (score_cache.h) when
// an earlier analysis solved the position, in any orientation; else from an
// all-moves solve, then added to it.
#ifndef ENDSOLVE_ANALYSIS_GAME_ANALYSIS_H_
#define ENDSOLVE_ANALYSIS_GAME_ANALYSIS_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/analysis/score_cache.h"
#include "endsolve/board/position.h"
#include "endsolve/solver/solver.h"

namespace endsolve::analysis {

// A game as played: where it started and every move, passes included.
struct Game {
  std::string id;      // "FILE game N" or the transcript
  std::string black, white;  // the players' names, when the input has them
  Board start = Board::Initial();
  Color start_to_move = Color::kBlack;
  std::vector<int> moves;  // squares and kPass
};

// The games an argument names: a move transcript from the initial position
// ("f5d6c3..."), or every game of a GGF (.ggf) or WTHOR (.wtb) file, those
// numbered within `games` (inclusive; nullopt: all). A bad game of a file
// is an error naming the file and the game.
absl::StatusOr<std::vector<Game>> ReadGames(const std::string& argument,
                                            std::optional<std::pair<int, int>> games);

// One position of the game where the side to move chose among moves.
struct MoveAnalysis {
  int ply = 0;                      // the moves played before it, passes included
  Position position;                // the board and the side to move
  std::vector<MoveScore> scores;    // every legal move's exact score, best first
  int played = kNoMove;             // the move the game played
  int played_score = 0;             // its exact score, for the side to move
  bool cached = false;              // the scores came from the cache
  int best_score() const { return scores.front().score; }
  // Discs the move played gave away against the best: 0 when it was a best move.
  int loss() const { return best_score() - played_score; }
};

struct GameAnalysis {
  const Game* game = nullptr;
  int from_empties = 0;
  std::vector<MoveAnalysis> moves;  // in the game's order
  NodeCounts nodes;                 // of the solves (none for what the cache had)
};

// Analyses `game` from `from_empties` empties to its end. `options` are the
// solves' (threads, table, evaluator); all_moves is set here. `cache` may
// be null (nothing kept). Fails on a solve's error or a cache write's.
absl::StatusOr<GameAnalysis> AnalyseGame(const Game& game, int from_empties,
                                         const SolveOptions& options, ScoreCache* cache);

}  // namespace endsolve::analysis

#endif  // ENDSOLVE_ANALYSIS_GAME_ANALYSIS_H_
