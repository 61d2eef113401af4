// The work folder of one proof (endsolve/prove/README.md, "The work folder"):
//   prove.json        the root, the unit empties and the first test; a
//                     folder of another proof is refused
//   tree.txt          each position the manager expanded, appended as it is
//                     (the moves from the root), so that a restarted manager
//                     walks the same tree without expanding it again
//   log.jsonl         one line per test the manager starts, and one per run
//                     of the manager that stops (its wall time)
//   units/            the units as they are handed out, each once:
//                     local.obf (the local engine), step-NNNNNN.obf (a
//                     pool's steps)
//   results/          their batch results (append, fsync, flock)
//   workers.log, slurm/  what the workers of the parallel and Slurm
//                     engines print
// Every file but prove.json only grows, by whole lines; a torn last line (a
// manager killed while it wrote) is cut when the file is next appended to.
// Killing the manager or a worker at any moment loses no finished unit.
#ifndef ENDSOLVE_PROVE_WORK_FOLDER_H_
#define ENDSOLVE_PROVE_WORK_FOLDER_H_

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/record.h"
#include "endsolve/board/position.h"
#include "endsolve/prove/proof_tree.h"

namespace endsolve::prove {

// The first test of a proof and what its estimate cost (prove.json).
struct FirstTest {
  int test = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// A file appended to by whole lines, opened once.
class LineAppender {
 public:
  // Opens (creates) `path`, cutting a torn last line. `durable`: each
  // Append is synced to the disk before it returns.
  static absl::StatusOr<std::unique_ptr<LineAppender>> Open(const std::string& path,
                                                            bool durable);
  ~LineAppender();
  LineAppender(const LineAppender&) = delete;
  LineAppender& operator=(const LineAppender&) = delete;
  // Appends `lines`, each ending in a newline; returns the 1-based number of
  // the first of them in the file.
  absl::StatusOr<int> Append(const std::string& lines);
  const std::string& path() const { return path_; }

 private:
  LineAppender(std::string path, int fd, int lines, bool durable)
      : path_(std::move(path)), fd_(fd), lines_(lines), durable_(durable) {}
  std::string path_;
  int fd_;
  int lines_;  // in the file
  bool durable_;
};

// Appends `units` to `file` as .obf lines, and returns them as the batch
// items a run over the file reads (their lines and ids), so that an engine
// knows each unit's record when its answer comes.
absl::StatusOr<std::vector<batch::BatchItem>> AppendUnits(LineAppender* file,
                                                          const std::vector<Position>& units);

class WorkFolder {
 public:
  // Creates the folder on first use; refuses a folder of another proof (or
  // of other unit empties), a file, or a folder that holds anything else.
  static absl::StatusOr<std::unique_ptr<WorkFolder>> Open(const std::string& root,
                                                          const Position& proven,
                                                          int unit_empties);

  const std::string& root() const { return root_; }
  std::string Units() const { return root_ + "/units"; }
  std::string Results() const { return root_ + "/results"; }

  // prove.json's first test, if one was saved.
  absl::StatusOr<std::optional<FirstTest>> ReadFirstTest() const;
  absl::Status SaveFirstTest(const FirstTest& first);

  // Expands in `tree` what tree.txt says an earlier manager expanded. A
  // damaged line is named, with what to do.
  absl::Status LoadTree(ProofTree* tree) const;
  // Appends one expanded position's moves from the root.
  absl::Status AppendTree(const std::vector<int>& path);

  // The test the last manager was asking (log.jsonl's last "test" line).
  std::optional<int> TestUnderWay() const;
  // The tests logged (every run's).
  int TestsLogged() const;
  // The wall seconds of the manager's earlier runs (log.jsonl's "stop"
  // lines), summed.
  double EarlierWallSeconds() const;
  absl::Status LogTest(int test);
  absl::Status LogStop(double wall_seconds);

  // Calls `heard` with every record appended to results/*.jsonl since the
  // last call (whole lines only: a line a worker is still writing waits for
  // the next call). Errors name the file and the line.
  absl::Status ReadNewResults(
      const std::function<absl::Status(const batch::ResultRecord&)>& heard);

  // What the results read so far add up to (duplicates not counted).
  int units() const { return units_; }
  std::uint64_t nodes() const { return nodes_; }
  double cpu_seconds() const { return cpu_seconds_; }

  // The folder's bytes, its files summed.
  std::uintmax_t Bytes() const;

 private:
  explicit WorkFolder(std::string root) : root_(std::move(root)) {}
  std::string State() const { return root_ + "/prove.json"; }
  std::string Tree() const { return root_ + "/tree.txt"; }
  std::string Log() const { return root_ + "/log.jsonl"; }
  absl::Status AppendLog(const std::string& line);

  std::string root_;
  std::unique_ptr<LineAppender> tree_;
  std::unique_ptr<LineAppender> log_;
  std::map<std::string, std::uintmax_t> read_;  // bytes of each results file read
  std::map<std::string, int> lines_read_;       // and its lines
  int units_ = 0;
  std::uint64_t nodes_ = 0;
  double cpu_seconds_ = 0;
};

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_WORK_FOLDER_H_
