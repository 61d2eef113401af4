#!/usr/bin/env python3
"""The held-out games' positions at 24 empties, with the WTHOR files' theoretical scores.

The fit's other exact held-out samples at 24 empties (endsolve/train/fit_stage.cc:
ExactSamples takes every yearly file's theoretical score of the position at 24
empties, a game held out when its key % 10 == 0). Prints them in
heldout_positions.py's format, so that zebra_static_eval and mae_by_phase.py
read them unchanged:

    BOARD64 SIDE SCORE EMPTIES EVAL

with the side to move as X, SCORE its exact final disc difference, EVAL
endsolve's static evaluation. The key is endsolve/train/dataset.h's GameKey: FNV-1a 64
of the file's base name, continued over the game's record number (8 bytes,
lowest first). The count printed on stderr is the fit report's held-out
exact samples at 24-25 empties (endsolve/eval/data/MANIFEST.md), which checks that the
set is the fit's own.

Usage: PYTHONPATH=build/python endsolve/bench/peers/heldout_theoretical_24.py \
           ../shared/data/wthor > heldout24.txt
"""
import os
import sys
import warnings

import endsolve
from heldout_positions import HOLD_OUT_MODULUS  # endsolve/train/dataset.h: kHoldOutModulus

THEORETICAL_EMPTIES = 24  # endsolve/train/fit_stage.h: kTheoreticalEmpties
FNV_OFFSET_BASIS = 0xcbf29ce484222325  # endsolve/board/fnv.h
FNV_PRIME = 0x100000001b3
MASK = (1 << 64) - 1


def fnv1a64(data, h=FNV_OFFSET_BASIS):
    for byte in data:
        h = ((h ^ byte) * FNV_PRIME) & MASK
    return h


def game_key(base_name, number):
    """endsolve/train/dataset.h's GameKey."""
    return fnv1a64(number.to_bytes(8, 'little'), fnv1a64(base_name.encode()))


def main(folder):
    count = 0
    for name in sorted(os.listdir(folder)):
        if not name.lower().endswith('.wtb'):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')  # games that end early: the fit has no position either
            positions = endsolve.read_positions(os.path.join(folder, name),
                                                empties=THEORETICAL_EMPTIES, strict=False)
        for p in positions:
            if game_key(name, p.line) % HOLD_OUT_MODULUS or not p.answers:
                continue
            board = p.board if p.side == 'X' else endsolve.Board(
                p.board.squares.translate(str.maketrans('XO', 'OX')), 'X')
            score = p.answers[0][1]
            print(f'{board.squares} X {score} {board.empties} {endsolve.evaluate(board):.2f}')
            count += 1
    print(f'{count} held-out positions at {THEORETICAL_EMPTIES} empties', file=sys.stderr)


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else '../shared/data/wthor')
