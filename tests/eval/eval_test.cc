// The evaluation: incremental indices against the from-scratch oracle,
// symmetry, and the weights file's errors.
#include <fstream>
#include <random>
#include <string>

#include "absl/strings/str_cat.h"
#include "endsolve/board/board.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/eval/fast_evaluate.h"
#include "endsolve/eval/patterns.h"
#include "endsolve/eval/weights.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::eval {
namespace {

using ::testing::HasSubstr;

// Weights with every free weight random: any symmetry the evaluation shows
// then comes from the patterns, not from the training data.
Weights RandomWeights(unsigned seed) {
  Weights weights;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-2000, 2000);
  for (int phase = 0; phase < kNumPhases; ++phase) {
    std::int16_t* w = weights.Phase(phase);
    for (int j = 0; j < Weights::PhaseSize(); ++j) w[j] = static_cast<std::int16_t>(dist(rng));
  }
  return weights;
}

// A random legal move of the side to move, or -1.
int RandomMove(const Board& board, std::mt19937& rng) {
  Bitboard moves = board.Moves();
  if (moves == 0) return -1;
  int pick = static_cast<int>(rng() % PopCount(moves));
  while (pick-- > 0) moves &= moves - 1;
  return FirstSquare(moves);
}

// Plays `games` random games from the initial position (seeded by `seed`)
// and calls visit(board) at every position whose side to move has a move,
// passing for it where it has none. Stops at the first fatal failure.
template <typename Visit>
void ForEachPositionOfRandomGames(int games, unsigned seed, Visit visit) {
  std::mt19937 rng(seed);
  for (int game = 0; game < games; ++game) {
    Board board = Board::Initial();
    for (int ply = 0; ply < 60; ++ply) {
      if (board.Moves() == 0) {
        if (board.OpponentMoves() == 0) break;
        board = board.Pass();
      }
      visit(board);
      if (::testing::Test::HasFatalFailure()) return;
      board = board.Play(RandomMove(board, rng));
    }
  }
}

TEST(PatternsTest, EveryInstanceIsAnImageOfItsClassAndSquaresAreCovered) {
  const PatternSet& set = Patterns();
  Bitboard covered = 0;
  int per_class[kNumClasses] = {};
  for (const PatternInstance& instance : set.instances) {
    ++per_class[instance.pattern_class];
    for (int k = 0; k < instance.size; ++k) covered |= SquareBit(instance.squares[k]);
  }
  EXPECT_EQ(covered, ~Bitboard{0});
  // Edges, 3x3 blocks, 2x5 rectangles, lines 2-4, diagonals 8, 7, 6, 5, 4.
  EXPECT_THAT(per_class, ::testing::ElementsAre(4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4));
  // The edge reads the same reversed: half its indices (plus the
  // palindromes) are free.
  EXPECT_EQ(set.free_weights[0], (59049 + 243) / 2);
  EXPECT_EQ(set.free_weights[2], 59049);  // the 2x5 rectangle has no self-symmetry
}

TEST(EvaluatorTest, IncrementalIndicesEqualFromScratchAlongRandomGames) {
  const Evaluator evaluator(RandomWeights(1));
  std::mt19937 rng(7);
  for (int game = 0; game < 200; ++game) {
    // Side A is the side to move at the start of each game.
    const Board start = Board::Initial();
    PatternState state = PatternState::FromBoard(start.player, start.opponent);
    Board board = start;
    bool a_to_move = true;
    int moves = 0;
    for (;;) {
      if (board.Moves() == 0) {
        if (board.OpponentMoves() == 0) break;
        board = board.Pass();
        a_to_move = !a_to_move;
      }
      const int square = RandomMove(board, rng);
      const Bitboard flipped = Flips(board.player, board.opponent, square);
      ++moves;
      state.Play(square, flipped, a_to_move);
      board = board.PlayFlips(square, flipped);
      a_to_move = !a_to_move;
      const Bitboard a = a_to_move ? board.player : board.opponent;
      const Bitboard b = a_to_move ? board.opponent : board.player;
      ASSERT_EQ(state, PatternState::FromBoard(a, b)) << "game " << game << ", move " << moves;
      ASSERT_EQ(PatternState::FromDiscs(a, b), PatternState::FromBoard(a, b))
          << "game " << game << ", move " << moves;
      ASSERT_EQ(evaluator.Evaluate(state, board.EmptyCount(), a_to_move),
                evaluator.Evaluate(board.player, board.opponent))
          << "game " << game << ", move " << moves;
    }
  }
}

TEST(EvaluatorTest, TheEightImagesOfAPositionEvaluateEqual) {
  const Evaluator random(RandomWeights(2));
  const Evaluator& trained = Evaluator::Default();
  int checked = 0;
  ForEachPositionOfRandomGames(100, 11, [&](const Board& board) {
    for (int s = 1; s < kNumSymmetries; ++s) {
      const Board image = Transform(board, s);
      ASSERT_EQ(random.Evaluate(image.player, image.opponent),
                random.Evaluate(board.player, board.opponent)) << "symmetry " << s;
      ASSERT_EQ(trained.Evaluate(image.player, image.opponent),
                trained.Evaluate(board.player, board.opponent)) << "symmetry " << s;
      ++checked;
    }
  });
  EXPECT_GT(checked, 10000);
}

TEST(EvaluatorTest, TheSwappedReadingIsTheBoardReadBySideB) {
  // Each index read with side B as digit 1 is the index's colours swapped
  // (patterns.h's SwapColours, digit by digit), and the state built with B
  // as side A; evaluating side B through it equals evaluating that state
  // for its side A.
  const Evaluator evaluator(RandomWeights(3));
  const PatternSet& set = Patterns();
  int checked = 0;
  ForEachPositionOfRandomGames(50, 13, [&](const Board& board) {
    const PatternState state = PatternState::FromBoard(board.player, board.opponent);
    const PatternState as_b = PatternState::FromBoard(board.opponent, board.player);
    EXPECT_EQ(state.swapped_indices(), as_b.indices());
    EXPECT_EQ(state.indices(), as_b.swapped_indices());
    for (int i = 0; i < kNumInstances; ++i) {
      ASSERT_EQ(state.swapped_indices()[i],
                SwapColours(state.indices()[i], set.instances[i].size)) << "instance " << i;
    }
    EXPECT_EQ(evaluator.Evaluate(state, board.EmptyCount(), /*a_to_move=*/false),
              evaluator.Evaluate(as_b, board.EmptyCount(), /*a_to_move=*/true));
    EXPECT_EQ(evaluator.Evaluate(as_b, board.EmptyCount(), /*a_to_move=*/false),
              evaluator.Evaluate(board.player, board.opponent));
    ++checked;
  });
  EXPECT_GT(checked, 2000);
}

// fast::Evaluate (eight instances a step by vector gathers with AVX2,
// sixteen with AVX-512) against Evaluator::Evaluate, the oracle: every
// phase's table, both readings, the trained weights and weights at the
// int16 extremes, whose sign the gather's 32-bit reads must keep. The last
// phase's table ends at the allocation's spare entry.
TEST(EvaluatorTest, TheFastSumEqualsTheSimpleSumInEveryPhase) {
  Weights extremes;
  std::mt19937 rng(17);
  for (int phase = 0; phase < kNumPhases; ++phase) {
    std::int16_t* w = extremes.Phase(phase);
    for (int j = 0; j < Weights::PhaseSize(); ++j) w[j] = rng() % 2 == 0 ? -32768 : 32767;
  }
  const Evaluator extreme(extremes);
  const Evaluator random(RandomWeights(4));
  const Evaluator& trained = Evaluator::Default();
  int checked = 0;
  ForEachPositionOfRandomGames(30, 19, [&](const Board& board) {
    const PatternState state = PatternState::FromDiscs(board.player, board.opponent);
    for (int empties = 0; empties <= kNumSquares; ++empties) {
      for (const bool a_to_move : {true, false}) {
        for (const Evaluator* evaluator : {&extreme, &random, &trained}) {
          ASSERT_EQ(fast::Evaluate(*evaluator, state, empties, a_to_move),
                    evaluator->Evaluate(state, empties, a_to_move))
              << "empties " << empties << ", a_to_move " << a_to_move;
          ++checked;
        }
      }
    }
  });
  EXPECT_GT(checked, 200000);
}

TEST(EvaluatorTest, ToDiscsRoundsAndClamps) {
  EXPECT_EQ(Evaluator::ToDiscs(0), 0);
  EXPECT_EQ(Evaluator::ToDiscs(kUnitsPerDisc * 3 + kUnitsPerDisc / 2), 4);
  EXPECT_EQ(Evaluator::ToDiscs(-kUnitsPerDisc * 3 - kUnitsPerDisc / 2), -4);
  EXPECT_EQ(Evaluator::ToDiscs(kUnitsPerDisc * 100), 64);
  EXPECT_EQ(Evaluator::ToDiscs(-kUnitsPerDisc * 100), -64);
}

TEST(WeightsFileTest, RoundTripsAndTheDefaultIsATrainedSet) {
  const Weights weights = RandomWeights(4);
  absl::StatusOr<Weights> parsed = ParseWeights(weights.Serialize(), "w.bin");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_TRUE(*parsed == weights);
  // The built-in weights are not all zero: the opening position of the
  // middle phases has non-zero pattern weights.
  EXPECT_FALSE(DefaultWeights() == Weights());
}

TEST(WeightsFileTest, CorruptTruncatedAndMismatchedFilesGiveClearErrors) {
  const std::string good = RandomWeights(5).Serialize();
  auto error = [](const std::string& bytes) {
    absl::StatusOr<Weights> parsed = ParseWeights(bytes, "w.bin");
    EXPECT_FALSE(parsed.ok());
    return std::string(parsed.status().message());
  };
  EXPECT_EQ(error("hello"), "w.bin: expected an endsolve weights file (magic \"ESEVALW\"), found other bytes");
  EXPECT_EQ(error(""), "w.bin: expected an endsolve weights file (magic \"ESEVALW\"), found other bytes");
  EXPECT_EQ(error(good.substr(0, 10)), "w.bin: truncated at byte 8: expected the version");
  std::string version = good;
  version[8] = 9;
  EXPECT_EQ(error(version), "w.bin: expected version 1 (this build), found 9");
  std::string width = good;
  width[16] = 4;
  EXPECT_EQ(error(width), "w.bin: expected empties per phase 2 (this build), found 4");
  std::string size = good;
  size[28] = 9;  // the first class's size
  EXPECT_EQ(error(size), "w.bin: expected size of pattern class 0 (edge+2X) 10 (this build), found 9");
  EXPECT_THAT(error(good.substr(0, good.size() - 100)), HasSubstr("(truncated)"));
  EXPECT_THAT(error(good + "x"), HasSubstr("(trailing bytes)"));
  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x40;
  EXPECT_THAT(error(flipped), HasSubstr("w.bin: checksum mismatch: stored "));
  EXPECT_THAT(error(flipped), HasSubstr("(corrupt file)"));
  absl::StatusOr<Weights> missing = ReadWeightsFile("/nonexistent/w.bin");
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(missing.status().message(), HasSubstr("/nonexistent/w.bin: cannot open the weights file"));
}

// An endless input costs at most one weights file's memory: one that is
// not a weights file is refused at its first bytes, one that starts as a
// weights file of this build (here: a good file with more behind it) at one
// byte more than such a file. --eval /dev/zero is an error, not a read that
// fills the machine's memory.
TEST(WeightsFileTest, AnEndlessOrOverlongInputIsRefusedWithinOneFilesBytes) {
  const std::string good = DefaultWeights().Serialize();
  EXPECT_EQ(Weights::FileBytes(), good.size());
  for (const std::string path : {"/dev/zero", "/dev/urandom"}) {
    absl::StatusOr<Weights> endless = ReadWeightsFile(path);
    ASSERT_FALSE(endless.ok()) << path;
    EXPECT_EQ(endless.status().message(),
              path + ": expected an endsolve weights file (magic \"ESEVALW\"), found other bytes");
  }
  const std::string longer = ::testing::TempDir() + "/longer.bin";
  std::ofstream(longer, std::ios::binary) << good << "more";
  absl::StatusOr<Weights> overlong = ReadWeightsFile(longer);
  ASSERT_FALSE(overlong.ok());
  EXPECT_EQ(overlong.status().message(),
            absl::StrCat(longer, ": more than ", good.size(),
                         " bytes, the size of a weights file of this build (trailing bytes, "
                         "or an endless input)"));
  const std::string exact = ::testing::TempDir() + "/exact.bin";
  std::ofstream(exact, std::ios::binary) << good;
  absl::StatusOr<Weights> read = ReadWeightsFile(exact);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_TRUE(*read == DefaultWeights());
  EXPECT_EQ(ReadWeightsFile(::testing::TempDir()).status().message(),
            absl::StrCat("cannot read ", ::testing::TempDir(), ": it is a directory"));
}

// Evaluator::Load, the evaluation a user names: the built-in one for no
// path; a file read once per path (a second Load gives the same evaluator,
// so options that hold its pointer stay valid); a bad file's error names
// it, and a later good path still loads.
TEST(EvaluatorLoadTest, ReadsEachFileOnceAndNamesABadOne) {
  absl::StatusOr<const Evaluator*> builtin = Evaluator::Load("");
  ASSERT_TRUE(builtin.ok());
  EXPECT_EQ(*builtin, &Evaluator::Default());

  const std::string path = ::testing::TempDir() + "/load_test_weights.bin";
  {
    std::ofstream out(path, std::ios::binary);
    out << RandomWeights(6).Serialize();
  }
  absl::StatusOr<const Evaluator*> first = Evaluator::Load(path);
  absl::StatusOr<const Evaluator*> second = Evaluator::Load(path);
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(*first, *second);
  EXPECT_NE(*first, &Evaluator::Default());

  const std::string missing = ::testing::TempDir() + "/no_such_weights.bin";
  absl::StatusOr<const Evaluator*> bad = Evaluator::Load(missing);
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(std::string(bad.status().message()), ::testing::HasSubstr(missing));
}

}  // namespace
}  // namespace endsolve::eval
