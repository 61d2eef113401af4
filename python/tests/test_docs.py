"""The examples of README.md and docs/*.md, run so that they cannot go stale.

- Every ```python block runs as a doctest, line by line, in the clone's
  folder (its paths are the clone's): what a page shows a user must be
  what the module prints. `...` in an expected output matches anything
  (the time of a solve), and runs of whitespace compare equal.
- Every ```sh block that follows the line
  `<!-- example: python/tests/test_docs.py runs this block -->` runs with
  bash (-e -o pipefail: every command must succeed) in a fresh folder
  where `build`, `ffo`, `scripts` and `tests` lead to the clone's, so that
  the files it writes go nowhere else. Each `# expect: TEXT` line of the
  block (a comment to bash) is text its output must hold. Only examples
  that finish in seconds are marked; the others are the same commands on
  larger inputs.
"""
import doctest
import io
import os
import pathlib
import re
import subprocess

import endsolve
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
MARK = "<!-- example: python/tests/test_docs.py runs this block -->"
# The build the module under test comes from: BUILD/python/endsolve*.so.
BUILD = pathlib.Path(endsolve.__file__).resolve().parents[1]


def python_blocks(markdown):
    """The contents of the markdown's ```python blocks, in order."""
    return re.findall(r"^```python\n(.*?)^```", markdown, re.M | re.S)


def marked_shell_blocks(markdown):
    """The contents of the ```sh blocks right after the marker line."""
    return re.findall(r"^" + re.escape(MARK) + r"\n```sh\n(.*?)^```", markdown, re.M | re.S)


def page_id(page):
    return str(page.relative_to(ROOT))


def test_the_pages_have_examples_to_run():
    assert (ROOT / "docs").is_dir()
    python = sum(len(python_blocks(p.read_text())) for p in PAGES)
    shell = sum(len(marked_shell_blocks(p.read_text())) for p in PAGES)
    assert python > 0 and shell > 0, (python, shell)
    # A marker that no ```sh block follows would be a test that never runs.
    for page in PAGES:
        text = page.read_text()
        assert text.count(MARK) == len(marked_shell_blocks(text)), page_id(page)


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_python_examples_print_what_the_page_shows(page, monkeypatch):
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    for number, block in enumerate(python_blocks(page.read_text()), 1):
        name = f"{page_id(page)} python block {number}"
        test = parser.get_doctest(block, {"endsolve": endsolve}, name, str(page), 0)
        assert test.examples, f"{name} has no >>> example"
        runner = doctest.DocTestRunner(
            optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        report = io.StringIO()
        runner.run(test, out=report.write)
        assert runner.failures == 0, report.getvalue()


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_marked_shell_examples_run(page, tmp_path):
    for number, block in enumerate(marked_shell_blocks(page.read_text()), 1):
        name = f"{page_id(page)} example {number}"
        work = tmp_path / f"example-{number}"
        work.mkdir()
        (work / "build").symlink_to(BUILD)
        for folder in ("ffo", "scripts", "tests"):
            (work / folder).symlink_to(ROOT / folder)
        run = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", block], cwd=work,
                             capture_output=True, text=True, timeout=300,
                             env=dict(os.environ, PYTHONPATH=str(BUILD / "python")))
        output = run.stdout + run.stderr
        assert run.returncode == 0, f"{name} exited {run.returncode}:\n{block}\n{output}"
        for expected in re.findall(r"^# expect: (.*)$", block, re.M):
            assert expected in output, f"{name}: '{expected}' not in its output:\n{output}"
