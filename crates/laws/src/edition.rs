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
//! let sjrp: Profile = "sjrp-u14-u18".parse()?;
//! assert_eq!(sjrp.default_time_ms(GameType::Standard), 15 * 60_000); // SJRP §4.3
//! // The SJRP profile of a section follows its youngest class (§4.2, §4.5).
//! assert_eq!(Profile::sjrp_for_age_limits([Some(16), Some(18)]), Profile::SJRP_U14_U18);
//! assert_eq!(Profile::sjrp_for_age_limits([Some(12), Some(14)]), Profile::SJRP_U8_U12);
//! // The single `sjrp` profile of older logs and documents reads as the U8-U12 one.
//! assert_eq!("sjrp".parse::<Profile>()?, Profile::SJRP_U8_U12);
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
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

/// The national regulations a profile adds to the Laws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Regulations {
    /// The Laws alone.
    None,
    /// The Schachjugend Rheinland-Pfalz Spielordnung (§4 overrides, §7.7-§9.2 time controls).
    Sjrp,
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
    /// The regulations on top of the edition.
    pub regulations: Regulations,
    /// The provision of the default time and where it runs from: Art. 6.7.1 (the start of
    /// the session) or SJRP §4.3 (the arbiter's board release).
    pub default_time_article: Article,
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
        regulations: Regulations::None,
        default_time_article: Article::new("Art. 6.7.1"),
    };

    /// The FIDE Laws 2018 with no further regulations.
    pub const FIDE_2018: Profile = Profile {
        name: "fide-2018",
        edition: Edition::Fide2018,
        ..Profile::FIDE_2023
    };

    /// The Schachjugend Rheinland-Pfalz Spielordnung §4 on the 2023 Laws for the
    /// classes U8, U10, U12 and school chess: §4.2 switched-off devices allowed,
    /// §4.3 15 minutes default time from the board release, §4.4 no III.4, §4.5
    /// the youth illegal-move regime instead of Appendix A.5.2.
    pub const SJRP_U8_U12: Profile = Profile {
        name: "sjrp-u8-u12",
        edition: Edition::Fide2023,
        supervision: Supervision::Unsupervised,
        standard_default_time_ms: 15 * 60_000,
        draw_offers_from_move: None,
        quickplay_finish: true,
        increment_request: false,
        device_rule: DeviceRule::Youth,
        illegal_moves: IllegalMoveRegime::Youth,
        regulations: Regulations::Sjrp,
        default_time_article: Article::new("SJRP §4.3"),
    };

    /// The SJRP Spielordnung §4 for the U14-U18 championships: Art. 11.3.2.1
    /// as written (§4.2), Art. 7.5.5 and Appendix A.5.2 (§4.5), §4.3 and §4.4.
    pub const SJRP_U14_U18: Profile = Profile {
        name: "sjrp-u14-u18",
        device_rule: DeviceRule::Fide,
        illegal_moves: IllegalMoveRegime::Fide,
        ..Profile::SJRP_U8_U12
    };

    /// The SJRP Spielordnung §4 for its other championships (U20 teams, open
    /// classes): switched-off devices allowed (§4.2 "für alle anderen
    /// Meisterschaften"), Appendix A.5.2 (§4.5 "ab der Altersklasse U14").
    pub const SJRP_U20: Profile = Profile {
        name: "sjrp-u20",
        device_rule: DeviceRule::Youth,
        illegal_moves: IllegalMoveRegime::Fide,
        ..Profile::SJRP_U8_U12
    };

    /// Every profile by its name, as [`FromStr`] reads them.
    pub const ALL: [Profile; 5] = [
        Profile::FIDE_2023,
        Profile::FIDE_2018,
        Profile::SJRP_U8_U12,
        Profile::SJRP_U14_U18,
        Profile::SJRP_U20,
    ];

    /// Names of earlier versions, read as the profile they stood for: `sjrp`
    /// (one profile for every class until session 14) had the U8-U12 rules.
    pub const LEGACY_NAMES: [(&'static str, Profile); 1] = [("sjrp", Profile::SJRP_U8_U12)];

    /// The SJRP profile for a section of classes with these age limits (`None`
    /// for an open class), as data in [`SJRP_CLASS_GROUPS`]: the youngest class
    /// decides, so a merged U12/U14 group keeps the rules of its U12 players
    /// (§4.2, §4.5 protect the young classes). No class at all reads as open.
    pub fn sjrp_for_age_limits(limits: impl IntoIterator<Item = Option<u16>>) -> Profile {
        let youngest = limits
            .into_iter()
            .min_by_key(|l| l.unwrap_or(u16::MAX))
            .flatten();
        SJRP_CLASS_GROUPS
            .iter()
            .find(|g| youngest.is_some_and(|l| l <= g.up_to))
            .map_or(Profile::SJRP_U20, |g| g.profile)
    }

    /// Whether `name` is one of the [`LEGACY_NAMES`](Self::LEGACY_NAMES) (a caller
    /// that knows the classes picks by them instead, [`sjrp_for_age_limits`](Self::sjrp_for_age_limits)).
    pub fn is_legacy_name(name: &str) -> bool {
        Profile::LEGACY_NAMES
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
    }

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

/// A class group of the SJRP Spielordnung §4 and its profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SjrpClassGroup {
    /// The oldest age limit of the group (12 for U8-U12).
    pub up_to: u16,
    /// The profile of the group.
    pub profile: Profile,
}

/// The SJRP class groups, youngest first; older and open classes get
/// [`Profile::SJRP_U20`]. School chess plays under [`Profile::SJRP_U8_U12`] (§4.5).
pub const SJRP_CLASS_GROUPS: [SjrpClassGroup; 2] = [
    SjrpClassGroup {
        up_to: 12,
        profile: Profile::SJRP_U8_U12,
    },
    SjrpClassGroup {
        up_to: 18,
        profile: Profile::SJRP_U14_U18,
    },
];

/// A profile name other than those of [`Profile::ALL`] and [`Profile::LEGACY_NAMES`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown profile {:?}: expected fide-2023, fide-2018, sjrp-u8-u12, sjrp-u14-u18 or sjrp-u20",
            self.0
        )
    }
}

impl std::error::Error for UnknownProfile {}

impl FromStr for Profile {
    type Err = UnknownProfile;

    fn from_str(s: &str) -> Result<Profile, UnknownProfile> {
        let name = s.trim();
        Profile::ALL
            .into_iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
            .or_else(|| {
                Profile::LEGACY_NAMES
                    .into_iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(name))
                    .map(|(_, p)| p)
            })
            .ok_or_else(|| UnknownProfile(s.to_owned()))
    }
}
