"""The wheel of the endsolve Python module: CMake builds python/'s target,
setuptools packs the file it makes (pyproject.toml; docs/library.md).

The build is the package's: portable (x86-64-v3), release, without the
tests and micro-benchmarks, for the Python that runs pip. With
ENDSOLVE_BUILD_DIR set, that CMake build folder (one scripts/build made) is
built and packed instead of a fresh one under build-pip/.

The module's types (python/endsolve.pyi) go beside it as the stub-only
package endsolve-stubs (PEP 561: a type checker does not read the stub of a
single-file module from site-packages otherwise).
"""
import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = pathlib.Path(__file__).resolve().parent
# The stub package's folder, relative to this file as setuptools wants it,
# made from python/endsolve.pyi each time the wheel is built.
STUBS = pathlib.Path("build-pip") / "stubs" / "endsolve-stubs"
(SOURCE / STUBS).mkdir(parents=True, exist_ok=True)
shutil.copyfile(SOURCE / "python" / "endsolve.pyi", SOURCE / STUBS / "__init__.pyi")


class CMakeBuild(build_ext):
    """Builds the module with the project's CMake instead of a compiler call."""

    def build_extension(self, ext):
        given = os.environ.get("ENDSOLVE_BUILD_DIR")
        build = pathlib.Path(given).resolve() if given else SOURCE / "build-pip" / "cmake"
        if not given:
            subprocess.run(
                ["cmake", "-S", str(SOURCE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                 "-DENDSOLVE_PORTABLE=ON", "-DENDSOLVE_BUILD_TESTS=OFF",
                 "-DENDSOLVE_BUILD_BENCHMARKS=OFF", "-DENDSOLVE_BUILD_PYTHON=ON",
                 f"-DPython_EXECUTABLE={sys.executable}"],
                check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "endsolve_python", "-j",
                        str(os.cpu_count() or 1)], check=True)
        suffix = pathlib.Path(self.get_ext_filename(ext.name)).name
        built = build / "python" / suffix
        if not built.exists():
            sys.exit(f"setup.py: {built} was not built: the CMake build is for another Python "
                     f"than {sys.executable} (configure it with -DPython_EXECUTABLE=...)")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    # The module and its stubs: no folder of the checkout is a Python package.
    packages=["endsolve-stubs"],
    package_dir={"endsolve-stubs": str(STUBS)},
    package_data={"endsolve-stubs": ["__init__.pyi"]},
    py_modules=[],
    ext_modules=[Extension("endsolve", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": str(SOURCE / "build-pip")},
             "egg_info": {"egg_base": str(SOURCE / "build-pip")}},
)
