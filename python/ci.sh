#!/bin/sh
# Builds the Python package into a fresh virtual environment under target/
# and runs its tests: `python/ci.sh` from the repository's root (or
# anywhere). PYTHON picks the interpreter (default python3, >= 3.9).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
venv="$root/target/python-venv"
"${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q -r "$here/requirements-dev.txt"
cd "$here"
# A debug build unless UNBLOCKER_PY_RELEASE=1: the tests need no speed.
if [ "${UNBLOCKER_PY_RELEASE:-0}" = 1 ]; then profile=--release; else profile=; fi
VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" "$venv/bin/maturin" develop -q $profile
"$venv/bin/python" -m pytest -q "$here/tests"
