// The exact score along a game, drawn for people (`endsolve analyse --svg`):
// one point per analysed position, its best play's final disc difference
// for black, joined left to right as the empties fall, and each mistake (a
// move that gave discs away) marked in red with its move and its cost.
#ifndef ENDSOLVE_PICTURE_SCORE_CHART_H_
#define ENDSOLVE_PICTURE_SCORE_CHART_H_

#include <string>
#include <vector>

namespace endsolve {

struct ScorePoint {
  int empties = 0;        // of the position
  int black_score = 0;    // its exact value, black's final disc difference with best play
  std::string mistake;    // "E6 -4" when the move played there lost discs, else ""
};

// A standalone SVG document: the title above, empties on the x axis (most
// at the left), black's score on the y axis (0 marked, the range the data
// needs in steps of 8, at least -8..8), the points joined (class "score"),
// mistakes as red dots (class "mistake") with their text.
std::string ScoreChartSvg(const std::string& title, const std::vector<ScorePoint>& points);

}  // namespace endsolve

#endif  // ENDSOLVE_PICTURE_SCORE_CHART_H_
