#!/usr/bin/env python3
"""Differential check of laws::game against python-chess (not run in CI).

Plays random games biased towards repetitions and long runs without pawn move or
capture (some from Chess960 start positions), and optionally the game records of the
replay logs in crates/laws/tests/data/logs, through the `game_oracle` example and
python-chess, and compares at every ply: the position (FEN, with the 50/75-move counter),
how often it has occurred (Art. 9.2.3), whether a threefold (9.2) or 50-move (9.3) claim is
correct, the legal moves, and the first end (checkmate, stalemate, dead position,
fivefold repetition 9.6.1, 75 moves 9.6.2).

    pip install chess
    python3 crates/laws/examples/differential.py [GAMES] [SEED] [--logs]
"""
import random
import subprocess
import sys
import time

import chess

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
GAMES = int(ARGS[0]) if len(ARGS) > 0 else 2000
SEED = int(ARGS[1]) if len(ARGS) > 1 else 1
LOGS = "--logs" in sys.argv


def random_game(rng, board):
    board = board.copy()
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


def first_end(board, ply):
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


def occurrences(board):
    """How often the current position has occurred (Art. 9.2.3)."""
    count = 1
    key = board._transposition_key()
    switch = []
    while board.move_stack:
        m = board.pop()
        switch.append(m)
        if board.is_irreversible(m):
            break
        if len(switch) % 2 == 0 and board._transposition_key() == key:
            count += 1
    while switch:
        board.push(switch.pop())
    return count


def expected(start, moves, shredder):
    board = start.copy()
    fields = []
    end = None
    for ply in range(len(moves) + 1):
        if end is None:
            end = first_end(board, ply)
        if end is None:
            threefold = str(int(board.can_claim_threefold_repetition()))
            fifty = str(int(board.can_claim_fifty_moves()))
        else:
            threefold = fifty = "-"
        fen = board.shredder_fen() if shredder else board.fen()
        legal = ",".join(sorted(m.uci() for m in board.legal_moves))
        fields.append(f"{fen}#{occurrences(board)}#{threefold}#{fifty}#{legal}")
        if ply < len(moves):
            board.push(moves[ply])
    return " ; ".join(fields) + " | " + (end or "-")


def oracle(lines):
    out = subprocess.run(
        ["cargo", "run", "--release", "-q", "-p", "laws", "--example", "game_oracle"],
        input="".join(l + "\n" for l in lines), capture_output=True, text=True, check=True,
    ).stdout.splitlines()
    assert len(out) == len(lines), (len(out), len(lines))
    return out


def log_games():
    """(name, start board, moves, shredder) of every replay log's game record."""
    out = subprocess.run(
        ["cargo", "run", "--release", "-q", "-p", "laws", "--features", "replay",
         "--example", "log_records"],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()
    games, skipped = [], []
    for line in out:
        name, fen, uci = (f.strip() for f in line.split("|"))
        shredder = any(c in "ABCDEFGHabcdefgh" for c in fen.split()[2])
        board = chess.Board(fen, chess960=shredder)
        if not board.is_valid():
            skipped.append(name)  # a stood position (A.5.2) python-chess cannot hold
            continue
        games.append((name, board, [chess.Move.from_uci(u) for u in uci.split()], shredder))
    return games, skipped


def compare(label, games, lines):
    got = oracle(lines)
    bad = 0
    stats = {"plies": 0, "positions": 0, "legal": 0, "threefold": 0, "fifty": 0, "ends": {}}
    for (name, start, moves, shredder), have in zip(games, got):
        want = expected(start, moves, shredder)
        stats["plies"] += len(moves)
        plies = want.split(" | ")[0].split(" ; ")
        stats["positions"] += len(plies)
        for p in plies:
            f = p.split("#")
            stats["legal"] += len(f[4].split(",")) if f[4] else 0
            stats["threefold"] += f[2] == "1"
            stats["fifty"] += f[3] == "1"
        kind = want.split(" | ")[1].split(":")[-1]
        stats["ends"][kind] = stats["ends"].get(kind, 0) + 1
        if have != want:
            bad += 1
            if bad <= 5:
                h, w = have.split(" ; "), want.split(" ; ")
                i = next((i for i, (a, b) in enumerate(zip(h, w)) if a != b), min(len(h), len(w)))
                print(f"{label} {name}: first difference at ply {i}")
                print(f"  laws:   {h[i] if i < len(h) else have[-80:]}")
                print(f"  python: {w[i] if i < len(w) else want[-80:]}")
    print(f"{label}: {len(games)} games, {stats['plies']} plies, {stats['positions']} positions "
          f"with {stats['legal']} legal moves; {stats['threefold']} positions with a threefold "
          f"claim, {stats['fifty']} with a 50-move claim; first ends {stats['ends']}; "
          f"{bad} mismatching games")
    return bad


def main():
    t0 = time.time()
    bad = 0
    if LOGS:
        games, skipped = log_games()
        lines = [f"{fen_of(b, s)} | {' '.join(m.uci() for m in ms)}" for _, b, ms, s in games]
        bad += compare("logs", games, lines)
        if skipped:
            print(f"logs: {len(skipped)} skipped (stood positions python-chess cannot hold): "
                  + ", ".join(skipped))
    rng = random.Random(SEED)
    games = []
    for i in range(GAMES):
        if rng.random() < 0.15:
            start = chess.Board.from_chess960_pos(rng.randrange(960))
            shredder = True
        else:
            start = chess.Board()
            shredder = False
        games.append((f"game {i + 1}", start, random_game(rng, start), shredder))
    lines = [f"{fen_of(b, s)} | {' '.join(m.uci() for m in ms)}" for _, b, ms, s in games]
    bad += compare("random", games, lines)
    print(f"{time.time() - t0:.0f} s")
    sys.exit(1 if bad else 0)


def fen_of(board, shredder):
    return board.shredder_fen() if shredder else board.fen()


main()
