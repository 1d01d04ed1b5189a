"""Where the ground-truth data is: $UNBLOCKER_DATA, else ../shared beside
the checkout (as for the Rust tests)."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def data_dir() -> Path:
    return Path(os.environ.get("UNBLOCKER_DATA", ROOT.parent / "shared"))


@pytest.fixture(scope="session")
def data() -> Path:
    path = data_dir()
    if not (path / "puzzles").is_dir():
        pytest.skip(f"no ground-truth data at {path} (set UNBLOCKER_DATA)")
    return path
