"""The Gymnasium environments."""

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
    with pytest.raises(ValueError, match="outside the action space"):
        RushHourEnv().action_of(("A", "right", 9))
    assert unblocker.envs.RushHourEnv is RushHourEnv
    assert isinstance(RushHourEnv().reset(seed=0)[0], np.ndarray)
    assert Board.parse("card1").game == "rush"


def test_a_fixed_set_of_components():
    env = UnblockerVectorEnv(8, moves=(5, 9), components=2, max_steps=3)
    env.reset(seed=0)
    starts = set()
    for _ in range(12):
        starts.update(b.canonical() for b in env.boards())
        env.step(np.full(8, -1, dtype=np.int64))
    components = {b.analyze().reachable_states for b in starts}
    assert len(starts) > 2 and len(components) <= 2
