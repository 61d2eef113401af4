// The training material: every position of every game in a folder of WTHOR
// files, and which games are held out.
//
// A game is known by a key, the FNV-1a hash of its file's base name and its
// record number, so that labels computed on one machine find their games on
// another. A tenth of the games, chosen by key (key % 10 == 0), are held out:
// none of their positions is fitted, and the error per phase is measured on
// them.
#ifndef ENDSOLVE_TRAIN_DATASET_H_
#define ENDSOLVE_TRAIN_DATASET_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/board/board.h"

namespace endsolve::train {

inline constexpr int kHoldOutModulus = 10;

struct GameRecord {
  std::uint64_t key = 0;
  bool held_out = false;
  // positions[i]: the board after i discs were placed, from the side to
  // move's view (a forced pass already applied), so positions[i] has
  // 60 - i empties; the list ends with the last position of the game.
  std::vector<Board> positions;
  // The final disc difference as played, for the side to move of each
  // position (same length as positions).
  std::vector<std::int8_t> played;
  // The theoretical score of the position at 24 empties, for its side to
  // move, when the file has one (yearly files: the depth byte is 24).
  std::optional<int> theoretical_24;
};

struct Dataset {
  std::vector<GameRecord> games;
  std::vector<std::string> files;      // the files read, in order
  std::vector<std::string> problems;   // every error the reader reported
};

// Reads every *.wtb file of `folder` in name order. Fails only when the
// folder cannot be listed or holds no .wtb file; bad games are skipped and
// listed in `problems`.
absl::StatusOr<Dataset> LoadWthorFolder(const std::string& folder);

// The key of game `number` of the file named `base_name`.
std::uint64_t GameKey(const std::string& base_name, int number);

}  // namespace endsolve::train

#endif  // ENDSOLVE_TRAIN_DATASET_H_
