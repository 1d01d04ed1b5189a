"""What ending a phase costs on this disk, at the full 6x6 run's scale, for the
two layouts of the removal tests' state (run as root: it drops the page cache).

    python3 crates/gen/benches/phase_end.py DIR [ROWS] [BYTES]

One file holds the waiting candidates of two phases, interleaved by unit as
the units of two phases are numbered (ROWS rows of about BYTES bytes each per
phase; by default 500,000 of 3,500 bytes, about the full run's phase 7), and
the end of a phase deletes one phase's rows; in the other layout that phase's
rows are a file of their own, and the end of the phase removes it. Both are
timed with a cold page cache, as a long run finds the file.
"""
import os
import random
import sqlite3
import sys
import time


def fresh(path):
    for f in [path, path + "-wal", path + "-shm"]:
        if os.path.exists(f):
            os.remove(f)
    c = sqlite3.connect(path)
    c.execute("PRAGMA journal_mode=WAL")
    c.execute("PRAGMA synchronous=NORMAL")
    return c


def cold():
    os.system("sync")
    with open("/proc/sys/vm/drop_caches", "w") as f:
        f.write("3\n")


def main():
    folder = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 500_000
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 3_500
    one = os.path.join(folder, "one-file.sqlite")
    own = os.path.join(folder, "waiting-7.sqlite")
    shared = fresh(one)
    shared.execute("CREATE TABLE waiting (unit INTEGER PRIMARY KEY, phase INTEGER NOT NULL, data BLOB NOT NULL)")
    shared.execute("CREATE INDEX waiting_phase ON waiting (phase)")
    alone = fresh(own)
    alone.execute("CREATE TABLE waiting (unit INTEGER PRIMARY KEY, data BLOB NOT NULL)")
    rnd = random.Random(1)
    blob = os.urandom(size * 2)
    for start in range(0, 2 * rows, 10_000):
        batch = [(u, rnd.choice((6, 7)), blob[: rnd.randrange(size // 2, size * 3 // 2)])
                 for u in range(start, start + 10_000)]
        shared.executemany("INSERT INTO waiting VALUES (?, ?, ?)", batch)
        alone.executemany("INSERT INTO waiting VALUES (?, ?)", [(u, d) for u, p, d in batch if p == 7])
        shared.commit()
        alone.commit()
    for c in (shared, alone):
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        c.close()
    print(f"one file: {os.path.getsize(one) / 1e9:.2f} GB; phase 7's own file: {os.path.getsize(own) / 1e9:.2f} GB")
    cold()
    c = sqlite3.connect(one)
    t = time.time()
    c.execute("DELETE FROM waiting WHERE phase = 7")
    c.commit()
    print(f"deleting phase 7's rows from the one file: {time.time() - t:.2f} s")
    c.close()
    cold()
    t = time.time()
    os.remove(own)
    print(f"removing phase 7's own file: {time.time() - t:.3f} s")
    os.remove(one)


main()
