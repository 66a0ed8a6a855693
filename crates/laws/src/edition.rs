//! Editions of the Laws and the regulation profiles built on them, as data.
//!
//! The engine in [`arbiter`](crate::arbiter) asks the [`Profile`] wherever
//! editions or regulations differ: the time credited after an illegal move or
//! an incorrect claim (Art. 7.5.5, 9.5.2; 2018 B.2; 2023 A.3), resignation when
//! the opponent cannot mate (5.1.2), the rapid/blitz supervision regime
//! (2023 A.4/A.5, 2018 A.3/A.4), the default time (6.7.1) and the national
//! overrides of the SJRP Spielordnung (§4.2-§4.5).
//!
//! ```
//! use laws::edition::{Edition, Profile};
//! use laws::game_type::GameType;
//!
//! let fide: Profile = "fide-2023".parse()?;
//! assert_eq!(fide.edition, Edition::Fide2023);
//! assert_eq!(fide.time_credit_ms(GameType::Rapid), 60_000);   // 2023 A.3
//! let old: Profile = "fide-2018".parse()?;
//! assert_eq!(old.time_credit_ms(GameType::Rapid), 120_000);   // 2018: only blitz halved (B.2)
//! let sjrp: Profile = "sjrp".parse()?;
//! assert_eq!(sjrp.default_time_ms(GameType::Standard), 15 * 60_000); // SJRP §4.3
//! # Ok::<_, laws::edition::UnknownProfile>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::Article;
use crate::game_type::GameType;

/// An edition of the FIDE Laws of Chess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    /// The Laws in force from 1 January 2018.
    Fide2018,
    /// The Laws in force from 1 January 2023.
    #[default]
    Fide2023,
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::Fide2018 => "FIDE 2018",
            Edition::Fide2023 => "FIDE 2023",
        })
    }
}

/// Whether rapid and blitz games are adequately supervised (2023 A.4/B.2,
/// 2018 A.3/B.3) or not (2023 A.5/B.3, 2018 A.4/B.4); the regulations choose
/// for the whole event (2023 A.6, 2018 A.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Supervision {
    /// The Competition Rules apply: the arbiter intervenes on every illegal move.
    Supervised,
    /// Illegal moves stand unless claimed before the opponent's next move (2023 A.5.2).
    #[default]
    Unsupervised,
}

/// How illegal moves are punished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalMoveRegime {
    /// Art. 7.5.5: time for the opponent, the second completed illegal move loses.
    Fide,
    /// SJRP §4.5 (U8, U10, U12, school chess): the arbiter chooses warning,
    /// time for the opponent or loss; loss at the earliest after the third.
    Youth,
}

/// The rules a game is played under: an edition and the event's regulations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Profile {
    /// The short name, as accepted by [`FromStr`].
    pub name: &'static str,
    /// The edition of the Laws.
    pub edition: Edition,
    /// Rapid/blitz supervision (2023 A.6).
    pub supervision: Supervision,
    /// Default time of standard games in milliseconds (Art. 6.7.1; SJRP §4.3).
    pub standard_default_time_ms: u64,
    /// Art. 9.1.1: draw offers and agreements are forbidden before this move number.
    pub draw_offers_from_move: Option<u32>,
    /// Guidelines III (quickplay finish) were announced for the event
    /// (III.1); they never apply to blitz or with an increment (III.2).
    pub quickplay_finish: bool,
    /// Guideline III.4 (request for a 5-second increment) is applied; not under SJRP §4.4.
    pub increment_request: bool,
    /// Art. 11.3.2 as written (device = loss, opponent wins), or SJRP §4.2:
    /// a switched-off device is allowed, and the opponent who cannot mate gets ½.
    pub device_rule: DeviceRule,
    /// Illegal moves (Art. 7.5.5 or SJRP §4.5).
    pub illegal_moves: IllegalMoveRegime,
}

/// The electronic-device rule in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeviceRule {
    /// Art. 11.3.2.1/11.3.2.2: any device without permission loses; the opponent wins.
    Fide,
    /// SJRP §4.2: only a switched-on device or its use loses; an opponent who
    /// cannot win by any series of legal moves gets ½.
    Youth,
}

impl Profile {
    /// The FIDE Laws 2023 with no further regulations.
    pub const FIDE_2023: Profile = Profile {
        name: "fide-2023",
        edition: Edition::Fide2023,
        supervision: Supervision::Unsupervised,
        standard_default_time_ms: 0,
        draw_offers_from_move: None,
        quickplay_finish: true,
        increment_request: true,
        device_rule: DeviceRule::Fide,
        illegal_moves: IllegalMoveRegime::Fide,
    };

    /// The FIDE Laws 2018 with no further regulations.
    pub const FIDE_2018: Profile = Profile {
        name: "fide-2018",
        edition: Edition::Fide2018,
        ..Profile::FIDE_2023
    };

    /// The Schachjugend Rheinland-Pfalz Spielordnung §4 on the 2023 Laws, for
    /// its U8/U10/U12 and school events (§4.2 devices, §4.3 15 minutes default
    /// time, §4.4 no III.4, §4.5 illegal moves).
    pub const SJRP: Profile = Profile {
        name: "sjrp",
        edition: Edition::Fide2023,
        supervision: Supervision::Unsupervised,
        standard_default_time_ms: 15 * 60_000,
        draw_offers_from_move: None,
        quickplay_finish: true,
        increment_request: false,
        device_rule: DeviceRule::Youth,
        illegal_moves: IllegalMoveRegime::Youth,
    };

    /// The time credited to the opponent after a completed illegal move
    /// (7.5.5) or an incorrect claim (9.5.2): 2 minutes; in 2023 rapid and
    /// blitz 1 minute (A.3, B.3); in 2018 blitz 1 minute (B.2), rapid 2.
    /// Supervised 2023 blitz reads literally as 2 minutes; like the English
    /// B.3 for unsupervised blitz, 1 minute is used for both.
    pub fn time_credit_ms(&self, game_type: GameType) -> u64 {
        match (self.edition, game_type) {
            (_, GameType::Standard) | (Edition::Fide2018, GameType::Rapid) => 120_000,
            _ => 60_000,
        }
    }

    /// The provision for [`time_credit_ms`](Self::time_credit_ms) in a game of `game_type`.
    pub fn time_credit_article(&self, base: Article, game_type: GameType) -> Article {
        match (self.edition, game_type) {
            (_, GameType::Standard) | (Edition::Fide2018, GameType::Rapid) => base,
            (Edition::Fide2018, GameType::Blitz) => Article::new("Appendix B.2 (2018)"),
            (Edition::Fide2023, _) => Article::new("Appendix A.3"),
        }
    }

    /// Default time for a game of `game_type` (Art. 6.7.1): the profile's
    /// for standard games (SJRP §4.3 excludes rapid and blitz), else 0.
    pub fn default_time_ms(&self, game_type: GameType) -> u64 {
        match game_type {
            GameType::Standard => self.standard_default_time_ms,
            GameType::Rapid | GameType::Blitz => 0,
        }
    }

    /// The provision that lets an unclaimed illegal move stand in
    /// unsupervised rapid and blitz: 2023 A.5.2, 2018 A.4.2.
    pub fn unsupervised_illegal_move_article(&self) -> Article {
        match self.edition {
            Edition::Fide2018 => Article::new("Appendix A.4.2 (2018)"),
            Edition::Fide2023 => Article::new("Appendix A.5.2"),
        }
    }
}

impl Default for Profile {
    fn default() -> Profile {
        Profile::FIDE_2023
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A profile name other than `fide-2023`, `fide-2018` or `sjrp`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown profile {:?}: expected fide-2023, fide-2018 or sjrp",
            self.0
        )
    }
}

impl std::error::Error for UnknownProfile {}

impl FromStr for Profile {
    type Err = UnknownProfile;

    fn from_str(s: &str) -> Result<Profile, UnknownProfile> {
        [Profile::FIDE_2023, Profile::FIDE_2018, Profile::SJRP]
            .into_iter()
            .find(|p| p.name.eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownProfile(s.to_owned()))
    }
}
