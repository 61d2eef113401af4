// One line of a batch results file: the JSON record written when a position
// finishes, and the checked record read back by resume, --summary and merge.
//
// Keys (README "Batch solving" lists them for users):
//   every record   id, status, file, line, shard ("K/N"), mode ("exact" or
//                  "wld"), threads, version
//   solved and     position (the .obf board and side), empties, score,
//   wrong-answer   best_move, pv, leaves, internal_nodes, nodes, seconds,
//                  expected_score when the input had answers, label for FFO
//                  positions ("#40"), duplicate_of when the result was
//                  taken from another occurrence of the same position
//   timed-out      position, empties, leaves, internal_nodes, nodes, seconds,
//                  time_limit_seconds, duplicate_of when applicable
//   bad-input      error (FILE:LINE:COL: expected ..., found ...), input (the
//                  raw line, its first 300 bytes and its length when longer)
#ifndef ENDSOLVE_BATCH_RECORD_H_
#define ENDSOLVE_BATCH_RECORD_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "batch/identity.h"
#include "batch/input.h"
#include "board/symmetry.h"
#include "nlohmann/json.hpp"
#include "solver/solver.h"

namespace endsolve::batch {

using Json = nlohmann::ordered_json;

enum class ResultStatus { kSolved, kWrongAnswer, kBadInput, kTimedOut };

// "solved", "wrong-answer", "bad-input", "timed-out".
absl::string_view StatusName(ResultStatus status);
std::optional<ResultStatus> ParseStatusName(absl::string_view name);

// What every record of one batch run shares.
struct RunSettings {
  Shard shard;
  bool wld = false;
  int threads = 1;
  absl::Duration time_limit = absl::InfiniteDuration();  // per position
};

// A solve that finished: status solved, or wrong-answer when the input's
// answers disagree (solver/answer_check.h).
Json FinishedRecord(const BatchItem& item, const SolveResult& result, const RunSettings& run);
// A solve that ran out of its time limit.
Json TimedOutRecord(const BatchItem& item, const SolveResult& result, const RunSettings& run);
Json BadInputRecord(const BatchItem& item, const RunSettings& run);

// A record checked on reading: the JSON, and the fields resume, summary and
// merge need, already parsed.
struct ResultRecord {
  int line_number = 0;  // in the results file, 1-based
  Json json;
  std::string id;
  ResultStatus status = ResultStatus::kSolved;
  std::string shard;  // as written, "K/N"
  bool wld = false;
  // Solved, wrong-answer and timed-out records: the position, from its
  // "position" key.
  Board board;
  PositionKey key;
  // Solved and wrong-answer records only.
  int score = 0;
  int best_move = kNoMove;
  std::vector<int> pv;
  // Timed-out records only.
  absl::Duration time_limit = absl::ZeroDuration();

  bool has_score() const {
    return status == ResultStatus::kSolved || status == ResultStatus::kWrongAnswer;
  }
};

// Parses and checks one line (without its newline): a JSON object whose keys
// are those its status requires, with values of the right types. The error
// says what is wrong, for the warning that names the line.
absl::StatusOr<ResultRecord> ParseRecord(absl::string_view line);

// The record for another occurrence of a finished or timed-out position:
// `original`'s score, with its best move and PV turned into `item`'s
// orientation, checked against `item`'s own answers, with no nodes and no
// time of its own, and "duplicate_of" naming the original's id.
Json DuplicateRecord(const BatchItem& item, const ResultRecord& original, const RunSettings& run);

// One line of JSON. Invalid UTF-8 (a bad input line may hold any bytes) is
// replaced rather than thrown on.
std::string DumpLine(const Json& record);

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_RECORD_H_
