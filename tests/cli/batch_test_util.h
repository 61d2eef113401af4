// Helpers for the batch tests and the batch demo: random positions, a child
// process killed after a given number of result lines, and results files
// read back as id -> record.
#ifndef ENDSOLVE_TESTS_CLI_BATCH_TEST_UTIL_H_
#define ENDSOLVE_TESTS_CLI_BATCH_TEST_UTIL_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "endsolve/batch/input.h"
#include "endsolve/board/position.h"
#include "nlohmann/json.hpp"

namespace endsolve::testing {

// `count` positions reached by random legal play from the initial position
// (passes played when forced), each with between `min_empties` and
// `max_empties` empty squares, the same for the same seed on every machine
// (a plain 64-bit LCG, not a standard distribution whose output may differ
// between library versions). Games that end too early are replayed.
std::vector<Position> RandomPositions(int count, int min_empties, int max_empties,
                                      std::uint64_t seed);

// The batch item of position text `text` (answers and window allowed), as
// `endsolve batch` reads it from line `line` of `file`: its id FILE:LINE:HASH.
batch::BatchItem ItemOf(const std::string& text, const std::string& file, int line);

// The .obf text of the positions, one line each.
std::string ObfText(const std::vector<Position>& positions);

// How a child process ended.
struct ChildEnd {
  bool killed = false;    // ended by the signal we sent
  int exit_status = -1;   // when it exited on its own
  int lines_at_kill = 0;  // complete lines in the results file when we signalled
};

// Starts `argv` (argv[0] a path) with stdout and stderr sent to `log_path`,
// waits until `results_path` holds at least `lines` complete lines, then
// sends `signal_number` and reaps the child. When the child ends first,
// `killed` is false and `exit_status` says how it ended. With
// `whole_group`, the child leads a process group of its own and the signal
// goes to all of it, as a terminal's Ctrl-C reaches every process of the
// job (the children the command started too).
ChildEnd RunAndSignalAfterLines(const std::vector<std::string>& argv,
                                const std::string& results_path, int lines, int signal_number,
                                const std::string& log_path, bool whole_group = false);

// The number of newline characters in a file (0 when it does not exist).
int CompleteLines(const std::string& path);

// Every line of a results file parsed, in order (a line that does not parse
// fails the calling test).
std::vector<nlohmann::json> ReadResultLines(const std::string& path);

// id -> record, with the keys that legitimately vary between runs removed
// ("seconds"), for comparing two runs of the same batch. Fails the calling
// test if an id occurs twice.
std::map<std::string, nlohmann::json> ResultsById(const std::string& path);

// A new, empty folder for one test, unique to this process (test runs of
// several builds may share the machine's temporary folder), removed when
// the test passes and kept for a look when it fails.
class TempFolder {
 public:
  explicit TempFolder(const std::string& name);
  ~TempFolder();
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const std::string& path() const { return path_; }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

std::string ReadFile(const std::string& path);
void WriteFile(const std::string& path, const std::string& contents);

}  // namespace endsolve::testing

#endif  // ENDSOLVE_TESTS_CLI_BATCH_TEST_UTIL_H_
