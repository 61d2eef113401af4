// The simulation (prove/simulate.h) against the solver and against its own
// clock: on any worker count it proves the solver's score with a move that
// keeps it; one worker adds the units' seconds one after another (and the
// manager's, when counted); more workers never take longer than the work,
// and start units the one worker never asked (they run ahead of the
// answers). An evaluation of zeros makes the estimates wrong, so that
// answers change what the manager wants while units run. A file of answers
// makes a second simulation solve nothing its first solved. A manager of many
// cores is timed on a virtual machine.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/record.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/eval/weights.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/prove/simulate.h"
#include "endsolve/solver/solver.h"
#include "endsolve/solver/virtual_clock.h"
#include "tests/cli/batch_test_util.h"
#include "tests/sanitized_share.h"
#include "gtest/gtest.h"

namespace endsolve::prove {
namespace {

using ::endsolve::testing::InputsForThisBuild;
using ::endsolve::testing::RandomPositions;
using ::endsolve::testing::ReadFile;
using ::endsolve::testing::TempFolder;
using ::endsolve::testing::WriteFile;

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

// Small's, with 10-empty units and a manager of `cores` cores (0: measured
// here).
SimulationOptions OnPlanCores(int cores) {
  SimulationOptions options = Small(nullptr);
  options.unit_empties = 10;
  options.plan_cores = cores;
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

// A manager of many cores predicted here: its passes run on one thread and
// on a virtual machine; on one virtual core they cost one thread's seconds
// to the tick, on more one thread's seconds scaled by the machine's ticks and
// its searching threads' calibrated rate. The proofs stay exact.
TEST(Simulation, PassesOnVirtualCoresScaleOneThreadsSeconds) {
  for (const Position& root : RandomPositions(InputsForThisBuild(2), 16, 16, /*seed=*/61)) {
    for (const int cores : {1, 4}) {
      absl::StatusOr<std::unique_ptr<Simulation>> model =
          Simulation::Create(root, OnPlanCores(cores));
      ASSERT_TRUE(model.ok()) << model.status();
      const PassesCost& passes = (*model)->passes();
      EXPECT_EQ(passes.cores, cores);
      ASSERT_GT(passes.measured_nodes, 0u) << FormatObf(root);
      EXPECT_EQ((*model)->estimate_seconds(), passes.seconds);
      // Every node a tick of one core's search: P x ticks hold them all.
      EXPECT_GE(static_cast<std::uint64_t>(passes.ticks) * cores, passes.nodes);
      // Searching: its nodes and its helper tasks' cost.
      EXPECT_NEAR(passes.search_share,
                  static_cast<double>(passes.nodes + static_cast<std::uint64_t>(passes.task_ticks)) /
                      (static_cast<double>(passes.ticks) * cores),
                  1e-12);
      if (cores == 1) {
        EXPECT_EQ(passes.tasks, 0u);
        EXPECT_EQ(passes.task_ticks, 0);
        EXPECT_EQ(passes.nodes, passes.measured_nodes) << FormatObf(root);
        EXPECT_EQ(passes.ticks, static_cast<std::int64_t>(passes.measured_nodes));
        EXPECT_DOUBLE_EQ(passes.seconds, passes.measured_seconds);
      } else {
        EXPECT_NEAR(passes.seconds,
                    passes.measured_seconds * static_cast<double>(passes.ticks) /
                        static_cast<double>(passes.measured_nodes) /
                        search::MachineRate(cores * passes.search_share),
                    1e-9)
            << FormatObf(root);
      }
      const absl::StatusOr<SimulatedRun> run = (*model)->Run(3, true);
      ASSERT_TRUE(run.ok()) << run.status();
      EXPECT_EQ(run->score, Solved(root.board)) << FormatObf(root);
      EXPECT_GE(run->manager_seconds, passes.seconds);
      // The walks' evaluation searches: as measured on one core; on four,
      // each expansion's at least a quarter of its sum and at most its sum
      // at the slowest rate four searching threads have.
      if (cores == 1) {
        EXPECT_EQ(run->searches_counted, run->searches_seconds);
      } else {
        EXPECT_GE(run->searches_counted, run->searches_seconds / cores);
        EXPECT_LE(run->searches_counted,
                  run->searches_seconds / search::MachineRate(cores) + 1e-12);
      }
    }
  }
}

// The walks read the one thread's passes' table, whatever the manager's
// cores: one worker, whose units come one at a time in the walk's order
// whatever the clock says, asks the same units with and without them.
TEST(Simulation, ManagerCoresLeaveTheWalksAlone) {
  for (const Position& root : RandomPositions(InputsForThisBuild(2), 16, 16, /*seed=*/67)) {
    std::vector<SimulatedRun> runs;
    for (const int cores : {0, 4}) {
      absl::StatusOr<std::unique_ptr<Simulation>> model =
          Simulation::Create(root, OnPlanCores(cores));
      ASSERT_TRUE(model.ok()) << model.status();
      const absl::StatusOr<SimulatedRun> run = (*model)->Run(1, true);
      ASSERT_TRUE(run.ok()) << run.status();
      runs.push_back(*run);
    }
    EXPECT_EQ(runs[0].score, runs[1].score) << FormatObf(root);
    EXPECT_EQ(runs[0].units, runs[1].units) << FormatObf(root);
    EXPECT_EQ(runs[0].nodes, runs[1].nodes) << FormatObf(root);
    EXPECT_EQ(runs[0].expanded, runs[1].expanded) << FormatObf(root);
  }
}

// An expansion's searches on a manager of several cores: handed out in
// order, each to the core free first, at the rate as many searching threads
// have on the calibrated machine.
TEST(Simulation, SearchesOnCoresIsTheLongestCoreAtTheMachinesRate) {
  EXPECT_EQ(SearchesOnCores({}, 16), 0.0);
  EXPECT_EQ(SearchesOnCores({0.5, 0.25, 0.25}, 1), 1.0);
  // One search: one core, whatever the manager has.
  EXPECT_EQ(SearchesOnCores({0.5}, 16), 0.5);
  // 3 | 1 1 1 on two cores: the second core takes the three short ones.
  EXPECT_DOUBLE_EQ(SearchesOnCores({3, 1, 1, 1}, 2), 3 / search::MachineRate(2));
  // 1 1 1 1 1 on two cores: three on the first, two on the second.
  EXPECT_DOUBLE_EQ(SearchesOnCores({1, 1, 1, 1, 1}, 2), 3 / search::MachineRate(2));
  // Four searches on sixteen cores: four of them search.
  EXPECT_DOUBLE_EQ(SearchesOnCores({1, 2, 1, 1}, 16), 2 / search::MachineRate(4));
}

TEST(Simulation, AnAnswersFileIsReadAgainAndSolvesNothingTwice) {
  const TempFolder folder("simulate_answers");
  int roots = 0;
  for (const Position& root : RandomPositions(InputsForThisBuild(3), 14, 14, /*seed=*/59)) {
    SimulationOptions options = Small(nullptr);
    options.answers = folder / absl::StrCat("answers-", ++roots, ".jsonl");
    absl::StatusOr<std::unique_ptr<Simulation>> first = Simulation::Create(root, options);
    ASSERT_TRUE(first.ok()) << first.status();
    EXPECT_EQ((*first)->answers_read(), 0);
    const absl::StatusOr<SimulatedRun> run = (*first)->Run(3, false);
    ASSERT_TRUE(run.ok()) << run.status();
    EXPECT_EQ((*first)->units_solved(), run->units);
    first->reset();  // closes the file

    absl::StatusOr<std::unique_ptr<Simulation>> again = Simulation::Create(root, options);
    ASSERT_TRUE(again.ok()) << again.status();
    EXPECT_EQ((*again)->answers_read(), run->units);
    const absl::StatusOr<SimulatedRun> rerun = (*again)->Run(3, false);
    ASSERT_TRUE(rerun.ok()) << rerun.status();
    EXPECT_EQ((*again)->units_solved(), 0) << FormatObf(root);
    // The same answers, seconds and nodes: the same run.
    EXPECT_EQ(rerun->score, run->score);
    EXPECT_EQ(rerun->units, run->units);
    EXPECT_EQ(rerun->nodes, run->nodes);
    EXPECT_EQ(rerun->unit_seconds, run->unit_seconds);
    EXPECT_EQ(rerun->wall_seconds, run->wall_seconds);
  }
}

TEST(Simulation, AnAnswersFileOfOtherLinesIsRefusedByLine) {
  const TempFolder folder("simulate_answers_refused");
  const Position root = RandomPositions(InputsForThisBuild(1), 14, 14, /*seed=*/60).front();
  SimulationOptions options = Small(nullptr);
  // A positions file is no results file: left alone.
  options.answers = folder / "positions.obf";
  WriteFile(options.answers, FormatObf(root) + "\n");
  absl::StatusOr<std::unique_ptr<Simulation>> refused = Simulation::Create(root, options);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find(options.answers), std::string::npos)
      << refused.status();
  EXPECT_EQ(ReadFile(options.answers), FormatObf(root) + "\n");
  // A results line of a whole solve (no window) is no unit's answer.
  options.answers = folder / "solves.jsonl";
  batch::BatchItem item;
  item.id = "whole";
  item.position = root;
  SolveOptions solve;
  solve.threads = 1;
  solve.table.size_mib = 1;
  const batch::Record whole =
      batch::FinishedRecord(item, Solve(root.board, solve).value(), batch::RunSettings());
  WriteFile(options.answers, batch::Json(whole).dump() + "\n");
  refused = Simulation::Create(root, options);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().message(),
            absl::StrCat(options.answers,
                         ":1: expected a unit's answer (status solved, with a window, seconds and "
                         "nodes), found a line of id whole"));
}

}  // namespace
}  // namespace endsolve::prove
