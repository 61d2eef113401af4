// Scores and move sequences as people write them, shared by every table,
// record and message that shows a solve (cli/, batch/, bench/).
#ifndef ENDSOLVE_BOARD_NOTATION_H_
#define ENDSOLVE_BOARD_NOTATION_H_

#include <string>
#include <vector>

namespace endsolve {

// "+38", "-2", "+0": scores are signed, as in the .obf answers.
std::string FormatScore(int score);

// The PV as upper-case squares separated by spaces, "PS" for passes.
std::string FormatPv(const std::vector<int>& pv);

}  // namespace endsolve

#endif  // ENDSOLVE_BOARD_NOTATION_H_
