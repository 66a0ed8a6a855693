//! Where every unit can ever go: a fixpoint over the whole board that proves
//! a player can never checkmate (Art. 5.2.2, 6.9) behind pawn walls that may
//! still change in part.
//!
//! Each unit gets a region of squares it may ever stand on. A unit that can
//! neither leave its square nor be captured there is *fixed*: it blocks lines
//! for ever, and a fixed pawn, knight or king guards its squares from the
//! opposing king for ever. Regions grow from the units' squares by moves that
//! the fixed units do not forbid, until nothing changes. Every real game
//! stays inside the regions (each rule only forbids what fixed units make
//! impossible), so the analysis is an over-approximation and its conclusions
//! are sound. Two pawns on one file that face each other and can never leave
//! the file nor be captured never pass each other; a pawn that might promote
//! ends the analysis.
//!
//! The winner can mate only with a check on a square of the loser king's
//! region, and only if every flight square of that region next to it is
//! attacked by some unit of the winner or occupied by a different unit of the
//! loser (Art. 1.4.1, 3.9). When no square passes this test (no check at all,
//! or, say, a lone bishop whose king can never leave the far side of a wall
//! while the loser has too few units to block the flights of the other
//! colour), mate is impossible.

use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Position, Rank, Role, Square};

/// One unit and the squares it may ever stand on.
struct Unit {
    color: Color,
    role: Role,
    start: Square,
    region: Bitboard,
}

impl Unit {
    fn moved(&self) -> bool {
        self.region != Bitboard::from_square(self.start)
    }
}

/// `true` if `winner` can never checkmate from `pos` by any series of legal moves.
pub fn never_mates(pos: &Chess, winner: Color) -> bool {
    if pos.castles().any() || pos.ep_square(EnPassantMode::Legal).is_some() {
        return false;
    }
    let board = pos.board();
    let Some(units) = saturate(board) else {
        return false;
    };
    let fixed = Fixed::of(&units);
    let loser = !winner;
    let Some(loser_king) = units
        .iter()
        .find(|u| u.color == loser && u.role == Role::King)
        .map(|u| u.region)
    else {
        return false;
    };
    let mut checks = Bitboard::EMPTY;
    let mut cover = Bitboard::EMPTY;
    for u in units.iter().filter(|u| u.color == winner) {
        let attacks = region_attacks(u, fixed.all);
        cover |= attacks;
        if u.role != Role::King {
            checks |= attacks;
        }
    }
    // A mate on `k` needs every flight the loser's king could ever use
    // attacked by the winner or blocked by a different unit of the loser.
    let blockers: Vec<Bitboard> = units
        .iter()
        .filter(|u| u.color == loser && u.role != Role::King)
        .map(|u| u.region)
        .collect();
    (checks & loser_king).into_iter().all(|k| {
        let open = king_attacks(k) & loser_king & !cover;
        let helpers = blockers.iter().filter(|r| (**r & open).any()).count();
        helpers < open.count()
            || open
                .into_iter()
                .any(|f| !blockers.iter().any(|r| r.contains(f)))
    })
}

/// [`never_mates`] holds now or after every legal move (none of which mates).
pub fn never_mates_after_any_move(pos: &Chess, winner: Color) -> bool {
    if never_mates(pos, winner) {
        return true;
    }
    let moves = pos.legal_moves();
    !moves.is_empty()
        && moves.iter().all(|m| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            let replies = after.legal_moves();
            if replies.is_empty() {
                !(after.turn() != winner && after.checkers().any())
            } else {
                never_mates(&after, winner)
            }
        })
}

/// Squares of units that never leave their square and are never captured there.
struct Fixed {
    all: Bitboard,
    by_color: [Bitboard; 2],
    /// Squares a fixed pawn, knight or king of that colour always attacks.
    guards: [Bitboard; 2],
}

impl Fixed {
    fn of(units: &[Unit]) -> Fixed {
        let mut captures = [Bitboard::EMPTY; 2];
        for u in units {
            captures[u.color as usize] |= capture_squares(u);
        }
        let mut f = Fixed {
            all: Bitboard::EMPTY,
            by_color: [Bitboard::EMPTY; 2],
            guards: [Bitboard::EMPTY; 2],
        };
        for u in units {
            let captured = u.role != Role::King && captures[!u.color as usize].contains(u.start);
            if u.moved() || captured {
                continue;
            }
            f.all.add(u.start);
            f.by_color[u.color as usize].add(u.start);
            f.guards[u.color as usize] |= match u.role {
                Role::Pawn => pawn_attacks(u.color, u.start),
                Role::Knight => knight_attacks(u.start),
                Role::King => king_attacks(u.start),
                _ => Bitboard::EMPTY,
            };
        }
        f
    }
}

/// Squares on which `u` may ever capture.
fn capture_squares(u: &Unit) -> Bitboard {
    if u.role == Role::Pawn {
        u.region
            .into_iter()
            .fold(Bitboard::EMPTY, |a, s| a | pawn_attacks(u.color, s))
    } else {
        u.region
    }
}

/// Grows every region to the fixpoint; `None` if a pawn might promote.
fn saturate(board: &Board) -> Option<Vec<Unit>> {
    let mut units: Vec<Unit> = board
        .occupied()
        .into_iter()
        .filter_map(|sq| {
            board.piece_at(sq).map(|p| Unit {
                color: p.color,
                role: p.role,
                start: sq,
                region: Bitboard::from_square(sq),
            })
        })
        .collect();
    loop {
        let fixed = Fixed::of(&units);
        let mut presence = [Bitboard::EMPTY; 2];
        for u in &units {
            if u.role != Role::King {
                presence[u.color as usize] |= u.region;
            }
            // The square a pawn passes in a double step can be taken en passant.
            if u.role == Role::Pawn && u.start.rank() == u.color.relative_rank(Rank::Second) {
                presence[u.color as usize] |= forward(u.start, u.color).unwrap_or(u.start);
            }
        }
        let mut changed = false;
        for i in 0..units.len() {
            let u = &units[i];
            let grown = if u.role == Role::Pawn {
                pawn_region(&units, i, &fixed, presence[!u.color as usize])?
            } else {
                let mut barred = fixed.by_color[u.color as usize] | (fixed.all & board.kings());
                if u.role == Role::King {
                    barred |= fixed.guards[!u.color as usize];
                }
                flood(u.region, u.role, fixed.all, barred)
            };
            if grown != units[i].region {
                units[i].region = grown;
                changed = true;
            }
        }
        if !changed {
            return Some(units);
        }
    }
}

fn forward(sq: Square, color: Color) -> Option<Square> {
    sq.offset(color.fold_wb(8, -8))
}

/// The region of pawn `i` after its pushes and captures; `None` if it might promote.
fn pawn_region(units: &[Unit], i: usize, fixed: &Fixed, enemies: Bitboard) -> Option<Bitboard> {
    let u = &units[i];
    let last = Bitboard::from_rank(u.color.relative_rank(Rank::Eighth));
    let wall = facing_wall(units, i);
    let mut region = u.region;
    let mut frontier = region;
    while let Some(s) = frontier.pop_front() {
        let mut next = pawn_attacks(u.color, s) & enemies & !fixed.by_color[u.color as usize];
        if let Some(t) = forward(s, u.color).filter(|t| !fixed.all.contains(*t)) {
            next.add(t);
            if s.rank() == u.color.relative_rank(Rank::Second) {
                next |= forward(t, u.color)
                    .filter(|t2| !fixed.all.contains(*t2))
                    .map_or(Bitboard::EMPTY, Bitboard::from_square);
            }
        }
        next &= !wall & !region;
        if (next & last).any() {
            return None;
        }
        region |= next;
        frontier |= next;
    }
    Some(region)
}

/// Squares pawn `i` can never enter because an opposing pawn ahead on its file
/// faces it, neither ever leaves the file and the opposing one is never
/// captured: the two can never pass each other.
fn facing_wall(units: &[Unit], i: usize) -> Bitboard {
    let u = &units[i];
    let file = Bitboard::from_file(u.start.file());
    if !u.region.is_subset(file) {
        return Bitboard::EMPTY;
    }
    let mut captures = Bitboard::EMPTY;
    for v in units.iter().filter(|v| v.color == u.color) {
        captures |= capture_squares(v);
    }
    let ahead = |sq: Square| match u.color {
        Color::White => sq.rank() > u.start.rank(),
        Color::Black => sq.rank() < u.start.rank(),
    };
    let mut wall = Bitboard::EMPTY;
    for v in units.iter().filter(|v| {
        v.color != u.color
            && v.role == Role::Pawn
            && v.region.is_subset(file)
            && ahead(v.start)
            && (v.region & captures).is_empty()
    }) {
        // Every square from the facing pawn's square onwards.
        let mut at = Some(v.start);
        while let Some(s) = at {
            wall.add(s);
            at = forward(s, u.color);
        }
    }
    wall
}

/// Squares a `role` can ever reach from `region` when only `blockers` block
/// lines and `barred` squares cannot be entered.
fn flood(region: Bitboard, role: Role, blockers: Bitboard, barred: Bitboard) -> Bitboard {
    let mut region = region;
    let mut frontier = region;
    while let Some(sq) = frontier.pop_front() {
        let next = step(sq, role, blockers) & !barred & !region;
        region |= next;
        frontier |= next;
    }
    region
}

fn step(sq: Square, role: Role, occupied: Bitboard) -> Bitboard {
    match role {
        Role::King => king_attacks(sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::Pawn => Bitboard::EMPTY,
    }
}

/// Every square `u` may ever attack.
fn region_attacks(u: &Unit, blockers: Bitboard) -> Bitboard {
    u.region.into_iter().fold(Bitboard::EMPTY, |a, s| {
        a | match u.role {
            Role::Pawn => pawn_attacks(u.color, s),
            role => step(s, role, blockers),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn trapped_bishops_and_a_lone_checker_never_mate() {
        // White's light bishop is the only unit that can ever check; Black's
        // king has at least two dark flights wherever it is checked, and only
        // the h6 bishop could ever block one.
        let p = pos("8/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N3b3 b - -");
        assert!(never_mates(&p, Color::White));
        assert!(never_mates(&p, Color::Black));
    }

    #[test]
    fn facing_pawns_on_one_file_never_pass() {
        // The a-, c-, e- and g-pawns still move but meet head-on.
        let p = pos("1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - -");
        assert!(never_mates(&p, Color::White));
        assert!(never_mates(&p, Color::Black));
    }

    #[test]
    fn gives_up_when_a_pawn_can_be_won() {
        // The white king walks round and takes b5 or d5; then a pawn queens.
        let p = pos("4k3/8/8/1p1p4/1P1P4/8/8/4K3 w - -");
        assert!(!never_mates(&p, Color::White));
        // A free pawn may promote.
        assert!(!never_mates(
            &pos("4k3/8/8/8/8/8/P7/4K3 w - -"),
            Color::White
        ));
        // A rook is never stopped by a pawn wall it can go round.
        assert!(!never_mates(
            &pos("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/R3K3 w - -"),
            Color::White
        ));
    }
}
