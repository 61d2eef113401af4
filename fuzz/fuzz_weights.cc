// libFuzzer target: the evaluation weights file reader (--eval FILE). A
// file it accepts has exactly the sizes of this build.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "endsolve/eval/weights.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)endsolve::eval::ParseWeights(bytes, "fuzz.bin");
  return 0;
}
