"""The figures the READMEs quote, checked against the tree and a run, so
that they cannot go stale unnoticed.

- README.md's Layout table: each folder's lines of C++ (.h, .cc, .S) within
  a tenth of what the table says (it is a size to read by, not a count to
  keep to the line: update the column when a folder grows past it).
- endsolve/solver/README.md's figures table: the one-thread node count it gives for
  FFO #49 is what `endsolve solve --threads 1` visits now (the other counts
  of that row take minutes; `endsolve bench ffo --range 40-49 --threads 1`
  gives them all).
"""

import json
import pathlib
import re
import subprocess

import endsolve
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The build the module under test comes from: BUILD/python/endsolve*.so.
BUILD = pathlib.Path(endsolve.__file__).resolve().parents[1]


def layout_rows():
    text = (ROOT / "README.md").read_text()
    layout = text[text.index("## Layout"):]
    return [(m.group(1), int(m.group(2).replace(",", "")))
            for m in re.finditer(r"^\| `([a-z_/]+)/` \|.*\| ([0-9][0-9,]*) \|$", layout, re.M)]


def test_the_layout_table_gives_each_folders_lines_within_a_tenth():
    rows = layout_rows()
    assert len(rows) >= 15, rows
    for folder, stated in rows:
        lines = sum(path.read_text(errors="replace").count("\n")
                    for path in (ROOT / folder).rglob("*")
                    if path.suffix in (".h", ".cc", ".S") and path.is_file())
        assert abs(lines - stated) <= stated / 10, (
            f"README.md's Layout table gives {folder}/ {stated:,} lines of C++, "
            f"the tree has {lines:,}: update the table")


def test_the_solver_readme_quotes_ffo_49s_nodes_at_one_thread():
    readme = (ROOT / "endsolve" / "solver" / "README.md").read_text()
    quoted = re.search(r"^\| FFO #40-#49 \|.*#49: ([0-9,]+)\)", readme, re.M)
    assert quoted, "endsolve/solver/README.md's figures table has no FFO #40-#49 row with #49's nodes"
    run = subprocess.run([str(BUILD / "cli" / "endsolve"), "solve",
                          str(ROOT / "ffo" / "fforum-40-59.obf"), "--range", "49",
                          "--threads", "1", "--json"],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.splitlines()[0])
    assert result["nodes"] == int(quoted.group(1).replace(",", "")), result
