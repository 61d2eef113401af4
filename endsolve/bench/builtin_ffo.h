// The default positions of `endsolve bench`: FFO #40-#59, built into the
// binary, so that a benchmark never depends on the folder it is run from.
#ifndef ENDSOLVE_BENCH_BUILTIN_FFO_H_
#define ENDSOLVE_BENCH_BUILTIN_FFO_H_

#include <string_view>

namespace endsolve::bench {

// The name the built-in positions carry in ids and messages.
inline constexpr std::string_view kBuiltinFfoName = "fforum-40-59.obf";

// The text of ffo/fforum-40-59.obf as it was at build time (.obf lines).
std::string_view BuiltinFfoText();

}  // namespace endsolve::bench

#endif  // ENDSOLVE_BENCH_BUILTIN_FFO_H_
