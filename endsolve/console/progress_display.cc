#include "endsolve/console/progress_display.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>

#include "absl/strings/str_format.h"

namespace endsolve::console {

namespace {
bool Continuation(char c) { return (static_cast<unsigned char>(c) & 0xc0) == 0x80; }
}  // namespace

std::string FitToWidth(std::string_view line, std::size_t width) {
  constexpr std::string_view kCut = "...";
  if (line.size() <= width) return std::string(line);
  if (width <= 2 * kCut.size()) {
    std::size_t end = width;
    while (end > 0 && Continuation(line[end])) --end;
    return std::string(line.substr(0, end));
  }
  // Two thirds for the tail: the counts, the rate and the time.
  const std::size_t room = width - kCut.size();
  std::size_t tail = line.size() - room * 2 / 3;
  std::size_t head = room - room * 2 / 3;
  while (tail < line.size() && Continuation(line[tail])) ++tail;
  while (head > 0 && Continuation(line[head])) --head;
  std::string fit(line.substr(0, head));
  fit += kCut;
  fit += line.substr(tail);
  return fit;
}

ProgressDisplay::ProgressDisplay(LineSource line, bool terminal, std::string log_prefix)
    : line_(std::move(line)),
      terminal_(terminal),
      log_prefix_(std::move(log_prefix)),
      thread_([this] { Run(); }) {}

ProgressDisplay::~ProgressDisplay() { Stop(); }

void ProgressDisplay::Print(std::FILE* stream, std::string_view text) {
  std::lock_guard lock(mutex_);
  if (terminal_) absl::FPrintF(stderr, "\r\033[K");
  absl::FPrintF(stream, "%s\n", text);
  std::fflush(stream);
}

void ProgressDisplay::Stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  std::lock_guard lock(mutex_);
  if (terminal_) {
    absl::FPrintF(stderr, "\r\033[K");
  } else {
    absl::FPrintF(stderr, "%s%s\n", log_prefix_, line_(false));
  }
}

// On a terminal the line is cut to its width (FitToWidth).
void ProgressDisplay::Draw() {
  if (!terminal_) {
    absl::FPrintF(stderr, "%s%s\n", log_prefix_, line_(false));
    return;
  }
  std::string line = line_(true);
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 1) {
    line = FitToWidth(line, size.ws_col - 1u);
  }
  absl::FPrintF(stderr, "\r\033[K%s", line);
}

// Sleeps on the condition variable so that Stop() wakes it at once.
void ProgressDisplay::Run() {
  const absl::Duration interval = terminal_ ? kRedrawInterval : kLogInterval;
  std::unique_lock lock(mutex_);
  while (
      !wake_.wait_for(lock, absl::ToChronoMilliseconds(interval), [this] { return stopping_; })) {
    Draw();
  }
}

}  // namespace endsolve::console
