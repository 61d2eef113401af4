#!/usr/bin/env python3
"""Proves random positions through `endsolve prove` and prints one row each:
finished or not within the time limit, exact or not against a plain solve,
the tests, units, positions expanded, seconds and the folder's bytes.

  PYTHONPATH=build/python endsolve/bench/prove-random.py --count 10 --empties 22 --unit-empties 10

The positions are random games from the start (a fixed seed), stopped at
--empties; positions whose game ends first are drawn again."""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

import endsolve


def random_position(rng, empties):
    while True:
        board = endsolve.Board()
        while not board.is_game_over():
            if str(board).count('-') == empties:
                return board
            moves = board.moves()
            board = board.play(rng.choice(moves) if moves else 'PS')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--count', type=int, default=10)
    parser.add_argument('--empties', type=int, default=20)
    parser.add_argument('--unit-empties', type=int, default=12)
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--timeout', type=float, default=120)
    parser.add_argument('--binary', default='build/cli/endsolve')
    parser.add_argument('positions', nargs='*', help='positions to prove instead of random ones')
    args = parser.parse_args()
    rng = random.Random(args.seed)
    positions = args.positions or [str(random_position(rng, args.empties))
                                   for _ in range(args.count)]
    print(f'{"position":66} {"done":>5} {"exact":>5} {"tests":>5} {"units":>7} '
          f'{"expanded":>8} {"s":>6} {"bytes/unit":>10}')
    unfinished = 0
    for text in positions:
        folder = tempfile.mkdtemp(prefix='prove-random-')
        common = ['--threads', '1', '--hash-mb', '16']
        start = time.monotonic()
        try:
            out = subprocess.run([args.binary, 'prove', text, '--folder', folder + '/p',
                                  '--unit-empties', str(args.unit_empties), '--plan-threads', '1',
                                  '--json'] + common,
                                 capture_output=True, text=True, timeout=args.timeout)
            seconds = time.monotonic() - start
            if out.returncode != 0:
                sys.exit(f'{text}: exit {out.returncode}: {out.stderr[-500:]}')
            proof = json.loads(out.stdout)
        except subprocess.TimeoutExpired:
            unfinished += 1
            print(f'{text:66} {"no":>5}')
            shutil.rmtree(folder)
            continue
        solved = json.loads(subprocess.run([args.binary, 'solve', text, '--json'] + common,
                                           capture_output=True, text=True, check=True).stdout
                            .splitlines()[0])
        exact = 'yes' if proof['score'] == solved['score'] else 'NO'
        print(f'{text:66} {"yes":>5} {exact:>5} {proof["tests"]:5d} {proof["units"]:7d} '
              f'{proof["expanded"]:8d} {seconds:6.1f} '
              f'{proof["folder_bytes"] / max(1, proof["units"]):10.0f}', flush=True)
        shutil.rmtree(folder)
    print(f'unfinished: {unfinished} of {len(positions)}')


if __name__ == '__main__':
    main()
