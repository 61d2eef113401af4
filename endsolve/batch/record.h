// One line of a batch results file: the JSON record written when a position
// finishes, and the checked record read back by resume, --summary and merge.
//
// `Record` is the line's schema: its to_json and from_json are the one place
// that names the keys, gives their types and order, and says which keys each
// status requires, so that the writer and the reader cannot drift apart.
// Keys, in the order written (docs/batch-and-clusters.md, "Batch solving", lists them for users):
//   every record   id, status, file, line, ..., threads, mode ("exact" or
//                  "wld"), shard ("K/N"), version
//   all but        position (the .obf board and side), empties, then the
//   bad-input      search's leaves, internal_nodes, nodes, seconds (0 for
//                  duplicates); label for FFO and .wtb inputs ("#40"),
//                  expected_score when the input had answers, duplicate_of
//                  when the result was taken from another occurrence of the
//                  same position
//   solved and     score, best_move, pv (after empties); bound after score
//   wrong-answer   when the line had a window; move_scores after pv when
//                  every move was scored (`endsolve analyse`'s cache)
//   with a window  window ([LO, HI], after empties): the line's ScoreWindow;
//                  its score is then "exact", a "lower" or an "upper" bound
//   timed-out      time_limit_seconds (after seconds)
//   bad-input      error (FILE:LINE:COL: expected ..., found ...), input (the
//                  raw line, its first 300 bytes and its length when longer)
#ifndef ENDSOLVE_BATCH_RECORD_H_
#define ENDSOLVE_BATCH_RECORD_H_

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "endsolve/batch/identity.h"
#include "endsolve/batch/input.h"
#include "endsolve/board/board.h"
#include "endsolve/board/position.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/solver/solver.h"
#include "nlohmann/json.hpp"

namespace endsolve::batch {

using Json = nlohmann::ordered_json;

enum class ResultStatus { kSolved, kWrongAnswer, kBadInput, kTimedOut };

// "solved", "wrong-answer", "bad-input", "timed-out".
absl::string_view StatusName(ResultStatus status);
std::optional<ResultStatus> ParseStatusName(absl::string_view name);

// The "position" key: what a reader needs to rebuild the position, written
// as an .obf line without answers.
struct BoardAndSide {
  Board board;
  Color to_move = Color::kBlack;
  friend bool operator==(const BoardAndSide&, const BoardAndSide&) = default;
};

// Every key of a result line, each member named as its key (but `wld`, for
// "mode"). The status-dependent keys are optional; from_json fills exactly
// those the status requires or allows, and to_json writes those present.
struct Record {
  std::string id;
  ResultStatus status = ResultStatus::kSolved;
  std::string file;
  int line = 0;
  std::optional<std::string> label;
  std::optional<BoardAndSide> position;
  std::optional<int> empties;
  std::optional<ScoreWindow> window;  // the line's window (a prove unit's test)
  std::optional<int> score;
  std::optional<ScoreKind> bound;     // with a window: how `score` relates to the truth
  std::optional<int> best_move;  // a square, kPass or kNoMove
  std::optional<std::vector<int>> pv;
  // Every legal move's exact score, best first, as an .obf line's answers
  // ("A2:+38"): `endsolve analyse`'s cache, the all-moves solve of the position.
  std::optional<std::vector<MoveScore>> move_scores;
  std::optional<int> expected_score;
  std::optional<std::uint64_t> leaves;
  std::optional<std::uint64_t> internal_nodes;
  std::optional<std::uint64_t> nodes;
  std::optional<double> seconds;
  std::optional<double> time_limit_seconds;
  std::optional<std::string> error;
  std::optional<std::string> input;
  std::optional<std::string> duplicate_of;
  int threads = 1;
  bool wld = false;
  std::string shard;  // as written, "K/N"
  std::string version;

  bool has_score() const {
    return status == ResultStatus::kSolved || status == ResultStatus::kWrongAnswer;
  }
  friend bool operator==(const Record&, const Record&) = default;
};

// What from_json throws for JSON that breaks the schema. The message names
// the key: `key "score" missing or not a score from -64 to 64`.
class RecordError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// nlohmann's hooks (found by argument-dependent lookup): Json(record) and
// json.get<Record>().
void to_json(Json& j, const Record& record);
void from_json(const Json& j, Record& record);

// What every record of one batch run shares.
struct RunSettings {
  Shard shard;
  bool wld = false;
  int threads = 1;
  absl::Duration time_limit = absl::InfiniteDuration();  // per position
  // Clear the table before each position, so that every result is the one
  // its position gets alone (`endsolve batch` unless --keep-table). False: the
  // positions share what the table learnt (the prove manager's local
  // engine, whose units are neighbours in one tree); the answers are as
  // exact, the node counts depend on the order.
  bool fresh_table = true;
};

// A solve that finished: status solved, or wrong-answer when the input's
// answers disagree (endsolve/solver/answer_check.h).
Record FinishedRecord(const BatchItem& item, const SolveResult& result, const RunSettings& run);
// A solve that ran out of its time limit.
Record TimedOutRecord(const BatchItem& item, const SolveResult& result, const RunSettings& run);
Record BadInputRecord(const BatchItem& item, const RunSettings& run);

// The record for another occurrence of a finished or timed-out position:
// `original`'s score, with its best move and PV turned into `item`'s
// orientation, checked against `item`'s own answers, with no nodes and no
// time of its own, and "duplicate_of" naming the original's id.
Record DuplicateRecord(const BatchItem& item, const Record& original, const RunSettings& run);

// A record read back from a results file, with where it was and the key
// that finds other occurrences of its position.
struct ResultRecord : Record {
  int line_number = 0;  // in the results file, 1-based
  PositionKey key;      // of `position`, when the record has one
};

// What makes two records answers to the same question: the position, its
// symmetries taken out, and the window it was solved in (a line without
// one is solved in the whole window, [-64, 64]).
struct QuestionKey {
  PositionKey position;
  ScoreWindow window;
  friend auto operator<=>(const QuestionKey&, const QuestionKey&) = default;
};
QuestionKey QuestionOf(const ResultRecord& record);
QuestionKey QuestionOf(const Position& position);

// The scores an exact-mode record with a score allows (solver.h's
// ScoresAllowed of its score and bound; no bound: exact).
ScoreWindow ScoresAllowed(const Record& record);

// A record's score as it means it, for messages: "+18", "+4 (lower
// bound)", "-1 (WLD)". The record must have a score.
std::string ScoreText(const Record& record);

// What a record's own keys contradict, each in words for the user, who
// sees them as "FILE:LINE: ID: " and the words (`batch --summary`, `merge`);
// empty for a sound record. A record that says "solved" while the answers
// check of the solve itself (endsolve/solver/answer_check.h's CheckAnswer, given the
// record's score, bound and mode against its expected_score) finds it wrong:
// "its score +30 differs from its expected score +38". A pv that is not a
// line of legal moves from its position, passes (PS) included: "its line
// plays A1 at move 2, not a legal move there"; one that reaches the end of
// the game at a final score its score (or bound, or WLD sign) does not
// allow; a best_move that is not a legal move of its position. And an id
// of the form FILE:LINE:HASH, LINE the record's line, whose HASH is not
// that of its position and window (ItemHash): the position was edited.
std::vector<std::string> RecordDisagreements(const Record& record);

// Parses and checks one line (without its newline) through from_json. The
// error says what is wrong, for the warning that names the line.
absl::StatusOr<ResultRecord> ParseRecord(absl::string_view line);

// One line of JSON. Invalid UTF-8 (a bad input line may hold any bytes) is
// replaced rather than thrown on.
std::string DumpLine(const Json& record);
std::string DumpLine(const Record& record);

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_RECORD_H_
