"""Side-by-side figures for python/README.md, in one run:

* environment steps per second, single process: ``unblocker/RushHour-v0``
  plain and vectorised against ``parkinglotgym`` (a random legal move each
  step, episodes cut at 200 steps; the second of two passes);
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


def rate(count, seconds):
    return count / seconds


def steps_unblocker(steps, components=None, seed=0):
    from unblocker.envs import RushHourEnv

    env = RushHourEnv(moves=(10, 30), components=components)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    start = time.perf_counter()
    length = 0
    for _ in range(steps):
        action = int(np.argmax(info["action_mask"] * rng.random(env.action_space.n)))
        _, _, terminated, _, info = env.step(action)
        length += 1
        if terminated or length == EPISODE:
            _, info = env.reset()
            length = 0
    return rate(steps, time.perf_counter() - start)


def steps_unblocker_vector(calls, num_envs, components=None, seed=0):
    from unblocker.envs import UnblockerVectorEnv

    env = UnblockerVectorEnv(num_envs, moves=(10, 30), max_steps=EPISODE, components=components)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    n = env.single_action_space.n
    start = time.perf_counter()
    for _ in range(calls):
        actions = np.argmax(info["action_mask"] * rng.random((num_envs, n)), axis=1)
        _, _, _, _, info = env.step(actions)
    return rate(calls * num_envs, time.perf_counter() - start)


def steady(measure, *args, components=None, **kwargs):
    """The rate of a second pass with other random choices, after an
    untimed first one (which fills the caches a long run has filled; with
    a fixed set of components, every one of them is tabulated first)."""
    if components is not None:
        from unblocker.envs import UnblockerVectorEnv

        UnblockerVectorEnv(4 * components, moves=(10, 30), components=components).reset(seed=1)
        kwargs["components"] = components
    measure(*args, seed=1, **kwargs)
    return measure(*args, seed=0, **kwargs)


def reset_ms(resets):
    """The mean time of a reset into a component not tabulated yet."""
    from unblocker.envs import UnblockerVectorEnv

    env = UnblockerVectorEnv(resets, moves=(10, 30))
    start = time.perf_counter()
    env.reset(seed=12345)
    return (time.perf_counter() - start) / resets * 1000


def steps_parkinglotgym(steps, seed=0):
    from parkinglotgym import ParkingLotEnv

    env = ParkingLotEnv(20)
    rnd = random.Random(seed)
    _, info = env.reset(seed=seed)
    start = time.perf_counter()
    length = 0
    for _ in range(steps):
        moves = info["available_moves"]
        vehicle = rnd.choice(list(moves))
        _, _, terminated, _, info = env.step((vehicle, rnd.choice(moves[vehicle])))
        length += 1
        if terminated or length == EPISODE:
            _, info = env.reset()
            length = 0
    return rate(steps, time.perf_counter() - start)


def solves(data):
    from unblocker import Board, solve_many

    lines = (data / "puzzles/rush/rush1000.txt").read_text().splitlines()[:100]
    expected = [int(line.split()[0]) for line in lines]
    boards = [line.split()[1] for line in lines]
    start = time.perf_counter()
    ours = [Board.parse(b).solve().length for b in boards]
    one = rate(len(boards), time.perf_counter() - start)
    start = time.perf_counter()
    many = solve_many(boards)
    threads = rate(len(boards), time.perf_counter() - start)
    start = time.perf_counter()
    python = [pybfs.solve(b) for b in boards]
    pure = rate(len(boards), time.perf_counter() - start)
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
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--num-envs", type=int, default=256)
    args = parser.parse_args()

    import parkinglotgym
    import parkinglotpuzzle
    import unblocker

    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores\n")
    print("| measure | unblocker | other | ratio |")
    print("|---|---|---|---|")
    calls = args.steps // args.num_envs * 4
    plg = steady(steps_parkinglotgym, args.steps // 4)
    ours = steady(steps_unblocker, args.steps)
    vector = steady(steps_unblocker_vector, calls, args.num_envs)
    fixed = steady(steps_unblocker, args.steps, components=64)
    vector_fixed = steady(steps_unblocker_vector, calls, args.num_envs, components=64)
    print(f"| env steps/s, one env | {ours:,.0f} | parkinglotgym {plg:,.0f} | {ours / plg:.1f}x |")
    print(f"| env steps/s, vectorised ({args.num_envs} envs) | {vector:,.0f} | parkinglotgym {plg:,.0f} | {vector / plg:.1f}x |")
    print(f"| env steps/s, one env, `components=64` | {fixed:,.0f} | parkinglotgym {plg:,.0f} | {fixed / plg:.1f}x |")
    print(f"| env steps/s, vectorised, `components=64` | {vector_fixed:,.0f} | parkinglotgym {plg:,.0f} | {vector_fixed / plg:.1f}x |")
    print(f"| reset into a new component (tabulating it), mean | {reset_ms(200):.1f} ms | | |")
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
