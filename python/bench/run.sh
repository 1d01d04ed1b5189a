#!/bin/sh
# The benchmark of python/README.md: builds the release wheel, installs it
# with parkinglotgym (which declares Python >= 3.12, so the environment uses
# a 3.12 interpreter: PYTHON312, default python3.12) into
# target/python-bench-venv, and prints the figures.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(dirname "$here")
venv="$root/target/python-bench-venv"
"${PYTHON312:-python3.12}" -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q maturin gymnasium numpy parkinglotgym
rm -rf "$root/target/python-wheels"
(cd "$here" && "$venv/bin/maturin" build --release -q -o "$root/target/python-wheels")
wheel=$(ls "$root"/target/python-wheels/unblocker-*.whl)
"$venv/bin/pip" install -q --force-reinstall --no-deps "$wheel"
cd "$here" && "$venv/bin/python" bench/bench.py --wheel "$wheel"
