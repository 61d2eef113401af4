// What a proof would take on many workers, from the unit times it measured
// (prove/README.md, "Beyond this machine"): each round's units list-scheduled
// on P workers (longest first, each to the worker free soonest), the rounds
// one after another, as the manager runs them.
#ifndef ENDSOLVE_PROVE_SIMULATE_H_
#define ENDSOLVE_PROVE_SIMULATE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace endsolve::prove {

// One round's measured units: each unit's seconds.
struct RoundTimes {
  int round = 0;
  std::vector<double> unit_seconds;
};

// The units' seconds of every round in a proof's work folder, in round
// order (a round's retry file counts with the round).
absl::StatusOr<std::vector<RoundTimes>> ReadRoundTimes(const std::string& folder);

struct Prediction {
  int workers = 0;
  double wall_seconds = 0;     // the rounds' makespans, summed
  double speedup = 0;          // all units' seconds over wall_seconds
  double largest_unit = 0;     // seconds: no round can be shorter
  int rounds = 0;
};

// Longest-processing-time list scheduling of each round on `workers`.
Prediction Simulate(const std::vector<RoundTimes>& rounds, int workers);

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_SIMULATE_H_
