// The batch results file: JSON lines (endsolve/batch/record.h), only ever
// appended to, one write and one fsync per finished position.
//
// Crash safety: a record is one write(2) of "JSON\n" on an O_APPEND file,
// followed by fsync, so after a crash (kill -9, power loss) every line but
// the last is whole, and the last is either whole or torn (cut short, or
// garbage such as the zeros some file systems leave after a lost write).
// Resume cuts a torn last line off before appending; nothing else in the
// file is ever rewritten, so finished work is never destroyed. A corrupted
// line in the middle (an edit, a disk error) is warned about and skipped:
// its position is solved again and its new line appended.
#ifndef ENDSOLVE_BATCH_RESULTS_FILE_H_
#define ENDSOLVE_BATCH_RESULTS_FILE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "endsolve/batch/record.h"
#include "endsolve/output/output_path.h"

namespace endsolve::batch {

struct ResultsContents {
  std::vector<ResultRecord> records;  // the good lines, in file order
  std::vector<std::string> warnings;  // "NAME:LINE: ignoring a corrupted line (why)"
  std::uint64_t complete_bytes = 0;   // where the last good, whole line ends
  std::uint64_t torn_bytes = 0;       // what follows it: a torn last line, or 0
  int torn_line = 0;                  // that line's number, when torn_bytes > 0
};

// Parses a results file's text; `name` names it in warnings. The last line
// is torn when it has no newline or does not parse; any other line that does
// not parse is a corrupted one. Blank lines are skipped.
ResultsContents ParseResults(absl::string_view text, absl::string_view name);

// Says whether `text` is that of a results file, before anything relies on
// it being one: nothing but blank lines, or a first line that is a result
// record, or a single line that is torn (the start of a record's `{"id":`,
// or the zero bytes some file systems leave after a lost write: the first
// write of a batch cut short by a crash). Anything else (a positions file, a
// WTHOR database, notes) is not a results file, and the error, naming `name`
// and the line, says why: batch must not append to it nor cut off its "torn"
// last line, and --summary and merge must not report on it.
absl::Status CheckResultsText(absl::string_view text, absl::string_view name);

// What a results file is, for the check of --out before a run
// (endsolve/output/output_path.h): CheckResultsText's test on its first bytes.
OutputKind ResultsFileKind();

// The longest line a results file may hold. A record is under 2 KB (a pv
// of at most 60 moves, a bad line cut to 300 bytes); a longer line means the
// file is not a results file, and reading on would only fill the memory
// (/dev/zero has no line end).
inline constexpr std::size_t kMaxResultsLineBytes = std::size_t{64} << 10;

// Reads a results file without changing it (for --summary and merge): a torn
// last line is left in place and reported among the warnings. A line over
// kMaxResultsLineBytes, and a file that is not a results file
// (CheckResultsText), are errors naming the file and the line.
absl::StatusOr<ResultsContents> ReadResultsFile(const std::string& path);

// The last record of each id: a timed-out position retried with a longer
// limit has two records, and the later one stands.
std::map<std::string, const ResultRecord*> LatestById(const ResultsContents& contents);

// The open results file of a running batch.
class ResultsAppender {
 public:
  // Opens `path` for appending, creating it (and syncing its folder, so the
  // new name survives a crash) if absent; with `create_only`, an existing
  // file is refused, and so is anything but a regular file (/dev/null would
  // swallow every result). Takes an exclusive lock (flock) so that two batches
  // never interleave their lines in one file, reads what is there, refuses a
  // file that is not a results file (CheckResultsText) with nothing written,
  // and cuts off a torn last line (torn_bytes() says how much).
  static absl::StatusOr<std::unique_ptr<ResultsAppender>> Open(const std::string& path,
                                                               bool create_only);
  ~ResultsAppender();
  ResultsAppender(const ResultsAppender&) = delete;
  ResultsAppender& operator=(const ResultsAppender&) = delete;

  bool created() const { return created_; }
  const ResultsContents& contents() const { return contents_; }

  // Appends the record as one line, and returns only once it is on disk.
  absl::Status Append(const Json& record);

  // From now on Append returns once the line is written (a process killed
  // afterwards loses none) and syncs the file at most once every `period`,
  // and when closed: a power loss may lose the lines of the last period.
  // For lines that cost less to redo than a sync each (prove's local
  // engine: units of a few milliseconds, where one sync a line was half of
  // a proof's wall time).
  void SyncAtMostEvery(absl::Duration period) { sync_period_ = period; }

 private:
  ResultsAppender(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}

  std::string path_;
  int fd_ = -1;
  absl::Duration sync_period_ = absl::ZeroDuration();  // zero: every line
  absl::Time synced_ = absl::InfinitePast();
  bool unsynced_ = false;
  bool created_ = false;
  ResultsContents contents_;
};

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_RESULTS_FILE_H_
