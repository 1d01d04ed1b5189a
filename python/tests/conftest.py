"""Where the ground-truth data is, found file by file as the Rust tests find
it (crates/testdata): in ``$UNBLOCKER_DATA`` when it is set (a relative
path is taken from the repository's root), and only there; else in the
repository's ``testdata/`` when the file is there; else in ``../shared``
beside the checkout. A file found nowhere fails the test, naming the paths
tried."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VAR = "UNBLOCKER_DATA"


class Data:
    """``data / "puzzles/rush/rush1000.txt"`` is the path of that file."""

    def __init__(self, root: Path, var: "str | None") -> None:
        self.root = root
        self.var = var or None

    def __truediv__(self, relative: str) -> Path:
        if self.var is not None:
            path = (self.root / self.var / relative).resolve()
            if not path.exists():
                pytest.fail(f"missing test data: {path} does not exist ({VAR}={self.var}); "
                            f"set {VAR} to the directory holding the full ground-truth data")
            return path
        in_repo = self.root / "testdata" / relative
        if in_repo.exists():
            return in_repo
        beside = (self.root.parent / "shared" / relative).resolve()
        if not beside.exists():
            pytest.fail(f"missing test data: {beside} does not exist ({VAR} is unset, and it is "
                        f"not in {in_repo} either); set {VAR} to the directory holding the full "
                        "ground-truth data")
        return beside


@pytest.fixture(scope="session")
def data() -> Data:
    return Data(ROOT, os.environ.get(VAR))
