// The options that choose positions from a command's inputs, each declared
// by one function with its one name, default and help line (docs/options.md):
// --range and, for .wtb files, --empties (endsolve/positions/arguments.h reads and
// selects them).
#ifndef ENDSOLVE_CLI_POSITIONS_H_
#define ENDSOLVE_CLI_POSITIONS_H_

#include <optional>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/strings/string_view.h"
#include "endsolve/positions/arguments.h"
#include "endsolve/positions/position_io.h"

namespace endsolve::cli {

struct InputArgs {
  std::string range;
  int empties = -1;  // -1: the file's own depth
  // What the reader needs of these: --empties, and --range's games of .wtb
  // files (those outside it are not read).
  ReadOptions read_options() const;
};
// The positions a command works on: prints `loaded`'s notes (.wtb games that
// end before the empties asked: left out, not errors), the bad lines' errors of
// `loaded` (at most 20 an input, then their count: ErrorReport; the command
// goes on with the rest, and exits 2 at its end) and
// keeps those within --range; nothing, after printing why, when the range
// matches none of them or there is no position at all (an empty file, a
// missing one): every command refuses to work on nothing, with exit 2.
std::optional<LoadedPositions> SelectInputs(absl::string_view command, LoadedPositions loaded,
                                            const InputArgs& input);

// The required positional arguments of solve and eval: FILE_OR_POSITION...
void AddPositionInputs(CLI::App& app, std::vector<std::string>& inputs);
CLI::Option* AddRangeOption(CLI::App& app, InputArgs& args);
CLI::Option* AddEmptiesOption(CLI::App& app, InputArgs& args);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_POSITIONS_H_
