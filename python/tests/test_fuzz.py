"""Hypothesis fuzzing of every input path: nothing but the documented
exceptions may come out (a Rust panic would surface as PanicException)."""

import string

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from unblocker import Board, BoardError, MoveError, ScanError, scan, solve_many
from unblocker.envs import UnblockerVectorEnv

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOARD_CHARS = string.ascii_uppercase + "ox./:\n{}[],\"0123456789 -|+LRTB"


@FAST
@given(st.text(alphabet=BOARD_CHARS, max_size=80) | st.text(max_size=40))
def test_parse_any_text(text):
    try:
        board = Board.parse(text)
    except BoardError:
        return
    assert Board.parse(board.to_text("json")) == board


@FAST
@given(st.dictionaries(st.sampled_from(["width", "height", "pieces", "walls", "exit", "goal"]),
                       st.integers(-3, 12) | st.lists(st.dictionaries(
                           st.sampled_from(["label", "row", "col", "width", "height"]),
                           st.integers(-2, 9) | st.text(max_size=2)), max_size=4)))
def test_from_json_any_object(obj):
    try:
        Board.from_json(obj)
    except BoardError:
        pass


@FAST
@given(st.sampled_from(["card1", "hardest", "klotski", "AAB/..B/..B"]),
       st.lists(st.tuples(st.integers(-3, 30) | st.text(max_size=2),
                          st.sampled_from(["up", "down", "left", "right", "north", ""]),
                          st.integers(-5, 300)), max_size=8))
def test_apply_any_moves(name, moves):
    board = Board.parse(name)
    for move in moves:
        try:
            board = board.apply(move)
        except (MoveError, ValueError):
            pass
    assert Board.parse(board.to_text("json")) == board


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300))
def test_scan_any_bytes(data):
    for prefix in [b"", b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF89a", b"RIFF\0\0\0\0WEBP"]:
        try:
            scan(prefix + data)
        except ScanError:
            pass


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-2**63, 2**63 - 1) | st.integers(-5, 400), min_size=4, max_size=4))
def test_env_any_actions(actions):
    env = UnblockerVectorEnv(4, moves=(1, 10), max_steps=4)
    env.reset(seed=0)
    for _ in range(3):
        obs, rewards, terminated, truncated, info = env.step(np.array(actions, dtype=np.int64))
        assert obs.shape[0] == 4 and np.isfinite(rewards).all()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["rush", "klotski", "chess"]),
       st.tuples(st.integers(-2, 70), st.integers(-2, 70)) | st.integers(-2, 300) | st.none(),
       st.booleans() | st.integers(-1, 4) | st.none(),
       st.integers(-1, 8), st.integers(-1, 10**6),
       st.none() | st.sampled_from(["card1", "klotski", "AAB/..B/..B", "zz", ""]))
def test_env_any_arguments(game, moves, walls, components, refresh, start):
    try:
        env = UnblockerVectorEnv(2, game=game, moves=moves, walls=walls, components=components,
                                 refresh=refresh, start=start, max_steps=3)
        env.reset(seed=0)
    except (ValueError, TypeError, OverflowError):
        return
    for _ in range(4):
        obs, rewards, terminated, truncated, info = env.step(np.zeros(2, dtype=np.int64))
        assert (info["optimal_remaining"] >= -1).all()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["card1", "card2", "AAB/..B/..B", "", "zz"]), max_size=6))
def test_solve_many_any_list(names):
    try:
        answers = solve_many(names)
    except BoardError:
        return
    assert len(answers) == len(names)
