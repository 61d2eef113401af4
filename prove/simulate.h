// What a proof would take on many workers, from the unit times it measured
// (prove/README.md, "Beyond this machine"): each round's units list-scheduled
// on P workers (longest first, each to the worker free soonest) after the
// manager's planning of the round, the rounds one after another, as the
// manager runs them.
#ifndef ENDSOLVE_PROVE_SIMULATE_H_
#define ENDSOLVE_PROVE_SIMULATE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace endsolve::prove {

// One round's measured units: each unit's seconds, and the manager's time
// before they started (rounds.jsonl's plan_seconds; 0 where a round has no
// line there, or one written before 2026-11-26).
struct RoundTimes {
  int round = 0;
  std::vector<double> unit_seconds;
  double plan_seconds = 0;
};

// The units' seconds of every round in a proof's work folder, in round
// order (a round's retry file counts with the round), with each round's
// planning time.
absl::StatusOr<std::vector<RoundTimes>> ReadRoundTimes(const std::string& folder);

struct Prediction {
  int workers = 0;
  double wall_seconds = 0;     // the rounds' planning and makespans, summed
  double speedup = 0;          // the planning and all units' seconds over wall_seconds
  double plan_seconds = 0;     // the manager's, summed: no worker count shortens it
  double largest_unit = 0;     // seconds: no round can be shorter
  int rounds = 0;
};

// Longest-processing-time list scheduling of each round on `workers`.
Prediction Simulate(const std::vector<RoundTimes>& rounds, int workers);

}  // namespace endsolve::prove

#endif  // ENDSOLVE_PROVE_SIMULATE_H_
