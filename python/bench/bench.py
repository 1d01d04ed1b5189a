"""Side-by-side figures for python/README.md, in one run:

* environment steps per second, counting only the environments' own calls
  (step and reset, not the agent's choice of action; the whole loop's rate
  beside it): ``parkinglotgym``'s ``Puzzle6x6Moves30-v0``, one
  ``unblocker/RushHour-v0`` and one ``unblocker/Klotski-v0`` through
  ``gym.make``, and ``UnblockerVectorEnv``; a random legal move each step,
  episodes cut at 200 steps, our starts drawn afresh 10 to 30 moves from
  the goal with their exact optimal distances; the second of two passes,
  each after its own seeded reset;
* optimal solves per second on the first 100 puzzles of rush1000.txt: the
  engine (one thread, and ``solve_many`` on every core) against a
  straightforward pure-Python breadth-first search, every answer checked
  against the file;
* import time, wheel and installed sizes.

Run by ``python/bench/run.sh`` (which builds the release wheel and the
virtual environment); by hand: ``python bench/bench.py --wheel WHEEL``.
"""

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import pybfs  # noqa: E402

ROOT = HERE.parents[1]
EPISODE = 200
MOVES = (10, 30)


class Clock:
    """Adds up the time of the calls it times, and of the whole loop."""

    def __init__(self):
        self.inside = 0.0
        self.started = time.perf_counter()

    def call(self, function, *args):
        start = time.perf_counter()
        result = function(*args)
        self.inside += time.perf_counter() - start
        return result

    def rates(self, steps):
        return steps / self.inside, steps / (time.perf_counter() - self.started)


def steps_parkinglotgym(steps, seed):
    import gymnasium as gym
    import parkinglotgym  # noqa: F401  (registers its environments)

    env = gym.make("Puzzle6x6Moves30-v0")
    rnd = random.Random(seed)
    _, info = env.reset(seed=seed)
    clock = Clock()
    length = 0
    for _ in range(steps):
        moves = info["available_moves"]
        vehicle = rnd.choice(list(moves))
        _, _, terminated, _, info = clock.call(env.step, (vehicle, rnd.choice(moves[vehicle])))
        length += 1
        if terminated or length == EPISODE:
            _, info = clock.call(env.reset)
            length = 0
    return clock.rates(steps)


def steps_unblocker(env_id, steps, seed):
    """One environment through ``gym.make`` (its 200-step limit cuts the
    episodes)."""
    import gymnasium as gym

    import unblocker  # noqa: F401  (registers the environments)

    env = gym.make(env_id, moves=MOVES)
    rng = np.random.default_rng(seed)
    n = env.action_space.n
    _, info = env.reset(seed=seed)
    clock = Clock()
    for _ in range(steps):
        action = int(np.argmax(info["action_mask"] * rng.random(n)))
        _, _, terminated, truncated, info = clock.call(env.step, action)
        if terminated or truncated:
            _, info = clock.call(env.reset)
    return clock.rates(steps)


def steps_vector(calls, num_envs, seed, copy):
    from unblocker.envs import UnblockerVectorEnv

    env = UnblockerVectorEnv(num_envs, moves=MOVES, max_steps=EPISODE, copy=copy)
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    _, info = env.reset(seed=seed)
    seeded_reset = time.perf_counter() - start
    n = env.single_action_space.n
    noise = rng.random((4, num_envs, n))
    clock = Clock()
    for call in range(calls):
        actions = np.argmax(info["action_mask"] * noise[call % 4], axis=1)
        _, _, _, _, info = clock.call(env.step, actions)
    return clock.rates(calls * num_envs), seeded_reset, env.stats()


def steady(measure, *args, **kwargs):
    """The second of two passes, with other random choices."""
    measure(*args, seed=1, **kwargs)
    return measure(*args, seed=0, **kwargs)


def solves(data):
    from unblocker import Board, solve_many

    lines = (data / "puzzles/rush/rush1000.txt").read_text().splitlines()[:100]
    expected = [int(line.split()[0]) for line in lines]
    boards = [line.split()[1] for line in lines]
    start = time.perf_counter()
    ours = [Board.parse(b).solve().length for b in boards]
    one = len(boards) / (time.perf_counter() - start)
    start = time.perf_counter()
    many = solve_many(boards)
    threads = len(boards) / (time.perf_counter() - start)
    start = time.perf_counter()
    python = [pybfs.solve(b) for b in boards]
    pure = len(boards) / (time.perf_counter() - start)
    assert ours == expected == python == list(many), "answers differ"
    return one, threads, pure


def import_seconds(statement, runs=7):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", statement], check=True)
        best = min(best, time.perf_counter() - start)
    return best


def tree_bytes(path):
    return sum(f.stat().st_size for f in Path(path).rglob("*") if f.is_file())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheel", type=Path, help="the built wheel, for its size")
    parser.add_argument("--data", type=Path,
                        default=Path(os.environ.get("UNBLOCKER_DATA", ROOT.parent / "shared")))
    parser.add_argument("--steps", type=int, default=200_000, help="steps of one environment")
    parser.add_argument("--vector-steps", type=int, default=4_000_000)
    parser.add_argument("--num-envs", type=int, default=1024)
    args = parser.parse_args()

    import parkinglotgym
    import parkinglotpuzzle
    import unblocker

    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores\n")
    plg, plg_loop = steady(steps_parkinglotgym, args.steps // 10)
    rush, rush_loop = steady(steps_unblocker, "unblocker/RushHour-v0", args.steps)
    klotski, klotski_loop = steady(steps_unblocker, "unblocker/Klotski-v0", args.steps)
    calls = args.vector_steps // args.num_envs
    (vector, vector_loop), seeded, stats = steady(steps_vector, calls, args.num_envs, copy=False)
    (copied, copied_loop), _, _ = steady(steps_vector, calls, args.num_envs, copy=True)
    n = args.num_envs
    print("| environment | steps/s, env's calls | steps/s, whole loop | against ParkingLotGym |")
    print("|---|---|---|---|")
    rows = [
        ("ParkingLotGym `Puzzle6x6Moves30-v0`", plg, plg_loop),
        ("`unblocker/RushHour-v0`", rush, rush_loop),
        ("`unblocker/Klotski-v0`", klotski, klotski_loop),
        (f"`UnblockerVectorEnv({n}, copy=False)`", vector, vector_loop),
        (f"`UnblockerVectorEnv({n})` (copies)", copied, copied_loop),
    ]
    for name, calls_rate, loop_rate in rows:
        print(f"| {name} | {calls_rate:,.0f} | {loop_rate:,.0f} | {calls_rate / plg:.1f}x |")
    per_million = stats["tabulating_seconds"] / (calls * n) * 1e6
    print(f"\nThe vector environment's pass: {stats['tabulated']} components tabulated, "
          f"{stats['tabulating_seconds']:.2f} s on all threads ({per_million:.2f} s a million steps), "
          f"{stats['stalls']} stalls ({stats['stalled_seconds']:.3f} s); its seeded reset took "
          f"{seeded * 1000:.0f} ms.\n")
    print("| measure | unblocker | other | ratio |")
    print("|---|---|---|---|")
    one, threads, pure = solves(args.data)
    print(f"| optimal solves/s, rush1000.txt first 100, one thread | {one:,.1f} | pure-Python BFS {pure:,.2f} | {one / pure:.0f}x |")
    print(f"| optimal solves/s, same, `solve_many` ({os.cpu_count()} cores) | {threads:,.1f} | pure-Python BFS {pure:,.2f} | {threads / pure:.0f}x |")
    bare = import_seconds("pass")
    ours_import = import_seconds("import unblocker") - bare
    envs_import = import_seconds("import unblocker.envs") - bare
    plg_import = import_seconds("import parkinglotgym") - bare
    print(f"| import time | {ours_import * 1000:.0f} ms (`unblocker.envs` with Gymnasium: {envs_import * 1000:.0f} ms) | parkinglotgym {plg_import * 1000:.0f} ms | |")
    if args.wheel:
        print(f"| wheel size | {args.wheel.stat().st_size / 1e6:.1f} MB | | |")
    ours_size = tree_bytes(Path(unblocker.__file__).parent)
    plg_size = tree_bytes(Path(parkinglotgym.__file__).parent) + tree_bytes(Path(list(parkinglotpuzzle.__path__)[0]))
    print(f"| installed size | {ours_size / 1e6:.1f} MB | parkinglotgym + parkinglotpuzzle {plg_size / 1e6:.0f} MB | |")


if __name__ == "__main__":
    main()
