"""Gymnasium environments over the Rust engine.

``unblocker/RushHour-v0`` (6x6 Rush Hour) and ``unblocker/Klotski-v0`` (4x5
Klotski): an observation is a ``uint8`` array ``(rows, cols, channels)``
with a channel per piece (0 the target), then walls, then the goal cells;
an action is a slide ``(piece, direction, distance)`` numbered
``(piece * 4 + direction) * max_distance + distance - 1`` (directions up,
down, left, right), with the legal ones in ``info["action_mask"]``. The
reward is -1 a move, plus ``shaping`` times the drop of the optimal distance
to the goal, which ``info["optimal_remaining"]`` gives after every step. An
illegal action leaves the board as it is (``info["illegal"]``).
:class:`UnblockerVectorEnv` steps N boards in one call into Rust.

Starts: a seed fixes a sequence of components drawn uniformly from the
candidates (the embedded sample's 6x6 components, or the bundled Klotski
layouts'); each start is a component drawn uniformly from a window of
``components`` consecutive ones, then one of its positions ``moves`` from
the goal, uniformly. The window moves on by one component every
``refresh`` steps (0: never), and a thread of its own tabulates the
components ahead of it. ``start=`` starts every episode at one board.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from . import MovesRange, Walls, moves_range, walls_range
from ._unblocker import Board, EnvCore

__all__ = ["RushHourEnv", "KlotskiEnv", "UnblockerVectorEnv", "register_envs"]

BoardLike = Union[Board, str]

CELL = 32
EMPTY = (236, 229, 212)
WALL = (70, 70, 70)
GOAL = (196, 222, 180)
TARGET = (210, 40, 40)
PIECES = np.array(
    [
        (66, 110, 196), (230, 160, 40), (60, 160, 90), (150, 90, 180),
        (40, 170, 180), (200, 120, 80), (120, 140, 60), (190, 80, 140),
        (90, 90, 150), (160, 150, 50), (60, 120, 120), (140, 100, 70),
    ],
    dtype=np.uint8,
)


def _core(game: str, num_envs: int, moves: MovesRange, walls: Walls, shaping: float,
          max_steps: int, autoreset: bool, database: Optional[str], components: int,
          refresh: int, start: Optional[BoardLike]) -> EnvCore:
    low, high = moves_range(moves)
    wall_low, wall_high = walls_range(walls)
    if start is not None and not isinstance(start, Board):
        start = Board.parse(start)
    return EnvCore(game, num_envs, min_moves=low, max_moves=high, min_walls=wall_low,
                   max_walls=wall_high, shaping=float(shaping), max_steps=max_steps,
                   autoreset=autoreset, database=database, components=components,
                   refresh=refresh, start=start)


def _seed_of(rng: np.random.Generator) -> int:
    """A seed for the core, drawn from a Gymnasium generator."""
    return int(rng.integers(0, 2**63))


def render_rgb(observation: np.ndarray) -> np.ndarray:
    """A picture of one observation: ``(rows * 32, cols * 32, 3)`` ``uint8``."""
    rows, cols, channels = observation.shape
    pieces = channels - 2
    image = np.empty((rows, cols, 3), dtype=np.uint8)
    image[:] = EMPTY
    image[observation[:, :, pieces + 1] == 1] = GOAL
    for p in range(pieces):
        cells = observation[:, :, p] == 1
        image[cells] = TARGET if p == 0 else PIECES[(p - 1) % len(PIECES)]
    image[observation[:, :, pieces] == 1] = WALL
    image = image.repeat(CELL, axis=0).repeat(CELL, axis=1)
    image[::CELL, :] = 40
    image[:, ::CELL] = 40
    return image


#: Components in the window starts are drawn from, by default.
COMPONENTS = 64
#: Steps (over all boards) between two moves of the window, by default.
REFRESH = 20_000


class _UnblockerEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}
    game = "rush"

    def __init__(self, moves: MovesRange = (1, 60), walls: Walls = None, shaping: float = 0.0,
                 render_mode: Optional[str] = None, database: Optional[str] = None,
                 components: int = COMPONENTS, refresh: int = REFRESH,
                 start: Optional[BoardLike] = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self._core = _core(self.game, 1, moves, walls, shaping, 0, False, database, components,
                           refresh, start)
        obs, mask, _, _, _, optimal, _ = self._core.arrays
        self._obs, self._mask, self._optimal = obs[0], mask[0], optimal
        self._seeded = False
        self.observation_space = spaces.Box(0, 1, shape=self._core.observation_shape, dtype=np.uint8)
        self.action_space = spaces.Discrete(self._core.n_actions)

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None or not self._seeded:
            self._core.reset(_seed_of(self.np_random))
            self._seeded = True
        else:
            self._core.reset()
        info = {"action_mask": self._mask.copy(), "optimal_remaining": int(self._optimal[0]),
                "illegal": False}
        return self._obs.copy(), info

    def step(self, action: int) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        reward, terminated, _, optimal, illegal = self._core.step_one(int(action))
        info = {"action_mask": self._mask.copy(), "optimal_remaining": optimal, "illegal": illegal}
        return self._obs.copy(), reward, terminated, False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (what maskable agents ask for)."""
        return self._mask.astype(bool)

    @property
    def board(self):
        """The current :class:`unblocker.Board`."""
        return self._core.boards()[0]

    def action_of(self, move) -> int:
        """The action of a :class:`unblocker.Move` or ``(piece, direction, distance)``."""
        return self._core.action_of(move)

    def move_of(self, action: int):
        """The :class:`unblocker.Move` of an action."""
        return self._core.move_of(int(action))

    def stats(self) -> Dict[str, Any]:
        """What the supply of starts has done since the seeded reset (see
        :meth:`UnblockerVectorEnv.stats`)."""
        return self._core.stats()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.board)
        if self.render_mode == "rgb_array" and self._seeded:
            return render_rgb(self._obs)
        return None


class RushHourEnv(_UnblockerEnv):
    """6x6 Rush Hour: starts ``moves`` optimal slides from the goal (a number
    or a range), from the embedded sample of the 6x6 database (or from the
    database file ``database``), with ``walls`` walls (``False`` none,
    ``True`` some, a number or a range); or every episode from ``start``
    (a board of any size up to 42 cells). ``components`` and ``refresh``
    shape the window starts are drawn from (see the module)."""

    game = "rush"


class KlotskiEnv(_UnblockerEnv):
    """4x5 Klotski: starts ``moves`` optimal slides from the goal (a number
    or a range) in the components of the bundled layouts (横刀立马 …), or
    every episode from ``start``."""

    game = "klotski"

    def __init__(self, moves: MovesRange = (1, 100), walls: Walls = None, shaping: float = 0.0,
                 render_mode: Optional[str] = None, components: int = COMPONENTS,
                 refresh: int = REFRESH, start: Optional[BoardLike] = None) -> None:
        super().__init__(moves, walls, shaping, render_mode, None, components, refresh, start)


class UnblockerVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` boards stepped in one call into Rust, on every core. A
    finished board restarts on its next step (Gymnasium's next-step
    autoreset: that step's action is ignored); ``max_steps`` truncates
    episodes. ``infos`` holds ``action_mask`` ``(num_envs, n)``,
    ``optimal_remaining`` and ``illegal``.

    Every call writes into the same arrays; ``copy=True`` (the default, as
    in Gymnasium's vector environments) returns copies of them, ``copy=False``
    the arrays themselves, which the next call overwrites."""

    metadata = {"render_modes": [], "autoreset_mode": "next_step"}

    def __init__(self, num_envs: int, game: str = "rush", moves: MovesRange = (1, 60),
                 walls: Walls = None, shaping: float = 0.0, max_steps: int = 200,
                 database: Optional[str] = None, components: int = COMPONENTS,
                 refresh: int = REFRESH, start: Optional[BoardLike] = None,
                 copy: bool = True) -> None:
        try:
            from gymnasium.vector import AutoresetMode

            self.metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}
        except ImportError:  # Gymnasium 1.0
            pass
        self._core = _core(game, num_envs, moves, walls, shaping, max_steps, True, database,
                           components, refresh, start)
        (self._obs, self._mask, self._rewards, self._terminated, self._truncated,
         self._optimal, self._illegal) = self._core.arrays
        self._copy = copy
        self._seeded = False
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(0, 1, shape=self._core.observation_shape, dtype=np.uint8)
        self.single_action_space = spaces.Discrete(self._core.n_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self.render_mode = None

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self._copy else array

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        if seed is not None:
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)
        if seed is not None or not self._seeded:
            self._core.reset(_seed_of(self.np_random))
            self._seeded = True
        else:
            self._core.reset()
        return self._out(self._obs), {"action_mask": self._out(self._mask),
                                      "optimal_remaining": self._out(self._optimal)}

    def step(self, actions):
        self._core.step(np.asarray(actions, dtype=np.int64))
        infos = {"action_mask": self._out(self._mask), "optimal_remaining": self._out(self._optimal),
                 "illegal": self._out(self._illegal)}
        return (self._out(self._obs), self._out(self._rewards), self._out(self._terminated),
                self._out(self._truncated), infos)

    def boards(self):
        """The current boards."""
        return self._core.boards()

    def stats(self) -> Dict[str, Any]:
        """What the supply of starts has done since the seeded reset:
        ``tabulated`` components and ``tabulating_seconds`` (on every
        thread), ``stalls`` (draws whose component was not tabulated yet)
        and ``stalled_seconds`` (the stepping threads' time on them)."""
        return self._core.stats()


def register_envs() -> None:
    """Registers ``unblocker/RushHour-v0`` and ``unblocker/Klotski-v0`` with
    Gymnasium (``import unblocker`` does it, before or after Gymnasium is
    imported)."""
    for name, entry in [("RushHour-v0", "unblocker.envs:RushHourEnv"),
                        ("Klotski-v0", "unblocker.envs:KlotskiEnv")]:
        env_id = f"unblocker/{name}"
        if env_id not in gymnasium.envs.registry:
            gymnasium.register(id=env_id, entry_point=entry, max_episode_steps=200)


register_envs()
