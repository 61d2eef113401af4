// How many inputs a repetitive check takes in this build. Under a sanitizer
// the code runs 5-30 times slower, and CI runs the suite that way twice
// (ASan+UBSan, then the concurrency tests under TSan) within its 20 minutes.
// The checks that repeat one code path over many random inputs therefore take
// a quarter of their inputs in a sanitized build, and those whose every input
// runs the evaluation searches of a proof's planning (16 times slower under
// ASan+UBSan: 138 s against 8.5 s for FFO #37's proof) an eighth; the release
// run, which CI runs first, takes them all. Every assertion runs in every
// build.
#ifndef ENDSOLVE_TESTS_SANITIZED_SHARE_H_
#define ENDSOLVE_TESTS_SANITIZED_SHARE_H_

#include <algorithm>

namespace endsolve::testing {

#ifdef ENDSOLVE_SANITIZED
inline constexpr int kSanitizedShareDivisor = 4;
inline constexpr int kSanitizedHeavyShareDivisor = 8;
#else
inline constexpr int kSanitizedShareDivisor = 1;
inline constexpr int kSanitizedHeavyShareDivisor = 1;
#endif

// `count` inputs in a plain build; a quarter of them, at least one, under a
// sanitizer.
constexpr int InputsForThisBuild(int count) {
  return std::max(1, count / kSanitizedShareDivisor);
}

// `count` inputs in a plain build; an eighth of them, at least one, under a
// sanitizer: for inputs that each plan a proof.
constexpr int HeavyInputsForThisBuild(int count) {
  return std::max(1, count / kSanitizedHeavyShareDivisor);
}

}  // namespace endsolve::testing

#endif  // ENDSOLVE_TESTS_SANITIZED_SHARE_H_
