#include "endsolve/cli/positions.h"

#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "endsolve/cli/commands.h"

namespace endsolve::cli {

std::optional<LoadedPositions> SelectInputs(absl::string_view command, LoadedPositions loaded,
                                            const InputArgs& input) {
  for (const std::string& note : loaded.notes) absl::FPrintF(stderr, "note: %s\n", note);
  for (const std::string& line : ErrorReport(loaded)) absl::FPrintF(stderr, "%s\n", line);
  auto selected = SelectRange(std::move(loaded.positions), input.range);
  if (!selected.ok()) {
    Fail(command, selected.status().message());
    return std::nullopt;
  }
  loaded.positions = *std::move(selected);
  if (loaded.positions.empty()) {
    // The games of a .wtb file outside --range are not read at all, so an
    // empty result may be the range's doing.
    Fail(command, !loaded.errors.empty()
                      ? "no position: none of the input could be read (the errors are above)"
                  : !input.range.empty()
                      ? absl::StrCat("no position: the input holds none within --range ",
                                     input.range)
                      : "no position: the input holds none, so there is nothing to do");
    return std::nullopt;
  }
  return loaded;
}

void AddPositionInputs(CLI::App& app, std::vector<std::string>& inputs) {
  AddPositionals(app, "FILE_OR_POSITION", inputs, "position files (-: standard input), positions or move transcripts")
      ->required();
}

CLI::Option* AddRangeOption(CLI::App& app, InputArgs& args) {
  args.range.clear();
  return app.add_option("--range", args.range,
                 "positions to take by FFO number (or .wtb game number, or place in the input), "
                 "e.g. 40-44; default all")
      ->check(StatusCheck([](const std::string& s) { return ParseRange(s); }));
}

CLI::Option* AddEmptiesOption(CLI::App& app, InputArgs& args) {
  args.empties = -1;
  return app.add_option("--empties", args.empties,
                 ".wtb inputs: take each game's position with this many empty squares")
      ->check(InRange(0, 60, "a number of empty squares"))
      ->default_str("the file's theoretical depth, or 24");
}

// --range is checked as it is parsed, and read again here: the games of a
// .wtb file outside it are not read at all.
ReadOptions InputArgs::read_options() const {
  ReadOptions options;
  if (empties >= 0) options.wthor_empties = empties;
  if (!range.empty()) {
    if (absl::StatusOr<std::pair<int, int>> games = ParseRange(range); games.ok()) {
      options.wthor_games = *games;
    }
  }
  return options;
}

}  // namespace endsolve::cli
