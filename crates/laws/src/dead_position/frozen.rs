//! Frozen pawn structures: when no pawn can ever be captured or promote, every
//! pawn stays on its file between its square and the opposing pawn in front
//! of it, and each piece stays inside a region of the board that can be
//! computed once. If no unit of the winner can ever attack a square the
//! loser's king can reach, the winner can never give check, let alone
//! checkmate (Art. 5.2.2, 6.9).
//!
//! Every region is over-approximated (other pieces are treated as absent,
//! pawns that may still move as absent too), so the conclusion is sound;
//! anything that could capture a pawn makes the test give up.

use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square};

/// Every pawn has an opposing pawn somewhere in front of it on its file
/// (cheap; a precondition of [`never_checks`]).
pub fn pawns_facing(pos: &Chess) -> bool {
    let board = pos.board();
    let pawns = board.pawns();
    let (white, black) = (pawns & board.white(), pawns & board.black());
    white.is_subset(fill(black, -8)) && black.is_subset(fill(white, 8))
}

/// All squares strictly beyond `b` in the direction of `shift`.
fn fill(b: Bitboard, shift: i32) -> Bitboard {
    let mut f = b.shift(shift);
    for _ in 0..6 {
        f |= f.shift(shift);
    }
    f
}

/// Where the pawns of one colour can ever stand and what they can ever attack.
struct Pawns {
    /// Pawns blocked head-on by an opposing pawn that they block in turn.
    fixed: Bitboard,
    /// Every square on the way to the opposing pawn in front.
    squares: Bitboard,
    /// Squares attacked from any of those squares.
    attacks: Bitboard,
    /// Squares attacked by the fixed pawns, at all times.
    fixed_attacks: Bitboard,
}

impl Pawns {
    fn of(board: &Board, c: Color) -> Pawns {
        let pawns = board.pawns();
        let own = pawns & board.by_color(c);
        let opposing = pawns & board.by_color(!c);
        let forward = c.fold_wb(8, -8);
        let fixed = own & opposing.shift(-forward);
        let mut p = Pawns {
            fixed,
            squares: Bitboard::EMPTY,
            attacks: Bitboard::EMPTY,
            fixed_attacks: Bitboard::EMPTY,
        };
        for sq in own {
            let mut at = Some(sq);
            while let Some(s) = at.filter(|s| !opposing.contains(*s)) {
                p.squares.add(s);
                p.attacks |= pawn_attacks(c, s);
                at = s.offset(forward);
            }
            if fixed.contains(sq) {
                p.fixed_attacks |= pawn_attacks(c, sq);
            }
        }
        p
    }
}

/// Whether [`never_checks`] (and with it the material) is the same after `m` as
/// before it: a piece's move without capture or promotion from a position
/// without castling rights or en passant square leaves the pawns and the
/// material as they were and the piece inside its region (regions are
/// connected, and a legal move only crosses squares a region may hold). A king
/// must not stand in a pawn's check: the squares a fixed pawn attacks are
/// outside its region.
pub fn same_regions_after(pos: &Chess, m: Move) -> bool {
    let Move::Normal {
        role,
        from,
        capture: None,
        promotion: None,
        ..
    } = m
    else {
        return false;
    };
    let board = pos.board();
    let turn = pos.turn();
    let pawn_check = role == Role::King
        && (pawn_attacks(turn, from) & board.pawns() & board.by_color(!turn)).any();
    role != Role::Pawn && !pawn_check && pos.maybe_ep_square().is_none() && !pos.castles().any()
}

/// `true` if no pawn can ever be captured and `winner` can never give check.
pub fn never_checks(pos: &Chess, winner: Color) -> bool {
    if !pawns_facing(pos)
        || pos.ep_square(shakmaty::EnPassantMode::Legal).is_some()
        || pos.castles().any()
    {
        return false;
    }
    let board = pos.board();
    let (white, black) = (
        Pawns::of(board, Color::White),
        Pawns::of(board, Color::Black),
    );
    let pawns_of = |c: Color| c.fold_wb(&white, &black);
    let blockers = white.fixed | black.fixed;
    // No pawn may ever capture a pawn (en passant included: the square passed is on the path).
    if (white.attacks & black.squares).any() || (black.attacks & white.squares).any() {
        return false;
    }
    let mut loser_king = Bitboard::EMPTY;
    let mut winner_attacks = pawns_of(winner).attacks;
    for c in Color::ALL {
        let (own, enemy) = (pawns_of(c), pawns_of(!c));
        for sq in board.by_color(c) & !board.pawns() {
            let Some(role) = board.role_at(sq) else {
                return false;
            };
            let region = if role == Role::King {
                let region = flood(
                    Bitboard::from_square(sq),
                    role,
                    blockers,
                    own.fixed | enemy.fixed_attacks,
                );
                // Capturing a pawn that no fixed pawn defends would change the structure.
                let defended = enemy.fixed & enemy.fixed_attacks;
                if (region_attacks(region, role, blockers) & enemy.squares & !defended).any() {
                    return false;
                }
                region
            } else {
                let region = flood(Bitboard::from_square(sq), role, blockers, own.fixed);
                // Capturing a pawn, or being captured by one, would change the structure.
                if (region & (enemy.squares | enemy.attacks)).any() {
                    return false;
                }
                region
            };
            if c == winner {
                if role != Role::King {
                    winner_attacks |= region_attacks(region, role, blockers);
                }
            } else if role == Role::King {
                loser_king |= region;
            }
        }
    }
    (winner_attacks & loser_king).is_empty()
}

/// Squares a `role` can ever reach from `region` when only `blockers` block lines, other
/// pieces are ignored and `barred` squares cannot be entered.
pub(super) fn flood(
    region: Bitboard,
    role: Role,
    blockers: Bitboard,
    barred: Bitboard,
) -> Bitboard {
    let mut region = region;
    // Leapers, and sliders that are stopped by every barred square: grow the
    // whole region a step at a time (a slider's line is a series of steps).
    let stepwise = matches!(role, Role::King | Role::Knight) || barred.is_subset(blockers);
    if stepwise {
        loop {
            let grown = region | (neighbours(region, role) & !barred);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
    let mut frontier = region;
    while let Some(sq) = frontier.pop_front() {
        let next = step(sq, role, blockers) & !barred & !region;
        region |= next;
        frontier |= next;
    }
    region
}

/// Every square a `role` attacks from some square of `from` ([`step`] of each).
pub(super) fn spread(from: Bitboard, role: Role, blockers: Bitboard) -> Bitboard {
    match role {
        Role::King | Role::Knight => neighbours(from, role),
        _ => from
            .into_iter()
            .fold(Bitboard::EMPTY, |a, sq| a | step(sq, role, blockers)),
    }
}

/// The squares one step (a single square for sliders) from some square of `from`.
fn neighbours(from: Bitboard, role: Role) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    const NOT_AB: u64 = !0x0303_0303_0303_0303;
    const NOT_GH: u64 = !0xC0C0_C0C0_C0C0_C0C0;
    let b = u64::from(from);
    let (east, west) = ((b << 1) & NOT_A, (b >> 1) & NOT_H);
    let diagonal = (east << 8) | (east >> 8) | (west << 8) | (west >> 8);
    let orthogonal = east | west | (b << 8) | (b >> 8);
    Bitboard(match role {
        Role::King | Role::Queen => diagonal | orthogonal,
        Role::Bishop => diagonal,
        Role::Rook => orthogonal,
        Role::Knight => {
            let one = east | west;
            let two = ((b << 2) & NOT_AB) | ((b >> 2) & NOT_GH);
            (one << 16) | (one >> 16) | (two << 8) | (two >> 8)
        }
        Role::Pawn => 0,
    })
}

/// The squares a `role` on `sq` attacks (a pawn: none, its moves are handled apart).
pub(super) fn step(sq: Square, role: Role, occupied: Bitboard) -> Bitboard {
    match role {
        Role::King => king_attacks(sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::Pawn => Bitboard::EMPTY,
    }
}

/// The squares attacked from a region that [`flood`] grew stepwise with
/// `barred` squares among the `blockers`: every square on a line from the
/// region is one step from the region, the square before it being on the line too.
fn region_attacks(region: Bitboard, role: Role, _blockers: Bitboard) -> Bitboard {
    neighbours(region, role)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    #[test]
    fn h20_09_stepwise_regions_and_attacks_equal_move_by_move_ones() {
        let mut seed = 0x2545_F491_4F6C_DD1D_u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let from = Bitboard(seed & (seed >> 3));
            for role in [Role::King, Role::Knight] {
                assert_eq!(neighbours(from, role), spread(from, role, Bitboard::EMPTY));
                let expected = from
                    .into_iter()
                    .fold(Bitboard::EMPTY, |a, sq| a | step(sq, role, Bitboard::EMPTY));
                assert_eq!(
                    spread(from, role, Bitboard::EMPTY),
                    expected,
                    "{role:?} {from:?}"
                );
            }
            // Sliders grown stepwise between blockers reach what they reach move by move.
            let blockers = Bitboard(seed.rotate_left(17) & seed.rotate_left(29));
            let barred = blockers & Bitboard(seed.rotate_left(5));
            for sq in Bitboard::FULL & !blockers {
                if sq as u32 % 7 != (seed % 7) as u32 {
                    continue;
                }
                for role in [Role::Bishop, Role::Rook, Role::Queen] {
                    let start = Bitboard::from_square(sq);
                    let mut slow = start;
                    let mut frontier = start;
                    while let Some(s) = frontier.pop_front() {
                        let next = step(s, role, blockers) & !barred & !slow;
                        slow |= next;
                        frontier |= next;
                    }
                    let region = flood(start, role, blockers, barred);
                    assert_eq!(region, slow, "{role:?} {sq:?}");
                    let attacks = region
                        .into_iter()
                        .fold(Bitboard::EMPTY, |a, s| a | step(s, role, blockers));
                    assert_eq!(
                        region_attacks(region, role, blockers),
                        attacks,
                        "{role:?} {sq:?}"
                    );
                }
            }
        }
    }

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn locked_chain_with_same_coloured_bishops_never_checks() {
        let p = pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -");
        assert!(pawns_facing(&p));
        assert!(never_checks(&p, Color::White));
        assert!(never_checks(&p, Color::Black));
    }

    #[test]
    fn pawns_that_can_still_advance_until_blocked() {
        let p = pos("4k3/8/8/1p1p1p1p/1P1P1P1P/8/1P6/4K3 w - -");
        assert!(never_checks(&p, Color::White));
        assert!(never_checks(&p, Color::Black));
    }

    #[test]
    fn gives_up_when_the_structure_can_change() {
        // The h1 bishop can capture on d5.
        assert!(!never_checks(
            &pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K2B w - -"),
            Color::White
        ));
        // A passed pawn.
        assert!(!pawns_facing(&pos(
            "4k3/8/8/1p1p1p2/1P1P1P2/8/7P/4K3 w - -"
        )));
        // The h-pawns meet, but h4 could then take g5.
        assert!(!never_checks(
            &pos("4k3/8/6p1/1p1p1pPp/1P1P1P2/8/7P/4K3 w - -"),
            Color::White
        ));
        // The white king can take the undefended b5 pawn.
        assert!(!never_checks(
            &pos("4k3/8/8/1p6/1P6/2K5/8/8 w - -"),
            Color::Black
        ));
    }
}
