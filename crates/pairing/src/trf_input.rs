//! Pairing input from a TRF file read by the [`trf`] crate: the conversion from a
//! [`trf::Tournament`] to the engine's [`Input`].
//!
//! The history comes from the `001` player records; `XXR`/`142` give the number of rounds
//! (else the rounds recorded, at least the round to pair),
//! `XXC`/`152` the initial colour, `192` the edition (else the `042` start date). Players with a
//! `240` bye record or an `XXZ` entry for the round to pair are absent; `260` and `XXP` forbid
//! pairings (C.04.3 C1 extended by the arbiter, C.04.1).
//!
//! ```
//! use pairing::trf_input;
//! use trf::Tournament;
//!
//! let trf: Tournament = "XXR 3\n\
//! 001    1      A                                 2000                             1.0    1     2 w 1\n\
//! 001    2      B                                 1900                             0.0    2     1 b 0\n\
//! 001    3      C                                 1800                             1.0    3  0000 - U\n\
//! 260   2   2    1    2\n"
//!     .parse()?;
//! assert_eq!(trf_input::round_to_pair(&trf), 2);
//! let input = trf_input::input_for_round(&trf, 2)?;
//! assert_eq!(input.players.len(), 3);
//! assert_eq!(input.forbidden_pairs, [(1, 2)]);
//! # Ok::<(), trf::TrfError>(())
//! ```

use trf::{Record, ResultCode, Tournament, TrfError};

use crate::acceleration;
use crate::dutch::{
    Colour, DutchEdition, Input, Limits, Outcome, PairingError, Player, RoundEntry, Rules, Score,
    Scoring, pair_round_within,
};

impl From<trf::Colour> for Colour {
    fn from(c: trf::Colour) -> Colour {
        match c {
            trf::Colour::White => Colour::White,
            trf::Colour::Black => Colour::Black,
        }
    }
}

/// Whether a round entry holds a pairing: an opponent or a pairing-allocated bye.
fn is_paired(e: &trf::RoundEntry) -> bool {
    e.opponent.is_some() || e.result == ResultCode::PairingAllocatedBye
}

/// Whether a bye or absence code keeps a player out of the round: any but `*` (not decided yet).
fn is_absence(result: ResultCode) -> bool {
    result != ResultCode::Pending
}

/// A TRF score as a pairing score; negative values (a penalty for a forfeit loss, say) count
/// as zero, since pairing scores cannot go below nothing.
fn score(points: trf::Points) -> Score {
    Score(u32::try_from(points.tenths()).unwrap_or(0))
}

/// The points per result from `162`, `XXS` and `BB*` lines (C.04.1: the regulations fix them;
/// default 1 - ½ - 0). Games use the values for White when `XXS` distinguishes the colours.
pub fn scoring(t: &Tournament) -> Scoring {
    let s = t.scoring();
    Scoring {
        win: score(s.win_white),
        draw: score(s.draw_white),
        loss: score(s.loss_white),
        pairing_allocated_bye: score(s.pab),
        forfeit_win: score(s.forfeit_win),
        forfeit_loss: score(s.forfeit_loss),
    }
}

/// Whether the file carries explicit acceleration: a `250` or `XXA` record.
fn has_acceleration_records(t: &Tournament) -> bool {
    t.records()
        .any(|r| matches!(r, Record::Acceleration(_) | Record::PlayerAcceleration(_)))
}

/// Whether the `192` code asks for Baku acceleration (`FIDE_DUTCH..._BAKU`).
pub fn baku_requested(t: &Tournament) -> bool {
    t.pairing_system()
        .is_some_and(|s| s.trim().ends_with("_BAKU"))
}

/// The first round without any pairing recorded.
pub fn round_to_pair(t: &Tournament) -> u32 {
    u32::try_from(t.rounds_played())
        .unwrap_or(u32::MAX)
        .saturating_add(1)
}

/// The edition named by the `192` code, else the one in force at the `042` start date.
pub fn edition(t: &Tournament) -> Option<DutchEdition> {
    if let Some(e) = t.pairing_system().and_then(|s| s.parse().ok()) {
        return Some(e);
    }
    t.start_date()
        .map(|d| DutchEdition::for_start_date(d.year(), d.month(), d.day()))
}

/// The initial colour: given by `152`/`XXC`, else inferred from a round-1 game by C.04.3 5.2.5.
/// In round 1 the boards alternate colours among the players present, so the higher-ranked
/// player's position among them decides.
pub fn initial_colour(t: &Tournament) -> Colour {
    if let Some(c) = t.initial_colour() {
        return c.into();
    }
    let mut present: Vec<&trf::Player> = t
        .players()
        .filter(|p| p.round(1).is_some_and(is_paired))
        .collect();
    present.sort_by_key(|p| p.number());
    for (position, p) in present.iter().enumerate() {
        if let Some(trf::RoundEntry {
            opponent: Some(o),
            colour: Some(c),
            ..
        }) = p.round(1)
            && p.number() < *o
        {
            let c = Colour::from(*c);
            return if position % 2 == 0 { c } else { c.opposite() };
        }
    }
    Colour::White
}

/// Column of the first character (opponent) of round `round`'s block in a `001` record.
fn round_column(round: usize) -> usize {
    92 + 10 * (round - 1)
}

/// The pairing input for `round` built from the rounds before it. Players whose cell in
/// `round` holds no pairing (a requested bye or an absence; `0000 - *` is no decision yet), or
/// who have a `240` bye or an `XXZ` entry for it, are absent. `260`/`XXP` groups covering `round` become forbidden pairs.
///
/// A game in an earlier round needs a colour and a result: otherwise the error names the
/// record's line and the round's column.
pub fn input_for_round(t: &Tournament, round: u32) -> Result<Input, TrfError> {
    let scoring = scoring(t);
    let points = t.scoring();
    let r = usize::try_from(round).unwrap_or(usize::MAX);
    let requested: Vec<u16> = t
        .requested_byes(r)
        .into_iter()
        .filter(|&(_, result)| is_absence(result))
        .map(|(p, _)| p)
        .collect();
    let mut players = Vec::new();
    for line in t.lines() {
        let Record::Player(p) = &line.record else {
            continue;
        };
        let history = p
            .rounds
            .iter()
            .take(r.saturating_sub(1))
            .enumerate()
            .map(|(i, e)| entry(e, &points, line.number, i + 1))
            .collect::<Result<_, _>>()?;
        let absent = p
            .round(r)
            .is_some_and(|e| !is_paired(e) && is_absence(e.result))
            || requested.contains(&p.number());
        players.push(Player {
            id: u32::from(p.number()),
            rating: p.person.rating.unwrap_or(0),
            history,
            absent,
            acceleration: score(t.acceleration(p.number(), r)),
        });
    }
    let mut forbidden_pairs: Vec<(u32, u32)> = t
        .prohibited_pairings(r)
        .into_iter()
        .flat_map(|group| {
            group.iter().enumerate().flat_map(move |(i, &a)| {
                group[i + 1..]
                    .iter()
                    .filter(move |&&b| b != a)
                    .map(move |&b| (u32::from(a.min(b)), u32::from(a.max(b))))
            })
        })
        .collect();
    forbidden_pairs.sort_unstable();
    forbidden_pairs.dedup();
    let mut input = Input {
        round,
        // Without `XXR`/`142` the rounds in the file are all the rounds (as bbpPairings reads
        // it): re-pairing an earlier round of a finished event has no topscorers.
        total_rounds: t
            .total_rounds()
            .unwrap_or_else(|| round_to_pair(t) - 1)
            .max(round),
        initial_colour: initial_colour(t),
        scoring,
        players,
        forbidden_pairs,
    };
    if baku_requested(t) && !has_acceleration_records(t) {
        acceleration::apply_baku(&mut input);
    }
    Ok(input)
}

/// The pairs recorded for `round` as (white, black), and the pairing-allocated bye.
pub fn recorded_pairing(t: &Tournament, round: u32) -> (Vec<(u32, u32)>, Option<u32>) {
    let r = usize::try_from(round).unwrap_or(usize::MAX);
    let mut pairs = Vec::new();
    let mut bye = None;
    for p in t.players() {
        match p.round(r) {
            Some(trf::RoundEntry {
                opponent: Some(o),
                colour: Some(trf::Colour::White),
                ..
            }) => pairs.push((u32::from(p.number()), u32::from(*o))),
            Some(trf::RoundEntry {
                opponent: None,
                result: ResultCode::PairingAllocatedBye,
                ..
            }) => bye = Some(u32::from(p.number())),
            _ => {}
        }
    }
    pairs.sort_unstable();
    (pairs, bye)
}

/// A round's pairs as `(white, black)` sorted, and the pairing-allocated bye.
pub type RoundPairs = (Vec<(u32, u32)>, Option<u32>);

/// One recorded round re-paired from the history before it (the free pairings checker of
/// C.04.A): what the file records and what the engine computes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundCheck {
    /// The round re-paired.
    pub round: u32,
    /// The pairs and bye the file records.
    pub recorded: RoundPairs,
    /// The pairs and bye the engine computes, or why it gives none.
    pub computed: Result<RoundPairs, PairingError>,
}

impl RoundCheck {
    /// Whether the engine gives the recorded pairs, colours and bye.
    pub fn agrees(&self) -> bool {
        self.computed.as_ref() == Ok(&self.recorded)
    }
}

/// Re-pairs every recorded round by the given edition (or [`Rules`]), with Baku acceleration
/// (C.04.7) when `baku` is set.
pub fn check_rounds(
    t: &Tournament,
    rules: impl Into<Rules>,
    baku: bool,
) -> Result<Vec<RoundCheck>, TrfError> {
    check_rounds_within(t, rules, baku, Limits::DEFAULT)
}

/// [`check_rounds`] with the engine's search bounded by `limits`.
pub fn check_rounds_within(
    t: &Tournament,
    rules: impl Into<Rules>,
    baku: bool,
    limits: Limits,
) -> Result<Vec<RoundCheck>, TrfError> {
    let rules = rules.into();
    (1..round_to_pair(t))
        .map(|round| {
            let mut input = input_for_round(t, round)?;
            if baku {
                acceleration::apply_baku(&mut input);
            }
            let computed = pair_round_within(&input, rules, limits).map(|p| {
                let mut pairs: Vec<(u32, u32)> =
                    p.boards.iter().map(|b| (b.white, b.black)).collect();
                pairs.sort_unstable();
                (pairs, p.bye)
            });
            Ok(RoundCheck {
                round,
                recorded: recorded_pairing(t, round),
                computed,
            })
        })
        .collect()
}

/// One round of the history; `line` and `round` locate the entry for errors.
fn entry(
    e: &trf::RoundEntry,
    scoring: &trf::Scoring,
    line: usize,
    round: usize,
) -> Result<RoundEntry, TrfError> {
    let column = round_column(round);
    let Some(opponent) = e.opponent.map(u32::from) else {
        return Ok(match e.result {
            ResultCode::PairingAllocatedBye => RoundEntry::PairingAllocatedBye,
            _ => RoundEntry::Unpaired {
                points: score(scoring.points(e)),
            },
        });
    };
    let Some(colour) = e.colour.map(Colour::from) else {
        return Err(TrfError {
            line,
            column: column + 5,
            expected: "a colour w or b for a paired round".into(),
        });
    };
    Ok(match e.result {
        ResultCode::ForfeitWin | ResultCode::ForfeitLoss => RoundEntry::Forfeit {
            opponent,
            colour,
            won: e.result == ResultCode::ForfeitWin,
        },
        ResultCode::Win | ResultCode::UnratedWin => RoundEntry::Game {
            opponent,
            colour,
            outcome: Outcome::Win,
        },
        ResultCode::Draw | ResultCode::UnratedDraw => RoundEntry::Game {
            opponent,
            colour,
            outcome: Outcome::Draw,
        },
        ResultCode::Pending => {
            return Err(TrfError {
                line,
                column: column + 7,
                expected: "the result of a game of an earlier round, not `*`".into(),
            });
        }
        _ => RoundEntry::Game {
            opponent,
            colour,
            outcome: Outcome::Loss,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAYERS: &str = "XXR 3\n\
001    1      A                                 2000                             1.0    1     2 w 1\n\
001    2      B                                 1900                             0.0    2     1 b 0\n\
001    3      C                                 1800                             1.0    3     4 w 1\n\
001    4      D                                 1700                             0.0    4     3 b 0\n";

    fn tournament(extra: &str) -> Tournament {
        format!("{PLAYERS}{extra}").parse().unwrap()
    }

    fn absent(input: &Input) -> Vec<u32> {
        input
            .players
            .iter()
            .filter(|p| p.absent)
            .map(|p| p.id)
            .collect()
    }

    #[test]
    fn history_and_settings_come_from_the_records() {
        let t = tournament("");
        assert_eq!(round_to_pair(&t), 2);
        let input = input_for_round(&t, 2).unwrap();
        assert_eq!(input.total_rounds, 3);
        assert_eq!(input.initial_colour, Colour::White);
        assert_eq!(input.players[3].rating, 1700);
        assert_eq!(
            input.players[0].history,
            [RoundEntry::Game {
                opponent: 2,
                colour: Colour::White,
                outcome: Outcome::Win
            }]
        );
        assert!(absent(&input).is_empty());
        assert!(input.forbidden_pairs.is_empty());
        assert_eq!(recorded_pairing(&t, 1), (vec![(1, 2), (3, 4)], None));
    }

    #[test]
    fn a_240_bye_record_makes_players_absent_in_its_round() {
        let t = tournament("240 H   2    2    4\n240 F   3    1\n");
        assert_eq!(absent(&input_for_round(&t, 2).unwrap()), [2, 4]);
        assert_eq!(absent(&input_for_round(&t, 3).unwrap()), [1]);
    }

    #[test]
    fn a_pending_cell_without_opponent_is_not_an_absence() {
        let t = tournament("");
        let pending: Tournament = PLAYERS
            .replace(" 0\n", " 0  0000 - *\n")
            .replace(" 1\n", " 1  0000 - H\n")
            .parse()
            .unwrap();
        assert_eq!(round_to_pair(&pending), 2);
        assert!(absent(&input_for_round(&t, 2).unwrap()).is_empty());
        assert_eq!(absent(&input_for_round(&pending, 2).unwrap()), [1, 3]);
    }

    #[test]
    fn an_xxz_line_makes_players_absent_in_the_round_to_pair() {
        let t = tournament("XXZ 3\n");
        assert_eq!(absent(&input_for_round(&t, 2).unwrap()), [3]);
    }

    #[test]
    fn a_260_record_forbids_every_pair_of_its_group_in_its_rounds() {
        let t = tournament("260   2   3    1    3    4\n");
        let input = input_for_round(&t, 2).unwrap();
        assert_eq!(input.forbidden_pairs, [(1, 3), (1, 4), (3, 4)]);
        assert!(input_for_round(&t, 4).unwrap().forbidden_pairs.is_empty());
    }

    #[test]
    fn the_engine_avoids_a_pair_forbidden_by_260() {
        let boards = |t: &Tournament| -> Vec<(u32, u32)> {
            let input = input_for_round(t, 2).unwrap();
            crate::dutch::pair_round(&input, DutchEdition::Rules2026)
                .unwrap()
                .boards
                .iter()
                .map(|b| (b.white.min(b.black), b.white.max(b.black)))
                .collect()
        };
        assert!(boards(&tournament("")).contains(&(1, 3)));
        let forbidden = boards(&tournament("260   2   2    3    1\n"));
        assert!(!forbidden.contains(&(1, 3)));
        assert_eq!(forbidden.len(), 2);
    }

    #[test]
    fn an_xxp_line_forbids_pairs_in_every_round() {
        let t = tournament("XXP 4 2\n");
        assert_eq!(input_for_round(&t, 2).unwrap().forbidden_pairs, [(2, 4)]);
        assert_eq!(input_for_round(&t, 3).unwrap().forbidden_pairs, [(2, 4)]);
    }

    #[test]
    fn a_game_without_colour_is_an_error_at_its_column() {
        let t: Tournament = "001    1      A                                 2000                             1.0    1     2 - 1\n\
001    2      B                                 1900                             0.0    2     1 b 0\n"
            .parse()
            .unwrap();
        let e = input_for_round(&t, 2).unwrap_err();
        assert_eq!((e.line, e.column), (1, 97));
    }

    #[test]
    fn a_pending_result_in_the_history_is_an_error_at_its_column() {
        let t: Tournament = "001    1      A                                 2000                             1.0    1     2 w *\n\
001    2      B                                 1900                             0.0    2     1 b *\n"
            .parse()
            .unwrap();
        let e = input_for_round(&t, 2).unwrap_err();
        assert_eq!((e.line, e.column), (1, 99));
    }

    #[test]
    fn a_250_record_feeds_acceleration_for_its_rounds_and_players() {
        let t = tournament("250       1.0   1   2    1    2\n");
        let accel = |round| -> Vec<u32> {
            input_for_round(&t, round)
                .unwrap()
                .players
                .iter()
                .map(|p| p.acceleration.0)
                .collect()
        };
        assert_eq!(accel(2), [10, 10, 0, 0]);
        assert_eq!(accel(3), [0, 0, 0, 0]);
    }

    #[test]
    fn an_xxa_record_feeds_acceleration_round_by_round() {
        let t = tournament("XXA    3  1.0  0.5  0.0\n");
        let third = |round| input_for_round(&t, round).unwrap().players[2].acceleration;
        assert_eq!(third(2), Score(5));
        assert_eq!(third(3), Score(0));
    }

    #[test]
    fn acceleration_changes_the_brackets() {
        // After round 1, players 2 and 4 (losers) get a virtual point: they now meet the winners.
        let pairs = |extra: &str| -> Vec<(u32, u32)> {
            let input = input_for_round(&tournament(extra), 2).unwrap();
            let mut v: Vec<(u32, u32)> = crate::dutch::pair_round(&input, DutchEdition::Rules2026)
                .unwrap()
                .boards
                .iter()
                .map(|b| (b.white.min(b.black), b.white.max(b.black)))
                .collect();
            v.sort_unstable();
            v
        };
        assert_eq!(pairs(""), [(1, 3), (2, 4)]);
        assert_eq!(pairs("250       2.0   2   2    2    2\n"), [(1, 4), (2, 3)]);
    }

    #[test]
    fn a_162_line_sets_the_points_of_the_pairing_scores() {
        let t = tournament("162 W  3.0 D  1.0 L  0.0\n");
        let input = input_for_round(&t, 2).unwrap();
        assert_eq!(input.scoring.win, Score(30));
        assert_eq!(input.scoring.draw, Score(10));
        assert_eq!(input.players[0].score(&input.scoring), Score(30));
    }

    #[test]
    fn an_xxs_line_sets_forfeits_and_byes() {
        let t: Tournament = "XXR 3\nXXS W=3 D=1 FW=2 HPB=1.5\n\
001    1      A                                 2000                             2.0    1     2 w +\n\
001    2      B                                 1900                             0.0    2     1 b -\n\
001    3      C                                 1800                             1.5    3  0000 - H\n"
            .parse()
            .unwrap();
        let input = input_for_round(&t, 2).unwrap();
        assert_eq!(input.scoring.forfeit_win, Score(20));
        let scores: Vec<Score> = input
            .players
            .iter()
            .map(|p| p.score(&input.scoring))
            .collect();
        assert_eq!(scores, [Score(20), Score(0), Score(15)]);
    }

    #[test]
    fn a_baku_code_in_192_applies_acceleration_unless_250_is_given() {
        let baku = tournament("192 FIDE_DUTCH_2026_BAKU\n");
        let input = input_for_round(&baku, 2).unwrap();
        let accel: Vec<u32> = input.players.iter().map(|p| p.acceleration.0).collect();
        // Four players: GA = 1-2; three rounds: two accelerated, round 2 gets ½.
        assert_eq!(accel, [5, 5, 0, 0]);
        let explicit = tournament("192 FIDE_DUTCH_2026_BAKU\n250       1.0   2   2    3    3\n");
        let input = input_for_round(&explicit, 2).unwrap();
        let accel: Vec<u32> = input.players.iter().map(|p| p.acceleration.0).collect();
        assert_eq!(accel, [0, 0, 10, 0]);
    }
}
