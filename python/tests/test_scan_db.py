"""Screenshots, the database and random puzzles."""

import os
from pathlib import Path

import pytest

import unblocker
from unblocker import Board, Database, DatabaseError, ScanError, random_puzzle, scan


def screenshots(data):
    rows = (data / "screenshots/INDEX.tsv").read_text().splitlines()[1:]
    for row in rows:
        fields = row.split("\t")
        yield data / f"screenshots/{fields[0]}", fields[4], fields[5]


def test_screenshots_read_as_the_index_says(data):
    shots = list(screenshots(data))[:12]
    assert len(shots) >= 10  # the repository's copy holds 11
    read = 0
    for path, board36, exit in shots:
        if board36 == "-":  # a negative example: a picture without a board
            with pytest.raises(ScanError):
                scan(path)
            read += 1
            continue
        board, info = scan(path)
        assert 0.0 <= info["confidence"] <= 1.0
        expected = Board.parse(board36 if exit == "R2" else f"{board36}:{exit}")
        assert board == expected, path.name
        assert scan(path.read_bytes())[0] == board
        with open(path, "rb") as stream:
            assert scan(stream)[0] == board
        read += 1
    assert read == len(shots)


def test_bad_pictures_raise_scan_error(tmp_path):
    with pytest.raises(ScanError):
        scan(b"not a picture")
    with pytest.raises(ScanError):
        scan(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    with pytest.raises(OSError):
        scan(tmp_path / "missing.png")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_endless_files_and_streams_are_refused_at_the_bound(tmp_path):
    # A device never ends: read without a bound, these calls never return.
    for source in ["/dev/zero", Path("/dev/zero")]:
        with pytest.raises(OSError, match="more than 67108864 bytes"):
            scan(source)
    with open("/dev/zero", "rb") as stream:
        with pytest.raises(OSError, match="more than 67108864 bytes"):
            scan(stream)
    # A file of just the bound's size is read (and is no picture); a byte
    # more is refused by its size, before reading.
    bound = tmp_path / "bound.png"
    with open(bound, "wb") as f:
        f.truncate(64 << 20)
    with pytest.raises(ScanError):
        scan(bound)
    with open(bound, "ab") as f:
        f.write(b"\0")
    with pytest.raises(OSError, match="is 67108865 bytes; the limit is 67108864"):
        scan(bound)


def test_sample_database():
    db = Database.sample()
    assert len(db) > 1000
    hardest = db.query(limit=1)[0]
    assert hardest.moves == 60 and hardest.board.solve().length == 60
    tens = db.query(min_moves=10, max_moves=10, walls=0, limit=5)
    assert len(tens) == 5 and all(r.moves == 10 and r.walls == 0 for r in tens)
    assert tens[0].board.solve().length == 10
    assert db.random(20, 22).moves in (20, 21, 22)
    assert db.random(200, 300) is None


def test_missing_database_file(tmp_path):
    with pytest.raises(DatabaseError):
        Database(tmp_path / "none.sqlite")
    with pytest.raises(DatabaseError):
        random_puzzle(5, database=tmp_path / "none.sqlite")


def test_random_puzzles_have_the_optimum_they_claim():
    for seed in range(8):
        board, moves = random_puzzle((5, 30), walls=False, seed=seed)
        assert 5 <= moves <= 30 and board.walls == []
        assert board.solve().length == moves
    board, moves = random_puzzle(12, walls=True, seed=1)
    assert moves == 12 and board.walls
    assert random_puzzle(12, seed=4) == random_puzzle(12, seed=4)
    board, moves = random_puzzle((30, 40), game="klotski", seed=2)
    assert board.game == "klotski" and board.solve(metric="slide").length == moves


def test_random_puzzle_arguments():
    with pytest.raises(ValueError, match="moves"):
        random_puzzle((9, 3))
    with pytest.raises(ValueError, match="no puzzle matches"):
        random_puzzle(5, walls=7)
    with pytest.raises(ValueError, match="unknown game"):
        random_puzzle(5, game="go")
    assert unblocker.moves_range(None) == (0, 255)
