#!/usr/bin/env python3
"""Differential check of laws::game against python-chess (not run in CI).

Generates random games biased towards repetitions and long non-zeroing runs,
feeds them to the `game_oracle` example and compares every ply.

    pip install chess
    python3 crates/laws/examples/differential.py [GAMES] [SEED]
"""
import random
import subprocess
import sys

import chess

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 1


def random_game(rng):
    board = chess.Board()
    moves = []
    limit = rng.choice([80, 200, 400])
    while len(moves) < limit:
        legal = list(board.legal_moves)
        if not legal:
            break
        if len(board.move_stack) >= 2 and rng.random() < 0.4:
            prev = board.move_stack[-2]
            back = chess.Move(prev.to_square, prev.from_square)
            if back in legal and not board.is_zeroing(back):
                board.push(back)
                moves.append(back)
                continue
        quiet = [m for m in legal if not board.is_zeroing(m)]
        pool = quiet if quiet and rng.random() < 0.9 else legal
        m = rng.choice(pool)
        board.push(m)
        moves.append(m)
    return moves


def expected(moves):
    board = chess.Board()
    fields = []
    end = None

    def first_end(ply):
        if board.is_checkmate():
            return f"{ply}:checkmate"
        if board.is_stalemate():
            return f"{ply}:stalemate"
        if board.is_insufficient_material():
            return f"{ply}:dead"
        if board.is_fivefold_repetition():
            return f"{ply}:fivefold"
        if board.is_seventyfive_moves():
            return f"{ply}:seventyfive"
        return None

    for ply in range(len(moves) + 1):
        count = 1
        key = board._transposition_key()
        switch = []
        # Count earlier occurrences back to the last irreversible move.
        while board.move_stack:
            m = board.pop()
            switch.append(m)
            if board.is_irreversible(m):
                break
            if len(switch) % 2 == 0 and board._transposition_key() == key:
                count += 1
        while switch:
            board.push(switch.pop())
        claim = board.can_claim_threefold_repetition()
        fields.append(f"{count}/{int(claim)}")
        if end is None:
            end = first_end(ply)
        if ply < len(moves):
            board.push(moves[ply])
    return " ".join(fields) + " | " + (end or "-")


def main():
    rng = random.Random(SEED)
    games = [random_game(rng) for _ in range(GAMES)]
    stdin = "".join(" ".join(m.uci() for m in g) + "\n" for g in games)
    out = subprocess.run(
        ["cargo", "run", "--release", "-q", "-p", "laws", "--example", "game_oracle"],
        input=stdin, capture_output=True, text=True, check=True,
    ).stdout.splitlines()
    assert len(out) == len(games), (len(out), len(games))
    bad = 0
    for i, (g, got) in enumerate(zip(games, out)):
        want = expected(g)
        if got != want:
            bad += 1
            if bad <= 5:
                print(f"game {i + 1}: {' '.join(m.uci() for m in g)}")
                print(f"  laws:   {got}")
                print(f"  python: {want}")
    plies = sum(len(g) for g in games)
    fields = [f for line in out for f in line.split(" | ")[0].split()]
    claims = sum(f.endswith("/1") for f in fields)
    threefold = sum(int(f.split("/")[0]) >= 3 for f in fields)
    ends = {}
    for line in out:
        kind = line.split(" | ")[1].split(":")[-1]
        ends[kind] = ends.get(kind, 0) + 1
    print(f"{len(games)} games, {plies} plies: {claims} plies with a threefold claim, "
          f"{threefold} with a 3rd+ occurrence; first ends {ends}")
    print(f"{bad} mismatching games")
    sys.exit(1 if bad else 0)


main()
