// The one progress display of every long command (endsolve's solve, bench,
// batch and study; endsolve-train's solve stage): a status line on
// stderr, redrawn in place on a terminal, logged as a line now and then
// elsewhere (a scheduler's log file), from a thread of its own so that it
// moves from the first second on, whatever the search is doing.
#ifndef ENDSOLVE_CONSOLE_PROGRESS_DISPLAY_H_
#define ENDSOLVE_CONSOLE_PROGRESS_DISPLAY_H_

#include <condition_variable>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "absl/time/time.h"

namespace endsolve::console {

// `line` cut to at most `width` bytes for a terminal of that many columns
// (a wrapped line could not be redrawn in place): its head and its tail,
// where the counts and the time are, joined by "...", never inside a UTF-8
// character. A line that fits comes back whole.
std::string FitToWidth(std::string_view line, std::size_t width);

class ProgressDisplay {
 public:
  // Redraws often enough to look live, rarely enough to cost nothing.
  static constexpr absl::Duration kRedrawInterval = absl::Milliseconds(500);
  // A line every 30 s shows that a job moves without flooding its log over
  // a day-long run (about 3,000 lines).
  static constexpr absl::Duration kLogInterval = absl::Seconds(30);

  // The status line now; `terminal` says whether it is drawn in place (and
  // may then name the position being searched) or logged. Called from the
  // display's thread: it must take its own locks.
  using LineSource = std::function<std::string(bool terminal)>;

  // Starts drawing `line` every interval; `log_prefix` starts each logged
  // line ("batch: ").
  ProgressDisplay(LineSource line, bool terminal, std::string log_prefix);
  ~ProgressDisplay();  // stops
  ProgressDisplay(const ProgressDisplay&) = delete;
  ProgressDisplay& operator=(const ProgressDisplay&) = delete;

  // Prints `text` and a newline on `stream` (stderr: a message; stdout: a
  // result row) above the status line, which comes back at the next redraw:
  // nothing lands in the middle of the line.
  void Print(std::FILE* stream, std::string_view text);
  void Message(std::string_view text) { Print(stderr, text); }

  // Stops the thread. On a terminal the line is cleared; elsewhere a last
  // line is logged, so that a log ends with the final counts.
  void Stop();

 private:
  void Run();
  void Draw();  // with mutex_ held

  const LineSource line_;
  const bool terminal_;
  const std::string log_prefix_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace endsolve::console

#endif  // ENDSOLVE_CONSOLE_PROGRESS_DISPLAY_H_
