// `endsolve merge SHARD_RESULTS... --out MERGED.jsonl`: combines the
// results files of `batch --shard K/N` runs into one (endsolve/batch/merge_check.h),
// and checks that nothing is missing, duplicated or contradictory; with
// --input, that every position of the batch's inputs has a result.
// --range and --empties must be the batch's, for the same positions and
// the ids of .wtb inputs to match.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/merge_check.h"
#include "endsolve/batch/results_file.h"
#include "endsolve/batch/summary.h"
#include "endsolve/cli/commands.h"
#include "endsolve/cli/output_flags.h"
#include "endsolve/cli/positions.h"
#include "nlohmann/json.hpp"

namespace endsolve::cli {
namespace {

using batch::BatchInput;
using batch::BatchItem;
using batch::MergeReport;
using batch::ShardFile;

void PrintList(absl::string_view title, const std::vector<std::string>& lines) {
  if (lines.empty()) return;
  absl::PrintF("%s (%d):\n", title, lines.size());
  for (const std::string& line : lines) absl::PrintF("  %s\n", line);
}

struct MergeArgs {
  std::vector<std::string> shards;
  std::string out;
  std::vector<std::string> inputs;  // --input, once per file
  InputArgs input;
  bool json = false;
};

// --json: the merge as one object, its lists whole.
void PrintJson(const MergeArgs& args, int files, const batch::MergeReport& report,
               const batch::ResultsSummary& summary) {
  nlohmann::ordered_json j;
  j["out"] = args.out;
  j["files"] = files;
  j["positions"] = summary.positions;
  j["solved"] = summary.solved;
  j["wrong"] = summary.wrong;
  j["bad_input"] = summary.bad_input;
  j["timed_out"] = summary.timed_out;
  j["duplicates"] = summary.duplicates;
  j["seconds"] = summary.seconds;
  j["nodes"] = summary.leaves + summary.internal_nodes;
  j["inputs_checked"] = !args.inputs.empty();
  j["missing"] = report.missing;
  j["duplicated"] = report.duplicates;
  j["conflicts"] = report.conflicts;
  j["disagreements"] = report.disagreements;
  j["notes"] = report.notes;
  j["ok"] = report.ok();
  absl::PrintF("%s\n", j.dump());
}

int RunMerge(const MergeArgs& args) {
  const std::string& out = args.out;
  if (out.empty()) return Fail("endsolve merge", "expected --out MERGED.jsonl, the file to write");
  if (args.shards.empty()) return Fail("endsolve merge", "expected at least one shard results file");
  std::vector<std::string> read = args.shards;
  read.insert(read.end(), args.inputs.begin(), args.inputs.end());
  if (absl::Status s = CheckOutputPath("--out", out, batch::ResultsFileKind(), read); !s.ok()) {
    return Fail("endsolve merge", s.message());
  }
  std::vector<std::string> warnings;
  absl::StatusOr<std::vector<ShardFile>> files = batch::ReadShardFiles(args.shards, out, &warnings);
  for (const std::string& w : warnings) absl::FPrintF(stderr, "warning: %s\n", w);
  if (!files.ok()) return Fail("endsolve merge", files.status().message());
  if (std::all_of(files->begin(), files->end(),
                  [](const ShardFile& f) { return f.contents.records.empty(); })) {
    return Fail("endsolve merge", absl::StrCat("no result record in ", absl::StrJoin(args.shards, ", "),
                                               ": there is nothing to merge"));
  }
  std::optional<std::vector<BatchItem>> inputs;
  if (!args.inputs.empty()) {
    absl::StatusOr<BatchInput> loaded =
        batch::LoadBatchInput(args.inputs, args.input.read_options());
    if (!loaded.ok()) return Fail("endsolve merge", loaded.status().message());
    absl::StatusOr<std::vector<BatchItem>> in_range =
        batch::SelectRange(std::move(loaded->items), args.input.range);
    if (!in_range.ok()) return Fail("endsolve merge", in_range.status().message());
    inputs = *std::move(in_range);
  }

  const MergeReport report = batch::MergeShards(*files, inputs);
  if (absl::Status s = batch::WriteMergedFile(out, report.merged); !s.ok()) {
    return FailWrite("endsolve merge", s.message());
  }
  const batch::ResultsSummary summary = batch::Summarize(report.merged);
  if (args.json) {
    PrintJson(args, static_cast<int>(files->size()), report, summary);
  } else {
    absl::PrintF("merged %d files into %s: %d positions\n", files->size(), out,
                 report.merged.size());
    absl::PrintF("%s", batch::FormatSummary(summary));
    PrintList("missing", report.missing);
    PrintList("duplicated", report.duplicates);
    PrintList("conflicts", report.conflicts);
    PrintList("disagreeing records", report.disagreements);
    for (const std::string& note : report.notes) absl::PrintF("note: %s\n", note);
  }
  if (!report.ok()) {
    const std::string disagreeing =
        report.disagreements.empty()
            ? ""
            : absl::StrCat(", ", report.disagreements.size(), " disagreeing records");
    absl::FPrintF(stderr, "endsolve merge: %d missing, %d duplicated, %d conflicts%s\n",
                  report.missing.size(), report.duplicates.size(), report.conflicts.size(),
                  disagreeing);
    return kExitWrong;
  }
  if (!args.json) {
    absl::PrintF("complete: %s\n", inputs ? "every input position has a result"
                                          : "every shard is present (give --input to check "
                                            "every position)");
  }
  return kExitOk;
}

}  // namespace

void AddMergeCommand(CLI::App& root, CommandRuns& runs) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* app = root.add_subcommand(
      "merge", "combines the results files of a sharded batch, checking that none is missing");
  AddPositionals(*app, "SHARD_RESULTS", args->shards, "the results files of the shards");
  AddOutOption(*app, args->out);
  // One file a time, so that any name, commas and all, can be given.
  CLI::Option* input =
      app->add_option("--input", args->inputs,
                      "one of the batch's input files (give it once per file), to check that "
                      "every position has a result")
          ->allow_extra_args(false)
          ->default_str("");
  AddRangeOption(*app, args->input)->needs(input);
  AddEmptiesOption(*app, args->input)->needs(input);
  AddJsonOption(*app, args->json);
  runs[app] = [args](const std::vector<std::string>&) { return RunMerge(*args); };
}

}  // namespace endsolve::cli
