//! The engine's rulings, questions and choices ([`crate::arbiter`]) as a person reads them, in
//! German and English: "2 Minuten Bedenkzeit für Schwarz hinzugefügt — Art. 7.5.5" where the
//! `Display` of a ruling is the terse English of `arbiter replay`. The board device, the
//! arbiter's dashboard and the live JSON of `arbiter serve` show these texts.
//!
//! ```
//! use laws::Lang;
//! use laws::arbiter::{Cited, Ruling};
//! use laws::edition::Edition;
//! use shakmaty::Color;
//!
//! let cited = Cited {
//!     ruling: Ruling::TimeAdded { to: Color::Black, ms: 120_000 },
//!     article: laws::Article::new("Art. 7.5.5"),
//!     edition: Edition::Fide2023,
//! };
//! assert_eq!(cited.text(Lang::De), "2 Minuten Bedenkzeit für Schwarz hinzugefügt — Art. 7.5.5");
//! assert_eq!(cited.text(Lang::En), "2 minutes added to Black's time — Art. 7.5.5");
//! ```

use shakmaty::{Color, Move, Role, Square};

use crate::Article;
use crate::Lang;
use crate::arbiter::{ActionError, Choice, Cited, ClaimFailure, Question, Ruling};
use crate::clock::{self, ClockError, FlagFall};
use crate::notation::Language;
use crate::penalties::{Conduct, Penalty};
use crate::points::{GameScore, Score};

/// How many of the moves a touch allows a ruling lists.
const SHOWN: usize = 8;

/// A colour as a name: `White`, `Weiß`.
fn colour(c: Color, lang: Lang) -> &'static str {
    match c {
        Color::White => lang.pick("White", "Weiß"),
        Color::Black => lang.pick("Black", "Schwarz"),
    }
}

/// A colour's possessive in English (`White's`); German says `von Weiß`.
fn of_en(c: Color) -> &'static str {
    match c {
        Color::White => "White's",
        Color::Black => "Black's",
    }
}

/// A score as printed on a crosstable: `1`, `½`, `0`.
fn score(s: Score) -> &'static str {
    match s {
        Score::Zero => "0",
        Score::Half => "½",
        Score::One => "1",
    }
}

fn game_score(g: GameScore) -> String {
    format!(
        "{}-{}",
        score(g.score(Color::White)),
        score(g.score(Color::Black))
    )
}

/// `n` with the singular or plural noun.
/// How many moves a flagged player completed: `after 12 moves`, `nach 1 Zug`, and for none
/// `before completing a move` / `vor seinem ersten Zug`.
fn after_moves(n: u64, lang: Lang) -> String {
    match (n, lang) {
        (0, Lang::En) => "before completing a move".into(),
        (0, Lang::De) => "vor dem ersten eigenen Zug".into(),
        (n, Lang::En) => format!("after {}", count(n, "move", "moves")),
        (n, Lang::De) => format!("nach {}", count(n, "Zug", "Zügen")),
    }
}

fn count(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A span of time: `2 minutes`, `30 Sekunden`, `1:30 min`, `0:04,5 Min.`.
fn duration(ms: u64, lang: Lang) -> String {
    if ms.is_multiple_of(60_000) && ms > 0 {
        count(
            ms / 60_000,
            lang.pick("minute", "Minute"),
            lang.pick("minutes", "Minuten"),
        )
    } else if ms < 60_000 && ms.is_multiple_of(1000) {
        count(
            ms / 1000,
            lang.pick("second", "Sekunde"),
            lang.pick("seconds", "Sekunden"),
        )
    } else {
        format!("{} {}", clock_time(ms, lang), lang.pick("min", "Min."))
    }
}

/// Time shown on a clock: `5:00`, `0:04.500` (German `0:04,500`).
fn clock_time(ms: u64, lang: Lang) -> String {
    let shown = clock::Seconds(ms).to_string();
    match lang {
        Lang::En => shown,
        Lang::De => shown.replace('.', ","),
    }
}

/// A move without its position, in the long form of Appendix C.8 with the reader's piece
/// letters: `Sg1-f3`, `e7-e8D`, `0-0`.
fn move_text(m: &Move, lang: Lang) -> String {
    let letters = match lang {
        Lang::En => Language::English,
        Lang::De => Language::German,
    };
    let letter = |role: Role| letters.piece(role).unwrap_or("");
    let square = |s: Square| s.to_string();
    match *m {
        Move::Castle { king, rook } => (if king < rook { "0-0" } else { "0-0-0" }).to_owned(),
        Move::Put { role, to } => format!("{}@{}", letter(role), square(to)),
        Move::Normal { .. } | Move::EnPassant { .. } => {
            let from = m.from().map_or_else(String::new, square);
            let link = if m.is_capture() { "x" } else { "-" };
            let promotion = m.promotion().map_or("", letter);
            format!(
                "{}{from}{link}{}{promotion}",
                letter(m.role()),
                square(m.to())
            )
        }
    }
}

/// The position after ply `ply`: `after White's 12th move` / `nach dem 12. Zug von Weiß`.
fn position_after(ply: u32, lang: Lang) -> String {
    if ply == 0 {
        return lang
            .pick("the starting position", "die Ausgangsstellung")
            .into();
    }
    let (side, number) = if ply % 2 == 1 {
        (Color::White, ply.div_ceil(2))
    } else {
        (Color::Black, ply / 2)
    };
    match lang {
        Lang::En => format!("the position after {} move {number}", of_en(side)),
        Lang::De => format!(
            "die Stellung nach dem {number}. Zug von {}",
            colour(side, lang)
        ),
    }
}

impl Article {
    /// The citation in the reader's language: `Guideline III.4` is `Richtlinie III.4` and
    /// `Appendix A.5.2` `Anhang A.5.2` in German; `Art.` and `SJRP` read the same.
    pub fn written(self, lang: Lang) -> String {
        let text = self.as_str();
        match lang {
            Lang::En => text.to_owned(),
            Lang::De => {
                if let Some(rest) = text.strip_prefix("Guideline ") {
                    format!("Richtlinie {rest}")
                } else if let Some(rest) = text.strip_prefix("Appendix ") {
                    format!("Anhang {rest}")
                } else {
                    text.to_owned()
                }
            }
        }
    }
}

impl Cited {
    /// The ruling and its provision: `2 Minuten Bedenkzeit für Schwarz hinzugefügt — Art. 7.5.5`.
    pub fn text(&self, lang: Lang) -> String {
        format!(
            "{} — {}",
            self.ruling.text(lang),
            self.article.written(lang)
        )
    }
}

impl Choice {
    /// The option as a button says it: `Verwarnung`, `Time for the opponent`.
    pub fn text(&self, lang: Lang) -> String {
        let text = match self {
            Choice::Warning => lang.pick("Warning", "Verwarnung"),
            Choice::TimeForOpponent => {
                lang.pick("Time for the opponent", "Zeitgutschrift für den Gegner")
            }
            Choice::Loss => lang.pick("Loss of the game", "Partieverlust"),
            Choice::Draw => lang.pick("Draw", "Remis"),
            Choice::Reject => lang.pick("Reject", "Zurückweisen"),
            Choice::Grant => lang.pick("Grant", "Gewähren"),
            Choice::KeepClocks => lang.pick("Keep the clocks", "Uhrzeiten beibehalten"),
            Choice::Proportional => lang.pick(
                "Clocks in proportion to the moves kept",
                "Uhrzeiten anteilig zu den verbleibenden Zügen",
            ),
            Choice::PlayOn => lang.pick("Play on (no loss)", "Weiterspielen (kein Verlust)"),
            Choice::TimePenalty => lang.pick("Time penalty", "Zeitstrafe"),
            Choice::OpponentScore(s) => {
                return match lang {
                    Lang::En => format!("The opponent scores {}", score(*s)),
                    Lang::De => format!("Der Gegner erhält {}", score(*s)),
                };
            }
        };
        text.to_owned()
    }
}

impl Question {
    /// What the arbiter must decide, as a sentence.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            Question::YouthIllegalMove { offender, count } => match lang {
                Lang::En => format!(
                    "The penalty for {} completed illegal move no. {count}",
                    of_en(offender)
                ),
                Lang::De => format!(
                    "Die Strafe für den {count}. vollendeten regelwidrigen Zug von {}",
                    colour(offender, lang)
                ),
            },
            Question::QuickplayFinishClaim { claimant } => match lang {
                Lang::En => format!(
                    "{} claims that the opponent cannot win by normal means or makes no effort to",
                    colour(claimant, lang)
                ),
                Lang::De => format!(
                    "{} reklamiert, dass der Gegner mit normalen Mitteln nicht gewinnen kann oder es nicht versucht",
                    colour(claimant, lang)
                ),
            },
            Question::IncrementRequest { requester } => match lang {
                Lang::En => format!(
                    "{} asked for a five-second increment and the opponent declined the draw: grant the increment?",
                    colour(requester, lang)
                ),
                Lang::De => format!(
                    "{} hat fünf Sekunden Zeitzuschlag beantragt und der Gegner das Remis abgelehnt: Zeitzuschlag gewähren?",
                    colour(requester, lang)
                ),
            },
            Question::ClocksAfterRestore { offender, played } => {
                let moves = match lang {
                    Lang::En => format!(
                        "White {} moves, Black {} moves kept",
                        played[0], played[1]
                    ),
                    Lang::De => format!(
                        "Weiß {} Züge, Schwarz {} Züge bleiben",
                        played[0], played[1]
                    ),
                };
                let why = match (offender, lang) {
                    (Some(c), Lang::En) => format!("{} illegal move found later", of_en(c)),
                    (Some(c), Lang::De) => format!(
                        "später entdeckter regelwidriger Zug von {}",
                        colour(c, lang)
                    ),
                    (None, Lang::En) => "a displaced piece found later".to_owned(),
                    (None, Lang::De) => "später entdeckte verstellte Figur".to_owned(),
                };
                match lang {
                    Lang::En => {
                        format!("The clocks after the position was reinstated ({why}; {moves})")
                    }
                    Lang::De => format!(
                        "Die Uhrzeiten nach der wiederhergestellten Stellung ({why}; {moves})"
                    ),
                }
            }
            Question::ReferredQuickplayClaim { claimant } => match lang {
                Lang::En => format!(
                    "{} claim made without an arbiter present: valid (draw) or not (loss)?",
                    of_en(claimant)
                ),
                Lang::De => format!(
                    "Reklamation von {} ohne anwesenden Schiedsrichter: berechtigt (remis) oder nicht (Verlust)?",
                    colour(claimant, lang)
                ),
            },
            Question::LateArrival { absent } => match (absent, lang) {
                (Some(c), Lang::En) => format!(
                    "{} arrived after the default time or is absent: loss, unless the arbiter decides otherwise",
                    colour(c, lang)
                ),
                (Some(c), Lang::De) => format!(
                    "{} kam nach Ablauf der Karenzzeit oder fehlt: Partieverlust, sofern der Schiedsrichter nicht anders entscheidet",
                    colour(c, lang)
                ),
                (None, Lang::En) => {
                    "Both players are absent after the default time: both lose, unless the arbiter decides otherwise".to_owned()
                }
                (None, Lang::De) => {
                    "Beide Spieler fehlen nach Ablauf der Karenzzeit: beide verlieren, sofern der Schiedsrichter nicht anders entscheidet".to_owned()
                }
            },
            Question::PersistentRefusal { offender } => match lang {
                Lang::En => format!(
                    "{} loses for persistent refusal to comply with the Laws: the opponent's score",
                    colour(offender, lang)
                ),
                Lang::De => format!(
                    "{} verliert wegen beharrlicher Weigerung, die Regeln zu befolgen: das Ergebnis des Gegners",
                    colour(offender, lang)
                ),
            },
            Question::YouthLossScore { offender } => match lang {
                Lang::En => format!(
                    "{} loses for illegal moves: the opponent's score",
                    colour(offender, lang)
                ),
                Lang::De => format!(
                    "{} verliert wegen regelwidriger Züge: das Ergebnis des Gegners",
                    colour(offender, lang)
                ),
            },
        }
    }
}

impl ActionError {
    /// Why the engine refuses an event in its state, as a sentence.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ActionError::Clock(e) => e.text(lang).to_string(),
            ActionError::NotOnMove(c) => match lang {
                Lang::En => format!("{} is not on move", colour(*c, lang)),
                Lang::De => format!("{} ist nicht am Zug", colour(*c, lang)),
            },
            ActionError::NoQuestion => lang
                .pick(
                    "no arbiter decision is pending",
                    "es steht keine Entscheidung des Schiedsrichters aus",
                )
                .into(),
            ActionError::NotAnOption(c) => match lang {
                Lang::En => format!("{} is not an option here", c.text(lang)),
                Lang::De => format!("„{}“ ist hier keine Möglichkeit", c.text(lang)),
            },
            ActionError::DecisionPending => lang
                .pick(
                    "the arbiter must decide first",
                    "zuerst muss der Schiedsrichter entscheiden",
                )
                .into(),
            ActionError::NotAnUnreplacedPawn => lang
                .pick(
                    "not a pawn move to the last rank without promotion",
                    "kein Bauernzug auf die letzte Reihe ohne Umwandlung",
                )
                .into(),
            ActionError::UnrepresentablePosition => lang
                .pick(
                    "the illegal move stands but leaves a position that cannot be played on",
                    "der regelwidrige Zug bleibt bestehen, aber in der Stellung kann nicht weitergespielt werden",
                )
                .into(),
            ActionError::NothingAt(ply) => match lang {
                Lang::En => format!("no unnoticed illegal move or displacement at ply {ply}"),
                Lang::De => format!(
                    "kein unbemerkter regelwidriger Zug und keine verstellte Figur bei Halbzug {ply}"
                ),
            },
            ActionError::NoPiece(square) => match lang {
                Lang::En => format!("no piece of the player on {square}"),
                Lang::De => format!("auf {square} steht keine Figur des Spielers"),
            },
        }
    }
}

impl ClockError {
    /// Why the clock refuses an event, as a sentence.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ClockError::NotStarted => lang
                .pick(
                    "the clock has not been started",
                    "die Uhr ist noch nicht gestartet",
                )
                .into(),
            ClockError::AlreadyStarted => lang
                .pick(
                    "the clock has already been started",
                    "die Uhr läuft bereits",
                )
                .into(),
            ClockError::TimeWentBackwards { at_ms, latest_ms } => match lang {
                Lang::En => format!(
                    "event at {at_ms} ms is earlier than the latest event at {latest_ms} ms"
                ),
                Lang::De => {
                    format!("das Ereignis bei {at_ms} ms liegt vor dem letzten bei {latest_ms} ms")
                }
            },
            ClockError::Stopped => lang
                .pick("the clock is stopped", "die Uhr ist angehalten")
                .into(),
            ClockError::NotStopped => lang
                .pick("the clock is not stopped", "die Uhr ist nicht angehalten")
                .into(),
            ClockError::Running => lang
                .pick(
                    "stop the clock before changing its times",
                    "vor dem Ändern der Zeiten die Uhr anhalten",
                )
                .into(),
            ClockError::Ended => lang
                .pick("the game has ended", "die Partie ist beendet")
                .into(),
            ClockError::TimeOutOfRange => lang
                .pick(
                    "the time must stay above zero and below 1000 hours",
                    "die Zeit muss über null und unter 1000 Stunden bleiben",
                )
                .into(),
            ClockError::AlreadyReleased => lang
                .pick(
                    "the boards have already been released",
                    "die Bretter sind bereits freigegeben",
                )
                .into(),
        }
    }
}

impl ClaimFailure {
    /// Why a claim fails, as a clause.
    pub fn text(&self, lang: Lang) -> &'static str {
        match self {
            ClaimFailure::NotOnMove => lang.pick(
                "the claimant is not on move",
                "der Reklamierende ist nicht am Zug",
            ),
            ClaimFailure::PieceTouched => lang.pick(
                "the claimant has touched a piece",
                "der Reklamierende hat eine Figur berührt",
            ),
            ClaimFailure::Incorrect => {
                lang.pick("the claim is incorrect", "die Reklamation ist unzutreffend")
            }
            ClaimFailure::NoFlagFallen => lang.pick(
                "no flag has fallen",
                "keine Zeitüberschreitung (kein Fallblättchen gefallen)",
            ),
            ClaimFailure::NothingToClaim => lang.pick(
                "no illegal move can be claimed",
                "es gibt keinen regelwidrigen Zug zu reklamieren",
            ),
            ClaimFailure::OwnIllegalMove => lang.pick(
                "the claimant's own last move was illegal",
                "der letzte Zug des Reklamierenden war selbst regelwidrig",
            ),
            ClaimFailure::NotApplicable => lang.pick(
                "Guideline III does not apply",
                "Richtlinie III ist nicht anwendbar",
            ),
        }
    }
}

impl Conduct {
    /// What was done, as a noun phrase.
    pub fn text(&self, lang: Lang) -> &'static str {
        match self {
            Conduct::AdjustingOffMove => lang.pick(
                "adjusting a piece when not on move",
                "Zurechtrücken einer Figur, ohne am Zug zu sein",
            ),
            Conduct::PressWithOtherHand => lang.pick(
                "pressing the clock with the other hand",
                "Drücken der Uhr mit der anderen Hand",
            ),
            Conduct::ClockStoppedWithoutReason => lang.pick(
                "stopping the clock without a valid reason",
                "Anhalten der Uhr ohne triftigen Grund",
            ),
            Conduct::WritingMoveInAdvance => lang.pick(
                "writing a move in advance",
                "Notieren eines Zuges im Voraus",
            ),
            Conduct::RecordingArrears => lang.pick(
                "moving before recording the previous move",
                "Ziehen, bevor der vorige Zug notiert ist",
            ),
            Conduct::Annotations => lang.pick(
                "annotations on the scoresheet",
                "Anmerkungen auf dem Partieformular",
            ),
            Conduct::ScoresheetHidden => lang.pick(
                "the scoresheet hidden from the arbiter",
                "das Partieformular vor dem Schiedsrichter verborgen",
            ),
            Conduct::LeftVenue => lang.pick(
                "leaving the venue without permission",
                "Verlassen des Turnierorts ohne Erlaubnis",
            ),
            Conduct::LeftPlayingArea => lang.pick(
                "leaving the playing area while on move",
                "Verlassen des Spielbereichs, während am Zug",
            ),
            Conduct::OutsideHelp => lang.pick(
                "using notes, information or advice",
                "Benutzen von Notizen, Informationen oder Ratschlägen",
            ),
            Conduct::Smoking => lang.pick(
                "smoking outside the designated area",
                "Rauchen außerhalb des dafür vorgesehenen Bereichs",
            ),
            Conduct::Distraction => lang.pick(
                "distracting the opponent",
                "Ablenken oder Belästigen des Gegners",
            ),
        }
    }
}

impl Penalty {
    /// The penalty, as a noun phrase.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            Penalty::Warning => lang.pick("a warning", "Verwarnung").into(),
            Penalty::IncreaseOpponentTime { ms } => match lang {
                Lang::En => format!("the opponent's time increased by {}", duration(ms, lang)),
                Lang::De => format!("Bedenkzeit des Gegners um {} erhöht", duration(ms, lang)),
            },
            Penalty::ReduceTime { ms } => match lang {
                Lang::En => format!("time reduced by {}", duration(ms, lang)),
                Lang::De => format!("Bedenkzeit um {} verringert", duration(ms, lang)),
            },
            Penalty::IncreaseOpponentScore { to } => match lang {
                Lang::En => format!("the opponent's score raised to {}", score(to)),
                Lang::De => format!("Ergebnis des Gegners auf {} erhöht", score(to)),
            },
            Penalty::ReduceScore { to } => match lang {
                Lang::En => format!("score reduced to {}", score(to)),
                Lang::De => format!("Ergebnis auf {} verringert", score(to)),
            },
            Penalty::DeclareLost { opponent } => match lang {
                Lang::En => format!(
                    "the game declared lost, the opponent scores {}",
                    score(opponent)
                ),
                Lang::De => format!(
                    "Partie als verloren erklärt, der Gegner erhält {}",
                    score(opponent)
                ),
            },
            Penalty::Fine { cents } => match lang {
                Lang::En => format!("a fine of {}.{:02}", cents / 100, cents % 100),
                Lang::De => format!("Geldbuße von {},{:02}", cents / 100, cents % 100),
            },
            Penalty::ExclusionFromRounds { rounds } => match lang {
                Lang::En => format!("exclusion from {}", count(rounds.into(), "round", "rounds")),
                Lang::De => format!("Ausschluss von {}", count(rounds.into(), "Runde", "Runden")),
            },
            Penalty::Expulsion => lang
                .pick(
                    "expulsion from the competition",
                    "Ausschluss aus dem Turnier",
                )
                .into(),
        }
    }
}

/// The clock's rulings (Art. 6).
fn clock_text(r: &clock::Ruling, lang: Lang) -> String {
    let flag = |f: &FlagFall, exceeded: bool| match (lang, exceeded) {
        (Lang::En, false) => format!(
            "{} flag has fallen ({}, at {})",
            of_en(f.color),
            after_moves(f.moves_completed.into(), lang),
            clock_time(f.at_ms, lang)
        ),
        (Lang::De, false) => format!(
            "Das Fallblättchen von {} ist gefallen ({}, bei {})",
            colour(f.color, lang),
            after_moves(f.moves_completed.into(), lang),
            clock_time(f.at_ms, lang)
        ),
        (Lang::En, true) => format!(
            "{} exceeded the time {}",
            colour(f.color, lang),
            after_moves(f.moves_completed.into(), lang)
        ),
        (Lang::De, true) => format!(
            "Zeitüberschreitung von {} {}",
            colour(f.color, lang),
            after_moves(f.moves_completed.into(), lang)
        ),
    };
    match *r {
        clock::Ruling::FlagFell(ref f) => flag(f, false),
        clock::Ruling::TimeExceeded(ref f) => flag(f, true),
        clock::Ruling::BothFlagsGameContinues => lang
            .pick(
                "Both flags have fallen, which first is unknown: play on",
                "Beide Fallblättchen sind gefallen, welches zuerst, ist unbekannt: weiterspielen",
            )
            .into(),
        clock::Ruling::BothFlagsDraw => lang
            .pick(
                "Both flags have fallen in the last period: draw",
                "Beide Fallblättchen sind in der letzten Periode gefallen: remis",
            )
            .into(),
        clock::Ruling::PeriodCompleted {
            color,
            period_index,
            added_ms,
        } => match lang {
            Lang::En => format!(
                "{} completed period {}; {} added",
                colour(color, lang),
                period_index + 1,
                duration(added_ms, lang)
            ),
            Lang::De => format!(
                "{} hat die {}. Periode beendet; {} hinzugefügt",
                colour(color, lang),
                period_index + 1,
                duration(added_ms, lang)
            ),
        },
        clock::Ruling::PressWithoutEffect(c) => match lang {
            Lang::En => format!(
                "{} press of a clock that is not running has no effect",
                of_en(c)
            ),
            Lang::De => format!(
                "Der Uhrendruck von {} bleibt ohne Wirkung: die Uhr läuft nicht",
                colour(c, lang)
            ),
        },
        clock::Ruling::DefaultTimeExceeded(c) => match lang {
            Lang::En => format!("{} is absent after the default time", colour(c, lang)),
            Lang::De => format!(
                "{} ist nach Ablauf der Karenzzeit nicht am Brett",
                colour(c, lang)
            ),
        },
        clock::Ruling::Stopped => lang.pick("Clock stopped", "Uhr angehalten").into(),
        clock::Ruling::Restarted => lang.pick("Clock restarted", "Uhr wieder gestartet").into(),
        clock::Ruling::TimeAdjusted {
            color, delta_ms, ..
        } => {
            let span = duration(delta_ms.unsigned_abs(), lang);
            match (lang, delta_ms < 0) {
                (Lang::En, false) => format!("{span} added to {} time", of_en(color)),
                (Lang::En, true) => format!("{span} deducted from {} time", of_en(color)),
                (Lang::De, false) => {
                    format!("{span} Bedenkzeit für {} hinzugefügt", colour(color, lang))
                }
                (Lang::De, true) => {
                    format!("{span} Bedenkzeit von {} abgezogen", colour(color, lang))
                }
            }
        }
        clock::Ruling::TimeSet {
            color,
            remaining_ms,
            moves_completed,
            ..
        } => match lang {
            Lang::En => format!(
                "{} clock set to {} after {}",
                of_en(color),
                clock_time(remaining_ms, lang),
                count(moves_completed.into(), "move", "moves")
            ),
            Lang::De => format!(
                "Uhr von {} auf {} nach {} gestellt",
                colour(color, lang),
                clock_time(remaining_ms, lang),
                count(moves_completed.into(), "Zug", "Zügen")
            ),
        },
    }
}

impl Ruling {
    /// The ruling as a sentence in `lang`, without its provision (see [`Cited::text`]).
    pub fn text(&self, lang: Lang) -> String {
        let c = |c: Color| colour(c, lang);
        match self {
            Ruling::Clock(r) => clock_text(r, lang),
            Ruling::GameEnded(g) => match lang {
                Lang::En => format!("The game has ended: {}", game_score(*g)),
                Lang::De => format!("Die Partie ist beendet: {}", game_score(*g)),
            },
            Ruling::AfterEnd => lang
                .pick(
                    "The game has ended; the action has no effect",
                    "Die Partie ist beendet; die Handlung bleibt ohne Wirkung",
                )
                .into(),
            Ruling::Spectator { by } => match lang {
                Lang::En => format!(
                    "The game has ended: {} counts as a spectator; the result stands, a penalty under Art. 12.9 is the arbiter's",
                    c(*by)
                ),
                Lang::De => format!(
                    "Die Partie ist beendet: {} gilt als Zuschauer; das Ergebnis bleibt, eine Strafe nach Art. 12.9 verhängt der Schiedsrichter",
                    c(*by)
                ),
            },
            Ruling::NewGame => lang
                .pick(
                    "The game is annulled and a new game is played",
                    "Die Partie wird annulliert und neu gespielt",
                )
                .into(),
            Ruling::PlayOn => lang.pick("Play on", "Weiterspielen").into(),
            Ruling::BoardCorrected => lang
                .pick(
                    "The position is transferred to a correctly placed board",
                    "Die Stellung wird auf ein richtig aufgestelltes Brett übertragen",
                )
                .into(),
            Ruling::IllegalMoveCorrected { by } => match lang {
                Lang::En => format!(
                    "{} illegal move is corrected before completion, without penalty",
                    of_en(*by)
                ),
                Lang::De => format!(
                    "Der regelwidrige Zug von {} wird vor seiner Vollendung berichtigt, ohne Strafe",
                    c(*by)
                ),
            },
            Ruling::IllegalMoveCompleted { by } => match lang {
                Lang::En => format!(
                    "{} completed an illegal move; the opponent may claim it before moving",
                    c(*by)
                ),
                Lang::De => format!(
                    "{} hat einen regelwidrigen Zug vollendet; der Gegner kann ihn vor seinem Zug reklamieren",
                    c(*by)
                ),
            },
            Ruling::IllegalMoveStands { by } => match lang {
                Lang::En => format!("{} unclaimed illegal move stands", of_en(*by)),
                Lang::De => format!(
                    "Der nicht reklamierte regelwidrige Zug von {} bleibt bestehen",
                    c(*by)
                ),
            },
            Ruling::PositionRestored { ply } => {
                let at = position_after(*ply, lang);
                match lang {
                    Lang::En => format!("Reinstated: {at}"),
                    Lang::De => format!("Wiederhergestellt: {at}"),
                }
            }
            Ruling::PawnReplacedByQueen { square } => match lang {
                Lang::En => format!("The pawn is replaced by a queen on {square}"),
                Lang::De => format!("Der Bauer auf {square} wird durch eine Dame ersetzt"),
            },
            Ruling::IllegalMoveCounted { by, count: n } => match lang {
                Lang::En => format!(
                    "{} has completed {}",
                    c(*by),
                    count((*n).into(), "illegal move", "illegal moves")
                ),
                Lang::De => format!(
                    "{} hat {} vollendet",
                    c(*by),
                    count((*n).into(), "regelwidrigen Zug", "regelwidrige Züge")
                ),
            },
            Ruling::CountedOnce { by } => match lang {
                Lang::En => format!("{} violations in one move count once", of_en(*by)),
                Lang::De => format!("Die Verstöße von {} in einem Zug zählen einmal", c(*by)),
            },
            Ruling::TimeAdded { to, ms } => match lang {
                Lang::En => format!("{} added to {} time", duration(*ms, lang), of_en(*to)),
                Lang::De => format!(
                    "{} Bedenkzeit für {} hinzugefügt",
                    duration(*ms, lang),
                    c(*to)
                ),
            },
            Ruling::MustMove { by, allowed } => {
                if allowed.is_empty() {
                    return match lang {
                        Lang::En => format!("{} may play any legal move", c(*by)),
                        Lang::De => format!("{} darf jeden regelgemäßen Zug ausführen", c(*by)),
                    };
                }
                let mut moves: Vec<String> = allowed
                    .iter()
                    .take(SHOWN)
                    .map(|m| move_text(m, lang))
                    .collect();
                if allowed.len() > SHOWN {
                    moves.push("…".into());
                }
                let moves = moves.join(", ");
                match lang {
                    Lang::En => format!(
                        "Touch-move: {} must play one of these moves: {moves}",
                        c(*by)
                    ),
                    Lang::De => format!(
                        "Berührt – geführt: {} muss einen dieser Züge ausführen: {moves}",
                        c(*by)
                    ),
                }
            }
            Ruling::MoveRefused { by } => match lang {
                Lang::En => format!(
                    "{} move is not allowed: a touched piece or a written move binds",
                    of_en(*by)
                ),
                Lang::De => format!(
                    "Der Zug von {} ist nicht zulässig: berührt – geführt bzw. der notierte Zug bindet",
                    c(*by)
                ),
            },
            Ruling::DrawOffered { by } => match lang {
                Lang::En => format!("{} offers a draw", c(*by)),
                Lang::De => format!("Remisangebot von {}", c(*by)),
            },
            Ruling::DrawOfferClosed { by } => match lang {
                Lang::En => format!("{} draw offer has lapsed", of_en(*by)),
                Lang::De => format!("Das Remisangebot von {} ist erloschen", c(*by)),
            },
            Ruling::NoOpenOffer { by } => match lang {
                Lang::En => format!("No draw offer is open for {} to answer; no effect", c(*by)),
                Lang::De => format!(
                    "Kein offenes Remisangebot, das {} beantworten könnte; ohne Wirkung",
                    c(*by)
                ),
            },
            Ruling::DrawAgreementInvalid => lang
                .pick(
                    "The draw offer or agreement is not allowed",
                    "Remisangebot oder Remisvereinbarung ist nicht zulässig",
                )
                .into(),
            Ruling::ClaimRejected { by, failure } => match lang {
                Lang::En => format!("{} claim is rejected: {}", of_en(*by), failure.text(lang)),
                Lang::De => format!(
                    "Die Reklamation von {} wird abgewiesen: {}",
                    c(*by),
                    failure.text(lang)
                ),
            },
            Ruling::WrittenMoveBinding { by, mv } => match lang {
                Lang::En => format!(
                    "{} must play the written move {}",
                    c(*by),
                    move_text(mv, lang)
                ),
                Lang::De => format!(
                    "{} muss den notierten Zug {} ausführen",
                    c(*by),
                    move_text(mv, lang)
                ),
            },
            Ruling::SealedMoveMade(mv) => match lang {
                Lang::En => format!(
                    "The sealed move {} is made on the board",
                    move_text(mv, lang)
                ),
                Lang::De => format!(
                    "Der abgegebene Zug {} wird auf dem Brett ausgeführt",
                    move_text(mv, lang)
                ),
            },
            Ruling::DeviceAllowed => lang
                .pick(
                    "A switched-off device is allowed",
                    "Ein ausgeschaltetes Gerät ist erlaubt",
                )
                .into(),
            Ruling::NotApplied => lang
                .pick(
                    "Not applied under these regulations",
                    "Nach dieser Turnierordnung nicht angewandt",
                )
                .into(),
            Ruling::DecisionRequired { question, options } => {
                let options: Vec<String> = options.iter().map(|o| o.text(lang)).collect();
                match lang {
                    Lang::En => format!(
                        "The arbiter decides: {} (options: {})",
                        question.text(lang),
                        options.join(", ")
                    ),
                    Lang::De => format!(
                        "Der Schiedsrichter entscheidet: {} (Möglichkeiten: {})",
                        question.text(lang),
                        options.join(", ")
                    ),
                }
            }
            Ruling::Decided(choice) => match lang {
                Lang::En => format!("The arbiter decided: {}", choice.text(lang)),
                Lang::De => format!("Der Schiedsrichter hat entschieden: {}", choice.text(lang)),
            },
            Ruling::IncrementIntroduced { ms } => match lang {
                Lang::En => format!(
                    "Both players now get an increment of {} per move",
                    duration(*ms, lang)
                ),
                Lang::De => format!(
                    "Beide Spieler erhalten nun einen Zeitzuschlag von {} pro Zug",
                    duration(*ms, lang)
                ),
            },
            Ruling::PenaltyAtDiscretion { against, conduct } => match lang {
                Lang::En => format!(
                    "{}: {}; a penalty at the arbiter's discretion",
                    c(*against),
                    conduct.text(lang)
                ),
                Lang::De => format!(
                    "{}: {}; Strafe nach Ermessen des Schiedsrichters",
                    c(*against),
                    conduct.text(lang)
                ),
            },
            Ruling::NoViolation { by } => match lang {
                Lang::En => format!("No violation by {}", c(*by)),
                Lang::De => format!("Kein Verstoß von {}", c(*by)),
            },
            Ruling::Adjusted { by } => match lang {
                Lang::En => format!("{} adjusts a piece (no obligation to move it)", c(*by)),
                Lang::De => format!(
                    "{} rückt eine Figur zurecht (keine Pflicht, sie zu ziehen)",
                    c(*by)
                ),
            },
            Ruling::ScoresheetShown { by, count } => match lang {
                Lang::En => format!(
                    "The scoresheet is shown to {} (request {count} of 5)",
                    c(*by)
                ),
                Lang::De => format!(
                    "Das Partieformular wird {} gezeigt (Anfrage {count} von 5)",
                    c(*by)
                ),
            },
            Ruling::PenaltyImposed { against, penalty } => match lang {
                Lang::En => format!("Penalty against {}: {}", c(*against), penalty.text(lang)),
                Lang::De => format!("Strafe gegen {}: {}", c(*against), penalty.text(lang)),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Adjustment;
    use crate::edition::Edition;

    const KNIGHT: Move = Move::Normal {
        role: Role::Knight,
        from: Square::G1,
        capture: None,
        to: Square::F3,
        promotion: None,
    };

    fn flag() -> FlagFall {
        FlagFall {
            color: Color::White,
            at_ms: 300_000,
            period_index: 0,
            moves_completed: 23,
            moves_required: None,
        }
    }

    /// The kind of a ruling, one number per variant (and per clock ruling): a new variant
    /// does not compile here until it has a sample below.
    fn kind(r: &Ruling) -> usize {
        match r {
            Ruling::Clock(c) => match c {
                clock::Ruling::FlagFell(_) => 0,
                clock::Ruling::TimeExceeded(_) => 1,
                clock::Ruling::BothFlagsGameContinues => 2,
                clock::Ruling::BothFlagsDraw => 3,
                clock::Ruling::PeriodCompleted { .. } => 4,
                clock::Ruling::PressWithoutEffect(_) => 5,
                clock::Ruling::DefaultTimeExceeded(_) => 6,
                clock::Ruling::Stopped => 7,
                clock::Ruling::Restarted => 8,
                clock::Ruling::TimeAdjusted { .. } => 9,
                clock::Ruling::TimeSet { .. } => 10,
            },
            Ruling::GameEnded(_) => 11,
            Ruling::AfterEnd => 12,
            Ruling::NewGame => 13,
            Ruling::PlayOn => 14,
            Ruling::BoardCorrected => 15,
            Ruling::IllegalMoveCorrected { .. } => 16,
            Ruling::IllegalMoveCompleted { .. } => 17,
            Ruling::IllegalMoveStands { .. } => 18,
            Ruling::PositionRestored { .. } => 19,
            Ruling::PawnReplacedByQueen { .. } => 20,
            Ruling::IllegalMoveCounted { .. } => 21,
            Ruling::CountedOnce { .. } => 22,
            Ruling::TimeAdded { .. } => 23,
            Ruling::MustMove { .. } => 24,
            Ruling::MoveRefused { .. } => 25,
            Ruling::DrawOffered { .. } => 26,
            Ruling::DrawOfferClosed { .. } => 27,
            Ruling::NoOpenOffer { .. } => 28,
            Ruling::DrawAgreementInvalid => 29,
            Ruling::ClaimRejected { .. } => 30,
            Ruling::WrittenMoveBinding { .. } => 31,
            Ruling::SealedMoveMade(_) => 32,
            Ruling::DeviceAllowed => 33,
            Ruling::NotApplied => 34,
            Ruling::DecisionRequired { .. } => 35,
            Ruling::Decided(_) => 36,
            Ruling::IncrementIntroduced { .. } => 37,
            Ruling::PenaltyAtDiscretion { .. } => 38,
            Ruling::NoViolation { .. } => 39,
            Ruling::Adjusted { .. } => 40,
            Ruling::ScoresheetShown { .. } => 41,
            Ruling::PenaltyImposed { .. } => 42,
            Ruling::Spectator { .. } => 43,
        }
    }
    const KINDS: usize = 44;

    fn samples() -> Vec<Ruling> {
        use Color::{Black, White};
        let questions = [
            Question::YouthIllegalMove {
                offender: White,
                count: 2,
            },
            Question::QuickplayFinishClaim { claimant: Black },
            Question::IncrementRequest { requester: White },
            Question::ClocksAfterRestore {
                offender: Some(Black),
                played: [12, 11],
            },
            Question::ClocksAfterRestore {
                offender: None,
                played: [3, 3],
            },
            Question::ReferredQuickplayClaim { claimant: White },
            Question::LateArrival {
                absent: Some(Black),
            },
            Question::LateArrival { absent: None },
            Question::PersistentRefusal { offender: White },
            Question::YouthLossScore { offender: Black },
        ];
        let failures = [
            ClaimFailure::NotOnMove,
            ClaimFailure::PieceTouched,
            ClaimFailure::Incorrect,
            ClaimFailure::NoFlagFallen,
            ClaimFailure::NothingToClaim,
            ClaimFailure::OwnIllegalMove,
            ClaimFailure::NotApplicable,
        ];
        let penalties = [
            Penalty::Warning,
            Penalty::IncreaseOpponentTime { ms: 120_000 },
            Penalty::ReduceTime { ms: 30_000 },
            Penalty::IncreaseOpponentScore { to: Score::One },
            Penalty::ReduceScore { to: Score::Half },
            Penalty::DeclareLost {
                opponent: Score::Half,
            },
            Penalty::Fine { cents: 2050 },
            Penalty::ExclusionFromRounds { rounds: 2 },
            Penalty::Expulsion,
        ];
        let mut out = vec![
            Ruling::Clock(clock::Ruling::FlagFell(flag())),
            Ruling::Clock(clock::Ruling::TimeExceeded(flag())),
            Ruling::Clock(clock::Ruling::BothFlagsGameContinues),
            Ruling::Clock(clock::Ruling::BothFlagsDraw),
            Ruling::Clock(clock::Ruling::PeriodCompleted {
                color: Black,
                period_index: 0,
                added_ms: 1_800_000,
            }),
            Ruling::Clock(clock::Ruling::PressWithoutEffect(White)),
            Ruling::Clock(clock::Ruling::DefaultTimeExceeded(Black)),
            Ruling::Clock(clock::Ruling::Stopped),
            Ruling::Clock(clock::Ruling::Restarted),
            Ruling::Clock(clock::Ruling::TimeAdjusted {
                color: White,
                delta_ms: -60_000,
                reason: Adjustment::Penalty,
            }),
            Ruling::Clock(clock::Ruling::TimeAdjusted {
                color: Black,
                delta_ms: 4_500,
                reason: Adjustment::Correction,
            }),
            Ruling::Clock(clock::Ruling::TimeSet {
                color: Black,
                remaining_ms: 300_000,
                moves_completed: 20,
                reason: Adjustment::Correction,
            }),
            Ruling::GameEnded(GameScore::DRAW),
            Ruling::GameEnded(GameScore::WHITE_WINS),
            Ruling::AfterEnd,
            Ruling::Spectator { by: White },
            Ruling::NewGame,
            Ruling::PlayOn,
            Ruling::BoardCorrected,
            Ruling::IllegalMoveCorrected { by: White },
            Ruling::IllegalMoveCompleted { by: Black },
            Ruling::IllegalMoveStands { by: White },
            Ruling::PositionRestored { ply: 0 },
            Ruling::PositionRestored { ply: 23 },
            Ruling::PositionRestored { ply: 24 },
            Ruling::PawnReplacedByQueen { square: Square::E8 },
            Ruling::IllegalMoveCounted {
                by: White,
                count: 1,
            },
            Ruling::IllegalMoveCounted {
                by: Black,
                count: 2,
            },
            Ruling::CountedOnce { by: Black },
            Ruling::TimeAdded {
                to: Black,
                ms: 120_000,
            },
            Ruling::MustMove {
                by: White,
                allowed: vec![KNIGHT],
            },
            Ruling::MustMove {
                by: Black,
                allowed: Vec::new(),
            },
            Ruling::MustMove {
                by: White,
                allowed: vec![KNIGHT; 9],
            },
            Ruling::MoveRefused { by: White },
            Ruling::DrawOffered { by: Black },
            Ruling::DrawOfferClosed { by: Black },
            Ruling::NoOpenOffer { by: White },
            Ruling::DrawAgreementInvalid,
            Ruling::WrittenMoveBinding {
                by: White,
                mv: KNIGHT,
            },
            Ruling::SealedMoveMade(KNIGHT),
            Ruling::DeviceAllowed,
            Ruling::NotApplied,
            Ruling::IncrementIntroduced { ms: 5_000 },
            Ruling::NoViolation { by: Black },
            Ruling::Adjusted { by: White },
            Ruling::ScoresheetShown {
                by: Black,
                count: 2,
            },
        ];
        out.extend(failures.map(|failure| Ruling::ClaimRejected { by: White, failure }));
        out.extend(Conduct::ALL.map(|conduct| Ruling::PenaltyAtDiscretion {
            against: Black,
            conduct,
        }));
        out.extend(penalties.map(|penalty| Ruling::PenaltyImposed {
            against: White,
            penalty,
        }));
        out.extend(questions.map(|question| Ruling::DecisionRequired {
            question,
            options: Choice::NAMED.iter().map(|&(_, c)| c).collect(),
        }));
        out.extend(Choice::NAMED.iter().map(|&(_, c)| Ruling::Decided(c)));
        out
    }

    #[test]
    fn h15_06_every_ruling_reads_in_german_and_english() {
        let samples = samples();
        let mut seen = [false; KINDS];
        for r in &samples {
            seen[kind(r)] = true;
        }
        assert!(
            seen.iter().all(|&s| s),
            "kinds without a sample: {:?}",
            (0..KINDS).filter(|&k| !seen[k]).collect::<Vec<_>>()
        );
        for r in &samples {
            let (en, de) = (r.text(Lang::En), r.text(Lang::De));
            for text in [&en, &de] {
                assert!(!text.trim().is_empty(), "{r:?}");
                assert!(
                    !text.contains(['{', '}', '_'])
                        && !text.contains(":: ")
                        && !text.contains(".."),
                    "{r:?}: {text}"
                );
                assert!(
                    text.chars()
                        .next()
                        .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit()),
                    "{r:?}: {text}"
                );
            }
            assert_ne!(en, de, "{r:?} reads the same in both languages");
            assert!(!de.contains("White") && !de.contains("Black"), "{de}");
            assert!(!en.contains("Weiß") && !en.contains("Schwarz"), "{en}");
        }
    }

    #[test]
    fn h15_06_refusals_read_in_both_languages() {
        use crate::arbiter::ActionError;
        use crate::clock::ClockError;
        let refusals = [
            ActionError::Clock(ClockError::NotStarted),
            ActionError::Clock(ClockError::Stopped),
            ActionError::Clock(ClockError::Ended),
            ActionError::NotOnMove(Color::Black),
            ActionError::DecisionPending,
            ActionError::NothingAt(5),
            ActionError::NoPiece(Square::E4),
        ];
        for r in refusals {
            let (en, de) = (r.text(Lang::En), r.text(Lang::De));
            assert!(
                r.to_string().to_lowercase().ends_with(&en.to_lowercase()),
                "English as the engine says it: {en}"
            );
            assert!(!de.is_empty() && de != en && !de.contains('{'), "{de}");
        }
        assert_eq!(
            ActionError::NotOnMove(Color::Black).text(Lang::De),
            "Schwarz ist nicht am Zug"
        );
    }

    #[test]
    fn h15_06_questions_and_choices_read_in_both_languages() {
        for (name, choice) in Choice::NAMED {
            let (en, de) = (choice.text(Lang::En), choice.text(Lang::De));
            assert!(!en.is_empty() && !de.is_empty(), "{name}");
            assert!(!en.contains('_') && !de.contains('_'), "{name}");
        }
        assert_eq!(
            Choice::OpponentScore(Score::Half).text(Lang::De),
            "Der Gegner erhält ½"
        );
        assert_eq!(
            Question::YouthIllegalMove {
                offender: Color::Black,
                count: 2
            }
            .text(Lang::De),
            "Die Strafe für den 2. vollendeten regelwidrigen Zug von Schwarz"
        );
    }

    #[test]
    fn h15_06_texts_name_moves_times_and_provisions_as_the_reader_writes_them() {
        let cited = |ruling, article| Cited {
            ruling,
            article: Article::new(article),
            edition: Edition::Fide2023,
        };
        assert_eq!(
            cited(
                Ruling::TimeAdded {
                    to: Color::Black,
                    ms: 120_000
                },
                "Art. 7.5.5"
            )
            .text(Lang::De),
            "2 Minuten Bedenkzeit für Schwarz hinzugefügt — Art. 7.5.5"
        );
        assert_eq!(
            cited(
                Ruling::WrittenMoveBinding {
                    by: Color::White,
                    mv: KNIGHT
                },
                "Art. 9.5.2"
            )
            .text(Lang::De),
            "Weiß muss den notierten Zug Sg1-f3 ausführen — Art. 9.5.2"
        );
        assert_eq!(
            cited(Ruling::IncrementIntroduced { ms: 5_000 }, "Guideline III.4").text(Lang::De),
            "Beide Spieler erhalten nun einen Zeitzuschlag von 5 Sekunden pro Zug — Richtlinie III.4"
        );
        assert_eq!(
            Ruling::GameEnded(GameScore::DRAW).text(Lang::En),
            "The game has ended: ½-½"
        );
        assert_eq!(
            Ruling::PositionRestored { ply: 23 }.text(Lang::De),
            "Wiederhergestellt: die Stellung nach dem 12. Zug von Weiß"
        );
        assert_eq!(duration(90_500, Lang::De), "1:30,500 Min.");
        assert_eq!(
            Article::new("Appendix A.5.2").written(Lang::De),
            "Anhang A.5.2"
        );
    }

    #[test]
    fn h15_a_flag_fall_names_the_moves_completed_or_that_there_were_none() {
        let exceeded = |moves| {
            Ruling::Clock(clock::Ruling::TimeExceeded(FlagFall {
                moves_completed: moves,
                ..flag()
            }))
        };
        assert_eq!(
            exceeded(0).text(Lang::De),
            "Zeitüberschreitung von Weiß vor dem ersten eigenen Zug"
        );
        assert_eq!(
            exceeded(0).text(Lang::En),
            "White exceeded the time before completing a move"
        );
        assert_eq!(
            exceeded(1).text(Lang::De),
            "Zeitüberschreitung von Weiß nach 1 Zug"
        );
        let fell = Ruling::Clock(clock::Ruling::FlagFell(flag()));
        assert_eq!(
            fell.text(Lang::En),
            "White's flag has fallen (after 23 moves, at 5:00)"
        );
    }
}
