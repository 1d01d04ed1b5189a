"""Solving and analysing against the ground truth."""

import os
import signal
import threading
import time

import numpy as np
import pytest

from unblocker import Board, solve_many


def thinkfun(data):
    for line in (data / "puzzles/rush/thinkfun40_verified.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            card, slides, steps, board = line.split()[:4]
            yield card, int(slides), int(steps), board


def test_thinkfun_cards_in_slides_and_steps(data):
    cards = list(thinkfun(data))
    assert len(cards) == 40
    for card, slides, steps, line in cards:
        board = Board.parse(line)
        solution = board.solve()
        assert (solution.status, solution.length, solution.optimal) == ("solved", slides, True), card
        assert solution.metric == "slide"
        assert len(solution.moves) == slides
        boards = solution.boards()
        assert boards[0] == board and boards[-1].is_solved
        assert board.solve(metric="step").length == steps, card


def test_klotski_layouts(data):
    rows = (data / "puzzles/klotski/classic.tsv").read_text().splitlines()[1:6]
    for row in rows:
        name, grid, goal, steps, straight, piece, reachable = row.split("\t")
        r, c = map(int, goal.split(","))
        board = Board.parse(grid, goal=(r, c))
        assert board.solve().length == int(piece), name
        assert board.solve(metric="slide").length == int(straight), name
        assert board.analyze().reachable_states == int(reachable), name


def test_statistics_and_algorithms():
    board = Board.parse("card1")
    solution = board.solve()
    stats = solution.statistics
    assert stats["examined"] > 0 and stats["enqueued"] >= stats["examined"]
    assert sum(level["enqueued"] for level in stats["per_level"]) > 0
    for algorithm in ["astar", "idastar", "bidir", "iddfs"]:
        assert board.solve(algorithm=algorithm).length == 8, algorithm
    assert board.solve(algorithm="greedy").optimal is False
    with pytest.raises(ValueError, match="unknown algorithm"):
        board.solve(algorithm="magic")
    with pytest.raises(ValueError, match="metric"):
        board.solve(metric="hops")


def test_analysis_of_the_hardest_puzzle():
    analysis = Board.parse("hardest").analyze()
    assert (analysis.reachable_states, analysis.optimal, analysis.farthest) == (2332, 60, 60)
    assert sum(analysis.distance_histogram) == 2332
    assert analysis.farthest_board.solve().length == 60


def test_limits_stop_a_search():
    board = Board.parse("klotski")
    assert board.solve(max_nodes=1000).status == "node_limit"
    assert board.solve(max_memory=4096).status == "memory_limit"
    assert board.solve(max_memory="4K").status == "memory_limit"
    assert board.solve(timeout=1e-6, metric="step").status in ("timeout", "solved")
    for bad in [0.0, -1.0, float("nan")]:
        with pytest.raises(ValueError, match="timeout"):
            board.solve(timeout=bad)
    with pytest.raises(ValueError, match="size"):
        board.solve(max_memory="lots")


def test_unsolvable_board():
    board = Board.parse("AAB/..B/..B")
    solution = board.solve()
    assert (solution.status, solution.length, solution.solved) == ("unsolvable", None, False)
    assert solve_many([board])[0] == -1


def test_solve_many_matches_the_database(data):
    lines = (data / "puzzles/rush/rush1000.txt").read_text().splitlines()[:40]
    expected = np.array([int(line.split()[0]) for line in lines], dtype=np.int32)
    answers = solve_many([line.split()[1] for line in lines])
    assert answers.dtype == np.int32
    assert (answers == expected).all()
    with pytest.raises(ValueError):
        solve_many(["card1", "not a board"])


def test_ctrl_c_stops_a_long_solve():
    board = Board.parse("klotski")
    pressed = []

    def on_ctrl_c(signum, frame):
        # The first Ctrl+C interrupts; the repeats below are ignored.
        if not pressed:
            pressed.append(signum)
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, on_ctrl_c)
    done = threading.Event()

    def press():
        # Ctrl+C every 0.2 s until the solve has ended, as a user would.
        while not done.wait(0.2):
            os.kill(os.getpid(), signal.SIGINT)

    presser = threading.Thread(target=press)
    presser.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            board.solve(metric="step", algorithm="iddfs")
    finally:
        done.set()
        presser.join()
        signal.signal(signal.SIGINT, previous)
    assert pressed == [signal.SIGINT]


def test_solves_run_in_parallel_threads():
    # Each solve runs to its time limit. With the GIL released, the four run
    # at once, so each one's window, from call to return, overlaps all the
    # others'; solves holding the GIL would run one after another, each
    # starting after the last one returned.
    board = Board.parse("klotski")
    barrier = threading.Barrier(4)
    windows = {}

    def solve(i):
        barrier.wait()
        start = time.perf_counter()
        status = board.solve(metric="step", algorithm="iddfs", timeout=0.5).status
        windows[i] = (start, time.perf_counter(), status)

    threads = [threading.Thread(target=solve, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    starts, ends, statuses = zip(*windows.values())
    assert statuses == ("timeout",) * 4
    assert max(starts) < min(ends)
