#include "endsolve/batch/record.h"

#include <cassert>
#include <cstdint>
#include <limits>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "endsolve/board/notation.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/solver/answer_check.h"

namespace endsolve::batch {
namespace {

// A bad line is kept in its record, to show what was read, up to this many
// bytes: a position line is shorter (64 squares, a side, and the answers of
// at most 33 moves, about 260 bytes). A longer one is cut and its length
// said; a 10 MB line copied whole made a 10 MB record, read back by every
// resume and summary.
constexpr std::size_t kMaxInputKept = 300;

// The raw line as its record keeps it.
std::string KeptInput(const std::string& raw) {
  if (raw.size() <= kMaxInputKept) return raw;
  return absl::StrCat(raw.substr(0, kMaxInputKept), "... (", raw.size(), " bytes in all)");
}

constexpr absl::string_view kModeExact = "exact";
constexpr absl::string_view kModeWld = "wld";

// The board and side as an .obf line without answers.
std::string PositionText(const BoardAndSide& position) {
  Position p;
  p.board = position.board;
  p.to_move = position.to_move;
  return absl::StrCat(p.BoardString(), " ", std::string(1, ColorChar(p.to_move)));
}

// ["G8", "H7", "PS", ...]: as SquareName spells each move.
Json MoveList(const std::vector<int>& moves) {
  Json list = Json::array();
  for (int square : moves) list.push_back(SquareName(square));
  return list;
}

// "G8", "PS" (a pass) or "--" (no move) back to a square number.
std::optional<int> ParseMove(absl::string_view name) {
  if (name == "PS") return kPass;
  if (name == "--") return kNoMove;
  return ParseSquare(std::string_view(name.data(), name.size()));
}

// The reading side of the schema: each function reads one key of the
// record's object as its type, or throws RecordError naming the key and what
// it must hold.
[[noreturn]] void Refuse(absl::string_view key, absl::string_view what) {
  throw RecordError(absl::StrCat("key \"", key, "\" missing or not ", what));
}

// The key's value, of any type.
const Json& Find(const Json& j, const char* key, absl::string_view what) {
  const auto it = j.find(key);
  if (it == j.end()) Refuse(key, what);
  return *it;
}

// A string; `what` names what it must hold when that is more than a string.
std::string ReadString(const Json& j, const char* key, absl::string_view what) {
  const Json& value = Find(j, key, what);
  if (!value.is_string()) Refuse(key, what);
  return value.get<std::string>();
}

// Any string: the plain case of ReadString, as a function ReadOptional takes.
std::string ReadText(const Json& j, const char* key) { return ReadString(j, key, "a string"); }

// An integer from `low` to `high`; a JSON integer too large for int64 is
// refused, not wrapped.
std::int64_t ReadInteger(const Json& j, const char* key, std::int64_t low, std::int64_t high,
                         absl::string_view what) {
  const Json& value = Find(j, key, what);
  if (!value.is_number_integer()) Refuse(key, what);
  const bool too_large =
      value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(high);
  if (too_large) Refuse(key, what);
  const std::int64_t n = value.get<std::int64_t>();
  if (n < low || n > high) Refuse(key, what);
  return n;
}

// Any integer that fits an int (line numbers, threads).
int ReadInt(const Json& j, const char* key) {
  return static_cast<int>(ReadInteger(j, key, std::numeric_limits<int>::min(),
                                      std::numeric_limits<int>::max(), "an integer"));
}

// An exact score or a WLD one (-1, 0, +1): both lie from -64 to 64.
int ReadScore(const Json& j, const char* key) {
  return static_cast<int>(
      ReadInteger(j, key, -kNumSquares, kNumSquares, "a score from -64 to 64"));
}

// A node count: any integer from 0 to 2^64 - 1. (A JSON reader stores a
// non-negative integer as unsigned; one set in memory may be signed.)
std::uint64_t ReadCount(const Json& j, const char* key) {
  const Json& value = Find(j, key, "a count");
  const bool count = value.is_number_unsigned() ||
                     (value.is_number_integer() && value.get<std::int64_t>() >= 0);
  if (!count) Refuse(key, "a count");
  return value.get<std::uint64_t>();
}

// Seconds: any JSON number, integer or not, but not null (what an infinite
// double is written as).
double ReadNumber(const Json& j, const char* key) {
  const Json& value = Find(j, key, "a number");
  if (!value.is_number()) Refuse(key, "a number");
  return value.get<double>();
}

// A move as SquareName writes it: "G8", "PS" or "--".
int ReadMove(const Json& j, const char* key) {
  const std::optional<int> move = ParseMove(ReadString(j, key, "a square or PS"));
  if (!move) Refuse(key, "a square or PS");
  return *move;
}

// ["A2:+38", "C7:+36", ...]: each move and its exact score, as an .obf
// line writes its answers.
Json ScoreList(const std::vector<MoveScore>& scores) {
  Json list = Json::array();
  for (const MoveScore& m : scores) list.push_back(absl::StrCat(SquareName(m.square), ":", FormatScore(m.score)));
  return list;
}

// A list of strings, each made an item by `parse` (nullopt: refused as not
// `what`).
template <typename T, typename Parse>
std::vector<T> ReadList(const Json& j, const char* key, absl::string_view what, Parse parse) {
  const Json& list = Find(j, key, what);
  if (!list.is_array()) Refuse(key, what);
  std::vector<T> items;
  for (const Json& item : list) {
    const std::optional<T> parsed =
        item.is_string() ? parse(item.get<std::string>()) : std::nullopt;
    if (!parsed) Refuse(key, what);
    items.push_back(*parsed);
  }
  return items;
}

std::vector<MoveScore> ReadScoreList(const Json& j, const char* key) {
  return ReadList<MoveScore>(
      j, key, "a list of moves and scores such as \"A2:+38\"",
      [](absl::string_view text) -> std::optional<MoveScore> {
        const std::size_t colon = text.find(':');
        if (colon == absl::string_view::npos) return std::nullopt;
        const std::optional<int> move = ParseMove(text.substr(0, colon));
        int score = 0;
        if (!move || *move == kNoMove || !absl::SimpleAtoi(text.substr(colon + 1), &score) ||
            score < -kNumSquares || score > kNumSquares) {
          return std::nullopt;
        }
        return MoveScore{*move, score};
      });
}

// A list of moves, each as ReadMove reads it.
std::vector<int> ReadMoves(const Json& j, const char* key) {
  return ReadList<int>(j, key, "a list of moves",
                       [](absl::string_view text) { return ParseMove(text); });
}

// A window as written, [LO, HI], the scores from -64 to 64 and LO <= HI.
ScoreWindow ReadWindow(const Json& j, const char* key) {
  constexpr absl::string_view kWhat = "[LO, HI], two scores from -64 to 64 with LO <= HI";
  const Json& value = Find(j, key, kWhat);
  if (!value.is_array() || value.size() != 2) Refuse(key, kWhat);
  const auto score = [&](const Json& element) {
    if (!element.is_number_integer()) Refuse(key, kWhat);
    const std::int64_t n = element.get<std::int64_t>();
    if (element.is_number_unsigned() && element.get<std::uint64_t>() > kNumSquares) {
      Refuse(key, kWhat);
    }
    if (n < -kNumSquares || n > kNumSquares) Refuse(key, kWhat);
    return static_cast<int>(n);
  };
  const ScoreWindow window{score(value[0]), score(value[1])};
  if (window.lo > window.hi) Refuse(key, kWhat);
  return window;
}

// "exact", "lower" or "upper".
ScoreKind ReadBound(const Json& j, const char* key) {
  constexpr absl::string_view kWhat = "\"exact\", \"lower\" or \"upper\"";
  const std::string name = ReadString(j, key, kWhat);
  for (ScoreKind kind : {ScoreKind::kExact, ScoreKind::kLower, ScoreKind::kUpper}) {
    if (ScoreKindName(kind) == name) return kind;
  }
  Refuse(key, kWhat);
}

// The board and side of an .obf line; answers after them would be ignored.
BoardAndSide ReadPosition(const Json& j, const char* key) {
  constexpr absl::string_view kWhat = "a board and a side";
  const absl::StatusOr<Position> position = ParsePositionText(ReadString(j, key, kWhat), key);
  if (!position.ok()) Refuse(key, kWhat);
  return {position->board, position->to_move};
}

// A key that may be absent: read as `read` reads it when present.
template <typename Read>
auto ReadOptional(const Json& j, const char* key, Read read)
    -> std::optional<decltype(read(j, key))> {
  if (!j.contains(key)) return std::nullopt;
  return read(j, key);
}

// The writing side: a key written only when its member holds a value.
template <typename T>
void WriteOptional(Json& j, const char* key, const std::optional<T>& value) {
  if (value) j[key] = *value;
}

// The keys every record shares, filled from the item and the run; the
// builders add those of their status.
Record CommonRecord(const BatchItem& item, ResultStatus status, const RunSettings& run) {
  Record r;
  r.id = item.id;
  r.status = status;
  r.file = item.file;
  r.line = item.line;
  if (item.ok()) {
    if (!item.position->label.empty()) r.label = item.position->label;
    r.position = BoardAndSide{item.position->board, item.position->to_move};
    r.empties = item.position->board.EmptyCount();
    r.window = item.position->window;
    if (item.position->HasAnswers()) r.expected_score = item.position->ExpectedScore();
  }
  r.threads = run.threads;
  r.wld = run.wld;
  r.shard = FormatShard(run.shard);
  r.version = ENDSOLVE_VERSION;
  return r;
}

// The search's work: the node counts and the time.
void AddWork(const SolveResult& result, Record* r) {
  r->leaves = result.nodes.leaves;
  r->internal_nodes = result.nodes.internal;
  r->nodes = result.nodes.total();
  r->seconds = absl::ToDoubleSeconds(result.time);
}

constexpr int Sign(int x) { return (x > 0) - (x < 0); }

// The record's answer as the solve gave it, for CheckAnswer.
SolveResult AnswerOf(const Record& r) {
  SolveResult result;
  result.score = *r.score;
  result.kind = r.bound.value_or(ScoreKind::kExact);
  result.best_move = *r.best_move;
  result.pv = *r.pv;
  return result;
}

// (a) A "solved" record that the solver's own answers check finds wrong
// against its expected score, its position and window as the input's.
void CheckScore(const Record& r, std::vector<std::string>* out) {
  if (r.status != ResultStatus::kSolved || !r.expected_score) return;
  Position position;
  position.board = r.position->board;
  position.to_move = r.position->to_move;
  position.window = r.window;
  position.answers = {MoveScore{kNoMove, *r.expected_score}};
  if (CheckAnswer(position, AnswerOf(r), r.wld) != Verdict::kWrong) return;
  const std::string expected = FormatScore(*r.expected_score);
  if (r.wld) {
    out->push_back(absl::StrCat("its score ", ScoreText(r),
                                " differs in sign from its expected score ", expected));
  } else if (r.bound && *r.bound != ScoreKind::kExact) {
    out->push_back(
        absl::StrCat("its score ", ScoreText(r), " excludes its expected score ", expected));
  } else {
    out->push_back(
        absl::StrCat("its score ", ScoreText(r), " differs from its expected score ", expected));
  }
}

// (b) The best move must be one the side to move can play (PS when it has
// none and the game goes on), and the pv a line of legal moves from the
// position; a pv that reaches the end of the game must end it at a score
// the record's score allows (for WLD, its sign).
void CheckLine(const Record& r, std::vector<std::string>* out) {
  Board board = r.position->board;
  const int best = *r.best_move;
  const bool best_legal = best == kNoMove ? true
                          : best == kPass ? board.Moves() == 0 && !board.IsGameOver()
                                          : (board.Moves() & SquareBit(best)) != 0;
  if (!best_legal) {
    out->push_back(
        absl::StrCat("its best move ", SquareName(best), " is not a legal move of its position"));
  }
  int sign = 1;  // +1 when the side to move is the record's
  const std::vector<int>& pv = *r.pv;
  for (std::size_t i = 0; i < pv.size(); ++i) {
    const int move = pv[i];
    const std::string at = absl::StrCat(" at move ", i + 1);
    if (board.IsGameOver()) {
      out->push_back(
          absl::StrCat("its line plays ", SquareName(move), at, ", after the end of the game"));
      return;
    }
    if (move == kPass) {
      if (board.Moves() != 0) {
        out->push_back(absl::StrCat("its line passes (PS)", at, ", where a move is legal"));
        return;
      }
      board = board.Pass();
    } else if (move == kNoMove || (board.Moves() & SquareBit(move)) == 0) {
      out->push_back(
          absl::StrCat("its line plays ", SquareName(move), at, ", not a legal move there"));
      return;
    } else {
      board = board.Play(move);
    }
    sign = -sign;
  }
  if (!board.IsGameOver()) return;  // a line that stops short proves nothing here
  const int final_score = sign * board.FinalScore();
  const int compared = r.wld ? Sign(final_score) : final_score;
  const ScoreWindow allowed =
      endsolve::ScoresAllowed(*r.score, r.bound.value_or(ScoreKind::kExact));
  if (allowed.lo <= compared && compared <= allowed.hi) return;
  out->push_back(absl::StrCat("its line ends the game at ", FormatScore(final_score),
                              ", which its score ", ScoreText(r), " does not allow"));
}

// (c) An id FILE:LINE:HASH made from the record's position (input.cc: its
// LINE is the record's line, its HASH 16 hex digits) must still be that
// position's: an edited board or window gives another hash.
void CheckId(const Record& r, std::vector<std::string>* out) {
  const std::optional<BatchIdParts> id = SplitBatchId(r.id);
  if (!id || id->line != r.line) return;
  const std::string actual = HexHash(ItemHash(KeyOf(r.position->board), r.window));
  if (actual == id->hash) return;
  out->push_back(absl::StrCat("its position does not match its id: the position hashes to ", actual,
                              ", the id says ", id->hash));
}

}  // namespace

ScoreWindow ScoresAllowed(const Record& record) {
  assert(record.has_score() && !record.wld);
  return endsolve::ScoresAllowed(*record.score, record.bound.value_or(ScoreKind::kExact));
}

QuestionKey QuestionOf(const ResultRecord& record) {
  return {record.key, record.window.value_or(ScoreWindow{})};
}

QuestionKey QuestionOf(const Position& position) {
  return {KeyOf(position.board), position.window.value_or(ScoreWindow{})};
}

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

// The order users read: what the line is, what was found, how much work it
// took, and last how and by what it was run.
void to_json(Json& j, const Record& r) {
  j = Json::object();
  j["id"] = r.id;
  j["status"] = StatusName(r.status);
  j["file"] = r.file;
  j["line"] = r.line;
  WriteOptional(j, "label", r.label);
  if (r.position) j["position"] = PositionText(*r.position);
  WriteOptional(j, "empties", r.empties);
  if (r.window) j["window"] = Json::array({r.window->lo, r.window->hi});
  WriteOptional(j, "score", r.score);
  if (r.bound) j["bound"] = ScoreKindName(*r.bound);
  if (r.best_move) j["best_move"] = SquareName(*r.best_move);
  if (r.pv) j["pv"] = MoveList(*r.pv);
  if (r.move_scores) j["move_scores"] = ScoreList(*r.move_scores);
  WriteOptional(j, "expected_score", r.expected_score);
  WriteOptional(j, "leaves", r.leaves);
  WriteOptional(j, "internal_nodes", r.internal_nodes);
  WriteOptional(j, "nodes", r.nodes);
  WriteOptional(j, "seconds", r.seconds);
  WriteOptional(j, "time_limit_seconds", r.time_limit_seconds);
  WriteOptional(j, "error", r.error);
  WriteOptional(j, "input", r.input);
  WriteOptional(j, "duplicate_of", r.duplicate_of);
  j["threads"] = r.threads;
  j["mode"] = r.wld ? kModeWld : kModeExact;
  j["shard"] = r.shard;
  j["version"] = r.version;
}

// Reads the keys every record has, then those of its status; a key of
// another status is ignored. Checked in the order a reader would look, so
// that the first problem is the one named.
void from_json(const Json& j, Record& r) {
  if (!j.is_object()) throw RecordError("not a JSON object");
  r = Record();
  r.id = ReadString(j, "id", "a non-empty string");
  if (r.id.empty()) Refuse("id", "a non-empty string");
  const std::string status = ReadText(j, "status");
  const std::optional<ResultStatus> parsed = ParseStatusName(status);
  if (!parsed) throw RecordError(absl::StrCat("unknown status \"", status, "\""));
  r.status = *parsed;
  r.shard = ReadString(j, "shard", "K/N");
  if (!ParseShard(r.shard).ok()) Refuse("shard", "K/N");
  const std::string mode = ReadString(j, "mode", "\"exact\" or \"wld\"");
  if (mode != kModeExact && mode != kModeWld) Refuse("mode", "\"exact\" or \"wld\"");
  r.wld = mode == kModeWld;
  r.file = ReadText(j, "file");
  r.line = ReadInt(j, "line");
  r.threads = ReadInt(j, "threads");
  r.version = ReadText(j, "version");

  if (r.status == ResultStatus::kBadInput) {
    r.error = ReadText(j, "error");
    r.input = ReadText(j, "input");
    return;
  }
  r.label = ReadOptional(j, "label", ReadText);
  r.position = ReadPosition(j, "position");
  r.empties = static_cast<int>(ReadInteger(j, "empties", 0, kNumSquares, "a number of empties"));
  r.window = ReadOptional(j, "window", ReadWindow);
  r.expected_score = ReadOptional(j, "expected_score", ReadScore);
  r.leaves = ReadCount(j, "leaves");
  r.internal_nodes = ReadCount(j, "internal_nodes");
  r.nodes = ReadCount(j, "nodes");
  r.seconds = ReadNumber(j, "seconds");
  r.duplicate_of = ReadOptional(j, "duplicate_of", ReadText);
  if (r.status == ResultStatus::kTimedOut) {
    r.time_limit_seconds = ReadNumber(j, "time_limit_seconds");
    return;
  }
  r.score = ReadScore(j, "score");
  if (r.window) r.bound = ReadBound(j, "bound");
  r.best_move = ReadMove(j, "best_move");
  r.pv = ReadMoves(j, "pv");
  r.move_scores = ReadOptional(j, "move_scores", ReadScoreList);
}

Record FinishedRecord(const BatchItem& item, const SolveResult& result, const RunSettings& run) {
  assert(item.ok() && !result.stopped);
  const bool wrong = CheckAnswer(*item.position, result, run.wld) == Verdict::kWrong;
  Record r = CommonRecord(item, wrong ? ResultStatus::kWrongAnswer : ResultStatus::kSolved, run);
  r.score = result.score;
  if (r.window) r.bound = result.kind;
  r.best_move = result.best_move;
  r.pv = result.pv;
  AddWork(result, &r);
  return r;
}

Record TimedOutRecord(const BatchItem& item, const SolveResult& result, const RunSettings& run) {
  assert(item.ok());
  Record r = CommonRecord(item, ResultStatus::kTimedOut, run);
  AddWork(result, &r);
  r.time_limit_seconds = absl::ToDoubleSeconds(run.time_limit);
  return r;
}

Record BadInputRecord(const BatchItem& item, const RunSettings& run) {
  assert(!item.ok());
  Record r = CommonRecord(item, ResultStatus::kBadInput, run);
  r.error = item.error;
  r.input = KeptInput(item.raw);
  return r;
}

// The same result, seen in the other orientation: equal keys guarantee a
// symmetry between the boards, and TransformSquare leaves passes alone.
Record DuplicateRecord(const BatchItem& item, const Record& original, const RunSettings& run) {
  assert(item.ok() && original.status != ResultStatus::kBadInput);
  SolveResult mapped;  // no nodes and no time: nothing was searched
  Record r;
  if (original.has_score()) {
    const int symmetry = SymmetryBetween(original.position->board, item.position->board);
    assert(symmetry >= 0);
    mapped.score = *original.score;
    mapped.kind = original.bound.value_or(ScoreKind::kExact);
    mapped.best_move = TransformSquare(*original.best_move, symmetry);
    for (int square : *original.pv) mapped.pv.push_back(TransformSquare(square, symmetry));
    r = FinishedRecord(item, mapped, run);
  } else {
    RunSettings original_limit = run;
    original_limit.time_limit = absl::Seconds(*original.time_limit_seconds);
    r = TimedOutRecord(item, mapped, original_limit);
  }
  r.duplicate_of = original.id;
  return r;
}

std::string ScoreText(const Record& r) {
  std::string text = FormatScore(*r.score);
  if (r.bound && *r.bound != ScoreKind::kExact) {
    absl::StrAppend(&text, " (", ScoreKindName(*r.bound), " bound)");
  }
  if (r.wld) absl::StrAppend(&text, " (WLD)");
  return text;
}

std::vector<std::string> RecordDisagreements(const Record& record) {
  std::vector<std::string> out;
  if (!record.position) return out;  // bad input: nothing was solved
  if (record.has_score()) {
    CheckScore(record, &out);
    CheckLine(record, &out);
  }
  CheckId(record, &out);
  return out;
}

// Parses with exceptions off; from_json's RecordError, the only exception
// left, is a corrupted line to the caller.
absl::StatusOr<ResultRecord> ParseRecord(absl::string_view line) {
  const Json j = Json::parse(line.begin(), line.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return absl::InvalidArgumentError("not valid JSON");
  ResultRecord r;
  try {
    from_json(j, r);
  } catch (const RecordError& e) {
    return absl::InvalidArgumentError(e.what());
  }
  if (r.position) r.key = KeyOf(r.position->board);
  return r;
}

std::string DumpLine(const Json& record) {
  return record.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string DumpLine(const Record& record) { return DumpLine(Json(record)); }

}  // namespace endsolve::batch
