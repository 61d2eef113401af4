// `endsolve solve FILE_OR_POSITION...`: solves each position exactly and
// prints a table row (or a JSON line) per position, in input order, then a
// summary; --csv writes the rows to a CSV file too.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "endsolve/batch/durable_write.h"
#include "endsolve/bench/report.h"
#include "endsolve/board/notation.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/output_flags.h"
#include "endsolve/cli/positions.h"
#include "endsolve/cli/search_flags.h"
#include "endsolve/output/output_path.h"
#include "endsolve/output/write_file.h"
#include "endsolve/solver/report.h"

namespace endsolve::cli {
namespace {

struct SolveArgs {
  std::vector<std::string> inputs;
  SearchArgs search;
  InputArgs input;
  bool json = false;
  std::string csv;
  bool all_moves = false;
  std::string obf;  // --obf: where each solved position goes with its answer list
};

// The first line of --csv's file, which tells it from a user's; the
// columns of a row, the PV's moves separated by spaces.
constexpr char kSolveCsvHeader[] =
    "id,empties,best_move,score,expected,ok,nodes,seconds,leaves,internal_nodes,pv";

std::string CsvRow(const Position& position, const SolveResult& result, Verdict verdict) {
  return absl::StrFormat(
      "%s,%d,%s,%d,%s,%s,%d,%.6f,%d,%d,%s\n", bench::CsvField(PositionId(position)),
      position.board.EmptyCount(), SquareName(result.best_move), result.score,
      position.HasAnswers() ? absl::StrCat(position.ExpectedScore()) : "",
      verdict == Verdict::kUnknown ? "" : verdict == Verdict::kOk ? "true" : "false",
      result.nodes.total(), absl::ToDoubleSeconds(result.time), result.nodes.leaves,
      result.nodes.internal, FormatPv(result.pv));
}

// The line under a result row that lists every move's score, best first,
// spelt as an .obf answer list is: "all moves: A2:+38 C7:+36 ...".
std::string AllMovesLine(const SolveResult& result) {
  std::string line = "  all moves:";
  for (const MoveScore& m : result.move_scores) {
    absl::StrAppend(&line, " ", SquareName(m.square), ":", FormatScore(m.score));
  }
  return line;
}

// --obf FILE: a new file only (O_EXCL), so that no user's file is ever
// written over; each solved position is appended and synced to the disk
// (batch::WriteDurably) as it comes, so that an interrupted run keeps every
// position it finished. A line that could not be written whole (a full
// disk) is cut off again, so that the file holds whole lines only.
class ObfWriter {
 public:
  static absl::StatusOr<std::unique_ptr<ObfWriter>> Create(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0 && errno == EEXIST) {
      return absl::AlreadyExistsError(absl::StrCat(
          "--obf ", path, " exists; it is left alone: give --obf a file that does not exist yet"));
    }
    if (fd < 0) return absl::ErrnoToStatus(errno, absl::StrCat("--obf: cannot create ", path));
    return std::unique_ptr<ObfWriter>(new ObfWriter(fd, path));
  }
  ~ObfWriter() { ::close(fd_); }
  ObfWriter(const ObfWriter&) = delete;
  ObfWriter& operator=(const ObfWriter&) = delete;

  // `position` with every move's score as its answers, best first.
  absl::Status Write(const Position& position, const SolveResult& result) {
    Position solved = position;
    solved.answers = result.move_scores;
    solved.window.reset();
    const std::string line = FormatObf(solved) + '\n';
    const absl::Status written = batch::WriteDurably(fd_, line, path_);
    if (!written.ok()) {
      // The whole lines before stay; the torn one goes.
      if (ftruncate(fd_, size_) == 0) lseek(fd_, size_, SEEK_SET);
      return absl::Status(written.code(),
                          absl::StrCat("--obf: ", written.message(), "; the ", lines_,
                                       " positions before are kept"));
    }
    size_ += static_cast<off_t>(line.size());
    ++lines_;
    return absl::OkStatus();
  }

 private:
  ObfWriter(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_;
  std::string path_;
  off_t size_ = 0;  // the bytes of whole lines written
  int lines_ = 0;
};

int RunSolve(const SolveArgs& args) {
  auto options = ToSolveOptions(args.search);
  if (!options.ok()) return Fail("endsolve solve", options.status().message());
  options->all_moves = args.all_moves;
  if (absl::Status valid = ValidateOptions(*options); !valid.ok()) {
    return Fail("endsolve solve", valid.message());
  }
  // The output is checked before anything is read: a standard input that
  // never ends waits for no refusal.
  for (const absl::Status& s :
       {CheckOutputPath("--obf", args.obf, OutputKind{"an .obf file", nullptr}, args.inputs),
        CheckOutputPath("--csv", args.csv, CsvTable("a CSV table of endsolve solve", kSolveCsvHeader),
                        args.inputs)}) {
    if (!s.ok()) return Fail("endsolve solve", s.message());
  }
  auto tt = TranspositionTable::Create(options->table);
  if (!tt.ok()) return Fail("endsolve solve", tt.status().message());
  options->tt = tt->get();

  std::optional<LoadedPositions> read =
      SelectInputs("endsolve solve", LoadPositions(args.inputs, args.input.read_options()), args.input);
  if (!read) return kExitBadInput;
  LoadedPositions& loaded = *read;
  int input_errors = static_cast<int>(loaded.errors.size());
  if (args.all_moves) {
    // A position with its own window asks for a bound, not for every
    // move's exact score: an input error, and the rest are solved.
    std::vector<Position> kept;
    for (Position& position : loaded.positions) {
      if (!position.window) {
        kept.push_back(std::move(position));
        continue;
      }
      ++input_errors;
      absl::FPrintF(stderr,
                    "%s:%d: %s has a window (window:%d,%d); --all-moves solves every move over "
                    "the full window, so it is left out\n",
                    position.file.empty() ? "argument" : position.file, position.line,
                    PositionId(position), position.window->lo, position.window->hi);
    }
    loaded.positions = std::move(kept);
    if (loaded.positions.empty()) {
      return Fail("endsolve solve", "no position left to solve (the errors are above)");
    }
  }

  if (!WithinMaxEmpties("endsolve solve", loaded.positions, options->max_empties)) {
    return kExitBadInput;
  }
  for (const Position& position : loaded.positions) {
    if (position.board.EmptyCount() <= kDefaultMaxEmpties) continue;
    absl::FPrintF(stderr,
                  "endsolve solve: warning: %s has %d empty squares; an exact solve of more "
                  "than %d may take days (Ctrl-C stops it)\n",
                  PositionId(position), position.board.EmptyCount(), kDefaultMaxEmpties);
  }
  // From here on the first Ctrl-C stops the search and keeps what it
  // finished; until here it ended a read that may block (endsolve/console/interrupt.h).
  const std::atomic<bool>& interrupted = InstallInterruptHandler();
  options->cancel = &interrupted;

  std::unique_ptr<ObfWriter> obf;
  if (!args.obf.empty()) {
    auto created = ObfWriter::Create(args.obf);
    if (!created.ok()) return Fail("endsolve solve", created.status().message());
    obf = *std::move(created);
  }
  absl::Status obf_status = absl::OkStatus();
  std::string csv = std::string(kSolveCsvHeader) + '\n';

  const bool json = args.json;
  const bool live = !json && IsInteractive();
  const int id_width = IdColumnWidth(loaded.positions);
  if (!json) absl::PrintF("%s  pv\n", ResultColumnsHeader(id_width));
  std::fflush(stdout);
  SolveStatus status;
  std::unique_ptr<ProgressDisplay> display;
  if (live) {
    display = std::make_unique<ProgressDisplay>([&status](bool) { return status.Line(); }, true, "");
    options->on_progress = [&status](const Progress& p) { status.Report(p); };
    options->live_nodes = status.live_nodes();
  }
  int wrong = 0;
  int current = 0;  // the position being solved, for an error's message
  NodeCounts total_nodes;
  absl::Duration total_time;
  const std::vector<Position>& positions = loaded.positions;
  absl::StatusOr<int> solved = SolveEach(
      positions, *options,
      [&](int i) {
        current = i;
        status.Start(PositionId(positions[static_cast<std::size_t>(i)]));
      },
      [&](int i, const SolveResult& result) {
        const Position& position = positions[static_cast<std::size_t>(i)];
        const Verdict verdict = CheckAnswer(position, result, options->wld);
        const std::string reason = WrongReason(position, result, options->wld);
        if (verdict == Verdict::kWrong) ++wrong;
        total_nodes += result.nodes;
        total_time += result.time;
        const std::string row =
            json ? JsonLine(position, result, verdict, reason)
                 : absl::StrCat(ResultColumns(position, result, verdict, result.nodes.total(),
                                              absl::ToDoubleSeconds(result.time), id_width),
                                "  ", FormatPv(result.pv),
                                options->all_moves ? "\n" + AllMovesLine(result) : "",
                                // Why, on a line of its own under the row.
                                reason.empty() ? "" : absl::StrCat("\n  WRONG: ", reason));
        if (display) {
          display->Print(stdout, row);
        } else {
          absl::PrintF("%s\n", row);
          std::fflush(stdout);
        }
        if (obf && obf_status.ok()) obf_status = obf->Write(position, result);
        absl::StrAppend(&csv, CsvRow(position, result, verdict));
      });
  if (!obf_status.ok()) {
    if (display) display->Stop();
    return FailWrite("endsolve solve", obf_status.message());
  }
  if (!solved.ok()) {
    if (display) display->Stop();
    return Fail("endsolve solve", absl::StrCat(PositionId(positions[static_cast<std::size_t>(current)]),
                                      ": ", solved.status().message()));
  }
  if (display) display->Stop();
  // The positions solved, also when interrupted.
  if (!args.csv.empty()) {
    if (absl::Status s = WriteFileAtomically(args.csv, csv); !s.ok()) {
      return FailWrite("endsolve solve", absl::StrCat("--csv: ", s.message()));
    }
  }
  // The summary says what was done only when the rows reached their reader.
  if (absl::Status written = console::FlushStandardOutput(); !written.ok()) {
    return FailWrite("endsolve solve", written.message());
  }
  const bool stopped = interrupted.load();
  const double seconds = absl::ToDoubleSeconds(total_time);
  // The settings that change the figures are part of the summary, so that a
  // pasted line says what it measured.
  const std::string summary = absl::StrFormat(
      "solved %d of %d, wrong %d, input errors %d, time %.3f s, nodes %d (%.2f M/s); "
      "threads %d, table %d MiB %s%s",
      *solved, loaded.positions.size(), wrong, input_errors, seconds, total_nodes.total(),
      seconds > 0 ? static_cast<double>(total_nodes.total()) / seconds / 1e6 : 0.0,
      // The table's real size: --hash-mb is rounded down to a power of two.
      options->threads, options->tt->size_bytes() >> 20, SchemeName(options->table.scheme),
      stopped ? "; interrupted" : "");
  // With --json, stdout holds only JSON lines; the summary goes to stderr.
  absl::FPrintF(json ? stderr : stdout, "%s\n", summary);
  if (stopped) return kExitInterrupted;
  if (wrong > 0) return kExitWrong;
  return input_errors == 0 ? kExitOk : kExitBadInput;
}

}  // namespace

void AddSolveCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<SolveArgs>();
  CLI::App* app = root.add_subcommand(
      "solve", "solves each position exactly: best move, score and principal variation");
  AddPositionInputs(*app, args->inputs);
  AddSearchOptions(*app, args->search, ThreadsOption::kCount);
  AddJsonOption(*app, args->json);
  AddCsvOption(*app, args->csv);
  AddRangeOption(*app, args->input);
  AddEmptiesOption(*app, args->input);
  CLI::Option* all_moves = app->add_flag(
      "--all-moves", args->all_moves,
      "also solve every other legal move exactly, in the same table, and list each move's score "
      "best first (as Edax's hint; checked against every answer the file lists)");
  app->add_option("--obf", args->obf,
                  "write each solved position to this new file with every move's score, best "
                  "first, as an .obf answer list (a file that exists is refused)")
      ->needs(all_moves);
  runs[app] = [args](const std::vector<std::string>&) { return RunSolve(*args); };
}

}  // namespace endsolve::cli
