// libFuzzer target: the weights file reader (--eval FILE) on a stream, the
// way a user can hand it /dev/urandom or a pipe that never ends. The first
// byte chooses: even, the rest of the input is the whole file; odd, the rest
// repeats without end (zeros when there is no rest). Either way the reader
// must return (an error, or weights for a valid file) holding at most one
// weights file's bytes: scripts/fuzz runs this target under the same
// -malloc_limit_mb as the others, far below what an unbounded read of an
// endless stream would take within its time limit.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "endsolve/eval/weights.h"

namespace {

// Writes `bytes` to `fd` once, or again and again while `endless`, until
// the reader closes its end (EPIPE); then closes `fd`.
void Feed(int fd, std::vector<char> bytes, bool endless) {
  if (bytes.empty()) bytes.assign(4096, '\0');
  do {
    for (std::size_t done = 0; done < bytes.size();) {
      const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {  // the reader has gone
        close(fd);
        return;
      }
      done += static_cast<std::size_t>(n);
    }
  } while (endless);
  close(fd);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool ignore_sigpipe = [] { return signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();
  if (!ignore_sigpipe || size == 0) return 0;
  const bool endless = (data[0] & 1) != 0;
  int fds[2];
  if (pipe(fds) != 0) std::abort();
  std::thread writer(Feed, fds[1], std::vector<char>(data + 1, data + size), endless);
  const auto weights = endsolve::eval::ReadWeightsFile("/dev/fd/" + std::to_string(fds[0]));
  // The reader opened its own descriptor of the pipe and closed it; closing
  // the last one ends the writer's loop.
  close(fds[0]);
  writer.join();
  // An endless stream is never a weights file.
  if (endless && weights.ok()) std::abort();
  return 0;
}
