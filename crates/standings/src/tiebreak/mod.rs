//! FIDE tie-breaks (Handbook C.07) computed exactly, with a per-round breakdown.
//!
//! A [`Field`] holds every participant's rounds as [`Outcome`]s. An [`Evaluation`] fixes the
//! [`Edition`] of C.07 and precomputes the *adjusted scores* of Art. 16.3 (2024/2026) or the
//! legacy "unplayed games count as draws" scores (2009/2012). Each tie-break is a method named
//! after its C.07 code ([`Evaluation::bh`], [`Evaluation::sb`], [`Evaluation::win`], ...);
//! [`standings`] ranks the whole field by points and a list of [`TieBreak`]s, and
//! [`Standings::ties`] names the groups a playoff ([`playoff`]) must separate. German criteria
//! ([`Evaluation::bhsum`], [`Evaluation::sw`], `DE/V`) sit beside the C.07 ones; [`team`] has the
//! two team criteria of the DSJ orders and [`preset`] the named orders of the regulations.
//!
//! Values are [`Hundredths`]: scores are multiples of ½, SB values multiples of ¼, AOB is
//! rounded to two decimals half up and rating criteria are whole numbers, so every value is
//! exact.
//!
//! ```
//! use standings::tiebreak::{standings, Edition, Evaluation, Field, Participant, Round, Rules, TieBreak};
//! use standings::{Outcome, ScoringSystem};
//!
//! // 1 beats 2, then 1 gets the pairing-allocated bye while 2 beats 3.
//! let p = |tpn, rounds| Participant { tpn, rating: Some(2000), rounds };
//! let field = Field::new(
//!     vec![
//!         p(1, vec![Round::game(2, false, Outcome::Win), Round::bye(Outcome::PairingBye)]),
//!         p(2, vec![Round::game(1, true, Outcome::Loss), Round::game(3, false, Outcome::Win)]),
//!         p(3, vec![Round::bye(Outcome::PairingBye), Round::game(2, true, Outcome::Loss)]),
//!     ],
//!     2,
//!     ScoringSystem::STANDARD,
//! )?;
//! let ev = Evaluation::new(&field, Edition::Fide2026);
//! // BH of 1: opponent 2 (1 point) + dummy for the PAB, min(own 2, ½ × 2 rounds) = 1.
//! assert_eq!(ev.bh(1, None).map(|b| b.value.to_string()), Some("2.00".into()));
//! let tbs: Vec<TieBreak> = vec!["BH".parse()?, "WIN".parse()?];
//! let table = standings(&field, &tbs, Rules::new(Edition::Fide2026));
//! assert_eq!(table.rows[0].tpn, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod code;
pub mod playoff;
pub mod preset;
pub mod team;

use std::cell::OnceCell;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use laws::{Article, Lang};

pub use code::{Kind, ParseTieBreakError, ParseTieBreakErrorKind, TieBreak, Trim, parse_list};

use crate::Date;
use crate::rating::{self, Game, Hundredths, round_half_up};
use crate::score::{Outcome, Points, ScoringSystem};

/// The edition of C.07 that decides how unplayed rounds count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edition {
    /// 2009/2012: opponents' unplayed rounds count as draws; an own unplayed round is a game
    /// against a *virtual opponent*.
    Legacy,
    /// C.07 2023/2024 (mandatory from 1 Apr 2024): Art. 16 categories, dummy opponent with the
    /// participant's own final score.
    Fide2024,
    /// C.07 2026 (from 1 Mar 2026): as 2024, with the dummy capped by Art. 16.4.1/16.4.2.
    Fide2026,
}

impl Edition {
    /// The first start date under C.07 2024 (mandatory for rated events from 1 Apr 2024).
    pub fn fide2024_from() -> Date {
        Date::new(2024, 4, 1).expect("a valid date")
    }

    /// The first start date under C.07 2026 (in force from 1 Mar 2026).
    pub fn fide2026_from() -> Date {
        Date::new(2026, 3, 1).expect("a valid date")
    }

    /// The edition in force for a tournament that starts on `start`.
    pub fn for_start_date(start: Date) -> Edition {
        if start >= Edition::fide2026_from() {
            Edition::Fide2026
        } else if start >= Edition::fide2024_from() {
            Edition::Fide2024
        } else {
            Edition::Legacy
        }
    }

    /// The article that governs unplayed rounds in this edition.
    pub fn article(self) -> Article {
        match self {
            Edition::Legacy => Article::new("C.07 (2009) Art. 2"),
            Edition::Fide2024 | Edition::Fide2026 => Article::new("C.07 Art. 16"),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edition::Legacy => "legacy",
            Edition::Fide2024 => "2024",
            Edition::Fide2026 => "2026",
        })
    }
}

/// An edition name other than `legacy`, `2024` or `2026`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseEditionError(pub String);

impl fmt::Display for ParseEditionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a C.07 edition (legacy, 2024, 2026)", self.0)
    }
}

impl std::error::Error for ParseEditionError {}

impl FromStr for Edition {
    type Err = ParseEditionError;

    fn from_str(s: &str) -> Result<Edition, ParseEditionError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "legacy" | "2009" | "2012" => Ok(Edition::Legacy),
            "2024" | "2023" | "v1" => Ok(Edition::Fide2024),
            "2026" | "v2" => Ok(Edition::Fide2026),
            _ => Err(ParseEditionError(s.to_string())),
        }
    }
}

/// How DE treats a tie group whose members have not all met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DirectEncounterRule {
    /// C.07 Art. 6.3: a participant is ranked first only if alone on top whatever the
    /// missing games' results; the rest stay tied.
    #[default]
    Fide,
    /// DSJ JSpO "Direkter Vergleich (sofern vollständig vorhanden)": no ranking at all unless
    /// every tied participant met every other (Art. 6.2 without 6.3).
    CompleteOnly,
}

/// Which Buchholz of each opponent the Buchholzsumme (`BHSUM`) adds up; the DSJ JSpO does not
/// say, so both readings in use are offered.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum BuchholzSum {
    /// Each opponent's Buchholz with the same cut as the sum (`BHSUM/C1` adds the opponents'
    /// BH/C1, then drops the lowest term), as the DSJ website engine computes it.
    #[default]
    #[serde(rename = "cut")]
    CutOpponents,
    /// Each opponent's full Buchholz; the cut only drops terms of the sum.
    #[serde(rename = "full")]
    FullOpponents,
}

impl fmt::Display for BuchholzSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BuchholzSum::CutOpponents => "cut",
            BuchholzSum::FullOpponents => "full",
        })
    }
}

/// A Buchholzsumme reading other than `cut` or `full`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseBuchholzSumError(pub String);

impl fmt::Display for ParseBuchholzSumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a Buchholzsumme reading (cut, full)", self.0)
    }
}

impl std::error::Error for ParseBuchholzSumError {}

impl FromStr for BuchholzSum {
    type Err = ParseBuchholzSumError;

    fn from_str(s: &str) -> Result<BuchholzSum, ParseBuchholzSumError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "cut" => Ok(BuchholzSum::CutOpponents),
            "full" => Ok(BuchholzSum::FullOpponents),
            _ => Err(ParseBuchholzSumError(s.to_string())),
        }
    }
}

/// Which voluntarily unplayed round Art. 16.5 weighs against the LSV when a Cut or Median
/// removes a value. The text says "the lowest VUR contribution"; for SB, whose LSV is found by
/// the lowest-scored opponent (Art. 14.1), the two readings below differ when the dummies of
/// the VURs score differently (2026 edition, Art. 16.4.1 against 16.4.2). For BH they agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum VurCut {
    /// The VUR with the lowest contribution (the words of Art. 16.5).
    #[default]
    LowestValue,
    /// The VUR that is least significant in the order of Art. 14.1 (lowest-scored opponent,
    /// then lowest contribution), as the FIDE TEC's checker (TieBreakServer) reads it.
    LeastSignificant,
}

/// The VUR reading of Art. 16.5.
pub const VUR_CUT: Article = Article::new("C.07 Art. 16.5");

impl fmt::Display for VurCut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VurCut::LowestValue => "value",
            VurCut::LeastSignificant => "lsv",
        })
    }
}

/// A VUR reading other than `value` or `lsv`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVurCutError(pub String);

impl fmt::Display for ParseVurCutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a VUR cut reading (value, lsv)", self.0)
    }
}

impl std::error::Error for ParseVurCutError {}

impl FromStr for VurCut {
    type Err = ParseVurCutError;

    fn from_str(s: &str) -> Result<VurCut, ParseVurCutError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "value" => Ok(VurCut::LowestValue),
            "lsv" => Ok(VurCut::LeastSignificant),
            _ => Err(ParseVurCutError(s.to_string())),
        }
    }
}

/// The rules a ranking follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Treatment of unplayed rounds.
    pub edition: Edition,
    /// Art. 6.3 or the DSJ variant (a `DE/V` code asks for the DSJ variant by itself).
    pub direct_encounter: DirectEncounterRule,
    /// A round robin: forfeits count as games (2024 Art. 15, 2026 Art. 15.2).
    pub round_robin: bool,
    /// The reading of the Buchholzsumme.
    pub buchholz_sum: BuchholzSum,
    /// The reading of Art. 16.5 for a Cut or Median.
    pub vur_cut: VurCut,
}

impl Rules {
    /// The edition with the FIDE DE rule.
    pub fn new(edition: Edition) -> Rules {
        Rules {
            edition,
            direct_encounter: DirectEncounterRule::Fide,
            round_robin: false,
            buchholz_sum: BuchholzSum::CutOpponents,
            vur_cut: VurCut::LowestValue,
        }
    }
}

/// One round of a participant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Round {
    /// The (scheduled) opponent's pairing number; `None` for byes and absences.
    pub opponent: Option<u16>,
    /// Played with black.
    pub black: bool,
    /// What the participant got.
    pub outcome: Outcome,
}

impl Round {
    /// A game (or forfeit) against `opponent`.
    pub fn game(opponent: u16, black: bool, outcome: Outcome) -> Round {
        Round {
            opponent: Some(opponent),
            black,
            outcome,
        }
    }

    /// A bye or absence without opponent.
    pub fn bye(outcome: Outcome) -> Round {
        Round {
            opponent: None,
            black: false,
            outcome,
        }
    }
}

/// A participant: pairing number, rating (`None` when unrated) and rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Participant {
    /// Tournament pairing number.
    pub tpn: u16,
    /// Rating for Art. 10; `None` if unrated.
    pub rating: Option<u16>,
    /// Round 1, 2, ...; missing trailing rounds count as zero-point byes (absence).
    pub rounds: Vec<Round>,
}

/// A field that cannot be evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldError {
    /// Two participants share a pairing number.
    DuplicateTpn(u16),
    /// A round names an opponent who is not in the field.
    UnknownOpponent {
        /// The participant.
        tpn: u16,
        /// 1-based round.
        round: usize,
        /// The missing opponent.
        opponent: u16,
    },
    /// A game or forfeit without opponent.
    MissingOpponent {
        /// The participant.
        tpn: u16,
        /// 1-based round.
        round: usize,
    },
    /// More rounds than the tournament has.
    TooManyRounds {
        /// The participant.
        tpn: u16,
        /// Rounds given.
        rounds: usize,
    },
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::DuplicateTpn(t) => write!(f, "pairing number {t} occurs twice"),
            FieldError::UnknownOpponent {
                tpn,
                round,
                opponent,
            } => write!(
                f,
                "player {tpn}, round {round}: opponent {opponent} is not in the field"
            ),
            FieldError::MissingOpponent { tpn, round } => {
                write!(f, "player {tpn}, round {round}: a game needs an opponent")
            }
            FieldError::TooManyRounds { tpn, rounds } => {
                write!(
                    f,
                    "player {tpn} has {rounds} rounds, more than the tournament"
                )
            }
        }
    }
}

impl std::error::Error for FieldError {}

/// All participants of an individual tournament after some rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    participants: Vec<Participant>,
    rounds: usize,
    scoring: ScoringSystem,
    index: HashMap<u16, usize>,
}

impl Field {
    /// Checks the participants; every round list is padded to `rounds` with absences.
    pub fn new(
        mut participants: Vec<Participant>,
        rounds: usize,
        scoring: ScoringSystem,
    ) -> Result<Field, FieldError> {
        let mut index = HashMap::new();
        for (i, p) in participants.iter().enumerate() {
            if index.insert(p.tpn, i).is_some() {
                return Err(FieldError::DuplicateTpn(p.tpn));
            }
        }
        for p in &mut participants {
            if p.rounds.len() > rounds {
                return Err(FieldError::TooManyRounds {
                    tpn: p.tpn,
                    rounds: p.rounds.len(),
                });
            }
            for (r, round) in p.rounds.iter().enumerate() {
                match round.opponent {
                    Some(o) if !index.contains_key(&o) => {
                        return Err(FieldError::UnknownOpponent {
                            tpn: p.tpn,
                            round: r + 1,
                            opponent: o,
                        });
                    }
                    None if round.outcome.is_played() => {
                        return Err(FieldError::MissingOpponent {
                            tpn: p.tpn,
                            round: r + 1,
                        });
                    }
                    _ => {}
                }
            }
            p.rounds.resize(rounds, Round::bye(Outcome::ZeroPointBye));
        }
        Ok(Field {
            participants,
            rounds,
            scoring,
            index,
        })
    }

    /// The participants in the order given.
    pub fn participants(&self) -> &[Participant] {
        &self.participants
    }

    /// The number of rounds.
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// The scoring system.
    pub fn scoring(&self) -> ScoringSystem {
        self.scoring
    }

    /// The participant with pairing number `tpn`.
    pub fn participant(&self, tpn: u16) -> Option<&Participant> {
        self.index.get(&tpn).map(|&i| &self.participants[i])
    }

    /// The participant's total score.
    pub fn points(&self, tpn: u16) -> Option<Points> {
        self.participant(tpn).map(|p| self.total(p))
    }

    fn total(&self, p: &Participant) -> Points {
        p.rounds
            .iter()
            .map(|r| self.scoring.points(r.outcome))
            .sum()
    }

    /// The field as if every game paired in the last round had been drawn (Art. 8.3, FB): a
    /// forfeit there counts as a drawn game too, since FB is the Buchholz known before the
    /// last round is played; byes of the last round keep their points.
    pub fn fore(&self) -> Field {
        let mut fore = self.clone();
        if let Some(last) = self.rounds.checked_sub(1) {
            for p in &mut fore.participants {
                let r = &mut p.rounds[last];
                if r.opponent.is_some() {
                    r.outcome = Outcome::Draw;
                }
            }
        }
        fore
    }
}

/// Whether a round is a *voluntarily unplayed round* (C.07 2024/2026 Art. 16.1.2): a requested
/// bye (HPB, ZPB, every round after a withdrawal) or a forfeit loss.
pub fn is_vur(outcome: Outcome) -> bool {
    matches!(
        outcome,
        Outcome::HalfPointBye | Outcome::ZeroPointBye | Outcome::ForfeitLoss
    )
}

/// What stands for the opponent in one round of a score-based tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// A game played over the board: the opponent's adjusted score (Art. 16.3).
    Opponent,
    /// An unplayed round: a dummy opponent (2024/2026 Art. 16.4).
    Dummy,
    /// An unplayed round under the legacy rules: the virtual opponent.
    VirtualOpponent,
    /// An unplayed round that adds nothing (Buchholzsumme).
    Unplayed,
}

impl Source {
    /// The article that gives the value.
    pub fn article(self) -> Article {
        match self {
            Source::Opponent => Article::new("C.07 Art. 16.3"),
            Source::Dummy => Article::new("C.07 Art. 16.4"),
            Source::VirtualOpponent => Article::new("C.07 (2009) Art. 2.3"),
            Source::Unplayed => Article::new("DSJ JSpO AB 4.2"),
        }
    }

    /// Whether the round is a game played over the board (the opponent's own score counts).
    pub fn is_game(self) -> bool {
        self == Source::Opponent
    }

    /// What stands for the opponent, in words (the one place for them: the CLI's `--explain`
    /// and the web breakdown). A played game is the opponent's adjusted score.
    pub fn words(self, lang: Lang) -> &'static str {
        match self {
            Source::Opponent => lang.pick("adjusted score", "Wertung des Gegners"),
            Source::Dummy => lang.pick("dummy opponent", "fiktiver Gegner"),
            Source::VirtualOpponent => lang.pick("virtual opponent", "virtueller Gegner"),
            Source::Unplayed => lang.pick("unplayed round", "nicht gespielte Runde"),
        }
    }
}

/// Why a value was removed by Cut or Median.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Removal {
    /// The least significant value (Art. 14.1).
    LeastSignificant,
    /// A voluntarily unplayed round cut before the LSV (Art. 16.5).
    VoluntarilyUnplayed,
    /// The highest value, for Median (Art. 14.2).
    Highest,
}

impl Removal {
    /// The article that cuts.
    pub fn article(self) -> Article {
        match self {
            Removal::LeastSignificant => Article::new("C.07 Art. 14.1"),
            Removal::VoluntarilyUnplayed => VUR_CUT,
            Removal::Highest => Article::new("C.07 Art. 14.2"),
        }
    }

    /// Why the value was cut, in words (the one place for them).
    pub fn words(self, lang: Lang) -> &'static str {
        match self {
            Removal::LeastSignificant => lang.pick("least significant value", "schwächster Wert"),
            Removal::VoluntarilyUnplayed => lang.pick(
                "voluntarily unplayed round first",
                "freiwillig nicht gespielte Runde zuerst",
            ),
            Removal::Highest => lang.pick("highest value", "höchster Wert"),
        }
    }
}

/// One round's share of a score-based tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contribution {
    /// 1-based round.
    pub round: usize,
    /// The (scheduled) opponent, if any.
    pub opponent: Option<u16>,
    /// What the opponent's score stands for.
    pub source: Source,
    /// The opponent's adjusted score, or the dummy's / virtual opponent's score.
    pub opponent_score: Points,
    /// The participant's own points in the round.
    pub own: Points,
    /// Whether the round is a VUR (Art. 16.1.2).
    pub vur: bool,
    /// The value added to the tie-break.
    pub value: Hundredths,
    /// Why the value was removed, if it was.
    pub removed: Option<Removal>,
}

/// A tie-break value with the rounds that make it up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breakdown {
    /// The criterion.
    pub tiebreak: TieBreak,
    /// One entry per round.
    pub contributions: Vec<Contribution>,
    /// The sum of the contributions that were not removed.
    pub value: Hundredths,
}

fn hundredths(p: Points) -> Hundredths {
    Hundredths::from_points(p)
}

/// A field evaluated under one edition of C.07.
#[derive(Debug, Clone)]
pub struct Evaluation<'a> {
    field: &'a Field,
    edition: Edition,
    round_robin: bool,
    buchholz_sum: BuchholzSum,
    vur_cut: VurCut,
    scores: Scores,
    /// The field with the last round drawn and its scores, for FB (computed once).
    fore: OnceCell<(Field, Scores)>,
    /// TPR and PTP of every participant, for APRO and APPO (computed once).
    performances: OnceCell<Vec<(Option<i32>, Option<i32>)>>,
}

/// Scores and adjusted scores, by participant index.
#[derive(Debug, Clone)]
struct Scores {
    points: Vec<Points>,
    adjusted: Vec<Points>,
}

impl Scores {
    fn new(field: &Field, edition: Edition, round_robin: bool) -> Scores {
        Scores {
            points: field.participants.iter().map(|p| field.total(p)).collect(),
            adjusted: field
                .participants
                .iter()
                .map(|p| adjusted_score(field, edition, round_robin, p))
                .collect(),
        }
    }
}

impl<'a> Evaluation<'a> {
    /// Precomputes scores and adjusted scores.
    pub fn new(field: &'a Field, edition: Edition) -> Evaluation<'a> {
        Evaluation {
            field,
            edition,
            round_robin: false,
            buchholz_sum: BuchholzSum::CutOpponents,
            vur_cut: VurCut::LowestValue,
            scores: Scores::new(field, edition, false),
            fore: OnceCell::new(),
            performances: OnceCell::new(),
        }
    }

    /// The edition.
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// Evaluates the field as a round robin: under 2024 (Art. 15) forfeits are games with the
    /// awarded result; under 2026 (Art. 15.2) too, except that rating criteria (Art. 10) treat
    /// every forfeit and counts (Art. 7) treat forfeit losses as unplayed. No effect on legacy.
    pub fn round_robin(mut self, round_robin: bool) -> Evaluation<'a> {
        self.round_robin = round_robin && self.edition != Edition::Legacy;
        self.scores = Scores::new(self.field, self.edition, self.round_robin);
        self.fore = OnceCell::new();
        self
    }

    /// Chooses the reading of Art. 16.5 for a Cut or Median (default: the lowest value).
    pub fn vur_cut(mut self, reading: VurCut) -> Evaluation<'a> {
        self.vur_cut = reading;
        self
    }

    /// Chooses the reading of the Buchholzsumme (`BHSUM`).
    pub fn buchholz_sum(mut self, reading: BuchholzSum) -> Evaluation<'a> {
        self.buchholz_sum = reading;
        self
    }

    /// Whether a forfeit counts as a game for Art. 7 counts.
    fn forfeit_counted(&self, outcome: Outcome) -> bool {
        self.round_robin
            && (outcome == Outcome::ForfeitWin
                || (outcome == Outcome::ForfeitLoss && self.edition == Edition::Fide2024))
    }

    fn idx(&self, tpn: u16) -> Option<usize> {
        self.field.index.get(&tpn).copied()
    }

    /// The participant's score (PTS).
    pub fn pts(&self, tpn: u16) -> Option<Points> {
        self.idx(tpn).map(|i| self.scores.points[i])
    }

    /// The score opponents see (Art. 16.3; legacy: unplayed rounds as draws).
    pub fn adjusted_score(&self, tpn: u16) -> Option<Points> {
        self.idx(tpn).map(|i| self.scores.adjusted[i])
    }

    fn opponent_scores(&self, i: usize) -> Vec<Contribution> {
        opponent_scores(self.field, self.edition, self.round_robin, &self.scores, i)
    }

    /// Buchholz (Art. 8.1) with Cut or Median (Art. 14, 16.5); `None` for an unknown TPN.
    pub fn bh(&self, tpn: u16, trim: Option<Trim>) -> Option<Breakdown> {
        let i = self.idx(tpn)?;
        let mut contributions = self.opponent_scores(i);
        let value = trim_and_sum(&mut contributions, trim, self.vur_cut);
        Some(Breakdown {
            tiebreak: TieBreak {
                trim,
                ..TieBreak::new(Kind::Bh)
            },
            contributions,
            value,
        })
    }

    /// Buchholzsumme (DSJ JSpO AB 4.2): for every round the Buchholz of the opponent met there
    /// (with `trim` under [`BuchholzSum::CutOpponents`], uncut under
    /// [`BuchholzSum::FullOpponents`]); an unplayed round adds 0. `/Cn` then drops the n lowest
    /// terms. Each term's `opponent_score` is the opponent's score.
    pub fn bhsum(&self, tpn: u16, trim: Option<Trim>) -> Option<Breakdown> {
        let i = self.idx(tpn)?;
        let inner = match self.buchholz_sum {
            BuchholzSum::CutOpponents => trim,
            BuchholzSum::FullOpponents => None,
        };
        let mut contributions: Vec<Contribution> = self
            .opponent_scores(i)
            .into_iter()
            .map(|mut c| {
                let opponent = c.opponent.filter(|_| c.source == Source::Opponent);
                match opponent.and_then(|o| self.bh(o, inner)) {
                    Some(b) => c.value = b.value,
                    None => {
                        c.source = Source::Unplayed;
                        c.opponent_score = Points::ZERO;
                        c.value = Hundredths::from_whole(0);
                    }
                }
                c.vur = false;
                c
            })
            .collect();
        let low = match trim {
            Some(Trim::Cut(n)) => usize::from(n),
            _ => 0,
        };
        for _ in 0..low {
            let lowest = contributions
                .iter()
                .enumerate()
                .filter(|(_, c)| c.removed.is_none())
                .min_by_key(|(_, c)| c.value)
                .map(|(k, _)| k);
            if let Some(k) = lowest {
                contributions[k].removed = Some(Removal::LeastSignificant);
            }
        }
        let value = crate::rating::Fixed(
            contributions
                .iter()
                .filter(|c| c.removed.is_none())
                .map(|c| c.value.0)
                .sum(),
        );
        Some(Breakdown {
            tiebreak: TieBreak {
                trim,
                ..TieBreak::new(Kind::Bhsum)
            },
            contributions,
            value,
        })
    }

    /// Fore Buchholz (Art. 8.3): BH with every game of the last round counted as a draw.
    pub fn fb(&self, tpn: u16, trim: Option<Trim>) -> Option<Breakdown> {
        let i = self.idx(tpn)?;
        let (fore, scores) = self.fore.get_or_init(|| {
            let fore = self.field.fore();
            let scores = Scores::new(&fore, self.edition, self.round_robin);
            (fore, scores)
        });
        let mut contributions = opponent_scores(fore, self.edition, self.round_robin, scores, i);
        let value = trim_and_sum(&mut contributions, trim, self.vur_cut);
        Some(Breakdown {
            tiebreak: TieBreak {
                trim,
                ..TieBreak::new(Kind::Fb)
            },
            contributions,
            value,
        })
    }

    /// Sonneborn-Berger (Art. 9.1): Σ opponent's score × own points; Cut removes the
    /// contribution of the lowest-scored opponent (Art. 14.1) unless Art. 16.5 cuts a VUR.
    pub fn sb(&self, tpn: u16, trim: Option<Trim>) -> Option<Breakdown> {
        let i = self.idx(tpn)?;
        let mut contributions = self.opponent_scores(i);
        for c in &mut contributions {
            c.value = crate::rating::Fixed(
                i64::from(c.opponent_score.half_points()) * i64::from(c.own.half_points()) * 25,
            );
        }
        let value = trim_and_sum(&mut contributions, trim, self.vur_cut);
        Some(Breakdown {
            tiebreak: TieBreak {
                trim,
                ..TieBreak::new(Kind::Sb)
            },
            contributions,
            value,
        })
    }

    /// Koya (Art. 9.2): points scored against opponents (adjusted score, or the dummy for an
    /// unplayed round) with at least half the maximum possible score, the limit shifted by
    /// `limit` half-points (Art. 14.3).
    pub fn ks(&self, tpn: u16, limit: i8) -> Option<Points> {
        let i = self.idx(tpn)?;
        let win = i64::from(self.field.scoring.win.half_points());
        // The most an opponent could score: a win in every round, in a round robin in every
        // round the schedule gives him a game (the rest round of an odd field gives none).
        let maximum = |c: &Contribution| {
            let scheduled = match c.opponent.and_then(|o| self.idx(o)) {
                Some(o) if self.round_robin => self.field.participants[o]
                    .rounds
                    .iter()
                    .filter(|r| r.opponent.is_some())
                    .count(),
                _ => self.field.rounds,
            };
            win * scheduled as i64
        };
        Some(
            self.opponent_scores(i)
                .iter()
                .filter(|c| {
                    2 * i64::from(c.opponent_score.half_points())
                        >= maximum(c) + 2 * i64::from(limit)
                })
                .map(|c| c.own)
                .sum(),
        )
    }

    fn played_opponents(&self, i: usize) -> impl Iterator<Item = (usize, &Round)> + '_ {
        self.field.participants[i]
            .rounds
            .iter()
            .filter(|r| r.outcome.is_played())
            .filter_map(|r| r.opponent.and_then(|o| self.idx(o)).map(|o| (o, r)))
    }

    /// Average of opponents' Buchholz (Art. 8.2): mean uncut BH of the opponents met over the
    /// board, rounded half up to hundredths; with `fore` (`AOB/F`) their fore Buchholz
    /// (Art. 8.3); `None` without such games.
    pub fn aob(&self, tpn: u16, fore: bool) -> Option<Hundredths> {
        let i = self.idx(tpn)?;
        let bhs: Vec<i64> = self
            .played_opponents(i)
            .filter_map(|(o, _)| {
                let opponent = self.field.participants[o].tpn;
                if fore {
                    self.fb(opponent, None)
                } else {
                    self.bh(opponent, None)
                }
            })
            .map(|b| b.value.0)
            .collect();
        if bhs.is_empty() {
            return None;
        }
        let sum: i128 = bhs.iter().map(|&v| i128::from(v)).sum();
        i64::try_from(round_half_up(sum, bhs.len() as i128))
            .ok()
            .map(crate::rating::Fixed)
    }

    fn count(&self, tpn: u16, pred: impl Fn(&Round) -> bool) -> Option<u32> {
        let i = self.idx(tpn)?;
        Some(
            self.field.participants[i]
                .rounds
                .iter()
                .filter(|r| pred(r))
                .count() as u32,
        )
    }

    /// Number of wins (Art. 7.1): rounds that scored as much as a win, played or not.
    pub fn win(&self, tpn: u16) -> Option<u32> {
        let s = self.field.scoring;
        self.count(tpn, |r| s.points(r.outcome) == s.win)
    }

    /// Siegwertung (DSJ JSpO 4.2 "Anzahl der Gewinnpartien inkl. kampfloser Siege", SJRP §6.1):
    /// games won over the board or by forfeit; with `bye_counts` (`SW/U`) a pairing-allocated
    /// bye counts too. Full-point byes never count.
    pub fn sw(&self, tpn: u16, bye_counts: bool) -> Option<u32> {
        self.count(tpn, |r| {
            matches!(r.outcome, Outcome::Win | Outcome::ForfeitWin)
                || (bye_counts && r.outcome == Outcome::PairingBye)
        })
    }

    /// Games won over the board (Art. 7.2).
    pub fn won(&self, tpn: u16) -> Option<u32> {
        self.count(tpn, |r| {
            r.outcome == Outcome::Win
                || (self.forfeit_counted(r.outcome) && r.outcome == Outcome::ForfeitWin)
        })
    }

    /// Games played over the board with black (Art. 7.3).
    pub fn bpg(&self, tpn: u16) -> Option<u32> {
        self.count(tpn, |r| {
            r.black && (r.outcome.is_played() || self.forfeit_counted(r.outcome))
        })
    }

    /// Games won over the board with black (Art. 7.4).
    pub fn bwg(&self, tpn: u16) -> Option<u32> {
        self.count(tpn, |r| {
            r.black
                && (r.outcome == Outcome::Win
                    || (self.forfeit_counted(r.outcome) && r.outcome == Outcome::ForfeitWin))
        })
    }

    /// Rounds one elected to play (Art. 7.6): rounds minus requested byes and forfeit losses.
    pub fn rep(&self, tpn: u16) -> Option<u32> {
        self.count(tpn, |r| !is_vur(r.outcome))
    }

    /// Standard points (2026 Art. 7.7): the score under 1/½/0 scoring.
    pub fn std(&self, tpn: u16) -> Option<Points> {
        let i = self.idx(tpn)?;
        Some(
            self.field.participants[i]
                .rounds
                .iter()
                .map(|r| ScoringSystem::STANDARD.points(r.outcome))
                .sum(),
        )
    }

    /// Progressive score (Art. 7.5): Σ of the running scores, the first `cut` dropped.
    pub fn ps(&self, tpn: u16, cut: usize) -> Option<Points> {
        let i = self.idx(tpn)?;
        let s = self.field.scoring;
        let mut running = Points::ZERO;
        let mut total = Points::ZERO;
        for (r, round) in self.field.participants[i].rounds.iter().enumerate() {
            running += s.points(round.outcome);
            if r >= cut {
                total += running;
            }
        }
        Some(total)
    }

    fn rated_games(&self, i: usize) -> Option<Vec<Game>> {
        self.played_opponents(i)
            .map(|(o, r)| {
                let score = match r.outcome {
                    Outcome::Win => Points::ONE,
                    Outcome::Draw => Points::HALF,
                    _ => Points::ZERO,
                };
                self.field.participants[o]
                    .rating
                    .map(|opponent| Game { opponent, score })
            })
            .collect()
    }

    /// Average rating of opponents (Art. 10.1) met over the board, the `cut` lowest ratings
    /// dropped; `None` without games or with an unrated opponent.
    pub fn aro(&self, tpn: u16, cut: usize) -> Option<u16> {
        let mut games = self.rated_games(self.idx(tpn)?)?;
        games.sort_by_key(|g| g.opponent);
        rating::average_rating(games.get(cut..)?)
    }

    /// Tournament performance rating (Art. 10.2).
    pub fn tpr(&self, tpn: u16) -> Option<i32> {
        rating::performance_rating(&self.rated_games(self.idx(tpn)?)?)
    }

    /// Perfect tournament performance (Art. 10.3).
    pub fn ptp(&self, tpn: u16) -> Option<i32> {
        rating::perfect_performance(&self.rated_games(self.idx(tpn)?)?)
    }

    fn average_of(&self, tpn: u16, ptp: bool) -> Option<i32> {
        let i = self.idx(tpn)?;
        let performances = self.performances.get_or_init(|| {
            self.field
                .participants
                .iter()
                .map(|p| (self.tpr(p.tpn), self.ptp(p.tpn)))
                .collect()
        });
        let values: Vec<i128> = self
            .played_opponents(i)
            .filter_map(|(o, _)| {
                let (tpr, p) = performances[o];
                if ptp { p } else { tpr }.map(i128::from)
            })
            .collect();
        if values.is_empty() {
            return None;
        }
        i32::try_from(round_half_up(values.iter().sum(), values.len() as i128)).ok()
    }

    /// Average of opponents' TPR (Art. 10.4).
    pub fn apro(&self, tpn: u16) -> Option<i32> {
        self.average_of(tpn, false)
    }

    /// Average of opponents' PTP (Art. 10.5).
    pub fn appo(&self, tpn: u16) -> Option<i32> {
        self.average_of(tpn, true)
    }

    /// Direct encounter (Art. 6) among `group` (pairing numbers): the place of each member
    /// inside the group, 1 best; members still tied share a place. Forfeits count only with
    /// `forfeits_count` (Art. 6.1.1, `/P`); repeated meetings are averaged (6.1.2).
    pub fn de(&self, group: &[u16], forfeits_count: bool, rule: DirectEncounterRule) -> Vec<u32> {
        let members: Vec<usize> = group.iter().filter_map(|&t| self.idx(t)).collect();
        if members.len() != group.len() {
            return vec![1; group.len()];
        }
        self.de_places(&members, forfeits_count || self.round_robin, rule)
    }

    /// Mini-table score of `a` against `b` in units of 1/5040 half-point, or `None` if they
    /// did not meet.
    fn encounter(&self, a: usize, b: usize, forfeits_count: bool) -> Option<i64> {
        let s = self.field.scoring;
        let tb = self.field.participants[b].tpn;
        let scores: Vec<i64> = self.field.participants[a]
            .rounds
            .iter()
            .filter(|r| r.opponent == Some(tb))
            .filter(|r| {
                r.outcome.is_played()
                    || (forfeits_count
                        && matches!(r.outcome, Outcome::ForfeitWin | Outcome::ForfeitLoss))
            })
            .map(|r| i64::from(s.points(r.outcome).half_points()))
            .collect();
        (!scores.is_empty()).then(|| scores.iter().sum::<i64>() * 5040 / scores.len() as i64)
    }

    /// Places (1 best) of `members` by Art. 6.2 (complete mini-table, applied again to each
    /// subgroup still tied) or 6.3 (incomplete).
    fn de_places(
        &self,
        members: &[usize],
        forfeits_count: bool,
        rule: DirectEncounterRule,
    ) -> Vec<u32> {
        let n = members.len();
        let mut places = vec![1; n];
        if n < 2 {
            return places;
        }
        let win = i64::from(self.field.scoring.win.half_points()) * 5040;
        let mut min = vec![0i64; n];
        let mut max = vec![0i64; n];
        let mut complete = true;
        for a in 0..n {
            for b in 0..n {
                if a == b {
                    continue;
                }
                match self.encounter(members[a], members[b], forfeits_count) {
                    Some(v) => {
                        min[a] += v;
                        max[a] += v;
                    }
                    None => {
                        complete = false;
                        max[a] += win;
                    }
                }
            }
        }
        if complete {
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by_key(|&a| std::cmp::Reverse(min[a]));
            let mut pos = 0;
            while pos < n {
                let end = pos
                    + order[pos..]
                        .iter()
                        .take_while(|&&a| min[a] == min[order[pos]])
                        .count();
                let run = &order[pos..end];
                let sub = if run.len() > 1 && run.len() < n {
                    let sub_members: Vec<usize> = run.iter().map(|&a| members[a]).collect();
                    self.de_places(&sub_members, forfeits_count, rule)
                } else {
                    vec![1; run.len()]
                };
                for (&a, place) in run.iter().zip(sub) {
                    places[a] = pos as u32 + place;
                }
                pos = end;
            }
        } else if rule == DirectEncounterRule::Fide {
            let alone = (0..n).find(|&x| (0..n).all(|y| y == x || min[x] > max[y]));
            if let Some(x) = alone {
                for (a, place) in places.iter_mut().enumerate() {
                    *place = if a == x { 1 } else { 2 };
                }
            }
        }
        places
    }

    /// The value of one tie-break for one participant; `None` where the criterion is undefined
    /// (no games for Art. 10, unrated opponents), for DE, which needs a tie group (see
    /// [`Evaluation::de`]), and for the team criteria OSB and BW (see [`team`]).
    pub fn value(&self, tb: TieBreak, tpn: u16) -> Option<Hundredths> {
        let count = |v: Option<u32>| v.map(|n| Hundredths::from_whole(i64::from(n)));
        let whole = |v: Option<i32>| v.map(|n| Hundredths::from_whole(i64::from(n)));
        let cut = match tb.trim {
            Some(Trim::Cut(n)) => usize::from(n),
            _ => 0,
        };
        match tb.kind {
            Kind::Pts => self.pts(tpn).map(hundredths),
            Kind::De => None,
            Kind::Win => count(self.win(tpn)),
            Kind::Won => count(self.won(tpn)),
            Kind::Bpg => count(self.bpg(tpn)),
            Kind::Bwg => count(self.bwg(tpn)),
            Kind::Ps => self.ps(tpn, cut).map(hundredths),
            Kind::Rep => count(self.rep(tpn)),
            Kind::Std => self.std(tpn).map(hundredths),
            Kind::Tpn => self
                .idx(tpn)
                .map(|_| Hundredths::from_whole(i64::from(tpn))),
            Kind::Bh => self.bh(tpn, tb.trim).map(|b| b.value),
            Kind::Aob => self.aob(tpn, tb.fore),
            Kind::Fb => self.fb(tpn, tb.trim).map(|b| b.value),
            Kind::Sb => self.sb(tpn, tb.trim).map(|b| b.value),
            Kind::Ks => self.ks(tpn, tb.limit.unwrap_or(0)).map(hundredths),
            Kind::Aro => whole(self.aro(tpn, cut).map(i32::from)),
            Kind::Tpr => whole(self.tpr(tpn)),
            Kind::Ptp => whole(self.ptp(tpn)),
            Kind::Apro => whole(self.apro(tpn)),
            Kind::Appo => whole(self.appo(tpn)),
            Kind::Rtng => whole(
                self.idx(tpn)
                    .and_then(|i| self.field.participants[i].rating)
                    .map(i32::from),
            ),
            Kind::Bhsum => self.bhsum(tpn, tb.trim).map(|b| b.value),
            Kind::Sw => count(self.sw(tpn, tb.bye_counts)),
            Kind::Osb | Kind::Bw => None,
        }
    }
}

/// Whether a smaller value ranks higher (TPN, and the DE place).
fn lower_is_better(kind: Kind) -> bool {
    matches!(kind, Kind::Tpn | Kind::De)
}

/// A tie-break the rules do not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotAllowed {
    /// The criterion.
    pub tiebreak: TieBreak,
    /// The article that forbids it, or that defines the team criterion.
    pub article: Article,
}

impl fmt::Display for NotAllowed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.tiebreak.kind.is_team() {
            write!(
                f,
                "{} ({}, {}) is a team tie-break; an individual tournament has no team matches",
                self.tiebreak,
                self.tiebreak.kind.names().1,
                self.article
            )
        } else {
            write!(
                f,
                "{} may not be used in a round robin ({})",
                self.tiebreak, self.article
            )
        }
    }
}

impl std::error::Error for NotAllowed {}

/// Checks a tie-break list for an individual tournament: the team criteria (OSB, BW) are
/// refused, and C.07 2026 forbids the Buchholz family (BH, FB, AOB, and so the Buchholzsumme)
/// in round robins.
pub fn check(tiebreaks: &[TieBreak], rules: Rules) -> Result<(), NotAllowed> {
    if let Some(&tiebreak) = tiebreaks.iter().find(|tb| tb.kind.is_team()) {
        return Err(NotAllowed {
            tiebreak,
            article: tiebreak.kind.article(),
        });
    }
    let banned = rules.round_robin && rules.edition == Edition::Fide2026;
    match tiebreaks
        .iter()
        .find(|tb| banned && matches!(tb.kind, Kind::Bh | Kind::Fb | Kind::Aob | Kind::Bhsum))
    {
        Some(&tiebreak) => Err(NotAllowed {
            tiebreak,
            article: Article::new("C.07 Art. 8"),
        }),
        None => Ok(()),
    }
}

/// One line of the final table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Pairing number.
    pub tpn: u16,
    /// Place; participants tied on points and every tie-break share it.
    pub rank: usize,
    /// Score.
    pub points: Points,
    /// One value per tie-break, in the order given; DE is the place inside the group tied
    /// when DE was applied (1 best).
    pub values: Vec<Option<Hundredths>>,
}

/// The ranking of a field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// Rows in rank order; full ties in pairing-number order.
    pub rows: Vec<Row>,
}

impl Standings {
    /// The groups still tied after the last criterion (rank, pairing numbers), best first:
    /// the candidates for a playoff (SJRP §6.1 Stichkampf).
    pub fn ties(&self) -> Vec<(usize, Vec<u16>)> {
        let mut out: Vec<(usize, Vec<u16>)> = Vec::new();
        for row in &self.rows {
            match out.last_mut() {
                Some((rank, group)) if *rank == row.rank => group.push(row.tpn),
                _ => out.push((row.rank, vec![row.tpn])),
            }
        }
        out.retain(|(_, group)| group.len() > 1);
        out
    }

    /// Whether the participant shares its place with another after the last criterion.
    pub fn is_tied(&self, tpn: u16) -> bool {
        self.rows
            .iter()
            .find(|r| r.tpn == tpn)
            .is_some_and(|row| self.rows.iter().filter(|r| r.rank == row.rank).count() > 1)
    }
}

/// Ranks the field by points, then by each tie-break in turn (C.07 Art. 4): every criterion
/// only separates participants still tied on all earlier ones, which matters for DE.
pub fn standings(field: &Field, tiebreaks: &[TieBreak], rules: Rules) -> Standings {
    let ev = Evaluation::new(field, rules.edition)
        .round_robin(rules.round_robin)
        .buchholz_sum(rules.buchholz_sum)
        .vur_cut(rules.vur_cut);
    let tpns: Vec<u16> = field.participants.iter().map(|p| p.tpn).collect();
    let mut values: Vec<Vec<Option<Hundredths>>> = tiebreaks
        .iter()
        .map(|&tb| tpns.iter().map(|&t| ev.value(tb, t)).collect())
        .collect();
    let mut groups: Vec<Vec<usize>> = vec![(0..tpns.len()).collect()];
    groups = split(groups, |i| Some(hundredths(ev.scores.points[i])), false);
    for (k, tb) in tiebreaks.iter().enumerate() {
        if tb.kind == Kind::De {
            for group in &groups {
                let members: Vec<u16> = group.iter().map(|&i| tpns[i]).collect();
                let rule = if tb.complete_only {
                    DirectEncounterRule::CompleteOnly
                } else {
                    rules.direct_encounter
                };
                let places = ev.de(&members, tb.forfeits_count, rule);
                for (&i, place) in group.iter().zip(places) {
                    values[k][i] = Some(Hundredths::from_whole(i64::from(place)));
                }
            }
        }
        let column = &values[k];
        groups = split(groups, |i| column[i], lower_is_better(tb.kind));
    }
    let mut rows = Vec::with_capacity(tpns.len());
    for mut group in groups {
        let rank = rows.len() + 1;
        group.sort_by_key(|&i| tpns[i]);
        for i in group {
            rows.push(Row {
                tpn: tpns[i],
                rank,
                points: ev.scores.points[i],
                values: values.iter().map(|column| column[i]).collect(),
            });
        }
    }
    Standings { rows }
}

/// Splits every tie group by `key`, best first; `None` ranks last.
fn split(
    groups: Vec<Vec<usize>>,
    key: impl Fn(usize) -> Option<Hundredths>,
    lower_better: bool,
) -> Vec<Vec<usize>> {
    let mut out = Vec::with_capacity(groups.len());
    for mut group in groups {
        group.sort_by(|&a, &b| {
            let (ka, kb) = (key(a), key(b));
            match (ka, kb) {
                (Some(x), Some(y)) if lower_better => x.cmp(&y),
                (Some(x), Some(y)) => y.cmp(&x),
                (x, y) => y.is_some().cmp(&x.is_some()),
            }
        });
        let mut start = 0;
        while start < group.len() {
            let k = key(group[start]);
            let end = start + group[start..].iter().take_while(|&&i| key(i) == k).count();
            out.push(group[start..end].to_vec());
            start = end;
        }
    }
    out
}

/// The per-round opponent scores of a participant: opponent's adjusted score for games,
/// the dummy (Art. 16.4) or virtual opponent for unplayed rounds.
fn opponent_scores(
    field: &Field,
    edition: Edition,
    round_robin: bool,
    scores: &Scores,
    i: usize,
) -> Vec<Contribution> {
    let s = field.scoring;
    let p = &field.participants[i];
    let own_total = scores.points[i];
    let mut before = Points::ZERO;
    let mut out = Vec::with_capacity(p.rounds.len());
    for (r, round) in p.rounds.iter().enumerate() {
        if round_robin && round.opponent.is_none() {
            // The rest round of an odd round robin: no game, no dummy (Art. 15).
            continue;
        }
        let own = s.points(round.outcome);
        let opp_idx = round.opponent.and_then(|o| field.index.get(&o).copied());
        let forfeit = matches!(round.outcome, Outcome::ForfeitWin | Outcome::ForfeitLoss);
        let game = round.outcome.is_played() || (round_robin && forfeit);
        let (source, opponent_score) = match (game, opp_idx) {
            (true, Some(o)) => (Source::Opponent, scores.adjusted[o]),
            _ => match edition {
                Edition::Legacy => {
                    let remaining = (field.rounds - r - 1) as u32;
                    let virtual_score = Points::from_half_points(
                        before.half_points()
                            + s.win.half_points().saturating_sub(own.half_points())
                            + s.draw.half_points() * remaining,
                    );
                    (Source::VirtualOpponent, virtual_score)
                }
                Edition::Fide2024 => (Source::Dummy, own_total),
                Edition::Fide2026 => {
                    let forfeit =
                        matches!(round.outcome, Outcome::ForfeitWin | Outcome::ForfeitLoss);
                    let cap = match opp_idx {
                        Some(o) if forfeit => scores.adjusted[o],
                        _ => Points::from_half_points(s.draw.half_points() * field.rounds as u32),
                    };
                    (Source::Dummy, own_total.min(cap))
                }
            },
        };
        before += own;
        out.push(Contribution {
            round: r + 1,
            opponent: round.opponent,
            source,
            opponent_score,
            own,
            vur: edition != Edition::Legacy && is_vur(round.outcome) && !(round_robin && forfeit),
            value: hundredths(opponent_score),
            removed: None,
        });
    }
    out
}

/// Applies Cut/Median (Art. 14, with the VUR exception of Art. 16.5) and returns the sum.
fn trim_and_sum(
    contributions: &mut [Contribution],
    trim: Option<Trim>,
    reading: VurCut,
) -> Hundredths {
    let (low, high) = match trim {
        Some(Trim::Cut(n)) => (n, 0),
        Some(Trim::Median(n)) => (n, n),
        None => (0, 0),
    };
    for _ in 0..low {
        let remaining = || {
            contributions
                .iter()
                .enumerate()
                .filter(|(_, c)| c.removed.is_none())
        };
        let lsv = remaining()
            .min_by_key(|(_, c)| (c.opponent_score, c.value))
            .map(|(i, _)| i);
        let vur = remaining()
            .filter(|(_, c)| c.vur)
            .min_by_key(|(_, c)| match reading {
                VurCut::LowestValue => (Points::ZERO, c.value),
                VurCut::LeastSignificant => (c.opponent_score, c.value),
            })
            .map(|(i, _)| i);
        match (lsv, vur) {
            (Some(l), Some(v)) if contributions[v].value >= contributions[l].value => {
                contributions[v].removed = Some(Removal::VoluntarilyUnplayed);
            }
            (Some(l), _) => contributions[l].removed = Some(Removal::LeastSignificant),
            (None, _) => break,
        }
    }
    for _ in 0..high {
        let top = contributions
            .iter()
            .enumerate()
            .filter(|(_, c)| c.removed.is_none())
            .max_by_key(|(_, c)| c.value)
            .map(|(i, _)| i);
        match top {
            Some(t) => contributions[t].removed = Some(Removal::Highest),
            None => break,
        }
    }
    crate::rating::Fixed(
        contributions
            .iter()
            .filter(|c| c.removed.is_none())
            .map(|c| c.value.0)
            .sum(),
    )
}

/// The score a participant's opponents see: under 2024/2026 a requested bye followed only by
/// VURs (or in the last round) counts as a draw (Art. 16.2.5); under the legacy rules every
/// unplayed round counts as a draw.
fn adjusted_score(field: &Field, edition: Edition, round_robin: bool, p: &Participant) -> Points {
    let s = field.scoring;
    if round_robin {
        return field.total(p);
    }
    p.rounds
        .iter()
        .enumerate()
        .map(|(r, round)| match edition {
            Edition::Legacy if !round.outcome.is_played() => s.draw,
            Edition::Legacy => s.points(round.outcome),
            Edition::Fide2024 | Edition::Fide2026 => {
                let requested =
                    matches!(round.outcome, Outcome::HalfPointBye | Outcome::ZeroPointBye);
                if requested && p.rounds[r + 1..].iter().all(|x| is_vur(x.outcome)) {
                    s.draw
                } else {
                    s.points(round.outcome)
                }
            }
        })
        .sum()
}
