// `endsolve solve FILE_OR_POSITION... [--threads N] [--hash-mb M]
// [--tt-scheme S] [--wld] [--ordering ...] [--json] [--range A-B]
// [--empties N]`: solves each position
// exactly and prints a table row (or a JSON line) per position, in input
// order, then a summary.
#include <cstdio>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "cli/positions.h"
#include "cli/report.h"
#include "cli/search_flags.h"
#include "cli/tt_factory.h"

ABSL_FLAG(bool, json, false, "solve: print one JSON object per position instead of the table");

namespace endsolve::cli {
namespace {

// Live progress on the terminal, redrawn in place on stderr: during the
// presearch, its depth and estimate; during a selective pass, its margin,
// root moves done and estimate; then the exact pass, root moves done,
// the best move and bound so far, nodes and elapsed time.
void ShowProgress(const std::string& id, const Progress& p) {
  if (p.presearch_depth > 0) {
    absl::FPrintF(stderr, "\r\033[K%s: presearch %d plies, estimate %s %s, %.1fs", id,
                  p.presearch_depth, SquareName(p.best_move), FormatScore(p.bound),
                  absl::ToDoubleSeconds(p.elapsed));
    return;
  }
  if (p.margin > 0) {
    absl::FPrintF(stderr,
                  "\r\033[K%s: selective pass (margin %d), root %d/%d, estimate %s %s, "
                  "%d nodes, %.1fs",
                  id, p.margin, p.root_moves_done, p.root_moves_total, SquareName(p.best_move),
                  FormatScore(p.bound), p.nodes, absl::ToDoubleSeconds(p.elapsed));
    return;
  }
  absl::FPrintF(stderr, "\r\033[K%s: pass %d, root %d/%d, best %s %s, %d nodes, %.1fs", id,
                p.iteration, p.root_moves_done, p.root_moves_total, SquareName(p.best_move),
                FormatScore(p.bound), p.nodes, absl::ToDoubleSeconds(p.elapsed));
}
void ClearProgress() { absl::FPrintF(stderr, "\r\033[K"); }

// Above this many empty squares an exact solve may take days, so solve says
// so before it starts. FFO #55 (29 empties) took 1.3e10 nodes, 13 minutes
// on one core of a 2-core Xeon VM (bench/results/ffo-50-59-1thread.jsonl),
// and each further empty square multiplies the work by about 2-3: at 36
// empties, a thousand times that is a plausible cost.
constexpr int kEmptiesThatMayTakeDays = 36;

}  // namespace

int SolveCommand(int argc, char** argv) {
  auto args = ParseSubcommandFlags("solve", argc, argv, {ENDSOLVE_SEARCH_FLAG_NAMES, "json", "range", "empties"});
  if (!args.ok()) {
    absl::FPrintF(stderr, "%s\n", args.status().message());
    return kExitBadInput;
  }
  if (args->empty()) {
    absl::FPrintF(stderr, "endsolve solve: expected at least one position file or position\n");
    return kExitBadInput;
  }
  auto options = SolveOptionsFromFlags();
  if (!options.ok()) {
    absl::FPrintF(stderr, "endsolve solve: %s\n", options.status().message());
    return kExitBadInput;
  }
  auto read_options = ReadOptionsFromFlags();
  if (!read_options.ok()) {
    absl::FPrintF(stderr, "endsolve solve: %s\n", read_options.status().message());
    return kExitBadInput;
  }
  auto tt = MakeTable(*options);
  if (!tt.ok()) {
    absl::FPrintF(stderr, "endsolve solve: %s\n", tt.status().message());
    return kExitBadInput;
  }
  options->tt = tt->get();
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  options->cancel = &interrupted;

  LoadedPositions loaded = LoadPositions(*args, *read_options);
  for (const absl::Status& e : loaded.errors) absl::FPrintF(stderr, "%s\n", e.message());
  auto selected = SelectRangeFromFlag(std::move(loaded.positions));
  if (!selected.ok()) {
    absl::FPrintF(stderr, "endsolve solve: %s\n", selected.status().message());
    return kExitBadInput;
  }
  loaded.positions = std::move(*selected);

  for (const Position& position : loaded.positions) {
    if (position.board.EmptyCount() <= kEmptiesThatMayTakeDays) continue;
    absl::FPrintF(stderr,
                  "endsolve solve: warning: %s has %d empty squares; an exact solve of more "
                  "than %d may take days (Ctrl-C stops it)\n",
                  PositionId(position), position.board.EmptyCount(), kEmptiesThatMayTakeDays);
  }

  const bool json = absl::GetFlag(FLAGS_json);
  const bool live = !json && IsInteractive();
  const int id_width = IdColumnWidth(loaded.positions);
  if (!json) absl::PrintF("%s\n", TableHeader(id_width));
  std::fflush(stdout);
  int solved = 0, wrong = 0;
  NodeCounts total_nodes;
  absl::Duration total_time;
  for (const Position& position : loaded.positions) {
    if (interrupted.load()) break;
    options->tt->Clear();  // each position's figures independent of the order
    const std::string id = PositionId(position);
    if (live) options->on_progress = [&id](const Progress& p) { ShowProgress(id, p); };
    const SolveResult result = Solve(position.board, *options);
    if (live) ClearProgress();
    if (!result.status.ok()) {
      absl::FPrintF(stderr, "endsolve solve: %s: %s\n", id, result.status.message());
      return kExitBadInput;
    }
    if (result.stopped) break;
    const Verdict verdict = CheckAnswer(position, result, options->wld);
    ++solved;
    if (verdict == Verdict::kWrong) ++wrong;
    total_nodes += result.nodes;
    total_time += result.time;
    absl::PrintF("%s\n", json ? JsonLine(position, result, verdict)
                              : TableRow(position, result, verdict, id_width));
    std::fflush(stdout);
  }
  const bool stopped = interrupted.load();
  const double seconds = absl::ToDoubleSeconds(total_time);
  const std::string summary = absl::StrFormat(
      "solved %d of %d, wrong %d, input errors %d, time %.3f s, nodes %d (%.2f M/s)%s", solved,
      loaded.positions.size(), wrong, loaded.errors.size(), seconds, total_nodes.total(),
      seconds > 0 ? static_cast<double>(total_nodes.total()) / seconds / 1e6 : 0.0,
      stopped ? "; interrupted" : "");
  // With --json, stdout holds only JSON lines; the summary goes to stderr.
  absl::FPrintF(json ? stderr : stdout, "%s\n", summary);
  if (stopped) return kExitInterrupted;
  if (wrong > 0) return kExitWrong;
  return loaded.errors.empty() ? kExitOk : kExitBadInput;
}

}  // namespace endsolve::cli
