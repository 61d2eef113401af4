// The study's results as people and programs read them: cross tables (one
// row per algorithm and depth, one column per position, then the total and
// the ratio to alphabeta), wrapped into blocks as R prints a wide table; the
// CSV of every search; the plot of nodes against depth.
#ifndef ENDSOLVE_STUDY_REPORT_H_
#define ENDSOLVE_STUDY_REPORT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "endsolve/board/position.h"
#include "endsolve/study/study.h"

namespace endsolve::study {

// What a cross table shows of each search.
enum class Measure { kLeaves, kInternal, kSeconds };

// "leaves", "internal", "seconds", comma-separated, in the order given.
absl::StatusOr<std::vector<Measure>> ParseMeasures(absl::string_view list);
// "leaves", "internal nodes", "seconds": the table's title word.
std::string MeasureName(Measure measure);

// The widest a cross table's line may be before its columns wrap into a
// further block: a terminal's classic width, as R's default option.
inline constexpr int kTableWidth = 100;

// The cross table of `measure`: a row per algorithm and depth (the order of
// `options`), a column per position (their ids), then "total" and "vs
// alphabeta" (the total over alphabeta's total at the same depth; "-" when
// alphabeta is not in the study or its total is 0). Columns that do not fit
// in `width` go to a further block, which repeats the row labels. Rows of
// searches that did not run (an interrupted study) are left out.
std::string FormatCrossTable(const StudyResults& results, const StudyOptions& options,
                             const std::vector<Position>& positions, Measure measure,
                             int width = kTableWidth);

// The first line of WriteStudyCsv's file, which tells it from a user's.
inline constexpr char kStudyCsvHeader[] =
    "algorithm,depth,position,leaves,internal_nodes,seconds,value,best_move";
// One row per search: algorithm, depth, position (its id), leaves,
// internal_nodes, seconds, value, best_move, written at once
// (WriteFileAtomically). Fields are quoted as RFC 4180 asks when they need
// it.
absl::Status WriteStudyCsv(const std::string& path, const StudyResults& results,
                           const StudyOptions& options, const std::vector<Position>& positions);

// Total nodes (leaves + internal) over the positions against depth, on a
// log scale, one line per algorithm, drawn by gnuplot into `path` (.svg or
// .png, as endsolve/bench/scaling_report.h's CheckPlotPath accepts).
absl::Status PlotStudy(const std::string& path, const StudyResults& results,
                       const StudyOptions& options, const std::string& title);

}  // namespace endsolve::study

#endif  // ENDSOLVE_STUDY_REPORT_H_
