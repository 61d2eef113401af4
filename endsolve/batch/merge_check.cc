#include "endsolve/batch/merge_check.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "endsolve/board/notation.h"
#include "endsolve/board/symmetry.h"
#include "endsolve/output/write_file.h"

namespace endsolve::batch {
namespace {

// A record and the file it came from.
struct Found {
  const ResultRecord* record;
  const std::string* path;
  std::string Where() const { return absl::StrCat(*path, ":", record->line_number); }
};

std::string Scored(const Found& f) {
  const std::string bound =
      f.record->bound && *f.record->bound != ScoreKind::kExact
          ? absl::StrCat(" (", ScoreKindName(*f.record->bound), " bound)")
          : "";
  return absl::StrCat(FormatScore(*f.record->score), bound, " in ", f.Where());
}

// True when two answers to one question can both be right: WLD scores
// equal, exact ones equal, and bounds (a window's fail-soft answers, which
// may differ between runs of other thread counts) that leave a score both allow.
bool Agree(const Record& a, const Record& b) {
  if (a.wld || b.wld) return a.score == b.score;
  const ScoreWindow x = ScoresAllowed(a);
  const ScoreWindow y = ScoresAllowed(b);
  return std::max(x.lo, y.lo) <= std::min(x.hi, y.hi);
}

// (file, line, id): the order of a merged file when the inputs are unknown.
std::tuple<std::string, int, std::string> FileOrder(const ResultRecord* r) {
  return {r->file, r->line, r->id};
}

// Without the inputs, completeness can only be judged by shard: every K of
// the N that the records name must have at least one record.
void CheckShards(const std::vector<const ResultRecord*>& merged, MergeReport* report) {
  std::map<int, std::set<int>> present;  // N -> the Ks seen
  for (const ResultRecord* r : merged) {
    const absl::StatusOr<Shard> shard = ParseShard(r->shard);
    if (shard.ok()) present[shard->count].insert(shard->index);
  }
  if (present.size() > 1) {
    std::vector<std::string> splits;
    for (const auto& [count, indexes] : present) splits.push_back(absl::StrCat("N=", count));
    report->conflicts.push_back(absl::StrCat("the files come from different splits (",
                                             absl::StrJoin(splits, ", "),
                                             "); merge shards of one split at a time"));
    return;
  }
  for (const auto& [count, indexes] : present) {
    for (int k = 1; k <= count; ++k) {
      if (!indexes.contains(k)) {
        report->missing.push_back(absl::StrCat("shard ", k, "/", count, ": no records at all"));
      }
    }
  }
}

std::string ModeName(const Record& r) { return r.wld ? "wld" : "exact"; }

}  // namespace

std::vector<std::string> CheckRecords(const std::vector<NamedResults>& files, IdScope scope) {
  std::vector<std::string> out;
  std::map<std::string, Found> first_answer;  // id -> its first solved or wrong-answer record
  for (const NamedResults& file : files) {
    if (scope == IdScope::kWithinEachFile) first_answer.clear();
    for (const ResultRecord& record : file.contents->records) {
      const std::string where =
          absl::StrCat(file.path, ":", record.line_number, ": ", record.id, ": ");
      for (const std::string& problem : RecordDisagreements(record)) {
        out.push_back(absl::StrCat(where, problem));
      }
      if (!record.has_score()) continue;
      const auto [it, first] = first_answer.emplace(record.id, Found{&record, &file.path});
      if (first) continue;
      const Record& other = *it->second.record;
      if (other.wld != record.wld) {
        out.push_back(absl::StrCat(where, "its mode ", ModeName(record), " differs from the mode ",
                                   ModeName(other), " of the same id at ", it->second.Where()));
      } else if (!Agree(other, record)) {
        out.push_back(absl::StrCat(where, "its score ", ScoreText(record),
                                   " differs from the score ", ScoreText(other),
                                   " of the same id at ", it->second.Where()));
      }
    }
  }
  return out;
}

MergeReport MergeShards(const std::vector<ShardFile>& files,
                        const std::optional<std::vector<BatchItem>>& inputs) {
  MergeReport report;
  std::vector<NamedResults> named;
  for (const ShardFile& file : files) named.push_back({file.path, &file.contents});
  report.disagreements = CheckRecords(named, IdScope::kWithinEachFile);
  std::map<std::string, std::vector<Found>> by_id;
  for (const ShardFile& file : files) {
    for (const auto& [id, record] : LatestById(file.contents)) {
      by_id[id].push_back({record, &file.path});
    }
  }

  std::map<QuestionKey, Found> by_key;
  std::set<std::string> modes;
  for (const auto& [id, found] : by_id) {
    report.merged.push_back(found.front().record);
    modes.insert(found.front().record->wld ? "--wld" : "exact");
    if (found.size() > 1) {
      std::vector<std::string> places;
      for (const Found& f : found) places.push_back(f.Where());
      report.duplicates.push_back(absl::StrCat(id, ": in ", absl::StrJoin(places, " and ")));
      std::vector<const Record*> answers;
      std::vector<std::string> scored;
      for (const Found& f : found) {
        if (!f.record->has_score()) continue;
        answers.push_back(f.record);
        scored.push_back(Scored(f));
      }
      bool agree = true;
      for (const Record* answer : answers) agree = agree && Agree(*answers.front(), *answer);
      if (!agree) {
        report.conflicts.push_back(absl::StrCat(id, ": ", absl::StrJoin(scored, ", ")));
      }
    }
    // One position under two ids (a duplicate solved in two shards, or the
    // same line in two files) must have one score.
    const Found& first = found.front();
    if (!first.record->has_score()) continue;
    const auto [it, inserted] = by_key.emplace(QuestionOf(*first.record), first);
    if (!inserted && !Agree(*it->second.record, *first.record)) {
      report.conflicts.push_back(absl::StrCat("position ", HexHash(KeyHash(first.record->key)),
                                              ": ", Scored(it->second), " (", it->second.record->id,
                                              "), ", Scored(first), " (", id, ")"));
    }
  }
  if (modes.size() > 1) {
    report.conflicts.push_back(
        "the files hold both exact and --wld results, whose scores mean different things");
  }

  if (!inputs) {
    CheckShards(report.merged, &report);
    std::sort(
        report.merged.begin(), report.merged.end(),
        [](const ResultRecord* a, const ResultRecord* b) { return FileOrder(a) < FileOrder(b); });
    return report;
  }
  std::map<std::string, std::size_t> rank;
  for (const BatchItem& item : *inputs) {
    rank.emplace(item.id, rank.size());
    if (!by_id.contains(item.id)) report.missing.push_back(item.id);
  }
  int strangers = 0;
  for (const ResultRecord* r : report.merged) {
    if (!rank.contains(r->id)) ++strangers;
  }
  if (strangers > 0) {
    report.notes.push_back(
        absl::StrCat(strangers,
                     " records have ids not among the inputs (ids name files as given to batch: "
                     "give --input the same paths, the same --range, and for .wtb files the same --empties); they are "
                     "kept, after the others"));
  }
  std::sort(report.merged.begin(), report.merged.end(),
            [&](const ResultRecord* a, const ResultRecord* b) {
              const auto ra = rank.find(a->id), rb = rank.find(b->id);
              const std::size_t na = ra == rank.end() ? rank.size() : ra->second;
              const std::size_t nb = rb == rank.end() ? rank.size() : rb->second;
              if (na != nb) return na < nb;
              return FileOrder(a) < FileOrder(b);
            });
  return report;
}

absl::StatusOr<std::vector<ShardFile>> ReadShardFiles(const std::vector<std::string>& paths,
                                                      const std::string& out,
                                                      std::vector<std::string>* warnings) {
  std::error_code out_error;
  const auto out_status = std::filesystem::status(out, out_error);
  if (std::filesystem::exists(out_status) && !std::filesystem::is_regular_file(out_status)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--out ", out,
        " is not a regular file (a device, a pipe or a folder); the merge needs a file of its own"));
  }
  std::vector<ShardFile> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (std::filesystem::equivalent(path, out, ec)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--out ", out, " is also an input; write the merge elsewhere"));
    }
    absl::StatusOr<ResultsContents> contents = ReadResultsFile(path);
    if (!contents.ok()) return contents.status();
    warnings->insert(warnings->end(), contents->warnings.begin(), contents->warnings.end());
    files.push_back({path, *std::move(contents)});
  }
  return files;
}

absl::Status WriteMergedFile(const std::string& path,
                             const std::vector<const ResultRecord*>& records) {
  std::string lines;
  for (const ResultRecord* r : records) absl::StrAppend(&lines, DumpLine(*r), "\n");
  return WriteFileAtomically(path, lines);
}

}  // namespace endsolve::batch
