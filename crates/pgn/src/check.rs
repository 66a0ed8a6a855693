//! Checking a recorded game against the Laws: legality of every move (Art. 3),
//! the end of the game by rule (Art. 5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2), whether
//! the recorded result agrees, and which draw claims (Art. 9.2, 9.3) the record
//! offered and when.
//!
//! ```
//! use laws::notation::Language;
//! use pgn::check::{check, ResultCheck};
//! use pgn::reader::Reader;
//!
//! let pgn = "[Result \"1-0\"]\n[FEN \"8/8/8/8/8/4k3/6p1/6K1 w - - 0 54\"]\n54. Kxg2 1-0";
//! let report = check(&Reader::new(pgn).next().unwrap());
//! assert!(matches!(report.result, ResultCheck::Contradicts { .. }));
//! assert_eq!(
//!     report.result.message(Language::English).unwrap(),
//!     "1-0 recorded, but after 54.Kxg2 the position is dead: Art. 5.2.2, the game was drawn"
//! );
//! ```

use laws::Lang;
use laws::notation::{self, Form, Language};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, KnownOutcome, Move, Outcome};

use crate::import::{self, ImportError, MoveNumber, Warning};
use crate::reader::{Location, RawGame};
use laws::dead_position::{Tier, Verdict, can_checkmate};
use laws::draws::{ClaimKind, DrawClaim};
use laws::game::{Game, Termination};

/// A move as a scoresheet shows it: `54...Kxh7`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRef {
    /// The ply after the move (1 = after the first move from the start position).
    pub ply: u32,
    /// The move number.
    pub number: MoveNumber,
    /// The move.
    pub mv: Move,
    /// The position the move was made in.
    pub before: Chess,
}

impl MoveRef {
    fn new(before: &Chess, m: Move, ply: u32) -> MoveRef {
        MoveRef {
            ply,
            number: MoveNumber::of(before),
            mv: m,
            before: before.clone(),
        }
    }

    /// The move with its number: SAN for English (`54...Kxh7`, as in PGN),
    /// Appendix C short form otherwise (`12.Sf3` in German, `12.Cf3` in French).
    pub fn text(&self, lang: Language) -> String {
        format!("{}{}", self.number, write_move(&self.before, self.mv, lang))
    }
}

/// A legal move in `pos`: SAN for English, Appendix C short form in other languages.
pub fn write_move(pos: &Chess, m: Move, lang: Language) -> String {
    match lang {
        Language::English => SanPlus::from_move(pos.clone(), m).to_string(),
        other => notation::write_move(pos, &m, other, Form::Short),
    }
}

/// The end of a game by rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// Why the game ended; names its article.
    pub termination: Termination,
    /// The ply of the final position.
    pub ply: u32,
    /// The move that produced it; `None` if the start position already ended the game.
    pub last_move: Option<MoveRef>,
}

impl Ending {
    /// The result the Laws give.
    pub fn outcome(&self) -> KnownOutcome {
        import::outcome_of(self.termination.winner())
    }

    /// "after 54...Kxh7 the position is dead (Art. 5.2.2)".
    pub fn message(&self, lang: Language) -> String {
        let what = match (self.termination, Lang::from(lang)) {
            (Termination::Checkmate { .. }, Lang::En) => "the king is checkmated",
            (Termination::Checkmate { .. }, Lang::De) => "ist der König matt",
            (Termination::Stalemate, Lang::En) => "the position is stalemate",
            (Termination::Stalemate, Lang::De) => "ist die Stellung patt",
            (Termination::DeadPosition, Lang::En) => "the position is dead",
            (Termination::DeadPosition, Lang::De) => "ist die Stellung tot",
            (Termination::FivefoldRepetition, Lang::En) => "the position has appeared five times",
            (Termination::FivefoldRepetition, Lang::De) => {
                "ist dieselbe Stellung fünfmal aufgetreten"
            }
            (Termination::SeventyFiveMoves, Lang::En) => {
                "75 moves by each player were made without pawn move or capture"
            }
            (Termination::SeventyFiveMoves, Lang::De) => {
                "hat jeder Spieler 75 Züge ohne Bauernzug und ohne Schlagen gemacht"
            }
        };
        let article = self.termination.article();
        match (&self.last_move, Lang::from(lang)) {
            (Some(m), Lang::En) => format!("after {} {what}: {article}", m.text(lang)),
            (Some(m), Lang::De) => format!("nach {} {what}: {article}", m.text(lang)),
            (None, Lang::En) => format!("in the start position {what}: {article}"),
            (None, Lang::De) => format!("in der Ausgangsstellung {what}: {article}"),
        }
    }
}

/// Whether the recorded result agrees with the Laws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultCheck {
    /// The game ended by rule and the recorded result is that result.
    Agrees,
    /// The game ended by rule with another result than the one recorded.
    Contradicts {
        /// What the record says.
        recorded: KnownOutcome,
        /// How the game ended.
        ending: Ending,
    },
    /// The game ended by rule but the record gives no result (`*` or nothing).
    Unrecorded {
        /// How the game ended.
        ending: Ending,
    },
    /// No end by rule, a win recorded, but the winner cannot checkmate by any
    /// series of legal moves in the final position: a resignation (Art. 5.1.2,
    /// 2023 Laws), a flag fall (Art. 6.9) or a penalty loss (Art. 11.3.2.1, 12.9)
    /// then gives a draw, not a win.
    WinnerCannotCheckmate {
        /// The recorded winner.
        winner: Color,
    },
    /// No end by rule: the result rests on resignation, agreement, a claim or
    /// the clock, which the moves alone cannot show.
    NotDecidedByMoves,
    /// The moves could not all be read, so the end is unknown.
    Unknown,
}

fn result_text(outcome: KnownOutcome, lang: Language) -> &'static str {
    let winner = match outcome {
        KnownOutcome::Decisive { winner } => Some(winner),
        KnownOutcome::Draw => None,
    };
    match winner {
        Some(Color::White) => Lang::from(lang).pick("White won", "Weiß hat gewonnen"),
        Some(Color::Black) => Lang::from(lang).pick("Black won", "Schwarz hat gewonnen"),
        None => Lang::from(lang).pick("the game was drawn", "die Partie endete remis"),
    }
}

impl ResultCheck {
    /// Whether the recorded result contradicts the Laws. A missing result
    /// (`*`) after an end by rule is reported but is no contradiction.
    pub fn is_finding(&self) -> bool {
        matches!(
            self,
            ResultCheck::Contradicts { .. } | ResultCheck::WinnerCannotCheckmate { .. }
        )
    }

    /// "1-0 recorded, but after 54...Kxh7 the position is dead: Art. 5.2.2, the game was drawn".
    pub fn message(&self, lang: Language) -> Option<String> {
        match self {
            ResultCheck::Contradicts { recorded, ending } => Some(format!(
                "{} {}, {} {}, {}",
                Outcome::Known(*recorded),
                Lang::from(lang).pick("recorded", "eingetragen"),
                Lang::from(lang).pick("but", "aber"),
                ending.message(lang),
                result_text(ending.outcome(), lang)
            )),
            ResultCheck::WinnerCannotCheckmate { winner } => {
                let recorded = Outcome::Known(KnownOutcome::Decisive { winner: *winner });
                let (english, german) = match winner {
                    Color::White => ("White", "Weiß"),
                    Color::Black => ("Black", "Schwarz"),
                };
                Some(match Lang::from(lang) {
                    Lang::En => format!(
                        "{recorded} recorded, but {english} cannot checkmate by any series of legal moves: \
                         resignation, flag fall or a penalty give a draw (Art. 5.1.2, 6.9)"
                    ),
                    Lang::De => format!(
                        "{recorded} eingetragen, aber {german} kann durch keine Folge regelgemäßer Züge mattsetzen: \
                         Aufgabe, Zeitüberschreitung oder eine Strafe ergeben remis (Art. 5.1.2, 6.9)"
                    ),
                })
            }
            ResultCheck::Unrecorded { ending } => Some(format!(
                "{}, {}: {}",
                Lang::from(lang).pick("no result recorded", "kein Ergebnis eingetragen"),
                ending.message(lang),
                result_text(ending.outcome(), lang)
            )),
            _ => None,
        }
    }
}

/// A draw claim the record offered (Art. 9.2, 9.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// Grounds and article.
    pub kind: ClaimKind,
    /// The ply of the position in which the claim could be made.
    pub ply: u32,
    /// The last move before the claim; `None` at the start position.
    pub after: Option<MoveRef>,
    /// The intended move written on the scoresheet (Art. 9.2.1, 9.3.1).
    pub intended: Option<MoveRef>,
    /// Plies of the repeated position, oldest first.
    pub repetitions: Vec<u32>,
}

impl Claim {
    /// "threefold repetition claimable after 34.Nf3 (Art. 9.2.2), positions at plies 59, 63, 67".
    pub fn message(&self, lang: Language) -> String {
        let kind = match self.kind {
            ClaimKind::Repetition | ClaimKind::RepetitionByIntendedMove => {
                Lang::from(lang).pick("threefold repetition", "dreimalige Stellungswiederholung")
            }
            ClaimKind::FiftyMoves | ClaimKind::FiftyMovesByIntendedMove => {
                Lang::from(lang).pick("50-move rule", "50-Züge-Regel")
            }
        };
        let when = match (&self.intended, &self.after) {
            (Some(m), _) => format!(
                "{} {}",
                Lang::from(lang).pick("claimable by writing", "reklamierbar mit dem Zug"),
                m.text(lang)
            ),
            (None, Some(m)) => format!(
                "{} {}",
                Lang::from(lang).pick("claimable after", "reklamierbar nach"),
                m.text(lang)
            ),
            (None, None) => Lang::from(lang)
                .pick(
                    "claimable in the start position",
                    "reklamierbar in der Ausgangsstellung",
                )
                .to_owned(),
        };
        let mut text = format!("{kind} {when} ({})", self.kind.article());
        if !self.repetitions.is_empty() {
            let plies: Vec<String> = self.repetitions.iter().map(u32::to_string).collect();
            text.push_str(&format!(
                ", {} {}",
                Lang::from(lang).pick("positions at plies", "Stellungen nach Halbzug"),
                plies.join(", ")
            ));
        }
        text
    }
}

/// Everything the checker found in one game.
#[derive(Debug, Clone)]
pub struct GameCheck {
    /// Number of the game in the file, from 1.
    pub number: usize,
    /// Where the game starts in the file.
    pub location: Location,
    /// `White` tag.
    pub white: String,
    /// `Black` tag.
    pub black: String,
    /// Legal moves read (plies).
    pub plies: u32,
    /// The first error: illegal move, unreadable text, unsupported variant.
    pub error: Option<ImportError>,
    /// Repairs and doubts.
    pub warnings: Vec<Warning>,
    /// The recorded result: termination marker, else `Result` tag.
    pub recorded: Option<Outcome>,
    /// How the game ended by rule, if it did.
    pub ending: Option<Ending>,
    /// Moves recorded after the game had ended by rule.
    pub moves_after_end: u32,
    /// Whether the recorded result agrees with the Laws.
    pub result: ResultCheck,
    /// Draw claims the record offered, the first ply of each run.
    pub claims: Vec<Claim>,
}

impl GameCheck {
    /// Whether an arbiter must look at this game: an error or a result that
    /// contradicts the Laws. Moves after the end by rule alone are a note: they
    /// do not change the result (Art. 5, 9.6).
    pub fn has_findings(&self) -> bool {
        self.error.is_some() || self.result.is_finding()
    }
}

/// Checks one game.
pub fn check(raw: &RawGame<'_>) -> GameCheck {
    Checker::default().check(raw)
}

/// Checks games one after another, reusing the memory of the game record.
#[derive(Debug, Clone, Default)]
pub struct Checker {
    game: Game,
}

impl Checker {
    /// A checker with an empty game record.
    pub fn new() -> Checker {
        Checker::default()
    }

    /// Checks one game.
    pub fn check(&mut self, raw: &RawGame<'_>) -> GameCheck {
        check_with(&mut self.game, raw)
    }
}

fn check_with(game: &mut Game, raw: &RawGame<'_>) -> GameCheck {
    let mut report = GameCheck {
        number: raw.number,
        location: raw.location(),
        white: raw.tag("White").unwrap_or("?").to_owned(),
        black: raw.tag("Black").unwrap_or("?").to_owned(),
        plies: 0,
        error: None,
        warnings: Vec::new(),
        recorded: import::recorded_result(raw),
        ending: None,
        moves_after_end: 0,
        result: ResultCheck::Unknown,
        claims: Vec::new(),
    };
    let start = match import::start(raw) {
        Ok(start) => start,
        Err(e) => {
            report.error = Some(e);
            return report;
        }
    };
    report.warnings = start.warnings;
    game.reset(start.position);
    for token in &raw.moves {
        let number = MoveNumber::of(game.position());
        let played = import::parse_san(raw, token, number).and_then(|san| {
            game.play_san(&san)
                .map_err(|e| import::san_error(raw, token, number, e))
        });
        if let Err(e) = played {
            report.error = Some(e);
            break;
        }
    }
    report.plies = game.ply();
    if report.error.is_none() {
        report.error = import::syntax_error(raw);
    }
    let move_ref = |ply: u32| -> Option<MoveRef> {
        let index = ply.checked_sub(1)?;
        let before = game.position_at(index)?;
        let m = *game.moves().get(index as usize)?;
        Some(MoveRef::new(before, m, ply))
    };
    report.ending = game
        .termination_with_ply()
        .map(|(ply, termination)| Ending {
            termination,
            ply,
            last_move: move_ref(ply),
        });
    if let Some(ending) = &report.ending {
        report.moves_after_end = game.ply() - ending.ply;
        if let Some(e) = &report.error
            && ending.ply == game.ply()
            && matches!(e.kind, import::ErrorKind::IllegalMove { .. })
        {
            // Mate or stalemate: the next move is not a legal move because the game is over.
            report.moves_after_end =
                u32::try_from(raw.moves.len()).unwrap_or(u32::MAX) - game.ply();
        }
    }
    report.result = match (report.ending.clone(), report.recorded) {
        (Some(ending), Some(Outcome::Known(recorded))) if recorded == ending.outcome() => {
            ResultCheck::Agrees
        }
        (Some(ending), Some(Outcome::Known(recorded))) => {
            ResultCheck::Contradicts { recorded, ending }
        }
        (Some(ending), _) => ResultCheck::Unrecorded { ending },
        (None, _) if report.error.is_some() => ResultCheck::Unknown,
        (None, Some(Outcome::Known(KnownOutcome::Decisive { winner })))
            if winner_cannot_checkmate(game.position(), winner) =>
        {
            ResultCheck::WinnerCannotCheckmate { winner }
        }
        (None, _) => ResultCheck::NotDecidedByMoves,
    };
    report.claims = first_of_runs(game.claim_history())
        .into_iter()
        .map(|c: DrawClaim| Claim {
            kind: c.kind,
            ply: c.ply,
            after: move_ref(c.ply),
            intended: c
                .intended
                .and_then(|m| Some(MoveRef::new(game.position_at(c.ply)?, m, c.ply + 1))),
            repetitions: c.repetitions,
        })
        .collect();
    report
}

/// Whether `winner` cannot checkmate by any series of legal moves (Art. 5.1.2,
/// 6.9), by the quick tier of `laws::dead_position`: sound, it never says so of
/// a side that could still mate, and cheap enough for every game.
fn winner_cannot_checkmate(pos: &Chess, winner: Color) -> bool {
    can_checkmate(pos, winner, Tier::Quick) == Verdict::Unwinnable
}

/// When each claim first became available: a repetition claim when the
/// position appears for the third time, a 50-move claim at the first ply of
/// each run of consecutive plies.
fn first_of_runs(claims: Vec<DrawClaim>) -> Vec<DrawClaim> {
    let mut last_ply: Vec<(ClaimKind, u32)> = Vec::new();
    let mut kept = Vec::new();
    for claim in claims {
        let keep = match claim.kind {
            ClaimKind::Repetition | ClaimKind::RepetitionByIntendedMove => {
                claim.repetitions.len() == 3
            }
            ClaimKind::FiftyMoves | ClaimKind::FiftyMovesByIntendedMove => {
                let previous = last_ply.iter_mut().find(|(k, _)| *k == claim.kind);
                let continues = previous.as_ref().is_some_and(|(_, p)| p + 1 == claim.ply);
                match previous {
                    Some(entry) => entry.1 = claim.ply,
                    None => last_ply.push((claim.kind, claim.ply)),
                }
                !continues
            }
        };
        if keep {
            kept.push(claim);
        }
    }
    kept
}
