// endsolve prove's manager against the solver: the same score on random
// positions proven through tiny units, with a principal variation that
// keeps it; a proof resumed from its folder; a folder of another proof
// refused. Units of 8-10 empties keep a proof of a 14-16-empty position
// under a second while its tree still has passes, games that end inside it
// and, with an evaluation of zeros, first guesses far from the score.
#include <algorithm>
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
#include "endsolve/prove/proof_tree.h"
#include "endsolve/prove/prover.h"
#include "endsolve/prove/round_pruner.h"
#include "endsolve/prove/simulate.h"
#include "endsolve/solver/solver.h"
#include "endsolve/tests/cli/batch_test_util.h"
#include "endsolve/tests/sanitized_share.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace endsolve::prove {
namespace {

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
TEST(ProofTree, APlanIsTheSameOnAnyThreadsAndAgainOnTheTreeItLeft) {
  const eval::Evaluator& evaluator = eval::Evaluator::Default();
  auto board_and_window = [](const std::vector<Position>& units) {
    std::vector<std::string> out;
    for (const Position& u : units) out.push_back(FormatObf(u));
    return out;
  };
  int planned = 0;
  // One root under a sanitizer: each tree's top plies are 8-ply searches
  // over 16-18 empties, and the six took 125 s under ASan.
  const int roots = InputsForThisBuild(6);
  for (const Position& root : RandomPositions(roots, 16, 18, /*seed=*/41)) {
    const int unit_empties = root.board.EmptyCount() - 6;
    ProofTree one(root.board, root.to_move, 0, unit_empties, evaluator, /*threads=*/1);
    ProofTree four(root.board, root.to_move, 0, unit_empties, evaluator, /*threads=*/4);
    for (int test : {0, 8, -8}) {
      const Knowledge none;
      std::vector<Position> by_one, by_four, again;
      std::vector<bool> expected_one, expected_again;
      ASSERT_EQ(one.Plan(test, none, &by_one, &expected_one), TestState::kPending);
      ASSERT_EQ(four.Plan(test, none, &by_four), TestState::kPending);
      EXPECT_EQ(board_and_window(by_one), board_and_window(by_four)) << FormatObf(root);
      EXPECT_EQ(one.expanded(), four.expanded());
      const std::int64_t expanded = one.expanded();
      ASSERT_EQ(one.Plan(test, none, &again, &expected_again), TestState::kPending);
      EXPECT_EQ(one.expanded(), expanded) << FormatObf(root);
      EXPECT_EQ(board_and_window(again), board_and_window(by_one));
      EXPECT_EQ(expected_again, expected_one);
      ASSERT_FALSE(by_one.empty());
      ++planned;
    }
    EXPECT_EQ(one.ExpandedPaths(), four.ExpandedPaths());
  }
  EXPECT_EQ(planned, 3 * roots);
}

// A plan takes each unit's answer as its hypothesis says; a unit answered
// that way leaves the rest of the plan as it was, in its order, so that
// after such an answer the local engine need not plan again (RoundPruner).
// It holds only if the plan asks no unit whose parent another unit of the
// plan already answers through a transposition: before the transposition
// cut (ProofTree::Plan) the second root here, at test +8, asked its unit 6
// beside unit 0, a sibling of unit 6 reached first through another line,
// and unit 0's answer made unit 6 needless.
TEST(ProofTree, AUnitAnsweredAsThePlanTookItLeavesTheRestOfThePlan) {
  const eval::Evaluator zeros{eval::Weights()};
  int checked = 0;
  for (const Position& root : RandomPositions(2, 14, 15, /*seed=*/90)) {
    ProofTree tree(root.board, root.to_move, 0, root.board.EmptyCount() - 4, zeros, 1);
    for (const int test : {-8, 0, 8}) {
      std::vector<Position> units;
      std::vector<bool> expected;
      if (tree.Plan(test, Knowledge(), &units, &expected) != TestState::kPending) continue;
      for (std::size_t i = 0; i < units.size(); ++i) {
        // The unit asks "at least lo + 1?", answered as the plan took it.
        const int lo = units[i].window->lo;
        Knowledge answered;
        ASSERT_TRUE(expected[i] ? answered.Learn(units[i].board, lo + 1, 64)
                                : answered.Learn(units[i].board, -64, lo));
        std::vector<Position> rest = units;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
        std::vector<Position> again;
        ASSERT_EQ(tree.Plan(test, answered, &again), TestState::kPending);
        EXPECT_EQ(again.size(), rest.size()) << FormatObf(root) << " test " << test << " unit " << i;
        for (std::size_t k = 0; k < std::min(again.size(), rest.size()); ++k) {
          EXPECT_EQ(FormatObf(again[k]), FormatObf(rest[k])) << FormatObf(root) << " test " << test;
        }
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 50);
}

// Fastest first (kReplyWeight): with an evaluation of zeros, only the
// replies a child leaves the opponent order it (a corner counted 3 times),
// ties in square order; a test far below every estimate is planned as one
// unit one empty below the root, the child tried first.
TEST(ProofTree, TheChildThatLeavesTheFewestRepliesIsTriedFirst) {
  const eval::Evaluator zeros{eval::Weights()};
  const Knowledge none;
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
    std::vector<Position> units;
    ASSERT_EQ(tree.Plan(-62, none, &units), TestState::kPending);
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
// unit: a test far below every estimate is planned as one unit, the child
// tried first; and the hypothesis a unit is planned under is its estimate's.
TEST(ProofTree, TheOrderingTablesMoveComesFirstAndItsBoundsHoldTheEstimates) {
  const eval::Evaluator& evaluator = eval::Evaluator::Default();
  const Knowledge none;
  int checked = 0;
  for (const Position& root : RandomPositions(8, 16, 18, /*seed=*/53)) {
    if (PopCount(root.board.Moves()) < 2) continue;
    const int unit_empties = root.board.EmptyCount() - 1;
    // Without a table: the evaluation's first child.
    ProofTree plain(root.board, root.to_move, 0, unit_empties, evaluator, /*threads=*/1);
    std::vector<Position> first_plain;
    ASSERT_EQ(plain.Plan(-62, none, &first_plain), TestState::kPending);
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
    std::vector<Position> first_moved;
    ASSERT_EQ(moved.Plan(-62, none, &first_moved), TestState::kPending);
    ASSERT_EQ(first_moved.size(), 1u);
    EXPECT_EQ(first_moved[0].board, root.board.Play(other)) << FormatObf(root);

    // Only `other`'s own entry, which bounds it to exactly -60 for its side
    // to move: it ranks first, and a test of +58 plans it alone, expecting
    // the answer "no, not at least -56" (the root wins by 60 there).
    std::unique_ptr<TranspositionTable> bounds =
        TranspositionTable::CreateWithEntries(1024, ReplacementScheme::kTwoBig1).value();
    TTData child_entry;
    child_entry.lower = -60;
    child_entry.upper = -60;
    child_entry.draft = 1;
    bounds->Store(root.board.Play(other), child_entry, 1);
    ProofTree bounded(root.board, root.to_move, 0, unit_empties, evaluator, 1, 0, bounds.get());
    std::vector<Position> units;
    std::vector<bool> expected;
    ASSERT_EQ(bounded.Plan(58, none, &units, &expected), TestState::kPending);
    ASSERT_EQ(units.size(), 1u) << FormatObf(root);
    EXPECT_EQ(units[0].board, root.board.Play(other)) << FormatObf(root);
    EXPECT_EQ(units[0].window, (ScoreWindow{-57, -57}));
    EXPECT_EQ(expected, std::vector<bool>{false});
    ++checked;
  }
  EXPECT_GE(checked, 6);
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
  EXPECT_EQ(again->rounds, first->rounds);
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

// A units file begins with its round's test; one without is named, not
// guessed around.
TEST(Prove, AUnitsFileWithoutItsTestIsNamed) {
  const TempFolder folder("prove_units_header");
  const Position root = RandomPositions(1, 14, 14, /*seed=*/3).front();
  const absl::StatusOr<ProveSummary> proof = Prove(root, Small(folder / "p", 10));
  ASSERT_TRUE(proof.ok()) << proof.status();
  const std::string last =
      folder / absl::StrFormat("p/units/round-%03d.obf", proof->rounds);
  std::string units = testing::ReadFile(last);
  ASSERT_EQ(units[0], '%');
  testing::WriteFile(last, units.substr(units.find('\n') + 1));
  EXPECT_THAT(Prove(root, Small(folder / "p", 10)).status().message(),
              HasSubstr(absl::StrFormat("round-%03d.obf:1: expected '%% test SCORE' or '%% pv "
                                        "SCORE', the round's test",
                                        proof->rounds)));
}

// List scheduling by hand: round 1's units 3, 1, 1, 1 on two workers end at
// 3 (3 | 1 1 1), round 2's 2, 2 at 2: 5 s for 10 s of work.
TEST(Simulate, ListSchedulesEachRoundAndAddsTheRounds) {
  const std::vector<RoundTimes> rounds = {{1, {1, 3, 1, 1}}, {2, {2, 2}}};
  const Prediction two = Simulate(rounds, 2);
  EXPECT_DOUBLE_EQ(two.wall_seconds, 5);
  EXPECT_DOUBLE_EQ(two.speedup, 2);
  EXPECT_DOUBLE_EQ(two.largest_unit, 3);
  EXPECT_EQ(two.rounds, 2);
  EXPECT_DOUBLE_EQ(Simulate(rounds, 1).wall_seconds, 10);
  EXPECT_DOUBLE_EQ(Simulate(rounds, 100).wall_seconds, 5);  // the largest unit of each round
}

// The manager's planning comes before each round's units on any number of
// workers: with 0.5 s and 1.5 s of it, two workers take 2 s more (7 s for
// 12 s of work), and a hundred cannot go below 7 s.
TEST(Simulate, TheManagersPlanningIsAddedToEveryRound) {
  const std::vector<RoundTimes> rounds = {{1, {1, 3, 1, 1}, 0.5}, {2, {2, 2}, 1.5}};
  const Prediction two = Simulate(rounds, 2);
  EXPECT_DOUBLE_EQ(two.wall_seconds, 7);
  EXPECT_DOUBLE_EQ(two.plan_seconds, 2);
  EXPECT_DOUBLE_EQ(two.speedup, 12.0 / 7.0);
  EXPECT_DOUBLE_EQ(Simulate(rounds, 1).wall_seconds, 12);
  EXPECT_DOUBLE_EQ(Simulate(rounds, 1).speedup, 1);
  EXPECT_DOUBLE_EQ(Simulate(rounds, 100).wall_seconds, 7);
}

// A finished proof's folder gives every round's unit times and its
// planning time from rounds.jsonl.
TEST(Simulate, ReadsEachRoundsPlanningFromTheFolder) {
  const TempFolder folder("prove_plan_seconds");
  const std::vector<Position> one = RandomPositions(1, 14, 14, /*seed=*/5);
  ProveOptions options = Small(folder / "p", 10);
  options.prune = false;  // every planned unit runs, as the simulated workers would
  const absl::StatusOr<ProveSummary> proof = Prove(one[0], options);
  ASSERT_TRUE(proof.ok()) << proof.status();
  const absl::StatusOr<std::vector<RoundTimes>> rounds = ReadRoundTimes(folder / "p");
  ASSERT_TRUE(rounds.ok()) << rounds.status();
  ASSERT_EQ(static_cast<int>(rounds->size()), proof->rounds);
  double planning = 0, units = 0;
  for (const RoundTimes& r : *rounds) {
    EXPECT_FALSE(r.unit_seconds.empty()) << "round " << r.round;
    planning += r.plan_seconds;
    for (double u : r.unit_seconds) units += u;
  }
  EXPECT_GT(planning, 0);  // the first round's planning expands the root at least
  // The summary's wall time holds both (and the engine's own work).
  EXPECT_GE(proof->wall_seconds, planning + units);
}

// The rounds of a proof, as rounds.jsonl keeps them: units planned, and
// those skipped.
struct RoundLine {
  int units = 0;
  int skipped = 0;
};
std::vector<RoundLine> RoundLines(const std::string& folder) {
  std::vector<RoundLine> lines;
  std::istringstream text(testing::ReadFile(folder + "/rounds.jsonl"));
  for (std::string line; std::getline(text, line);) {
    const nlohmann::json j = nlohmann::json::parse(line);
    lines.push_back({j.at("units").get<int>(), j.at("skipped").get<int>()});
  }
  return lines;
}

// The local engine runs a round's units one after another, and skips those
// that answers before them in the round made needless (a child failing
// where every child must succeed spares its siblings). With an evaluation
// of zeros the hypotheses fail often: the pruned proofs reach the solver's
// score with fewer units, every unit planned and not run is counted as
// skipped, and a proof told not to prune skips none.
TEST(Prove, PruningInsideARoundSkipsNeedlessUnitsAndKeepsTheScore) {
  const eval::Evaluator zeros{eval::Weights()};
  const TempFolder folder("prove_prune");
  int pruned_units = 0, full_units = 0, skipped = 0;
  int index = 0;
  for (const Position& root : RandomPositions(InputsForThisBuild(8), 13, 14, /*seed=*/31)) {
    const int score = Solved(root.board);
    for (const bool prune : {true, false}) {
      const std::string dir = folder / absl::StrCat("p", index++);
      ProveOptions options = Small(dir, 9);
      options.evaluator = &zeros;
      options.prune = prune;
      const absl::StatusOr<ProveSummary> proof = Prove(root, options);
      ASSERT_TRUE(proof.ok()) << proof.status();
      EXPECT_EQ(proof->score, score) << FormatObf(root);
      ExpectLineKeepsTheScore(root, *proof);
      // Each unit planned either ran (one record) or was skipped.
      int planned = 0, round_skipped = 0;
      for (const RoundLine& r : RoundLines(dir)) {
        planned += r.units;
        round_skipped += r.skipped;
      }
      EXPECT_EQ(proof->units, planned - round_skipped) << FormatObf(root);
      (prune ? pruned_units : full_units) += proof->units;
      if (prune) {
        skipped += round_skipped;
      } else {
        EXPECT_EQ(round_skipped, 0);
      }
    }
  }
  EXPECT_GT(skipped, 0);
  EXPECT_LT(pruned_units, full_units);
}

// A round the pruning tests start from, and the plan an oracle tree
// (planned as the pruner's was) makes once the round's first unit is
// answered: what the pruner must do after that answer.
struct FirstAnswer {
  const Position* root = nullptr;
  int test = 0;
  ProofTree* tree = nullptr;           // the pruner's, which planned `units`
  std::vector<Position> units;         // in the plan's order, two at least
  std::vector<bool> expected;          // the answer the plan took for each
  int score = 0;                       // units[0]'s exact score
  bool against = false;                // its answer contradicts the plan
  std::vector<Position> replanned;     // the oracle's plan with that answer
};

// Calls `check` on the first round of each of 30 random roots of 14-15
// empties (a quarter of them under a sanitizer), units four empties below,
// tests -8, 0 and +8, with an evaluation of zeros (so that hypotheses
// fail). The seed is one whose first quarter of roots shows every case the
// tests count (seed 83's first rounds that go on came at its 22nd root).
// The three tests share each root's two trees, as a proof's tests share its
// tree (a plan does not depend on what the tree expanded before it:
// ProofTree.APlanIsTheSameOnAnyThreadsAndAgainOnTheTreeItLeft): a tree per
// test built the top plies' 8-ply ordering searches three times over. Under
// ASan the two tests took 280-500 s each, the tail of CI.
void ForEachFirstAnswer(const std::function<void(FirstAnswer&)>& check) {
  const eval::Evaluator zeros{eval::Weights()};
  for (const Position& root :
       RandomPositions(InputsForThisBuild(30), 14, 15, /*seed=*/108)) {
    const int unit_empties = root.board.EmptyCount() - 4;
    ProofTree tree(root.board, root.to_move, 0, unit_empties, zeros, 1);
    ProofTree oracle(root.board, root.to_move, 0, unit_empties, zeros, 1);
    for (const int test : {-8, 0, 8}) {
      FirstAnswer round;
      round.root = &root;
      round.test = test;
      round.tree = &tree;
      if (tree.Plan(test, Knowledge(), &round.units, &round.expected) != TestState::kPending) {
        continue;
      }
      if (round.units.size() < 2) continue;
      round.score = Solved(round.units[0].board);
      round.against = (round.score > round.units[0].window->lo) != round.expected[0];
      Knowledge after;
      after.Learn(round.units[0].board, round.score, round.score);
      oracle.Plan(test, after, &round.replanned);
      check(round);
    }
  }
}

// The local engine runs a round's units in alpha-beta's order: a unit runs
// only if it is the first one not run yet of the plan made with every
// answer before it (the oracle's). After an answer the plan expected,
// nothing is planned again and the round's units run as written; after one
// that contradicts it, the next
// unit is the new plan's first, and where that unit is not the round's (a
// sibling of the unit that failed, say), every unit the round holds is
// skipped, for the next round to plan after it.
TEST(RoundPruner, RunsTheUnitsInAlphaBetasOrder) {
  int agreed = 0, continued = 0, ended = 0;
  ForEachFirstAnswer([&](FirstAnswer& round) {
    const std::vector<Position>& units = round.units;
    const std::string where = absl::StrCat(FormatObf(*round.root), " test ", round.test);
    RoundPruner pruner(RoundPruner::Engine::kOneAfterAnother, round.tree, round.test, Knowledge(),
                       units, round.expected);
    ASSERT_TRUE(pruner.Run(units[0])) << where;
    batch::ResultRecord answer;  // as the local engine hears it
    answer.position = batch::BoardAndSide{units[0].board, units[0].to_move};
    answer.key = KeyOf(units[0].board);
    answer.window = units[0].window;
    answer.score = round.score;
    EXPECT_EQ(pruner.Heard(answer), round.against) << where;
    if (!round.against) {
      // Nothing to plan again: every unit runs, in the round's order, which
      // is the order of the plan made again
      // (ProofTree.AUnitAnsweredAsThePlanTookItLeavesTheRestOfThePlan).
      ASSERT_EQ(round.replanned.size(), units.size() - 1) << where;
      for (std::size_t i = 1; i < units.size(); ++i) {
        EXPECT_EQ(batch::QuestionOf(units[i]), batch::QuestionOf(round.replanned[i - 1])) << where;
        EXPECT_TRUE(pruner.Run(units[i])) << where;
        EXPECT_FALSE(pruner.Skipped(units[i]));
      }
      ++agreed;
      return;
    }
    std::size_t next = 0;  // the replanned unit that runs next
    for (std::size_t i = 1; i < units.size(); ++i) {
      const bool first = next < round.replanned.size() &&
                         batch::QuestionOf(units[i]) == batch::QuestionOf(round.replanned[next]);
      EXPECT_EQ(pruner.Run(units[i]), first) << where;
      if (first) ++next;
      EXPECT_EQ(pruner.Skipped(units[i]), !first);
    }
    if (!round.replanned.empty() &&
               std::none_of(units.begin(), units.end(), [&](const Position& u) {
                 return batch::QuestionOf(u) == batch::QuestionOf(round.replanned.front());
               })) {
      EXPECT_EQ(next, 0u) << where;  // the round ends: its units wait for the new first
      ++ended;
    } else {
      ++continued;
    }
  });
  // Each case seen (on 2026-11-28, over 30 roots: 61 answers agreed, 3
  // rounds went on, 24 ended; over the sanitizers' 7: 10, 3 and 6).
  EXPECT_GE(agreed, 5);
  EXPECT_GE(continued, 1);
  EXPECT_GE(ended, 5);
}

// A unit's answer as one of batch's workers writes it: the unit's item in
// the round's units file, solved in its window.
batch::Record WorkersAnswer(const batch::BatchItem& item) {
  SolveOptions options;
  options.threads = 1;
  options.table.size_mib = 4;
  options.lo = item.position->window->lo;
  options.hi = item.position->window->hi;
  const SolveResult result = Solve(item.position->board, options).value();
  return batch::FinishedRecord(item, result, batch::RunSettings{});
}

// The parallel and Slurm engines' pruning: a worker's answer against the
// plan, appended to its results file, makes the manager claim the round's
// units that the plan made again no longer asks (the oracle's), so that a
// worker's claim of one of them fails and every other stays free; a line
// still being written teaches nothing until its newline.
TEST(WorkersPruning, ClaimsTheUnitsThatAnAnswerAgainstThePlanMadeNeedless) {
  const TempFolder folder("prove_workers_pruning");
  int cases = 0, needless = 0, index = 0;
  ForEachFirstAnswer([&](FirstAnswer& round) {
    if (!round.against) return;
    const std::vector<Position>& units = round.units;
    const std::string where = absl::StrCat(FormatObf(*round.root), " test ", round.test);
    const std::string dir = folder / absl::StrCat("r", index++);
    std::filesystem::create_directories(dir + "/results");
    std::string text = absl::StrCat("% test ", round.test, "\n");
    for (const Position& u : units) absl::StrAppend(&text, FormatObf(u), "\n");
    testing::WriteFile(dir + "/round.obf", text);
    testing::WriteFile(dir + "/round.claims", "");
    const batch::BatchInput input = batch::LoadBatchInput({dir + "/round.obf"}).value();
    ASSERT_EQ(input.items.size(), units.size());

    RoundPruner pruner(RoundPruner::Engine::kSideBySide, round.tree, round.test, Knowledge(),
                       units, round.expected);
    WorkersPruning pruning(&pruner, dir + "/results", "round-001-worker-");
    ASSERT_TRUE(pruning.Start(dir + "/round.obf", dir + "/round.claims").ok());
    // A worker takes the first unit and writes its answer, half a line
    // first.
    std::unique_ptr<batch::Claims> worker = batch::Claims::Open(dir + "/round.claims").value();
    ASSERT_TRUE(worker->Claim(input.items[0].id).value());
    const std::string line = batch::DumpLine(WorkersAnswer(input.items[0])) + "\n";
    const std::string results = dir + "/results/round-001-worker-1-of-1.jsonl";
    testing::WriteFile(results, line.substr(0, line.size() / 2));
    ASSERT_TRUE(pruning.Poll().ok());
    for (std::size_t i = 1; i < units.size(); ++i) EXPECT_FALSE(pruner.Skipped(units[i]));
    testing::WriteFile(results, line);
    ASSERT_TRUE(pruning.Poll().ok());

    std::set<batch::QuestionKey> asked;
    for (const Position& u : round.replanned) asked.insert(batch::QuestionOf(u));
    for (std::size_t i = 1; i < units.size(); ++i) {
      const bool wanted = asked.contains(batch::QuestionOf(units[i]));
      EXPECT_EQ(pruner.Skipped(units[i]), !wanted) << where;
      EXPECT_EQ(worker->Claim(input.items[i].id).value(), wanted) << where;
      if (!wanted) ++needless;
    }
    ++cases;
  });
  // On 2026-11-28, over 30 roots: 27 cases, 185 units made needless; over
  // the sanitizers' 7: 9 and 148.
  EXPECT_GE(cases, 5);
  EXPECT_GE(needless, 10);
}

// The simulation schedules every unit a round planned; a pruned proof ran
// fewer, so its folder is refused, with what to do instead.
TEST(Simulate, RefusesAProofWhoseRoundsWerePruned) {
  const eval::Evaluator zeros{eval::Weights()};
  const TempFolder folder("prove_prune_simulate");
  for (const Position& root : RandomPositions(8, 13, 14, /*seed=*/31)) {
    ProveOptions options = Small(folder / "p", 9);
    options.evaluator = &zeros;
    ASSERT_TRUE(Prove(root, options).ok());
    bool pruned = false;
    for (const RoundLine& r : RoundLines(folder / "p")) pruned = pruned || r.skipped > 0;
    if (!pruned) {
      std::filesystem::remove_all(folder / "p");
      continue;
    }
    EXPECT_THAT(ReadRoundTimes(folder / "p").status().message(),
                HasSubstr("units that earlier answers made needless or put after others (the "
                          "local engine's pruning), which workers side by side would have run; prove into a "
                          "new folder with --simulate from the start"));
    return;
  }
  FAIL() << "no proof of the eight pruned a unit";
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
