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

use super::frozen::{flood, spread, step};

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
///
/// Tried first as it stands, then, for a side with nothing but its king and
/// pawns, assuming those pawns are never captured: sound when every capture
/// of one of them leaves that side stalemated (Art. 5.2.1), which ends the game.
pub fn never_mates(pos: &Chess, winner: Color) -> bool {
    if pos.castles().any() || pos.ep_square(EnPassantMode::Legal).is_some() {
        return false;
    }
    let board = pos.board();
    // Before every move of the winner but the first, the loser has moved.
    let first = if pos.turn() == winner {
        board.king_of(!winner)
    } else {
        None
    };
    let keeping = |kept| never_mates_keeping(board, winner, kept, first);
    keeping(Bitboard::EMPTY)
        || Color::ALL.into_iter().any(|c| {
            let own = board.by_color(c);
            let pawns = own & board.pawns();
            pawns.any() && (own & !board.pawns() & !board.kings()).is_empty() && keeping(pawns)
        })
}

/// The region test when the units on `kept` (all of one colour) are never
/// captured before a capture of one of them stalemates their side. `first`
/// is the loser's king square if the winner is to move.
fn never_mates_keeping(
    board: &Board,
    winner: Color,
    kept: Bitboard,
    first: Option<Square>,
) -> bool {
    let Some(units) = saturate(board, kept) else {
        return false;
    };
    let fixed = Fixed::of(&units, kept);
    if kept.any() && !captures_stalemate(&units, &fixed, kept) {
        return false;
    }
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
    let king_only = KingOnly::of(&units, &fixed, winner, checks, first);
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
            || king_only
                .as_ref()
                .is_some_and(|w| w.never_covers(k, loser_king))
    })
}

/// The winner's king as the only unit that can cover some flights, while the
/// loser can move nothing but its king: between two moves of the winner the
/// loser's king steps onto the mating square, so it came from a neighbouring
/// square that the winner's king did not touch (Art. 3.8.2, 3.9).
struct KingOnly<'a> {
    fixed: &'a Fixed,
    /// Squares the winner's king may ever stand on.
    region: Bitboard,
    /// Squares the winner's other units may ever attack.
    piece_cover: Bitboard,
    /// Lines from the mating square along which the winner may have a slider.
    diagonal: bool,
    orthogonal: bool,
    first: Option<Square>,
}

impl<'a> KingOnly<'a> {
    /// `None` unless every non-king unit of the loser is fixed.
    fn of(
        units: &[Unit],
        fixed: &'a Fixed,
        winner: Color,
        piece_cover: Bitboard,
        first: Option<Square>,
    ) -> Option<KingOnly<'a>> {
        if units
            .iter()
            .any(|u| u.color != winner && u.role != Role::King && !fixed.all.contains(u.start))
        {
            return None;
        }
        let region = units
            .iter()
            .find(|u| u.color == winner && u.role == Role::King)?
            .region;
        let has = |roles: &[Role]| {
            units
                .iter()
                .any(|u| u.color == winner && roles.contains(&u.role))
        };
        Some(KingOnly {
            fixed,
            region,
            piece_cover,
            diagonal: has(&[Role::Bishop, Role::Queen]),
            orthogonal: has(&[Role::Rook, Role::Queen]),
            first,
        })
    }

    /// `true` if no mate on `k` is possible: some flight there needs the
    /// winner's king, and the king can never be in place when the loser's
    /// king arrives on `k` nor get there with a discovered check.
    fn never_covers(&self, k: Square, loser_king: Bitboard) -> bool {
        let needed = king_attacks(k) & loser_king & !self.piece_cover;
        if needed.is_empty() || self.first == Some(k) {
            return false;
        }
        let near_k = king_attacks(k).with(k);
        let mut lines = Bitboard::EMPTY;
        if self.diagonal {
            lines |= bishop_attacks(k, self.fixed.all);
        }
        if self.orthogonal {
            lines |= rook_attacks(k, self.fixed.all);
        }
        (self.region & !near_k)
            .into_iter()
            .filter(|&w| needed.is_subset(king_attacks(w)))
            .all(|w| {
                let came_from = king_attacks(k) & loser_king & !king_attacks(w).with(w);
                let discovering = king_attacks(w) & self.region & !near_k & lines;
                came_from.is_empty() && discovering.is_empty()
            })
    }
}

/// Art. 5.2.1: every capture on a `kept` square, by any opposing unit from
/// any square of its region, with the kept side's king anywhere in its
/// region, gives no check and leaves the kept side without a legal move.
/// The kept side's other units must all be kept pawns that can never move.
fn captures_stalemate(units: &[Unit], fixed: &Fixed, kept: Bitboard) -> bool {
    let Some(c) = units
        .iter()
        .find(|u| kept.contains(u.start))
        .map(|u| u.color)
    else {
        return false;
    };
    let Some(king) = units.iter().find(|u| u.color == c && u.role == Role::King) else {
        return false;
    };
    let opposing: Vec<&Unit> = units.iter().filter(|u| u.color != c).collect();
    let opposing_pieces = opposing
        .iter()
        .filter(|u| u.role != Role::King)
        .fold(Bitboard::EMPTY, |a, u| a | u.region);
    let own: Vec<&Unit> = units
        .iter()
        .filter(|u| u.color == c && u.role != Role::King)
        .collect();
    if own
        .iter()
        .any(|u| u.role != Role::Pawn || !kept.contains(u.start) || !fixed.all.contains(u.start))
    {
        return false;
    }
    kept.into_iter().all(|s| {
        // Own pawns stay without a move: blocked by a unit other than the
        // captured one, and nothing opposing ever stands where they capture.
        let pawns_dead = || {
            own.iter().all(|u| {
                forward(u.start, c).is_some_and(|t| t != s && fixed.all.contains(t))
                    && (pawn_attacks(c, u.start) & (opposing_pieces | Bitboard::from_square(s)))
                        .is_empty()
            })
        };
        opposing.iter().all(|v| {
            // A king never takes a unit that a fixed unit guards.
            if v.role == Role::King && fixed.guards[c as usize].contains(s) {
                return true;
            }
            let origins = capture_origins(v, s, fixed.all);
            origins.is_empty()
                || (pawns_dead()
                    && origins.into_iter().all(|o| {
                        king.region
                            .into_iter()
                            .filter(|&k| k != o)
                            .filter(|&k| v.role != Role::King || !king_attacks(s).contains(k))
                            .all(|k| stalemated(k, v, o, s, &opposing, fixed, c))
                    }))
        })
    })
}

/// Squares of `v`'s region from which it may capture on `s`.
fn capture_origins(v: &Unit, s: Square, blockers: Bitboard) -> Bitboard {
    let from = match v.role {
        Role::Pawn => pawn_attacks(!v.color, s),
        role => step(s, role, blockers & !Bitboard::from_square(s)),
    };
    from & v.region
}

/// After `v` captures from `o` on `s`, the king of colour `c` on `k` is not
/// in check and has no move.
fn stalemated(
    k: Square,
    v: &Unit,
    o: Square,
    s: Square,
    opposing: &[&Unit],
    fixed: &Fixed,
    c: Color,
) -> bool {
    // A unit counted as fixed would leave the square it guards from.
    if fixed.all.contains(o) {
        return false;
    }
    let open = fixed.all & !Bitboard::from_square(s);
    let direct = match v.role {
        Role::Pawn => pawn_attacks(v.color, s),
        role => step(s, role, open),
    };
    // A discovered check runs from a slider through the vacated square `o`.
    let discovered = opposing.iter().any(|w| {
        let line = match w.role {
            Role::Bishop => bishop_attacks(k, fixed.all),
            Role::Rook => rook_attacks(k, fixed.all),
            Role::Queen => queen_attacks(k, fixed.all),
            _ => return false,
        };
        line.contains(o) && region_attacks(w, fixed.all).contains(o)
    });
    if direct.contains(k) || discovered {
        return false;
    }
    // Squares `v` attacks from `s` whatever stands around it.
    let near = match v.role {
        Role::Pawn => pawn_attacks(v.color, s),
        role => step(s, role, Bitboard::FULL),
    };
    let guarded = fixed.guards[!c as usize] | near;
    let own_fixed = fixed.by_color[c as usize] & !Bitboard::from_square(s);
    (king_attacks(k) & !own_fixed & !guarded).is_empty()
        && (!king_attacks(k).contains(s) || fixed.guards[!c as usize].contains(s))
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
    /// Units on `kept` count as never captured.
    fn of(units: &[Unit], kept: Bitboard) -> Fixed {
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
            let captured = u.role != Role::King
                && !kept.contains(u.start)
                && captures[!u.color as usize].contains(u.start);
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

/// Grows every region to the fixpoint; `None` if a pawn might promote. The
/// units on `kept` are never captured: no opposing unit ever enters their squares.
fn saturate(board: &Board, kept: Bitboard) -> Option<Vec<Unit>> {
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
        let fixed = Fixed::of(&units, kept);
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
                pawn_region(&units, i, &fixed, presence[!u.color as usize] & !kept)?
            } else {
                let mut barred = fixed.by_color[u.color as usize]
                    | (fixed.all & board.kings())
                    | (kept & !board.by_color(u.color));
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

/// Every square `u` may ever attack.
fn region_attacks(u: &Unit, blockers: Bitboard) -> Bitboard {
    match u.role {
        Role::Pawn => u
            .region
            .into_iter()
            .fold(Bitboard::EMPTY, |a, s| a | pawn_attacks(u.color, s)),
        role => spread(u.region, role, blockers),
    }
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

    #[test]
    fn a_king_that_can_only_take_into_stalemate() {
        // White's king shuttles between h3 and h4; Black's king may take g2
        // only while it stands on h4, which stalemates White. The dark
        // bishops never cover h3.
        let p = pos("8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/8 w - -");
        assert!(never_mates(&p, Color::White));
        assert!(never_mates(&p, Color::Black));
        // With a light bishop Black can cover h3 and mate on h4.
        let p = pos("8/b1b5/k6p/2b2p1P/1b3p2/5PpK/6P1/7b w - -");
        assert!(!never_mates(&p, Color::Black));
    }

    #[test]
    fn a_king_shuttling_on_two_squares_is_never_mated_by_its_neighbour() {
        // Black to move: its king has only a5 and a6 and nothing else moves; a mate on a5
        // needs White's king on a7 to cover a6, and then Black's king has no
        // square to arrive on a5 from.
        let p = pos("8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 b - -");
        assert!(never_mates(&p, Color::White));
        assert!(never_mates(&p, Color::Black));
    }
}
