#include "tests/solver/ffo_check.h"

#include <memory>

#include "endsolve/positions/position_io.h"
#include "endsolve/solver/answer_check.h"
#include "endsolve/solver/solver.h"
#include "tests/sanitized_share.h"
#include "tests/solver/oracle.h"
#include "gtest/gtest.h"

namespace endsolve::testing {

void CheckFfoFile(const std::string& file, int first, int last, const SolveOptions& base) {
  const auto read = ReadPositionFile(std::string(ENDSOLVE_SOURCE_DIR) + "/ffo/" + file);
  ASSERT_TRUE(read.ok()) << read.status();
  ASSERT_TRUE(read->errors.empty()) << read->errors.front();
  TTOptions tt_options;
  tt_options.size_mib = 64;
  auto table = TranspositionTable::Create(tt_options);
  ASSERT_TRUE(table.ok()) << table.status();
  int solved = 0;
  for (const Position& position : read->positions) {
    const int number = std::stoi(position.label.substr(1));
    if (number < first || number > last) continue;
    ASSERT_TRUE(position.HasAnswers()) << position.label;
    (*table)->Clear();
    SolveOptions options = base;
    options.tt = table->get();
    const absl::StatusOr<SolveResult> result_or = Solve(position.board, options);
    ASSERT_TRUE(result_or.ok()) << result_or.status();
    const SolveResult& result = *result_or;
    EXPECT_EQ(result.score, position.ExpectedScore()) << position.label;
    EXPECT_EQ(result.kind, ScoreKind::kExact) << position.label;
    EXPECT_EQ(CheckAnswer(position, result, /*wld=*/false), Verdict::kOk)
        << position.label << ": " << SquareName(result.best_move);
    EXPECT_EQ(PlayOut(position.board, result.pv), position.ExpectedScore()) << position.label;
    ++solved;
  }
  EXPECT_EQ(solved, last - first + 1);
}

int LastForThisBuild(int first, int last) {
  return first + InputsForThisBuild(last - first + 1) - 1;
}

}  // namespace endsolve::testing
