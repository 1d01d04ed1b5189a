"""Type stubs of the extension module (the Rust engine)."""

import os
from typing import Any, BinaryIO, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

class BoardError(ValueError):
    """A board that cannot be read or is not a valid position."""

class MoveError(ValueError):
    """A move that the board does not allow."""

class ScanError(ValueError):
    """A picture in which no board could be read."""

class DatabaseError(RuntimeError):
    """A puzzle database that cannot be opened or read."""

class SearchError(Exception):
    """A search that cannot run on this board or with these settings."""

MoveLike = Union["Move", Tuple[Union[str, int], str, int]]
BoardLike = Union["Board", str]

class Move:
    """One move: a piece going ``distance`` cells towards ``direction``."""

    def __init__(self, piece: Union[str, int], direction: str, distance: int) -> None: ...
    @property
    def piece(self) -> str:
        """The piece's letter (``"A"`` is the target)."""
    @property
    def index(self) -> int:
        """The piece's index (0 is the target)."""
    @property
    def direction(self) -> str:
        """``"up"``, ``"down"``, ``"left"`` or ``"right"`` (of the first segment)."""
    @property
    def distance(self) -> int:
        """Cells moved (by the first segment)."""
    @property
    def path(self) -> List[Tuple[str, int]]:
        """The segments (several for a Klotski move in the piece metric)."""
    @property
    def steps(self) -> int:
        """One-cell steps the move takes."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Board:
    """A Rush Hour or Klotski position; immutable and hashable."""

    @staticmethod
    def parse(text: str, *, game: Optional[str] = None, goal: Optional[Tuple[int, int]] = None) -> "Board":
        """Reads a board in any format: a bundled name, one line, rows, a
        framed grid, COS402 jams, JSON or a Klotski CommonCode."""
    @staticmethod
    def from_json(json: Union[str, Dict[str, Any]]) -> "Board":
        """Reads a board's JSON form (a ``str`` or a ``dict``)."""
    def to_text(self, format: str = "line") -> str:
        """``"line"``, ``"rows"``, ``"grid"``, ``"jams"``, ``"json"`` or ``"code"``."""
    def to_dict(self) -> Dict[str, Any]:
        """The JSON form as a ``dict``."""
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def game(self) -> str:
        """``"rush"`` or ``"klotski"``."""
    @property
    def pieces(self) -> List[Tuple[str, int, int, int, int, str]]:
        """``(label, row, col, width, height, mobility)`` per piece, the target first."""
    @property
    def walls(self) -> List[Tuple[int, int]]: ...
    @property
    def goal(self) -> Dict[str, Any]: ...
    @property
    def is_solved(self) -> bool: ...
    def moves(self) -> List[Move]:
        """Every legal slide."""
    def apply(self, move: MoveLike) -> "Board":
        """The board after ``move``; raises :class:`MoveError`."""
    def solve(
        self,
        *,
        metric: Optional[str] = None,
        algorithm: str = "bfs",
        timeout: Optional[float] = None,
        max_memory: Union[int, str, None] = None,
        max_nodes: Optional[int] = None,
    ) -> "Solution":
        """Solves the board (optimally by default), with the GIL released."""
    def analyze(
        self,
        *,
        metric: Optional[str] = None,
        timeout: Optional[float] = None,
        max_memory: Union[int, str, None] = None,
    ) -> "Analysis":
        """Explores the board's whole component."""
    def canonical(self) -> "Board": ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Solution:
    """What a solve found."""

    status: str
    length: Optional[int]
    steps: int
    metric: str
    algorithm: str
    optimal: bool
    @property
    def solved(self) -> bool: ...
    @property
    def moves(self) -> List[Move]: ...
    @property
    def statistics(self) -> Dict[str, Any]: ...
    def boards(self) -> List[Board]:
        """The boards from the start to the goal."""
    def __len__(self) -> int: ...

class Analysis:
    """The shape of a position's component."""

    metric: str
    reachable_states: int
    goal_states: int
    optimal: Optional[int]
    farthest: Optional[int]
    farthest_board: Optional[Board]
    distance_histogram: List[int]
    elapsed_ms: float

class Record:
    """One stored puzzle: a component's hardest position."""

    moves: int
    line: str
    cluster: int
    walls: int
    pieces: int
    histogram: List[int]
    @property
    def board(self) -> Board: ...

class Database:
    """An open puzzle database."""

    def __init__(self, path: Union[str, "os.PathLike[str]"]) -> None: ...
    @staticmethod
    def sample() -> "Database": ...
    def query(
        self,
        *,
        min_moves: Optional[int] = None,
        max_moves: Optional[int] = None,
        walls: Optional[int] = None,
        pieces: Optional[int] = None,
        random: bool = False,
        limit: Optional[int] = None,
    ) -> List[Record]: ...
    def random(self, min_moves: int, max_moves: int) -> Optional[Record]: ...
    def __len__(self) -> int: ...

class EnvCore:
    """N environments stepped together (see :mod:`unblocker.envs`)."""

    def __init__(
        self,
        game: str = "rush",
        n: int = 1,
        *,
        min_moves: int = 1,
        max_moves: int = 60,
        min_walls: int = 0,
        max_walls: int = 2,
        shaping: float = 0.0,
        max_steps: int = 0,
        autoreset: bool = False,
        database: Optional[str] = None,
        components: int = 64,
        refresh: int = 20_000,
        start: Optional[Board] = None,
    ) -> None: ...
    @property
    def observation_shape(self) -> Tuple[int, int, int]: ...
    @property
    def n_actions(self) -> int: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def arrays(
        self,
    ) -> Tuple[
        npt.NDArray[np.uint8],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int32],
        npt.NDArray[np.bool_],
    ]:
        """The arrays every call writes: observations, action masks, rewards,
        terminated, truncated, optimal_remaining, illegal."""
    def reset(self, seed: Optional[int] = None) -> None: ...
    def step(self, actions: npt.NDArray[np.int64]) -> None: ...
    def step_one(self, action: int) -> Tuple[float, bool, bool, int, bool]: ...
    def stats(self) -> Dict[str, Any]: ...
    def boards(self) -> List[Board]: ...
    def move_of(self, action: int) -> Optional[Move]: ...
    def action_of(self, move: MoveLike) -> int: ...

def bundled_names() -> List[str]:
    """The names of the bundled puzzles."""

def solve_many(
    boards: Sequence[BoardLike], *, metric: Optional[str] = None, max_memory: Union[int, str, None] = None
) -> npt.NDArray[np.int32]:
    """The optimum of every board (-1 if unsolvable), on all cores."""

def scan(source: Union[str, bytes, BinaryIO]) -> Tuple[Board, Dict[str, Any]]: ...
def random_puzzle(
    *,
    game: str = "rush",
    min_moves: int = 1,
    max_moves: int = 60,
    min_walls: int = 0,
    max_walls: int = 2,
    seed: int = 0,
    database: Optional[str] = None,
) -> Tuple[Board, int]: ...
