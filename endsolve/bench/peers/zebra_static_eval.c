/* Zebra's static evaluation of each line "BOARD64 SIDE REST..." of standard
   input (the output of heldout_positions.py): prints "EVAL REST...", EVAL in
   discs for the side to move. It is built against Zebra's own sources and
   reads its trained coeffs2.bin; see README.md here for the recipe. It sets
   the three globals Zebra's pattern_evaluation() reads (the board, the discs
   played and the disc counts) the way Zebra's endgame script reader does. */
#include <stdio.h>
#include <string.h>

#include "constant.h"
#include "game.h"
#include "getcoeff.h"
#include "globals.h"
#include "moves.h"

int quiet = 0;  /* a global that Zebra's scrzebra.c otherwise defines */

enum { kHashBits = 10 };           /* global_setup() wants a table; none is used */
static const double kZebraUnitsPerDisc = 128.0;  /* Zebra's evaluation unit */

int main(void) {
  char line[512], squares[128], side[16];
  global_setup(0, kHashBits);
  while (fgets(line, sizeof line, stdin)) {
    int rest = 0, side_to_move, row, col, i = 0;
    if (sscanf(line, "%127s %15s %n", squares, side, &rest) < 2 || strlen(squares) != 64) {
      fprintf(stderr, "zebra_static_eval: expected BOARD64 SIDE, found '%s'\n", line);
      return 1;
    }
    game_init(NULL, &side_to_move);
    side_to_move = side[0] == 'O' ? WHITESQ : BLACKSQ;
    for (row = 1; row <= 8; row++)
      for (col = 1; col <= 8; col++, i++)
        board[10 * row + col] = squares[i] == 'X' ? BLACKSQ : squares[i] == 'O' ? WHITESQ : EMPTY;
    disks_played = disc_count(BLACKSQ) + disc_count(WHITESQ) - 4;
    piece_count[BLACKSQ][disks_played] = disc_count(BLACKSQ);
    piece_count[WHITESQ][disks_played] = disc_count(WHITESQ);
    line[strcspn(line, "\n")] = '\0';
    printf("%.3f %s\n", pattern_evaluation(side_to_move) / kZebraUnitsPerDisc, line + rest);
  }
  return 0;
}
