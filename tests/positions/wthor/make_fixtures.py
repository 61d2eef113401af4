#!/usr/bin/env python3
"""Rebuilds the WTHOR test fixtures of this folder from WTH_2024.wtb.

    tests/positions/wthor/make_fixtures.py /work/shared/data/wthor/WTH_2024.wtb

wth2024-sample.wtb: WTH_2024.wtb's own 16-byte header with the game count set
to the number of games taken, then the records of GAMES copied byte for byte,
in that order. The broken variants are that file with one change each:

  illegal-move.wtb  record 2, move 23 replaced by the first empty square (in
                    A1..H8 order) that is not a legal move there
  truncated.wtb     the last record cut to 30 of its 68 bytes
  bad-header.wtb    header byte 12 (board size) set to 10
"""
import struct
import sys

GAMES = [1, 5, 151, 1855, 190, 347, 163, 241]  # record numbers in WTH_2024.wtb
HEADER = 16
RECORD = 68

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, me, square):
    """The squares flipped when `me` plays `square` (row, col from 0)."""
    if board.get(square):
        return []
    out = []
    for dr, dc in DIRECTIONS:
        r, c = square[0] + dr, square[1] + dc
        line = []
        while 0 <= r < 8 and 0 <= c < 8 and board.get((r, c)) == -me:
            line.append((r, c))
            r, c = r + dr, c + dc
        if line and 0 <= r < 8 and 0 <= c < 8 and board.get((r, c)) == me:
            out += line
    return out


def legal(board, me):
    return [(r, c) for r in range(8) for c in range(8) if flips(board, me, (r, c))]


def replay(moves):
    """The board and side to move before each move, passes implied."""
    board = {(3, 3): -1, (4, 4): -1, (3, 4): 1, (4, 3): 1}  # 1 black, -1 white
    me = 1
    states = []
    for m in moves:
        if not legal(board, me):
            me = -me
        states.append((dict(board), me))
        sq = (m // 10 - 1, m % 10 - 1)
        f = flips(board, me, sq)
        assert f, f"illegal move {m}"
        for s in f + [sq]:
            board[s] = me
        me = -me
    return states


def main():
    data = open(sys.argv[1], "rb").read()
    records = [data[HEADER + RECORD * (n - 1):HEADER + RECORD * n] for n in GAMES]
    header = data[:4] + struct.pack("<I", len(records)) + data[8:HEADER]
    sample = header + b"".join(records)
    open("wth2024-sample.wtb", "wb").write(sample)

    moves = [b for b in records[1][8:] if b]
    board, me = replay(moves)[22]
    empty_illegal = next((r, c) for r in range(8) for c in range(8)
                         if (r, c) not in board and not flips(board, me, (r, c)))
    at = HEADER + RECORD + 8 + 22
    bad = bytearray(sample)
    bad[at] = (empty_illegal[0] + 1) * 10 + empty_illegal[1] + 1
    open("illegal-move.wtb", "wb").write(bytes(bad))

    open("truncated.wtb", "wb").write(sample[:len(sample) - RECORD + 30])

    bad = bytearray(sample)
    bad[12] = 10
    open("bad-header.wtb", "wb").write(bytes(bad))


if __name__ == "__main__":
    main()
