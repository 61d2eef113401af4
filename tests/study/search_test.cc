// Search(): negamax counts the nodes perft counts, every algorithm finds the
// value a plain minimax finds, and pruning saves nodes.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "endsolve/board/perft.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/study/study.h"
#include "tests/sanitized_share.h"
#include "tests/study/test_positions.h"
#include "gtest/gtest.h"

namespace endsolve::study {
namespace {

using ::endsolve::testing::InputsForThisBuild;

Algorithm Parsed(const std::string& name) {
  absl::StatusOr<Algorithm> algorithm = ParseAlgorithm(name);
  EXPECT_TRUE(algorithm.ok()) << algorithm.status();
  return *algorithm;
}

// Every algorithm the study knows, killers at a few counts.
std::vector<Algorithm> AllAlgorithms() {
  auto algorithms = ParseAlgorithms(
      "negamax,alphabeta,killer=1,killer=2,killer=3,killer=32,history,tt,tt+killer=1,"
      "tt+killer=4,tt+killer=32,tt+history,fastest-first,eval");
  EXPECT_TRUE(algorithms.ok()) << algorithms.status();
  return *algorithms;
}

std::unique_ptr<TranspositionTable> SmallTable(ReplacementScheme scheme = ReplacementScheme::kTwoBig1) {
  TTOptions options;
  options.size_mib = 1;
  options.shards = 1;
  options.scheme = scheme;
  options.statistics = true;  // a test reads the hits
  auto table = TranspositionTable::Create(options);
  EXPECT_TRUE(table.ok()) << table.status();
  return *std::move(table);
}

// The value of `board` at `depth` by plain minimax over the portable rules,
// sharing no code with Search: the leaves scored as the header says.
int Minimax(const Board& board, int depth, LeafEval leaf) {
  if (board.IsGameOver()) return board.FinalScore();
  if (depth == 0) {
    if (leaf == LeafEval::kDiscs) return PopCount(board.player) - PopCount(board.opponent);
    return eval::Evaluator::ToDiscs(eval::Evaluator::Default().Evaluate(board.player, board.opponent));
  }
  Bitboard moves = board.Moves();
  if (moves == 0) return -Minimax(board.Pass(), depth - 1, leaf);
  int best = -1000;
  while (moves) best = std::max(best, -Minimax(board.Play(PopFirstSquare(moves)), depth - 1, leaf));
  return best;
}

std::vector<Board> MixedPositions() {
  std::vector<Board> boards = {Board::Initial()};
  for (const Position& p : testing::FfoPositions(5)) boards.push_back(p.board);
  for (const Board& b : testing::LatePositions(InputsForThisBuild(8))) boards.push_back(b);
  for (const Board& b : testing::PassPositions(InputsForThisBuild(8))) boards.push_back(b);
  return boards;
}

// The first test: negamax visits perft's tree, node for node,
// passes and finished games included.
TEST(StudySearchTest, NegamaxCountsWhatPerftCounts) {
  const std::vector<Board> boards = MixedPositions();
  SearchSettings settings;
  settings.leaf = LeafEval::kDiscs;
  const Algorithm negamax = Parsed("negamax");
  int passes = 0, finished = 0;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    for (int depth = 1; depth <= 5; ++depth) {
      const NodeCounts perft = Perft(boards[i], depth);
      const SearchOutcome outcome = Search(boards[i], depth, negamax, settings);
      EXPECT_EQ(outcome.nodes.leaves, perft.leaves) << "position " << i << " depth " << depth;
      EXPECT_EQ(outcome.nodes.internal, perft.internal) << "position " << i << " depth " << depth;
      const testing::TreeEvents events = testing::EventsOf(boards[i], depth);
      passes += events.passes;
      finished += events.finished;
    }
  }
  // The positions did put passes and early ends inside the searched trees.
  EXPECT_GT(passes, 0);
  EXPECT_GT(finished, 0);
}

// The second test: at depths 1-5, every algorithm returns the value
// of the plain minimax, with either leaf evaluation.
TEST(StudySearchTest, EveryAlgorithmFindsTheMinimaxValue) {
  const std::vector<Board> boards = MixedPositions();
  const std::vector<Algorithm> algorithms = AllAlgorithms();
  auto table = SmallTable();
  for (const LeafEval leaf : {LeafEval::kPatterns, LeafEval::kDiscs}) {
    SearchSettings settings;
    settings.leaf = leaf;
    settings.tt = table.get();
    for (std::size_t i = 0; i < boards.size(); ++i) {
      for (int depth = 1; depth <= 5; ++depth) {
        const int expected = Minimax(boards[i], depth, leaf);
        for (const Algorithm& algorithm : algorithms) {
          EXPECT_EQ(Search(boards[i], depth, algorithm, settings).value, expected)
              << algorithm.name << ", position " << i << ", depth " << depth
              << (leaf == LeafEval::kDiscs ? ", discs" : ", patterns");
        }
      }
    }
  }
}

// Each replacement scheme keeps a different subset of entries; none may
// change a value, even in a table small enough to replace often.
TEST(StudySearchTest, EverySchemeKeepsTheValue) {
  const std::vector<Position> positions = testing::FfoPositions(3);
  const Algorithm tt = Parsed("tt+killer=2");
  for (const char* name : {"deep", "new", "old", "big1", "bigall", "twodeep", "twobig1", "twobigall"}) {
    auto scheme = ParseScheme(name);
    ASSERT_TRUE(scheme.ok()) << name;
    auto table = SmallTable(*scheme);
    SearchSettings settings;
    settings.tt = table.get();
    for (const Position& position : positions) {
      EXPECT_EQ(Search(position.board, 5, tt, settings).value,
                Minimax(position.board, 5, LeafEval::kPatterns))
          << name << " " << position.label;
    }
  }
}

// Late in a game the trees are narrow and transpose often, so the table
// answers many nodes there: the table's algorithms against plain
// alpha-beta, deeper and on more positions than above.
TEST(StudySearchTest, TheTableKeepsTheValueWhereItHitsOften) {
  const std::vector<Board> boards = testing::LatePositions(InputsForThisBuild(40));
  const std::vector<Algorithm> algorithms = *ParseAlgorithms("tt,tt+killer=2,tt+history");
  const Algorithm alphabeta = Parsed("alphabeta");
  auto table = SmallTable();
  SearchSettings settings;
  settings.tt = table.get();
  std::uint64_t hits = 0;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    for (int depth = 4; depth <= 7; ++depth) {
      const int expected = Search(boards[i], depth, alphabeta, settings).value;
      for (const Algorithm& algorithm : algorithms) {
        EXPECT_EQ(Search(boards[i], depth, algorithm, settings).value, expected)
            << algorithm.name << ", position " << i << ", depth " << depth;
        hits += table->Stats().hits;
      }
    }
  }
  // The check did exercise the table's answers.
  EXPECT_GT(hits, 1000u);
}

// The best move is a legal move whose child, searched one ply less,
// has the negated value; a pass at the root is kPass, a finished game
// kNoMove.
TEST(StudySearchTest, TheBestMoveReachesTheValue) {
  const std::vector<Algorithm> algorithms = AllAlgorithms();
  auto table = SmallTable();
  SearchSettings settings;
  settings.tt = table.get();
  const Algorithm negamax = Parsed("negamax");
  for (const Board& board : MixedPositions()) {
    for (const Algorithm& algorithm : algorithms) {
      const SearchOutcome outcome = Search(board, 3, algorithm, settings);
      const Bitboard moves = board.Moves();
      if (moves == 0) {
        EXPECT_EQ(outcome.best_move, kPass) << algorithm.name;
        EXPECT_EQ(-Search(board.Pass(), 2, negamax, settings).value, outcome.value) << algorithm.name;
        continue;
      }
      ASSERT_LT(outcome.best_move, kNumSquares) << algorithm.name;
      ASSERT_TRUE(moves & SquareBit(outcome.best_move)) << algorithm.name;
      EXPECT_EQ(-Search(board.Play(outcome.best_move), 2, negamax, settings).value, outcome.value)
          << algorithm.name;
    }
  }
}

// A finished game at the root is one leaf with its exact score, whatever
// the depth.
TEST(StudySearchTest, AFinishedGameIsOneExactLeaf) {
  // A1 is empty, the opponent's one disc on G4 is on none of A1's lines,
  // and the player owns the rest: neither side can move. 62 - 1 + 1 empty.
  constexpr int kG4 = 30;
  const Board board{~(SquareBit(0) | SquareBit(kG4)), SquareBit(kG4)};
  ASSERT_TRUE(board.IsGameOver());
  const SearchOutcome outcome = Search(board, 4, Parsed("alphabeta"), {});
  EXPECT_EQ(outcome.value, 62);
  EXPECT_EQ(outcome.best_move, kNoMove);
  EXPECT_EQ(outcome.nodes.leaves, 1u);
  EXPECT_EQ(outcome.nodes.internal, 0u);
}

// Pruning: alpha-beta visits no more leaves than negamax anywhere, and far
// fewer in all; the table is cleared by Search, so a second search counts
// the same nodes as the first.
TEST(StudySearchTest, AlphaBetaPrunesAndTheTableIsCleared) {
  const std::vector<Position> positions = testing::FfoPositions(5);
  const Algorithm negamax = Parsed("negamax");
  const Algorithm alphabeta = Parsed("alphabeta");
  const Algorithm tt = Parsed("tt");
  auto table = SmallTable();
  SearchSettings settings;
  settings.tt = table.get();
  std::uint64_t all_negamax = 0, all_alphabeta = 0;
  for (const Position& position : positions) {
    const SearchOutcome full = Search(position.board, 4, negamax, settings);
    const SearchOutcome pruned = Search(position.board, 4, alphabeta, settings);
    EXPECT_LE(pruned.nodes.leaves, full.nodes.leaves) << position.label;
    all_negamax += full.nodes.leaves;
    all_alphabeta += pruned.nodes.leaves;
    const SearchOutcome first = Search(position.board, 4, tt, settings);
    const SearchOutcome second = Search(position.board, 4, tt, settings);
    EXPECT_EQ(first.nodes.leaves, second.nodes.leaves) << position.label;
    EXPECT_EQ(first.nodes.internal, second.nodes.internal) << position.label;
  }
  EXPECT_LT(2 * all_alphabeta, all_negamax);
}

// The orderings reach the search: over FFO #40-#44 at depth 5, killers,
// history and the solver's orderings each visit fewer leaves than plain
// alpha-beta in square order (counts, so the same on every machine).
TEST(StudySearchTest, OrderingsSaveLeaves) {
  const std::vector<Position> positions = testing::FfoPositions(5);
  auto table = SmallTable();
  SearchSettings settings;
  settings.tt = table.get();
  auto leaves = [&](const std::string& name) {
    std::uint64_t total = 0;
    for (const Position& position : positions) {
      total += Search(position.board, 5, Parsed(name), settings).nodes.leaves;
    }
    return total;
  };
  const std::uint64_t alphabeta = leaves("alphabeta");
  EXPECT_LT(leaves("killer=1"), alphabeta);
  EXPECT_LT(leaves("killer=32"), alphabeta);
  EXPECT_LT(leaves("history"), alphabeta);
  EXPECT_LT(leaves("fastest-first"), alphabeta);
  EXPECT_LT(leaves("eval"), alphabeta);
  EXPECT_LT(leaves("tt+killer=32"), leaves("tt"));
  EXPECT_LT(leaves("tt+history"), leaves("tt"));
}

}  // namespace
}  // namespace endsolve::study
