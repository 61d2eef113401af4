"""The module's types (python/endsolve.pyi) against the module and the docs.

- mypy's stubtest compares the stub with the compiled module: a name the
  stub gives that the module lacks, one the module has that the stub leaves
  out, a property that is a method, all fail (but what is pybind11's own,
  python/stubtest-allowlist.txt).
- mypy checks every Python example of README.md and docs/*.md (their
  doctest lines, as test_docs.py runs them) against the stub, so that what
  a page shows a user also type-checks.

scripts/setup installs mypy (Debian's python3-mypy), so these always run.
"""
import os
import pathlib
import subprocess
import sys

import endsolve

from test_docs import PAGES, ROOT, python_blocks

STUB = ROOT / "python" / "endsolve.pyi"
# A module installed by pip or cmake --install (scripts/test-install runs
# these tests against one) is typed by the stub package installed beside it,
# which mypy finds by itself; the build tree's by the checkout's stub.
INSTALLED = pathlib.Path(endsolve.__file__).resolve().parent.name in ("site-packages",
                                                                      "dist-packages")


def mypy(*args, cwd=None):
    """Runs a mypy tool with the stub and the module of the module under test."""
    env = dict(os.environ)
    if not INSTALLED:
        module_folder = str(pathlib.Path(endsolve.__file__).resolve().parent)
        env.update(MYPYPATH=str(STUB.parent), PYTHONPATH=module_folder)
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True,
                          env=env, cwd=cwd)


def test_the_stub_says_what_the_module_has():
    done = mypy("mypy.stubtest", "endsolve", "--ignore-missing-stub", "--allowlist",
                str(ROOT / "python" / "stubtest-allowlist.txt"))
    assert done.returncode == 0, done.stdout + done.stderr
    # --ignore-missing-stub hides only pybind11's own names: every public
    # name of the module is in the stub.
    stub_text = STUB.read_text()
    for name in dir(endsolve):
        if not name.startswith("_"):
            assert f"def {name}(" in stub_text or f"class {name}" in stub_text, name


def test_the_docs_python_examples_type_check(tmp_path):
    files = []
    for page in PAGES:
        for i, block in enumerate(python_blocks(page.read_text())):
            code = [line[4:] for line in block.splitlines() if line.startswith((">>> ", "... "))]
            path = tmp_path / f"{page.stem.replace('-', '_')}_{i}.py"
            # The doctest runs with endsolve imported, as a notebook would have it.
            path.write_text("\n".join(["import endsolve"] + code) + "\n")
            files.append(str(path))
    assert files
    done = mypy("mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull, *files,
                cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_mistyped_call_is_caught(tmp_path):
    """The check has teeth: a wrong type in a call is an error mypy names."""
    path = tmp_path / "wrong.py"
    path.write_text("import endsolve\n"
                    "endsolve.solve(endsolve.Board(), threads='2')\n"
                    "move: endsolve.Move = endsolve.Board().pop()\n"
                    "square: int = move.square\n")
    done = mypy("mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull, str(path))
    assert done.returncode == 1
    assert 'Argument "threads" to "solve" has incompatible type "str"; expected "int"' in done.stdout
    assert 'Incompatible types in assignment (expression has type "Optional[int]"' in done.stdout
