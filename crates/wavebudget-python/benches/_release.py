"""The benchmarks time the extension a user installs: a release build. scripts/test.sh installs a dev
build into target/pyvenv (faster to build, the same answers); a benchmark run on it is refused here."""

import sys

from wavebudget import _native


def require_release() -> None:
    if _native.DEBUG_BUILD:
        sys.exit("error: this wavebudget extension is a dev build (scripts/test.sh installs one); benchmarks "
                 "time the release build: target/pyvenv/bin/pip install ./crates/wavebudget-python")
