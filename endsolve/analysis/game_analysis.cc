#include "endsolve/analysis/game_analysis.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "endsolve/positions/ggf.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/positions/wthor.h"

namespace endsolve::analysis {
namespace {

// The moves of a WTHOR record, whose passes are not written, already checked
// legal by its reader, with the passes put back by the move rule of GGF and
// NBoard (PlayGgfMove).
absl::StatusOr<std::vector<int>> WithPasses(const std::vector<int>& squares) {
  GgfGame game;
  game.start = Board::Initial();
  Position end = game.End();
  for (int square : squares) {
    if (absl::Status played = PlayGgfMove(game, end, SquareName(square), std::nullopt);
        !played.ok()) {
      return played;
    }
  }
  return std::move(game.moves);
}

bool Selected(int number, std::optional<std::pair<int, int>> games) {
  return !games || (number >= games->first && number <= games->second);
}

}  // namespace

absl::StatusOr<std::vector<Game>> ReadGames(const std::string& argument,
                                            std::optional<std::pair<int, int>> games) {
  std::vector<Game> out;
  if (IsGgfFileName(argument)) {
    absl::StatusOr<GgfFile> file = ReadGgfFile(argument);
    if (!file.ok()) return file.status();
    if (!file->errors.empty()) return file->errors.front();
    for (const GgfGame& g : file->games) {
      if (!Selected(g.number, games)) continue;
      out.push_back({absl::StrCat(argument, " game ", g.number), g.black, g.white, g.start,
                     g.start_to_move, g.moves});
    }
    return out;
  }
  if (IsWthorFileName(argument)) {
    absl::StatusOr<WthorFile> file = ReadWthorFile(argument);
    if (!file.ok()) return file.status();
    for (const absl::Status& error : file->errors) {
      // A bad game outside the games asked for does not matter.
      const int number = WthorErrorGame(std::string(error.message()), argument);
      if (number == 0 || Selected(number, games)) return error;
    }
    for (const WthorGame& g : file->games) {
      if (!Selected(g.number, games)) continue;
      Game game;
      game.id = absl::StrCat(argument, " game ", g.number);
      absl::StatusOr<std::vector<int>> moves = WithPasses(g.moves);
      if (!moves.ok()) return moves.status();
      game.moves = *std::move(moves);
      out.push_back(std::move(game));
    }
    return out;
  }
  // A transcript (its first two characters a square): its reader checks
  // every move.
  const std::size_t first = argument.find_first_not_of(" \t");
  if (first == std::string::npos || !ParseSquare(std::string_view(argument).substr(first, 2))) {
    return absl::InvalidArgumentError(absl::StrCat(
        argument, ": expected a game: a move transcript such as f5d6c3, a .ggf or a .wtb file"));
  }
  absl::StatusOr<std::vector<int>> moves = ParseTranscriptMoves(argument, "");
  if (!moves.ok()) return moves.status();
  Game game;
  game.id = argument;
  game.moves = *std::move(moves);
  out.push_back(std::move(game));
  return out;
}

absl::StatusOr<GameAnalysis> AnalyseGame(const Game& game, int from_empties,
                                         const SolveOptions& options, ScoreCache* cache) {
  GameAnalysis analysis;
  analysis.game = &game;
  analysis.from_empties = from_empties;
  SolveOptions all = options;
  all.all_moves = true;
  Position position;
  position.board = game.start;
  position.to_move = game.start_to_move;
  for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
    const int move = game.moves[ply];
    const Board board = position.board;
    if (move != kPass && board.EmptyCount() <= from_empties) {
      MoveAnalysis m;
      m.ply = static_cast<int>(ply);
      m.position = position;
      m.position.file = game.id;
      m.position.line = m.ply;
      m.position.label = absl::StrCat("ply ", ply);
      m.played = move;
      std::optional<std::vector<MoveScore>> scores = cache ? cache->Find(board) : std::nullopt;
      if (scores) {
        m.cached = true;
        m.scores = *std::move(scores);
      } else {
        absl::StatusOr<SolveResult> solved = Solve(board, all);
        if (!solved.ok()) return solved.status();
        analysis.nodes += solved->nodes;
        m.scores = solved->move_scores;
        if (cache != nullptr) {
          if (absl::Status added = cache->Add(m.position, *solved, options.threads); !added.ok()) {
            return added;
          }
        }
      }
      const auto played = std::find_if(m.scores.begin(), m.scores.end(),
                                       [move](const MoveScore& s) { return s.square == move; });
      if (played == m.scores.end()) {
        return absl::InternalError(absl::StrCat(game.id, ": ply ", ply, ": the move played, ",
                                                SquareName(move), ", has no score"));
      }
      m.played_score = played->score;
      analysis.moves.push_back(std::move(m));
    }
    position.board = move == kPass ? board.Pass() : board.Play(move);
    position.to_move = Opposite(position.to_move);
  }
  return analysis;
}

}  // namespace endsolve::analysis
