// The schedules model (prove/schedules.h) against the solver and against
// its own clock: every schedule on any worker count proves the solver's
// score with a move that keeps it; one worker adds the units' seconds one
// after another (and the manager's, when counted); rounds in sequence ask
// the same units whatever the workers, since their plans are made only once
// every answer is in. An evaluation of zeros makes the hypotheses fail, so
// that the manager plans again while units run.
#include <memory>
#include <vector>

#include "endsolve/eval/evaluator.h"
#include "endsolve/eval/weights.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/prove/schedules.h"
#include "endsolve/solver/solver.h"
#include "endsolve/tests/cli/batch_test_util.h"
#include "endsolve/tests/sanitized_share.h"
#include "gtest/gtest.h"

namespace endsolve::prove {
namespace {

using ::endsolve::testing::InputsForThisBuild;
using ::endsolve::testing::RandomPositions;

int Solved(const Board& board) {
  SolveOptions options;
  options.threads = 1;
  options.table.size_mib = 4;
  return Solve(board, options).value().score;
}

ScheduleOptions Small(const eval::Evaluator* evaluator) {
  ScheduleOptions options;
  options.unit_empties = 8;
  options.hash_mb = 1;
  options.plan_threads = 1;
  options.evaluator = evaluator;
  return options;
}

// Fewer workers than a plan's units, and more (one worker:
// OneWorkerAddsTheUnitsOneAfterAnother).
constexpr int kWorkerCounts[] = {3, 1000};

TEST(ScheduleModel, EveryScheduleOnEveryWorkerCountProvesTheSolversScore) {
  const eval::Evaluator zeros{eval::Weights()};
  int replanned_while_running = 0;
  for (const eval::Evaluator* evaluator : {&eval::Evaluator::Default(), &zeros}) {
    for (const Position& root : RandomPositions(InputsForThisBuild(6), 12, 12, /*seed=*/57)) {
      const int truth = Solved(root.board);
      absl::StatusOr<std::unique_ptr<ScheduleModel>> model =
          ScheduleModel::Create(root, Small(evaluator));
      ASSERT_TRUE(model.ok()) << model.status();
      for (const Schedule schedule : {Schedule::kRounds, Schedule::kOverlap}) {
        for (const int workers : kWorkerCounts) {
          const absl::StatusOr<ScheduleRun> run = (*model)->Run(schedule, workers, true);
          ASSERT_TRUE(run.ok()) << run.status() << " " << FormatObf(root);
          EXPECT_EQ(run->score, truth) << ScheduleName(schedule) << " " << workers << " "
                                       << FormatObf(root);
          // The best move keeps the score.
          ASSERT_NE(run->best_move, kNoMove) << FormatObf(root);
          const Board child =
              run->best_move == kPass ? root.board.Pass() : root.board.Play(run->best_move);
          EXPECT_EQ(-Solved(child), truth) << FormatObf(root);
          EXPECT_LE(run->wall_seconds, run->unit_seconds + run->manager_seconds + 1e-9);
          if (schedule == Schedule::kRounds) {
            EXPECT_EQ(run->plans_while_running, 0);
          }
          replanned_while_running += run->plans_while_running;
        }
      }
    }
  }
  // The overlapping schedule's point: plans made while units still ran.
  EXPECT_GT(replanned_while_running, 0);
}

TEST(ScheduleModel, OneWorkerAddsTheUnitsOneAfterAnother) {
  for (const Position& root : RandomPositions(InputsForThisBuild(4), 12, 12, /*seed=*/58)) {
    absl::StatusOr<std::unique_ptr<ScheduleModel>> model = ScheduleModel::Create(root, Small(nullptr));
    ASSERT_TRUE(model.ok()) << model.status();
    for (const Schedule schedule : {Schedule::kRounds, Schedule::kOverlap}) {
      const absl::StatusOr<ScheduleRun> alone = (*model)->Run(schedule, 1, false);
      ASSERT_TRUE(alone.ok()) << alone.status();
      EXPECT_EQ(alone->score, Solved(root.board)) << FormatObf(root);
      EXPECT_NEAR(alone->wall_seconds, alone->unit_seconds, 1e-9) << FormatObf(root);
      const absl::StatusOr<ScheduleRun> counted = (*model)->Run(schedule, 1, true);
      ASSERT_TRUE(counted.ok()) << counted.status();
      EXPECT_NEAR(counted->wall_seconds, counted->unit_seconds + counted->manager_seconds, 1e-9)
          << FormatObf(root);
      EXPECT_GE(counted->manager_seconds, (*model)->estimate_seconds());
    }
  }
}

TEST(ScheduleModel, RoundsAskTheSameUnitsWhateverTheWorkers) {
  const eval::Evaluator zeros{eval::Weights()};
  for (const Position& root : RandomPositions(InputsForThisBuild(4), 12, 12, /*seed=*/59)) {
    absl::StatusOr<std::unique_ptr<ScheduleModel>> model = ScheduleModel::Create(root, Small(&zeros));
    ASSERT_TRUE(model.ok()) << model.status();
    const absl::StatusOr<ScheduleRun> one = (*model)->Run(Schedule::kRounds, 1, true);
    ASSERT_TRUE(one.ok()) << one.status();
    for (const int workers : kWorkerCounts) {
      const absl::StatusOr<ScheduleRun> many = (*model)->Run(Schedule::kRounds, workers, true);
      ASSERT_TRUE(many.ok()) << many.status();
      EXPECT_EQ(many->units, one->units) << FormatObf(root);
      EXPECT_EQ(many->nodes, one->nodes) << FormatObf(root);
      EXPECT_EQ(many->plans, one->plans) << FormatObf(root);
      // Each unit solved once: its seconds are the same in every run.
      EXPECT_EQ(many->unit_seconds, one->unit_seconds) << FormatObf(root);
    }
  }
}

}  // namespace
}  // namespace endsolve::prove
