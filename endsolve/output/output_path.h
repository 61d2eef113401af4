// What endsolve writes, and what it never touches (docs/solving.md, "Files
// endsolve writes"). Every option that names an output file (--out, --csv,
// --obf, --svg, --plot, --claims) is checked here before any work, so that
// hours of solving never end in a refused write, and no user's file is
// written over:
// - its folder exists and the path is no folder;
// - it is none of the run's inputs (the same file under any spelling);
// - a file already there is written over or appended to only when it is a
//   regular file of the kind the option writes (a results file, a CSV
//   table with the option's header, an SVG or PNG picture, a claims file),
//   told by its first bytes; any other file is left alone and refused.
#ifndef ENDSOLVE_OUTPUT_OUTPUT_PATH_H_
#define ENDSOLVE_OUTPUT_OUTPUT_PATH_H_

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

namespace endsolve {

// How much of an existing file a kind is told by.
inline constexpr std::size_t kOutputHeadBytes = 4096;

// What an output option writes.
struct OutputKind {
  // What such a file is, for the error: "a CSV table of endsolve study".
  std::string name;
  // True when the first bytes of an existing file (up to kOutputHeadBytes)
  // show it is of this kind. Empty: an existing file is always refused
  // (an option that only creates new files, such as solve --obf).
  std::function<bool(std::string_view head)> recognizes;
};

// A CSV table whose first line is `header` (without its newline).
OutputKind CsvTable(std::string name, std::string header);
// An SVG picture: its first bytes are "<svg " or "<?xml".
OutputKind SvgPicture();
// A PNG or SVG picture by the path's extension, as gnuplot draws them.
OutputKind PlotPicture(const std::string& path);
// JSON lines: empty, or its first byte is '{'.
OutputKind JsonLines(std::string name);

// Checks `path`, the value of `option` ("--csv"), as above; `inputs` are the
// files the run reads. An empty path is an option not given: nothing to
// check. Errors begin with the option and the path, and say
// what to do: "--csv in.obf is also an input of this run; an output goes
// to a file of its own", "--csv notes.txt exists and is not a CSV table of
// endsolve study; it is left alone: remove it or give --csv another file".
absl::Status CheckOutputPath(const std::string& option, const std::string& path,
                             const OutputKind& kind, const std::vector<std::string>& inputs);

// True when `a` and `b` name one file: the same device and inode when both
// exist, else the same absolute path once the links of their folders are
// resolved (two spellings of a file that a run is about to create).
bool SameFile(const std::string& a, const std::string& b);

}  // namespace endsolve

#endif  // ENDSOLVE_OUTPUT_OUTPUT_PATH_H_
