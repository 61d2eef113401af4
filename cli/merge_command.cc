// `endsolve merge SHARD_RESULTS... --out MERGED.jsonl [--inputs INPUT,...]
// [--empties N]`: combines the results files of `batch --shard K/N` runs into
// one, and checks that nothing is missing, duplicated or contradictory.
// --empties must be the batch's, for the ids of .wtb inputs to match.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "batch/input.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "batch/merge_check.h"
#include "cli/positions.h"
#include "batch/results_file.h"
#include "batch/summary.h"

ABSL_DECLARE_FLAG(std::string, out);  // defined with batch
ABSL_FLAG(std::vector<std::string>, inputs, {},
          "merge: the batch's input files, comma-separated, to check that every position has "
          "a result");

namespace endsolve::cli {
namespace {

using batch::BatchInput;
using batch::BatchItem;
using batch::MergeReport;
using batch::ResultRecord;
using batch::ResultsContents;
using batch::ShardFile;

// Writes beside the target and renames over it, so that MERGED is either
// the old file or the whole new one, never a part.
absl::Status WriteMerged(const std::string& path, const std::vector<const ResultRecord*>& records) {
  const std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return absl::ErrnoToStatus(errno, absl::StrCat("cannot create ", temporary));
    for (const ResultRecord* r : records) out << batch::DumpLine(r->json) << '\n';
    out.flush();
    if (!out) return absl::ErrnoToStatus(errno, absl::StrCat("cannot write ", temporary));
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec)
    return absl::InternalError(
        absl::StrCat("cannot rename ", temporary, " to ", path, ": ", ec.message()));
  return absl::OkStatus();
}

void PrintList(absl::string_view title, const std::vector<std::string>& lines) {
  if (lines.empty()) return;
  absl::PrintF("%s (%d):\n", title, lines.size());
  for (const std::string& line : lines) absl::PrintF("  %s\n", line);
}

}  // namespace

int MergeCommand(int argc, char** argv) {
  auto args = ParseSubcommandFlags("merge", argc, argv, {"out", "inputs", "empties"});
  auto fail = [](absl::string_view message) {
    absl::FPrintF(stderr, "endsolve merge: %s\n", message);
    return kExitBadInput;
  };
  if (!args.ok()) {
    absl::FPrintF(stderr, "%s\n", args.status().message());
    return kExitBadInput;
  }
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) return fail("expected --out MERGED.jsonl, the file to write");
  // The merge is renamed over --out: a device there would be replaced.
  std::error_code out_error;
  const auto out_status = std::filesystem::status(out, out_error);
  if (std::filesystem::exists(out_status) && !std::filesystem::is_regular_file(out_status)) {
    return fail(absl::StrCat("--out ", out,
                             " is not a regular file (a device, a pipe or a folder); the merge "
                             "needs a file of its own"));
  }
  if (args->empty()) return fail("expected at least one shard results file");

  std::vector<ShardFile> files;
  for (const std::string& path : *args) {
    std::error_code ec;
    if (std::filesystem::equivalent(path, out, ec)) {
      return fail(absl::StrCat("--out ", out, " is also an input; write the merge elsewhere"));
    }
    absl::StatusOr<ResultsContents> contents = batch::ReadResultsFile(path);
    if (!contents.ok()) return fail(contents.status().message());
    for (const std::string& w : contents->warnings) absl::FPrintF(stderr, "warning: %s\n", w);
    files.push_back({path, *std::move(contents)});
  }
  std::optional<std::vector<BatchItem>> inputs;
  const std::vector<std::string> input_files = absl::GetFlag(FLAGS_inputs);
  if (!input_files.empty()) {
    auto read_options = ReadOptionsFromFlags();
    if (!read_options.ok()) return fail(read_options.status().message());
    absl::StatusOr<BatchInput> loaded = batch::LoadBatchInput(input_files, *read_options);
    if (!loaded.ok()) return fail(loaded.status().message());
    inputs = std::move(loaded->items);
  }

  const MergeReport report = batch::MergeShards(files, inputs);
  if (absl::Status s = WriteMerged(out, report.merged); !s.ok()) return fail(s.message());

  absl::PrintF("merged %d files into %s: %d positions\n", files.size(), out, report.merged.size());
  absl::PrintF("%s", batch::FormatSummary(batch::Summarize(report.merged)));
  PrintList("missing", report.missing);
  PrintList("duplicated", report.duplicates);
  PrintList("conflicts", report.conflicts);
  for (const std::string& note : report.notes) absl::PrintF("note: %s\n", note);
  if (!report.ok()) {
    absl::FPrintF(stderr, "endsolve merge: %d missing, %d duplicated, %d conflicts\n",
                  report.missing.size(), report.duplicates.size(), report.conflicts.size());
    return kExitWrong;
  }
  absl::PrintF("complete: %s\n", inputs ? "every input position has a result"
                                        : "every shard is present (give --inputs to check every "
                                          "position)");
  return kExitOk;
}

}  // namespace endsolve::cli
