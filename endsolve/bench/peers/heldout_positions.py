#!/usr/bin/env python3
"""The evaluation's held-out positions, with their exact scores, for any engine.

Reads endsolve-train's labels files (KEY PLAYER OPPONENT SCORE PV, see
endsolve/train/exact_labels.h) and prints, for every held-out game (key % 10 == 0, as
endsolve/train/dataset.h chooses them), the solved position and each position along its
PV, one line each:

    BOARD64 SIDE SCORE EMPTIES EVAL

BOARD64 and SIDE as in an .obf file (the side to move is always X here), SCORE
the exact final disc difference for the side to move, EVAL endsolve's static
evaluation of it. It keeps the positions the fit measures: a position whose
side to move must pass is left out, as the fit leaves it out (the pass comes
next), and a position proved by two labels counts twice, as in the fit.

Usage: PYTHONPATH=build/python endsolve/bench/peers/heldout_positions.py \
           train-data/labels-18.txt train-data/labels-20.txt > heldout.txt
"""
import sys

import endsolve

HOLD_OUT_MODULUS = 10  # endsolve/train/dataset.h: kHoldOutModulus


def board_text(player, opponent):
    """The 64-character board, A1 B1 ... H8, with the side to move as X."""
    return ''.join('X' if player >> i & 1 else 'O' if opponent >> i & 1 else '-'
                   for i in range(64))


def positions(line):
    """The (board, exact score) pairs a labels line proves."""
    fields = line.split()
    player, opponent, score = int(fields[1], 16), int(fields[2], 16), int(fields[3])
    pv = fields[4] if len(fields) > 4 else ''
    board = endsolve.Board(board_text(player, opponent), 'X')
    for i in range(0, len(pv) + 1, 2):
        must_pass = not board.moves() and not board.is_game_over()
        if not must_pass:
            yield board, score
        if i == len(pv):
            break
        move = pv[i:i + 2]
        board = board.play('PS' if move == 'ps' else move.upper())
        score = -score


def main(paths):
    for path in paths:
        with open(path) as labels:
            for line in labels:
                if int(line.split()[0], 16) % HOLD_OUT_MODULUS:
                    continue
                for board, score in positions(line):
                    print(f'{board.squares} {board.side} {score} {board.empties} '
                          f'{endsolve.evaluate(board):.2f}')


if __name__ == '__main__':
    main(sys.argv[1:])
