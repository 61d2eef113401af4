// `endsolve merge SHARD_RESULTS... --out MERGED.jsonl`: combines the results files of `batch --shard K/N` runs into
// one, and checks that nothing is missing, duplicated or contradictory.
// --empties must be the batch's, for the ids of .wtb inputs to match.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "batch/input.h"
#include "cli/command_line.h"
#include "cli/commands.h"
#include "batch/merge_check.h"
#include "cli/positions.h"
#include "batch/results_file.h"
#include "batch/summary.h"

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
    for (const ResultRecord* r : records) out << batch::DumpLine(*r) << '\n';
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

struct MergeArgs {
  std::vector<std::string> shards;
  std::string out;
  std::vector<std::string> inputs;
  InputArgs input;
};

int RunMerge(const MergeArgs& args) {
  auto fail = [](absl::string_view message) {
    absl::FPrintF(stderr, "endsolve merge: %s\n", message);
    return kExitBadInput;
  };
  const std::string& out = args.out;
  if (out.empty()) return fail("expected --out MERGED.jsonl, the file to write");
  // The merge is renamed over --out: a device there would be replaced.
  std::error_code out_error;
  const auto out_status = std::filesystem::status(out, out_error);
  if (std::filesystem::exists(out_status) && !std::filesystem::is_regular_file(out_status)) {
    return fail(absl::StrCat("--out ", out,
                             " is not a regular file (a device, a pipe or a folder); the merge "
                             "needs a file of its own"));
  }
  if (args.shards.empty()) return fail("expected at least one shard results file");

  std::vector<ShardFile> files;
  for (const std::string& path : args.shards) {
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
  if (!args.inputs.empty()) {
    absl::StatusOr<BatchInput> loaded =
        batch::LoadBatchInput(args.inputs, args.input.read_options());
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

}  // namespace

void AddMergeCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* app = root.add_subcommand(
      "merge", "combines the results files of a sharded batch, checking that none is missing");
  AddPositionals(*app, "SHARD_RESULTS", args->shards, "the results files of the shards");
  app->add_option("--out", args->out, "the merged results file to write");
  app->add_option("--inputs", args->inputs,
                  "the batch's input files, comma-separated, to check that every position has a "
                  "result")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->default_str("");
  AddEmptiesOption(*app, args->input);
  runs[app] = [args](const std::vector<std::string>&) { return RunMerge(*args); };
}

}  // namespace endsolve::cli
