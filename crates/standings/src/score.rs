//! Exact scores and scoring systems.
//!
//! Every score is a whole number of half-points, so sums and comparisons are exact. The scoring
//! systems cover FIDE 1/½/0 (Laws, Art. 10.1: a win counts one point, a draw half a point),
//! the "football" 3/1/0, the DSJ RKST U8 scheme 3/2/1 and team match points 2/1/0. A
//! [`ScoringSystem`] reads and writes the TRF-2026 record `162`.
//!
//! ```
//! use standings::score::{Outcome, Points, ScoringSystem};
//!
//! let s = ScoringSystem::THREE_ONE_ZERO;
//! assert_eq!(s.points(Outcome::Draw), Points::from_whole(1));
//! let trf: ScoringSystem = "162  W 3.0    D 1.0".parse().unwrap();
//! assert_eq!(trf, s);
//! assert_eq!(trf.to_trf_162().unwrap(), "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0");
//! assert_eq!("2½".parse::<Points>().unwrap(), Points::from_half_points(5));
//! ```

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};
use std::str::FromStr;

use laws::{Article, ByeKind, GameResult};

/// A score as a whole number of half-points (Art. 10.1: ½ is the smallest unit).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Points(u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(1);
    /// One point.
    pub const ONE: Points = Points(2);

    /// `n` half-points.
    pub const fn from_half_points(n: u32) -> Points {
        Points(n)
    }

    /// `n` whole points.
    pub const fn from_whole(n: u32) -> Points {
        Points(2 * n)
    }

    /// The number of half-points.
    pub const fn half_points(self) -> u32 {
        self.0
    }

    /// The score as a float, for display and JSON only; compare [`Points`] directly.
    pub fn to_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0 + rhs.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.0 += rhs.0;
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

impl fmt::Display for Points {
    /// `3`, `2.5`, `0.5`: whole points, then `.5` for an odd half-point.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = if self.0.is_multiple_of(2) {
            format!("{}", self.0 / 2)
        } else {
            format!("{}.5", self.0 / 2)
        };
        f.pad(&text)
    }
}

/// A score that is not a non-negative multiple of ½.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePointsError(pub String);

impl fmt::Display for ParsePointsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a score (expected e.g. 1, 0.5, ½, 2.5 or 2½)",
            self.0
        )
    }
}

impl std::error::Error for ParsePointsError {}

impl FromStr for Points {
    type Err = ParsePointsError;

    /// Accepts `3`, `2.5`, `2.50`, `2,5`, `2½`, `½`, `.5` and `2.0`.
    fn from_str(s: &str) -> Result<Points, ParsePointsError> {
        let err = || ParsePointsError(s.to_string());
        let t = s.trim();
        let (whole, frac) = if let Some(w) = t.strip_suffix('½') {
            (w, "5")
        } else if let Some((w, f)) = t.split_once(['.', ',']) {
            (w, f)
        } else {
            (t, "")
        };
        if whole.is_empty() && frac.is_empty() {
            return Err(err());
        }
        let whole: u32 = if whole.is_empty() {
            0
        } else if whole.bytes().all(|b| b.is_ascii_digit()) {
            whole.parse().map_err(|_| err())?
        } else {
            return Err(err());
        };
        if !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let digits = frac.trim_end_matches('0');
        let half = match digits {
            "" => 0,
            "5" => 1,
            _ => return Err(err()),
        };
        whole
            .checked_mul(2)
            .and_then(|h| h.checked_add(half))
            .map(Points)
            .ok_or_else(err)
    }
}

/// What a participant got in one round, in the categories of FIDE C.07 Art. 16 and the TRF
/// round codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A game won over the board (TRF `1`, also `W`).
    Win,
    /// A drawn game (TRF `=`, also `D`).
    Draw,
    /// A game lost over the board (TRF `0`, also `L`).
    Loss,
    /// Won because the opponent did not play (TRF `+`).
    ForfeitWin,
    /// Lost by not playing (TRF `-`).
    ForfeitLoss,
    /// Pairing-allocated bye (TRF `U`).
    PairingBye,
    /// Full-point bye (TRF `F`).
    FullPointBye,
    /// Half-point bye (TRF `H`).
    HalfPointBye,
    /// Zero-point bye, also every round after a withdrawal (TRF `Z`).
    ZeroPointBye,
}

impl Outcome {
    /// The outcomes of White and Black for a board result (C.07 Art. 16); `None` while
    /// pending.
    pub fn of_game(result: GameResult) -> Option<(Outcome, Outcome)> {
        use Outcome::*;
        Some(match result {
            GameResult::Pending => return None,
            GameResult::WhiteWins => (Win, Loss),
            GameResult::Draw => (Draw, Draw),
            GameResult::BlackWins => (Loss, Win),
            GameResult::WhiteWinsByForfeit => (ForfeitWin, ForfeitLoss),
            GameResult::BlackWinsByForfeit => (ForfeitLoss, ForfeitWin),
            GameResult::DoubleForfeit => (ForfeitLoss, ForfeitLoss),
        })
    }

    /// The outcome for a TRF `001` result code, or `None` for an unknown code.
    pub fn from_trf_code(code: char) -> Option<Outcome> {
        Some(match code {
            '1' | 'W' | 'w' => Outcome::Win,
            '=' | 'D' | 'd' => Outcome::Draw,
            '0' | 'L' | 'l' => Outcome::Loss,
            '+' => Outcome::ForfeitWin,
            '-' => Outcome::ForfeitLoss,
            'U' | 'u' => Outcome::PairingBye,
            'F' | 'f' => Outcome::FullPointBye,
            'H' | 'h' => Outcome::HalfPointBye,
            'Z' | 'z' | ' ' => Outcome::ZeroPointBye,
            _ => return None,
        })
    }

    /// Whether the game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(self, Outcome::Win | Outcome::Draw | Outcome::Loss)
    }
}

/// The outcome of a bye in the categories of C.07 Art. 16.
impl From<ByeKind> for Outcome {
    fn from(kind: ByeKind) -> Outcome {
        match kind {
            ByeKind::PairingAllocated => Outcome::PairingBye,
            ByeKind::Full => Outcome::FullPointBye,
            ByeKind::Half => Outcome::HalfPointBye,
            ByeKind::Zero => Outcome::ZeroPointBye,
        }
    }
}

/// Points awarded for each [`Outcome`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoringSystem {
    /// Win over the board.
    pub win: Points,
    /// Draw.
    pub draw: Points,
    /// Loss over the board.
    pub loss: Points,
    /// Forfeit win.
    pub forfeit_win: Points,
    /// Forfeit loss.
    pub forfeit_loss: Points,
    /// Pairing-allocated bye.
    pub pairing_bye: Points,
    /// Full-point bye.
    pub full_point_bye: Points,
    /// Half-point bye.
    pub half_point_bye: Points,
    /// Zero-point bye.
    pub zero_point_bye: Points,
}

impl ScoringSystem {
    /// FIDE 1/½/0 (Art. 10.1); a PAB and a full-point bye score a win, a half-point bye a draw.
    pub const STANDARD: ScoringSystem = ScoringSystem::with_wdl(2, 1, 0);

    /// "Football" scoring 3/1/0; byes score like the result they stand for.
    pub const THREE_ONE_ZERO: ScoringSystem = ScoringSystem::with_wdl(6, 2, 0);

    /// DSJ RKST U8: 3 for a win, 2 for a draw, 1 for a loss, also for forfeits (a forfeit
    /// loss scores 1); a zero-point bye scores nothing.
    pub const RKST: ScoringSystem = ScoringSystem {
        forfeit_loss: Points::from_whole(1),
        ..ScoringSystem::with_wdl(6, 4, 2)
    };

    /// Team match points 2/1/0 (C.07 Art. 11, DSJ JSpO 5.2): the outcome is the match result
    /// decided by board points (see [`match_outcome`]).
    pub const MATCH_POINTS: ScoringSystem = ScoringSystem::with_wdl(4, 2, 0);

    /// Win, draw and loss in half-points; forfeits and byes score like the result they stand
    /// for, a forfeit loss and a zero-point bye score nothing.
    const fn with_wdl(win: u32, draw: u32, loss: u32) -> ScoringSystem {
        ScoringSystem {
            win: Points(win),
            draw: Points(draw),
            loss: Points(loss),
            forfeit_win: Points(win),
            forfeit_loss: Points(0),
            pairing_bye: Points(win),
            full_point_bye: Points(win),
            half_point_bye: Points(draw),
            zero_point_bye: Points(0),
        }
    }

    /// The points for one outcome.
    pub fn points(&self, outcome: Outcome) -> Points {
        match outcome {
            Outcome::Win => self.win,
            Outcome::Draw => self.draw,
            Outcome::Loss => self.loss,
            Outcome::ForfeitWin => self.forfeit_win,
            Outcome::ForfeitLoss => self.forfeit_loss,
            Outcome::PairingBye => self.pairing_bye,
            Outcome::FullPointBye => self.full_point_bye,
            Outcome::HalfPointBye => self.half_point_bye,
            Outcome::ZeroPointBye => self.zero_point_bye,
        }
    }

    /// The provision the system rests on.
    pub fn article(&self) -> Article {
        if *self == ScoringSystem::RKST {
            Article::new("DSJ JSpO (RKST U8)")
        } else if *self == ScoringSystem::MATCH_POINTS {
            Article::new("DSJ JSpO 5.2")
        } else {
            Article::new("Art. 10.1")
        }
    }

    /// The TRF-2026 record `162`, or `None` when TRF cannot express the system (its `A` symbol
    /// stands for both a zero-point bye and a forfeit loss, `W` for a win, a forfeit win and a
    /// full-point bye, `D` for a draw and a half-point bye).
    pub fn to_trf_162(&self) -> Option<String> {
        let consistent = self.forfeit_win == self.win
            && self.full_point_bye == self.win
            && self.half_point_bye == self.draw
            && self.forfeit_loss == self.zero_point_bye;
        if !consistent {
            return None;
        }
        let mut line = String::from("162");
        for (i, (symbol, points)) in [
            ('W', self.win),
            ('D', self.draw),
            ('L', self.loss),
            ('A', self.zero_point_bye),
            ('P', self.pairing_bye),
        ]
        .into_iter()
        .enumerate()
        {
            let text = format!("{}.{}", points.0 / 2, if points.0 % 2 == 1 { 5 } else { 0 });
            if text.len() > 4 {
                return None;
            }
            let gap = if i == 0 { "  " } else { "    " };
            line.push_str(&format!("{gap}{symbol}{text:>4}"));
        }
        Some(line)
    }
}

/// The match outcome of a team match from both teams' board points (2/1/0 match points).
pub fn match_outcome(own: Points, opponent: Points) -> Outcome {
    match own.cmp(&opponent) {
        std::cmp::Ordering::Greater => Outcome::Win,
        std::cmp::Ordering::Equal => Outcome::Draw,
        std::cmp::Ordering::Less => Outcome::Loss,
    }
}

/// A malformed TRF `162` record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseScoringError {
    /// 1-based column of the offending text.
    pub column: usize,
    /// What was wrong there.
    pub message: String,
}

impl fmt::Display for ParseScoringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TRF 162, column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ParseScoringError {}

impl FromStr for ScoringSystem {
    type Err = ParseScoringError;

    /// Reads a TRF-2026 `162` record: pairs of a symbol (`W D L A P X`) and points, the symbol
    /// in column 6, 15, 24, … and the points in the four columns after it. Symbols left out
    /// keep the FIDE values; `P` defaults to the value of `W`; `X` (unknown result) is read
    /// and ignored.
    fn from_str(line: &str) -> Result<ScoringSystem, ParseScoringError> {
        let err = |column: usize, message: &str| ParseScoringError {
            column,
            message: message.to_string(),
        };
        let body = line
            .strip_prefix("162")
            .ok_or_else(|| err(1, "expected record code 162"))?;
        let mut s = ScoringSystem::STANDARD;
        let mut pab = None;
        let mut rest = body;
        let mut column = 4;
        loop {
            let trimmed = rest.trim_start();
            column += rest.len() - trimmed.len();
            if trimmed.is_empty() {
                break;
            }
            let mut chars = trimmed.chars();
            let symbol = chars.next().unwrap_or(' ');
            let after = chars.as_str();
            let value_text = after.trim_start();
            let value_column = column + 1 + (after.len() - value_text.len());
            let end = value_text
                .find(char::is_whitespace)
                .unwrap_or(value_text.len());
            let points: Points = value_text[..end]
                .parse()
                .map_err(|_| err(value_column, "expected points such as 1.0 or 0.5"))?;
            match symbol {
                'W' => {
                    s.win = points;
                    s.forfeit_win = points;
                    s.full_point_bye = points;
                }
                'D' => {
                    s.draw = points;
                    s.half_point_bye = points;
                }
                'L' => s.loss = points,
                'A' => {
                    s.zero_point_bye = points;
                    s.forfeit_loss = points;
                }
                'P' => pab = Some(points),
                'X' => {}
                _ => return Err(err(column, "expected one of the symbols W D L A P X")),
            }
            let consumed = trimmed.len() - value_text.len() + end;
            column += consumed;
            rest = &trimmed[consumed..];
        }
        s.pairing_bye = pab.unwrap_or(s.win);
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(system: ScoringSystem, outcomes: &[Outcome]) -> Points {
        outcomes.iter().map(|&o| system.points(o)).sum()
    }

    #[test]
    fn points_parse_and_display() {
        for (text, half) in [
            ("0", 0),
            ("½", 1),
            ("0.5", 1),
            (".5", 1),
            ("2½", 5),
            ("2,5", 5),
            ("3.0", 6),
            ("11.50", 23),
        ] {
            assert_eq!(
                text.parse::<Points>(),
                Ok(Points::from_half_points(half)),
                "{text}"
            );
        }
        for bad in ["", ".", "0.25", "-1", "1.5.", "a", "½½", "99999999999"] {
            assert!(bad.parse::<Points>().is_err(), "{bad}");
        }
        assert_eq!(Points::from_half_points(7).to_string(), "3.5");
        assert_eq!(format!("{:>5}", Points::from_whole(3)), "    3");
    }

    #[test]
    fn systems_score_a_tournament() {
        use Outcome::*;
        let rounds = [
            Win,
            Draw,
            Loss,
            ForfeitWin,
            ForfeitLoss,
            PairingBye,
            HalfPointBye,
            ZeroPointBye,
        ];
        assert_eq!(total(ScoringSystem::STANDARD, &rounds).to_string(), "4");
        assert_eq!(
            total(ScoringSystem::THREE_ONE_ZERO, &rounds).to_string(),
            "11"
        );
        // RKST: 3 + 2 + 1 + 3 (forfeit win) + 1 (forfeit loss) + 3 (PAB) + 2 (HPB) + 0 (ZPB).
        assert_eq!(total(ScoringSystem::RKST, &rounds).to_string(), "15");
        assert_eq!(
            ScoringSystem::MATCH_POINTS
                .points(match_outcome(Points::from_whole(3), Points::from_whole(1))),
            Points::from_whole(2)
        );
        assert_eq!(
            ScoringSystem::MATCH_POINTS
                .points(match_outcome(Points::from_whole(2), Points::from_whole(2))),
            Points::from_whole(1)
        );
        assert_eq!(
            ScoringSystem::MATCH_POINTS
                .points(match_outcome(Points::HALF, Points::from_half_points(7))),
            Points::ZERO
        );
    }

    #[test]
    fn trf_codes() {
        let codes: String = "10=+-UFHZ"
            .chars()
            .filter_map(Outcome::from_trf_code)
            .map(|o| if o.is_played() { 'p' } else { 'u' })
            .collect();
        assert_eq!(codes, "pppuuuuuu");
        assert_eq!(Outcome::from_trf_code('?'), None);
    }

    #[test]
    fn trf_162_round_trip() {
        for s in [
            ScoringSystem::STANDARD,
            ScoringSystem::THREE_ONE_ZERO,
            ScoringSystem::MATCH_POINTS,
        ] {
            let line = s.to_trf_162().unwrap();
            assert_eq!(line.parse::<ScoringSystem>(), Ok(s), "{line}");
        }
        assert_eq!(
            ScoringSystem::STANDARD.to_trf_162().unwrap(),
            "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0"
        );
        // RKST gives a forfeit loss 1 point but a zero-point bye none: TRF's `A` cannot say that.
        assert_eq!(ScoringSystem::RKST.to_trf_162(), None);
        let s: ScoringSystem = "162  W 1.0    D 0.5    L 0.0    P 0.5".parse().unwrap();
        assert_eq!(s.pairing_bye, Points::HALF);
        assert_eq!(s.win, Points::ONE);
        let e = "162  W 1.0    Q 0.5".parse::<ScoringSystem>().unwrap_err();
        assert_eq!(e.column, 15);
        let e = "162  W x".parse::<ScoringSystem>().unwrap_err();
        assert_eq!(e.column, 8);
        assert!("163  W 1.0".parse::<ScoringSystem>().is_err());
    }
}
