//! Points (Art. 10): game scores and scoring systems with exact values.
//!
//! A game gives each player 0, ½ or 1: the game score
//! (Art. 10.1); the regulations may map these to other points (Art. 10.1,
//! e.g. 3-1-0). A split that no game can produce, such as ¾-¼, is rejected
//! (Art. 10.2: no player may get more than the maximum or a score that
//! cannot normally be achieved).
//!
//! ```
//! use laws::points::{GameScore, Points, ScoringSystem};
//!
//! let r: GameScore = "1/2-1/2".parse()?;
//! assert_eq!(r, GameScore::DRAW);
//! assert!("3/4-1/4".parse::<GameScore>().is_err());
//! assert!("1-1".parse::<GameScore>().is_err());
//! let three = ScoringSystem::new(Points::whole(3), Points::whole(1), Points::whole(0));
//! assert_eq!(three.points(GameScore::WHITE_WINS).0, Points::whole(3));
//! assert_eq!(ScoringSystem::FIDE.points(GameScore::DRAW).1.to_string(), "1/2");
//! # Ok::<_, laws::points::ParseScoreError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use shakmaty::Color;

use crate::Article;

/// One player's score in a game (Art. 10.1): loss, draw or win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Score {
    /// 0: a loss or forfeit loss (`"0"` also reads as this, as replay logs write it).
    #[cfg_attr(feature = "serde", serde(alias = "0"))]
    Zero,
    /// ½: a draw (also read from `"1/2"`).
    #[cfg_attr(feature = "serde", serde(alias = "1/2"))]
    Half,
    /// 1: a win or forfeit win (also read from `"1"`).
    #[cfg_attr(feature = "serde", serde(alias = "1"))]
    One,
}

impl Score {
    fn halves(self) -> u8 {
        match self {
            Score::Zero => 0,
            Score::Half => 1,
            Score::One => 2,
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Score::Zero => "0",
            Score::Half => "1/2",
            Score::One => "1",
        })
    }
}

/// The game score (Art. 10.1): both players' scores, together at most 1 (Art. 10.2).
/// Besides 1-0, 0-1 and ½-½ this allows 0-0 (both lose, e.g. 6.7.1 both
/// absent, 11.8) and ½-0 / 0-½ (the arbiter fixes one score, e.g. 12.9.6, 11.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameScore {
    white: Score,
    black: Score,
}

/// A result whose scores add up to more than one game (Art. 10.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImpossibleResult;

impl fmt::Display for ImpossibleResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the scores exceed the maximum for one game (Art. 10.2)")
    }
}

impl std::error::Error for ImpossibleResult {}

impl GameScore {
    /// 1-0.
    pub const WHITE_WINS: GameScore = GameScore {
        white: Score::One,
        black: Score::Zero,
    };
    /// 0-1.
    pub const BLACK_WINS: GameScore = GameScore {
        white: Score::Zero,
        black: Score::One,
    };
    /// ½-½.
    pub const DRAW: GameScore = GameScore {
        white: Score::Half,
        black: Score::Half,
    };
    /// 0-0: both lose.
    pub const BOTH_LOSE: GameScore = GameScore {
        white: Score::Zero,
        black: Score::Zero,
    };

    /// A result with the given scores, if together they do not exceed one game.
    pub fn new(white: Score, black: Score) -> Result<GameScore, ImpossibleResult> {
        if white.halves() + black.halves() > 2 {
            Err(ImpossibleResult)
        } else {
            Ok(GameScore { white, black })
        }
    }

    /// `winner` wins.
    pub fn win(winner: Color) -> GameScore {
        winner.fold_wb(GameScore::WHITE_WINS, GameScore::BLACK_WINS)
    }

    /// `loser` loses, the opponent gets `opponent` (1, or ½ when the rules say so).
    pub fn loss(loser: Color, opponent: Score) -> GameScore {
        let (white, black) = loser.fold_wb((Score::Zero, opponent), (opponent, Score::Zero));
        GameScore { white, black }
    }

    /// The score of `color`.
    pub fn score(self, color: Color) -> Score {
        color.fold_wb(self.white, self.black)
    }

    /// The same result with `color`'s score replaced, if still possible
    /// (Art. 12.9.4, 12.9.5).
    pub fn with_score(self, color: Color, score: Score) -> Result<GameScore, ImpossibleResult> {
        let (white, black) = color.fold_wb((score, self.black), (self.white, score));
        GameScore::new(white, black)
    }

    /// Art. 10.1.
    pub fn article(self) -> Article {
        Article::new("Art. 10.1")
    }
}

impl fmt::Display for GameScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.white, self.black)
    }
}

/// A result that is not written `S-S` with `S` one of `0`, `1/2`, `½`, `1`,
/// or that exceeds one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseScoreError(pub String);

impl fmt::Display for ParseScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid result {:?}: each score must be 0, 1/2 or 1 and together at most 1 (Art. 10.2)",
            self.0
        )
    }
}

impl std::error::Error for ParseScoreError {}

impl FromStr for GameScore {
    type Err = ParseScoreError;

    fn from_str(s: &str) -> Result<GameScore, ParseScoreError> {
        let err = || ParseScoreError(s.to_owned());
        let score = |t: &str| match t.trim() {
            "0" => Some(Score::Zero),
            "1/2" | "½" => Some(Score::Half),
            "1" => Some(Score::One),
            _ => None,
        };
        let (w, b) = s.split_once('-').ok_or_else(err)?;
        let (w, b) = (score(w).ok_or_else(err)?, score(b).ok_or_else(err)?);
        GameScore::new(w, b).map_err(|_| err())
    }
}

/// An exact non-negative number of points, `numerator/denominator` in lowest terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Points {
    numerator: u32,
    denominator: u32,
}

impl Points {
    /// A whole number of points.
    pub const fn whole(n: u32) -> Points {
        Points {
            numerator: n,
            denominator: 1,
        }
    }

    /// `numerator/denominator`, `None` for a zero denominator.
    pub fn ratio(numerator: u32, denominator: u32) -> Option<Points> {
        if denominator == 0 {
            return None;
        }
        let g = gcd(numerator, denominator);
        Some(Points {
            numerator: numerator / g,
            denominator: denominator / g,
        })
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> u32 {
        self.numerator
    }

    /// The denominator in lowest terms.
    pub fn denominator(self) -> u32 {
        self.denominator
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

impl PartialOrd for Points {
    fn partial_cmp(&self, other: &Points) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Points {
    fn cmp(&self, other: &Points) -> std::cmp::Ordering {
        (u64::from(self.numerator) * u64::from(other.denominator))
            .cmp(&(u64::from(other.numerator) * u64::from(self.denominator)))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

/// Points for a win, a draw and a loss (Art. 10.1: 1, ½, 0 unless the
/// regulations say otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoringSystem {
    win: Points,
    draw: Points,
    loss: Points,
}

impl ScoringSystem {
    /// Art. 10.1: win 1, draw ½, loss 0.
    pub const FIDE: ScoringSystem = ScoringSystem {
        win: Points::whole(1),
        draw: Points {
            numerator: 1,
            denominator: 2,
        },
        loss: Points::whole(0),
    };

    /// A system announced in the regulations, e.g. 3-1-0.
    pub fn new(win: Points, draw: Points, loss: Points) -> ScoringSystem {
        ScoringSystem { win, draw, loss }
    }

    /// The points for one player's score.
    pub fn for_score(&self, score: Score) -> Points {
        match score {
            Score::Zero => self.loss,
            Score::Half => self.draw,
            Score::One => self.win,
        }
    }

    /// The points of White and Black for a result.
    pub fn points(&self, result: GameScore) -> (Points, Points) {
        (
            self.for_score(result.score(Color::White)),
            self.for_score(result.score(Color::Black)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_parse_and_print() {
        for (text, shown) in [
            ("1-0", "1-0"),
            ("0-1", "0-1"),
            ("½-½", "1/2-1/2"),
            ("0-0", "0-0"),
            ("0-1/2", "0-1/2"),
        ] {
            assert_eq!(text.parse::<GameScore>().unwrap().to_string(), shown);
        }
        for bad in ["3/4-1/4", "1-1", "1-1/2", "", "1:0", "2-0"] {
            assert!(bad.parse::<GameScore>().is_err(), "{bad}");
        }
    }

    #[test]
    fn points_are_exact() {
        assert_eq!(Points::ratio(2, 4), Points::ratio(1, 2));
        assert!(Points::ratio(1, 2).unwrap() < Points::whole(1));
        assert_eq!(Points::ratio(1, 0), None);
        assert_eq!(Points::ratio(0, 5).unwrap().to_string(), "0");
    }
}
