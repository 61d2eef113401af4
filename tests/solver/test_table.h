// The transposition table of a solver test: the default scheme and shard
// count, `mib` MiB. A table that cannot be made fails the test that asked.
#ifndef ENDSOLVE_TESTS_SOLVER_TEST_TABLE_H_
#define ENDSOLVE_TESTS_SOLVER_TEST_TABLE_H_

#include <cstddef>
#include <memory>

#include "endsolve/hashtable/transposition_table.h"
#include "gtest/gtest.h"

namespace endsolve::testing {

inline std::unique_ptr<TranspositionTable> MakeTable(std::size_t mib) {
  TTOptions options;
  options.size_mib = mib;
  auto table = TranspositionTable::Create(options);
  EXPECT_TRUE(table.ok()) << table.status();
  return *std::move(table);
}

}  // namespace endsolve::testing

#endif  // ENDSOLVE_TESTS_SOLVER_TEST_TABLE_H_
