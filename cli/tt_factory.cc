#include "cli/tt_factory.h"

namespace endsolve::cli {

// Keeps the table's default shard count: the TT picks it for its size.
absl::StatusOr<std::unique_ptr<TranspositionTable>> MakeTable(const SolveOptions& options) {
  TTOptions tt;
  tt.size_mib = options.hash_mib;
  tt.scheme = options.scheme;
  return TranspositionTable::Create(tt);
}

}  // namespace endsolve::cli
