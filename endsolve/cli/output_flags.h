// The options that say where and how a command writes what it found,
// each declared by one function with its one name, default and help line
// (docs/options.md): --json, --csv, --plot, --out, and --time-limit, the
// limit of one solve (a batch's position, a proof's unit).
#ifndef ENDSOLVE_CLI_OUTPUT_FLAGS_H_
#define ENDSOLVE_CLI_OUTPUT_FLAGS_H_

#include <string>

#include "CLI/CLI.hpp"

namespace endsolve::cli {

// --json: JSON instead of the text table, one object per line (a row, a
// position, or the one summary a command prints).
CLI::Option* AddJsonOption(CLI::App& app, bool& json);
// --csv FILE: the table also written as CSV.
CLI::Option* AddCsvOption(CLI::App& app, std::string& csv);
// --plot FILE: the figures drawn by gnuplot, .svg or .png.
CLI::Option* AddPlotOption(CLI::App& app, std::string& plot);
// --out FILE: the results file (JSON lines) of batch and merge.
CLI::Option* AddOutOption(CLI::App& app, std::string& out);
// --time-limit T: how long one solve may run (batch::ParseTimeLimit); ""
// for none.
CLI::Option* AddTimeLimitOption(CLI::App& app, std::string& time_limit);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_OUTPUT_FLAGS_H_
