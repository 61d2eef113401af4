// The training pipeline: fitting lowers the held-out error, labels files
// survive a torn write, and a solve stage resumes without redoing work.
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "endsolve/board/board.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/positions/read_file.h"
#include "endsolve/solver/solver.h"
#include "tests/sanitized_share.h"
#include "endsolve/train/dataset.h"
#include "endsolve/train/exact_labels.h"
#include "endsolve/train/fit_stage.h"
#include "endsolve/train/fitter.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::train {
namespace {

using ::testing::HasSubstr;
using ::endsolve::testing::InputsForThisBuild;

// A random game played to `empties` empty squares (fewer if it ends first).
Board RandomPosition(std::mt19937& rng, int empties) {
  Board board = Board::Initial();
  while (board.EmptyCount() > empties) {
    Bitboard moves = board.Moves();
    if (moves == 0) {
      if (board.OpponentMoves() == 0) break;
      board = board.Pass();
      continue;
    }
    int pick = static_cast<int>(rng() % PopCount(moves));
    while (pick-- > 0) moves &= moves - 1;
    board = board.Play(FirstSquare(moves));
  }
  return board;
}

// A small fixture: random positions with 12 and 13 empties (one phase),
// labelled exactly by the solver. The solves share one table: a table per
// solve spent most of the test's time making and clearing tables.
std::vector<Sample> ExactSamples(unsigned seed, int count) {
  std::mt19937 rng(seed);
  std::vector<Sample> samples;
  TTOptions table_options;
  table_options.size_mib = 4;
  absl::StatusOr<std::unique_ptr<TranspositionTable>> table =
      TranspositionTable::Create(table_options);
  EXPECT_TRUE(table.ok()) << table.status();
  SolveOptions options;
  options.tt = table->get();
  while (static_cast<int>(samples.size()) < count) {
    const Board board = RandomPosition(rng, 12 + static_cast<int>(samples.size() % 2));
    if (board.Moves() == 0 || board.EmptyCount() < 12) continue;
    const SolveResult result = Solve(board, options).value();
    samples.push_back(MakeSample(board, static_cast<float>(result.score)));
  }
  return samples;
}

TEST(FitterTest, TrainingLowersTheHeldOutError) {
  const std::vector<Sample> train = ExactSamples(1, InputsForThisBuild(600));
  const std::vector<Sample> holdout = ExactSamples(2, InputsForThisBuild(150));
  FitOptions options;
  options.epochs = 60;
  options.threads = 2;
  const FitResult fit = FitPhase(train, holdout, {}, options);
  // Before training every prediction is 0: the error is the mean |score|.
  double mean_abs = 0;
  for (const Sample& s : holdout) mean_abs += std::abs(s.label);
  EXPECT_NEAR(fit.holdout_mae_before, mean_abs / static_cast<double>(holdout.size()), 1e-3);
  EXPECT_LT(fit.holdout_mae, fit.holdout_mae_before * 0.9);
  EXPECT_LT(fit.train_mae, fit.holdout_mae);
  // Quantized weights predict what the float ones do, to a rounding.
  eval::Weights weights;
  Quantize(fit.weights, 6, &weights);
  EXPECT_EQ(weights.Phase(6)[0], static_cast<std::int16_t>(std::lround(fit.weights[0] * eval::kUnitsPerDisc)));
}

TEST(FitterTest, BootstrapIsExactWhenTheGameEndsWithinTheSearch) {
  // Two plies from the end: the bootstrap value is the exact score.
  std::mt19937 rng(5);
  const eval::Evaluator evaluator{eval::Weights()};
  int checked = 0;
  for (int i = 0; i < 50; ++i) {
    const Board board = RandomPosition(rng, 2);
    if (board.EmptyCount() != 2 || board.Moves() == 0) continue;
    SolveOptions options;
    options.table.size_mib = 1;
    EXPECT_EQ(BootstrapValue(board, evaluator), Solve(board, options).value().score);
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

// A game of moves drawn by `rng` from the initial position down to
// `empties` empty squares, its key drawn too; nullopt when the game ends
// before.
std::optional<GameRecord> RandomGame(std::mt19937& rng, int empties) {
  GameRecord game;
  game.key = rng();
  Board board = Board::Initial();
  game.positions.push_back(board);
  while (board.EmptyCount() > empties) {
    Bitboard moves = board.Moves();
    if (moves == 0) return std::nullopt;
    for (int skip = static_cast<int>(rng() % PopCount(moves)); skip > 0; --skip) moves &= moves - 1;
    board = board.Play(FirstSquare(moves));
    if (board.Moves() == 0 && board.OpponentMoves() != 0) board = board.Pass();
    game.positions.push_back(board);
  }
  if (board.Moves() == 0) return std::nullopt;
  return game;
}

class LabelsFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("endsolve_train_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    if (!HasFailure()) std::filesystem::remove_all(dir_);
  }
  // `count` games of random moves (drawn from `seed`), each with a position
  // at 10 empties, and a stage that solves them into dir_/labels.txt.
  static Dataset TenEmptiesGames(int count, unsigned seed) {
    Dataset dataset;
    std::mt19937 rng(seed);
    while (dataset.games.size() < static_cast<std::size_t>(count)) {
      if (std::optional<GameRecord> game = RandomGame(rng, 10)) dataset.games.push_back(*std::move(game));
    }
    return dataset;
  }
  SolveStage TenEmptiesStage() const {
    SolveStage stage;
    stage.empties = 10;
    stage.threads = 2;
    stage.hash_mib = 1;
    stage.out = (dir_ / "labels.txt").string();
    return stage;
  }
  std::filesystem::path dir_;
};

TEST_F(LabelsFileTest, ASolveStageResumesWithoutRedoingWorkAndRepairsATornLine) {
  const Dataset dataset = TenEmptiesGames(6, 9);
  const SolveStage stage = TenEmptiesStage();
  absl::StatusOr<int> first = RunSolveStage(dataset, stage);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(*first, 6);
  absl::StatusOr<std::vector<ExactLabel>> labels = ReadLabels(stage.out);
  ASSERT_TRUE(labels.ok());
  ASSERT_EQ(labels->size(), 6u);
  // Every label is the solver's score, and its PV walks to the end.
  for (const ExactLabel& label : *labels) {
    SolveOptions options;
    options.table.size_mib = 1;
    EXPECT_EQ(label.score, Solve(label.board, options).value().score);
    const std::vector<LabeledBoard> boards = ExpandPv(label);
    EXPECT_TRUE(boards.back().board.IsGameOver());
    EXPECT_EQ(boards.back().score, boards.back().board.FinalScore());
  }
  // Tear the last line as a crash would; the resumed stage solves only it.
  std::string text;
  {
    std::ifstream in(stage.out);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  {
    std::ofstream out(stage.out, std::ios::trunc);
    out << text.substr(0, text.size() - 7);
  }
  absl::StatusOr<int> second = RunSolveStage(dataset, stage);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(*second, 1);
  absl::StatusOr<std::vector<ExactLabel>> again = ReadLabels(stage.out);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->size(), 6u);
  absl::StatusOr<int> third = RunSolveStage(dataset, stage);
  ASSERT_TRUE(third.ok());
  EXPECT_EQ(*third, 0);
}

TEST_F(LabelsFileTest, ACancelledStageKeepsNothingHalfDoneAndTheProgressCounts) {
  const Dataset dataset = TenEmptiesGames(4, 5);
  const SolveStage stage = TenEmptiesStage();
  // Raised before the start: the workers stop before their first solve.
  const std::atomic<bool> cancel{true};
  StageProgress stopped;
  std::vector<std::string> notes;
  stopped.message = [&notes](std::string_view text) { notes.emplace_back(text); };
  absl::StatusOr<int> none = RunSolveStage(dataset, stage, &stopped, &cancel);
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_EQ(*none, 0);
  EXPECT_EQ(stopped.to_solve.load(), 4);
  EXPECT_EQ(notes, std::vector<std::string>{"solve 10 empties: 4 positions, 0 already solved, 4 to go"});
  absl::StatusOr<std::vector<ExactLabel>> labels = ReadLabels(stage.out);
  ASSERT_TRUE(labels.ok());
  EXPECT_TRUE(labels->empty());
  // The next run does the work, and its progress says so.
  StageProgress progress;
  EXPECT_EQ(progress.Line(), "reading the labels solved so far...");
  absl::StatusOr<int> all = RunSolveStage(dataset, stage, &progress);
  ASSERT_TRUE(all.ok()) << all.status();
  EXPECT_EQ(*all, 4);
  EXPECT_GT(progress.nodes.load(), 0u);
  EXPECT_THAT(progress.Line(), ::testing::StartsWith("4/4 solved, "));
  EXPECT_THAT(progress.Line(), ::testing::HasSubstr("ETA 0"));
}

// The solve stage samples training games by --every and held-out games by
// --heldout-every, which takes them all by default (the fit's held-out
// error is measured on every one).
TEST(SolveStageTest, SamplesTrainingAndHeldOutGamesApart) {
  auto game = [](std::uint64_t stride_key, bool held_out) {
    GameRecord record;
    record.key = stride_key << 8;
    record.held_out = held_out;
    return record;
  };
  SolveStage stage;
  stage.every = 3;
  EXPECT_TRUE(TakesGame(stage, game(6, false)));
  EXPECT_FALSE(TakesGame(stage, game(7, false)));
  EXPECT_TRUE(TakesGame(stage, game(7, true)));  // every held-out game
  stage.heldout_every = 2;
  EXPECT_TRUE(TakesGame(stage, game(8, true)));
  EXPECT_FALSE(TakesGame(stage, game(7, true)));
  EXPECT_FALSE(TakesGame(stage, game(8, false)));  // 8 % 3: training games keep --every
}

TEST(DeviationsTest, LeaveTheGameEarlierAndAreTheSameOnEveryRun) {
  // A game of random moves down to 6 empties.
  std::mt19937 rng(3);
  std::optional<GameRecord> drawn;
  while (!drawn) drawn = RandomGame(rng, 6);
  const GameRecord& game = *drawn;
  const int empties = 20;
  const int plies = 6;
  const std::vector<Board> found = Deviations(game, empties, 3, plies);
  ASSERT_FALSE(found.empty());
  EXPECT_LE(found.size(), 3u);
  const Board& own = game.positions[kNumSquares - 4 - empties];
  const Board& start = game.positions[kNumSquares - 4 - empties - plies];
  for (std::size_t i = 0; i < found.size(); ++i) {
    EXPECT_EQ(found[i].EmptyCount(), empties);
    EXPECT_NE(found[i], own);
    EXPECT_NE(found[i].Moves(), 0u);
    // Every disc of the start position is still on the board.
    EXPECT_EQ((start.player | start.opponent) & ~(found[i].player | found[i].opponent), 0u);
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(found[i], found[j]);
  }
  EXPECT_EQ(Deviations(game, empties, 3, plies), found);
  // Too early in the game for six plies before: nothing.
  EXPECT_TRUE(Deviations(game, 57, 3, plies).empty());
}

// A stage of deviations labels up to K positions per training game, none
// of a held-out game (the held-out error stays measured on the same
// positions), and resumes by game and board.
TEST_F(LabelsFileTest, ADeviationStageLeavesHeldOutGamesAloneAndResumes) {
  Dataset dataset;
  std::mt19937 rng(5);
  while (dataset.games.size() < 4) {
    std::optional<GameRecord> game = RandomGame(rng, 8);
    if (!game) continue;
    game->held_out = dataset.games.empty();  // the first game is held out
    dataset.games.push_back(*std::move(game));
  }
  SolveStage stage;
  stage.empties = 10;
  stage.deviations = 2;
  stage.deviation_plies = 4;
  stage.threads = 2;
  stage.hash_mib = 1;
  stage.out = (dir_ / "deviations.txt").string();
  std::size_t expected = 0;
  for (const GameRecord& game : dataset.games) {
    if (!game.held_out) expected += Deviations(game, 10, 2, 4).size();
  }
  ASSERT_GT(expected, 3u);
  absl::StatusOr<int> first = RunSolveStage(dataset, stage);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(static_cast<std::size_t>(*first), expected);
  absl::StatusOr<std::vector<ExactLabel>> labels = ReadLabels(stage.out);
  ASSERT_TRUE(labels.ok());
  ASSERT_EQ(labels->size(), expected);
  for (const ExactLabel& label : *labels) {
    EXPECT_NE(label.key, dataset.games[0].key);
    EXPECT_EQ(label.board.EmptyCount(), 10);
  }
  absl::StatusOr<int> again = RunSolveStage(dataset, stage);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, 0);
}

TEST_F(LabelsFileTest, AMalformedLineNamesTheFileAndLine) {
  const std::string path = (dir_ / "bad.txt").string();
  {
    std::ofstream out(path);
    out << "0000000000000001 0000000810000000 0000001008000000 0 -\n";
    out << "0000000000000002 zz 0000001008000000 0 -\n";
  }
  absl::StatusOr<std::vector<ExactLabel>> labels = ReadLabels(path);
  ASSERT_FALSE(labels.ok());
  EXPECT_THAT(labels.status().message(), HasSubstr(path + ":2: expected KEY PLAYER OPPONENT SCORE PV"));
}

std::string FileBytes(const std::filesystem::path& path) {
  const absl::StatusOr<std::string> bytes = ReadFileBytes(path.string());
  return bytes.ok() ? *bytes : absl::StrCat("(unreadable: ", bytes.status().message(), ")");
}

// The fit stage on the WTHOR fixture games (real games, some with a
// theoretical score at 24 empties) and their positions at 10 empties solved
// exactly: a few epochs, so that a whole fit of every phase takes moments.
class FitStageTest : public LabelsFileTest {
 protected:
  void SetUp() override {
    LabelsFileTest::SetUp();
    absl::StatusOr<Dataset> games = LoadWthorFolder(ENDSOLVE_WTHOR_FIXTURES);
    ASSERT_TRUE(games.ok()) << games.status();
    dataset_ = *std::move(games);
    SolveStage solve = TenEmptiesStage();
    ASSERT_TRUE(RunSolveStage(dataset_, solve).ok());
    stage_.labels = {solve.out};
    stage_.options.epochs = 3;
    stage_.options.threads = 2;
  }
  FitStage Stage(const std::string& name) const {
    FitStage stage = stage_;
    stage.out = (dir_ / (name + ".bin")).string();
    stage.report = (dir_ / (name + ".md")).string();
    return stage;
  }
  Dataset dataset_;
  FitStage stage_;
};

TEST_F(FitStageTest, AFitStoppedAfterEveryPhaseEndsWithTheSameWeightsAndReport) {
  const FitStage whole = Stage("whole");
  absl::StatusOr<int> all = RunFitStage(dataset_, whole, [](std::string_view) {});
  ASSERT_TRUE(all.ok()) << all.status();
  EXPECT_EQ(*all, eval::kNumPhases);
  const std::string report = FileBytes(whole.report);
  EXPECT_THAT(report, HasSubstr("| 5 | 10-11 | exact + bootstrap |"));
  // The auto choice of late labels was made, and reported.
  EXPECT_THAT(report, HasSubstr("| labels of the 24-empties positions |"));
  EXPECT_FALSE(std::filesystem::exists(whole.out + ".partial.state"));

  // Stopped after each phase: each call fits one, saves it and returns;
  // the next resumes, across the late-label choice at 24 empties too.
  const FitStage stopped = Stage("stopped");
  const std::atomic<bool> cancel{true};
  int calls = 0, fitted = 0;
  std::vector<std::string> notes;
  while (!std::filesystem::exists(stopped.out) && calls < 2 * eval::kNumPhases) {
    absl::StatusOr<int> one = RunFitStage(
        dataset_, stopped, [&notes](std::string_view text) { notes.emplace_back(text); }, &cancel);
    ASSERT_TRUE(one.ok()) << one.status();
    EXPECT_EQ(*one, 1);
    fitted += *one;
    ++calls;
  }
  EXPECT_EQ(calls, eval::kNumPhases);
  EXPECT_EQ(fitted, eval::kNumPhases);
  EXPECT_THAT(notes, ::testing::Contains(HasSubstr("resuming " + stopped.out + ".partial from phase 13")));
  EXPECT_EQ(FileBytes(stopped.out), FileBytes(whole.out));
  EXPECT_EQ(FileBytes(stopped.report), report);
  for (const char* left : {".partial", ".partial.start", ".partial.state"}) {
    EXPECT_FALSE(std::filesystem::exists(stopped.out + left)) << left;
  }
}

TEST_F(FitStageTest, ABrokenSavedStateIsAnErrorNotAFreshStart) {
  const FitStage stage = Stage("broken");
  const std::atomic<bool> cancel{true};
  ASSERT_TRUE(RunFitStage(dataset_, stage, [](std::string_view) {}, &cancel).ok());
  const std::string state = stage.out + ".partial.state";
  ASSERT_TRUE(std::filesystem::exists(state));
  // Another choice of late labels than the saved phases used.
  FitStage played = stage;
  played.late = "played";
  absl::StatusOr<int> mismatch = RunFitStage(dataset_, played, [](std::string_view) {});
  ASSERT_FALSE(mismatch.ok());
  EXPECT_THAT(mismatch.status().message(), HasSubstr("late labels 'auto', not 'played'"));
  // A state file cut short.
  {
    std::ofstream out(state, std::ios::trunc);
    out << "next_phase 1\nlate auto\nrows 3\n";
  }
  absl::StatusOr<int> broken = RunFitStage(dataset_, stage, [](std::string_view) {});
  ASSERT_FALSE(broken.ok());
  EXPECT_THAT(broken.status().message(),
              HasSubstr(state + ":3: expected rows 1 and a report row per phase done; delete"));
  EXPECT_FALSE(std::filesystem::exists(stage.out));
}

}  // namespace
}  // namespace endsolve::train
