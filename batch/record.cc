#include "batch/record.h"

#include <cassert>
#include <limits>

#include "absl/strings/str_cat.h"
#include "board/notation.h"
#include "board/position_io.h"
#include "board/symmetry.h"
#include "solver/answer_check.h"

namespace endsolve::batch {
namespace {

// A bad line is kept in its record, to show what was read, up to this many
// bytes: a position line is shorter (64 squares, a side, and the answers of
// at most 33 moves, about 260 bytes). A longer one is cut and its length
// said; a 10 MB line copied whole made a 10 MB record, read back by every
// resume and summary.
constexpr std::size_t kMaxInputKept = 300;

std::string KeptInput(const std::string& raw) {
  if (raw.size() <= kMaxInputKept) return raw;
  return absl::StrCat(raw.substr(0, kMaxInputKept), "... (", raw.size(), " bytes in all)");
}

constexpr absl::string_view kModeExact = "exact";
constexpr absl::string_view kModeWld = "wld";

// The board and side as an .obf line without answers: the key a reader
// needs to rebuild the position, and a user to look at it.
std::string PositionText(const Position& position) {
  return absl::StrCat(position.BoardString(), " ", std::string(1, ColorChar(position.to_move)));
}

Json MoveList(const std::vector<int>& moves) {
  Json list = Json::array();
  for (int square : moves) list.push_back(SquareName(square));
  return list;
}

// The keys every record opens with, in the order users read them.
Json CommonRecord(const BatchItem& item, ResultStatus status) {
  Json j;
  j["id"] = item.id;
  j["status"] = StatusName(status);
  j["file"] = item.file;
  j["line"] = item.line;
  if (item.ok() && !item.position->label.empty()) j["label"] = item.position->label;
  if (item.ok()) {
    j["position"] = PositionText(*item.position);
    j["empties"] = item.position->board.EmptyCount();
  }
  return j;
}

// The keys every record closes with: how and by what it was run.
void AddRunKeys(const RunSettings& run, Json* j) {
  (*j)["threads"] = run.threads;
  (*j)["mode"] = run.wld ? kModeWld : kModeExact;
  (*j)["shard"] = FormatShard(run.shard);
  (*j)["version"] = ENDSOLVE_VERSION;
}

void AddWork(const SolveResult& result, Json* j) {
  (*j)["leaves"] = result.nodes.leaves;
  (*j)["internal_nodes"] = result.nodes.internal;
  (*j)["nodes"] = result.nodes.total();
  (*j)["seconds"] = absl::ToDoubleSeconds(result.time);
}

// "G8", "PS" (a pass) or "--" (no move) back to a square number.
std::optional<int> ParseMove(absl::string_view name) {
  if (name == "PS") return kPass;
  if (name == "--") return kNoMove;
  return ParseSquare(std::string_view(name.data(), name.size()));
}

// Small helpers that turn a missing or mistyped key into a message.
absl::Status MissingKey(absl::string_view key, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("key \"", key, "\" missing or not ", what));
}
absl::StatusOr<std::string> GetString(const Json& j, absl::string_view key) {
  const auto it = j.find(std::string(key));
  if (it == j.end() || !it->is_string()) return MissingKey(key, "a string");
  return it->get<std::string>();
}
absl::StatusOr<std::int64_t> GetInteger(const Json& j, absl::string_view key) {
  const auto it = j.find(std::string(key));
  if (it == j.end() || !it->is_number_integer()) return MissingKey(key, "an integer");
  return it->get<std::int64_t>();
}
absl::Status RequireString(const Json& j, absl::string_view key) {
  return GetString(j, key).status();
}
absl::Status RequireNumber(const Json& j, absl::string_view key) {
  const auto it = j.find(std::string(key));
  if (it == j.end() || !it->is_number()) return MissingKey(key, "a number");
  return absl::OkStatus();
}

#define ENDSOLVE_ASSIGN_OR_RETURN(lhs, expr)    \
  auto lhs##_or = (expr);                       \
  if (!lhs##_or.ok()) return lhs##_or.status(); \
  auto lhs = *std::move(lhs##_or)

}  // namespace

absl::string_view StatusName(ResultStatus status) {
  switch (status) {
    case ResultStatus::kSolved:
      return "solved";
    case ResultStatus::kWrongAnswer:
      return "wrong-answer";
    case ResultStatus::kBadInput:
      return "bad-input";
    case ResultStatus::kTimedOut:
      return "timed-out";
  }
  return "?";
}

std::optional<ResultStatus> ParseStatusName(absl::string_view name) {
  for (ResultStatus s : {ResultStatus::kSolved, ResultStatus::kWrongAnswer, ResultStatus::kBadInput,
                         ResultStatus::kTimedOut}) {
    if (StatusName(s) == name) return s;
  }
  return std::nullopt;
}

Json FinishedRecord(const BatchItem& item, const SolveResult& result, const RunSettings& run) {
  assert(item.ok() && !result.stopped);
  const Position& position = *item.position;
  const bool wrong = CheckAnswer(position, result, run.wld) == Verdict::kWrong;
  Json j = CommonRecord(item, wrong ? ResultStatus::kWrongAnswer : ResultStatus::kSolved);
  j["score"] = result.score;
  j["best_move"] = SquareName(result.best_move);
  j["pv"] = MoveList(result.pv);
  if (position.HasAnswers()) j["expected_score"] = position.ExpectedScore();
  AddWork(result, &j);
  AddRunKeys(run, &j);
  return j;
}

Json TimedOutRecord(const BatchItem& item, const SolveResult& result, const RunSettings& run) {
  assert(item.ok());
  Json j = CommonRecord(item, ResultStatus::kTimedOut);
  if (item.position->HasAnswers()) j["expected_score"] = item.position->ExpectedScore();
  AddWork(result, &j);
  j["time_limit_seconds"] = absl::ToDoubleSeconds(run.time_limit);
  AddRunKeys(run, &j);
  return j;
}

Json BadInputRecord(const BatchItem& item, const RunSettings& run) {
  assert(!item.ok());
  Json j = CommonRecord(item, ResultStatus::kBadInput);
  j["error"] = item.error;
  j["input"] = KeptInput(item.raw);
  AddRunKeys(run, &j);
  return j;
}

// Parses with exceptions off, then checks the keys the status needs; any
// failure is a corrupted line to the caller.
absl::StatusOr<ResultRecord> ParseRecord(absl::string_view line) {
  ResultRecord r;
  r.json = Json::parse(line.begin(), line.end(), nullptr, /*allow_exceptions=*/false);
  if (r.json.is_discarded()) return absl::InvalidArgumentError("not valid JSON");
  if (!r.json.is_object()) return absl::InvalidArgumentError("not a JSON object");
  const Json& j = r.json;
  ENDSOLVE_ASSIGN_OR_RETURN(id, GetString(j, "id"));
  if (id.empty()) return MissingKey("id", "a non-empty string");
  r.id = std::move(id);
  ENDSOLVE_ASSIGN_OR_RETURN(status, GetString(j, "status"));
  const std::optional<ResultStatus> parsed = ParseStatusName(status);
  if (!parsed) return absl::InvalidArgumentError(absl::StrCat("unknown status \"", status, "\""));
  r.status = *parsed;
  ENDSOLVE_ASSIGN_OR_RETURN(shard, GetString(j, "shard"));
  if (!ParseShard(shard).ok()) return MissingKey("shard", "K/N");
  r.shard = std::move(shard);
  ENDSOLVE_ASSIGN_OR_RETURN(mode, GetString(j, "mode"));
  if (mode != kModeExact && mode != kModeWld) return MissingKey("mode", "\"exact\" or \"wld\"");
  r.wld = mode == kModeWld;
  if (absl::Status s = RequireString(j, "file"); !s.ok()) return s;
  if (absl::Status s = GetInteger(j, "line").status(); !s.ok()) return s;

  if (r.status == ResultStatus::kBadInput) {
    if (absl::Status s = RequireString(j, "error"); !s.ok()) return s;
    return r;
  }
  ENDSOLVE_ASSIGN_OR_RETURN(text, GetString(j, "position"));
  absl::StatusOr<Position> position = ParsePositionText(text, "position");
  if (!position.ok()) return MissingKey("position", "a board and a side");
  r.board = position->board;
  r.key = KeyOf(r.board);
  for (absl::string_view key : {"leaves", "internal_nodes", "nodes"}) {
    ENDSOLVE_ASSIGN_OR_RETURN(count, GetInteger(j, key));
    if (count < 0) return MissingKey(key, "a count");
  }
  if (absl::Status s = RequireNumber(j, "seconds"); !s.ok()) return s;

  if (r.status == ResultStatus::kTimedOut) {
    if (absl::Status s = RequireNumber(j, "time_limit_seconds"); !s.ok()) return s;
    r.time_limit = absl::Seconds(j["time_limit_seconds"].get<double>());
    return r;
  }
  ENDSOLVE_ASSIGN_OR_RETURN(score, GetInteger(j, "score"));
  if (score < -64 || score > 64) return MissingKey("score", "a score from -64 to 64");
  r.score = static_cast<int>(score);
  ENDSOLVE_ASSIGN_OR_RETURN(best, GetString(j, "best_move"));
  const std::optional<int> best_move = ParseMove(best);
  if (!best_move) return MissingKey("best_move", "a square or PS");
  r.best_move = *best_move;
  const auto pv = j.find("pv");
  if (pv == j.end() || !pv->is_array()) return MissingKey("pv", "a list of moves");
  for (const Json& move : *pv) {
    const std::optional<int> square =
        move.is_string() ? ParseMove(move.get<std::string>()) : std::nullopt;
    if (!square) return MissingKey("pv", "a list of moves");
    r.pv.push_back(*square);
  }
  return r;
}

// The same result, seen in the other orientation: equal keys guarantee a
// symmetry between the boards, and TransformSquare leaves passes alone.
Json DuplicateRecord(const BatchItem& item, const ResultRecord& original, const RunSettings& run) {
  assert(item.ok() && original.status != ResultStatus::kBadInput);
  SolveResult mapped;  // no nodes and no time: nothing was searched
  Json j;
  if (original.has_score()) {
    const int symmetry = SymmetryBetween(original.board, item.position->board);
    assert(symmetry >= 0);
    mapped.score = original.score;
    mapped.best_move = TransformSquare(original.best_move, symmetry);
    for (int square : original.pv) mapped.pv.push_back(TransformSquare(square, symmetry));
    j = FinishedRecord(item, mapped, run);
  } else {
    RunSettings original_limit = run;
    original_limit.time_limit = original.time_limit;
    j = TimedOutRecord(item, mapped, original_limit);
  }
  // Keep the run keys last, as in every record.
  Json out;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "threads") out["duplicate_of"] = original.id;
    out[it.key()] = it.value();
  }
  return out;
}

#undef ENDSOLVE_ASSIGN_OR_RETURN

std::string DumpLine(const Json& record) {
  return record.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace endsolve::batch
