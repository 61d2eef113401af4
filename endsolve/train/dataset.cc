#include "endsolve/train/dataset.h"

#include <algorithm>
#include <filesystem>

#include "absl/strings/str_cat.h"
#include "endsolve/board/fnv.h"
#include "endsolve/positions/wthor.h"

namespace endsolve::train {

std::uint64_t GameKey(const std::string& base_name, int number) {
  return FnvWord(Fnv1a64(base_name), static_cast<std::uint64_t>(number));
}

namespace {

// Replays one game, recording every position and who is to move in it.
GameRecord Replay(const WthorGame& game, std::uint64_t key, int depth) {
  GameRecord record;
  record.key = key;
  record.held_out = key % kHoldOutModulus == 0;
  Board board = Board::Initial();
  std::vector<bool> black;  // black to move in positions[i]
  bool black_to_move = true;
  auto push = [&] {
    if (board.Moves() == 0 && board.OpponentMoves() != 0) {
      board = board.Pass();
      black_to_move = !black_to_move;
    }
    record.positions.push_back(board);
    black.push_back(black_to_move);
  };
  push();
  for (const int move : game.moves) {
    board = board.Play(move);  // the reader checked every move, passes applied
    black_to_move = !black_to_move;
    push();
  }
  const int black_final = 2 * game.black_discs - kNumSquares;
  for (std::size_t i = 0; i < record.positions.size(); ++i) {
    record.played.push_back(static_cast<std::int8_t>(black[i] ? black_final : -black_final));
  }
  const std::size_t at24 = kNumSquares - 4 - 24;
  if (depth == 24 && record.positions.size() > at24) {
    const int black_theoretical = 2 * game.black_theoretical - kNumSquares;
    record.theoretical_24 = black[at24] ? black_theoretical : -black_theoretical;
  }
  return record;
}

}  // namespace

absl::StatusOr<Dataset> LoadWthorFolder(const std::string& folder) {
  Dataset dataset;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (IsWthorFileName(entry.path().filename().string())) dataset.files.push_back(entry.path().string());
  }
  if (error) return absl::NotFoundError(absl::StrCat(folder, ": cannot list: ", error.message()));
  if (dataset.files.empty()) return absl::NotFoundError(absl::StrCat(folder, ": expected .wtb files, found none"));
  std::sort(dataset.files.begin(), dataset.files.end());
  for (const std::string& path : dataset.files) {
    absl::StatusOr<WthorFile> file = ReadWthorFile(path);
    if (!file.ok()) {
      dataset.problems.push_back(std::string(file.status().message()));
      continue;
    }
    for (const absl::Status& s : file->errors) dataset.problems.push_back(std::string(s.message()));
    const std::string base = std::filesystem::path(path).filename().string();
    for (const WthorGame& game : file->games) {
      dataset.games.push_back(Replay(game, GameKey(base, game.number), file->theoretical_depth));
    }
  }
  return dataset;
}

}  // namespace endsolve::train
