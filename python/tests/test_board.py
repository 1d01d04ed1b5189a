"""Boards: every format read and printed, moves, errors."""

import json
import pickle

import pytest

import unblocker
from unblocker import Board, BoardError, Move, MoveError

CARD1 = "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo"


def test_every_format_reads_the_same_board():
    board = Board.parse(CARD1)
    for fmt in ["line", "rows", "grid", "jams", "json"]:
        text = board.to_text(fmt)
        assert Board.parse(text) == board, fmt
    assert Board.parse("card1") == board
    assert Board.from_json(board.to_text("json")) == board
    assert Board.from_json(board.to_dict()) == board
    assert board.to_text() == CARD1


def test_klotski_commoncode_and_rows():
    board = Board.parse("klotski")
    assert board.game == "klotski"
    assert (board.width, board.height) == (4, 5)
    code = board.to_text("code")
    assert Board.parse(code) == board
    assert Board.parse(board.to_text("rows")) == board
    assert board.goal == {"row": 3, "col": 1}


def test_jams_file_of_one_puzzle(data):
    text = (data / "puzzles/rush/cos402_jams.txt").read_text()
    first = text.split(".\n")[0] + ".\n"
    assert Board.parse(first) == Board.parse(CARD1)
    with pytest.raises(BoardError, match="jams"):
        Board.parse(text)


def test_exit_suffix_and_walls():
    board = Board.parse("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM")
    assert board.walls == [(0, 3)]
    assert board.goal == {"exit": "right", "index": 2}
    left = Board.parse("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM:L2")
    assert left.goal == {"exit": "left", "index": 2}
    assert left.to_text().endswith(":L2")


def test_formats_that_would_lose_the_board_are_refused():
    with pytest.raises(ValueError, match="COS402 jams hold"):
        Board.parse("klotski").to_text("jams")
    with pytest.raises(ValueError, match="CommonCode"):
        Board.parse(CARD1).to_text("code")
    with pytest.raises(ValueError, match="format"):
        Board.parse(CARD1).to_text("png")


def test_bad_boards_raise_board_error_with_the_library_message():
    with pytest.raises(BoardError) as error:
        Board.parse("AA.../B")
    assert isinstance(error.value, ValueError)
    assert str(error.value).startswith("bad board: ")
    with pytest.raises(BoardError, match="is not a bundled puzzle or a board"):
        Board.parse("card99")
    with pytest.raises(BoardError):
        Board.from_json("{}")
    with pytest.raises(TypeError):
        Board.from_json(3)
    with pytest.raises(ValueError, match="unknown game"):
        Board.parse(CARD1, game="chess")


def test_moves_and_apply():
    board = Board.parse(CARD1)
    moves = board.moves()
    assert Move("B", "right", 1) in moves
    assert all(m.distance >= 1 for m in moves)
    after = board.apply(Move("B", "right", 1))
    assert after.pieces[1][:3] == ("B", 0, 1)
    assert board.apply(("B", "right", 1)) == after
    assert board.apply((1, "right", 1)) == after
    with pytest.raises(MoveError, match="blocked"):
        board.apply(("B", "left", 1))
    with pytest.raises(MoveError, match="slides only left and right"):
        board.apply(("B", "up", 1))
    with pytest.raises(MoveError, match="no piece"):
        board.apply(("Z", "up", 1))
    with pytest.raises(MoveError):
        board.apply(("B", "right", 0))
    with pytest.raises(ValueError, match="direction"):
        board.apply(("B", "north", 1))
    with pytest.raises(TypeError):
        board.apply("B right 1")


def test_boards_are_values():
    a, b = Board.parse(CARD1), Board.parse("card1")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert pickle.loads(pickle.dumps(a)) == a
    assert repr(a) == f'Board("{CARD1}")'
    assert "| B B . . . C |" in str(a)
    assert json.loads(a.to_text("json"))["width"] == 6


def test_bundled_names():
    names = unblocker.bundled_names()
    assert "hardest" in names and "card40" in names and "横刀立马" in names
    for name in names:
        Board.parse(name)


def test_fuzz_corpus_replays_without_a_crash():
    images = unblocker_root() / "fuzz/corpus/images"
    for path in sorted(images.iterdir()) if images.is_dir() else []:
        try:
            unblocker.scan(path.read_bytes())
        except unblocker.ScanError:
            pass
    corpus = unblocker_root() / "fuzz/corpus/boards"
    for path in sorted(corpus.iterdir()):
        text = path.read_bytes().decode("utf-8", "replace")
        try:
            board = Board.parse(text)
        except BoardError:
            continue
        for fmt in ["line", "rows", "grid", "jams", "json"]:
            try:
                assert Board.parse(board.to_text(fmt)) == board
            except ValueError:
                pass


def unblocker_root():
    from conftest import ROOT

    return ROOT
