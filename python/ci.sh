#!/bin/sh
# Tests the Python package as a user gets it: builds the sdist, then the
# release wheel from the unpacked sdist alone (so the sdist holds all that
# a build needs), installs the wheel into a fresh virtual environment with
# a PATH that has no Rust toolchain on it, and runs the pytest suite
# against the installed package. Run from anywhere; PYTHON picks the
# interpreter (default python3, >= 3.9). The wheel and the sdist are left
# in target/python-dist.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
python=${PYTHON:-python3}
tools="$root/target/python-build-venv"
dist="$root/target/python-dist"
unpacked="$root/target/python-sdist"
venv="$root/target/python-venv"

echo "python/ci.sh: maturin (python/requirements-build.txt)"
[ -x "$tools/bin/pip" ] || "$python" -m venv "$tools"
"$tools/bin/pip" install -q -r "$here/requirements-build.txt"

echo "python/ci.sh: the sdist"
rm -rf "$dist" "$unpacked"
mkdir -p "$dist" "$unpacked"
(cd "$here" && "$tools/bin/maturin" sdist --out "$dist")
sdist=$(ls "$dist"/unblocker-*.tar.gz)
tar -xzf "$sdist" -C "$unpacked"
# Nothing outside the sdist is needed, the ground-truth data least of all.
for file in pyproject.toml Cargo.toml Cargo.lock README.md LICENSE python/Cargo.toml; do
  [ -f "$unpacked"/unblocker-*/"$file" ] || { echo "python/ci.sh: the sdist lacks $file" >&2; exit 1; }
done

echo "python/ci.sh: the release wheel, built from the sdist"
# The build's intermediate files go with the repository's, so a second
# run rebuilds only what changed. Not --locked: the sdist's workspace holds
# only the package's crates, so cargo drops the others' entries from the
# lock file (the versions of the rest stay as locked), as pip's build of the
# sdist does.
(cd "$unpacked"/unblocker-* &&
  CARGO_TARGET_DIR="$root/target" "$tools/bin/maturin" build --release --out "$dist")
wheel=$(ls "$dist"/unblocker-*.whl)

echo "python/ci.sh: a fresh venv, the wheel installed with no Rust on PATH"
rm -rf "$venv"
"$python" -m venv "$venv"
# Only the venv's own programs: no cargo, no rustc, no C compiler.
bare="$venv/bin"
if PATH="$bare" command -v cargo >/dev/null || PATH="$bare" command -v rustc >/dev/null; then
  echo "python/ci.sh: $bare has a Rust toolchain on it" >&2; exit 1
fi
PATH="$bare" "$venv/bin/pip" install -q --only-binary :all: "$wheel" -r "$here/requirements-test.txt"

echo "python/ci.sh: pytest against the installed package"
# From inside the venv, so that python/unblocker (the sources) is not the
# package imported.
cd "$venv"
PATH="$bare" "$venv/bin/python" -c 'import sys, unblocker
assert unblocker.__file__.startswith(sys.prefix), f"imported {unblocker.__file__}, not the installed wheel"'
PATH="$bare" "$venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests"
echo "python/ci.sh: $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB) and $(basename "$sdist") pass"
