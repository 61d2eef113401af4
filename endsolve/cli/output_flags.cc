#include "endsolve/cli/output_flags.h"

#include "endsolve/batch/run.h"
#include "endsolve/bench/scaling_report.h"
#include "endsolve/cli/commands.h"

namespace endsolve::cli {

CLI::Option* AddJsonOption(CLI::App& app, bool& json) {
  json = false;
  return app.add_flag("--json", json,
                      "print JSON instead of text: one object per line (per row, per position, "
                      "or the summary)");
}

CLI::Option* AddCsvOption(CLI::App& app, std::string& csv) {
  csv.clear();
  return app.add_option("--csv", csv,
                        "also write the table to this CSV file (a file there is replaced only "
                        "when it is such a table)");
}

CLI::Option* AddPlotOption(CLI::App& app, std::string& plot) {
  plot.clear();
  return app
      .add_option("--plot", plot, "also draw the figures with gnuplot into this .svg or .png file")
      ->check(StatusCheck([](const std::string& s) { return bench::CheckPlotPath(s); }));
}

CLI::Option* AddOutOption(CLI::App& app, std::string& out) {
  out.clear();
  return app.add_option("--out", out, "the results file (JSON lines) to write");
}

CLI::Option* AddTimeLimitOption(CLI::App& app, std::string& time_limit) {
  time_limit.clear();
  return app
      .add_option("--time-limit", time_limit,
                  "the longest one solve may run: a batch's position, a proof's unit (e.g. 90s, "
                  "10m, 2h or seconds; default none)")
      ->check(StatusCheck([](const std::string& s) { return batch::ParseTimeLimit(s); }));
}

}  // namespace endsolve::cli
