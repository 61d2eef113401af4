#!/usr/bin/env python3
"""Held-out MAE per phase of a peer's evaluation and endsolve's, side by side.

Reads lines "PEER_EVAL SCORE EMPTIES ENDSOLVE_EVAL" (zebra_static_eval's output)
and prints a Markdown row per phase of eval/ (2 empties wide) from --min to --max
empties: the positions, each evaluation's mean absolute error against the exact
score, the peer's error after the best linear rescaling (a*eval + b, fitted
on the same positions), so that a peer is not judged on its scale alone, and
the paired difference: the mean over positions of endsolve's absolute error
minus the peer's, with its standard error (negative: endsolve is nearer).

Usage: mae_by_phase.py [--min 14] [--max 21] < zebra.txt
"""
import argparse
import collections
import math
import sys

PHASE_WIDTH = 2  # endsolve/eval/README.md: one weight set per 2 empties


def rescaled_mae(xs, ys):
    """MAE of the least-squares line through (xs, ys)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    a = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0.0
    return sum(abs(a * (x - mx) + my - y) for x, y in zip(xs, ys)) / n


def mean_and_error(values):
    """The mean of `values` and its standard error (0 for a single value)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(variance / n)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--min', type=int, default=14)
    parser.add_argument('--max', type=int, default=21)
    args = parser.parse_args()
    phases = collections.defaultdict(list)
    for number, line in enumerate(sys.stdin, 1):
        fields = line.split()
        if len(fields) != 4:
            sys.exit(f'stdin:{number}: expected PEER_EVAL SCORE EMPTIES ENDSOLVE_EVAL, found {line!r}')
        peer, score, empties, ours = float(fields[0]), int(fields[1]), int(fields[2]), float(fields[3])
        if args.min <= empties <= args.max:
            phases[empties // PHASE_WIDTH * PHASE_WIDTH].append((peer, score, ours))
    print('| empties | positions | endsolve MAE | peer MAE | peer MAE, rescaled | endsolve - peer (s.e.) |')
    print('|---|---|---|---|---|---|')
    for first in sorted(phases):
        rows = phases[first]
        n = len(rows)
        ours = sum(abs(o - s) for _, s, o in rows) / n
        peer = sum(abs(p - s) for p, s, _ in rows) / n
        rescaled = rescaled_mae([p for p, _, _ in rows], [s for _, s, _ in rows])
        paired, error = mean_and_error([abs(o - s) - abs(p - s) for p, s, o in rows])
        print(f'| {first}-{first + PHASE_WIDTH - 1} | {n} | {ours:.2f} | {peer:.2f} | {rescaled:.2f} '
              f'| {paired:+.2f} ({error:.2f}) |')


if __name__ == '__main__':
    main()
