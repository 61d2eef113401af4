// solve_one: solves the Othello position given as its one argument, with the
// installed endsolve library, and prints the best move, the exact score for
// the side to move and the principal variation. The position is an .obf line
// ("<64 squares> X", answers allowed) or a move transcript ("f5d6c3");
// exit status 2 when it cannot be read, 1 when the solve fails.
#include <algorithm>
#include <cstdio>
#include <string>
#include <thread>

#include <absl/status/statusor.h>
#include <endsolve/board/bitboard.h>
#include <endsolve/board/notation.h>
#include <endsolve/board/position.h>
#include <endsolve/positions/position_io.h>
#include <endsolve/solver/solver.h>

// The exit status of a bad command line or position, as `endsolve` uses it.
constexpr int kUsageError = 2;

// Parses argv[1], solves it exactly on every hardware thread with Solve's
// own table (the default size and scheme), and prints the answer.
int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: solve_one POSITION  (an .obf line or a move transcript)\n");
    return kUsageError;
  }
  const absl::StatusOr<endsolve::Position> position =
      endsolve::ParsePositionText(argv[1], "the position");
  if (!position.ok()) {
    std::fprintf(stderr, "solve_one: %s\n", std::string(position.status().message()).c_str());
    return kUsageError;
  }
  endsolve::SolveOptions options;
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  options.threads = std::clamp(cores, 1, endsolve::kMaxThreads);
  const absl::StatusOr<endsolve::SolveResult> solved = endsolve::Solve(position->board, options);
  if (!solved.ok()) {
    std::fprintf(stderr, "solve_one: %s\n", std::string(solved.status().message()).c_str());
    return 1;
  }
  const endsolve::SolveResult& result = *solved;
  std::printf("best move %s, score %s\npv %s\n", endsolve::SquareName(result.best_move).c_str(),
              endsolve::FormatScore(result.score).c_str(),
              endsolve::FormatPv(result.pv).c_str());
  return 0;
}
