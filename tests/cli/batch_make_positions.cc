// batch_make_positions COUNT MIN_EMPTIES MAX_EMPTIES SEED: prints COUNT
// random positions (tests/cli/batch_test_util.h) as .obf lines, for the batch
// demo (scripts/demo-batch-kill) and for trying batches by hand.
#include <cstdint>
#include <cstdio>

#include "absl/strings/numbers.h"
#include "tests/cli/batch_test_util.h"

int main(int argc, char** argv) {
  int count = 0, lo = 0, hi = 0;
  std::uint64_t seed = 0;
  if (argc != 5 || !absl::SimpleAtoi(argv[1], &count) || !absl::SimpleAtoi(argv[2], &lo) ||
      !absl::SimpleAtoi(argv[3], &hi) || !absl::SimpleAtoi(argv[4], &seed) || count < 0 || lo < 1 ||
      hi > 59 || lo > hi) {
    std::fprintf(stderr,
                 "usage: batch_make_positions COUNT MIN_EMPTIES MAX_EMPTIES SEED\n"
                 "  (1 <= MIN_EMPTIES <= MAX_EMPTIES <= 59)\n");
    return 2;
  }
  const std::string text =
      endsolve::testing::ObfText(endsolve::testing::RandomPositions(count, lo, hi, seed));
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}
