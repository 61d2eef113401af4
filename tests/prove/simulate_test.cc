// The simulation (prove/simulate.h) against the solver and against its own
// clock: on any worker count it proves the solver's score with a move that
// keeps it; one worker adds the units' seconds one after another (and the
// manager's, when counted); more workers never take longer than the work,
// and start units the one worker never asked (they run ahead of the
// answers). An evaluation of zeros makes the estimates wrong, so that
// answers change what the manager wants while units run.
#include <memory>
#include <vector>

#include "endsolve/eval/evaluator.h"
#include "endsolve/eval/weights.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/prove/simulate.h"
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

SimulationOptions Small(const eval::Evaluator* evaluator) {
  SimulationOptions options;
  options.unit_empties = 8;
  options.hash_mb = 1;
  options.plan_threads = 1;
  options.evaluator = evaluator;
  return options;
}

TEST(Simulation, EveryWorkerCountProvesTheSolversScore) {
  const eval::Evaluator zeros{eval::Weights()};
  int speculated = 0;
  for (const eval::Evaluator* evaluator : {&eval::Evaluator::Default(), &zeros}) {
    for (const Position& root : RandomPositions(InputsForThisBuild(6), 12, 12, /*seed=*/57)) {
      const int truth = Solved(root.board);
      absl::StatusOr<std::unique_ptr<Simulation>> model = Simulation::Create(root, Small(evaluator));
      ASSERT_TRUE(model.ok()) << model.status();
      const absl::StatusOr<SimulatedRun> one = (*model)->Run(1, true);
      ASSERT_TRUE(one.ok()) << one.status();
      for (const int workers : {1, 3, 1000}) {
        const absl::StatusOr<SimulatedRun> run = (*model)->Run(workers, true);
        ASSERT_TRUE(run.ok()) << run.status() << " " << FormatObf(root);
        EXPECT_EQ(run->score, truth) << workers << " " << FormatObf(root);
        // The best move keeps the score.
        ASSERT_NE(run->best_move, kNoMove) << FormatObf(root);
        const Board child =
            run->best_move == kPass ? root.board.Pass() : root.board.Play(run->best_move);
        EXPECT_EQ(-Solved(child), truth) << FormatObf(root);
        EXPECT_LE(run->wall_seconds, run->unit_seconds + run->manager_seconds + 1e-9);
        if (workers > 1 && run->units > one->units) ++speculated;
      }
    }
  }
  // Workers that run ahead of the answers start units one worker never needed.
  EXPECT_GT(speculated, 0);
}

TEST(Simulation, OneWorkerAddsTheUnitsOneAfterAnother) {
  for (const Position& root : RandomPositions(InputsForThisBuild(4), 12, 12, /*seed=*/58)) {
    absl::StatusOr<std::unique_ptr<Simulation>> model = Simulation::Create(root, Small(nullptr));
    ASSERT_TRUE(model.ok()) << model.status();
    const absl::StatusOr<SimulatedRun> alone = (*model)->Run(1, false);
    ASSERT_TRUE(alone.ok()) << alone.status();
    EXPECT_EQ(alone->score, Solved(root.board)) << FormatObf(root);
    EXPECT_NEAR(alone->wall_seconds, alone->unit_seconds, 1e-9) << FormatObf(root);
    const absl::StatusOr<SimulatedRun> counted = (*model)->Run(1, true);
    ASSERT_TRUE(counted.ok()) << counted.status();
    EXPECT_NEAR(counted->wall_seconds, counted->unit_seconds + counted->manager_seconds, 1e-9)
        << FormatObf(root);
    EXPECT_GE(counted->manager_seconds, (*model)->estimate_seconds());
    // Each unit solved once: the second run's units are the first's.
    EXPECT_EQ(counted->units, alone->units);
    EXPECT_EQ(counted->unit_seconds, alone->unit_seconds);
  }
}

}  // namespace
}  // namespace endsolve::prove
