// `endsolve show FILE_OR_POSITION...`: each position drawn for people, as
// text on the terminal or, with --svg FILE, as an SVG picture (picture/);
// with --pv, solved first and its principal variation numbered on the board.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/board/notation.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/positions.h"
#include "endsolve/cli/search_flags.h"
#include "endsolve/picture/board_svg.h"
#include "endsolve/output/output_path.h"
#include "endsolve/output/write_file.h"

namespace endsolve::cli {
namespace {

struct ShowArgs {
  std::vector<std::string> inputs;
  SearchArgs search;
  InputArgs input;
  std::string svg;  // --svg: the picture's file
  bool pv = false;
};

// The board as text: columns A-H, rows 1-8, X black, O white, '*' a legal
// move of the side to move. Where a line is given its moves are numbered
// 1, 2, 3... on their squares, each cell then three characters wide so
// that a number of two digits reads as one.
std::string ShowDiagram(const BoardPicture& picture) {
  const Position& position = picture.position;
  std::vector<std::string> cells;
  for (const char c : position.BoardString()) cells.emplace_back(1, c == '-' ? '.' : c);
  if (picture.line.empty()) {
    for (Bitboard moves = position.board.Moves(); moves != 0;) cells[PopFirstSquare(moves)] = "*";
  }
  int number = 0;
  for (const int move : picture.line) {
    if (move != kPass) cells[move] = absl::StrCat(++number);
  }
  const int width = picture.line.empty() ? 1 : 2;
  std::string text = " ";
  for (const char column : std::string("ABCDEFGH")) {
    absl::StrAppend(&text, absl::StrFormat(" %*c", width, column));
  }
  text += '\n';
  for (int row = 0; row < 8; ++row) {
    absl::StrAppend(&text, row + 1);
    for (int col = 0; col < 8; ++col) {
      absl::StrAppend(&text, absl::StrFormat(" %*s", width, cells[row * 8 + col]));
    }
    text += '\n';
  }
  return text;
}

// The legend of a numbered line: "line: 1 G8, 2 H7, pass, 3 ..." (a pass
// takes no number, as on the board).
std::string LineLegend(const std::vector<int>& line) {
  std::string text = "line:";
  int number = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    absl::StrAppend(&text, i == 0 ? " " : ", ",
                    line[i] == kPass ? "pass" : absl::StrCat(++number, " ", SquareName(line[i])));
  }
  return line.empty() ? "line: none (the game is over)" : text;
}

int RunShow(const ShowArgs& args) {
  std::optional<LoadedPositions> read = SelectInputs(
      "endsolve show", LoadPositions(args.inputs, args.input.read_options()), args.input);
  if (!read) return kExitBadInput;
  const std::vector<Position>& positions = read->positions;
  if (!args.svg.empty() && positions.size() != 1) {
    return Fail("endsolve show",
                absl::StrFormat("--svg draws one position, and %d were given (choose one with "
                                "--range)",
                                positions.size()));
  }
  // A picture replaces only a picture (endsolve/output/output_path.h).
  if (absl::Status s = CheckOutputPath("--svg", args.svg, SvgPicture(), args.inputs); !s.ok()) {
    return Fail("endsolve show", s.message());
  }
  auto options = ToSolveOptions(args.search);
  if (!options.ok()) return Fail("endsolve show", options.status().message());
  if (args.pv && !WithinMaxEmpties("endsolve show", positions, options->max_empties)) {
    return kExitBadInput;
  }
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  options->cancel = &interrupted;

  for (const Position& position : positions) {
    BoardPicture picture;
    picture.position = position;
    std::string summary;
    if (args.pv) {
      const absl::StatusOr<SolveResult> solved = Solve(position.board, *options);
      if (!solved.ok()) return Fail("endsolve show", solved.status().message());
      const SolveResult& result = *solved;
      if (result.stopped) return kExitInterrupted;
      picture.line = result.pv;
      summary = absl::StrCat(SquareName(result.best_move), " ", FormatScore(result.score));
      // The line itself is on the board, numbered.
      picture.caption = absl::StrCat(PositionId(position), ": ", summary);
    } else {
      picture.caption = PositionId(position);
    }
    if (!args.svg.empty()) {
      // Written whole or not at all: a picture is never half written.
      if (absl::Status s = WriteFileAtomically(args.svg, BoardSvg(picture)); !s.ok()) {
        return FailWrite("endsolve show", absl::StrCat("--svg: ", s.message()));
      }
      absl::PrintF("%s: %s\n", PositionId(position), args.svg);
      continue;
    }
    absl::PrintF("%s, %s to move, %d empties%s\n%s", PositionId(position),
                 position.to_move == Color::kBlack ? "X (black)" : "O (white)",
                 position.board.EmptyCount(), summary.empty() ? "" : absl::StrCat(": ", summary),
                 ShowDiagram(picture));
    if (args.pv) {
      absl::PrintF("%s\n\n", LineLegend(picture.line));
    } else {
      std::vector<int> moves;
      for (Bitboard m = position.board.Moves(); m != 0;) moves.push_back(PopFirstSquare(m));
      absl::PrintF("moves (*): %s\n\n", moves.empty() ? "none" : FormatPv(moves));
    }
  }
  return read->errors.empty() ? kExitOk : kExitBadInput;
}

}  // namespace

void AddShowCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<ShowArgs>();
  CLI::App* app = root.add_subcommand(
      "show", "draws each position: as text, or as an SVG picture with --svg");
  AddPositionInputs(*app, args->inputs);
  app->add_option("--svg", args->svg,
                  "draw the position (one) as an SVG picture in this file: coordinates, the side "
                  "to move, its legal moves, or with --pv the line numbered on the board");
  CLI::Option* pv =
      app->add_flag("--pv", args->pv, "solve the position first and draw its principal variation");
  // The search options act only on the solve that --pv asks for.
  for (CLI::Option* option : AddSearchOptions(*app, args->search, ThreadsOption::kCount)) {
    option->needs(pv);
  }
  AddRangeOption(*app, args->input);
  AddEmptiesOption(*app, args->input);
  runs[app] = [args](const std::vector<std::string>&) { return RunShow(*args); };
}

}  // namespace endsolve::cli
