"""Optimal Rush Hour and Klotski solving from Python.

The engine is Rust (the Unblocker workspace); this package gives it a
Pythonic face: :class:`Board` reads every board format, solves and analyses;
:func:`scan` reads screenshots; :class:`Database` queries puzzle databases;
:func:`random_puzzle` draws puzzles of a chosen difficulty; :func:`solve_many`
solves many boards on all cores into a NumPy array; and
:mod:`unblocker.envs` holds the Gymnasium environments
``unblocker/RushHour-v0`` and ``unblocker/Klotski-v0``.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import BinaryIO, Optional, Tuple, Union

from ._unblocker import (
    Analysis,
    Board,
    BoardError,
    Database,
    DatabaseError,
    Move,
    MoveError,
    Record,
    ScanError,
    SearchError,
    Solution,
    bundled_names,
    solve_many,
)
from ._unblocker import random_puzzle as _random_puzzle
from ._unblocker import scan as _scan

__all__ = [
    "Analysis",
    "Board",
    "BoardError",
    "Database",
    "DatabaseError",
    "Move",
    "MoveError",
    "Record",
    "ScanError",
    "SearchError",
    "Solution",
    "bundled_names",
    "random_puzzle",
    "scan",
    "solve_many",
]

MovesRange = Union[int, Tuple[int, int], None]
Walls = Union[bool, int, Tuple[int, int], None]


def moves_range(moves: MovesRange) -> Tuple[int, int]:
    """``None`` (any), ``n`` or ``(low, high)`` as an inclusive range."""
    if moves is None:
        return (0, 255)
    if isinstance(moves, bool):
        raise TypeError("moves is a number or a (low, high) pair")
    if isinstance(moves, int):
        low = high = moves
    else:
        low, high = moves
    if not (0 <= low <= high <= 255):
        raise ValueError(f"moves must be 0 <= low <= high <= 255, not {moves!r}")
    return (int(low), int(high))


def walls_range(walls: Walls) -> Tuple[int, int]:
    """``None`` (any), ``False`` (none), ``True`` (at least one), ``n`` or
    ``(low, high)`` as an inclusive range."""
    if walls is None:
        return (0, 255)
    if walls is True:
        return (1, 255)
    if walls is False:
        return (0, 0)
    if isinstance(walls, int):
        low = high = walls
    else:
        low, high = walls
    if not (0 <= low <= high <= 255):
        raise ValueError(f"walls must be 0 <= low <= high <= 255, not {walls!r}")
    return (int(low), int(high))


def random_puzzle(
    moves: MovesRange = None,
    walls: Walls = None,
    *,
    game: str = "rush",
    seed: Optional[int] = None,
    database: Union[str, "os.PathLike[str]", None] = None,
) -> Tuple[Board, int]:
    """A random puzzle ``moves`` optimal slides from the goal (a number or a
    ``(low, high)`` range) with ``walls`` walls (``False`` none, ``True`` some,
    a number or a range). Rush Hour puzzles come from the components of the
    embedded sample of the 6x6 database (or of ``database``, a file made by
    ``unblocker db generate``); Klotski ones from the bundled layouts'
    components. Returns ``(board, optimal_slides)``; ``seed`` repeats a draw.
    """
    low, high = moves_range(moves)
    wall_low, wall_high = walls_range(walls)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    return _random_puzzle(
        game=game,
        min_moves=low,
        max_moves=high,
        min_walls=wall_low,
        max_walls=wall_high,
        seed=seed % 2**64,
        database=None if database is None else os.fspath(database),
    )


def scan(
    path_or_bytes: Union[str, "os.PathLike[str]", bytes, bytearray, BinaryIO],
) -> Tuple[Board, dict]:
    """Reads the board in a screenshot (PNG, JPEG, GIF or WebP), given as a
    path, as the file's bytes or as a binary file object. Returns ``(board,
    info)``, ``info`` holding ``confidence`` (0 to 1), ``exit_assumed`` and
    the board's ``bounds`` in the picture. Raises :class:`ScanError` when no
    board can be read, ``OSError`` when the file cannot be read or holds
    more than 64 MiB (a device such as ``/dev/zero`` is refused, not read
    forever)."""
    if isinstance(path_or_bytes, (bytes, bytearray, memoryview)):
        return _scan(bytes(path_or_bytes))
    if hasattr(path_or_bytes, "read"):
        return _scan(path_or_bytes)
    return _scan(os.fspath(path_or_bytes))


class _RegisterWithGymnasium:
    """An import hook (a meta path finder) that registers the environments
    with Gymnasium as soon as Gymnasium has been imported, without
    importing it here: ``import unblocker`` stays cheap, with Gymnasium
    installed or not. (It imports no ``importlib.abc`` either, which costs
    more than the rest of the package.)"""

    def __init__(self) -> None:
        self._finding = False

    def find_spec(self, name, path=None, target=None):
        if name != "gymnasium" or self._finding:
            return None
        import importlib.util

        self._finding = True
        try:
            spec = importlib.util.find_spec(name)
        finally:
            self._finding = False
        if spec is not None and spec.loader is not None:
            spec.loader = _Registering(spec.loader)
        return spec


class _Registering:
    """Gymnasium's own loader, which then registers the environments and
    puts itself back in the module's place."""

    def __init__(self, loader) -> None:
        self._loader = loader

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module) -> None:
        module.__loader__ = module.__spec__.loader = self._loader
        self._loader.exec_module(module)
        # Loading unblocker.envs registers them; when it is what imported
        # Gymnasium, it will once it is loaded.
        if f"{__name__}.envs" not in sys.modules:
            importlib.import_module(".envs", __name__)


if "gymnasium" in sys.modules:
    from .envs import register_envs

    register_envs()
else:
    sys.meta_path.insert(0, _RegisterWithGymnasium())
