// The options that choose positions from a command's inputs: --range and,
// for .wtb files, --empties (board/arguments.h reads and selects them).
#ifndef ENDSOLVE_CLI_POSITIONS_H_
#define ENDSOLVE_CLI_POSITIONS_H_

#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "board/arguments.h"
#include "board/position_io.h"

namespace endsolve::cli {

struct InputArgs {
  std::string range;
  int empties = -1;  // -1: the file's own depth
  ReadOptions read_options() const;
};
// The required positional arguments of solve and eval: FILE_OR_POSITION...
void AddPositionInputs(CLI::App& app, std::vector<std::string>& inputs);
void AddRangeOption(CLI::App& app, InputArgs& args);
void AddEmptiesOption(CLI::App& app, InputArgs& args);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_POSITIONS_H_
