// libFuzzer target: the results-file reader that batch resume, --summary and
// merge trust. Whatever the bytes, the good lines and the torn tail must
// account for the whole file.
#include <cstddef>
#include <cstdint>

#include "endsolve/batch/results_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  const endsolve::batch::ResultsContents contents = endsolve::batch::ParseResults(text, "r.jsonl");
  if (contents.complete_bytes + contents.torn_bytes != size) __builtin_trap();
  endsolve::batch::LatestById(contents);
  return 0;
}
