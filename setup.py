"""Builds the extension cgtlab._cgtlab with the project's CMake (see pyproject.toml).

pip install --no-build-isolation .   # offline, with Debian's setuptools
CGTLAB_BUILD_DIR=... selects the CMake build directory (default: a temporary one of setuptools)."""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.environ.get("CGTLAB_BUILD_DIR") or os.path.join(os.path.abspath(self.build_temp), "cmake")
        os.makedirs(build, exist_ok=True)
        config = ["-DCMAKE_BUILD_TYPE=Release", "-DCGTLAB_PYTHON=ON", "-DCGTLAB_BUILD_TESTS=OFF",
                  "-DCGTLAB_BUILD_BENCHMARKS=OFF", f"-DPython_EXECUTABLE={sys.executable}"]
        if shutil.which("ccache"):
            config += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
            # as scripts/build: paths relative to the checkout, so another checkout's objects are reused
            os.environ.setdefault("CCACHE_BASEDIR", ROOT)
            os.environ.setdefault("CCACHE_SLOPPINESS", "pch_defines,time_macros,include_file_mtime,include_file_ctime")
        subprocess.run(["cmake", "-S", ROOT, "-B", build, *config], check=True)
        subprocess.run(["cmake", "--build", build, "--target", "_cgtlab", "-j", str(os.cpu_count() or 1)], check=True)
        built = [f for f in os.listdir(os.path.join(build, "python", "cgtlab")) if f.startswith("_cgtlab") and f.endswith(".so")]
        if len(built) != 1:
            raise RuntimeError(f"expected one _cgtlab*.so in {build}/python/cgtlab, found {built}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(build, "python", "cgtlab", built[0]), target)


setup(ext_modules=[Extension("cgtlab._cgtlab", sources=[])], cmdclass={"build_ext": CMakeBuild})
