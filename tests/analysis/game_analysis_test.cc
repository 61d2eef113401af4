// Tests of the exact analysis of played games (analysis/game_analysis.h,
// analysis/score_cache.h) on real games of the WTHOR sample: every move's
// score equal to an all-moves solve of its position, each move's score the
// negation of the next position's best, the mistakes as the best score less
// the played one; the cache, reopened, finding every position of the same
// game played in another orientation, its moves mapped; the games each
// argument names, and those it cannot.
#include "endsolve/analysis/game_analysis.h"

#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/picture/score_chart.h"
#include "endsolve/positions/wthor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::analysis {
namespace {

using ::testing::HasSubstr;

const std::string kSample = absl::StrCat(ENDSOLVE_SOURCE_DIR, "/tests/positions/wthor/wth2024-sample.wtb");

std::vector<MoveScore> AllMoves(const Board& board) {
  SolveOptions options;
  options.all_moves = true;
  absl::StatusOr<SolveResult> solved = Solve(board, options);
  EXPECT_TRUE(solved.ok()) << solved.status();
  return solved->move_scores;
}

// The sample's game `number` as a move transcript, each move seen through
// `symmetry`.
std::string Transcript(int number, int symmetry) {
  absl::StatusOr<WthorFile> file = ReadWthorFile(kSample);
  EXPECT_TRUE(file.ok()) << file.status();
  std::string text;
  for (int square : file->games.at(static_cast<std::size_t>(number - 1)).moves) {
    text += SquareName(TransformSquare(square, symmetry));
  }
  return text;
}

Game OneGame(const std::string& argument) {
  absl::StatusOr<std::vector<Game>> games = ReadGames(argument, std::nullopt);
  EXPECT_TRUE(games.ok()) << games.status();
  EXPECT_EQ(games->size(), 1u);
  return games->front();
}

std::string TempPath(const std::string& name) {
  const std::string path = (std::filesystem::path(::testing::TempDir()) / name).string();
  std::filesystem::remove(path);
  return path;
}

TEST(GameAnalysisTest, EachMovesScoreIsItsPositionsAllMovesSolveAndTheNextPositionsBest) {
  const Game game = OneGame(Transcript(2, 0));
  const absl::StatusOr<GameAnalysis> a = AnalyseGame(game, 16, SolveOptions{}, nullptr);
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->moves.size(), 16u);
  int lost = 0;
  for (std::size_t i = 0; i < a->moves.size(); ++i) {
    const MoveAnalysis& m = a->moves[i];
    EXPECT_EQ(m.scores, AllMoves(m.position.board)) << "ply " << m.ply;
    EXPECT_FALSE(m.cached);
    EXPECT_EQ(m.loss(), m.best_score() - m.played_score);
    EXPECT_GE(m.loss(), 0);
    lost += m.loss();
    // The move played leads to the next position: its score is that
    // position's best, negated (when the opponent moves next).
    if (i + 1 < a->moves.size() && a->moves[i + 1].ply == m.ply + 1) {
      EXPECT_EQ(m.played_score, -a->moves[i + 1].best_score()) << "ply " << m.ply;
    }
  }
  // The sample's game 2: black gives away 4 discs at ply 48 (D7 for H1) and 2 at ply 50.
  EXPECT_EQ(lost, 6);
  EXPECT_EQ(a->moves[4].ply, 48);
  EXPECT_EQ(a->moves[4].loss(), 4);
}

TEST(GameAnalysisTest, TheCacheFindsEveryPositionOfTheGamePlayedInAnotherOrientation) {
  const std::string path = TempPath("analysis-cache.jsonl");
  const Game game = OneGame(Transcript(1, 0));
  {
    absl::StatusOr<std::unique_ptr<ScoreCache>> cache = ScoreCache::Open(path);
    ASSERT_TRUE(cache.ok()) << cache.status();
    const absl::StatusOr<GameAnalysis> first = AnalyseGame(game, 14, SolveOptions{}, cache->get());
    ASSERT_TRUE(first.ok()) << first.status();
    for (const MoveAnalysis& m : first->moves) EXPECT_FALSE(m.cached);
  }
  // The same game mirrored and transposed: every position an image of one
  // the cache holds, reopened from its file.
  for (int symmetry : {0, 3, 4, 7}) {
    const Game image = OneGame(Transcript(1, symmetry));
    absl::StatusOr<std::unique_ptr<ScoreCache>> cache = ScoreCache::Open(path);
    ASSERT_TRUE(cache.ok()) << cache.status();
    EXPECT_EQ((*cache)->size_at_open(), 14);
    const absl::StatusOr<GameAnalysis> again = AnalyseGame(image, 14, SolveOptions{}, cache->get());
    const absl::StatusOr<GameAnalysis> fresh = AnalyseGame(image, 14, SolveOptions{}, nullptr);
    ASSERT_TRUE(again.ok() && fresh.ok());
    ASSERT_EQ(again->moves.size(), fresh->moves.size());
    for (std::size_t i = 0; i < again->moves.size(); ++i) {
      EXPECT_TRUE(again->moves[i].cached) << "symmetry " << symmetry << ", ply " << again->moves[i].ply;
      EXPECT_EQ(again->moves[i].played_score, fresh->moves[i].played_score);
      EXPECT_EQ(again->moves[i].best_score(), fresh->moves[i].best_score());
      // Equal scores may come in another order; as sets of moves they agree.
      std::vector<MoveScore> a = again->moves[i].scores, b = fresh->moves[i].scores;
      auto by_square = [](const MoveScore& x, const MoveScore& y) { return x.square < y.square; };
      std::sort(a.begin(), a.end(), by_square);
      std::sort(b.begin(), b.end(), by_square);
      EXPECT_EQ(a, b) << "symmetry " << symmetry << ", ply " << again->moves[i].ply;
    }
    EXPECT_EQ(again->nodes.total(), 0u);
  }
}

TEST(GameAnalysisTest, AnArgumentNamesItsGamesOrSaysWhatWasExpected) {
  absl::StatusOr<std::vector<Game>> wthor = ReadGames(kSample, std::make_pair(2, 3));
  ASSERT_TRUE(wthor.ok()) << wthor.status();
  ASSERT_EQ(wthor->size(), 2u);
  EXPECT_EQ(wthor->front().id, absl::StrCat(kSample, " game 2"));
  const Game transcript = OneGame("f5d6c3");
  EXPECT_EQ(transcript.moves, (std::vector<int>{37, 43, 18}));
  const absl::StatusOr<std::vector<Game>> bad = ReadGames("notes.txt", std::nullopt);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "notes.txt: expected a game: a move transcript such as f5d6c3, a .ggf or a .wtb file");
  const absl::StatusOr<std::vector<Game>> illegal = ReadGames("f5f5", std::nullopt);
  ASSERT_FALSE(illegal.ok());
  EXPECT_THAT(illegal.status().message(), HasSubstr("expected a legal move"));
}

TEST(ScoreChartTest, TheChartJoinsThePointsAndMarksTheMistakes) {
  const std::string svg = ScoreChartSvg("game <1> & more", {{16, 2, ""}, {15, -6, "D7 -4"}, {14, -6, ""}});
  EXPECT_THAT(svg, ::testing::StartsWith("<svg "));
  EXPECT_THAT(svg, HasSubstr("game &lt;1&gt; &amp; more"));
  EXPECT_THAT(svg, HasSubstr("class=\"score\""));
  EXPECT_THAT(svg, HasSubstr(">D7 -4</text>"));
  EXPECT_EQ(svg.find("class=\"mistake\""), svg.rfind("class=\"mistake\""));
}

}  // namespace
}  // namespace endsolve::analysis
