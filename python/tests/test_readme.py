"""README.md's Python examples, run as doctests.

What the README shows a user must be what the module prints: every
```python block of README.md runs here, line by line, in the clone's
folder (its paths are the clone's). `...` in an expected output matches
anything (the time of a solve), and runs of whitespace compare equal.
"""
import doctest
import io
import pathlib
import re

import endsolve

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def python_blocks(markdown):
    """The contents of the markdown's ```python blocks, in order."""
    return re.findall(r"^```python\n(.*?)^```", markdown, re.M | re.S)


def test_readme_python_examples_print_what_the_readme_shows(monkeypatch):
    monkeypatch.chdir(ROOT)
    blocks = python_blocks(README.read_text())
    assert blocks, f"{README} has no ```python block"
    parser = doctest.DocTestParser()
    for number, block in enumerate(blocks, 1):
        test = parser.get_doctest(block, {"endsolve": endsolve}, f"README.md block {number}",
                                  str(README), 0)
        assert test.examples, f"README.md block {number} has no >>> example"
        runner = doctest.DocTestRunner(
            optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        report = io.StringIO()
        runner.run(test, out=report.write)
        assert runner.failures == 0, report.getvalue()
