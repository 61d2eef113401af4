// The fit stage of the training pipeline (`endsolve-train fit`, run by
// scripts/train-eval): the weights of every phase, from the end of the game
// back, each phase warm-started from the one fitted before it, and the
// report of the errors per phase.
//
// A phase's samples are the exact labels that fall in it (the solved
// positions and their principal variations), the WTHOR files' theoretical
// scores at 24 empties, and, for the game positions beyond the deepest exact
// label, a bootstrap value or the score as played (`late`; "auto" fits the
// 24-empties positions on both and keeps the one that predicts the
// theoretical scores better).
//
// Resumable: after each phase the stage saves its state beside `out`
// (OUT.partial, the weights so far; OUT.partial.start, the unrounded
// weights the next phase starts from; OUT.partial.state, the next phase, the
// late labels chosen and the report so far). A run stopped between phases
// resumes at the next one and ends with the same weights, byte for byte, as
// a run that was never stopped.
#ifndef ENDSOLVE_TRAIN_FIT_STAGE_H_
#define ENDSOLVE_TRAIN_FIT_STAGE_H_

#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "endsolve/train/dataset.h"
#include "endsolve/train/fitter.h"

namespace endsolve::train {

// The depth of the WTHOR files' theoretical scores.
inline constexpr int kTheoreticalEmpties = 24;

struct FitStage {
  std::vector<std::string> labels;  // labels files of the solve stages
  std::string out;                  // the weights file
  std::string report;               // the Markdown table of the errors per phase
  std::string late = "auto";        // auto, bootstrap or played
  FitOptions options;
};

// Fits the phases not yet saved beside `stage.out`, then writes `out` and
// `report` and removes the saved state. Returns how many phases this call
// fitted. `message` receives each phase's report row as it is fitted (and
// other notes); stderr when unset. When `cancel` is raised the stage stops
// after the phase it is fitting, whose state is saved.
absl::StatusOr<int> RunFitStage(const Dataset& dataset, const FitStage& stage,
                                const std::function<void(std::string_view)>& message = {},
                                const std::atomic<bool>* cancel = nullptr);

}  // namespace endsolve::train

#endif  // ENDSOLVE_TRAIN_FIT_STAGE_H_
