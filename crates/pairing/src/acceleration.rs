//! Baku acceleration (C.04.7; C.04.5.1 before 2026): virtual points added to the pairing
//! scores of the top group in the first rounds.
//!
//! The rule followed is the handbook text:
//! - **Groups.** Before round 1 the list of players is split into GA, the first half of the
//!   players *rounded up to the nearest even number* (`2 × ⌈N/4⌉`; 161 players give 82), and
//!   GB, the rest. GA is kept even so that round 1 pairs GA inside itself. We count every player
//!   in the list (the `001` records), present or not, so that the last GA player does not move
//!   when players are absent; a late entry receives a new pairing number (C.04.2) and, as the
//!   text demands, the last GA player stays the same one. (bbpPairings v6 uses `⌈N/2⌉`
//!   instead; we follow the FIDE text.)
//! - **Rounds.** The accelerated rounds are the first half (rounded up) of the tournament. GA
//!   players get one virtual point (a win's worth) before each of the first half (rounded up)
//!   of the accelerated rounds and half a point (a draw's worth) before the others. GB never
//!   gets virtual points, nor does anyone after the accelerated rounds.
//! - Virtual points count for pairing only (brackets, floats), never for standings.
//!
//! ```
//! use pairing::acceleration::{group_a_size, virtual_points};
//! use pairing::dutch::{Score, Scoring};
//!
//! assert_eq!(group_a_size(161), 82);
//! // Nine rounds: five accelerated, GA gets 1 point in rounds 1-3 and ½ in rounds 4-5.
//! let s = Scoring::STANDARD;
//! assert_eq!(virtual_points(82, 161, 3, 9, &s), Score(10));
//! assert_eq!(virtual_points(82, 161, 5, 9, &s), Score(5));
//! assert_eq!(virtual_points(82, 161, 6, 9, &s), Score(0));
//! assert_eq!(virtual_points(83, 161, 1, 9, &s), Score(0));
//! ```

use crate::dutch::{Input, Score, Scoring};

/// Size of group GA for `players` players: half rounded up to the nearest even number
/// (C.04.7, "Initial groups division").
pub fn group_a_size(players: usize) -> usize {
    2 * players.div_ceil(4)
}

/// Number of accelerated rounds: the first half, rounded up, of `total_rounds` (C.04.7).
pub fn accelerated_rounds(total_rounds: u32) -> u32 {
    total_rounds.div_ceil(2)
}

/// Virtual points of the player with pairing number `tpn` before `round` (C.04.7): a win's
/// worth in the first half (rounded up) of the accelerated rounds, a draw's worth in the rest,
/// for GA only.
pub fn virtual_points(
    tpn: u32,
    players: usize,
    round: u32,
    total_rounds: u32,
    scoring: &Scoring,
) -> Score {
    let in_group_a = usize::try_from(tpn).is_ok_and(|t| t >= 1 && t <= group_a_size(players));
    let accelerated = accelerated_rounds(total_rounds);
    if !in_group_a || round == 0 || round > accelerated {
        Score(0)
    } else if round <= accelerated.div_ceil(2) {
        scoring.win
    } else {
        scoring.draw
    }
}

/// Sets every player's [`acceleration`](crate::dutch::Player::acceleration) for the round of
/// `input` by Baku acceleration, replacing what was there. Every player in the list counts
/// for the group sizes (see the module documentation).
pub fn apply_baku(input: &mut Input) {
    let players = input.players.len();
    for p in &mut input.players {
        p.acceleration = virtual_points(
            p.id,
            players,
            input.round,
            input.total_rounds,
            &input.scoring,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dutch::{Colour, DutchEdition, Player, pair_round};

    #[test]
    fn group_a_is_half_rounded_up_to_even() {
        assert_eq!(group_a_size(161), 82);
        assert_eq!(group_a_size(160), 80);
        assert_eq!(group_a_size(10), 6);
        assert_eq!(group_a_size(12), 6);
        assert_eq!(group_a_size(13), 8);
        assert_eq!(group_a_size(1), 2);
    }

    #[test]
    fn accelerated_rounds_are_the_first_half_rounded_up() {
        assert_eq!(accelerated_rounds(9), 5);
        assert_eq!(accelerated_rounds(7), 4);
        assert_eq!(accelerated_rounds(11), 6);
        let s = Scoring::STANDARD;
        // Seven rounds: 4 accelerated, 1 point in rounds 1-2, ½ in 3-4.
        let by_round: Vec<u32> = (1..=7).map(|r| virtual_points(1, 20, r, 7, &s).0).collect();
        assert_eq!(by_round, [10, 10, 5, 5, 0, 0, 0]);
        assert_eq!(virtual_points(11, 20, 1, 7, &s), Score(0));
        assert_eq!(virtual_points(10, 20, 1, 7, &s), Score(10));
    }

    #[test]
    fn round_one_pairs_group_a_inside_itself() {
        // 12 players: GA = 1-6, GB = 7-12. Without acceleration 1 meets 7.
        let mut input = Input {
            round: 1,
            total_rounds: 9,
            initial_colour: Colour::White,
            scoring: Scoring::STANDARD,
            players: (1..=12)
                .map(|id| Player::new(id, 2400 - id as u16))
                .collect(),
            forbidden_pairs: Vec::new(),
        };
        let pairs = |input: &Input| -> Vec<(u32, u32)> {
            let mut v: Vec<(u32, u32)> = pair_round(input, DutchEdition::Rules2026)
                .unwrap()
                .boards
                .iter()
                .map(|b| (b.white.min(b.black), b.white.max(b.black)))
                .collect();
            v.sort_unstable();
            v
        };
        assert!(pairs(&input).contains(&(1, 7)));
        apply_baku(&mut input);
        assert_eq!(
            pairs(&input),
            [(1, 4), (2, 5), (3, 6), (7, 10), (8, 11), (9, 12)]
        );
    }
}
