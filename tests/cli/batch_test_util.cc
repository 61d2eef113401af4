#include "tests/cli/batch_test_util.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <system_error>
#include <fstream>
#include <sstream>
#include <thread>

#include "endsolve/batch/identity.h"
#include "endsolve/positions/position_io.h"
#include "gtest/gtest.h"

namespace endsolve::testing {

batch::BatchItem ItemOf(const std::string& text, const std::string& file, int line) {
  absl::StatusOr<Position> p = ParsePositionText(text, "test");
  EXPECT_TRUE(p.ok()) << p.status();
  batch::BatchItem item;
  item.file = file;
  item.line = line;
  item.id = batch::BatchId(file, line, batch::ItemHash(KeyOf(p->board), p->window));
  item.position = *p;
  return item;
}
namespace {

// Knuth's MMIX LCG; the high bits are the good ones, so draws use them.
class Lcg {
 public:
  explicit Lcg(std::uint64_t seed) : state_(seed) {}
  int Below(int n) {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state_ >> 33) % static_cast<std::uint64_t>(n));
  }

 private:
  std::uint64_t state_;
};

// One random game played until `target` empties remain; nullopt when the
// game ends first.
std::optional<Position> PlayTo(int target, Lcg* rng) {
  Board board = Board::Initial();
  Color to_move = Color::kBlack;
  while (board.EmptyCount() > target) {
    Bitboard moves = board.Moves();
    if (moves == 0) {
      if (board.OpponentMoves() == 0) return std::nullopt;
      board = board.Pass();
      to_move = Opposite(to_move);
      continue;
    }
    int pick = rng->Below(PopCount(moves));
    int square = PopFirstSquare(moves);
    while (pick-- > 0) square = PopFirstSquare(moves);
    board = board.Play(square);
    to_move = Opposite(to_move);
  }
  if (board.IsGameOver()) return std::nullopt;
  Position position;
  position.board = board;
  position.to_move = to_move;
  return position;
}

}  // namespace

std::vector<Position> RandomPositions(int count, int min_empties, int max_empties,
                                      std::uint64_t seed) {
  Lcg rng(seed);
  std::vector<Position> positions;
  while (static_cast<int>(positions.size()) < count) {
    const int target = min_empties + rng.Below(max_empties - min_empties + 1);
    if (std::optional<Position> p = PlayTo(target, &rng)) positions.push_back(*p);
  }
  return positions;
}

std::string ObfText(const std::vector<Position>& positions) {
  std::string text;
  for (const Position& p : positions) text += FormatObf(p) + "\n";
  return text;
}

int CompleteLines(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  int lines = 0;
  char c;
  while (in.get(c)) lines += c == '\n';
  return lines;
}

// Polls the results file; a millisecond is far below the time a position
// takes to solve and write, so the kill lands soon after the awaited line.
ChildEnd RunAndSignalAfterLines(const std::vector<std::string>& argv,
                                const std::string& results_path, int lines, int signal_number,
                                const std::string& log_path, bool whole_group) {
  ChildEnd end;
  const pid_t pid = fork();
  if (pid == 0) {
    if (whole_group) setpgid(0, 0);
    const int log = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    const int null = open("/dev/null", O_RDONLY);
    dup2(null, STDIN_FILENO);
    dup2(log, STDOUT_FILENO);
    dup2(log, STDERR_FILENO);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  while (true) {
    if (waitpid(pid, &status, WNOHANG) == pid) {
      end.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      return end;
    }
    const int now = CompleteLines(results_path);
    if (now >= lines) {
      end.lines_at_kill = now;
      kill(whole_group ? -pid : pid, signal_number);
      break;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
  waitpid(pid, &status, 0);
  end.killed = WIFSIGNALED(status) && WTERMSIG(status) == signal_number;
  end.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return end;
}

std::vector<nlohmann::json> ReadResultLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<nlohmann::json> records;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << path << ":" << number << ": " << line;
    records.push_back(std::move(j));
  }
  return records;
}

std::map<std::string, nlohmann::json> ResultsById(const std::string& path) {
  std::map<std::string, nlohmann::json> by_id;
  for (nlohmann::json& j : ReadResultLines(path)) {
    const std::string id = j.value("id", "");
    j.erase("seconds");
    EXPECT_FALSE(by_id.contains(id)) << path << ": id " << id << " occurs twice";
    by_id[id] = std::move(j);
  }
  return by_id;
}

TempFolder::TempFolder(const std::string& name)
    : path_(::testing::TempDir() + "/" + name + "." + std::to_string(getpid())) {
  std::filesystem::remove_all(path_);
  std::filesystem::create_directories(path_);
}

// Never throws: a destructor that throws ends the test program (abort). A
// worker a test left running (the stand-in Slurm's tasks, killed or ending
// on their own) may still write into the folder while it is removed, and
// then the removal fails; the folder is a leftover in the temporary
// directory, not a failed test.
TempFolder::~TempFolder() {
  if (::testing::Test::HasFailure()) return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteFile(const std::string& path, const std::string& contents) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << contents;
}

}  // namespace endsolve::testing
