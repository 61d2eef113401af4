// The NBoard protocol (Chris Welty's, version 2, as NBoard and Edax speak
// it): the GUI's lines in, the engine's lines out. The GUI sets a game
// (`set game GGF`, positions/ggf.h) and adds moves to it (`move F5/eval/time`);
// `hint N` asks for the values of the moves of the position at its end,
// `go` for the move to play; `ping N` is answered `pong N` once nothing of
// an earlier request can follow. Any line stops the search under way
// before it is handled (the evaluation search looks at its flag every
// millisecond or so, the exact one every 1,024 nodes), so that a GUI that
// changes the position never waits.
//
// Out: `set myname endsolve`, `status TEXT` while searching (and an empty
// `status` when done), `search PV VALUE 0 DEPTH` for each hint (DEPTH
// "100%" for an exact score, as NBoard marks solved moves; else the plies;
// the PV's moves joined by '-'), `nodestats NODES SECONDS`, and
// `=== MOVE/VALUE/SECONDS` for `go`. `learn` is answered `learned` (there
// is no book to add the game to). `set contempt` is accepted and has no
// effect: a draw is worth 0 to the exact search.
//
// A line the session cannot use (an unknown command, a bad game, an
// illegal move) is written to the error channel, naming the line's number
// and what was expected, and changes nothing: the protocol asks an engine
// to ignore what it does not understand.
#ifndef ENDSOLVE_NBOARD_SESSION_H_
#define ENDSOLVE_NBOARD_SESSION_H_

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "absl/time/time.h"
#include "endsolve/board/position.h"
#include "endsolve/nboard/engine.h"
#include "endsolve/positions/ggf.h"

namespace endsolve::nboard {

class Session {
 public:
  using Writer = std::function<void(std::string_view line)>;

  // `out` takes the protocol's lines, `errors` the messages about lines the
  // session could not use; each gets whole lines, from one thread at a time.
  Session(Engine* engine, Writer out, Writer errors);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Handles one line from the GUI (its number, from 1, names it in error
  // messages). Returns false after `quit`.
  bool Handle(std::string_view line, int number);

  // Stops the search under way, if any, and waits for it: every line it
  // will write has been written.
  void Stop();
  // Waits for the search under way, if any, to end by itself (a script's
  // last request, at the end of its input).
  void Wait();

  // The position the GUI's requests are about (the initial one before any
  // `set game`).
  const Position& position() const { return position_; }

 private:
  void Send(std::string_view line);
  void Error(int number, std::string_view what);
  // Runs `work` on the search thread, after the one before has stopped.
  void Start(std::function<void()> work);
  void SendHint(const Hint& hint, absl::Time start);
  void SetGame(std::string_view ggf, int number);
  void PlayMove(std::string_view move, int number);

  Engine* engine_;
  Writer out_;
  Writer errors_;
  std::mutex write_mutex_;
  std::thread worker_;
  std::atomic<bool> cancel_{false};
  GgfGame game_;
  Position position_;
};

}  // namespace endsolve::nboard

#endif  // ENDSOLVE_NBOARD_SESSION_H_
