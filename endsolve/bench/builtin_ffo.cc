#include "endsolve/bench/builtin_ffo.h"

extern "C" const char endsolve_builtin_ffo[];
extern "C" const char endsolve_builtin_ffo_end[];

namespace endsolve::bench {

std::string_view BuiltinFfoText() {
  return std::string_view(endsolve_builtin_ffo,
                          static_cast<std::size_t>(endsolve_builtin_ffo_end - endsolve_builtin_ffo));
}

}  // namespace endsolve::bench
