//! Sections: one group of an event with its system, settings, entries and rounds.

use std::fmt;

use laws::{Article, Lang};
use serde::{Deserialize, Serialize};

use crate::age::Class;
use crate::date::{Date, DateTime, Time};
use crate::person::PlayerId;
use crate::player::Entry;
use crate::round::{GameResult, Round, Warning};
use crate::seeding::Seeding;
use crate::stichkampf::Playoff;

/// The pairing system of a section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum System {
    /// Swiss system, FIDE Dutch (C.04.3).
    Swiss {
        /// The edition of C.04.3; `None` follows the start date (2026 rules from 2026-02-01).
        edition: Option<DutchRules>,
    },
    /// Round robin by the Berger tables (C.05 Annex 1).
    RoundRobin {
        /// Two cycles, the second with colours reversed.
        double: bool,
    },
}

/// An edition of the Dutch rules, chosen explicitly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DutchRules {
    /// C.04.3 as of 2017 (criteria C1-C19).
    Rules2017,
    /// C.04.3 in force from 1 February 2026 (C1-C21).
    Rules2026,
}

/// The largest field for which [`suggest_system`] proposes a round robin with 7 rounds: 8 players
/// play a single round robin in exactly 7 rounds.
pub const ROUND_ROBIN_UP_TO: usize = 8;

/// The system to propose for `players` entrants and `rounds` available rounds: a round robin
/// when everyone can meet everyone within the rounds (`players` ≤ `rounds` + 1; for the SJRP's
/// 7 rounds that is up to [`ROUND_ROBIN_UP_TO`] players, "bei wenigen Teilnehmern
/// Rundenturnier"), else Swiss. A Swiss with that few players would run out of opponents.
pub fn suggest_system(players: usize, rounds: u32) -> System {
    let rounds = usize::try_from(rounds).unwrap_or(usize::MAX);
    if players >= usize::from(roundrobin::MIN_PLAYERS) && players <= rounds.saturating_add(1) {
        System::RoundRobin { double: false }
    } else {
        System::Swiss { edition: None }
    }
}

/// The scoring of a section (standings C.07 and pairing scores).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scoring {
    /// 1 - ½ - 0 (FIDE).
    Standard,
    /// 3 - 1 - 0.
    ThreeOneZero,
    /// DSJ U8 scheme 3 - 2 - 1.
    Rkst,
}

impl Scoring {
    /// The points per outcome.
    pub fn system(self) -> standings::ScoringSystem {
        match self {
            Scoring::Standard => standings::ScoringSystem::STANDARD,
            Scoring::ThreeOneZero => standings::ScoringSystem::THREE_ONE_ZERO,
            Scoring::Rkst => standings::ScoringSystem::RKST,
        }
    }
}

/// Which rating evaluations the section is reported for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RatingEvaluation {
    /// DWZ evaluation by the DSB.
    pub dwz: bool,
    /// FIDE rating.
    pub elo: bool,
}

/// Whether a section is a championship or a side event of the same championship (the
/// announcement's blitz and tandem tournaments): a side event gives no title and no DEM place
/// ([`crate::honours`]) and need not have a time control fit for a DWZ evaluation (SJRP §8.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SectionKind {
    /// A championship section: titles (SJRP §7.8, §8.6, §9.3) and DEM places (§6.4).
    #[default]
    Championship,
    /// A side event: its winners are listed as `1. Platz <section>`.
    SideEvent,
}

impl SectionKind {
    /// Whether this is a championship section (the default, not written to documents).
    pub fn is_championship(&self) -> bool {
        *self == SectionKind::Championship
    }

    /// The code of forms and the API: `championship` or `side_event`.
    pub fn code(self) -> &'static str {
        match self {
            SectionKind::Championship => "championship",
            SectionKind::SideEvent => "side_event",
        }
    }

    /// The kind of a code of [`SectionKind::code`].
    pub fn from_code(code: &str) -> Option<SectionKind> {
        match code.trim() {
            "championship" => Some(SectionKind::Championship),
            "side_event" => Some(SectionKind::SideEvent),
            _ => None,
        }
    }
}

/// Date and start time of one round (TRF `132`, the published timetable).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSchedule {
    /// The day.
    pub date: Date,
    /// The start time, if known (TRF `132` has dates only).
    pub time: Option<Time>,
}

impl RoundSchedule {
    /// The start as a moment, if the time is known.
    pub fn start(self) -> Option<DateTime> {
        self.time.map(|time| DateTime {
            date: self.date,
            time,
        })
    }
}

/// One group of an event: its classes, system and settings, entries and rounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    /// Name, e.g. `U16/U18`.
    pub name: String,
    /// The classes playing in it: several for a merged group (SJRP §6.3), with girls' classes for
    /// separate girls' rankings in a mixed group.
    pub classes: Vec<Class>,
    /// Swiss or round robin.
    pub system: System,
    /// Number of rounds (for a round robin it follows from the players; see
    /// [`Section::total_rounds`]).
    pub rounds: u32,
    /// Time control in the TRF-2026 `222` notation (`laws::time_control`), e.g.
    /// `40/5400+30:1800+30`.
    pub time_control: String,
    /// Regulations profile (`laws::edition::Profile`): `fide-2023`, `fide-2018`, `sjrp-u8-u12`,
    /// `sjrp-u14-u18`, `sjrp-u20`, or the legacy `sjrp`, read as the SJRP profile of the
    /// section's classes ([`Section::rules_profile`]).
    pub profile: String,
    /// Default time in minutes (Art. 6.7.1; SJRP §4.3: 15 for standard games only).
    pub default_time_minutes: u32,
    /// Championship section or side event; absent in older documents: championship.
    #[serde(default, skip_serializing_if = "SectionKind::is_championship")]
    pub kind: SectionKind,
    /// Rapid and blitz games are adequately supervised, so the standard rules apply (2023
    /// A.4, B.2), rather than A.5 / B.3; the regulations decide for the whole section (A.6,
    /// B.4). Absent in older documents: unsupervised.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub supervised: bool,
    /// Scoring.
    pub scoring: Scoring,
    /// Tie-breaks: the name of a `standings` preset (`sjrp-swiss`, `sjrp-rr`, `dsj-swiss`, ...)
    /// or codes separated by commas (e.g. `BH/C1,SB,WIN,DE`).
    pub tiebreaks: String,
    /// Rating evaluations.
    pub rating: RatingEvaluation,
    /// Date and start time of every round.
    pub schedule: Vec<RoundSchedule>,
    /// Colour of pairing number 1 in round 1 (drawn by lot, C.04.3 5.1).
    pub initial_colour_white: bool,
    /// The rule of the initial order (C.04.2); absent in older documents: DWZ, then Elo.
    #[serde(default)]
    pub seeding: Seeding,
    /// Check-in before round 1 ([`crate::checkin`]): only players checked in are paired in
    /// round 1; absent in older documents: off.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub check_in: bool,
    /// The players in pairing-number order once fixed: drawn by lot for a round robin, taken
    /// from an imported TRF, or frozen when round 1 of a Swiss is stored (later entries get the
    /// next numbers). Empty means the initial ranking order.
    pub fixed_order: Vec<PlayerId>,
    /// Pairs that must not meet (set by the arbiter).
    pub prohibited: Vec<(PlayerId, PlayerId)>,
    /// DEM places per class beyond nothing (SJRP §6.4: the champion and, by the DSJ quota, the
    /// next placed); a class not listed has one place, its champion.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dem_quota: Vec<(Class, u32)>,
    /// Stichkämpfe for ties after the last tie-break (SJRP §6.1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub playoffs: Vec<Playoff>,
    /// Registrations.
    pub entries: Vec<Entry>,
    /// Rounds paired so far, round 1 first.
    pub played: Vec<Round>,
    /// FIDE mode (issue 13; C.04.A): manual pairing changes need the arbiter's confirmation
    /// and are kept as [`IntegrityNote`]s. On by default, also for older
    /// documents.
    #[serde(default = "on", skip_serializing_if = "Clone::clone")]
    pub fide_mode: bool,
    /// The manual pairing changes recorded ([`Section::manual_edit`]), oldest first; written to
    /// the TRF as `###` comments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub integrity: Vec<IntegrityNote>,
    /// Minutes by which spectators see the live boards and the round's live PGN late
    /// (anti-cheating; issue 15), `0..=`[`MAX_PUBLIC_DELAY_MINUTES`]; arbiters see them at
    /// once. Absent in older documents: [`DEFAULT_PUBLIC_DELAY_MINUTES`].
    #[serde(
        default = "default_public_delay",
        skip_serializing_if = "is_default_public_delay"
    )]
    pub public_delay_minutes: u32,
}

fn on() -> bool {
    true
}

/// The delay of the public live boards unless the organiser sets another (15 minutes: moves
/// shown at once help a cheating player, FIDE Anti-Cheating Guidelines).
pub const DEFAULT_PUBLIC_DELAY_MINUTES: u32 = 15;

/// Longest delay of the public live boards an organiser may set, in minutes (a whole session).
pub const MAX_PUBLIC_DELAY_MINUTES: u32 = 360;

fn default_public_delay() -> u32 {
    DEFAULT_PUBLIC_DELAY_MINUTES
}

fn is_default_public_delay(minutes: &u32) -> bool {
    *minutes == DEFAULT_PUBLIC_DELAY_MINUTES
}

impl Section {
    /// The time control as an announcement writes it (`5 Min.`, `90 Min./40 Züge + 30 Min. +
    /// 30 Sek./Zug`), or as stored if it does not parse.
    pub fn time_control_written(&self, lang: laws::Lang) -> String {
        self.time_control
            .parse::<laws::time_control::TimeControl>()
            .map_or_else(|_| self.time_control.clone(), |tc| tc.written(lang))
    }
}

/// SJRP §6.1 tie-breaks for a Swiss, the `standings` preset `sjrp-swiss`: Buchholz cut 1,
/// Sonneborn-Berger, Siegwertung, direct encounter.
pub const SJRP_SWISS_TIEBREAKS: &str = "sjrp-swiss";
/// SJRP §6.1 tie-breaks for a round robin, the preset `sjrp-rr`: Sonneborn-Berger,
/// Siegwertung, direct encounter.
pub const SJRP_ROUND_ROBIN_TIEBREAKS: &str = "sjrp-rr";

/// Why a round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum PairError {
    /// Only the next round can be paired (rounds are paired in order).
    NotNextRound {
        /// The round asked for.
        round: u32,
        /// The round that can be paired.
        next: u32,
    },
    /// The section has no more rounds.
    BeyondLastRound {
        /// The round asked for.
        round: u32,
        /// Rounds of the section.
        rounds: u32,
    },
    /// Results of the previous round are missing.
    ResultsMissing {
        /// The round.
        round: u32,
        /// Board numbers (1-based) without result.
        boards: Vec<usize>,
    },
    /// Fewer than two players available.
    TooFewPlayers,
    /// The round robin table does not fit the number of players (C.05: 3-30).
    RoundRobinSize(usize),
    /// Players may not join or leave a round robin after it started.
    RoundRobinFieldChanged,
    /// No pairing meets the absolute criteria; the arbiter decides (C.04.3 1.9.3).
    NoValidPairing,
    /// The engine rejected its input (a bug in the section data).
    Engine(String),
}

impl PairError {
    /// The provision behind the refusal.
    pub fn article(&self) -> Article {
        match self {
            PairError::RoundRobinSize(_) | PairError::RoundRobinFieldChanged => {
                Article::new("C.05 Annex 1")
            }
            PairError::NoValidPairing => Article::new("C.04.3 1.9.3"),
            _ => Article::new("C.04.2"),
        }
    }

    /// The refusal in `lang`, without its provision ([`PairError::article`]).
    pub fn message(&self, lang: Lang) -> String {
        match self {
            PairError::NotNextRound { round, next } => lang.pick(
                format!("round {round} cannot be paired now; the next round is {next}"),
                format!(
                    "Runde {round} kann jetzt nicht ausgelost werden; die nächste Runde ist {next}"
                ),
            ),
            PairError::BeyondLastRound { round, rounds } => lang.pick(
                format!("round {round} is beyond the last round {rounds}"),
                format!("Runde {round} liegt nach der letzten Runde {rounds}"),
            ),
            PairError::ResultsMissing { round, boards } => {
                let boards = board_list(boards, lang);
                lang.pick(
                    format!("round {round} has no result on {boards}"),
                    format!("in Runde {round} fehlt das Ergebnis an {boards}"),
                )
            }
            PairError::TooFewPlayers => lang
                .pick(
                    "fewer than two players to pair",
                    "weniger als zwei Spieler zum Auslosen",
                )
                .to_string(),
            PairError::RoundRobinSize(n) => lang.pick(
                format!("a round robin needs 3-30 players, not {n}"),
                format!("ein Rundenturnier braucht 3 bis 30 Spieler, nicht {n}"),
            ),
            PairError::RoundRobinFieldChanged => lang
                .pick(
                    "the field of a round robin cannot change after round 1",
                    "das Teilnehmerfeld eines Rundenturniers kann sich nach Runde 1 nicht ändern",
                )
                .to_string(),
            PairError::NoValidPairing => lang
                .pick(
                    "no pairing satisfies the absolute criteria; the arbiter decides",
                    "keine Paarung erfüllt die absoluten Kriterien; der Schiedsrichter entscheidet",
                )
                .to_string(),
            PairError::Engine(e) => lang.pick(
                format!("pairing engine: {e}"),
                format!("Auslosungsprogramm: {e}"),
            ),
        }
    }
}

/// "board 3" or "boards 3, 5 and 7"; "Brett 3" or "Brett 3, 5 und 7".
fn board_list(boards: &[usize], lang: Lang) -> String {
    let numbers: Vec<String> = boards.iter().map(usize::to_string).collect();
    match numbers.split_last() {
        None => lang.pick("no board", "keinem Brett").to_string(),
        Some((last, [])) => format!("{} {last}", lang.pick("board", "Brett")),
        Some((last, rest)) => format!(
            "{} {} {} {last}",
            lang.pick("boards", "Brett"),
            rest.join(", "),
            lang.pick("and", "und")
        ),
    }
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message(Lang::En), self.article())
    }
}

impl std::error::Error for PairError {}

/// Why an edit of rounds or results is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum RoundError {
    /// No such round.
    NoRound(u32),
    /// No such board in the round.
    NoBoard {
        /// Round.
        round: u32,
        /// 1-based board.
        board: usize,
    },
    /// The player is not entered in the section.
    UnknownPlayer(PlayerId),
    /// A player would be on two boards, or paired with themselves.
    PlayerTwice(PlayerId),
    /// The round is not the last paired one (only the last can be unpaired or stored).
    NotLastRound(u32),
    /// The round already has results (unpair refused).
    HasResults(u32),
    /// The round is already published.
    AlreadyPublished(u32),
    /// The round is not published yet (results need a published pairing).
    NotPublished(u32),
    /// A result is already entered; use a correction (Art. 8.7).
    AlreadyEntered {
        /// Round.
        round: u32,
        /// 1-based board.
        board: usize,
    },
    /// The time control text is not valid.
    TimeControl(String),
    /// Pairing numbers cannot be set once round 1 is paired.
    NumbersFixed,
    /// An entry is missing from a pairing-number order.
    MissingFromOrder(PlayerId),
    /// A starting rank beyond the players of the section.
    NoNumber {
        /// The number asked for.
        number: u32,
        /// Players in the section.
        players: usize,
    },
    /// The tie-break list is not valid.
    TieBreaks(String),
    /// The profile name is unknown.
    Profile(String),
    /// FIDE mode: a manual pairing change needs the arbiter's confirmation (C.04.A).
    ConfirmationNeeded,
    /// Two players to exchange of whom neither is on a board (or the same player twice).
    NeitherOnBoard {
        /// One player.
        a: PlayerId,
        /// The other.
        b: PlayerId,
    },
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))?;
        match self.article() {
            Some(a) => write!(f, " ({a})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for RoundError {}

impl RoundError {
    /// The provision behind the refusal, where one applies.
    pub fn article(&self) -> Option<Article> {
        match self {
            RoundError::AlreadyEntered { .. } => Some(RESULT_CORRECTION),
            RoundError::ConfirmationNeeded => Some(FIDE_MODE),
            RoundError::NumbersFixed
            | RoundError::MissingFromOrder(_)
            | RoundError::NoNumber { .. } => Some(crate::seeding::INITIAL_ORDER),
            _ => None,
        }
    }

    /// The refusal in `lang`, without its provision ([`RoundError::article`]).
    pub fn message(&self, lang: Lang) -> String {
        match self {
            RoundError::NoRound(r) => lang.pick(
                format!("round {r} is not paired"),
                format!("Runde {r} ist nicht ausgelost"),
            ),
            RoundError::NoBoard { round, board } => lang.pick(
                format!("round {round} has no board {board}"),
                format!("Runde {round} hat kein Brett {board}"),
            ),
            RoundError::UnknownPlayer(p) => lang.pick(
                format!("player {p} is not in the section"),
                format!("Spieler {p} ist nicht in dieser Gruppe"),
            ),
            RoundError::PlayerTwice(p) => lang.pick(
                format!("player {p} would play twice in the round"),
                format!("Spieler {p} würde in der Runde zweimal spielen"),
            ),
            RoundError::NotLastRound(r) => lang.pick(
                format!("round {r} is not the last paired round"),
                format!("Runde {r} ist nicht die letzte ausgeloste Runde"),
            ),
            RoundError::HasResults(r) => lang.pick(
                format!("round {r} already has results"),
                format!("Runde {r} hat schon Ergebnisse"),
            ),
            RoundError::AlreadyPublished(r) => lang.pick(
                format!("round {r} is already published"),
                format!("Runde {r} ist schon veröffentlicht"),
            ),
            RoundError::NotPublished(r) => lang.pick(
                format!("round {r} is not published"),
                format!("Runde {r} ist noch nicht veröffentlicht"),
            ),
            RoundError::AlreadyEntered { round, board } => lang.pick(
                format!("round {round}, board {board} has a result; correct it instead"),
                format!("Runde {round}, Brett {board} hat schon ein Ergebnis; bitte korrigieren"),
            ),
            RoundError::TimeControl(e) => {
                format!("{}: {e}", lang.pick("time control", "Bedenkzeit"))
            }
            RoundError::NumbersFixed => lang
                .pick(
                    "pairing numbers cannot change once round 1 is paired",
                    "Startnummern können nach der Auslosung von Runde 1 nicht mehr geändert werden",
                )
                .to_string(),
            RoundError::MissingFromOrder(p) => lang.pick(
                format!("player {p} has no pairing number"),
                format!("Spieler {p} hat keine Startnummer"),
            ),
            RoundError::NoNumber { number, players } => lang.pick(
                format!("number {number}: expected a starting rank from 1 to {players}"),
                format!("Nummer {number}: erwartet wird ein Startrang von 1 bis {players}"),
            ),
            RoundError::TieBreaks(e) => {
                format!("{}: {e}", lang.pick("tie-breaks", "Feinwertungen"))
            }
            RoundError::Profile(e) => e.clone(),
            RoundError::ConfirmationNeeded => lang
                .pick(
                    "FIDE mode: confirm that the change departs from the engine's pairing",
                    "FIDE-Modus: bitte bestätigen, dass die Änderung von der Paarung des Programms abweicht",
                )
                .to_string(),
            RoundError::NeitherOnBoard { a, b } => lang.pick(
                format!("players {a} and {b}: to exchange two players, one must be on a board"),
                format!(
                    "Spieler {a} und {b}: zum Tauschen muss einer der beiden an einem Brett sitzen"
                ),
            ),
        }
    }
}

/// A result stands unless the arbiter corrects it (Art. 8.7).
pub const RESULT_CORRECTION: Article = Article::new("Art. 8.7");

/// What a result correction changed (Art. 8.7: the arbiter may correct a result).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Correction {
    /// The round.
    pub round: u32,
    /// 1-based board.
    pub board: usize,
    /// The result before.
    pub old: GameResult,
    /// The result now.
    pub new: GameResult,
    /// Later rounds already paired on the old scores; their pairings stand.
    pub affected_rounds: Vec<u32>,
    /// One warning per affected round.
    pub warnings: Vec<Warning>,
}

/// FIDE C.04.A (endorsement of pairing programs): a manual change of the program's pairing
/// must be confirmed and recorded.
pub const FIDE_MODE: Article = Article::new("C.04.A");

/// A manual change kept for the TRF (`###` comment).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IntegrityNote {
    /// The round changed.
    pub round: u32,
    /// Who changed it.
    pub by: String,
    /// When.
    pub at: DateTime,
    /// What changed, by pairing numbers (`board 2: 5 - 9`, `bye H: 7`, `board 3 taken apart`).
    pub change: String,
    /// The criteria the changed round breaks against the engine's pairing (`C1`, `C12`,
    /// ...), `None` when the round could not be evaluated (incomplete, or not a Swiss).
    pub criteria: Option<Vec<String>>,
}

/// The words of an integrity note's `###` comment, written and read back.
const NOTE_START: &str = "manual pairing, round ";
const NOT_EVALUATED: &str = "criteria not evaluated (round incomplete or not a Swiss)";
const BREAKS_NONE: &str = "breaks no criterion";
const BREAKS: &str = "breaks ";

impl IntegrityNote {
    /// The `###` comment text (after the `###`).
    pub fn trf_comment(&self) -> String {
        let criteria = match &self.criteria {
            None => NOT_EVALUATED.to_owned(),
            Some(c) if c.is_empty() => BREAKS_NONE.to_owned(),
            Some(c) => format!("{BREAKS}{}", c.join(", ")),
        };
        format!(
            " {NOTE_START}{}, by {}, {}: {}; {criteria}",
            self.round, self.by, self.at, self.change
        )
    }

    /// The note a `###` comment written by [`IntegrityNote::trf_comment`] keeps (text after
    /// the `###`); `None` for any other comment.
    pub fn from_trf_comment(text: &str) -> Option<IntegrityNote> {
        let rest = text.trim_start().strip_prefix(NOTE_START)?;
        let (round, rest) = rest.split_once(", by ")?;
        let round = round.parse().ok()?;
        // `by` may hold anything; the moment after it is `, YYYY-MM-DD HH:MM: `.
        let (by, at, rest) = rest.match_indices(", ").find_map(|(i, _)| {
            let moment = rest.get(i + 2..i + 18)?;
            let (date, time) = moment.split_once(' ')?;
            let at = DateTime {
                date: date.parse().ok()?,
                time: time.parse().ok()?,
            };
            Some((&rest[..i], at, rest.get(i + 18..)?.strip_prefix(": ")?))
        })?;
        let (change, criteria) = rest.rsplit_once("; ")?;
        let criteria = match criteria.trim_end() {
            BREAKS_NONE => Some(Vec::new()),
            NOT_EVALUATED => None,
            c => Some(
                c.strip_prefix(BREAKS)?
                    .split(", ")
                    .map(str::to_owned)
                    .collect(),
            ),
        };
        Some(IntegrityNote {
            round,
            by: by.to_owned(),
            at,
            change: change.to_owned(),
            criteria,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::age::AgeClass;

    #[test]
    fn h15_07_the_public_delay_is_stored_and_older_documents_read_the_default() {
        let mut s = Section::new("Open", vec![Class::open(AgeClass::Open)]);
        assert_eq!(s.public_delay_minutes, DEFAULT_PUBLIC_DELAY_MINUTES);
        let json = serde_json::to_value(&s).unwrap();
        assert!(
            json.get("public_delay_minutes").is_none(),
            "the default is not written"
        );
        let old: Section = serde_json::from_value(json).unwrap();
        assert_eq!(old.public_delay_minutes, 15);
        s.public_delay_minutes = 0;
        let json = serde_json::to_value(&s).unwrap();
        assert_eq!(json["public_delay_minutes"], 0);
        let back: Section = serde_json::from_value(json).unwrap();
        assert_eq!(back.public_delay_minutes, 0);
        s.public_delay_minutes = MAX_PUBLIC_DELAY_MINUTES + 1;
        let e = crate::validate::section(&s).unwrap_err();
        assert_eq!(e.field, crate::validate::Field::PublicDelay);
    }
}
