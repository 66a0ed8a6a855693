//! FIDE rating evaluation (Handbook B.02, in force from 1 March 2024 with the amendments of
//! 1 October 2025).
//!
//! * Expected scores come from table 8.1.2 (difference → PD) in hundredths; the difference is
//!   capped at 400 points (8.3.1) for players rated below 2650 in standard chess and for
//!   everybody in rapid and blitz.
//! * The change is K·Σ(score − PD) (8.3.2), rounded once for the period, halves away from zero
//!   (8.3.4).
//! * K is 40, 20 or 10 (8.3.3) and reduced so that K·n ≤ 700.
//! * An unrated player's first rating adds two hypothetical draws against 1800-rated
//!   opponents (8.2); it must reach 1400 (7.2.1) and is at most 2200.
//!
//! ```
//! use standings::rating::{Game, elo::{self, Kind}};
//!
//! let games: Vec<Game> = ["2073=1", "1938=0.5", "1847=0", "1986=0", "2115=0", "1902=0.5", "1831=0.5"]
//!     .iter()
//!     .map(|g| g.parse().unwrap())
//!     .collect();
//! let e = elo::evaluate(1794, 40, Kind::Standard, &games).unwrap();
//! assert_eq!(e.expected.to_string(), "2.08");
//! assert_eq!(e.change, 17);
//! assert_eq!(e.new_rating, 1811);
//! ```

use std::fmt;

use laws::Article;

use super::{Game, Hundredths, round_half_away, round_half_up, total};
use crate::score::Points;

/// The rating floor (B.02 7.2.1, since 1 March 2024).
pub const FLOOR: u16 = 1400;
/// The highest initial rating (B.02 8.2).
pub const INITIAL_MAX: u16 = 2200;
/// The most rating points a period can move with K·n (B.02 8.3.3).
pub const MAX_K_TIMES_GAMES: u32 = 700;

/// Table 8.1.2: the largest |D| for which the higher-rated player expects 0.50, 0.51, … 0.99;
/// above 735 the expectation is 1.00.
const PD_BOUNDS: [u16; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// Table 8.1.1: dp for p = 0.50, 0.51, … 1.00.
const DP: [u16; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// The expected score (PD) for a rating difference `own − opponent` by table 8.1.2, without
/// any cap.
pub fn expected_score(difference: i32) -> Hundredths {
    let abs = difference.unsigned_abs();
    let higher = PD_BOUNDS
        .iter()
        .position(|&bound| abs <= u32::from(bound))
        .map_or(100, |i| 50 + i as i64);
    super::Fixed(if difference >= 0 {
        higher
    } else {
        100 - higher
    })
}

/// The fractional score p = score / games rounded to two decimals, halves up (C.07 10.2,
/// B.02 8.2); 0.00 without games.
pub fn fractional_score(score: Points, games: usize) -> Hundredths {
    if games == 0 {
        return super::Fixed(0);
    }
    let p = round_half_up(i128::from(score.half_points()) * 100, 2 * games as i128);
    super::Fixed(p as i64)
}

/// dp for a fractional score by table 8.1.1 (symmetric: dp(1 − p) = −dp(p)).
pub fn rating_difference(p: Hundredths) -> i32 {
    let p = p.0.clamp(0, 100);
    if p >= 50 {
        i32::from(DP[(p - 50) as usize])
    } else {
        -i32::from(DP[(50 - p) as usize])
    }
}

/// The kind of rating list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Standard chess.
    Standard,
    /// Rapid chess.
    Rapid,
    /// Blitz chess.
    Blitz,
}

impl Kind {
    /// Whether the 400-point rule applies to a player with this rating (B.02 8.3.1 as amended
    /// on 1 October 2025: in standard chess only below 2650; always in rapid and blitz).
    pub fn caps_difference(self, rating: u16) -> bool {
        self != Kind::Standard || rating < 2650
    }
}

/// What the K factor of a rated player rests on (B.02 8.3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KBasis {
    /// The published rating before the period.
    pub rating: u16,
    /// Rated games played before the period.
    pub games_before: u32,
    /// The player's age at the end of this year (year − birth year), if known.
    pub age_this_year: Option<u16>,
    /// Whether a published rating has ever reached 2400.
    pub reached_2400: bool,
}

/// A K factor and the rule that gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KFactor {
    /// The factor.
    pub k: u8,
    /// Why.
    pub reason: &'static str,
    /// The provision.
    pub article: Article,
}

/// The K factor by B.02 8.3.3: 10 once a published rating reached 2400 (for good); 40 for a
/// junior (to the end of the year of the 18th birthday) below 2300; 40 until 30 games are
/// completed; otherwise 20. Since 1 October 2022 rapid and blitz ratings use the same rules.
pub fn k_factor(basis: KBasis) -> KFactor {
    let article = Article::new("FIDE B.02 8.3.3");
    let (k, reason) = if basis.reached_2400 {
        (10, "a published rating has reached 2400")
    } else if basis.age_this_year.is_some_and(|a| a <= 18) && basis.rating < 2300 {
        (40, "junior rated below 2300")
    } else if basis.games_before < 30 {
        (40, "fewer than 30 rated games")
    } else {
        (20, "rated below 2400")
    };
    KFactor { k, reason, article }
}

/// One game in an evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameLine {
    /// The game.
    pub game: Game,
    /// Whether it is rated for this player (rapid/blitz: not for a player above 2600 against
    /// an opponent 600 or more points lower).
    pub rated: bool,
    /// The difference used for the table, after the 400-point rule.
    pub difference: i32,
    /// PD for this player.
    pub expected: Hundredths,
}

/// A rated player's evaluation for a rating period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The rating before the period.
    pub rating: u16,
    /// Every game with its expected score.
    pub games: Vec<GameLine>,
    /// Number of rated games.
    pub rated_games: usize,
    /// The score in the rated games.
    pub score: Points,
    /// Σ PD over the rated games.
    pub expected: Hundredths,
    /// The K factor given.
    pub k_given: u8,
    /// The K factor used, after K·n ≤ 700.
    pub k: u8,
    /// K·Σ(score − PD) rounded (8.3.4).
    pub change: i32,
    /// The new rating (may fall below the floor: see [`Evaluation::below_floor`]).
    pub new_rating: i32,
}

impl Evaluation {
    /// Whether the new rating is below the floor of 1400, under which FIDE publishes no rating
    /// (B.02 7.2.1).
    pub fn below_floor(&self) -> bool {
        self.new_rating < i32::from(FLOOR)
    }

    /// The provisions the evaluation rests on.
    pub fn articles(&self) -> [Article; 4] {
        [
            Article::new("FIDE B.02 8.1.2"),
            Article::new("FIDE B.02 8.3.1"),
            Article::new("FIDE B.02 8.3.3"),
            Article::new("FIDE B.02 8.3.4"),
        ]
    }
}

/// An evaluation the rules do not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EloError {
    /// No games were given.
    NoGames,
    /// K must be 1 to 40 (B.02 8.3.3 knows 10, 20 and 40).
    BadK(u8),
    /// A rated player's rating must be at least the floor.
    BelowFloor(u16),
}

impl fmt::Display for EloError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EloError::NoGames => f.write_str("no games to rate"),
            EloError::BadK(k) => write!(f, "K factor {k} is not in 1-40 (B.02 8.3.3)"),
            EloError::BelowFloor(r) => {
                write!(
                    f,
                    "rating {r} is below the rating floor {FLOOR} (B.02 7.2.1)"
                )
            }
        }
    }
}

impl std::error::Error for EloError {}

/// Evaluates a rated player's games for a period (B.02 8.3).
pub fn evaluate(rating: u16, k: u8, kind: Kind, games: &[Game]) -> Result<Evaluation, EloError> {
    if games.is_empty() {
        return Err(EloError::NoGames);
    }
    if !(1..=40).contains(&k) {
        return Err(EloError::BadK(k));
    }
    if rating < FLOOR {
        return Err(EloError::BelowFloor(rating));
    }
    let cap = kind.caps_difference(rating);
    let lines: Vec<GameLine> = games
        .iter()
        .map(|&game| {
            let raw = i32::from(rating) - i32::from(game.opponent);
            let rated = kind == Kind::Standard || !(rating > 2600 && raw >= 600);
            let difference = if cap { raw.clamp(-400, 400) } else { raw };
            GameLine {
                game,
                rated,
                difference,
                expected: expected_score(difference),
            }
        })
        .collect();
    let rated: Vec<&GameLine> = lines.iter().filter(|l| l.rated).collect();
    let n = rated.len();
    let score: Points = rated.iter().map(|l| l.game.score).sum();
    let expected = super::Fixed(rated.iter().map(|l| l.expected.0).sum());
    let k_used = if n == 0 {
        k
    } else {
        k.min(u8::try_from(MAX_K_TIMES_GAMES / n as u32).unwrap_or(u8::MAX))
    };
    let delta_hundredths = i128::from(score.half_points()) * 50 - i128::from(expected.0);
    let change = round_half_away(i128::from(k_used) * delta_hundredths, 100) as i32;
    Ok(Evaluation {
        rating,
        games: lines,
        rated_games: n,
        score,
        expected,
        k_given: k,
        k: k_used,
        change,
        new_rating: i32::from(rating) + change,
    })
}

/// Why an unrated player gets no rating from these games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoInitialRating {
    /// Fewer than five games against rated opponents (B.02 7.1.4).
    TooFewGames(usize),
    /// A zero score in the first event is disregarded (B.02 7.1.4).
    ZeroScore,
    /// The result is below the floor of 1400 (B.02 7.2.1).
    BelowFloor(i32),
}

impl fmt::Display for NoInitialRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoInitialRating::TooFewGames(n) => write!(
                f,
                "{n} games against rated opponents; a first rating needs at least 5 (B.02 7.1.4)"
            ),
            NoInitialRating::ZeroScore => {
                f.write_str("a zero score is disregarded for a first rating (B.02 7.1.4)")
            }
            NoInitialRating::BelowFloor(r) => {
                write!(
                    f,
                    "result {r} is below {FLOOR}: the player stays unrated (B.02 7.2.1)"
                )
            }
        }
    }
}

impl std::error::Error for NoInitialRating {}

/// The first rating of an unrated player (B.02 8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InitialRating {
    /// Games against rated opponents.
    pub games: usize,
    /// The score in them.
    pub score: Points,
    /// Ra = (Σ opponents + 2·1800)/(n + 2), in hundredths of a rating point (rounded half up).
    pub average: Hundredths,
    /// p = (score + 1)/(n + 2), rounded to two decimals.
    pub p: Hundredths,
    /// dp(p) from table 8.1.1.
    pub dp: i32,
    /// Ra + dp rounded, at most 2200.
    pub rating: u16,
}

impl InitialRating {
    /// The provision.
    pub fn article(&self) -> Article {
        Article::new("FIDE B.02 8.2")
    }
}

/// Computes a first rating from games against rated opponents (B.02 8.2, 7.1.4, 7.2.1): two
/// hypothetical draws against 1800-rated opponents are added, Ru = Ra + dp(p), rounded, at most
/// 2200, and at least 1400 or no rating.
pub fn initial_rating(games: &[Game]) -> Result<InitialRating, NoInitialRating> {
    let n = games.len();
    if n < 5 {
        return Err(NoInitialRating::TooFewGames(n));
    }
    let score = total(games);
    if score == Points::ZERO {
        return Err(NoInitialRating::ZeroScore);
    }
    let sum: i128 = games.iter().map(|g| i128::from(g.opponent)).sum::<i128>() + 3600;
    let den = n as i128 + 2;
    let p = fractional_score(score + Points::ONE, n + 2);
    let dp = rating_difference(p);
    let rating = round_half_up(sum + i128::from(dp) * den, den) as i32;
    if rating < i32::from(FLOOR) {
        return Err(NoInitialRating::BelowFloor(rating));
    }
    Ok(InitialRating {
        games: n,
        score,
        average: super::Fixed(round_half_up(sum * 100, den) as i64),
        p,
        dp,
        rating: rating.min(i32::from(INITIAL_MAX)) as u16,
    })
}

/// A participant of a tournament evaluation: rated (rating and K) or unrated, with their
/// games as (opponent's position in the list, score).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// Rating and K factor; `None` for an unrated player.
    pub rated: Option<(u16, u8)>,
    /// Games played over the board (B.02 5.1: forfeits are not rated), by opponent position.
    pub games: Vec<(usize, Points)>,
}

/// One participant's outcome of a tournament evaluation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentOutcome {
    /// A rated player's change.
    Rated(Evaluation),
    /// A rated player without a game against a rated opponent.
    Unchanged(u16),
    /// An unrated player's first rating.
    Initial(InitialRating),
    /// An unrated player who gets no rating from this event.
    NoInitial(NoInitialRating),
}

/// Evaluates a whole event: rated players against their rated opponents (B.02 6.1: games
/// against unrated players are not rated), unrated players by the initial-rating rule on their
/// games against rated opponents. Opponent positions outside the list are ignored.
pub fn evaluate_tournament(
    kind: Kind,
    entrants: &[Entrant],
) -> Result<Vec<TournamentOutcome>, EloError> {
    entrants
        .iter()
        .map(|e| {
            let games: Vec<Game> = e
                .games
                .iter()
                .filter_map(|&(j, score)| {
                    let (opponent, _) = entrants.get(j)?.rated?;
                    Some(Game { opponent, score })
                })
                .collect();
            match e.rated {
                Some((rating, _)) if games.is_empty() => Ok(TournamentOutcome::Unchanged(rating)),
                Some((rating, k)) => {
                    evaluate(rating, k, kind, &games).map(TournamentOutcome::Rated)
                }
                None => Ok(match initial_rating(&games) {
                    Ok(r) => TournamentOutcome::Initial(r),
                    Err(no) => TournamentOutcome::NoInitial(no),
                }),
            }
        })
        .collect()
}
