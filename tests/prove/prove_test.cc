// endsolve prove's manager against the solver: the same score on random
// positions proven through tiny units, with a principal variation that
// keeps it; a proof resumed from its folder; a folder of another proof
// refused. Units of 8-10 empties keep a proof of a 14-16-empty position
// under a second while its tree still has passes, games that end inside it
// and, with an evaluation of zeros, first guesses far from the score.
#include <algorithm>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/batch/claims.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/record.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/eval/weights.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/prove/manager.h"
#include "endsolve/prove/proof_tree.h"
#include "endsolve/prove/prover.h"
#include "endsolve/prove/work_folder.h"
#include "endsolve/solver/solver.h"
#include "tests/cli/batch_test_util.h"
#include "tests/sanitized_share.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace endsolve::prove {
namespace {

using ::endsolve::testing::HeavyInputsForThisBuild;
using ::endsolve::testing::InputsForThisBuild;
using ::endsolve::testing::RandomPositions;
using ::endsolve::testing::TempFolder;
using ::testing::HasSubstr;

// The exact score from one plain solve: the oracle.
int Solved(const Board& board) {
  SolveOptions options;
  options.threads = 1;
  options.table.size_mib = 4;
  return Solve(board, options).value().score;
}

ProveOptions Small(const std::string& folder, int unit_empties) {
  ProveOptions options;
  options.folder = folder;
  options.unit_empties = unit_empties;
  options.threads = 1;
  options.hash_mb = 1;
  return options;
}

// What a proof's line must do: replay legally from the root to the end of
// the game, and reach the proven score.
void ExpectLineKeepsTheScore(const Position& root, const ProveSummary& proof) {
  Board board = root.board;
  int sign = 1;
  for (int move : proof.pv) {
    if (move == kPass) {
      ASSERT_EQ(board.Moves(), 0u) << FormatObf(root);
      board = board.Pass();
    } else {
      ASSERT_TRUE(board.Moves() & SquareBit(move)) << FormatObf(root);
      board = board.Play(move);
    }
    sign = -sign;
  }
  ASSERT_TRUE(board.IsGameOver()) << FormatObf(root);
  EXPECT_EQ(sign * board.FinalScore(), proof.score) << FormatObf(root);
  EXPECT_EQ(proof.best_move, proof.pv.front());
}

// Counts, over the proofs, lines that pass inside the manager's tree and
// games that end there, so that the test can insist that it saw both.
struct Seen {
  int passes = 0;
  int ends_in_tree = 0;
};

void ProveAndCompare(const std::vector<Position>& positions, int unit_empties,
                     const eval::Evaluator* evaluator, const std::string& name, Seen* seen) {
  const TempFolder folder(name);
  int index = 0;
  for (const Position& root : positions) {
    ProveOptions options = Small(folder / absl::StrCat("p", index++), unit_empties);
    options.evaluator = evaluator;
    const absl::StatusOr<ProveSummary> proof = Prove(root, options);
    ASSERT_TRUE(proof.ok()) << proof.status() << " " << FormatObf(root);
    EXPECT_EQ(proof->score, Solved(root.board)) << FormatObf(root);
    ExpectLineKeepsTheScore(root, *proof);
    // The part of the line inside the tree: the moves above the frontier.
    const int in_tree = root.board.EmptyCount() - unit_empties;
    for (int i = 0; i < static_cast<int>(proof->pv.size()) && i <= in_tree; ++i) {
      if (proof->pv[static_cast<std::size_t>(i)] == kPass) ++seen->passes;
    }
    Board end = root.board;
    for (int move : proof->pv) end = move == kPass ? end.Pass() : end.Play(move);
    if (end.EmptyCount() > unit_empties) ++seen->ends_in_tree;
  }
}

// The tests a proof asks, played against a root whose score is `truth`:
// each test moves one end of the interval, as the answers would.
std::vector<int> TestsUntilProven(int guess, int truth) {
  Interval interval;
  std::vector<int> tests;
  while (!interval.exact()) {
    const int test = NextTest(guess, interval);
    EXPECT_GT(test, interval.lower);
    EXPECT_LE(test, interval.upper);
    tests.push_back(test);
    if (truth >= test) {
      interval.lower = test;
    } else {
      interval.upper = test - 2;
    }
    if (tests.size() > 64) break;
  }
  return tests;
}

TEST(NextTest, TheGuessFirstThenSingleStepsThenStepsThatDoubleThenHalving) {
  using ::testing::ElementsAre;
  // A right guess: at least it, and not two more.
  EXPECT_THAT(TestsUntilProven(10, 10), ElementsAre(10, 12));
  // A guess 4 too low (FFO #68: +24 for +28) climbs one score at a time, so
  // that the score is proven before the score + 2 is refuted.
  EXPECT_THAT(TestsUntilProven(24, 28), ElementsAre(24, 26, 28, 30));
  // A guess 10 too low (FFO #62 once: +18 for +28) climbs three single
  // steps, then +8, then halves.
  EXPECT_THAT(TestsUntilProven(18, 28), ElementsAre(18, 20, 22, 24, 32, 28, 30));
  // Far too low: the steps double after the single ones (+2, +4, +6, +14,
  // +30, +62), and the last one, past +64, halves what is left.
  EXPECT_THAT(TestsUntilProven(-30, 64),
              ElementsAre(-30, -28, -26, -24, -16, 0, 32, 48, 56, 60, 62, 64));
  // Too high falls in steps that double from the start (the single steps
  // are the climb's only): the tests go 2, 6, 14 below the guess.
  EXPECT_THAT(TestsUntilProven(18, 4), ElementsAre(18, 16, 12, 4, 8, 6));
  // Every guess and truth ends with the exact score, in few tests.
  for (int guess = -64; guess <= 64; guess += 2) {
    for (int truth = -64; truth <= 64; truth += 2) {
      const std::vector<int> tests = TestsUntilProven(guess, truth);
      ASSERT_LE(tests.size(), 14u) << guess << " " << truth;
    }
  }
}

TEST(TestToPlan, KeepsTheTestUnderWayUntilTheIntervalDecidesIt) {
  // None under way: NextTest's, the guess first.
  EXPECT_EQ(TestToPlan(std::nullopt, 10, Interval{}), 10);
  // A fail-soft answer moved the lower end to +6, short of the +10 under
  // way: still +10, not NextTest's choice from [+6, +64].
  EXPECT_EQ(TestToPlan(10, 4, Interval{6, 64}), 10);
  EXPECT_NE(NextTest(4, Interval{6, 64}), 10);
  // Decided either way: the next one.
  EXPECT_EQ(TestToPlan(10, 10, Interval{10, 64}), NextTest(10, Interval{10, 64}));
  EXPECT_EQ(TestToPlan(10, 10, Interval{-64, 8}), NextTest(10, Interval{-64, 8}));
}

// A plan is made in passes, the positions of a pass expanded side by side
// (proof_tree.h): what it asks must not depend on the manager's threads,
// and a plan made again on the tree it left expands nothing and asks the
// same units, so the last pass is the plan of the tree as it stands.
// Nothing in flight, no limit that binds: the units a test needs now.
std::vector<Position> Walk(ProofTree& tree, int test, TestState expect = TestState::kPending) {
  std::vector<Position> units;
  const auto none = [](const Position&) { return false; };
  EXPECT_EQ(tree.Next(test, 1 << 30, none, &units), expect);
  return units;
}

std::vector<std::string> Texts(const std::vector<Position>& units) {
  std::vector<std::string> out;
  for (const Position& u : units) out.push_back(FormatObf(u));
  return out;
}

// A walk does not depend on the threads that order the tree, nor on what
// an earlier walk expanded; a walk that stops at a limit returns the first
// units of the whole walk, and one that takes units in flight at their
// estimates returns the rest.
TEST(ProofTree, AWalkIsTheSameOnAnyThreadsAndItsFirstUnitsAreThoseOfAShorterWalk) {
  const eval::Evaluator& evaluator = eval::Evaluator::Default();
  int walked = 0;
  // One root under a sanitizer: each tree's top plies are 8-ply searches
  // over 16-18 empties, and the six took 125 s under ASan.
  const int roots = InputsForThisBuild(6);
  for (const Position& root : RandomPositions(roots, 16, 18, /*seed=*/41)) {
    const int unit_empties = root.board.EmptyCount() - 6;
    ProofTree one(root.board, root.to_move, 0, unit_empties, evaluator, /*threads=*/1);
    ProofTree four(root.board, root.to_move, 0, unit_empties, evaluator, /*threads=*/4);
    for (int test : {0, 8, -8}) {
      const std::vector<Position> by_one = Walk(one, test);
      EXPECT_EQ(Texts(by_one), Texts(Walk(four, test))) << FormatObf(root);
      EXPECT_EQ(one.expanded(), four.expanded());
      const std::int64_t expanded = one.expanded();
      EXPECT_EQ(Texts(Walk(one, test)), Texts(by_one));
      EXPECT_EQ(one.expanded(), expanded) << FormatObf(root);
      ASSERT_GE(by_one.size(), 2u);
      // The first three, then the others with those three in flight.
      ProofTree fresh(root.board, root.to_move, 0, unit_empties, evaluator, 1);
      std::vector<Position> first;
      const auto none = [](const Position&) { return false; };
      ASSERT_EQ(fresh.Next(test, 3, none, &first), TestState::kPending);
      const std::vector<Position> head(by_one.begin(),
                                       by_one.begin() + std::min<std::size_t>(3, by_one.size()));
      EXPECT_EQ(Texts(first), Texts(head)) << FormatObf(root);
      const std::vector<std::string> first_texts = Texts(first);
      const std::set<std::string> flying(first_texts.begin(), first_texts.end());
      std::vector<Position> rest;
      ASSERT_EQ(fresh.Next(test, 1 << 30, [&](const Position& u) {
        return flying.contains(FormatObf(u));
      }, &rest), TestState::kPending);
      EXPECT_EQ(Texts(rest), Texts(std::vector<Position>(by_one.begin() + head.size(),
                                                         by_one.end())));
      ++walked;
    }
    EXPECT_EQ(one.ExpandedPaths(), four.ExpandedPaths());
  }
  EXPECT_EQ(walked, 3 * roots);
}

// An answer is backed up at once, through every node of its position: a
// root whose every child is answered "at least" the test's negation knows
// its upper bound, without a walk.
TEST(ProofTree, AnAnswerIsBackedUpToTheRootAtOnce) {
  const eval::Evaluator zeros{eval::Weights()};
  int checked = 0;
  for (const Position& root : RandomPositions(6, 14, 16, /*seed=*/12)) {
    ProofTree tree(root.board, root.to_move, 0, root.board.EmptyCount() - 1, zeros, 1);
    // "Root at least +2?" needs every child below -1: the walk asks each one.
    std::vector<Position> units = Walk(tree, 2);
    if (units.empty()) continue;
    EXPECT_EQ(tree.RootInterval(), Interval{});
    for (const Position& unit : units) {
      ASSERT_TRUE(tree.Learn(unit.board, unit.window->lo + 1, 64));  // each child: at least -0
    }
    EXPECT_EQ(tree.RootInterval().upper, 0) << FormatObf(root);
    EXPECT_TRUE(Walk(tree, 2, TestState::kRefuted).empty());
    ++checked;
  }
  EXPECT_GE(checked, 4);
}

// Fastest first (kReplyWeight): with an evaluation of zeros, only the
// replies a child leaves the opponent order it (a corner counted 3 times),
// ties in square order; a test far below every estimate is asked as one
// unit one empty below the root, the child tried first.
TEST(ProofTree, TheChildThatLeavesTheFewestRepliesIsTriedFirst) {
  const eval::Evaluator zeros{eval::Weights()};
  int checked = 0;
  for (const Position& root : RandomPositions(10, 16, 20, /*seed=*/61)) {
    if (PopCount(root.board.Moves()) < 2) continue;
    int fewest = kNoMove, least = 1 << 30;
    for (Bitboard moves = root.board.Moves(); moves != 0;) {
      const int square = PopFirstSquare(moves);
      const Board child = root.board.Play(square);
      const Bitboard replies = child.Moves();
      const int weighted = PopCount(replies) + 2 * PopCount(replies & kCorners);
      if (child.IsGameOver()) continue;  // ranked by its score instead
      if (weighted < least) least = weighted, fewest = square;
    }
    ASSERT_NE(fewest, kNoMove);
    ProofTree tree(root.board, root.to_move, 0, root.board.EmptyCount() - 1, zeros, 1);
    const std::vector<Position> units = Walk(tree, -62);
    ASSERT_EQ(units.size(), 1u);
    EXPECT_EQ(units[0].board, root.board.Play(fewest)) << FormatObf(root);
    ++checked;
  }
  EXPECT_GE(checked, 8);
}

// The ordering table (ProofTree's `ordering`: the selective passes' table
// over the root) orders the expansion where it holds a position: a node's
// entry's move is tried first, and a child's estimate stays within its
// entry's bounds. Units one empty below the root, so that each child is a
// unit: a test far below every estimate is asked as one unit, the child
// tried first, taken by its estimate to succeed.
TEST(ProofTree, TheOrderingTablesMoveComesFirstAndItsBoundsHoldTheEstimates) {
  const eval::Evaluator& evaluator = eval::Evaluator::Default();
  int checked = 0;
  for (const Position& root : RandomPositions(8, 16, 18, /*seed=*/53)) {
    if (PopCount(root.board.Moves()) < 2) continue;
    const int unit_empties = root.board.EmptyCount() - 1;
    // Without a table: the evaluation's first child.
    ProofTree plain(root.board, root.to_move, 0, unit_empties, evaluator, /*threads=*/1);
    const std::vector<Position> first_plain = Walk(plain, -62);
    ASSERT_EQ(first_plain.size(), 1u);
    // Another move, the last in square order that is not that child.
    int other = kNoMove;
    for (Bitboard moves = root.board.Moves(); moves != 0;) {
      const int square = PopFirstSquare(moves);
      if (root.board.Play(square) != first_plain[0].board) other = square;
    }
    ASSERT_NE(other, kNoMove);

    // The root's entry names `other`: it is tried first.
    std::unique_ptr<TranspositionTable> table =
        TranspositionTable::CreateWithEntries(1024, ReplacementScheme::kTwoBig1).value();
    TTData root_entry;
    root_entry.move = static_cast<std::uint8_t>(other);
    root_entry.draft = 1;
    table->Store(root.board, root_entry, 1);
    ProofTree moved(root.board, root.to_move, 0, unit_empties, evaluator, 1, 0, table.get());
    const std::vector<Position> first_moved = Walk(moved, -62);
    ASSERT_EQ(first_moved.size(), 1u);
    EXPECT_EQ(first_moved[0].board, root.board.Play(other)) << FormatObf(root);

    // Only `other`'s own entry, which bounds it to exactly -60 for its side
    // to move: it ranks first, and a test of +58 asks it alone, taken by
    // its estimate to answer "no, not at least -56" (the root wins by 60
    // there).
    std::unique_ptr<TranspositionTable> bounds =
        TranspositionTable::CreateWithEntries(1024, ReplacementScheme::kTwoBig1).value();
    TTData child_entry;
    child_entry.lower = -60;
    child_entry.upper = -60;
    child_entry.draft = 1;
    bounds->Store(root.board.Play(other), child_entry, 1);
    ProofTree bounded(root.board, root.to_move, 0, unit_empties, evaluator, 1, 0, bounds.get());
    const std::vector<Position> units = Walk(bounded, 58);
    ASSERT_EQ(units.size(), 1u) << FormatObf(root);
    EXPECT_EQ(units[0].board, root.board.Play(other)) << FormatObf(root);
    EXPECT_EQ(units[0].window, (ScoreWindow{-57, -57}));
    ++checked;
  }
  EXPECT_GE(checked, 6);
}

// A proof with the manager in memory: `workers` units at a time, answered
// in the order they were handed out, each solved here (one thread, one
// table for all, as the local engine's), the first test the exact solve's
// estimate.
struct InMemoryProof {
  int score = 0;
  std::vector<int> line;
  std::int64_t handed_out = 0;  // questions the manager handed out
  std::int64_t expanded = 0;
};

InMemoryProof ProveInMemory(const Position& root, int unit_empties, int workers,
                            const eval::Evaluator& evaluator, int eldest_first = 0) {
  InMemoryProof proof;
  std::unique_ptr<TranspositionTable> table =
      TranspositionTable::CreateWithEntries(1 << 16, ReplacementScheme::kTwoBig1).value();
  SolveOptions solve;
  solve.threads = 1;
  solve.evaluator = &evaluator;
  solve.tt = table.get();
  const int guess = FirstTestOf(EstimateScore(root.board, solve, kGuessPasses).value());
  ProofTree tree(root.board, root.to_move, guess, unit_empties, evaluator, 1);
  tree.SetEldestFirst(eldest_first);
  Manager manager(&tree, guess, std::nullopt);
  std::deque<Position> running;
  std::set<batch::QuestionKey> asked;
  batch::RunSettings run;
  run.fresh_table = false;
  for (;;) {
    const absl::StatusOr<std::vector<Position>> units =
        manager.Wanted(static_cast<std::size_t>(workers) - running.size());
    EXPECT_TRUE(units.ok()) << units.status();
    if (!units.ok() || manager.complete()) break;
    for (const Position& unit : *units) {
      EXPECT_TRUE(asked.insert(batch::QuestionOf(unit)).second)
          << "asked twice: " << FormatObf(unit) << " of " << FormatObf(root);
      running.push_back(unit);
    }
    if (running.empty()) {
      ADD_FAILURE() << "nothing in flight and nothing wanted: " << FormatObf(root) << " units of "
                    << unit_empties << ", root in [" << manager.interval().lower << ", "
                    << manager.interval().upper << "], test " << manager.test().value_or(99);
      break;
    }
    batch::BatchItem item;
    item.id = "unit";
    item.position = running.front();
    running.pop_front();
    solve.lo = item.position->window->lo;
    solve.hi = item.position->window->hi;
    batch::ResultRecord record;
    static_cast<batch::Record&>(record) =
        batch::FinishedRecord(item, Solve(item.position->board, solve).value(), run);
    const absl::Status heard = manager.Heard(record);
    EXPECT_TRUE(heard.ok()) << heard;
    if (!heard.ok()) break;
  }
  proof.score = manager.score();
  proof.line = manager.line();
  proof.handed_out = manager.handed_out();
  proof.expanded = tree.expanded();
  EXPECT_EQ(proof.handed_out, static_cast<std::int64_t>(asked.size()));
  return proof;
}

// Every proof ends, whatever the root and the units: 300 random roots of
// 14-20 empties, units from max(8, empties - 6) to empties - 2 empties, on
// one worker and on three (units answered out of alpha-beta's order). Each
// proves the solver's score; the manager hands each question out once; and
// its own work is bounded by the units answered: at most 3 positions
// expanded a unit, and 8 more (measured: at most 2.2 on these roots, 0.7 on
// FFO #37 with 12-empty units, 1.9 and 3.1 on the two 22-empty roots of
// prove_cli_test that once never ended). The largest of these trees hands
// out some 3,200 units; the 300 proofs take some 110 s of one core, so the
// roots are dealt to four tests, root i to test i % 4, which ctest runs side
// by side, and a sanitized build takes an eighth of them
// (HeavyInputsForThisBuild).
class ManagerEveryProofEnds : public ::testing::TestWithParam<int> {};
constexpr int kManagerShards = 4;

TEST_P(ManagerEveryProofEnds, AsksEachQuestionOnceAndExpandsAFewPositionsAUnit) {
  const eval::Evaluator& evaluator = eval::Evaluator::Default();
  const int shard = GetParam();
  int proofs = 0, index = 0;
  std::uint64_t seed = 7;
  double worst = 0;
  for (const Position& root :
       RandomPositions(HeavyInputsForThisBuild(300), 14, 20, /*seed=*/2026)) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    const int empties = root.board.EmptyCount();
    const int smallest = std::max(kMinUnitEmpties, empties - 6);
    const int unit_empties = smallest + static_cast<int>((seed >> 33) % (empties - 1 - smallest));
    const int workers = index % 2 == 0 ? 1 : 3;
    if (index++ % kManagerShards != shard) continue;
    const InMemoryProof proof = ProveInMemory(root, unit_empties, workers, evaluator);
    EXPECT_EQ(proof.score, Solved(root.board)) << FormatObf(root) << " " << unit_empties;
    EXPECT_LE(proof.expanded, 3 * proof.handed_out + 8)
        << FormatObf(root) << " units of " << unit_empties << " empties";
    worst = std::max(worst, static_cast<double>(proof.expanded) /
                                static_cast<double>(proof.handed_out));
    ++proofs;
  }
  EXPECT_EQ(index, HeavyInputsForThisBuild(300));
  EXPECT_GE(proofs, index / kManagerShards);
  std::printf("most positions expanded a unit: %.2f\n", worst);
}

INSTANTIATE_TEST_SUITE_P(Manager, ManagerEveryProofEnds, ::testing::Range(0, kManagerShards));

// Young brothers wait (ProofTree::SetEldestFirst): a node's younger
// children are asked once the eldest's answers are in. On one worker
// nothing changes (a walk returns one unit, the first in order); on many,
// every proof still ends with the solver's score, each question handed out
// once, and fewer units are handed out in all: those a failing eldest
// would have wasted, at every node above the units (height 1) and at those
// three plies above them and higher. A height above the root's changes
// nothing.
TEST(Manager, YoungBrothersWaitAskFewerUnitsOfManyWorkersAndKeepTheScore) {
  const eval::Evaluator& evaluator = eval::Evaluator::Default();
  std::int64_t at_once = 0, eldest_first = 0, eldest_first_high = 0;
  for (const Position& root : RandomPositions(HeavyInputsForThisBuild(16), 14, 16,
                                              /*seed=*/2027)) {
    const int unit_empties = root.board.EmptyCount() - 5;
    const int truth = Solved(root.board);
    const InMemoryProof one = ProveInMemory(root, unit_empties, 1, evaluator);
    const InMemoryProof one_waiting = ProveInMemory(root, unit_empties, 1, evaluator, 1);
    EXPECT_EQ(one_waiting.handed_out, one.handed_out) << FormatObf(root);
    EXPECT_EQ(one_waiting.line, one.line) << FormatObf(root);
    const InMemoryProof many = ProveInMemory(root, unit_empties, 64, evaluator);
    const InMemoryProof many_waiting = ProveInMemory(root, unit_empties, 64, evaluator, 1);
    const InMemoryProof many_high = ProveInMemory(root, unit_empties, 64, evaluator, 3);
    const int above_root_height = root.board.EmptyCount() - unit_empties + 1;
    const InMemoryProof above_root =
        ProveInMemory(root, unit_empties, 64, evaluator, above_root_height);
    EXPECT_EQ(many.score, truth) << FormatObf(root);
    EXPECT_EQ(many_waiting.score, truth) << FormatObf(root);
    EXPECT_EQ(many_high.score, truth) << FormatObf(root);
    EXPECT_EQ(above_root.handed_out, many.handed_out) << FormatObf(root);
    EXPECT_EQ(above_root.line, many.line) << FormatObf(root);
    at_once += many.handed_out;
    eldest_first += many_waiting.handed_out;
    eldest_first_high += many_high.handed_out;
  }
  std::printf("units on 64 workers: %lld all at once, %lld eldest first, %lld three plies up\n",
              static_cast<long long>(at_once), static_cast<long long>(eldest_first),
              static_cast<long long>(eldest_first_high));
  EXPECT_LT(eldest_first, at_once);
  EXPECT_LT(eldest_first_high, at_once);
}

TEST(Prove, EqualsTheSolverOnRandomPositionsWithTinyUnits) {
  Seen seen;
  ProveAndCompare(RandomPositions(InputsForThisBuild(24), 14, 16, /*seed=*/28), 10, nullptr,
                  "prove_random", &seen);
  ProveAndCompare(RandomPositions(InputsForThisBuild(16), 12, 13, /*seed=*/2028), 8, nullptr,
                  "prove_random_8", &seen);
}

// Close calls split (--split-within): a frontier position near its test is
// expanded and its children asked instead. With every position a close
// call, no unit has the frontier's empties; the score stays solve's, and
// the line replays to it. Without splitting, units at the frontier's
// empties are asked (so the first half of the test can fail).
TEST(Prove, SplittingCloseCallsKeepsTheScoreAndAsksTheChildren) {
  const TempFolder folder("prove_split");
  int index = 0, largest_split = 0, largest_plain = 0;
  for (const Position& root : RandomPositions(InputsForThisBuild(12), 14, 16, /*seed=*/91)) {
    for (int within : {2 * kNumSquares, 0}) {
      const std::string dir = folder / absl::StrCat("p", index++);
      ProveOptions options = Small(dir, 10);
      options.split_within = within;
      const absl::StatusOr<ProveSummary> proof = Prove(root, options);
      ASSERT_TRUE(proof.ok()) << proof.status() << " " << FormatObf(root);
      EXPECT_EQ(proof->score, Solved(root.board)) << FormatObf(root);
      ExpectLineKeepsTheScore(root, *proof);
      int largest = 0;
      for (const auto& entry : std::filesystem::directory_iterator(dir + "/units")) {
        if (entry.path().extension() != ".obf") continue;
        const absl::StatusOr<ReadResult> units = ReadPositionFile(entry.path().string());
        ASSERT_TRUE(units.ok() && units->errors.empty()) << entry.path();
        for (const Position& unit : units->positions) {
          largest = std::max(largest, unit.board.EmptyCount());
        }
      }
      int& seen = within > 0 ? largest_split : largest_plain;
      seen = std::max(seen, largest);
    }
  }
  EXPECT_EQ(largest_split, 9);
  EXPECT_EQ(largest_plain, 10);
}

// An evaluation of zeros guesses 0 for every root and orders every node's
// moves by square: first tests far from the score, eldest children that fail.
TEST(Prove, EqualsTheSolverWhenTheGuessAndTheOrderAreBad) {
  const eval::Evaluator zeros{eval::Weights()};
  Seen seen;
  std::vector<Position> lopsided;
  for (const Position& p : RandomPositions(400, 13, 13, /*seed=*/77)) {
    if (std::abs(Solved(p.board)) >= 24) lopsided.push_back(p);
    if (static_cast<int>(lopsided.size()) == InputsForThisBuild(4)) break;
  }
  ASSERT_EQ(static_cast<int>(lopsided.size()), InputsForThisBuild(4));
  ProveAndCompare(lopsided, 9, &zeros, "prove_zeros", &seen);
}

// `count` positions of `empties` empties from games where each side plays,
// among its moves, one that leaves the other side fewest replies (ties and
// one move in four at random): cramped boards, where passes and early ends
// of the game are common. Deterministic for the seed.
std::vector<Position> CrampedPositions(int count, int empties, std::uint64_t seed) {
  std::vector<Position> out;
  std::uint64_t state = seed;
  auto next = [&state] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  };
  while (static_cast<int>(out.size()) < count) {
    Board board = Board::Initial();
    Color to_move = Color::kBlack;
    while (!board.IsGameOver() && board.EmptyCount() > empties) {
      if (board.Moves() == 0) {
        board = board.Pass();
        to_move = Opposite(to_move);
        continue;
      }
      std::vector<int> best;
      int fewest = kNumSquares + 1;
      for (Bitboard m = board.Moves(); m != 0;) {
        const int square = PopFirstSquare(m);
        const int replies = PopCount(board.Play(square).Moves());
        if (replies < fewest) best.clear();
        if (replies <= fewest) best.push_back(square);
        fewest = std::min(fewest, replies);
      }
      int square = best[next() % best.size()];
      if (next() % 4 == 0) {
        std::vector<int> all;
        for (Bitboard m = board.Moves(); m != 0;) all.push_back(PopFirstSquare(m));
        square = all[next() % all.size()];
      }
      board = board.Play(square);
      to_move = Opposite(to_move);
    }
    if (board.IsGameOver() || board.EmptyCount() != empties) continue;
    Position p;
    p.board = board;
    p.to_move = to_move;
    out.push_back(p);
  }
  return out;
}

// Positions whose principal variation passes, or ends the game, above the
// frontier: found among random positions by the solver's own line, so that
// the manager's tree must hold them.
TEST(Prove, HandlesPassesAndGamesThatEndInsideTheTree) {
  constexpr int kUnitEmpties = 8;
  std::vector<Position> passing;
  std::vector<Position> ending;
  for (const Position& p : CrampedPositions(3000, 13, /*seed=*/5)) {
    SolveOptions options;
    options.threads = 1;
    options.table.size_mib = 4;
    const SolveResult solved = Solve(p.board, options).value();
    Board board = p.board;
    bool passes = false;
    for (int move : solved.pv) {
      if (board.EmptyCount() <= kUnitEmpties) break;
      passes = passes || move == kPass;
      board = move == kPass ? board.Pass() : board.Play(move);
    }
    if (passes && passing.size() < 6) passing.push_back(p);
    if (board.IsGameOver() && board.EmptyCount() > kUnitEmpties && ending.size() < 4) {
      ending.push_back(p);
    }
    if (passing.size() == 6 && ending.size() == 4) break;
  }
  ASSERT_EQ(passing.size(), 6u);
  ASSERT_EQ(ending.size(), 4u);
  Seen seen;
  ProveAndCompare(passing, kUnitEmpties, nullptr, "prove_passing", &seen);
  ProveAndCompare(ending, kUnitEmpties, nullptr, "prove_ending", &seen);
  // The proofs found lines of their own; at least some keep those features.
  EXPECT_GT(seen.passes, 0);
  EXPECT_GT(seen.ends_in_tree, 0);
}

// A proof run again on its folder solves nothing again: every unit is
// answered, and the same summary comes back.
TEST(Prove, ASecondRunOnTheFolderSolvesNoUnitAgain) {
  const TempFolder folder("prove_resume");
  const Position root = RandomPositions(1, 16, 16, /*seed=*/9).front();
  const absl::StatusOr<ProveSummary> first = Prove(root, Small(folder / "p", 10));
  ASSERT_TRUE(first.ok()) << first.status();
  const absl::StatusOr<ProveSummary> again = Prove(root, Small(folder / "p", 10));
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->score, first->score);
  EXPECT_EQ(again->pv, first->pv);
  EXPECT_EQ(again->units, first->units);
  EXPECT_EQ(again->nodes, first->nodes);
  EXPECT_EQ(again->tests, first->tests);
}

// The first test is estimated once (the exact solve's selective passes)
// and kept in prove.json, so that a restart pays nothing for it; one that
// is no even score there is named, not guessed around.
TEST(Prove, TheFirstTestIsKeptInTheStateFile) {
  const TempFolder folder("prove_first_test");
  const Position root = RandomPositions(1, 16, 16, /*seed=*/9).front();
  ASSERT_TRUE(Prove(root, Small(folder / "p", 10)).ok());
  const nlohmann::json state = nlohmann::json::parse(testing::ReadFile(folder / "p/prove.json"));
  ASSERT_TRUE(state.contains("first_test")) << state.dump();
  EXPECT_EQ(state["first_test"]["test"].get<int>() % 2, 0);
  EXPECT_GT(state["first_test"]["nodes"].get<std::uint64_t>(), 0u);
  nlohmann::json broken = state;
  broken["first_test"]["test"] = 3;
  testing::WriteFile(folder / "p/prove.json", broken.dump(2));
  EXPECT_THAT(Prove(root, Small(folder / "p", 10)).status().message(),
              HasSubstr("/p/prove.json: \"first_test\" should be {\"test\": an even score"));
}

// --passes: the first test is the estimate after the first
// min(passes, kGuessPasses) selective passes over the root, the presearch's
// with none (whose positions are no nodes: prove.json's first test then
// counts none); every count of passes proves the solver's score; a count
// outside 0..3 is refused.
TEST(Prove, ThePassesOverTheRootGiveTheFirstTestAndKeepTheScore) {
  const TempFolder folder("prove_passes");
  const Position root = RandomPositions(1, 14, 14, /*seed=*/9).front();
  const int score = Solved(root.board);
  for (const int passes : {0, 1, 3}) {
    const std::string dir = folder / absl::StrCat("p", passes);
    ProveOptions options = Small(dir, 10);
    options.passes = passes;
    const absl::StatusOr<ProveSummary> proof = Prove(root, options);
    ASSERT_TRUE(proof.ok()) << proof.status();
    EXPECT_EQ(proof->score, score) << passes;
    SolveOptions solve;
    solve.threads = 1;
    solve.table.size_mib = 1;
    const ScoreEstimate estimate = EstimateScore(root.board, solve, passes).value();
    const nlohmann::json state = nlohmann::json::parse(testing::ReadFile(dir + "/prove.json"));
    EXPECT_EQ(state["first_test"]["test"].get<int>(), FirstTestOf(estimate)) << passes;
    EXPECT_EQ(estimate.pass_scores.size(), static_cast<std::size_t>(passes));
    if (passes == 0) {
      EXPECT_EQ(state["first_test"]["nodes"].get<std::uint64_t>(), 0u);
    } else {
      EXPECT_GT(state["first_test"]["nodes"].get<std::uint64_t>(), 0u) << passes;
    }
  }
  ProveOptions four = Small(folder / "p4", 10);
  four.passes = 4;
  EXPECT_THAT(Prove(root, four).status().message(), HasSubstr("passes 4 outside 0..3"));
}

// The folder keeps the expanded tree; a line of it that is no path of this
// root's tree is refused by file and line, not guessed around.
TEST(Prove, ABrokenTreeFileIsNamed) {
  const TempFolder folder("prove_tree");
  const Position root = RandomPositions(1, 14, 14, /*seed=*/3).front();
  ASSERT_TRUE(Prove(root, Small(folder / "p", 10)).ok());
  std::string tree = testing::ReadFile(folder / "p/tree.txt");
  EXPECT_EQ(tree.substr(0, 2), "-\n");  // the root, expanded first
  const std::string next_line = std::to_string(std::count(tree.begin(), tree.end(), '\n') + 1);
  testing::WriteFile(folder / "p/tree.txt", tree + "Z9\n");
  const absl::StatusOr<ProveSummary> again = Prove(root, Small(folder / "p", 10));
  EXPECT_THAT(again.status().message(),
              HasSubstr("/p/tree.txt:" + next_line +
                        ": expected the moves to an expanded position of this root, found 'Z9'"));
  // A square that is no move of the root (it holds a disc), on a line
  // before paths that are fine: the line is named all the same.
  const int occupied = FirstSquare(root.board.player);
  const std::string wrong = SquareName(occupied);
  testing::WriteFile(folder / "p/tree.txt", "-\n" + wrong + "\n" + tree.substr(2));
  EXPECT_THAT(Prove(root, Small(folder / "p", 10)).status().message(),
              HasSubstr("/p/tree.txt:2: expected the moves to an expanded position of this root, "
                        "found '" + wrong + "'"));
}

// A result that contradicts an earlier one for the same question (an edit,
// or a bug) stops the proof naming the results file and its line.
TEST(Prove, AnAnswerThatContradictsAnEarlierOneIsNamedByFileAndLine) {
  const TempFolder folder("prove_contradiction");
  const Position root = RandomPositions(1, 14, 14, /*seed=*/3).front();
  ASSERT_TRUE(Prove(root, Small(folder / "p", 10)).ok());
  const std::string results = folder / "p/results/local.jsonl";
  std::string text = testing::ReadFile(results);
  const std::string first = text.substr(0, text.find('\n'));
  // The first unit's answer turned around: "at least" where it said "at
  // most", or the other way.
  std::string turned = first;
  const bool upper = turned.find("\"bound\":\"upper\"") != std::string::npos;
  const nlohmann::json j = nlohmann::json::parse(first);
  const int lo = j["window"][0].get<int>();
  const std::size_t from = turned.find("\"score\":");
  turned.replace(from, turned.find(",\"best_move\"") - from,
                 upper ? absl::StrCat("\"score\":", lo + 1, ",\"bound\":\"lower\"")
                       : absl::StrCat("\"score\":", lo - 1, ",\"bound\":\"upper\""));
  const int line = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
  testing::WriteFile(results, text + turned + "\n");
  EXPECT_THAT(Prove(root, Small(folder / "p", 10)).status().message(),
              HasSubstr(absl::StrCat("p/results/local.jsonl: line ", line,
                                     ": this unit's answer")));
}

// The folder reads only what a results file gained since it last looked;
// each record still carries its line in the whole file (the line an error
// names), and a line still being written waits for the next look.
TEST(WorkFolder, ResultsReadByWhatTheyGainedKeepTheirLinesInTheFile) {
  const TempFolder folder("prove_work_folder");
  const Position root = RandomPositions(1, 14, 14, /*seed=*/3).front();
  ASSERT_TRUE(Prove(root, Small(folder / "p", 10)).ok());
  const std::string results = folder / "p/results/local.jsonl";
  const std::string text = testing::ReadFile(results);
  const std::size_t second = text.find('\n') + 1;
  const std::size_t third = text.find('\n', second) + 1;
  const std::size_t fourth = text.find('\n', third) + 1;
  ASSERT_NE(text.find('\n', third), std::string::npos);
  // Two whole lines and half of the third, then the rest.
  testing::WriteFile(results, text.substr(0, third + 10));
  absl::StatusOr<std::unique_ptr<WorkFolder>> opened = WorkFolder::Open(folder / "p", root, 10);
  ASSERT_TRUE(opened.ok()) << opened.status();
  std::vector<int> lines;
  const auto heard = [&](const batch::ResultRecord& r) {
    lines.push_back(r.line_number);
    return absl::OkStatus();
  };
  ASSERT_TRUE((*opened)->ReadNewResults(heard).ok());
  EXPECT_EQ(lines, (std::vector<int>{1, 2}));
  testing::WriteFile(results, text.substr(0, fourth));
  ASSERT_TRUE((*opened)->ReadNewResults(heard).ok());
  EXPECT_EQ(lines, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ((*opened)->units(), 3);
}

// A root beyond max_empties is refused with the solver's own message before
// anything is written, with any number of passes (none solves the root).
TEST(Prove, ARootBeyondMaxEmptiesIsRefusedBeforeTheFolderIsMade) {
  const TempFolder folder("prove_max_empties");
  const Position root = RandomPositions(1, 20, 20, /*seed=*/3).front();
  for (const int passes : {0, 3}) {
    ProveOptions options = Small(folder / "p", 10);
    options.max_empties = 18;
    options.passes = passes;
    EXPECT_THAT(Prove(root, options).status().message(),
                HasSubstr("20 empty squares, more than the limit of 18"));
    EXPECT_FALSE(std::filesystem::exists(folder / "p"));
  }
}

TEST(Prove, AFolderOfAnotherProofIsRefused) {
  const TempFolder folder("prove_refuse");
  const std::vector<Position> two = RandomPositions(2, 14, 14, /*seed=*/3);
  ASSERT_TRUE(Prove(two[0], Small(folder / "p", 10)).ok());
  const absl::StatusOr<ProveSummary> other = Prove(two[1], Small(folder / "p", 10));
  EXPECT_THAT(other.status().message(), HasSubstr("/p/prove.json: this folder proves"));
  EXPECT_THAT(other.status().message(), HasSubstr("give each position its own work folder"));
  const absl::StatusOr<ProveSummary> units = Prove(two[0], Small(folder / "p", 9));
  EXPECT_THAT(units.status().message(),
              HasSubstr("this folder's units have 10 empties, not 9 (--unit-empties)"));
}

}  // namespace
}  // namespace endsolve::prove
