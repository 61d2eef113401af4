#include "endsolve/train/exact_labels.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <random>
#include <thread>
#include <tuple>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/solver/solver.h"

namespace endsolve::train {
namespace {

std::string FormatPv(const std::vector<int>& pv) {
  std::string text;
  for (const int m : pv) text += m == kPass ? "ps" : absl::AsciiStrToLower(SquareName(m));
  return text.empty() ? "-" : text;
}

bool ParsePv(absl::string_view text, std::vector<int>* pv) {
  if (text == "-") return true;
  if (text.size() % 2 != 0) return false;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const absl::string_view move = text.substr(i, 2);
    if (move == "ps") {
      pv->push_back(kPass);
      continue;
    }
    const std::optional<int> square = ParseSquare(std::string_view(move.data(), move.size()));
    if (!square) return false;
    pv->push_back(*square);
  }
  return true;
}

std::string FormatLabel(const ExactLabel& label) {
  return absl::StrFormat("%016x %016x %016x %d %s\n", label.key, label.board.player,
                         label.board.opponent, label.score, FormatPv(label.pv));
}

}  // namespace

absl::StatusOr<std::vector<ExactLabel>> ReadLabels(const std::string& path) {
  std::vector<ExactLabel> labels;
  std::ifstream file(path);
  if (!file) return labels;
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string text = buffer.str();
  int line_number = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string::npos) break;  // a torn last line: solved again
    ++line_number;
    const absl::string_view line(text.data() + start, end - start);
    start = end + 1;
    const std::vector<absl::string_view> fields = absl::StrSplit(line, ' ');
    ExactLabel label;
    if (fields.size() != 5 || !absl::SimpleHexAtoi(fields[0], &label.key) ||
        !absl::SimpleHexAtoi(fields[1], &label.board.player) ||
        !absl::SimpleHexAtoi(fields[2], &label.board.opponent) ||
        !absl::SimpleAtoi(fields[3], &label.score) || !ParsePv(fields[4], &label.pv) ||
        (label.board.player & label.board.opponent) != 0 || label.score < -64 || label.score > 64) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "%s:%d: expected KEY PLAYER OPPONENT SCORE PV (hex, hex, hex, -64..64, moves), found '%s'",
          path, line_number, std::string(line.substr(0, 80))));
    }
    labels.push_back(std::move(label));
  }
  return labels;
}

std::vector<LabeledBoard> ExpandPv(const ExactLabel& label) {
  std::vector<LabeledBoard> boards;
  Board board = label.board;
  int score = label.score;
  boards.push_back({label.key, board, score});
  for (const int move : label.pv) {
    if (move == kPass) {
      board = board.Pass();
    } else {
      if ((board.Moves() & SquareBit(move)) == 0) break;  // not a PV of this board
      board = board.Play(move);
    }
    score = -score;
    if (board.Moves() == 0 && board.OpponentMoves() != 0) continue;  // the pass comes next
    boards.push_back({label.key, board, score});
  }
  return boards;
}

std::vector<Board> Deviations(const GameRecord& game, int empties, int count, int plies) {
  // A move's weight falls by e for every 4 discs it looks worse than
  // another: mostly good moves, as in real games, but not only the best.
  constexpr double kDeviationTemperature = 4.0;
  std::vector<Board> found;
  const std::size_t start = static_cast<std::size_t>(kNumSquares - 4 - empties - plies);
  if (plies < 1 || start + 1 >= game.positions.size()) return found;
  const std::size_t own = start + static_cast<std::size_t>(plies);
  const Board& game_move = game.positions[start + 1];
  const eval::Evaluator& evaluator = eval::Evaluator::Default();
  std::mt19937_64 rng(game.key);
  // A few more draws than asked for, since two draws may meet.
  for (int draw = 0; draw < 4 * count && static_cast<int>(found.size()) < count; ++draw) {
    Board board = game.positions[start];
    for (int ply = 0; ply < plies && board.Moves() != 0; ++ply) {
      std::vector<Board> children;
      std::vector<double> weights;
      for (Bitboard moves = board.Moves(); moves != 0; moves &= moves - 1) {
        Board child = board.Play(FirstSquare(moves));
        const bool passes = child.Moves() == 0 && child.OpponentMoves() != 0;
        if (passes) child = child.Pass();  // the mover moves again
        if (ply == 0 && child == game_move && PopCount(board.Moves()) > 1) continue;
        const double value = evaluator.Evaluate(child.player, child.opponent) /
                             static_cast<double>(eval::kUnitsPerDisc);
        weights.push_back(ply == 0 ? 1.0 : std::exp((passes ? value : -value) / kDeviationTemperature));
        children.push_back(child);
      }
      board = children[std::discrete_distribution<std::size_t>(weights.begin(), weights.end())(rng)];
    }
    if (board.EmptyCount() != empties || board.Moves() == 0) continue;
    if (own < game.positions.size() && board == game.positions[own]) continue;
    if (std::find(found.begin(), found.end(), board) != found.end()) continue;
    found.push_back(board);
  }
  return found;
}

std::string StageProgress::Line() const {
  const int done = solved.load(), total = to_solve.load();
  const std::int64_t started = start_ns.load();
  if (started == 0) return "reading the labels solved so far...";
  const double seconds = absl::ToDoubleSeconds(absl::Now() - absl::FromUnixNanos(started));
  std::string line = absl::StrFormat("%d/%d solved", done, total);
  if (done > 0 && seconds > 0) {
    const double rate = done / seconds;
    absl::StrAppendFormat(&line, ", %.1f/s, %.1f M nodes/s, ETA %s", rate,
                          static_cast<double>(nodes.load()) / seconds / 1e6,
                          absl::FormatDuration(absl::Seconds(std::round((total - done) / rate))));
  }
  return line;
}

absl::Status CheckLabelsOut(const std::string& path) {
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status) || std::filesystem::is_regular_file(status)) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat(
      path, " is not a regular file (a device, a pipe or a folder); labels need a file of their own"));
}

absl::StatusOr<int> RunSolveStage(const Dataset& dataset, const SolveStage& stage,
                                  StageProgress* progress, const std::atomic<bool>* cancel) {
  if (absl::Status usable = CheckLabelsOut(stage.out); !usable.ok()) return usable;
  StageProgress unwatched;
  if (progress == nullptr) progress = &unwatched;
  auto note = [progress](const std::string& text) {
    if (progress->message) {
      progress->message(text);
    } else {
      std::fprintf(stderr, "%s\n", text.c_str());
    }
  };
  absl::StatusOr<std::vector<ExactLabel>> done = ReadLabels(stage.out);
  if (!done.ok()) return done.status();
  // A position is known by its game and its board: a stage of deviations
  // labels several positions of one game.
  std::set<std::tuple<std::uint64_t, Bitboard, Bitboard>> done_keys;
  for (const ExactLabel& label : *done) {
    done_keys.insert({label.key, label.board.player, label.board.opponent});
  }
  // Cut a torn last line off before appending.
  {
    std::ifstream in(stage.out);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    if (!text.empty() && text.back() != '\n') {
      text.erase(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
      std::ofstream rewrite(stage.out, std::ios::trunc);
      rewrite << text;
      note(absl::StrCat(stage.out, ": cut off a torn last line"));
    }
  }
  struct Item {
    std::uint64_t key;
    Board board;
  };
  std::vector<Item> todo;
  const std::size_t index = kNumSquares - 4 - stage.empties;
  int selected = 0;
  for (const GameRecord& game : dataset.games) {
    if (!TakesGame(stage, game)) continue;
    std::vector<Board> boards;
    if (stage.deviations > 0) {
      if (!game.held_out) boards = Deviations(game, stage.empties, stage.deviations, stage.deviation_plies);
    } else if (index < game.positions.size() && game.positions[index].Moves() != 0) {
      boards.push_back(game.positions[index]);  // (a game over has nothing to solve)
    }
    for (const Board& board : boards) {
      ++selected;
      if (!done_keys.count({game.key, board.player, board.opponent})) todo.push_back({game.key, board});
    }
  }
  note(absl::StrFormat("solve %d empties: %d positions, %d already solved, %d to go", stage.empties,
                       selected, selected - static_cast<int>(todo.size()), todo.size()));
  std::FILE* out = std::fopen(stage.out.c_str(), "a");
  if (out == nullptr) return absl::InternalError(absl::StrCat(stage.out, ": cannot append"));
  std::mutex mutex;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> write_failed{false};
  progress->to_solve = static_cast<int>(todo.size());
  progress->start_ns = absl::ToUnixNanos(absl::Now());
  absl::Status failure;
  auto worker = [&] {
    SolveOptions options;
    options.cancel = cancel;
    options.table.size_mib = stage.hash_mib;
    absl::StatusOr<std::unique_ptr<TranspositionTable>> table =
        TranspositionTable::Create(TTOptions{.size_mib = stage.hash_mib, .shards = 1});
    if (!table.ok()) {
      std::lock_guard lock(mutex);
      failure = table.status();
      return;
    }
    options.tt = table->get();
    for (std::size_t i = next++; i < todo.size() && !write_failed.load(); i = next++) {
      const Board& board = todo[i].board;
      const absl::StatusOr<SolveResult> solved = SolveInClearedTable(board, options);
      if (!solved.ok()) {
        std::lock_guard lock(mutex);
        failure = solved.status();
        return;
      }
      const SolveResult& result = *solved;
      if (result.stopped) return;  // cancelled: no label
      const std::string line = FormatLabel({todo[i].key, board, result.score, result.pv});
      progress->nodes += result.nodes.internal + result.nodes.leaves;
      std::lock_guard lock(mutex);
      if (write_failed.load()) return;
      if (std::fputs(line.c_str(), out) < 0 || std::fflush(out) != 0) {
        failure = absl::ErrnoToStatus(errno, absl::StrCat("cannot write to ", stage.out));
        write_failed = true;  // every worker stops: no label could be kept
        return;
      }
      ++progress->solved;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < stage.threads; ++t) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
  std::fclose(out);
  if (!failure.ok()) return failure;
  return progress->solved.load();
}

}  // namespace endsolve::train
