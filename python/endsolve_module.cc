// The `endsolve` Python module: the solver, the board, the evaluation, perft
// and the position reader of the C++ library, for notebooks and scripts.
//
// Bad input raises ValueError with the message the CLI prints for the same
// input, since both come from the same readers and checks (position text is
// named by itself, where the CLI counts arguments). Long calls (solve,
// solve_many, estimate, perft) run on a thread of their own with the GIL
// released, so that other Python threads go on, and the calling thread wakes
// every 50 ms to let Python run its signal handlers: Ctrl-C cancels the
// search or count (each polls its cancel flag) and raises KeyboardInterrupt,
// leaving the module ready for the next call. docs/library.md, "Python",
// shows it in use.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <future>
#include <mutex>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"
#include "endsolve/board/bitboard.h"
#include "endsolve/board/board.h"
#include "endsolve/board/notation.h"
#include "endsolve/board/perft.h"
#include "endsolve/board/position.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/eval/evaluator.h"
#include "endsolve/hashtable/transposition_table.h"
#include "endsolve/picture/board_svg.h"
#include "endsolve/positions/arguments.h"
#include "endsolve/positions/position_io.h"
#include "endsolve/positions/read_file.h"
#include "endsolve/solver/answer_check.h"
#include "endsolve/solver/eval_order.h"
#include "endsolve/solver/solver.h"

namespace py = pybind11;

namespace endsolve::python {
namespace {

// How often a waiting call wakes to run Python's signal handlers: short
// enough that Ctrl-C feels immediate, long enough to cost nothing.
constexpr auto kSignalPoll = std::chrono::milliseconds(50);

// Raises the ValueError that carries `status`'s message, the text the CLI
// prints for the same mistake.
[[noreturn]] void ThrowValueError(const absl::Status& status) {
  throw py::value_error(std::string(status.message()));
}

// The .obf side character for a Python side argument: 'X' or 'O' as the
// files write them, or 'black'/'white' in any case. Raises ValueError for
// anything else.
char SideChar(const std::string& side) {
  const std::string lower = absl::AsciiStrToLower(side);
  if (side == "X" || lower == "black") return 'X';
  if (side == "O" || lower == "white") return 'O';
  throw py::value_error(absl::StrFormat(
      "side: expected 'X', 'O', 'black' or 'white', found '%s'", side));
}

// A move as Python sees it (endsolve.Move): a square, or the pass.
struct PyMove {
  int square = kPass;  // 0 (A1) .. 63 (H8), or kPass
  std::string Name() const { return SquareName(square); }  // "F5", "PS"
  friend bool operator==(const PyMove&, const PyMove&) = default;
};

// A board with its side to move: what Python calls a Board. The C++ Board is
// seen from the side to move; the colour is kept beside it, as Position does.
// `stack` holds the moves pushed (Board.push) with the boards before them,
// so that Board.pop takes the last one back; two boards are equal when
// their discs and side are, whatever their stacks.
struct PyBoard {
  struct Pushed {
    Board board;
    Color to_move;
    PyMove move;
  };
  Board board = Board::Initial();
  Color to_move = Color::kBlack;
  std::vector<Pushed> stack;

  Position AsPosition() const {
    Position p;
    p.board = board;
    p.to_move = to_move;
    return p;
  }
  static PyBoard Of(const Position& p) { return {p.board, p.to_move, {}}; }

  // The board under `symmetry` (0..7), the side to move unchanged, with no
  // moves pushed (the stack's boards are of the other orientation).
  PyBoard Transformed(int symmetry) const { return {Transform(board, symmetry), to_move, {}}; }

  friend bool operator==(const PyBoard& a, const PyBoard& b) {
    return a.board == b.board && a.to_move == b.to_move;
  }
};

// Checks a symmetry number given from Python.
void CheckSymmetry(int symmetry) {
  if (symmetry < 0 || symmetry >= kNumSymmetries) {
    throw py::value_error(
        absl::StrFormat("symmetry: expected 0..%d, found %d", kNumSymmetries - 1, symmetry));
  }
}

// A square name ("a1".."h8", either case) given from Python, as a number.
int SquareOf(const std::string& name) {
  const std::optional<int> square = ParseSquare(name);
  if (!square) throw py::value_error(absl::StrFormat("expected a square such as 'f5', found '%s'", name));
  return *square;
}

// The most characters of a position's text quoted in its error: a
// transcript or a board (64 squares) whole, the start of anything longer.
constexpr std::size_t kQuotedTextLength = 70;

// How position text is named in its error, "position 'f5d6a1'", or for the
// item at index `item` of solve_many's list "positions[1] 'f5f5'": what the
// caller wrote, so that the error says which text was wrong (the CLI's
// "argument N" would count arguments that Python does not have). Control
// characters are escaped; longer text is cut to its first
// kQuotedTextLength characters and "...", never inside a UTF-8 character.
std::string TextName(const std::string& text, std::optional<int> item) {
  std::string quoted;
  for (const char c : text.substr(0, kQuotedTextLength)) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      absl::StrAppend(&quoted, absl::CHexEscape(std::string(1, c)));
    } else {
      quoted.push_back(c);
    }
  }
  if (text.size() > kQuotedTextLength) {
    while (!quoted.empty() && (static_cast<unsigned char>(quoted.back()) & 0xc0) == 0x80) {
      quoted.pop_back();  // a continuation byte: the character's start goes too
    }
    if (!quoted.empty() && static_cast<unsigned char>(quoted.back()) >= 0xc0) quoted.pop_back();
    quoted += "...";
  }
  return item ? absl::StrFormat("positions[%d] '%s'", *item, quoted)
              : absl::StrFormat("position '%s'", quoted);
}

// Parses position text as the CLI parses a position argument: a board and a
// side (.obf line, answers allowed) or a move transcript. With `side`, the
// text is a bare 64-character board and `side` its side to move. The error
// is the reader's, "SOURCE, column N: expected ..., found ...", its source
// the text itself (TextName; `item`: the index in solve_many's list),
// without the CLI's note that no file has that name (these calls never
// read files).
Position ParseText(const std::string& text, const std::optional<std::string>& side,
                   std::optional<int> item) {
  std::string line = text;
  if (side) absl::StrAppend(&line, " ", std::string(1, SideChar(*side)));
  absl::StatusOr<Position> position = ParsePositionText(line, TextName(text, item));
  if (!position.ok()) ThrowValueError(position.status());
  return *std::move(position);
}

// A Python position argument as a Position: a Board, a Position (answers and
// label kept), or position text. A side given with a Board or Position sets
// the side to move of the same discs; `item` names text in errors (ParseText).
Position ToPosition(py::handle object, const std::optional<std::string>& side,
                    std::optional<int> item = std::nullopt) {
  Position position;
  if (py::isinstance<PyBoard>(object)) {
    position = object.cast<const PyBoard&>().AsPosition();
  } else if (py::isinstance<Position>(object)) {
    position = object.cast<const Position&>();
  } else if (py::isinstance<py::str>(object)) {
    return ParseText(object.cast<std::string>(), side, item);
  } else {
    throw py::type_error(absl::StrCat("expected a Board, a Position or position text, found ",
                                      std::string(py::str(py::type::of(object).attr("__name__")))));
  }
  if (side) {
    const Color wanted = SideChar(*side) == 'X' ? Color::kBlack : Color::kWhite;
    if (wanted != position.to_move) {
      position.board = position.board.Pass();
      position.to_move = wanted;
    }
  }
  return position;
}

// What a solve stopped by its time or node limit throws: Python sees
// endsolve.LimitReached, a TimeoutError (py::register_exception).
struct LimitReached : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One solve's answer as Python sees it: plain values, with square names.
struct PyResult {
  std::string id;            // the position's id (PositionId) when it came from a file, else ""
  int empties = 0;
  int score = 0;
  std::string kind = "exact";  // "exact", or for a WLD win "lower" and a loss "upper"
  std::string best_move;
  std::vector<std::string> pv;
  // all_moves: every legal move with its exact score, best first.
  std::vector<std::pair<std::string, int>> moves;
  std::uint64_t leaves = 0, internal = 0;
  double seconds = 0;
  int threads = 1;
  std::optional<int> expected_score;  // the best score the input gave, if any
  std::optional<bool> ok;             // against the input's answers; None without any
  Position position;                  // what was solved, for the picture

  std::uint64_t nodes() const { return leaves + internal; }

  // One line that says what was found and what it cost.
  std::string Repr() const {
    std::string text = "SolveResult(";
    if (!id.empty()) absl::StrAppendFormat(&text, "id='%s', ", id);
    absl::StrAppendFormat(&text, "score=%s", FormatScore(score));
    if (kind != "exact") absl::StrAppendFormat(&text, " (%s bound)", kind);
    absl::StrAppendFormat(&text, ", best_move='%s', nodes=%d, seconds=%.3f", best_move, nodes(),
                          seconds);
    if (ok) absl::StrAppendFormat(&text, ", ok=%s", *ok ? "True" : "False");
    absl::StrAppendFormat(&text, ", pv='%s')", absl::StrJoin(pv, " "));
    return text;
  }
};

// The Python result of solving `position`; `ok` and `expected_score` judge
// it against the position's answers as the CLI does (CheckAnswer).
PyResult ToPyResult(const Position& position, const SolveResult& result, int threads, bool wld) {
  PyResult r;
  r.position = position;
  if (!position.label.empty() || !position.file.empty()) r.id = PositionId(position);
  r.empties = position.board.EmptyCount();
  r.score = result.score;
  r.kind = result.kind == ScoreKind::kExact ? "exact"
           : result.kind == ScoreKind::kLower ? "lower"
                                              : "upper";
  r.best_move = SquareName(result.best_move);
  for (const int move : result.pv) r.pv.push_back(SquareName(move));
  for (const MoveScore& m : result.move_scores) r.moves.emplace_back(SquareName(m.square), m.score);
  r.leaves = result.nodes.leaves;
  r.internal = result.nodes.internal;
  r.seconds = absl::ToDoubleSeconds(result.time);
  r.threads = threads;
  if (position.HasAnswers()) {
    r.expected_score = position.ExpectedScore();
    r.ok = CheckAnswer(position, result, wld) == Verdict::kOk;
  }
  return r;
}

// Runs `work` on a thread of its own with the GIL released, waking every
// kSignalPoll to run Python's signal handlers and then `on_poll` (if any),
// once more after `work` returned. When a handler or `on_poll` raises
// (KeyboardInterrupt on Ctrl-C, or a progress callback's exception), sets
// `cancel`, waits for `work` to notice and return, and raises that
// exception. A thread of its own rather than the calling one, because only
// the calling (main) thread runs the handlers and it must stay free to do
// so while the search runs; `on_poll` runs on the calling thread too.
template <typename Work>
auto RunInterruptible(std::atomic<bool>& cancel, Work work,
                      const std::function<void()>& on_poll = {}) -> decltype(work()) {
  using Result = decltype(work());
  std::packaged_task<Result()> task(std::move(work));
  std::future<Result> done = task.get_future();
  std::optional<py::error_already_set> raised;
  {
    py::gil_scoped_release release;
    std::thread worker(std::move(task));
    for (bool finished = false; !finished && !raised;) {
      finished = done.wait_for(kSignalPoll) == std::future_status::ready;
      py::gil_scoped_acquire acquire;
      try {
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        if (on_poll) on_poll();
      } catch (py::error_already_set& e) {
        raised.emplace(std::move(e));
      }
    }
    if (raised) cancel.store(true);
    worker.join();
  }
  if (raised) throw std::move(*raised);
  return done.get();
}

// What solve and solve_many share: the options of a Python call, checked.
struct SolveCall {
  SolveOptions options;
  int threads = 1;
  std::optional<double> time_limit;  // seconds, from the call's start
};

// The options of a call, refused with the solver's own messages (the ones
// the CLI prints after the option's name) when out of range.
SolveCall MakeSolveCall(int threads, std::size_t hash_mb, bool wld, bool all_moves,
                        int max_empties) {
  if (threads < 0) {
    throw py::value_error(absl::StrFormat("threads %d: expected 0 (every hardware thread) or 1..%d",
                                          threads, kMaxThreads));
  }
  SolveCall call;
  call.threads = threads == 0 ? HardwareThreads() : threads;
  call.options.threads = call.threads;
  call.options.wld = wld;
  call.options.all_moves = all_moves;
  call.options.table.size_mib = hash_mb;
  call.options.max_empties = max_empties;
  if (absl::Status valid = ValidateOptions(call.options); !valid.ok()) ThrowValueError(valid);
  if (absl::Status valid = ValidateTTOptions(call.options.table); !valid.ok()) ThrowValueError(valid);
  return call;
}

// solve()'s limits: a time limit in seconds (> 0) and a node limit (> 0),
// either None for none.
void SetLimits(SolveCall& call, std::optional<double> time_limit,
               std::optional<std::uint64_t> node_limit) {
  if (time_limit) {
    if (!(*time_limit > 0) || *time_limit > 1e9) {
      throw py::value_error(
          absl::StrFormat("time_limit: expected seconds above 0, or None, found %g", *time_limit));
    }
    call.time_limit = time_limit;
  }
  if (node_limit) {
    if (*node_limit == 0) throw py::value_error("node_limit: expected nodes above 0, or None, found 0");
    call.options.node_limit = *node_limit;
  }
}

// What a running solve reports to solve()'s progress callback: Progress
// (solver/progress.h) with square names and seconds.
struct PyProgress {
  std::string stage;  // "presearch", "selective", "exact"
  int iteration = 0, presearch_depth = 0, margin = 0;
  int root_moves_done = 0, root_moves_total = 0;
  std::optional<std::string> best_move;
  int lower = -64, upper = 64;
  std::uint64_t nodes = 0;
  double seconds = 0;

  static PyProgress Of(const Progress& p) {
    PyProgress out;
    out.stage = p.iteration > 0 ? "exact" : p.presearch_depth > 0 ? "presearch" : "selective";
    out.iteration = p.iteration;
    out.presearch_depth = p.presearch_depth;
    out.margin = p.margin;
    out.root_moves_done = p.root_moves_done;
    out.root_moves_total = p.root_moves_total;
    if (p.best_move != kNoMove) out.best_move = SquareName(p.best_move);
    out.lower = p.bound;
    out.upper = p.upper;
    out.nodes = p.nodes;
    out.seconds = absl::ToDoubleSeconds(p.elapsed);
    return out;
  }
};

// Solves `positions` in order (SolveEach: one table, cleared before each, so
// that each result is the one the CLI gives for that position alone). Ctrl-C
// stops it (RunInterruptible). With `progress` (a callable, or None), the
// newest report of the search is handed to it on the calling thread at most
// every kSignalPoll; an exception it raises stops the search and is raised.
// A solve stopped by the call's limits raises LimitReached.
std::vector<PyResult> SolveAll(const std::vector<Position>& positions, SolveCall call,
                               const py::object& progress = py::none()) {
  std::atomic<bool> cancel{false};
  call.options.cancel = &cancel;
  std::mutex reports;
  std::optional<Progress> newest;  // under `reports`: not yet handed to `progress`
  std::function<void()> on_poll;
  if (!progress.is_none()) {
    call.options.on_progress = [&](const Progress& p) {
      const std::lock_guard<std::mutex> lock(reports);
      newest = p;
    };
    on_poll = [&]() {
      std::optional<Progress> report;
      {
        const std::lock_guard<std::mutex> lock(reports);
        report.swap(newest);
      }
      if (report) progress(PyProgress::Of(*report));
    };
  }
  if (call.time_limit) call.options.deadline = absl::Now() + absl::Seconds(*call.time_limit);
  // The worker's answer: the results, or the error that stopped it.
  struct Outcome {
    absl::Status status;
    std::vector<PyResult> results;
  };
  Outcome outcome = RunInterruptible(cancel, [&positions, &call]() {
    Outcome out;
    absl::StatusOr<int> finished = SolveEach(
        positions, call.options, {}, [&](int i, const SolveResult& result) {
          out.results.push_back(ToPyResult(positions[static_cast<std::size_t>(i)], result,
                                           call.threads, call.options.wld));
        });
    if (!finished.ok()) out.status = finished.status();
    return out;  // a cancelled call (fewer results) raises in RunInterruptible
  }, on_poll);
  if (!outcome.status.ok()) ThrowValueError(outcome.status);
  if (outcome.results.size() < positions.size()) {
    const bool out_of_time = call.time_limit && absl::Now() >= call.options.deadline;
    throw LimitReached(out_of_time
        ? absl::StrFormat("the solve reached its time limit of %g s before proving a score",
                          *call.time_limit)
        : absl::StrFormat("the solve reached its node limit of %d nodes before proving a score",
                          call.options.node_limit));
  }
  return std::move(outcome.results);
}

// The 64-character board string of a board, X black, O white, - empty.
std::string BoardString(const PyBoard& b) { return b.AsPosition().BoardString(); }

// The side to move as 'X' or 'O'.
std::string SideString(Color c) { return std::string(1, ColorChar(c)); }

// A path given from Python (str, bytes or any os.PathLike) as the bytes the
// system takes, checked as open() checks it: a NUL inside raises
// ValueError("embedded null byte") (the system would read the name only up
// to it), and a path that names nothing raises the OSError open() raises
// (FileNotFoundError, with errno and filename). "-" is standard input, as
// in the CLI.
std::string FilePath(const py::object& path_object) {
  const py::module_ os = py::module_::import("os");
  const py::object path_as_given = os.attr("fspath")(path_object);  // TypeError if no path
  const std::string path = py::bytes(os.attr("fsencode")(path_as_given));
  if (path.find('\0') != std::string::npos) throw py::value_error("embedded null byte");
  if (path == kStandardInput) return path;
  struct stat status;
  if (::stat(path.c_str(), &status) != 0) {
    PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path_as_given.ptr());
    throw py::error_already_set();
  }
  return path;
}

// `endsolve.read_positions`: the CLI's reader (LoadPositions) on one file.
// With strict, any bad line raises ValueError with the messages, one a
// line, as the CLI prints them (the first 20 of the file, then their count:
// ErrorReport); otherwise each of those lines becomes a Python warning and
// the good positions come back, as the CLI solves them.
std::vector<Position> ReadPositions(const py::object& path_object, std::optional<int> empties,
                                    bool strict) {
  const std::string path = FilePath(path_object);
  ReadOptions options;
  if (empties) {
    if (*empties < 0 || *empties > kNumSquares - 4) {
      throw py::value_error(absl::StrFormat("empties: expected 0..60, found %d", *empties));
    }
    options.wthor_empties = *empties;
  }
  LoadedPositions loaded;
  {
    py::gil_scoped_release release;  // a large .wtb file takes a moment
    loaded = LoadPositions({path}, options);
  }
  const py::object warn = py::module_::import("warnings").attr("warn");
  // stacklevel 1: the frame that called read_positions, since this
  // function has no Python frame of its own.
  const py::object user_warning = py::module_::import("builtins").attr("UserWarning");
  // A .wtb game that ends early is left out with a warning, strict or not.
  for (const std::string& note : loaded.notes) warn(note, user_warning, 1);
  if (loaded.errors.empty()) {
    if (!loaded.positions.empty()) return std::move(loaded.positions);
    // The CLI's rule for every command: an input with no position at all
    // (an empty file, or .wtb games that all end early) is an error, not
    // a report on nothing.
    const std::string none = absl::StrCat(path, ": no position: the file holds none");
    if (strict) throw py::value_error(none);
    warn(none, user_warning, 1);
    return {};
  }
  const std::vector<std::string> messages = ErrorReport(loaded);
  if (strict) throw py::value_error(absl::StrJoin(messages, "\n"));
  for (const std::string& m : messages) warn(m, user_warning, 1);
  return std::move(loaded.positions);
}

// The answers of a position as (move, score) pairs, move None when only the
// score is known (a WTHOR game's).
std::vector<std::pair<std::optional<std::string>, int>> Answers(const Position& p) {
  std::vector<std::pair<std::optional<std::string>, int>> out;
  for (const MoveScore& a : p.answers) {
    out.emplace_back(a.square == kNoMove ? std::nullopt : std::optional(SquareName(a.square)),
                     a.score);
  }
  return out;
}

// The side to move's moves as square names, in square order.
std::vector<std::string> MoveNames(const Board& board) {
  std::vector<std::string> names;
  for (Bitboard m = board.Moves(); m != 0; m &= m - 1) names.push_back(SquareName(FirstSquare(m)));
  return names;
}

// A move named in Python: a square name ("f5", either case), or "PS" (or
// "pass", either case) for the pass. Raises ValueError for anything else.
PyMove ParseMove(const std::string& text) {
  const std::string upper = absl::AsciiStrToUpper(text);
  if (upper == "PS" || upper == "PASS") return PyMove{kPass};
  const std::optional<int> square = ParseSquare(text);
  if (!square) {
    throw py::value_error(
        absl::StrFormat("expected a move: a square such as 'f5', or 'PS' to pass, found '%s'", text));
  }
  return PyMove{*square};
}

// A move argument: a Move, or its name as ParseMove reads it; anything else
// raises TypeError.
PyMove MoveArgument(py::handle move) {
  if (py::isinstance<PyMove>(move)) return move.cast<PyMove>();
  if (py::isinstance<py::str>(move)) return ParseMove(move.cast<std::string>());
  throw py::type_error(absl::StrCat("expected a Move or a move's name such as 'f5', found ",
                                    std::string(py::str(py::type::of(move).attr("__name__")))));
}

// The legal moves as Moves, in square order; the pass alone when the side to
// move has no move and the game goes on; none when the game is over.
std::vector<PyMove> LegalMoves(const Board& board) {
  std::vector<PyMove> moves;
  for (Bitboard m = board.Moves(); m != 0; m &= m - 1) moves.push_back(PyMove{FirstSquare(m)});
  if (moves.empty() && !board.IsGameOver()) moves.push_back(PyMove{kPass});
  return moves;
}

// Plays `move` on `b` in place and pushes it: a square, or the pass when the
// side to move has no move but the game goes on. Passes are never implied,
// so that a solve's PV, which spells them, replays move by move.
void Push(PyBoard& b, const PyMove& move) {
  if (move.square == kPass) {
    if (b.board.Moves() != 0 || b.board.IsGameOver()) {
      throw py::value_error(absl::StrFormat(
          "expected a legal move (a pass only when the side to move has none and the game "
          "goes on), found '%s'", move.Name()));
    }
  } else if (!(b.board.Moves() & SquareBit(move.square))) {
    const std::string legal = b.board.Moves() == 0 ? std::string("none: 'PS' passes")
                                                   : absl::StrJoin(MoveNames(b.board), " ");
    throw py::value_error(absl::StrFormat("expected a legal move (%s), found '%s'", legal, move.Name()));
  }
  b.stack.push_back({b.board, b.to_move, move});
  b.board = move.square == kPass ? b.board.Pass() : b.board.Play(move.square);
  b.to_move = Opposite(b.to_move);
}

// Board.play: the board after `move`, this one unchanged.
PyBoard Play(const PyBoard& from, py::handle move) {
  PyBoard b = from;
  Push(b, MoveArgument(move));
  return b;
}

// Board.pop: takes the last pushed move back and returns it.
PyMove Pop(PyBoard& b) {
  if (b.stack.empty()) throw py::index_error("pop from a board with no move pushed");
  const PyBoard::Pushed last = b.stack.back();
  b.stack.pop_back();
  b.board = last.board;
  b.to_move = last.to_move;
  return last.move;
}

// The value of an evaluation search of `depth` plies in discs for the side
// to move, rounded to 1/100 as `endsolve eval` prints it.
double Evaluate(const Position& position, int depth) {
  if (depth < 0 || depth > search::kMaxEvalSearchDepth) {
    throw py::value_error(absl::StrFormat("depth: expected 0..%d plies, found %d",
                                          search::kMaxEvalSearchDepth, depth));
  }
  py::gil_scoped_release release;
  return search::EvalSearchDiscs(eval::Evaluator::Default(), position.board.player,
                                 position.board.opponent, depth);
}

// The node counts of perft as Python sees them.
struct PyPerft {
  int depth = 0;
  std::uint64_t leaves = 0, internal = 0;
  std::uint64_t nodes() const { return leaves + internal; }
};

// Pickling (and so copy.copy and multiprocessing): each object's state as
// plain Python values, checked again when it is read back, since a pickle
// is bytes from outside.
py::tuple PositionState(const Position& p) {
  py::list answers;
  for (const MoveScore& a : p.answers) answers.append(py::make_tuple(a.square, a.score));
  py::object window = py::none();
  if (p.window) window = py::make_tuple(p.window->lo, p.window->hi);
  return py::make_tuple(p.board.player, p.board.opponent, static_cast<int>(p.to_move), answers,
                        p.file, p.line, p.label, window);
}

Position PositionFromState(const py::tuple& state) {
  if (state.size() != 8) throw py::value_error("not the pickled state of an endsolve.Position");
  Position p;
  p.board.player = state[0].cast<Bitboard>();
  p.board.opponent = state[1].cast<Bitboard>();
  const int side = state[2].cast<int>();
  if ((p.board.player & p.board.opponent) != 0 || (side != 0 && side != 1)) {
    throw py::value_error("not the pickled state of an endsolve.Position: discs on one square "
                          "twice, or no side to move");
  }
  p.to_move = static_cast<Color>(side);
  for (const py::handle a : state[3].cast<py::list>()) {
    const auto [square, score] = a.cast<std::pair<int, int>>();
    if ((square != kNoMove && square != kPass && (square < 0 || square >= kNumSquares)) ||
        score < -kNumSquares || score > kNumSquares) {
      throw py::value_error("not the pickled state of an endsolve.Position: a bad answer");
    }
    p.answers.push_back({square, score});
  }
  p.file = state[4].cast<std::string>();
  p.line = state[5].cast<int>();
  p.label = state[6].cast<std::string>();
  if (!state[7].is_none()) {
    const auto [lo, hi] = state[7].cast<std::pair<int, int>>();
    p.window = ScoreWindow{lo, hi};
  }
  return p;
}

// Move, Board, and transform_square for moves under its symmetries.
void DefineBoard(py::module_& m) {
  py::class_<PyMove> move(m, "Move", R"doc(
A move: a square, or the pass. Move('f5') reads a square name in either case,
Move('PS') or Move('pass') the pass; Move.PASS is the pass. str() gives the
name the CLI and a SolveResult's pv write ('F5', 'PS'); a Move equals another
of the same square. Board.push, Board.play and Board.legal_moves take and give
them; they take the names too.
)doc");
  move.def(py::init(&ParseMove), py::arg("name"))
      .def_property_readonly("square", [](const PyMove& mv) -> std::optional<int> {
             return mv.square == kPass ? std::nullopt : std::optional(mv.square);
           }, "The square, 0 (A1) .. 63 (H8), bit i of Board.black and Board.white; None for the pass.")
      .def_property_readonly("is_pass", [](const PyMove& mv) { return mv.square == kPass; })
      .def_property_readonly("name", &PyMove::Name, "'F5', or 'PS' for the pass.")
      .def("__eq__", [](const PyMove& a, const PyMove& b) { return a == b; })
      .def("__eq__", [](const PyMove&, const py::object&) {
        return py::reinterpret_borrow<py::object>(Py_NotImplemented);
      })
      .def("__hash__", [](const PyMove& mv) { return py::hash(py::int_(mv.square)); })
      .def("__str__", &PyMove::Name)
      .def("__repr__", [](const PyMove& mv) { return absl::StrFormat("endsolve.Move('%s')", mv.Name()); })
      .def(py::pickle([](const PyMove& mv) { return py::make_tuple(mv.Name()); },
                      [](const py::tuple& state) {
                        if (state.size() != 1) throw py::value_error("not the pickled state of an endsolve.Move");
                        return ParseMove(state[0].cast<std::string>());
                      }));
  move.attr("PASS") = PyMove{kPass};

  py::class_<PyBoard>(m, "Board", R"doc(
An Othello position: the discs and the side to move.

Board() is the initial position. Board(text) reads text as the CLI reads a
position argument: a 64-character board and a side ('X' black, 'O' white;
an .obf line, answers allowed) or a move transcript such as 'f5d6c3' with
forced passes implied. Board(board64, side) takes the side apart, as 'X',
'O', 'black' or 'white'. Bad text raises ValueError with the CLI's message.
)doc")
      .def(py::init<>())
      .def(py::init([](const std::string& text, std::optional<std::string> side) {
             return PyBoard::Of(ParseText(text, side, std::nullopt));
           }),
           py::arg("text"), py::arg("side") = py::none())
      .def_property_readonly("side", [](const PyBoard& b) { return SideString(b.to_move); },
                             "The side to move: 'X' (black) or 'O' (white).")
      .def_property_readonly("squares", &BoardString,
                             "The 64-character board, A1 B1 ... H8: X black, O white, - empty.")
      .def_property_readonly("black", [](const PyBoard& b) { return b.AsPosition().Black(); },
                             "Black's discs as a 64-bit int, bit 0 A1, bit 63 H8.")
      .def_property_readonly("white", [](const PyBoard& b) { return b.AsPosition().White(); },
                             "White's discs as a 64-bit int, bit 0 A1, bit 63 H8.")
      .def_property_readonly("empties", [](const PyBoard& b) { return b.board.EmptyCount(); },
                             "The number of empty squares.")
      .def("moves", [](const PyBoard& b) { return MoveNames(b.board); },
           "The side to move's legal moves, as square names; [] when it must pass or the game is over.")
      .def_property_readonly("legal_moves", [](const PyBoard& b) { return LegalMoves(b.board); },
           "The legal moves as Moves, in square order: [Move.PASS] when the side to move has "
           "none and the game goes on, [] when the game is over (each is a ply, as in perft).")
      .def("play", &Play, py::arg("move"),
           "The board after `move` (a Move, or its name: a square such as 'f5', or 'PS' to pass "
           "when the side to move has no move but the game goes on), this one unchanged; its "
           "move stack is this one's and the move. Passes are never implied, so a "
           "SolveResult's pv replays move by move. Raises ValueError for an illegal move.")
      .def("push", [](PyBoard& b, py::handle move) { Push(b, MoveArgument(move)); }, py::arg("move"),
           "Plays `move` on this board (as play() reads it) and pushes it on the move stack. "
           "Raises ValueError for an illegal move, and then changes nothing.")
      .def("pop", &Pop,
           "Takes the last pushed move back and returns it; IndexError when none was pushed.")
      .def_property_readonly("move_stack", [](const PyBoard& b) {
             std::vector<PyMove> moves;
             for (const PyBoard::Pushed& p : b.stack) moves.push_back(p.move);
             return moves;
           }, "The moves pushed (push, play) since the board was made, first first.")
      .def("copy", [](const PyBoard& b) { return b; },
           "A board of its own with the same discs, side and move stack.")
      .def("__copy__", [](const PyBoard& b) { return b; })
      .def("__deepcopy__", [](const PyBoard& b, py::handle) { return b; }, py::arg("memo"))
      .def("is_game_over", [](const PyBoard& b) { return b.board.IsGameOver(); },
           "True when neither side can move.")
      .def("final_score", [](const PyBoard& b) { return b.board.FinalScore(); },
           "The disc difference for the side to move if the game ended now, empties to the winner.")
      .def("transform", [](const PyBoard& b, int symmetry) {
             CheckSymmetry(symmetry);
             return b.Transformed(symmetry);
           }, py::arg("symmetry"),
           "The image under symmetry 0..7: bit 0 mirrors the columns (A<->H), bit 1 the rows "
           "(1<->8), bit 2 transposes along A1-H8, in that order; 0 is the identity.")
      .def("symmetries", [](const PyBoard& b) {
             std::vector<PyBoard> images;
             for (int s = 0; s < kNumSymmetries; ++s) images.push_back(b.Transformed(s));
             return images;
           }, "The eight images, by symmetry number; equal positions have equal scores.")
      .def("canonical", [](const PyBoard& b) {
             int symmetry = 0;
             const Board image = Canonical(b.board, &symmetry);
             return std::pair(PyBoard{image, b.to_move, {}}, symmetry);
           }, "(image, symmetry): the image every orientation of this position maps to, and the "
              "symmetry that gives it.")
      .def("symmetry_to", [](const PyBoard& b, const PyBoard& other) -> std::optional<int> {
             if (b.to_move != other.to_move) return std::nullopt;
             const int s = SymmetryBetween(b.board, other.board);
             return s < 0 ? std::nullopt : std::optional(s);
           }, py::arg("other"),
           "The symmetry s with self.transform(s) == other, or None when other is no image of self.")
      // Equal discs and side, whatever the move stacks. The hash follows
      // them too: a board pushed or popped while a set or a dict holds it
      // is lost there, as a list would be (hash a copy, or the canonical
      // image, to keep one).
      .def("__eq__", [](const PyBoard& a, const PyBoard& b) { return a == b; })
      // Anything else is no Board: let Python try the other side, then
      // answer False, rather than raise TypeError.
      .def("__eq__", [](const PyBoard&, const py::object&) {
        return py::reinterpret_borrow<py::object>(Py_NotImplemented);
      })
      .def("__hash__", [](const PyBoard& b) {
             return py::hash(py::make_tuple(b.board.player, b.board.opponent, static_cast<int>(b.to_move)));
           })
      .def("__str__", [](const PyBoard& b) { return absl::StrCat(BoardString(b), " ", SideString(b.to_move)); })
      .def("__repr__", [](const PyBoard& b) {
        return absl::StrFormat("endsolve.Board('%s', '%s')", BoardString(b), SideString(b.to_move));
      })
      .def("_repr_svg_", [](const PyBoard& b) { return BoardSvg({b.AsPosition(), {}, ""}); },
           "The board as an SVG picture (picture/board_svg.h): a notebook shows it.")
      .def(py::pickle(
          // The first board of the stack, its side, and the moves pushed
          // since: replayed, so that a pickle from outside is checked as
          // text and moves are.
          [](const PyBoard& b) {
            const PyBoard first = b.stack.empty() ? b : PyBoard{b.stack.front().board, b.stack.front().to_move, {}};
            std::vector<std::string> moves;
            for (const PyBoard::Pushed& p : b.stack) moves.push_back(p.move.Name());
            return py::make_tuple(BoardString(first), SideString(first.to_move), moves);
          },
          [](const py::tuple& state) {
            if (state.size() != 2 && state.size() != 3) {
              throw py::value_error("not the pickled state of an endsolve.Board");
            }
            PyBoard b = PyBoard::Of(ParseText(state[0].cast<std::string>(),
                                              state[1].cast<std::string>(), std::nullopt));
            if (state.size() == 3) {
              for (const std::string& move : state[2].cast<std::vector<std::string>>()) {
                Push(b, ParseMove(move));
              }
            }
            return b;
          }));

  m.def("transform_square", [](const std::string& square, int symmetry) {
        CheckSymmetry(symmetry);
        return SquareName(TransformSquare(SquareOf(square), symmetry));
      }, py::arg("square"), py::arg("symmetry"),
      "The image of a square under symmetry 0..7 (Board.transform): the move that corresponds.");
}

// Position and read_positions, the file side of the module.
void DefinePosition(py::module_& m) {
  py::class_<Position>(m, "Position", R"doc(
A position read from a file (read_positions): its board, where it came from
and the answers the file gives, best first. solve() takes it as it takes a
Board, and checks its answer against these (SolveResult.ok).
)doc")
      .def_property_readonly("board", &PyBoard::Of, "The Board, side to move included.")
      .def_property_readonly("side", [](const Position& p) { return SideString(p.to_move); })
      .def_property_readonly("label", [](const Position& p) { return p.label; },
                             "'#40' for FFO positions, 'game 17' for WTHOR games, or ''.")
      .def_property_readonly("file", [](const Position& p) { return p.file; })
      .def_property_readonly("line", [](const Position& p) { return p.line; },
                             "The 1-based line in the file (the game number in a .wtb file).")
      .def_property_readonly("id", [](const Position& p) { return PositionId(p); },
                             "The id the CLI's tables show: the FFO label, else FILE:LINE.")
      .def_property_readonly("answers", &Answers,
                             "(move, score) pairs, best first; move None when the file gives only the score.")
      .def("__repr__", [](const Position& p) {
        return absl::StrFormat("endsolve.Position(id='%s', board='%s', side='%s', answers=%d)",
                               PositionId(p), p.BoardString(), SideString(p.to_move), p.answers.size());
      })
      .def(py::pickle(&PositionState, &PositionFromState));

  m.def("read_positions", &ReadPositions, py::arg("path"), py::arg("empties") = py::none(),
        py::arg("strict") = true, R"doc(
Reads the positions of a file with the CLI's reader: .obf, .pos, plain lines,
transcripts, .wtb (any case; `empties` chooses each game's position as the
CLI's --empties). path is a str, bytes or os.PathLike ('-': standard input); a
path that names no file raises FileNotFoundError, as open() does (position
text goes to Board() or solve()). With strict (the default) any bad line
raises ValueError whose message is the CLI's, one line per error, the first 20
of them and then their count; with strict=False each of those lines becomes a
UserWarning and the good positions come back, as the CLI goes on with them. A
.wtb game that ends before the empties asked is no error: it is left out with
a UserWarning. A file that holds no position at all (an empty one) is the
CLI's "no position": ValueError, or with strict=False a UserWarning and [].
)doc");
}

// The side of a (board, side) pair of solve_many's list, item `index`:
// None is no side, as solve(board, None) takes it.
std::optional<std::string> PairSide(py::handle side, int index) {
  if (side.is_none()) return std::nullopt;
  if (!py::isinstance<py::str>(side)) {
    throw py::type_error(absl::StrFormat(
        "positions[%d]: the side of a (board, side) pair is 'X', 'O', 'black', 'white' or "
        "None, found %s",
        index, std::string(py::str(py::type::of(side).attr("__name__")))));
  }
  return side.cast<std::string>();
}

// Refuses, before any search, a position with more empty squares than the
// call's max_empties (the solver's guard, SolveOptions::max_empties), with
// the keyword that lifts it; a list's positions are named by their index,
// as its text errors are.
void CheckEmpties(const std::vector<Position>& positions, const SolveCall& call, bool list) {
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const int empties = positions[i].board.EmptyCount();
    if (empties <= call.options.max_empties) continue;
    throw py::value_error(absl::StrFormat(
        "%s has %d empty squares, more than max_empties=%d: an exact solve of so many may take "
        "days; pass max_empties=60 to solve it anyway",
        list ? absl::StrFormat("positions[%d]", i) : "the position", empties,
        call.options.max_empties));
  }
}

// SolveResult, SolveProgress, LimitReached, solve and solve_many.
void DefineSolve(py::module_& m) {
  py::register_exception<LimitReached>(m, "LimitReached", PyExc_TimeoutError);
  py::class_<PyProgress>(m, "SolveProgress", R"doc(
A running solve's newest report, handed to solve()'s progress callback. The
root is searched in passes: first estimates (stage 'presearch', then
'selective' passes with their ProbCut margin), whose lower bound is a guess;
then 'exact' passes (iteration 1, 2, ...), whose lower and upper bounds are
proven.
)doc")
      .def_readonly("stage", &PyProgress::stage, "'presearch', 'selective' or 'exact'.")
      .def_readonly("iteration", &PyProgress::iteration, "The exact pass, from 1; 0 before.")
      .def_readonly("presearch_depth", &PyProgress::presearch_depth)
      .def_readonly("margin", &PyProgress::margin, "A selective pass's ProbCut margin in discs.")
      .def_readonly("root_moves_done", &PyProgress::root_moves_done)
      .def_readonly("root_moves_total", &PyProgress::root_moves_total)
      .def_readonly("best_move", &PyProgress::best_move, "The move of `lower`, or None.")
      .def_readonly("lower", &PyProgress::lower, "The best score so far (proven in exact passes).")
      .def_readonly("upper", &PyProgress::upper, "An upper bound on the score proven so far.")
      .def_readonly("nodes", &PyProgress::nodes)
      .def_readonly("seconds", &PyProgress::seconds)
      .def("__repr__", [](const PyProgress& p) {
        return absl::StrFormat(
            "SolveProgress(stage='%s', iteration=%d, root_moves=%d/%d, best_move=%s, lower=%d, "
            "upper=%d, nodes=%d, seconds=%.3f)",
            p.stage, p.iteration, p.root_moves_done, p.root_moves_total,
            p.best_move ? absl::StrCat("'", *p.best_move, "'") : "None", p.lower, p.upper,
            p.nodes, p.seconds);
      });

  py::class_<PyResult>(m, "SolveResult", "What solve() found: the exact score and how to reach it.")
      .def_readonly("id", &PyResult::id, "The position's id when it came from a file, else ''.")
      .def_readonly("empties", &PyResult::empties)
      .def_readonly("score", &PyResult::score,
                    "The final disc difference for the side to move with perfect play (wld: -1, 0, +1).")
      .def_readonly("kind", &PyResult::kind,
                    "'exact'; with wld, a win is 'lower' (score +1: at least) and a loss 'upper'.")
      .def_readonly("best_move", &PyResult::best_move, "A square name such as 'A2', or 'PS' to pass.")
      .def_readonly("pv", &PyResult::pv, "The principal variation to the end of the game, 'PS' for passes.")
      .def_readonly("moves", &PyResult::moves,
                    "With all_moves: every legal move and its exact score, best first, as "
                    "[('A2', 38), ('C7', 36), ...] ('PS' when the side must pass); else [].")
      .def_property_readonly("nodes", &PyResult::nodes, "leaves + internal_nodes.")
      .def_readonly("leaves", &PyResult::leaves)
      .def_readonly("internal_nodes", &PyResult::internal)
      .def_readonly("seconds", &PyResult::seconds)
      .def_readonly("threads", &PyResult::threads)
      .def_readonly("expected_score", &PyResult::expected_score,
                    "The best score the position's file gives, or None.")
      .def_readonly("ok", &PyResult::ok,
                    "Against the file's answers, as the CLI's OK/WRONG; None without answers.")
      .def("__repr__", &PyResult::Repr)
      .def(py::pickle(
          [](const PyResult& r) {
            return py::make_tuple(r.id, r.empties, r.score, r.kind, r.best_move, r.pv, r.moves,
                                  r.leaves, r.internal, r.seconds, r.threads, r.expected_score,
                                  r.ok, PositionState(r.position));
          },
          [](const py::tuple& state) {
            if (state.size() != 14) {
              throw py::value_error("not the pickled state of an endsolve.SolveResult");
            }
            PyResult r;
            r.id = state[0].cast<std::string>();
            r.empties = state[1].cast<int>();
            r.score = state[2].cast<int>();
            r.kind = state[3].cast<std::string>();
            r.best_move = state[4].cast<std::string>();
            r.pv = state[5].cast<std::vector<std::string>>();
            r.moves = state[6].cast<std::vector<std::pair<std::string, int>>>();
            r.leaves = state[7].cast<std::uint64_t>();
            r.internal = state[8].cast<std::uint64_t>();
            r.seconds = state[9].cast<double>();
            r.threads = state[10].cast<int>();
            r.expected_score = state[11].cast<std::optional<int>>();
            r.ok = state[12].cast<std::optional<bool>>();
            r.position = PositionFromState(state[13].cast<py::tuple>());
            return r;
          }))
      .def("_repr_svg_", [](const PyResult& r) {
             std::vector<int> line;
             for (const std::string& move : r.pv) line.push_back(move == "PS" ? kPass : *ParseSquare(move));
             return BoardSvg({r.position, line,
                              absl::StrCat(r.id.empty() ? "" : r.id + ": ", r.best_move, " ",
                                           FormatScore(r.score))});
           }, "The position with its principal variation numbered, as an SVG picture: a notebook shows it.");

  m.def("solve", [](py::handle board, std::optional<std::string> side, int threads, std::size_t hash_mb, bool wld,
                    bool all_moves, int max_empties, std::optional<double> time_limit,
                    std::optional<std::uint64_t> node_limit, py::object progress) {
        const std::vector<Position> positions = {ToPosition(board, side)};
        SolveCall call = MakeSolveCall(threads, hash_mb, wld, all_moves, max_empties);
        SetLimits(call, time_limit, node_limit);
        if (!progress.is_none() && !PyCallable_Check(progress.ptr())) {
          throw py::type_error("progress: expected a callable taking a SolveProgress, or None");
        }
        CheckEmpties(positions, call, /*list=*/false);
        return SolveAll(positions, call, progress).front();
      }, py::arg("board"), py::arg("side") = py::none(), py::arg("threads") = 0,
      py::arg("hash_mb") = 256, py::arg("wld") = false, py::arg("all_moves") = false,
      py::arg("max_empties") = kDefaultMaxEmpties, py::kw_only(), py::arg("time_limit") = py::none(),
      py::arg("node_limit") = py::none(), py::arg("progress") = py::none(), R"doc(
Solves a position exactly and returns a SolveResult.

board is a Board, a Position, or text as Board() takes it (with side: a bare
64-character board). side ('X', 'O', 'black', 'white') sets the side to
move. threads=0 uses every hardware thread; hash_mb is the table size in MiB
(rounded down to a power of two); wld solves for win/draw/loss only;
all_moves also solves every other move exactly, in the same table, into the
result's moves (as `endsolve solve --all-moves`). A position with more than
max_empties (36) empty squares is refused with ValueError, as the CLI's
--max-empties: an exact solve of so many may take days.

The keywords time_limit (seconds) and node_limit (nodes) stop a search that
runs longer (as `endsolve batch --time-limit` does a
position's); a search stopped so proved nothing, and raises endsolve.LimitReached (a TimeoutError) naming the
limit. progress, a callable, is handed a SolveProgress with the search's
newest report (its stage, root moves done, bounds proven so far, nodes,
seconds) on the calling thread, at most every 50 ms; an exception it raises
stops the search and comes out of solve(). The GIL is released while the
search runs; Ctrl-C stops it and raises KeyboardInterrupt.
)doc");

  m.def("solve_many", [](py::iterable positions, int threads, std::size_t hash_mb, bool wld,
                         bool all_moves, int max_empties) {
        std::vector<Position> list;
        int index = 0;
        for (py::handle item : positions) {
          if (py::isinstance<py::tuple>(item) && py::len(item) == 2) {
            const py::tuple pair = py::reinterpret_borrow<py::tuple>(item);
            list.push_back(ToPosition(pair[0], PairSide(pair[1], index), index));
          } else {
            list.push_back(ToPosition(item, std::nullopt, index));
          }
          ++index;
        }
        const SolveCall call = MakeSolveCall(threads, hash_mb, wld, all_moves, max_empties);
        CheckEmpties(list, call, /*list=*/true);
        return SolveAll(list, call);
      }, py::arg("positions"), py::arg("threads") = 0, py::arg("hash_mb") = 256,
      py::arg("wld") = false, py::arg("all_moves") = false,
      py::arg("max_empties") = kDefaultMaxEmpties, R"doc(
Solves each position in order, as the CLI does: one table, cleared before
each position; all_moves and max_empties as solve() takes them (one position
over max_empties refuses the whole list before any search). Items are Boards, Positions, position text, or (board, side)
pairs, side None as solve() takes it; text errors name the item as
"positions[I] 'TEXT'", I its index. Returns
a list of SolveResults. The GIL is released while it runs; Ctrl-C stops it.
)doc");
}

// evaluate, estimate, and perft with its PerftCounts.
void DefineEvaluateAndPerft(py::module_& m) {
  m.def("evaluate", [](py::handle board, std::optional<std::string> side, int depth) {
        return Evaluate(ToPosition(board, side), depth);
      }, py::arg("board"), py::arg("side") = py::none(), py::arg("depth") = 0, R"doc(
What the evaluation believes of a position, in discs for the side to move,
to 1/100 as `endsolve eval` prints it: the static evaluation, or with depth
(0..14) an evaluation search of that many plies, exact where the game ends.
)doc");

  m.def("estimate", [](py::handle board, std::optional<std::string> side, int passes,
                       int threads, std::size_t hash_mb, int max_empties) {
        const Position position = ToPosition(board, side);
        if (passes < 0 || passes > kSelectivePasses) {
          throw py::value_error(
              absl::StrFormat("passes: expected 0..%d, found %d", kSelectivePasses, passes));
        }
        const SolveCall call =
            MakeSolveCall(threads, hash_mb, /*wld=*/false, /*all_moves=*/false, max_empties);
        // The selective passes search to the end of the game, as a solve.
        if (passes > 0) CheckEmpties({position}, call, /*list=*/false);
        SolveOptions options = call.options;
        std::atomic<bool> cancel{false};
        options.cancel = &cancel;
        const absl::StatusOr<ScoreEstimate> e = RunInterruptible(
            cancel, [&]() { return EstimateScore(position.board, options, passes); });
        if (!e.ok()) ThrowValueError(e.status());
        return py::make_tuple(e->score, SquareName(e->best_move));
      }, py::arg("board"), py::arg("side") = py::none(), py::arg("passes") = 2,
      py::arg("threads") = 0, py::arg("hash_mb") = 256, py::arg("max_empties") = kDefaultMaxEmpties,
      R"doc(
What the exact solve believes before it proves anything, as `endsolve eval
--selective` prints it: its presearch and its first `passes` (0..3)
selective passes, ProbCut searches to the end of the game. Returns
(score, move): an even score, a guess and no bound, and its move ('--' with
no pass). With passes, max_empties refuses a position as solve() does. The GIL is released while it runs; Ctrl-C stops it.
)doc");

  py::class_<PyPerft>(m, "PerftCounts", "The nodes of the game tree to a depth (perft).")
      .def_readonly("depth", &PyPerft::depth)
      .def_readonly("leaves", &PyPerft::leaves)
      .def_readonly("internal_nodes", &PyPerft::internal)
      .def_property_readonly("nodes", &PyPerft::nodes)
      .def("__repr__", [](const PyPerft& p) {
        return absl::StrFormat("PerftCounts(depth=%d, leaves=%d, internal_nodes=%d)", p.depth,
                               p.leaves, p.internal);
      });

  m.def("perft", [](int depth, py::object board) {
        if (depth < 0 || depth > kMaxPerftDepth) {
          throw py::value_error(absl::StrFormat("depth: expected 0..%d plies, found %d", kMaxPerftDepth, depth));
        }
        const Board root = board.is_none() ? Board::Initial() : ToPosition(board, std::nullopt).board;
        std::atomic<bool> cancel{false};
        const NodeCounts n = RunInterruptible(
            cancel, [&root, depth, &cancel]() { return Perft(root, depth, &cancel); });
        return PyPerft{.depth = depth, .leaves = n.leaves, .internal = n.internal};
      }, py::arg("depth"), py::arg("board") = py::none(), R"doc(
Counts the game tree from board (default: the initial position) to depth
plies, as `endsolve perft`: a pass uses a ply, a finished game is a leaf.
The GIL is released while it counts; Ctrl-C stops it and raises
KeyboardInterrupt.
)doc");
}

}  // namespace
}  // namespace endsolve::python

PYBIND11_MODULE(endsolve, m) {
  m.doc() = "endsolve: an exact, multithreaded Othello endgame solver.";
  m.attr("__version__") = ENDSOLVE_VERSION;
  endsolve::python::DefineBoard(m);
  endsolve::python::DefinePosition(m);
  endsolve::python::DefineSolve(m);
  endsolve::python::DefineEvaluateAndPerft(m);
}
