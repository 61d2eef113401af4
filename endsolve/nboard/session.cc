#include "endsolve/nboard/session.h"

#include <optional>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace endsolve::nboard {
namespace {

absl::string_view View(std::string_view s) { return absl::string_view(s.data(), s.size()); }

// The first word of `text` and what follows it, spaces trimmed.
std::pair<std::string_view, std::string_view> SplitWord(std::string_view text) {
  const absl::string_view trimmed = absl::StripAsciiWhitespace(View(text));
  const std::size_t space = trimmed.find_first_of(" \t");
  if (space == absl::string_view::npos) return {std::string_view(trimmed.data(), trimmed.size()), {}};
  const absl::string_view rest = absl::StripLeadingAsciiWhitespace(trimmed.substr(space));
  return {std::string_view(trimmed.data(), space), std::string_view(rest.data(), rest.size())};
}

// NBoard's spelling of a move: "F5", and "PA" for a pass.
std::string MoveText(int square) { return square == kPass ? "PA" : SquareName(square); }

}  // namespace

Session::Session(Engine* engine, Writer out, Writer errors)
    : engine_(engine), out_(std::move(out)), errors_(std::move(errors)) {
  game_.start = Board::Initial();
  position_ = game_.End();
}

Session::~Session() { Stop(); }

void Session::Send(std::string_view line) {
  std::lock_guard<std::mutex> lock(write_mutex_);
  out_(line);
}

void Session::Error(int number, std::string_view what) {
  std::lock_guard<std::mutex> lock(write_mutex_);
  errors_(absl::StrFormat("line %d: %s", number, what));
}

void Session::Stop() {
  if (!worker_.joinable()) return;
  cancel_.store(true);
  worker_.join();
  cancel_.store(false);
}

void Session::Wait() {
  if (worker_.joinable()) worker_.join();
}

void Session::Start(std::function<void()> work) {
  Stop();
  worker_ = std::thread(std::move(work));
}

void Session::SendHint(const Hint& hint, absl::Time start) {
  std::vector<std::string> moves;
  for (int square : hint.line) moves.push_back(MoveText(square));
  Send(absl::StrFormat("search %s %.2f 0 %s", absl::StrJoin(moves, "-"), hint.value,
                       hint.exact ? std::string("100%") : absl::StrCat(hint.depth)));
  Send(absl::StrFormat("nodestats %d %.2f", engine_->nodes(),
                       absl::ToDoubleSeconds(absl::Now() - start)));
}

void Session::SetGame(std::string_view ggf, int number) {
  absl::StatusOr<GgfGame> game = ParseGgfGame(ggf, "set game");
  if (!game.ok()) {
    Error(number, std::string(game.status().message()));
    return;
  }
  game_ = *std::move(game);
  position_ = game_.End();
}

void Session::PlayMove(std::string_view move, int number) {
  // "F5/EVAL/TIME": the evaluation and time are the GUI's, not needed here.
  if (absl::Status played = PlayGgfMove(game_, position_, move, std::nullopt); !played.ok()) {
    Error(number, std::string(played.message()));
  }
}

bool Session::Handle(std::string_view line, int number) {
  const auto [command, rest] = SplitWord(line);
  if (command.empty()) return true;
  // Whatever the GUI says next, the search under way is no longer wanted.
  Stop();
  if (command == "nboard") {
    int version = 0;
    if (!absl::SimpleAtoi(View(rest), &version) || (version != 1 && version != 2)) {
      Error(number, absl::StrFormat("expected the protocol version 'nboard 1' or 'nboard 2', found 'nboard %s'",
                                    rest));
    }
    Send("set myname endsolve");
  } else if (command == "set") {
    const auto [name, value] = SplitWord(rest);
    if (name == "depth") {
      int depth = 0;
      if (!absl::SimpleAtoi(View(value), &depth) || depth < 1 || depth > kNumSquares) {
        Error(number, absl::StrFormat("expected 'set depth N' with N in 1..60, found 'set depth %s'", value));
      } else {
        engine_->SetDepth(depth);
      }
    } else if (name == "game") {
      SetGame(value, number);
    } else if (name != "contempt") {
      Error(number, absl::StrFormat("expected 'set depth', 'set game' or 'set contempt', found 'set %s'", name));
    }
  } else if (command == "move") {
    PlayMove(rest, number);
  } else if (command == "hint" || command == "go") {
    int count = 1;
    if (command == "hint" && !rest.empty() && (!absl::SimpleAtoi(View(rest), &count) || count < 1)) {
      Error(number, absl::StrFormat("expected 'hint N' with N at least 1, found 'hint %s'", rest));
      return true;
    }
    const bool go = command == "go";
    const Board board = position_.board;
    Start([this, go, count, board, number] {
      const absl::Time start = absl::Now();
      const bool exact = board.EmptyCount() <= engine_->exact_empties();
      Send(exact ? absl::StrFormat("status endsolve: solving %d empties exactly", board.EmptyCount())
                 : absl::StrFormat("status endsolve: searching %d plies", engine_->depth()));
      auto sink = [this, start](const Hint& hint) { SendHint(hint, start); };
      absl::Status done;
      if (go) {
        const absl::StatusOr<Hint> move = engine_->ChooseMove(board, cancel_, sink);
        if (move.ok()) {
          Send(absl::StrFormat("=== %s/%.2f/%.2f", MoveText(move->square), move->value,
                               absl::ToDoubleSeconds(absl::Now() - start)));
        }
        done = move.status();
      } else {
        done = engine_->Hints(board, count, cancel_, sink);
      }
      if (!done.ok() && !absl::IsCancelled(done)) Error(number, std::string(done.message()));
      Send("status");
    });
  } else if (command == "ping") {
    Send(absl::StrCat("pong ", View(rest)));
  } else if (command == "learn") {
    Send("learned");
  } else if (command == "quit") {
    return false;
  } else if (command.size() == 2 && (ParseSquare(command) || IsGgfPass(command))) {
    // NBoard 1.1 sends a move alone.
    PlayMove(command, number);
  } else {
    Error(number, absl::StrFormat(
        "expected a command of the NBoard protocol (nboard, set, move, hint, go, ping, learn, "
        "quit), found '%s'; the line is ignored", command));
  }
  return true;
}

}  // namespace endsolve::nboard
