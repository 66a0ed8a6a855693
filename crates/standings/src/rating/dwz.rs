//! DWZ evaluation (Deutsche Wertungszahl, DSB Wertungsordnung).
//!
//! The edition follows the tournament's end date ([`Edition::for_end_date`]): tournaments
//! ending up to 7 June 2026 use the Wertungsordnung of 2014, later ones the Wertungsordnung of
//! 2026.
//!
//! * **WO 2014:** Rn = R0 + 800·(W − We)/(E + n). E = E0·fB + SBr with E0 = (R0/1000)⁴ + J,
//!   the acceleration factor fB and the braking value SBr, rounded to an integer and limited.
//! * **WO 2026:** Rn = R0 + K·(W − We) with K from the K0 table and the corrections a and b,
//!   rounded to one decimal, at most 80; no rating falls below 1100.
//!
//! In both, the expected score per game is P(D) = Φ(D/(200√2)) rounded to three decimals
//! (the WO 2014 prints them as a table) and We is their sum. Section numbers differ between
//! printings of the WO, so citations name the edition only.
//!
//! ```
//! use standings::rating::{Game, dwz::{self, Edition, Player}};
//!
//! let games: Vec<Game> = ["1432=1", "1806=0", "1808=1", "1877=0.5", "1772=0.5"]
//!     .iter()
//!     .map(|g| g.parse().unwrap())
//!     .collect();
//! let player = Player { dwz: 1896, index: 21, age: 26 };
//! let e = dwz::evaluate(Edition::Wo2014, player, &games).unwrap();
//! assert_eq!(e.new_dwz, 1886);
//! assert_eq!(e.new_index, 22);
//! ```

use std::fmt;

use laws::Article;

use super::{Fixed, Game, Thousandths, round_half_away, round_half_up, thousandths, total};
use crate::Date;
use crate::score::Points;

/// The DSB Wertungsordnung in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edition {
    /// Wertungsordnung, Stand 30 May 2014 (editorial version 2016).
    Wo2014,
    /// Wertungsordnung, Stand 30 May 2026, for tournaments ending on or after 8 June 2026.
    Wo2026,
}

impl Edition {
    /// The first end date evaluated under the Wertungsordnung 2026.
    pub fn wo2026_from() -> Date {
        Date::new(2026, 6, 8).expect("a valid date")
    }

    /// The edition for a tournament ending on `end`.
    pub fn for_end_date(end: Date) -> Edition {
        if end >= Edition::wo2026_from() {
            Edition::Wo2026
        } else {
            Edition::Wo2014
        }
    }

    /// The edition's name.
    pub fn name(self) -> &'static str {
        match self {
            Edition::Wo2014 => "DSB Wertungsordnung 2014",
            Edition::Wo2026 => "DSB Wertungsordnung 2026",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rated player before the evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Player {
    /// The current DWZ (R0).
    pub dwz: u16,
    /// The index: the number of evaluations so far.
    pub index: u16,
    /// Age in the year of evaluation (evaluation year − birth year).
    pub age: u16,
}

/// The error function, by its Maclaurin series (exact to about 1e-12 for |x| ≤ 4; beyond that
/// P rounds to 0.000 or 1.000 anyway).
fn erf(x: f64) -> f64 {
    if x.abs() > 4.0 {
        return x.signum();
    }
    let mut term = x;
    let mut sum = x;
    let x2 = x * x;
    let mut n = 0.0;
    while term.abs() > 1e-18 {
        n += 1.0;
        term *= -x2 / n;
        sum += term / (2.0 * n + 1.0);
    }
    sum * 2.0 / std::f64::consts::PI.sqrt()
}

/// P(D) = Φ(D/(200√2)) = ½(1 + erf(D/400)) without rounding.
fn probability_exact(difference: f64) -> f64 {
    0.5 * (1.0 + erf(difference / 400.0))
}

/// The expected score for `D = own − opponent`, rounded to three decimals (WO 2014 table).
pub fn expected_score(difference: i32) -> Thousandths {
    Fixed((probability_exact(f64::from(difference)) * 1000.0).round() as i64)
}

/// The performance Rh for a score `w` against `opponents`: the rating whose summed expected
/// score equals the score, i.e. the fixed point of the WO iteration Rh ← Rh + D(½ + (W − We)/n)
/// that starts from Rc + D(P). Solved by bisection on the exact (unrounded) P.
fn performance(opponents: &[f64], w: f64) -> f64 {
    let lowest = opponents.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = opponents.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let (mut lo, mut hi) = (lowest - 2000.0, highest + 2000.0);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        let we: f64 = opponents.iter().map(|&r| probability_exact(mid - r)).sum();
        if we < w {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// One game with its expected score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameLine {
    /// The game.
    pub game: Game,
    /// P(R0 − Ri).
    pub expected: Thousandths,
}

/// The factors of a WO 2014 evaluation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Wo2014Factors {
    /// J: 5 up to age 20, 10 for 21-25, 15 above.
    pub j: u8,
    /// E0 = (R0/1000)⁴ + J.
    pub e0: f64,
    /// fB = R0/2000 within [0.5, 1.0], for players up to 20 who scored at least We.
    pub acceleration: Option<f64>,
    /// SBr = e^((1300 − R0)/150) − 1, for players below 1300 who scored less than We.
    pub braking: Option<f64>,
    /// E0·fB + SBr rounded, before the limits.
    pub e_rounded: i64,
    /// E after the limits (5 ≤ E ≤ 30, ≤ 5·index for index ≤ 5; with braking ≤ 150).
    pub e: i64,
}

/// The factors of a WO 2026 evaluation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Wo2026Factors {
    /// K0 from the table by index, age and rating.
    pub k0: u8,
    /// The correction a (added when W ≥ We).
    pub a: f64,
    /// The correction b (multiplies K0 when W < We and R0 < 1600).
    pub b: f64,
    /// K = K0·b + a rounded to one decimal, at most 80, in tenths.
    pub k_tenths: i64,
}

/// The development coefficient of either edition.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Factors {
    /// WO 2014.
    Wo2014(Wo2014Factors),
    /// WO 2026.
    Wo2026(Wo2026Factors),
}

/// The evaluation of a rated player.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    /// The edition applied.
    pub edition: Edition,
    /// The player before.
    pub player: Player,
    /// Every game with its expected score.
    pub games: Vec<GameLine>,
    /// W, the score.
    pub score: Points,
    /// We, the sum of the expected scores.
    pub expected: Thousandths,
    /// The factors.
    pub factors: Factors,
    /// The new DWZ.
    pub new_dwz: u16,
    /// The new index.
    pub new_index: u16,
}

impl Edition {
    /// The provision: the Wertungsordnung itself (section numbers differ between printings).
    pub fn article(self) -> Article {
        match self {
            Edition::Wo2014 => Article::new("DSB-Wertungsordnung 2014"),
            Edition::Wo2026 => Article::new("DSB-Wertungsordnung 2026"),
        }
    }
}

impl Evaluation {
    /// The provision of the formula applied.
    pub fn article(&self) -> Article {
        self.edition.article()
    }
}

/// An evaluation the Wertungsordnung does not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DwzError {
    /// No games.
    NoGames,
    /// A player with a DWZ has index 1 or more.
    ZeroIndex,
    /// A DWZ of 0 means no DWZ: use [`first_rating`].
    NoRating,
}

impl fmt::Display for DwzError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DwzError::NoGames => f.write_str("no games to evaluate"),
            DwzError::ZeroIndex => f.write_str("a player with a DWZ has an index of at least 1"),
            DwzError::NoRating => {
                f.write_str("DWZ 0 is no rating: a first DWZ is computed instead")
            }
        }
    }
}

impl std::error::Error for DwzError {}

fn game_lines(dwz: u16, games: &[Game]) -> (Vec<GameLine>, Thousandths) {
    let lines: Vec<GameLine> = games
        .iter()
        .map(|&game| GameLine {
            game,
            expected: expected_score(i32::from(dwz) - i32::from(game.opponent)),
        })
        .collect();
    let we = Fixed(lines.iter().map(|l| l.expected.0).sum());
    (lines, we)
}

/// Evaluates a rated player's tournament.
pub fn evaluate(edition: Edition, player: Player, games: &[Game]) -> Result<Evaluation, DwzError> {
    if games.is_empty() {
        return Err(DwzError::NoGames);
    }
    if player.dwz == 0 {
        return Err(DwzError::NoRating);
    }
    if player.index == 0 {
        return Err(DwzError::ZeroIndex);
    }
    let (lines, we) = game_lines(player.dwz, games);
    let w = total(games);
    let diff_milli = i128::from(thousandths(w)) - i128::from(we.0);
    let r0 = i128::from(player.dwz);
    let n = games.len() as i128;
    let (factors, new_dwz) = match edition {
        Edition::Wo2014 => {
            let f = wo2014_factors(player, diff_milli >= 0);
            let change = round_half_away(800 * diff_milli, 1000 * (i128::from(f.e) + n));
            (Factors::Wo2014(f), r0 + change)
        }
        Edition::Wo2026 => {
            let f = wo2026_factors(player, diff_milli >= 0);
            let change = round_half_away(i128::from(f.k_tenths) * diff_milli, 10_000);
            (
                Factors::Wo2026(f),
                (r0 + change).max(i128::from(WO2026_FLOOR)),
            )
        }
    };
    Ok(Evaluation {
        edition,
        player,
        games: lines,
        score: w,
        expected: we,
        factors,
        new_dwz: new_dwz.clamp(0, i128::from(u16::MAX)) as u16,
        new_index: player.index.saturating_add(1),
    })
}

/// The lowest DWZ under the WO 2026.
pub const WO2026_FLOOR: u16 = 1100;

/// E by the WO 2014: the acceleration factor applies to players up to 20 with W ≥ We, the
/// braking value to players below 1300 with W < We. Without braking E0·fB is exact and
/// rounded half up.
fn wo2014_factors(p: Player, reached_expectation: bool) -> Wo2014Factors {
    let j: u8 = match p.age {
        0..=20 => 5,
        21..=25 => 10,
        _ => 15,
    };
    let r0 = i128::from(p.dwz);
    let e0_num = r0.pow(4) + i128::from(j) * 1_000_000_000_000;
    let e0_den = 1_000_000_000_000i128;
    let e0 = e0_num as f64 / e0_den as f64;
    let accelerate = p.age <= 20 && reached_expectation;
    let brake = p.dwz < 1300 && !reached_expectation;
    let (fb_num, fb_den) = if accelerate {
        (r0.clamp(1000, 2000), 2000)
    } else {
        (1, 1)
    };
    let braking = brake.then(|| ((1300.0 - f64::from(p.dwz)) / 150.0).exp() - 1.0);
    let e_rounded = match braking {
        Some(sbr) => (e0 + sbr).round() as i64,
        None => round_half_up(e0_num * fb_num, e0_den * fb_den) as i64,
    };
    let upper = if braking.is_some() {
        150
    } else if p.index <= 5 {
        30.min(5 * i64::from(p.index))
    } else {
        30
    };
    Wo2014Factors {
        j,
        e0,
        acceleration: accelerate.then(|| fb_num as f64 / fb_den as f64),
        braking,
        e_rounded,
        e: e_rounded.clamp(5, upper.max(5)),
    }
}

/// K0 by the WO 2026 table: rows "age ≤ 25 and R0 < 2200", "age ≥ 26 and R0 < 2000", all
/// others; columns index 1, 2, …, 10, above 10.
const K0: [[u8; 11]; 3] = [
    [60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32],
    [60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28],
    [60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25],
];

/// K = K0·b + a by the WO 2026, rounded to one decimal (halves up), at most 80. Computed on
/// the common denominator 2400 so the rounding is exact.
fn wo2026_factors(p: Player, reached_expectation: bool) -> Wo2026Factors {
    let r0 = i128::from(p.dwz);
    let row = if p.age <= 25 && p.dwz < 2200 {
        0
    } else if p.age >= 26 && p.dwz < 2000 {
        1
    } else {
        2
    };
    let column = usize::from(p.index.clamp(1, 11)) - 1;
    let k0 = K0[row][column];
    let a_2400 = if !reached_expectation {
        0
    } else if p.age <= 20 && p.dwz < 2000 {
        80 * (2000 - r0)
    } else if p.age >= 21 && p.dwz < 1600 {
        4 * 2400
    } else {
        0
    };
    let b_2400 = if !reached_expectation && p.dwz < 1600 {
        r0 + 800
    } else {
        2400
    };
    let k_2400 = i128::from(k0) * b_2400 + a_2400;
    let k_tenths = (round_half_up(k_2400, 240) as i64).min(800);
    Wo2026Factors {
        k0,
        a: a_2400 as f64 / 2400.0,
        b: b_2400 as f64 / 2400.0,
        k_tenths,
    }
}

/// A first DWZ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FirstRating {
    /// The edition applied.
    pub edition: Edition,
    /// Games counted: against rated opponents and against newcomers with a performance
    /// (WO 2026 at 100 %: plus the fictitious draw).
    pub games: usize,
    /// The score in them (WO 2026 at 100 %: plus the fictitious draw).
    pub score: Points,
    /// Rc, the opponents' average.
    pub average: f64,
    /// Rh, the performance, rounded.
    pub performance: i64,
    /// The first DWZ.
    pub dwz: u16,
    /// 1 for a first DWZ from five rated opponents, 2 for one that needed stage-1 newcomers.
    pub stage: u8,
}

impl FirstRating {
    /// The provision of the first-DWZ rule applied.
    pub fn article(&self) -> Article {
        self.edition.article()
    }
}

/// Why no first DWZ is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoFirstRating {
    /// Fewer than five games that count (against rated opponents, or first-stage newcomers).
    TooFewGames(usize),
    /// A score of 0 %.
    ZeroScore,
    /// A score of 100 % (WO 2014 only; the WO 2026 adds a fictitious draw).
    FullScore,
}

impl fmt::Display for NoFirstRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoFirstRating::TooFewGames(n) => write!(
                f,
                "{n} game(s) against rated opponents (or first-stage newcomers); a first DWZ needs at least 5"
            ),
            NoFirstRating::ZeroScore => f.write_str("a 0 % score gives no first DWZ"),
            NoFirstRating::FullScore => {
                f.write_str("a 100 % score gives no first DWZ under the WO 2014")
            }
        }
    }
}

impl std::error::Error for NoFirstRating {}

/// The opponent of a newcomer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// A player with a DWZ.
    Rated(u16),
    /// Another newcomer of the same tournament, by position in the list of newcomers.
    Newcomer(usize),
}

/// One game of a newcomer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewcomerGame {
    /// The opponent.
    pub opponent: Opponent,
    /// The score against them.
    pub score: Points,
}

/// The first DWZ of one newcomer whose opponents all have a DWZ.
pub fn first_rating(edition: Edition, games: &[Game]) -> Result<FirstRating, NoFirstRating> {
    let games: Vec<NewcomerGame> = games
        .iter()
        .map(|g| NewcomerGame {
            opponent: Opponent::Rated(g.opponent),
            score: g.score,
        })
        .collect();
    first_ratings(edition, &[games]).remove(0)
}

/// The most passes of the newcomer iteration.
const MAX_PASSES: usize = 100;

/// First DWZs for all newcomers of a tournament (WO 2014, "Erste DWZ"). Stage 1: a newcomer with at
/// least five games against rated opponents qualifies. Stage 2: a newcomer who reaches five games
/// with the stage-1 newcomers added qualifies too. A game between two qualified newcomers counts
/// unless both are from stage 2. The performances start from the rated games and are iterated
/// together ("Gesamtiteration") until they no longer change; each performance is the rating whose expected
/// score equals the score. Each performance becomes a first DWZ:
/// * WO 2014: Rh, or 700 + Rh/8 when Rh is below 800; 0 % and 100 % give none;
/// * WO 2026: Rh from 2000 up, Rh + 0.08·(2000 − Rh) from 1100, 1100 + 0.72·Rh/11 below;
///   a 100 % score gets a fictitious draw against the opponents' average first.
pub fn first_ratings(
    edition: Edition,
    newcomers: &[Vec<NewcomerGame>],
) -> Vec<Result<FirstRating, NoFirstRating>> {
    let rated_games = |games: &[NewcomerGame]| {
        games
            .iter()
            .filter(|g| matches!(g.opponent, Opponent::Rated(_)))
            .count()
    };
    let stage1: Vec<bool> = newcomers.iter().map(|g| rated_games(g) >= 5).collect();
    let counted_games: Vec<usize> = newcomers
        .iter()
        .map(|games| {
            rated_games(games)
                + games
                    .iter()
                    .filter(|g| {
                        matches!(g.opponent, Opponent::Newcomer(j) if stage1.get(j) == Some(&true))
                    })
                    .count()
        })
        .collect();
    let stage: Vec<Option<u8>> = (0..newcomers.len())
        .map(|i| {
            if stage1[i] {
                Some(1)
            } else if counted_games[i] >= 5 {
                Some(2)
            } else {
                None
            }
        })
        .collect();
    let counts = |i: usize, j: usize| {
        matches!(
            (stage[i], stage.get(j).copied().flatten()),
            (Some(a), Some(b)) if a == 1 || b == 1
        )
    };
    let mut estimates: Vec<Option<i64>> = vec![None; newcomers.len()];
    let mut results: Vec<Result<(i64, usize, Points, f64), NoFirstRating>> = Vec::new();
    for _ in 0..MAX_PASSES {
        results = newcomers
            .iter()
            .enumerate()
            .map(|(i, games)| {
                if stage[i].is_none() {
                    return Err(NoFirstRating::TooFewGames(counted_games[i]));
                }
                let counted: Vec<(f64, Points)> = games
                    .iter()
                    .filter_map(|g| match g.opponent {
                        Opponent::Rated(r) => Some((f64::from(r), g.score)),
                        Opponent::Newcomer(j) if counts(i, j) => {
                            estimates[j].map(|r| (r as f64, g.score))
                        }
                        Opponent::Newcomer(_) => None,
                    })
                    .collect();
                newcomer_performance(edition, &counted)
            })
            .collect();
        let next: Vec<Option<i64>> = results
            .iter()
            .map(|r| r.as_ref().ok().map(|&(rh, ..)| rh))
            .collect();
        if next == estimates {
            break;
        }
        estimates = next;
    }
    results
        .into_iter()
        .zip(&stage)
        .map(|(r, stage)| {
            let (rh, games, score, average) = r?;
            let dwz = match edition {
                Edition::Wo2014 if rh < 800 => round_half_up(5600 + i128::from(rh), 8) as i64,
                Edition::Wo2014 => rh,
                Edition::Wo2026 if rh >= 2000 => rh,
                Edition::Wo2026 if rh >= 1100 => {
                    round_half_up(92 * i128::from(rh) + 16_000, 100) as i64
                }
                Edition::Wo2026 => round_half_up(1_210_000 + 72 * i128::from(rh), 1100) as i64,
            };
            Ok(FirstRating {
                edition,
                games,
                score,
                average,
                performance: rh,
                dwz: dwz.clamp(0, i64::from(u16::MAX)) as u16,
                stage: stage.unwrap_or(1),
            })
        })
        .collect()
}

/// One newcomer's performance from the counted games (opponent rating, score): (Rh, games,
/// score, Rc). A stage-2 newcomer has no counted games before the stage-1 performances exist.
fn newcomer_performance(
    edition: Edition,
    counted: &[(f64, Points)],
) -> Result<(i64, usize, Points, f64), NoFirstRating> {
    if counted.is_empty() {
        return Err(NoFirstRating::TooFewGames(0));
    }
    let mut w: Points = counted.iter().map(|&(_, s)| s).sum();
    let mut opponents: Vec<f64> = counted.iter().map(|&(r, _)| r).collect();
    let average = opponents.iter().sum::<f64>() / opponents.len() as f64;
    if w == Points::ZERO {
        return Err(NoFirstRating::ZeroScore);
    }
    if w.half_points() as usize == 2 * opponents.len() {
        if edition == Edition::Wo2014 {
            return Err(NoFirstRating::FullScore);
        }
        w += Points::HALF;
        opponents.push(average);
    }
    let rh = performance(&opponents, w.to_f64()).round() as i64;
    Ok((rh, opponents.len(), w, average))
}

/// A participant of a tournament evaluation: rated or a newcomer, with their games as
/// (opponent's position in the list, score).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// DWZ, index and age; `None` for a newcomer.
    pub player: Option<Player>,
    /// Games that count for DWZ (played, not forfeited), by opponent position.
    pub games: Vec<(usize, Points)>,
}

/// One participant's outcome of a tournament evaluation.
#[derive(Debug, Clone, PartialEq)]
pub enum TournamentOutcome {
    /// A rated player's evaluation.
    Rated(Evaluation),
    /// A rated player without a game that counts keeps the DWZ.
    Unchanged(Player),
    /// A newcomer's first DWZ.
    First(FirstRating),
    /// A newcomer who gets no DWZ from this tournament.
    NoFirst(NoFirstRating),
}

/// Evaluates a whole tournament: first DWZs for the newcomers (iterated together), then every
/// rated player against the rated opponents and the newcomers with a stage-1 first DWZ, who
/// count with that DWZ. Opponent positions outside the list are ignored.
pub fn evaluate_tournament(
    edition: Edition,
    entrants: &[Entrant],
) -> Result<Vec<TournamentOutcome>, DwzError> {
    let newcomer_index: Vec<Option<usize>> = entrants
        .iter()
        .scan(0, |next, e| {
            Some(e.player.is_none().then(|| {
                *next += 1;
                *next - 1
            }))
        })
        .collect();
    let newcomer_games: Vec<Vec<NewcomerGame>> = entrants
        .iter()
        .filter(|e| e.player.is_none())
        .map(|e| {
            e.games
                .iter()
                .filter_map(|&(j, score)| {
                    let opponent = match (entrants.get(j)?.player, newcomer_index[j]) {
                        (Some(p), _) => Opponent::Rated(p.dwz),
                        (None, Some(k)) => Opponent::Newcomer(k),
                        (None, None) => return None,
                    };
                    Some(NewcomerGame { opponent, score })
                })
                .collect()
        })
        .collect();
    let firsts = first_ratings(edition, &newcomer_games);
    entrants
        .iter()
        .zip(&newcomer_index)
        .map(|(e, &k)| match e.player {
            None => Ok(match k.and_then(|k| firsts.get(k)) {
                Some(Ok(r)) => TournamentOutcome::First(*r),
                Some(Err(no)) => TournamentOutcome::NoFirst(*no),
                None => TournamentOutcome::NoFirst(NoFirstRating::TooFewGames(0)),
            }),
            Some(player) => {
                let games: Vec<Game> = e
                    .games
                    .iter()
                    .filter_map(|&(j, score)| {
                        let opponent = match (entrants.get(j)?.player, newcomer_index[j]) {
                            (Some(p), _) => p.dwz,
                            (None, Some(k)) => match firsts[k] {
                                Ok(r) if r.stage == 1 => r.dwz,
                                _ => return None,
                            },
                            (None, None) => return None,
                        };
                        Some(Game { opponent, score })
                    })
                    .collect();
                if games.is_empty() {
                    Ok(TournamentOutcome::Unchanged(player))
                } else {
                    evaluate(edition, player, &games).map(TournamentOutcome::Rated)
                }
            }
        })
        .collect()
}
