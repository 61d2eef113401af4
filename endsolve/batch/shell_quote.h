// Words for a POSIX shell: the command that resumes a batch (cli/), and the
// `sbatch --wrap` command of a proof's Slurm tasks (prove/).
#ifndef ENDSOLVE_BATCH_SHELL_QUOTE_H_
#define ENDSOLVE_BATCH_SHELL_QUOTE_H_

#include <string>

#include "absl/strings/string_view.h"

namespace endsolve::batch {

// `arg` as one shell word: as it is when it holds only characters no shell
// treats specially, else single-quoted (a quote inside as '\'').
std::string ShellQuote(absl::string_view arg);

}  // namespace endsolve::batch

#endif  // ENDSOLVE_BATCH_SHELL_QUOTE_H_
