// The pools (the parallel and Slurm engines, engines.h): worker processes
// that live for the whole run of the manager and take each unit as it is
// handed out (endsolve/prove/README.md, "Engines").
#ifndef ENDSOLVE_PROVE_POOL_H_
#define ENDSOLVE_PROVE_POOL_H_

#include <memory>

#include "absl/status/statusor.h"
#include "endsolve/prove/engines.h"
#include "endsolve/prove/prover.h"
#include "endsolve/prove/work_folder.h"

namespace endsolve::prove {

// The pool of options.engine (kParallel or kSlurm) on `folder`, its earlier
// runs' pools ended first.
absl::StatusOr<std::unique_ptr<UnitRunner>> MakePool(const ProveOptions& options,
                                                     WorkFolder* folder);

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_POOL_H_
