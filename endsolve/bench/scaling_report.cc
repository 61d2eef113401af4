#include "endsolve/bench/scaling_report.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "endsolve/output/write_file.h"

namespace endsolve::bench {

std::string FormatScalingTable(const std::vector<ScalingRow>& rows, int cores, int repeat,
                               const ParallelismFigures* parallelism, std::string_view policy) {
  std::string out = absl::StrFormat(
      "scaling on %d cores, medians of %d runs; speedup and overhead against %d thread(s)\n", cores,
      repeat, rows.empty() ? 1 : rows.front().threads);
  absl::StrAppendFormat(&out, "%7s %10s %8s %10s %16s %9s %10s %5s", "threads", "time(s)",
                        "speedup", "efficiency", "nodes", "overhead", "Mnodes/s", "wrong");
  if (parallelism != nullptr) absl::StrAppendFormat(&out, " %11s %9s", "parallelism", "predicted");
  out += "\n";
  for (const ScalingRow& r : rows) {
    const ScalingRow& base = rows.front();
    absl::StrAppendFormat(
        &out, "%7d %10.3f %8.2f %10.2f %16d %8.1f%% %10.2f %5d", r.threads, r.median_seconds,
        Speedup(base, r), Efficiency(base, r), r.median_nodes, 100.0 * NodeOverhead(base, r),
        r.median_seconds > 0 ? static_cast<double>(r.median_nodes) / r.median_seconds / 1e6 : 0.0,
        r.wrong);
    if (parallelism != nullptr) {
      absl::StrAppendFormat(&out, " %11.1f %9.2f", r.parallelism, r.predicted_speedup);
    }
    absl::StrAppend(&out, r.oversubscribed ? "  oversubscribed: time is no speedup figure" : "",
                    "\n");
  }
  if (parallelism != nullptr) {
    absl::StrAppendFormat(
        &out,
        "parallelism (work/span in nodes, unlimited threads): %.1f with the %s policy, %.1f with "
        "the %s one; predicted: Brent's bound work / ((work - span) / threads + span)\n",
        parallelism->unlimited, policy, parallelism->other_unlimited,
        policy == "many-core" ? "two-core" : "many-core");
  }
  return out;
}

std::string FormatThreadUse(const std::vector<ScalingRow>& rows, std::string_view time) {
  std::string out = absl::StrFormat(
      "where the threads spent their time (shares of threads x %s), and the split points\n", time);
  absl::StrAppendFormat(&out, "%7s %7s %7s %7s %10s %10s %10s %10s %10s %10s %14s %9s\n",
                        "threads", "search", "wait", "idle", "splits", "spawned", "stolen", "late",
                        "cancelled", "joined", "wasted nodes", "of nodes");
  for (const ScalingRow& r : rows) {
    if (!r.use.has_value()) continue;
    const ThreadUse& u = *r.use;
    std::uint64_t wasted = 0;
    for (std::uint64_t w : u.wasted_nodes) wasted += w;
    absl::StrAppendFormat(&out,
                          "%7d %6.1f%% %6.1f%% %6.1f%% %10d %10d %10d %10d %10d %10d %14d %8.1f%%\n",
                          r.threads, 100 * u.search, 100 * u.wait, 100 * u.idle, u.splits,
                          u.spawned, u.stolen, u.late, u.cancelled, u.joined, wasted,
                          r.median_nodes > 0 ? 100.0 * static_cast<double>(wasted) /
                                                   static_cast<double>(r.median_nodes)
                                             : 0.0);
  }
  out += "wasted nodes by the class of the split node (moves started after the first that cut "
         "off, each node counted once):\n";
  absl::StrAppendFormat(&out, "%7s", "threads");
  for (int c = 0; c < search::kNodeClasses; ++c) {
    absl::StrAppendFormat(&out, " %13s", search::NodeClassName(static_cast<search::NodeClass>(c)));
  }
  out += "\n";
  for (const ScalingRow& r : rows) {
    if (!r.use.has_value()) continue;
    absl::StrAppendFormat(&out, "%7d", r.threads);
    for (std::uint64_t w : r.use->wasted_nodes) absl::StrAppendFormat(&out, " %13d", w);
    out += "\n";
  }
  out += "moves started at split points by class, after the cut / all:\n";
  for (const ScalingRow& r : rows) {
    if (!r.use.has_value()) continue;
    absl::StrAppendFormat(&out, "%7d", r.threads);
    for (int c = 0; c < search::kNodeClasses; ++c) {
      absl::StrAppendFormat(&out, " %13s",
                            absl::StrFormat("%d/%d", r.use->wasted_moves[c], r.use->split_moves[c]));
    }
    out += "\n";
  }
  return out;
}

absl::Status WriteScalingCsv(const std::string& path, const std::vector<ScalingRow>& rows) {
  std::ostringstream out;
  out << kScalingCsvHeader << '\n';
  for (const ScalingRow& r : rows) {
    const ScalingRow& base = rows.front();
    out << absl::StrFormat("%d,%.6f,%.4f,%.4f,%d,%.6f,%.0f,%d,%s,%.3f,%.4f", r.threads,
                           r.median_seconds, Speedup(base, r), Efficiency(base, r), r.median_nodes,
                           NodeOverhead(base, r),
                           r.median_seconds > 0 ? static_cast<double>(r.median_nodes) / r.median_seconds : 0.0,
                           r.wrong, r.oversubscribed ? "true" : "false", r.parallelism,
                           r.predicted_speedup);
    if (r.use.has_value()) {
      const ThreadUse& u = *r.use;
      std::uint64_t wasted = 0;
      for (std::uint64_t w : u.wasted_nodes) wasted += w;
      out << absl::StrFormat(",%.4f,%.4f,%.4f,%d,%d,%d,%d,%d,%d\n", u.search, u.wait, u.idle,
                             u.splits, u.spawned, u.stolen, u.late, u.cancelled, wasted);
    } else {
      out << ",,,,,,,,,\n";
    }
  }
  return WriteFileAtomically(path, out.str());
}

namespace {

// ".png" for "s.PNG": the extension that picks gnuplot's terminal.
std::string LowerExtension(const std::string& path) {
  return absl::AsciiStrToLower(std::filesystem::path(path).extension().string());
}

// Runs `argv` (argv[0] looked up on PATH, no shell) with `input` on its
// standard input and returns what it wrote on its standard output; its
// standard error is ours. Input goes through a socket rather than a pipe,
// so that a program that exits before reading all of it is an error here
// (EPIPE) instead of a SIGPIPE that would kill this process.
absl::StatusOr<std::string> RunFilter(std::vector<std::string> argv, std::string_view input) {
  int in[2], out[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0) {
    return absl::ErrnoToStatus(errno, "cannot make a socket");
  }
  if (pipe2(out, O_CLOEXEC) != 0) {
    const int error = errno;
    close(in[0]);
    close(in[1]);
    return absl::ErrnoToStatus(error, "cannot make a pipe");
  }
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_adddup2(&files, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&files, out[1], STDOUT_FILENO);
  std::vector<char*> args;
  for (std::string& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0], &files, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  close(in[0]);
  close(out[1]);
  if (spawned != 0) {
    close(in[1]);
    close(out[0]);
    return absl::ErrnoToStatus(spawned, absl::StrCat("cannot run ", argv[0]));
  }
  std::string output;
  std::size_t sent = 0;
  int writing = in[1];
  if (input.empty()) {
    close(writing);
    writing = -1;
  }
  for (int reading = out[0]; reading >= 0;) {
    pollfd fds[2] = {{reading, POLLIN, 0}, {writing, POLLOUT, 0}};
    if (poll(fds, writing >= 0 ? 2 : 1, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (writing >= 0 && fds[1].revents != 0) {
      const ssize_t n =
          send(writing, input.data() + sent, input.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0) sent += static_cast<std::size_t>(n);
      if ((n < 0 && errno != EAGAIN && errno != EINTR) || sent == input.size()) {
        close(writing);
        writing = -1;
      }
    }
    if (fds[0].revents != 0) {
      char buffer[1 << 16];
      const ssize_t n = read(reading, buffer, sizeof buffer);
      if (n > 0) output.append(buffer, static_cast<std::size_t>(n));
      if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
        close(reading);
        reading = -1;
      }
    }
  }
  if (writing >= 0) close(writing);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || sent < input.size()) {
    return absl::UnavailableError(absl::StrCat(argv[0], " failed"));
  }
  return output;
}

}  // namespace

absl::Status CheckPlotPath(const std::string& path) {
  const std::string extension = LowerExtension(path);
  if (extension != ".svg" && extension != ".png") {
    return absl::InvalidArgumentError(absl::StrCat(
        "expected a file name ending in .svg or .png, found '", path, "'"));
  }
  return absl::OkStatus();
}

std::string GnuplotTerminal(const std::string& path) {
  return LowerExtension(path) == ".png" ? "set terminal pngcairo size 800,500\n"
                                        : "set terminal svg size 800,500 dynamic\n";
}

std::string GnuplotString(std::string_view text) {
  std::string quoted = "'";
  for (const char c : text) {
    if (c == '\'') {
      quoted += "''";
    } else if (c == '\n' || c == '\r') {
      quoted += ' ';
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

absl::Status CheckGnuplot() {
  const char* path = std::getenv("PATH");
  for (const absl::string_view folder : absl::StrSplit(path != nullptr ? path : "", ':')) {
    // An empty entry is the working folder, as for posix_spawnp.
    const std::string candidate = absl::StrCat(folder.empty() ? "." : folder, "/gnuplot");
    if (::access(candidate.c_str(), X_OK) == 0 && !std::filesystem::is_directory(candidate)) {
      return absl::OkStatus();
    }
  }
  return absl::FailedPreconditionError(
      "--plot needs gnuplot, which is not on PATH (scripts/setup installs gnuplot-nox)");
}

absl::Status RunGnuplot(const std::string& script, const std::string& path) {
  const absl::StatusOr<std::string> drawn = RunFilter({"gnuplot"}, script);
  if (!drawn.ok() || drawn->empty()) {
    return absl::UnavailableError(absl::StrCat(
        "gnuplot failed to draw ", path, " (is it installed? scripts/setup installs gnuplot-nox)",
        drawn.ok() ? "" : absl::StrCat(": ", drawn.status().message())));
  }
  return WriteFileAtomically(path, *drawn);
}

// Writes the data inline into a gnuplot script (no temporary data file) and
// runs gnuplot on it: speedup on the left axis with the ideal y = x line,
// node overhead in percent on the right axis.
std::string ScalingPlotScript(const std::string& path, const std::vector<ScalingRow>& rows,
                              const std::string& title) {
  bool predicted = false;
  for (const ScalingRow& r : rows) predicted = predicted || r.predicted_speedup > 0;
  // The overhead axis takes every point, a negative one too (a run that
  // searched fewer nodes than one thread).
  double max_overhead = 0, min_overhead = 0;
  for (const ScalingRow& r : rows) {
    max_overhead = std::max(max_overhead, 100.0 * NodeOverhead(rows.front(), r));
    min_overhead = std::min(min_overhead, 100.0 * NodeOverhead(rows.front(), r));
  }
  const double overhead_top = std::max(5.0, 1.2 * max_overhead);
  const double overhead_bottom =
      min_overhead < 0 ? min_overhead - 0.1 * (overhead_top - min_overhead) : 0.0;
  std::string script = absl::StrCat(
      GnuplotTerminal(path), "set title ", GnuplotString(title), "\n",
      "set xlabel 'threads'\nset ylabel 'speedup'\nset y2label 'node overhead (%)'\n",
      "set ytics nomirror\nset y2tics\nset key left top\nset grid\n",
      "set logscale x 2\nset yrange [0:*]\n",
      // Room right of the last count, so that its tic is not on the border.
      absl::StrFormat("set xrange [0.8:%.2f]\n", 1.25 * rows.back().threads),
      // A fixed top when every overhead is ~0, so gnuplot has a range to draw.
      absl::StrFormat("set y2range [%.1f:%.1f]\n", overhead_bottom, overhead_top),
      "plot '-' using 1:2 with linespoints title 'speedup' axes x1y1, "
      "'-' using 1:1 with lines dashtype 2 title 'ideal' axes x1y1, "
      "'-' using 1:3 with linespoints title 'node overhead (%)' axes x1y2",
      predicted ? ", '-' using 1:4 with linespoints dashtype 3 title 'predicted (work/span)' axes x1y1"
                : "",
      "\n");
  // Oversubscribed counts lie on a shaded band: their times are no speedup
  // figures, their overheads are. The band starts halfway (on the log axis)
  // between the largest count that fits the cores and the smallest that
  // does not, so that the last real speedup is drawn outside it.
  int fitting = 0;
  int first_oversubscribed = 0;
  for (const ScalingRow& r : rows) {
    if (!r.oversubscribed) {
      fitting = std::max(fitting, r.threads);
    } else if (first_oversubscribed == 0 || r.threads < first_oversubscribed) {
      first_oversubscribed = r.threads;
    }
  }
  std::string band;
  if (first_oversubscribed > 0 && fitting > 0) {
    const double start = std::sqrt(static_cast<double>(fitting) * first_oversubscribed);
    band = absl::StrFormat(
        "set object 1 rect from first %.3f, graph 0 to graph 1, graph 1 behind "
        "fillcolor rgb '#e8e8e8' fillstyle solid noborder\n"
        // Right-aligned at the plot's right edge: the label ends inside the
        // picture however narrow the band.
        "set label 1 'oversubscribed: no speedup figures' at graph 0.98, graph 0.05 right\n",
        start);
  }
  std::string xtics;
  for (const ScalingRow& r : rows) absl::StrAppend(&xtics, xtics.empty() ? "" : ",", r.threads);
  script.insert(script.find("plot '-'"), absl::StrCat(band, "set xtics (", xtics, ")\n"));
  std::string data;
  for (const ScalingRow& r : rows) {
    absl::StrAppendFormat(&data, "%d %.4f %.3f %.4f\n", r.threads, Speedup(rows.front(), r),
                          100.0 * NodeOverhead(rows.front(), r), r.predicted_speedup);
  }
  absl::StrAppend(&script, data, "e\n", data, "e\n", data, "e\n");
  if (predicted) absl::StrAppend(&script, data, "e\n");
  return script;
}

absl::Status PlotScaling(const std::string& path, const std::vector<ScalingRow>& rows,
                         const std::string& title) {
  if (absl::Status usable = CheckPlotPath(path); !usable.ok()) return usable;
  return RunGnuplot(ScalingPlotScript(path, rows, title), path);
}

}  // namespace endsolve::bench
