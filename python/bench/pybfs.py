"""A straightforward pure-Python breadth-first search for 6x6 Rush Hour in
the slide metric (one move slides one car any distance): the baseline the
benchmark compares the engine with."""

from collections import deque

SIZE = 6


def parse(line):
    """Cars as (horizontal, fixed line, length), their start offsets along
    their line, and the walls' cells; car 0 is the target ``A``."""
    cells = {}
    for i, ch in enumerate(line):
        if ch not in "o.x":
            cells.setdefault(ch, []).append(divmod(i, SIZE))
    walls = frozenset(divmod(i, SIZE) for i, ch in enumerate(line) if ch == "x")
    cars, start = [], []
    for label in sorted(cells):
        squares = cells[label]
        (r0, c0), (r1, _) = squares[0], squares[-1]
        horizontal = r0 == r1
        cars.append((horizontal, r0 if horizontal else c0, len(squares)))
        start.append(c0 if horizontal else r0)
    return cars, tuple(start), walls


def occupied(cars, state, walls):
    grid = [[False] * SIZE for _ in range(SIZE)]
    for r, c in walls:
        grid[r][c] = True
    for (horizontal, fixed, length), offset in zip(cars, state):
        for k in range(length):
            if horizontal:
                grid[fixed][offset + k] = True
            else:
                grid[offset + k][fixed] = True
    return grid


def neighbours(cars, state, walls):
    grid = occupied(cars, state, walls)
    for i, (horizontal, fixed, length) in enumerate(cars):
        offset = state[i]
        for step in (-1, 1):
            new = offset
            while True:
                cell = new - 1 if step < 0 else new + length
                if not 0 <= cell < SIZE:
                    break
                if (grid[fixed][cell] if horizontal else grid[cell][fixed]):
                    break
                new += step
                yield state[:i] + (new,) + state[i + 1:]


def solve(line):
    """The fewest slides that bring the target to the right edge, or -1."""
    cars, start, walls = parse(line)
    goal = SIZE - cars[0][2]
    seen = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        if state[0] == goal:
            return seen[state]
        for nxt in neighbours(cars, state, walls):
            if nxt not in seen:
                seen[nxt] = seen[state] + 1
                queue.append(nxt)
    return -1
