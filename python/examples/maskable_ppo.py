"""A masked policy-gradient agent learning Rush Hour: sb3-contrib's
MaskablePPO trained on puzzles 5 to 10 moves from the goal, then measured on
puzzles it has not been trained on: the share it solves and the mean number
of moves its solutions take beyond the optimum (which the environment gives
at every step).

The reward is -1 a move plus the drop of the optimal distance
(``shaping=1``): a move along an optimal solution earns 0, one that keeps
the distance -1, one that adds to it -2. Every episode starts at a fresh
position drawn by its optimal distance, so the agent cannot memorise a
handful of puzzles. Not run in CI (it needs PyTorch and some minutes)::

    pip install "./python[gym]" sb3-contrib
    python python/examples/maskable_ppo.py            # about 16 minutes on 2 cores
"""

import argparse
import time

import gymnasium as gym
import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

import unblocker  # noqa: F401  (registers the environments)

ENV = "unblocker/RushHour-v0"


def evaluate(model, episodes, moves, limit, seed):
    """Plays `episodes` fresh puzzles greedily: the share solved within
    `limit` moves, and the mean moves beyond the optimum of those solved."""
    env = gym.make(ENV, moves=moves, max_episode_steps=limit)
    obs, info = env.reset(seed=seed)
    solved, excess = 0, []
    for _ in range(episodes):
        optimal, taken = info["optimal_remaining"], 0
        while True:
            action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
            obs, _, terminated, truncated, info = env.step(int(action))
            taken += 1
            if terminated or truncated:
                break
        if terminated:
            solved += 1
            excess.append(taken - optimal)
        obs, info = env.reset()
    return solved / episodes, float(np.mean(excess)) if excess else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=1_000_000, help="training steps")
    parser.add_argument("--envs", type=int, default=16, help="environments stepped together")
    parser.add_argument("--episodes", type=int, default=1000, help="puzzles played to measure")
    parser.add_argument("--limit", type=int, default=50, help="moves allowed an episode")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    moves = (5, 10)

    envs = make_vec_env(ENV, n_envs=args.envs, seed=args.seed,
                        env_kwargs={"moves": moves, "shaping": 1.0, "max_episode_steps": args.limit})
    # A short horizon suits the shaped reward, which says at once what a
    # move is worth (with gamma 0.99 and 4 epochs, 1 million steps solved
    # 24% of the puzzles).
    model = MaskablePPO("MlpPolicy", envs, n_steps=256, batch_size=1024, n_epochs=10,
                        learning_rate=3e-4, gamma=0.9, gae_lambda=0.9, ent_coef=0.01,
                        policy_kwargs={"net_arch": [256, 256]}, seed=args.seed, verbose=0)
    before = evaluate(model, args.episodes, moves, args.limit, seed=10_000 + args.seed)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    minutes = (time.perf_counter() - start) / 60
    after = evaluate(model, args.episodes, moves, args.limit, seed=10_000 + args.seed)
    print(f"{args.episodes} fresh puzzles of {moves[0]} to {moves[1]} moves, at most {args.limit} moves each")
    print(f"untrained:                 solved {before[0]:.1%}, mean excess {before[1]:.2f} moves")
    print(f"after {args.steps:,} steps ({minutes:.0f} min): solved {after[0]:.1%}, mean excess {after[1]:.2f} moves")


if __name__ == "__main__":
    main()
