"""Gymnasium environments over the Rust engine.

``unblocker/RushHour-v0`` (6x6 Rush Hour) and ``unblocker/Klotski-v0`` (4x5
Klotski): an observation is a ``uint8`` array ``(rows, cols, channels)``
with a channel per piece (0 the target), then walls, then the goal cells;
an action is a slide ``(piece, direction, distance)`` numbered
``(piece * 4 + direction) * max_distance + distance - 1`` (directions up,
down, left, right), with the legal ones in ``info["action_mask"]``. The
reward is -1 a move, plus ``shaping`` times the drop of the optimal distance
to the goal, which ``info["optimal_remaining"]`` gives after every step
(computed by the engine for the whole component at reset; ``components=k``
draws starts from a fixed set of k components, whose tables stay cached,
for faster resets). An illegal
action leaves the board as it is (``info["illegal"]``).
:class:`UnblockerVectorEnv` steps N boards in one call into Rust.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import gymnasium
import numpy as np
from gymnasium import spaces

from . import MovesRange, Walls, moves_range, walls_range
from ._unblocker import EnvCore

__all__ = ["RushHourEnv", "KlotskiEnv", "UnblockerVectorEnv", "register_envs"]

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
          max_steps: int, autoreset: bool, database: Optional[str],
          components: Optional[int]) -> EnvCore:
    low, high = moves_range(moves)
    wall_low, wall_high = walls_range(walls)
    return EnvCore(game, num_envs, min_moves=low, max_moves=high, min_walls=wall_low,
                   max_walls=wall_high, shaping=float(shaping), max_steps=max_steps,
                   autoreset=autoreset, database=database, components=components)


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


class _UnblockerEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}
    game = "rush"

    def __init__(self, moves: MovesRange = (1, 60), walls: Walls = None, shaping: float = 0.0,
                 render_mode: Optional[str] = None, database: Optional[str] = None,
                 components: Optional[int] = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self._core = _core(self.game, 1, moves, walls, shaping, 0, False, database, components)
        self.observation_space = spaces.Box(0, 1, shape=self._core.observation_shape, dtype=np.uint8)
        self.action_space = spaces.Discrete(self._core.n_actions)
        self._observation: Optional[np.ndarray] = None

    def _info(self, mask: np.ndarray, optimal: np.ndarray, illegal: bool = False) -> Dict[str, Any]:
        return {
            "action_mask": mask[0],
            "optimal_remaining": int(optimal[0]),
            "illegal": illegal,
        }

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        draw = int(self.np_random.integers(0, 2**63))
        obs, mask, optimal = self._core.reset(draw)
        self._observation = obs[0]
        return obs[0], self._info(mask, optimal)

    def step(self, action: int) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        actions = np.array([int(action)], dtype=np.int64)
        obs, reward, terminated, _truncated, mask, optimal, illegal = self._core.step(actions)
        self._observation = obs[0]
        return (obs[0], float(reward[0]), bool(terminated[0]), False,
                self._info(mask, optimal, bool(illegal[0])))

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

    def render(self):
        if self.render_mode == "ansi":
            return str(self.board)
        if self.render_mode == "rgb_array" and self._observation is not None:
            return render_rgb(self._observation)
        return None


class RushHourEnv(_UnblockerEnv):
    """6x6 Rush Hour: starts ``moves`` optimal slides from the goal (a number
    or a range), from the embedded sample of the 6x6 database (or from the
    database file ``database``), with ``walls`` walls (``False`` none,
    ``True`` some, a number or a range)."""

    game = "rush"


class KlotskiEnv(_UnblockerEnv):
    """4x5 Klotski: starts ``moves`` optimal slides from the goal (a number
    or a range) in the components of the bundled layouts (横刀立马 …)."""

    game = "klotski"

    def __init__(self, moves: MovesRange = (1, 100), walls: Walls = None, shaping: float = 0.0,
                 render_mode: Optional[str] = None, components: Optional[int] = None) -> None:
        super().__init__(moves, walls, shaping, render_mode, None, components)


class UnblockerVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` boards stepped in one call into Rust. A finished board
    restarts on its next step (Gymnasium's next-step autoreset: that step's
    action is ignored); ``max_steps`` truncates episodes. ``infos`` holds
    ``action_mask`` ``(num_envs, n)``, ``optimal_remaining`` and ``illegal``."""

    metadata = {"render_modes": [], "autoreset_mode": "next_step"}

    def __init__(self, num_envs: int, game: str = "rush", moves: MovesRange = (1, 60),
                 walls: Walls = None, shaping: float = 0.0, max_steps: int = 200,
                 database: Optional[str] = None, components: Optional[int] = None) -> None:
        try:
            from gymnasium.vector import AutoresetMode

            self.metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}
        except ImportError:  # Gymnasium 1.0
            pass
        self._core = _core(game, num_envs, moves, walls, shaping, max_steps, True, database, components)
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(0, 1, shape=self._core.observation_shape, dtype=np.uint8)
        self.single_action_space = spaces.Discrete(self._core.n_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self.render_mode = None

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        if seed is not None:
            self._np_random, _ = gymnasium.utils.seeding.np_random(seed)
        draw = int(self.np_random.integers(0, 2**63))
        obs, mask, optimal = self._core.reset(draw)
        return obs, {"action_mask": mask, "optimal_remaining": optimal}

    def step(self, actions):
        actions = np.asarray(actions, dtype=np.int64)
        obs, rewards, terminated, truncated, mask, optimal, illegal = self._core.step(actions)
        infos = {"action_mask": mask, "optimal_remaining": optimal, "illegal": illegal}
        return obs, rewards, terminated, truncated, infos

    def boards(self):
        """The current boards."""
        return self._core.boards()


def register_envs() -> None:
    """Registers ``unblocker/RushHour-v0`` and ``unblocker/Klotski-v0`` (done
    on import of :mod:`unblocker.envs`, and by Gymnasium's plugin entry
    point)."""
    for name, entry in [("RushHour-v0", "unblocker.envs:RushHourEnv"),
                        ("Klotski-v0", "unblocker.envs:KlotskiEnv")]:
        env_id = f"unblocker/{name}"
        if env_id not in gymnasium.envs.registry:
            gymnasium.register(id=env_id, entry_point=entry, max_episode_steps=200)


register_envs()
