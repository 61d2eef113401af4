// Tests of endsolve as an NBoard engine (nboard/session.h, nboard/engine.h),
// through the protocol's lines as a GUI sends them: the greeting and pings;
// every exact hint equal to the move's score in the FFO file; a whole game
// the engine plays against itself, its hints in the endgame checked against
// Solve's all-moves scores; a new command stopping the search under way;
// passes; and the lines it cannot use, named and changing nothing.
#include "endsolve/nboard/session.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "endsolve/positions/ggf.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/solver/solver.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace endsolve::nboard {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A session on an engine of one thread and a small table, its lines kept.
class SessionTest : public ::testing::Test {
 protected:
  void Open(int exact_empties, int depth) {
    EngineOptions options;
    options.solve.threads = 1;
    options.solve.table.size_mib = 16;
    options.exact_empties = exact_empties;
    options.depth = depth;
    absl::StatusOr<std::unique_ptr<Engine>> engine = Engine::Create(options);
    ASSERT_TRUE(engine.ok()) << engine.status();
    engine_ = *std::move(engine);
    session_ = std::make_unique<Session>(
        engine_.get(),
        [this](std::string_view line) {
          std::lock_guard<std::mutex> lock(mutex_);
          out_.emplace_back(line);
        },
        [this](std::string_view line) {
          std::lock_guard<std::mutex> lock(mutex_);
          errors_.emplace_back(line);
        });
  }

  // Sends the GUI's lines, numbered on from the last, and waits for the
  // answer to the last of them.
  void Say(const std::vector<std::string>& lines) {
    for (const std::string& line : lines) ASSERT_TRUE(session_->Handle(line, ++number_));
    session_->Wait();
  }

  // The lines written since the last call.
  std::vector<std::string> Take() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<std::string> lines = std::move(out_);
    out_.clear();
    return lines;
  }

  std::vector<std::string> TakeErrors() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<std::string> lines = std::move(errors_);
    errors_.clear();
    return lines;
  }

  std::unique_ptr<Engine> engine_;
  std::unique_ptr<Session> session_;
  std::mutex mutex_;
  std::vector<std::string> out_;
  std::vector<std::string> errors_;
  int number_ = 0;
};

// `set game` for a position: its board as GGF's BO, no moves.
std::string SetGame(const Position& p) {
  GgfGame game;
  game.start = p.board;
  game.start_to_move = p.to_move;
  return absl::StrCat("set game ", ToGgf(game));
}

Position FfoPosition(const std::string& file, int index) {
  absl::StatusOr<ReadResult> read =
      ReadPositionFile(absl::StrCat(ENDSOLVE_SOURCE_DIR, "/ffo/", file));
  EXPECT_TRUE(read.ok()) << read.status();
  return read->positions.at(static_cast<std::size_t>(index));
}

// The exact hints among `lines` ("search MOVE VALUE 0 100%"), by move: the
// first hint of each move, as it was proven.
std::map<std::string, int> ExactHints(const std::vector<std::string>& lines) {
  std::map<std::string, int> hints;
  for (const std::string& line : lines) {
    const std::vector<std::string> words = absl::StrSplit(line, ' ');
    if (words.size() != 5 || words[0] != "search" || words[4] != "100%") continue;
    double value = 0;
    EXPECT_TRUE(absl::SimpleAtod(words[2], &value)) << line;
    hints.emplace(words[1].substr(0, 2), static_cast<int>(value));
  }
  return hints;
}

std::map<std::string, int> AllMovesScores(const Board& board) {
  SolveOptions options;
  options.all_moves = true;
  absl::StatusOr<SolveResult> solved = Solve(board, options);
  EXPECT_TRUE(solved.ok()) << solved.status();
  std::map<std::string, int> scores;
  for (const MoveScore& m : solved->move_scores) {
    scores.emplace(m.square == kPass ? "PA" : SquareName(m.square), m.score);
  }
  return scores;
}

TEST_F(SessionTest, ItGreetsWithItsNameAndAnswersEachPing) {
  Open(14, 2);
  Say({"nboard 2", "ping 1", "ping 42"});
  EXPECT_THAT(Take(), ElementsAre("set myname endsolve", "pong 1", "pong 42"));
  EXPECT_THAT(TakeErrors(), ElementsAre());
}

TEST_F(SessionTest, EveryExactHintIsThatMovesScoreInTheFfoFile) {
  Open(20, 2);
  for (int i = 0; i < 3; ++i) {
    const Position p = FfoPosition("fforum-1-19.obf", i);
    Say({"nboard 2", SetGame(p), "hint 64"});
    const std::vector<std::string> lines = Take();
    std::map<std::string, int> expected;
    for (const MoveScore& answer : p.answers) expected.emplace(SquareName(answer.square), answer.score);
    EXPECT_EQ(ExactHints(lines), expected) << "FFO #" << i + 1;
    EXPECT_EQ(lines.back(), "status");
  }
  EXPECT_THAT(TakeErrors(), ElementsAre());
}

TEST_F(SessionTest, APlayedGameThroughTheProtocolHasExactHintsInItsEndgame) {
  // The engine plays both sides by `go`, the GUI's way: it answers a move,
  // which the GUI sends back with `move`. From 12 empties every position's
  // hints are exact and equal to Solve's every-move scores.
  Open(12, 2);
  Say({"nboard 2", "set depth 2",
       "set game (;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O-------"
       "-------------------- *];)"});
  Take();
  int moves = 0;
  int hinted = 0;
  while (!session_->position().board.IsGameOver()) {
    const Board board = session_->position().board;
    if (board.EmptyCount() <= 12) {
      Say({"hint 64"});
      EXPECT_EQ(ExactHints(Take()), AllMovesScores(board)) << board.EmptyCount() << " empties";
      ++hinted;
    }
    Say({"go"});
    std::string played;
    for (const std::string& line : Take()) {
      if (line.starts_with("=== ")) played = line.substr(4, 2);
    }
    ASSERT_FALSE(played.empty()) << "no move at " << board.EmptyCount() << " empties";
    Say({absl::StrCat("ping ", ++moves), absl::StrCat("move ", played)});
    ASSERT_THAT(TakeErrors(), ElementsAre()) << played;
  }
  EXPECT_GE(hinted, 5);
}

TEST_F(SessionTest, ANewCommandStopsTheSearchUnderWayBeforeItIsAnswered) {
  Open(12, 14);
  // A 14-ply search of every move from the start takes seconds; the ping
  // comes at once. Its pong follows everything the stopped search wrote.
  ASSERT_TRUE(session_->Handle("nboard 2", 1));
  ASSERT_TRUE(session_->Handle("hint 4", 2));
  ASSERT_TRUE(session_->Handle("ping 3", 3));
  session_->Wait();
  const std::vector<std::string> lines = Take();
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[lines.size() - 2], "status");
  EXPECT_EQ(lines.back(), "pong 3");
  // And the session answers the next request in full.
  Say({"set depth 2", "hint 4"});
  EXPECT_THAT(Take(), ::testing::Contains(HasSubstr(" 0 2")));
}

TEST_F(SessionTest, ASideThatMustPassHasTheOneHintPa) {
  Open(20, 2);
  // FFO #40 after A2 B1 C1: white has no move; black's B6 follows.
  const Position p = FfoPosition("fforum-40-59.obf", 0);
  Say({SetGame(p), "move A2", "move B1", "move C1", "hint 64"});
  const std::map<std::string, int> hints = ExactHints(Take());
  ASSERT_EQ(hints.size(), 1u);
  // FFO #40 is +38 for black by A2, and the rest of that line is best play.
  EXPECT_EQ(hints.at("PA"), -38);
  // A square black cannot take either is refused, and the pass it would
  // have needed is named.
  const Board before = session_->position().board;
  int nowhere = 0;
  while ((before.OpponentMoves() & SquareBit(nowhere)) != 0) ++nowhere;
  Say({"move " + SquareName(nowhere)});
  EXPECT_THAT(TakeErrors(),
              ElementsAre(absl::StrCat("line 6: expected a legal move for black, found '",
                                       SquareName(nowhere), "' (white must pass)")));
  EXPECT_EQ(session_->position().board, before);
  // A move the GUI sends without the pass is black's, after the pass.
  Say({"move B6"});
  EXPECT_EQ(session_->position().to_move, Color::kWhite);
  EXPECT_THAT(TakeErrors(), ElementsAre());
}

TEST_F(SessionTest, LinesItCannotUseAreNamedAndChangeNothing) {
  Open(12, 2);
  Say({"nboard 2", "move A1", "move Z9", "set game (;GM[Chess];)", "set depth 0", "hint x",
       "fly away", "nboard 7"});
  EXPECT_THAT(TakeErrors(),
              ElementsAre("line 2: expected a legal move for black, found 'A1'",
                          "line 3: expected a move for black (a square A1-H8 or PA), found 'Z9'",
                          "line 4: set game: game 1 (line 1): expected the game GM[Othello], found GM[Chess]",
                          "line 5: expected 'set depth N' with N in 1..60, found 'set depth 0'",
                          "line 6: expected 'hint N' with N at least 1, found 'hint x'",
                          "line 7: expected a command of the NBoard protocol (nboard, set, move, hint, "
                          "go, ping, learn, quit), found 'fly'; the line is ignored",
                          "line 8: expected the protocol version 'nboard 1' or 'nboard 2', found 'nboard 7'"));
  EXPECT_EQ(session_->position().board, Board::Initial());
  Say({"learn", "set contempt 100", "ping 2"});
  EXPECT_THAT(Take(), ::testing::IsSupersetOf({"learned", "pong 2"}));
  EXPECT_THAT(TakeErrors(), ElementsAre());
  EXPECT_FALSE(session_->Handle("quit", 20));
}

}  // namespace
}  // namespace endsolve::nboard
