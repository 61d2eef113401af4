// The transposition table a command solves with, built from its options.
#ifndef ENDSOLVE_CLI_TT_FACTORY_H_
#define ENDSOLVE_CLI_TT_FACTORY_H_

#include <memory>

#include "absl/status/statusor.h"
#include "solver/solver.h"

namespace endsolve::cli {

// One table of options.hash_mib MiB with options.scheme, shared by every
// position (and thread) of the command.
absl::StatusOr<std::unique_ptr<TranspositionTable>> MakeTable(const SolveOptions& options);

}  // namespace endsolve::cli

#endif  // ENDSOLVE_CLI_TT_FACTORY_H_
