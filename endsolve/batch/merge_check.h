// `endsolve merge` as a library: the shards' results files read, combined
// into one list with every way they can disagree or fall short named, and
// the merged file written whole or not at all.
#ifndef ENDSOLVE_BATCH_MERGE_CHECK_H_
#define ENDSOLVE_BATCH_MERGE_CHECK_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/batch/input.h"
#include "endsolve/batch/results_file.h"

namespace endsolve::batch {

struct ShardFile {
  std::string path;
  ResultsContents contents;
};

struct MergeReport {
  // One record per id (the first file's, for an id found in several), in
  // the order of the inputs when they are known, else by file and line.
  std::vector<const ResultRecord*> merged;
  // Each problem as a line for the user, e.g. "missing: ID" or
  // "conflict: ID: +18 in A:3, +16 in B:7".
  std::vector<std::string> missing;     // ids, or whole shards, with no record
  std::vector<std::string> duplicates;  // an id in more than one file
  std::vector<std::string> conflicts;   // different scores for one id or one position
  std::vector<std::string> notes;       // harmless: ids not among the inputs
  // Records that contradict themselves or another record of their id in
  // the same file (CheckRecords), "FILE:LINE: ID: what is wrong".
  std::vector<std::string> disagreements;
  bool ok() const {
    return missing.empty() && duplicates.empty() && conflicts.empty() && disagreements.empty();
  }
};

// One results file as read, and the name its messages give it.
struct NamedResults {
  std::string path;
  const ResultsContents* contents = nullptr;
};

// Which records of one id must give one answer: those of each file apart
// (merge, which compares the files with each other itself), or those of
// all the files given (--summary).
enum class IdScope { kWithinEachFile, kAcrossFiles };

// Every disagreement among the files' records, file by file and line by
// line, each as "FILE:LINE: ID: what is wrong", e.g. "r.jsonl:3: ffo-40:
// its score +30 differs from its expected score +38": what each record's
// own keys contradict (RecordDisagreements), and each record whose answer,
// its score or its mode, contradicts the first answer of its id within
// `scope` ("its score +16 differs from the score +18 of the same id at
// r.jsonl:1"). Only solved and wrong-answer records answer: a timed-out
// record followed by its retry (a longer time limit) is the resume's rule,
// not a disagreement. Scores agree as in a merge: equal, or for a window's
// bounds, with a score that both allow.
std::vector<std::string> CheckRecords(const std::vector<NamedResults>& files, IdScope scope);

// Reads the shards' results files for a merge into `out`: `out` must be a
// regular file or absent (the merge is renamed over it; a device there
// would be replaced), and no shard may be `out` itself. Warnings about torn
// or corrupted lines go to `warnings`; an unreadable shard is the error.
absl::StatusOr<std::vector<ShardFile>> ReadShardFiles(const std::vector<std::string>& paths,
                                                      const std::string& out,
                                                      std::vector<std::string>* warnings);

// Writes the merged records to `path` at once (WriteFileAtomically), so
// that `path` is either the old file or the whole new one, never a part.
absl::Status WriteMergedFile(const std::string& path,
                             const std::vector<const ResultRecord*>& records);

// Merges the files' latest records, after checking every record
// (CheckRecords, within each file). With `inputs` (the batch's items, all
// shards), every id must have a record; without, every shard K of N named
// by the records' "shard" keys must be present. Records of both modes
// (exact and WLD) in one merge are a conflict: their scores mean different
// things.
MergeReport MergeShards(const std::vector<ShardFile>& files,
                        const std::optional<std::vector<BatchItem>>& inputs);

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_MERGE_CHECK_H_
