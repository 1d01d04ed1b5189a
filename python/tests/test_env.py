"""The Gymnasium environments."""

import os
import subprocess
import sys

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import unblocker.envs
from unblocker import Board
from unblocker.envs import KlotskiEnv, RushHourEnv, UnblockerVectorEnv


@pytest.mark.parametrize("env_id", ["unblocker/RushHour-v0", "unblocker/Klotski-v0"])
def test_registered_envs_pass_the_checker(env_id):
    env = gym.make(env_id)
    check_env(env.unwrapped, skip_render_check=True)
    for mode in ["ansi", "rgb_array"]:
        env = gym.make(env_id, render_mode=mode)
        check_env(env.unwrapped)


def test_masks_are_the_legal_moves_and_distances_the_optimum():
    env = RushHourEnv(moves=(8, 15))
    obs, info = env.reset(seed=7)
    rng = np.random.default_rng(0)
    for _ in range(30):
        board = env.board
        legal = {env.action_of(m) for m in board.moves()}
        assert set(np.flatnonzero(info["action_mask"])) == legal
        assert info["optimal_remaining"] == board.solve().length
        assert obs[:, :, 0].sum() == 2  # the target covers two cells
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        assert reward == -1.0 and not info["illegal"]
        assert env.board == board.apply(env.move_of(action))
        if terminated:
            assert env.board.is_solved and info["optimal_remaining"] == 0
            break


def test_following_the_optimum_solves_in_that_many_moves():
    env = RushHourEnv(moves=20, shaping=1.0)
    _, info = env.reset(seed=3)
    assert info["optimal_remaining"] == 20
    solution = env.board.solve()
    rewards = []
    for move in solution.moves:
        _, reward, terminated, _, info = env.step(env.action_of(move))
        rewards.append(reward)
    assert terminated and rewards == [0.0] * 20


def test_illegal_actions_change_nothing():
    env = KlotskiEnv(moves=10)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    board = env.board
    _, reward, terminated, _, info = env.step(illegal)
    assert info["illegal"] and env.board == board and reward == -1.0 and not terminated


def test_walls_and_seeds():
    env = RushHourEnv(moves=(10, 12), walls=False)
    env.reset(seed=5)
    first = env.board
    assert first.walls == []
    env.reset(seed=5)
    assert env.board == first
    env = RushHourEnv(moves=10, walls=2)
    env.reset(seed=1)
    assert len(env.board.walls) == 2


def test_renders():
    env = RushHourEnv(render_mode="rgb_array")
    env.reset(seed=0)
    image = env.render()
    assert image.shape == (6 * 32, 6 * 32, 3) and image.dtype == np.uint8
    env = KlotskiEnv(render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == str(env.board)
    with pytest.raises(ValueError, match="render_mode"):
        RushHourEnv(render_mode="human")


def test_vector_env_steps_and_autoresets():
    env = UnblockerVectorEnv(16, moves=1, max_steps=5)
    obs, info = env.reset(seed=0)
    assert obs.shape == (16, 6, 6, 17) and (info["optimal_remaining"] == 1).all()
    # The one winning move of each board.
    actions = [env._core.action_of(b.solve().moves[0]) for b in env.boards()]
    obs, rewards, terminated, truncated, info = env.step(actions)
    assert terminated.all() and not truncated.any() and (rewards == -1).all()
    obs, rewards, terminated, truncated, info = env.step(np.zeros(16, dtype=np.int64))
    assert (rewards == 0).all() and (info["optimal_remaining"] == 1).all()
    with pytest.raises(ValueError, match="expected 16 actions"):
        env.step([0, 1])


def test_vector_env_truncates():
    env = UnblockerVectorEnv(4, game="klotski", moves=(40, 60), max_steps=3)
    env.reset(seed=1)
    for _ in range(3):
        *_, truncated, _ = env.step(np.full(4, -1, dtype=np.int64))
    assert truncated.all()


def test_bad_env_arguments():
    with pytest.raises(ValueError):
        RushHourEnv(moves=(50, 10))
    with pytest.raises(ValueError, match="n must be"):
        UnblockerVectorEnv(0)
    with pytest.raises(ValueError, match="components must be"):
        UnblockerVectorEnv(2, components=5000)
    with pytest.raises(ValueError, match="at most 42"):
        RushHourEnv(start="8x8:AA..............................................................")
    with pytest.raises(ValueError, match="outside the action space"):
        RushHourEnv().action_of(("A", "right", 9))
    assert unblocker.envs.RushHourEnv is RushHourEnv
    assert isinstance(RushHourEnv().reset(seed=0)[0], np.ndarray)
    assert Board.parse("card1").game == "rush"


def test_a_fixed_set_of_components():
    env = UnblockerVectorEnv(8, moves=(5, 9), components=2, refresh=0, max_steps=3)
    env.reset(seed=0)
    starts = set()
    for _ in range(12):
        starts.update(b.canonical() for b in env.boards())
        env.step(np.full(8, -1, dtype=np.int64))
    components = {b.analyze().reachable_states for b in starts}
    assert len(starts) > 2 and len(components) <= 2


def test_the_window_moves_on():
    # One component at a time, the next every 16 steps (4 calls of 4
    # boards); the boards, cut at 2 steps, restart every third call.
    env = UnblockerVectorEnv(4, moves=(5, 9), components=1, refresh=16, max_steps=2)
    env.reset(seed=3)
    seen = []
    for _ in range(24):
        seen.extend(b.canonical().analyze().reachable_states for b in env.boards())
        env.step(np.full(4, -1, dtype=np.int64))
    assert len(set(seen)) >= 4
    assert env.stats()["tabulated"] >= 4


def test_vector_distances_are_the_optimum_and_seeds_repeat():
    env = UnblockerVectorEnv(64, moves=(6, 12), max_steps=4)
    _, info = env.reset(seed=11)
    first = [b.canonical() for b in env.boards()]
    rng = np.random.default_rng(1)
    for _ in range(6):
        actions = np.argmax(info["action_mask"] * rng.random(info["action_mask"].shape), axis=1)
        _, _, _, _, info = env.step(actions)
        for board, optimal in list(zip(env.boards(), info["optimal_remaining"]))[:16]:
            assert board.solve().length == optimal
    env.reset(seed=11)
    assert [b.canonical() for b in env.boards()] == first
    env.reset(seed=12)
    assert [b.canonical() for b in env.boards()] != first


def test_klotski_distances_are_the_optimum_in_slides():
    env = UnblockerVectorEnv(8, game="klotski", moves=(5, 40), max_steps=4)
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(3)
    for _ in range(4):
        for board, optimal in zip(env.boards(), info["optimal_remaining"]):
            assert board.solve(metric="slide").length == optimal
        actions = np.argmax(info["action_mask"] * rng.random(info["action_mask"].shape), axis=1)
        _, _, _, _, info = env.step(actions)


def test_starts_are_drawn_by_difficulty():
    env = UnblockerVectorEnv(256, moves=(10, 14), walls=False, max_steps=1)
    _, info = env.reset(seed=5)
    assert ((info["optimal_remaining"] >= 10) & (info["optimal_remaining"] <= 14)).all()
    assert all(b.walls == [] for b in env.boards())
    assert len({b.canonical() for b in env.boards()}) > 200


def test_a_fixed_start():
    env = RushHourEnv(start="card1")
    for seed in [0, 1]:
        _, info = env.reset(seed=seed)
        assert env.board == Board.parse("card1") and info["optimal_remaining"] == 8
    env = UnblockerVectorEnv(3, start=Board.parse("klotski"), game="klotski")
    _, info = env.reset(seed=0)
    assert (info["optimal_remaining"] == Board.parse("klotski").solve(metric="slide").length).all()
    with pytest.raises(ValueError, match="game"):
        RushHourEnv(start="klotski")


def test_arrays_are_written_in_place():
    env = UnblockerVectorEnv(4, moves=3, copy=False)
    obs, info = env.reset(seed=0)
    again, *_ = env.step(np.zeros(4, dtype=np.int64))
    assert again is obs
    env = UnblockerVectorEnv(4, moves=3)
    obs, info = env.reset(seed=0)
    again, *_ = env.step(np.zeros(4, dtype=np.int64))
    assert again is not obs


def test_stepping_before_a_reset():
    core = unblocker.envs.EnvCore("rush", 2)
    with pytest.raises(ValueError, match="reset"):
        core.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match="one board"):
        core.step_one(0)


def run_python(code, **env):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, **env}).stdout


EPISODES = """
import hashlib, numpy as np
from unblocker.envs import UnblockerVectorEnv
env = UnblockerVectorEnv(512, moves=(3, 12), max_steps=5, components=8, refresh=700)
obs, info = env.reset(seed=7)
rng, digest = np.random.default_rng(0), hashlib.sha256()
for _ in range(20):
    actions = np.argmax(info["action_mask"] * rng.random(info["action_mask"].shape), axis=1)
    obs, rewards, terminated, truncated, info = env.step(actions)
    for array in [obs, rewards, terminated, info["optimal_remaining"]]:
        digest.update(array.tobytes())
print(digest.hexdigest(), env.stats()["tabulated"])
"""


def test_a_seed_gives_the_same_episodes_on_any_number_of_threads():
    # The window moves on 14 times, while boards draw from components that
    # other threads may or may not have tabulated yet.
    one, tabulated = run_python(EPISODES, UNBLOCKER_THREADS="1").split()
    two, _ = run_python(EPISODES, UNBLOCKER_THREADS="2").split()
    assert one == two and int(tabulated) >= 20


@pytest.mark.parametrize("imports", ["import unblocker; import gymnasium as gym",
                                     "import gymnasium as gym; import unblocker"])
def test_import_unblocker_registers_the_environments(imports):
    out = run_python(f"{imports}\nprint(gym.make('unblocker/RushHour-v0').reset(seed=0)[0].shape)")
    assert out.strip() == "(6, 6, 17)"


def test_import_unblocker_does_not_import_gymnasium():
    code = "import sys, unblocker; print('gymnasium' in sys.modules, unblocker.Board.parse('card1').solve().length)"
    assert run_python(code).split() == ["False", "8"]
