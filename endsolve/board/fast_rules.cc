#include "endsolve/board/fast_rules.h"

namespace endsolve::fast::internal {
namespace {

// Column and row steps of the eight directions, in lane order: the four
// climbing ones (+1, +8, +9, +7), then the four descending ones (-1, -8,
// -9, -7). The lane order is free, but both tables must agree on it.
struct Step {
  int column;
  int row;
};
constexpr Step kUpSteps[4] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};
constexpr Step kDownSteps[4] = {{-1, 0}, {0, -1}, {-1, -1}, {1, -1}};

constexpr Bitboard Ray(int square, Step step) {
  Bitboard ray = 0;
  int column = Column(square) + step.column;
  int row = Row(square) + step.row;
  while (column >= 0 && column < 8 && row >= 0 && row < 8) {
    ray |= SquareBit(row * 8 + column);
    column += step.column;
    row += step.row;
  }
  return ray;
}

constexpr std::array<RayQuad, kNumSquares> MakeRays(const Step (&steps)[4]) {
  std::array<RayQuad, kNumSquares> rays{};
  for (int square = 0; square < kNumSquares; ++square) {
    for (int lane = 0; lane < 4; ++lane) rays[square].ray[lane] = Ray(square, steps[lane]);
  }
  return rays;
}

}  // namespace

constinit const std::array<RayQuad, kNumSquares> kRaysUp = MakeRays(kUpSteps);
constinit const std::array<RayQuad, kNumSquares> kRaysDown = MakeRays(kDownSteps);

}  // namespace endsolve::fast::internal

// ---------------------------------------------------------------------------
// The CPU check (fast_rules.h: MissingCpuFeatures). It lives here because
// every program that runs the search references this file's ray tables, so
// a static link brings the check along.
//
// Its functions are compiled for the baseline x86-64 (target attribute)
// and call nothing but the compiler's CPU-detection builtins and libc: any
// other function of this project is compiled with the build's -march and
// may itself use the instructions being checked. The constructor's
// priority (101, the first one programs may use) runs it before the
// default-priority initializers of the same program or shared library,
// which the compiler may already have vectorised with VEX-encoded
// instructions. The list names each extension the build's flags let the
// compiler use (its predefined macros) that GCC's and clang's
// __builtin_cpu_supports both know.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <unistd.h>

#include <cstdio>
#include <cstring>

// ENDSOLVE_ARCH_FLAGS_TEXT: the build's -march, defined by endsolve/board/CMakeLists.txt.
#define ENDSOLVE_BASELINE_CODE __attribute__((target("arch=x86-64")))

namespace endsolve::fast {
namespace {

// Room for every name below with its separator.
char missing_features[512];

// Appends a space (unless first) and `name` to missing_features. A plain
// loop: glibc's fortified snprintf, fprintf and memcpy (_FORTIFY_SOURCE,
// on by default in Ubuntu's gcc) are always_inline functions of the
// build's -march, which a baseline function may not inline.
ENDSOLVE_BASELINE_CODE void AppendMissing(const char* name) {
  std::size_t end = std::strlen(missing_features);
  const std::size_t last = sizeof missing_features - 1;
  if (end != 0 && end < last) missing_features[end++] = ' ';
  for (; *name != '\0' && end < last; ++name) missing_features[end++] = *name;
  missing_features[end] = '\0';
}

ENDSOLVE_BASELINE_CODE void FindMissingFeatures() {
  __builtin_cpu_init();  // needed in a constructor: libgcc's own may not have run
#define ENDSOLVE_NEEDS(name) \
  if (!__builtin_cpu_supports(name)) AppendMissing(name)
#ifdef __SSE3__
  ENDSOLVE_NEEDS("sse3");
#endif
#ifdef __SSSE3__
  ENDSOLVE_NEEDS("ssse3");
#endif
#ifdef __SSE4_1__
  ENDSOLVE_NEEDS("sse4.1");
#endif
#ifdef __SSE4_2__
  ENDSOLVE_NEEDS("sse4.2");
#endif
#ifdef __POPCNT__
  ENDSOLVE_NEEDS("popcnt");
#endif
#ifdef __AVX__
  ENDSOLVE_NEEDS("avx");
#endif
#ifdef __AVX2__
  ENDSOLVE_NEEDS("avx2");
#endif
#ifdef __FMA__
  ENDSOLVE_NEEDS("fma");
#endif
#ifdef __BMI__
  ENDSOLVE_NEEDS("bmi");
#endif
#ifdef __BMI2__
  ENDSOLVE_NEEDS("bmi2");
#endif
#ifdef __AVX512F__
  ENDSOLVE_NEEDS("avx512f");
#endif
#ifdef __AVX512VL__
  ENDSOLVE_NEEDS("avx512vl");
#endif
#ifdef __AVX512BW__
  ENDSOLVE_NEEDS("avx512bw");
#endif
#ifdef __AVX512DQ__
  ENDSOLVE_NEEDS("avx512dq");
#endif
#ifdef __AVX512CD__
  ENDSOLVE_NEEDS("avx512cd");
#endif
#ifdef __AVX512VBMI__
  ENDSOLVE_NEEDS("avx512vbmi");
#endif
#ifdef __AVX512IFMA__
  ENDSOLVE_NEEDS("avx512ifma");
#endif
#ifdef __AVX512VNNI__
  ENDSOLVE_NEEDS("avx512vnni");
#endif
#ifdef __AVX512VBMI2__
  ENDSOLVE_NEEDS("avx512vbmi2");
#endif
#ifdef __AVX512BITALG__
  ENDSOLVE_NEEDS("avx512bitalg");
#endif
#ifdef __AVX512VPOPCNTDQ__
  ENDSOLVE_NEEDS("avx512vpopcntdq");
#endif
#undef ENDSOLVE_NEEDS
}

ENDSOLVE_BASELINE_CODE __attribute__((constructor(101))) void StopUnlessCpuSupported() {
  FindMissingFeatures();
  if (missing_features[0] == '\0') return;
  // fputs: no fortified wrapper (above).
  std::fputs("endsolve: this CPU lacks ", stderr);
  std::fputs(missing_features, stderr);
  std::fputs(", which this build of endsolve uses (it was compiled with " ENDSOLVE_ARCH_FLAGS_TEXT
             "); build endsolve on this machine (scripts/build) to run it here\n",
             stderr);
  _exit(2);
}

}  // namespace

const char* MissingCpuFeatures() { return missing_features; }

}  // namespace endsolve::fast

#else  // another architecture: no check (the build's -mcpu=native is the machine's own)

namespace endsolve::fast {
const char* MissingCpuFeatures() { return ""; }
}  // namespace endsolve::fast

#endif
