// The CPU seconds the calling thread has used: what the simulation
// (simulate.h) puts on its clock for work done here, so that another
// process holding the core does not count.
#ifndef ENDSOLVE_PROVE_THREAD_CPU_H_
#define ENDSOLVE_PROVE_THREAD_CPU_H_

#include <time.h>

namespace endsolve::prove {

inline double ThreadCpuSeconds() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_THREAD_CPU_H_
