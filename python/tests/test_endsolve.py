"""Tests of the endsolve Python module (python/endsolve_module.cc).

scripts/test runs them after ctest, with the built module's folder on
PYTHONPATH. They solve FFO #40 and #41, check that bad input raises the
CLI's messages, and that Ctrl-C stops a long solve promptly and leaves the
module usable.
"""
import copy
import os
import pathlib
import pickle
import signal
import subprocess
import threading
import time

import pytest

import endsolve

ROOT = pathlib.Path(__file__).resolve().parents[2]
FFO_40_59 = str(ROOT / "ffo" / "fforum-40-59.obf")
FFO_40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------"
# FFO #40 solved at one thread visits this many nodes with the built-in
# weights (a refit of endsolve/eval/data/weights.bin, or a change of the search
# or its ordering, changes it).
FFO_40_NODES = 7706595
# The CLI beside the module in the build tree (build/cli/endsolve), to
# compare error messages with; the tests that need it skip without it.
# Seven empties down a game from FFO #40: a position that solves at once.
LATE = "A2 B1 C1 PS B6 C7 A7 B7 B8 D7 F8 C6 A8 E8".split()
CLI = pathlib.Path(endsolve.__file__).resolve().parent.parent / "cli" / "endsolve"


def ffo(number):
    """The FFO position `number` (40-59) as read_positions gives it."""
    return next(p for p in endsolve.read_positions(FFO_40_59) if p.label == f"#{number}")


def late_board():
    """FFO #40 after the moves LATE: 7 empties, white to move."""
    board = endsolve.Board(FFO_40, "X")
    for move in LATE:
        board = board.play(move)
    return board


def cli_errors(*args):
    """The CLI's stderr lines for `endsolve solve ARGS`, or skips the test."""
    if not CLI.exists():
        pytest.skip(f"no CLI at {CLI}")
    run = subprocess.run([str(CLI), "solve", *args], capture_output=True, text=True, check=False)
    assert run.returncode == 2
    return run.stderr.splitlines()


def test_ffo_40_from_a_board_string():
    result = endsolve.solve(FFO_40, "X", threads=1)
    assert (result.score, result.best_move, result.kind) == (38, "A2", "exact")
    assert result.pv[0] == "A2"
    assert len([move for move in result.pv if move != "PS"]) == result.empties == 20
    # The CLI's count at one thread (endsolve/bench/results/solver-ffo-runs.md, "The weights fitted
    # again"); it depends on the built-in weights, which order the moves.
    assert (result.leaves + result.internal_nodes, result.nodes) == (FFO_40_NODES, FFO_40_NODES)
    assert result.ok is None and result.expected_score is None
    assert result.threads == 1 and result.seconds > 0
    assert repr(result).startswith(f"SolveResult(score=+38, best_move='A2', nodes={FFO_40_NODES}, ")


def test_ffo_40_and_41_from_the_file_with_every_thread():
    results = endsolve.solve_many([ffo(40), ffo(41)])
    assert [(r.id, r.score, r.best_move, r.ok) for r in results] == [
        ("#40", 38, "A2", True), ("#41", 0, "H4", True)]
    assert [r.expected_score for r in results] == [38, 0]
    assert all(r.threads == os.cpu_count() for r in results)


def test_solve_many_takes_every_kind_of_item():
    board = endsolve.Board(FFO_40, "black")
    results = endsolve.solve_many([board, (FFO_40, "X"), FFO_40 + " X", ffo(40)], threads=1)
    assert [(r.score, r.best_move) for r in results] == [(38, "A2")] * 4
    # One table, cleared before each position: one thread does the same work
    # every time.
    assert {r.nodes for r in results} == {FFO_40_NODES}


def test_wld():
    result = endsolve.solve(ffo(41), wld=True, threads=1)
    assert (result.score, result.kind) == (0, "exact")
    assert endsolve.solve(FFO_40, "X", wld=True, threads=1).kind == "lower"


def test_all_moves_gives_every_moves_score_as_the_ffo_file():
    ffo_1 = endsolve.read_positions(str(ROOT / "ffo" / "fforum-1-19.obf"))[0]
    r = endsolve.solve(ffo_1, threads=1, all_moves=True)
    assert r.ok is True
    assert sorted(r.moves) == sorted(ffo_1.answers)
    assert r.moves[0] == (r.best_move, r.score) == ("G8", 18)
    assert [s for _, s in r.moves] == sorted((s for _, s in r.moves), reverse=True)
    assert endsolve.solve(ffo_1, threads=1).moves == []
    with pytest.raises(ValueError, match="every move's exact score needs the full window"):
        endsolve.solve(ffo_1, all_moves=True, wld=True)


def test_boards_and_results_draw_themselves_as_svg():
    import xml.etree.ElementTree as ET
    ns = "{http://www.w3.org/2000/svg}"
    board = endsolve.Board(FFO_40, "X")
    root = ET.fromstring(board._repr_svg_())
    circles = [c.get("class") for c in root.iter(ns + "circle")]
    assert circles.count("disc black") == FFO_40.count("X")
    assert circles.count("disc white") == FFO_40.count("O")
    assert circles.count("legal") == len(board.moves())
    result = endsolve.solve(board, threads=1)
    drawn = ET.fromstring(result._repr_svg_())
    lines = [g for g in drawn.iter(ns + "g") if g.get("class") == "line"]
    assert len(lines) == len([m for m in result.pv if m != "PS"])
    assert "A2 +38" in "".join(t.text or "" for t in drawn.iter(ns + "text"))


def test_a_side_given_with_a_board_sets_the_side_to_move():
    white = endsolve.Board(FFO_40, "O")
    assert endsolve.Board(FFO_40, "X") != white
    assert endsolve.solve(endsolve.Board(FFO_40, "X"), "white", threads=1).best_move \
        == endsolve.solve(white, threads=1).best_move


def test_board():
    start = endsolve.Board()
    assert start.side == "X" and start.empties == 60
    assert start.moves() == ["D3", "C4", "F5", "E6"]
    after = start.play("f5").play("D6")
    assert after == endsolve.Board("f5d6")
    assert str(after) == after.squares + " X"
    assert endsolve.Board(str(after)) == after
    assert repr(after) == f"endsolve.Board('{after.squares}', 'X')"
    assert after.black & after.white == 0
    assert bin(after.black | after.white).count("1") == 64 - after.empties == 6
    assert after.black & (1 << 37) and after.white & (1 << 43)  # F5 black, D6 white
    assert hash(after) == hash(endsolve.Board("f5 d6"))
    assert after != str(after) and after in [None, after]
    assert not start.is_game_over() and start.final_score() == 0


def test_boards_positions_and_results_pickle_and_copy():
    """What multiprocessing and caches need: each object comes back equal."""
    board = endsolve.Board("f5d6c3")
    assert pickle.loads(pickle.dumps(board)) == board
    assert copy.copy(board) == board and copy.deepcopy(board) == board
    position = ffo(41)
    again = pickle.loads(pickle.dumps(position))
    assert (again.board, again.answers, again.file, again.line, again.label) == (
        position.board, position.answers, position.file, position.line, position.label)
    result = endsolve.solve(late_board(), threads=1, hash_mb=1, all_moves=True)
    back = pickle.loads(pickle.dumps(result))
    for name in ("score", "best_move", "pv", "moves", "nodes", "seconds", "ok", "expected_score"):
        assert getattr(back, name) == getattr(result, name), name
    assert back._repr_svg_() == result._repr_svg_()
    assert copy.copy(result).pv == result.pv
    # A pickle is outside bytes: a broken one is refused, not believed.
    broken = pickle.dumps(board).replace(b"X", b"Z")
    with pytest.raises(ValueError, match="expected a board square"):
        pickle.loads(broken)


def test_play_passes_only_when_asked_and_refuses_illegal_moves():
    # Black's only disc, B1, brackets nothing: black must pass, white has C1.
    stuck = endsolve.Board("OX------" + "-" * 16 + "---OO---" * 2 + "-" * 24, "X")
    assert stuck.moves() == [] and not stuck.is_game_over()
    with pytest.raises(ValueError, match=r"^expected a legal move \(none: 'PS' passes\), found 'C1'$"):
        stuck.play("C1")
    passed = stuck.play("PS")
    assert (passed.side, passed.moves()) == ("O", ["C1"])
    with pytest.raises(ValueError, match=r"^expected a legal move \(D3 C4 F5 E6\), found 'A1'$"):
        endsolve.Board().play("A1")
    with pytest.raises(ValueError, match=r"^expected a legal move \(a pass only"):
        endsolve.Board().play("PS")
    with pytest.raises(ValueError, match=r"^expected a move: a square such as 'f5', or 'PS' to "
                       r"pass, found 'Z9'$"):
        endsolve.Board().play("Z9")
    with pytest.raises(TypeError, match="expected a Move or a move's name"):
        endsolve.Board().play(37)


def test_moves_are_parsed_once_and_name_themselves():
    f5 = endsolve.Move("f5")
    assert (f5.square, f5.name, str(f5), f5.is_pass) == (37, "F5", "F5", False)
    assert f5 == endsolve.Move("F5") and hash(f5) == hash(endsolve.Move("F5"))
    assert f5 != "F5" and f5 != endsolve.Move("d3")
    assert endsolve.Move("pass") == endsolve.Move("PS") == endsolve.Move.PASS
    assert (endsolve.Move.PASS.square, endsolve.Move.PASS.name) == (None, "PS")
    assert repr(f5) == "endsolve.Move('F5')"
    assert pickle.loads(pickle.dumps(f5)) == f5
    with pytest.raises(ValueError, match=r"^expected a move: .* found 'i9'$"):
        endsolve.Move("i9")


def test_push_and_pop_walk_a_game_as_python_chess_does():
    board = endsolve.Board()
    assert board.legal_moves == [endsolve.Move(m) for m in ("D3", "C4", "F5", "E6")]
    board.push("f5")
    board.push(endsolve.Move("d6"))
    assert board == endsolve.Board("f5d6") and board.move_stack == [
        endsolve.Move("F5"), endsolve.Move("D6")]
    # An illegal push changes nothing.
    with pytest.raises(ValueError, match="expected a legal move"):
        board.push("a1")
    assert board == endsolve.Board("f5d6") and len(board.move_stack) == 2
    # play() is a copy and a push; copies keep their own stacks.
    played = board.play("c3")
    assert played == endsolve.Board("f5d6c3") and len(played.move_stack) == 3
    assert len(board.move_stack) == 2 and board.copy().move_stack == board.move_stack
    assert copy.copy(played).move_stack == played.move_stack
    assert board.pop() == endsolve.Move("D6") and board.pop() == endsolve.Move("F5")
    assert board == endsolve.Board() and board.move_stack == []
    with pytest.raises(IndexError, match="pop from a board with no move pushed"):
        board.pop()
    # A pickle keeps the stack: pop goes on after loads.
    again = pickle.loads(pickle.dumps(played))
    assert again == played and again.move_stack == played.move_stack
    assert again.pop() == endsolve.Move("C3") and again == endsolve.Board("f5d6")


def test_legal_moves_pass_when_forced_and_end_with_the_game():
    # Black's only disc, B1, brackets nothing: black must pass, white has C1.
    stuck = endsolve.Board("OX------" + "-" * 16 + "---OO---" * 2 + "-" * 24, "X")
    assert stuck.legal_moves == [endsolve.Move.PASS]
    stuck.push(endsolve.Move.PASS)
    assert stuck.legal_moves == [endsolve.Move("C1")]
    # A solve's PV replays with push to the game's end, passes included.
    board = late_board()
    played = len(board.move_stack)  # late_board() plays its moves onto FFO #40
    result = endsolve.solve(board, threads=1, hash_mb=1)
    for move in result.pv:
        assert endsolve.Move(move) in board.legal_moves
        board.push(move)
    assert board.is_game_over() and board.legal_moves == []
    assert len(board.move_stack) == played + len(result.pv)


def test_a_walk_with_push_and_pop_counts_what_perft_counts():
    def count(board, depth):
        if depth == 0 or board.is_game_over():
            return 1
        total = 1
        for move in board.legal_moves:
            board.push(move)
            total += count(board, depth - 1)
            board.pop()
        return total

    start = endsolve.Board()
    assert count(start, 5) == endsolve.perft(5).nodes
    assert start == endsolve.Board() and start.move_stack == []


def test_limits_stop_a_solve_with_limit_reached():
    with pytest.raises(endsolve.LimitReached,
                       match=r"^the solve reached its node limit of 1000 nodes before proving a "
                             r"score$"):
        endsolve.solve(FFO_40, "X", threads=1, node_limit=1000)
    started = time.monotonic()
    with pytest.raises(TimeoutError, match=r"^the solve reached its time limit of 0.2 s"):
        endsolve.solve(ffo(49), threads=1, time_limit=0.2)
    assert time.monotonic() - started < 60  # stopped, not solved
    # Limits the solve stays within change nothing.
    result = endsolve.solve(FFO_40, "X", threads=1, node_limit=10**12, time_limit=3600)
    assert (result.score, result.nodes) == (38, FFO_40_NODES)
    with pytest.raises(ValueError, match=r"^time_limit: expected seconds above 0, or None, found 0$"):
        endsolve.solve(FFO_40, "X", time_limit=0)
    with pytest.raises(ValueError, match=r"^node_limit: expected nodes above 0"):
        endsolve.solve(FFO_40, "X", node_limit=0)
    with pytest.raises(TypeError):
        endsolve.solve(FFO_40, "X", 1, 16, False, False, 36, 10)  # the limits are keywords


def test_progress_reports_reach_the_callback_and_its_exception_stops_the_solve():
    reports = []
    result = endsolve.solve(ffo(41), threads=1, hash_mb=16, progress=reports.append)
    assert reports, "no progress reported"
    assert all(isinstance(r, endsolve.SolveProgress) for r in reports)
    assert {r.stage for r in reports} <= {"presearch", "selective", "exact"}
    exact = [r for r in reports if r.stage == "exact"]
    assert exact and all(r.iteration >= 1 and r.lower <= result.score <= r.upper for r in exact)
    assert [r.seconds for r in reports] == sorted(r.seconds for r in reports)
    assert all(0 <= r.root_moves_done <= r.root_moves_total for r in reports)

    class Enough(Exception):
        pass

    def stop(report):
        raise Enough(report.stage)

    with pytest.raises(Enough):
        endsolve.solve(ffo(49), threads=1, progress=stop)
    with pytest.raises(TypeError, match="progress: expected a callable"):
        endsolve.solve(FFO_40, "X", progress=3)
    # The module goes on.
    assert endsolve.solve(FFO_40, "X", threads=1).score == 38


def test_symmetries():
    board = endsolve.Board("f5d6c3d3c4")
    images = board.symmetries()
    assert len(set(images)) == 8 and images[0] == board
    assert images[1] == board.transform(1)
    canonical, symmetry = board.canonical()
    assert canonical == board.transform(symmetry)
    assert all(image.canonical()[0] == canonical for image in images)
    for s, image in enumerate(images):
        assert board.symmetry_to(image) == s
        assert sorted(image.moves()) == sorted(endsolve.transform_square(m, s) for m in board.moves())
    assert board.symmetry_to(endsolve.Board()) is None
    assert endsolve.transform_square("A1", 1) == "H1"
    assert endsolve.transform_square("A1", 2) == "A8"
    with pytest.raises(ValueError, match=r"^symmetry: expected 0..7, found 8$"):
        board.transform(8)


def test_evaluate_and_perft():
    board = endsolve.Board(FFO_40, "X")
    assert endsolve.evaluate(FFO_40, "X") == endsolve.evaluate(board)
    # Ten moves down FFO #40's PV the game ends within 14 plies, where the
    # evaluation search is exact: the score for the side to move then.
    pv = endsolve.solve(board, threads=1).pv
    while board.empties > 10:
        board = board.play(pv.pop(0))
    assert endsolve.evaluate(board, depth=14) == endsolve.solve(board, threads=1).score
    counts = endsolve.perft(4)
    assert (counts.depth, counts.leaves, counts.internal_nodes, counts.nodes) == (4, 244, 73, 317)
    assert endsolve.perft(1, endsolve.Board("f5")).leaves == 3
    with pytest.raises(ValueError, match=r"^depth: expected 0..14 plies, found 15$"):
        endsolve.evaluate(FFO_40, "X", depth=15)


def test_estimate_is_the_solves_own_guess():
    board = endsolve.Board(FFO_40, "X")
    # No selective pass: the presearch's guess, even.
    score, move = endsolve.estimate(board, passes=0)
    assert score % 2 == 0 and move == "--"
    # Two passes: an even score and a legal move, the same again.
    score, move = endsolve.estimate(board, passes=2, threads=2, hash_mb=8)
    assert score % 2 == 0 and move in board.moves()
    assert endsolve.estimate(FFO_40, "X", passes=2, hash_mb=8)[0] == score
    with pytest.raises(ValueError, match=r"^passes: expected 0..3, found 4$"):
        endsolve.estimate(board, passes=4)


def test_read_positions():
    positions = endsolve.read_positions(FFO_40_59)
    assert [p.label for p in positions] == [f"#{n}" for n in range(40, 60)]
    first = positions[0]
    assert (first.id, first.side, first.line, first.file) == ("#40", "X", 1, FFO_40_59)
    assert first.board == endsolve.Board(FFO_40, "X")
    assert first.answers[:3] == [("A2", 38), ("C7", 36), ("D8", 34)]


def test_read_positions_reports_bad_lines_as_the_cli(tmp_path):
    path = tmp_path / "bad.obf"
    good = late_board()
    path.write_text(f"{good}\n{good.squares} Z\nXXX\n")
    expected = [f"{path}:2:66: expected side to move 'X' or 'O', found 'Z'",
                f"{path}:3:4: expected 64 board characters, found 3 board characters"]
    with pytest.raises(ValueError) as error:
        endsolve.read_positions(str(path))
    assert str(error.value).splitlines() == cli_errors(str(path))[:2] == expected
    with pytest.warns(UserWarning) as warned:
        positions = endsolve.read_positions(str(path), strict=False)
    assert [str(w.message) for w in warned] == expected
    assert {w.filename for w in warned} == {__file__}  # the caller's line
    assert [p.board for p in positions] == [good]


def test_read_positions_shows_twenty_errors_then_their_count(tmp_path):
    path = tmp_path / "garbage.obf"
    path.write_text("".join(f"not a position {i}\n" for i in range(100)))
    with pytest.raises(ValueError) as error:
        endsolve.read_positions(str(path))
    lines = str(error.value).splitlines()
    assert len(lines) == 21
    assert lines[0] == f"{path}:1:1: expected a board square 'X', 'O' or '-', found 'n'"
    assert all(line.startswith(f"{path}:{n}:1: expected") for n, line in enumerate(lines[:20], 1))
    assert lines[20] == f"{path}: 80 more errors not shown (100 in all)"
    with pytest.warns(UserWarning) as warned:
        assert endsolve.read_positions(str(path), strict=False) == []
    assert [str(w.message) for w in warned] == lines


def test_a_file_with_no_position_is_an_error_as_in_the_cli(tmp_path):
    path = tmp_path / "empty.obf"
    path.write_text("")
    message = f"{path}: no position: the file holds none"
    with pytest.raises(ValueError) as error:
        endsolve.read_positions(str(path))
    assert str(error.value) == message
    assert cli_errors(str(path))[-1].endswith("no position: the input holds none, so there is nothing to do")
    with pytest.warns(UserWarning) as warned:
        assert endsolve.read_positions(str(path), strict=False) == []
    assert [str(w.message) for w in warned] == [message]


def test_read_positions_leaves_out_a_game_that_ends_early_with_a_warning():
    sample = str(ROOT / "tests" / "positions" / "wthor" / "wth2024-sample.wtb")
    with pytest.warns(UserWarning) as warned:
        positions = endsolve.read_positions(sample, empties=14)  # strict: still no error
    assert [str(w.message) for w in warned] == [
        f"{sample}: game 5: ends at 15 empties, before the 14 asked; left out"]
    assert [p.label for p in positions] == [f"game {n}" for n in (1, 2, 3, 4, 6, 7, 8)]


def test_bad_position_text_raises_the_cli_message():
    # The text is named by itself, where the CLI counts its arguments; what
    # was wrong is the CLI's message.
    what = ", column 4: expected 64 board characters, found 3 board characters"
    for call in (endsolve.solve, endsolve.Board):
        with pytest.raises(ValueError) as error:
            call("XXX")
        assert str(error.value) == "position 'XXX'" + what
    # The CLI adds that no file has that name: Python never reads files there.
    assert cli_errors("XXX")[0] == "argument 1" + what + " (and no file named 'XXX' exists)"
    with pytest.raises(ValueError) as error:
        endsolve.Board("f5d6a1")
    assert str(error.value) == "position 'f5d6a1', column 5: expected a legal move, found 'a1'"
    with pytest.raises(ValueError) as error:
        endsolve.solve_many([FFO_40 + " X", "f5f5"])
    assert str(error.value) == "positions[1] 'f5f5', column 3: expected a legal move, found 'f5'"
    # Long text is quoted by its start, control characters escaped.
    with pytest.raises(ValueError) as error:
        endsolve.Board(FFO_40 + "\tZ")
    assert str(error.value) == (f"position '{FFO_40}\\tZ', column 66: expected side to move "
                                "'X' or 'O', found 'Z'")
    with pytest.raises(ValueError) as error:
        endsolve.Board(FFO_40 + " X; A2:+38; C7:+36; Q9")
    assert str(error.value).startswith(f"position '{FFO_40} X; A2...', column ")


def test_read_positions_takes_any_path_like():
    for path in (pathlib.Path(FFO_40_59), os.fsencode(FFO_40_59)):
        positions = endsolve.read_positions(path)
        assert [p.label for p in positions] == [f"#{n}" for n in range(40, 60)]
        assert positions[0].file == FFO_40_59
    with pytest.raises(TypeError):
        endsolve.read_positions(40)


def test_read_positions_of_a_missing_file_raises_what_open_raises(tmp_path):
    for path in (str(tmp_path / "missing.obf"), tmp_path / "missing.obf",
                 os.fsencode(tmp_path / "missing.obf"), tmp_path / "no-folder" / "a.obf",
                 "f5d6c3"):
        with pytest.raises(FileNotFoundError) as opened:
            open(path, encoding="ascii")
        with pytest.raises(FileNotFoundError) as read:
            endsolve.read_positions(path)
        assert (read.value.errno, read.value.strerror, read.value.filename) == \
            (opened.value.errno, opened.value.strerror, opened.value.filename)
        assert str(read.value) == str(opened.value)


def test_read_positions_refuses_a_path_with_a_nul_as_open_does(tmp_path):
    path = tmp_path / "a.obf"
    path.write_text(f"{FFO_40} X\n")
    for text in (str(path) + "\0junk", os.fsencode(path) + b"\0junk"):
        with pytest.raises(ValueError, match="^embedded null byte$"):
            open(text, encoding="ascii")
        with pytest.raises(ValueError, match="^embedded null byte$"):
            endsolve.read_positions(text)


def test_solve_many_takes_a_pair_with_no_side():
    board = late_board()
    side = board.side
    results = endsolve.solve_many([(board, None), (board, side), (board.squares, side)], threads=1)
    reference = endsolve.solve(board, None, threads=1)
    assert [(r.score, r.best_move, r.pv) for r in results] == \
        [(reference.score, reference.best_move, reference.pv)] * 3
    with pytest.raises(TypeError, match=r"^positions\[1\]: the side of a \(board, side\) pair is "
                                        r"'X', 'O', 'black', 'white' or None, found int$"):
        endsolve.solve_many([board, (board, 1)])


def test_bad_options_raise_the_solver_message():
    with pytest.raises(ValueError) as error:
        endsolve.solve(FFO_40, "X", threads=2000)
    assert str(error.value) == "threads 2000: expected 1..1024"
    with pytest.raises(ValueError) as error:
        endsolve.solve(FFO_40, "X", hash_mb=0)
    assert str(error.value) == "transposition table size must be at least 1 MiB"
    # A table may take at most half the machine's memory; asking for all of
    # it (hash_mb=20000 on a 24 GiB machine) says how much there is.
    physical = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") >> 20
    with pytest.raises(ValueError) as error:
        endsolve.solve(late_board(), hash_mb=physical)
    assert f"but a table may take at most 1/2 of the machine's {physical} MiB of physical memory" \
        in str(error.value)
    with pytest.raises(ValueError) as error:
        endsolve.solve_many([late_board()], hash_mb=physical)
    assert f"the machine's {physical} MiB" in str(error.value)
    with pytest.raises(ValueError) as error:
        endsolve.solve(FFO_40, "Z")
    assert str(error.value) == "side: expected 'X', 'O', 'black' or 'white', found 'Z'"
    with pytest.raises(TypeError):
        endsolve.solve(40)


def test_ctrl_c_stops_a_long_solve_and_the_module_goes_on():
    # FFO #49 takes minutes on the development VM; the signal comes after
    # half a second, from another thread, as Ctrl-C would.
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    # A process started in the background by a shell (CI's runner may be one)
    # inherits SIGINT ignored, and Python then installs no handler of its own:
    # put Python's own back, the one an interactive session has.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            endsolve.solve(ffo(49), threads=2)
        raised = time.monotonic()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert sent and raised - sent[0] < 1.0
    result = endsolve.solve(FFO_40, "X", threads=2)
    assert (result.score, result.best_move) == (38, "A2")


def test_ctrl_c_stops_a_long_perft_and_the_module_goes_on():
    # perft(13) counts for about a minute on the development VM; the signal
    # comes after half a second, from another thread, as Ctrl-C would. The
    # bound is generous: a count that ignored it would run to the end.
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # as the solve test says
    timer = threading.Timer(0.5, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            endsolve.perft(13)
        raised = time.monotonic()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert sent and raised - sent[0] < 5.0
    assert (endsolve.perft(6).leaves, endsolve.perft(6).internal_nodes) == (8200, 1713)


def test_more_than_max_empties_is_refused_before_any_search():
    # The solver's guard, as the CLI's --max-empties: a transcript of three
    # moves (57 empties) would start a search that never ends.
    with pytest.raises(ValueError) as error:
        endsolve.solve(endsolve.Board("f5d6c3"))
    assert str(error.value) == (
        "the position has 57 empty squares, more than max_empties=36: an exact solve of so many "
        "may take days; pass max_empties=60 to solve it anyway")
    with pytest.raises(ValueError, match=r"^positions\[1\] has 57 empty squares"):
        endsolve.solve_many([(FFO_40, "X"), "f5d6c3"])
    with pytest.raises(ValueError, match="more than max_empties=36"):
        endsolve.estimate("f5d6c3", passes=1)
    with pytest.raises(ValueError, match="more than max_empties=10"):
        endsolve.solve(FFO_40, "X", max_empties=10)
    # The presearch's guess alone is no search to the end.
    assert endsolve.estimate("f5d6c3", passes=0)[0] % 2 == 0
    with pytest.raises(ValueError, match="max empties 61: expected a number of empty squares"):
        endsolve.solve(FFO_40, "X", max_empties=61)
