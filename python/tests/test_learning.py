"""An agent learns: tabular Q-learning on one fixed puzzle finds a
solution of the optimal length, which the environment says at the start."""

import gymnasium as gym
import numpy as np

import unblocker  # noqa: F401  (registers the environments)


def best(values, mask):
    """The legal action of highest value (the first among equals)."""
    return int(np.argmax(np.where(mask == 1, values, -np.inf)))


def test_q_learning_reaches_the_optimal_length():
    # Rewards of -1 a move and values starting at 0 (above every true
    # value): acting greedily tries every untried move, and with a
    # learning rate of 1 in a deterministic puzzle the values settle on
    # minus the optimal distances along the way.
    env = gym.make("unblocker/RushHour-v0", start="card1")
    q = {}

    def values(obs):
        return q.setdefault(obs.tobytes(), np.zeros(env.action_space.n))

    lengths = []
    for episode in range(2000):
        obs, info = env.reset(seed=episode)
        optimal = info["optimal_remaining"]
        for step in range(1, 201):
            action = best(values(obs), info["action_mask"])
            after, reward, terminated, truncated, info = env.step(action)
            future = 0.0 if terminated else values(after)[info["action_mask"] == 1].max()
            values(obs)[action] = reward + future
            obs = after
            if terminated or truncated:
                break
        lengths.append(step if terminated else None)
        if lengths[-3:] == [optimal] * 3:
            break
    assert optimal == 8
    assert lengths[-3:] == [8, 8, 8], lengths
    # The greedy policy, no longer learning, solves it in 8 moves.
    obs, info = env.reset()
    for moves in range(1, 9):
        obs, _, terminated, _, info = env.step(best(values(obs), info["action_mask"]))
    assert terminated and env.unwrapped.board.is_solved and moves == 8
