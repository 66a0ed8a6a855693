//! Play with visually impaired players (Appendix D): equipment, when a move on
//! the special board counts as touched and made, diverging boards, assistants.
//!
//! The organiser may adapt these rules to local circumstances after consulting
//! the arbiter (D.1); the types state the rules as written.
//!
//! ```
//! use laws::notation::impaired::BoardMove;
//!
//! // A capture: the piece is in its new hole and announced, but the captured
//! // piece is still on the board, so the move is not yet made (D.2.3.1).
//! let m = BoardMove { lifted: true, capture: true, captured_removed: false, placed: true, announced: true };
//! assert_eq!(m.missing().map(|a| a.as_str()), Some("Appendix D.2.3.1"));
//! assert!(!m.may_start_opponent_clock());
//! ```

use shakmaty::{Board, ByColor, Chess, Color, Move, Position};

use crate::Article;

/// A move in progress on the visually impaired player's board (D.2.2-D.2.4).
/// For the sighted player the normal rules apply (D.2.5, Art. 4 and 6.2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardMove {
    /// The piece was taken out of its securing aperture.
    pub lifted: bool,
    /// The move is a capture.
    pub capture: bool,
    /// The captured piece has been removed from the board of the player to move.
    pub captured_removed: bool,
    /// The piece has been put into a new securing aperture.
    pub placed: bool,
    /// The move has been announced.
    pub announced: bool,
}

impl BoardMove {
    /// D.2.2: a piece counts as touched once it is taken out of its securing
    /// aperture; feeling the pieces does not touch them.
    pub fn touched(&self) -> bool {
        self.lifted
    }

    /// The first requirement of D.2.3 not yet met, or `None` once the move is made.
    pub fn missing(&self) -> Option<Article> {
        if self.capture && !self.captured_removed {
            Some(Article::new("Appendix D.2.3.1"))
        } else if !self.placed {
            Some(Article::new("Appendix D.2.3.2"))
        } else if !self.announced {
            Some(Article::new("Appendix D.2.3.3"))
        } else {
            None
        }
    }

    /// D.2.4: only a made move lets the player start the opponent's clock.
    pub fn may_start_opponent_clock(&self) -> bool {
        self.missing().is_none()
    }
}

/// How the arbiter puts diverging boards right (D.2.9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Correction {
    /// Both scoresheets agree: each listed player, who recorded the right moves
    /// but executed a wrong one, sets up the recorded position.
    SetUpRecordedPosition {
        /// The position after the recorded moves.
        position: Board,
        /// The players whose board differs from it.
        players: Vec<Color>,
    },
    /// The scoresheets disagree: the moves are taken back to the last point
    /// where both agree, and the arbiter adjusts the clocks.
    RetractTo {
        /// Half-moves both records share.
        plies: usize,
        /// The position after them.
        position: Board,
    },
}

impl Correction {
    /// The provision applied.
    pub fn article(&self) -> Article {
        Article::new("Appendix D.2.9")
    }
}

/// A recorded move that is not legal where it stands, so the record cannot be
/// used to reconstruct the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalRecordedMove {
    /// 1-based half-move number.
    pub ply: usize,
}

impl std::fmt::Display for IllegalRecordedMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "recorded half-move {} is illegal (Art. 3.10.1)",
            self.ply
        )
    }
}

impl std::error::Error for IllegalRecordedMove {}

/// D.2.9: the correction when the positions on the two boards differ, from
/// both players' records (moves from `start`) and both boards.
pub fn correct_boards(
    start: &Chess,
    records: ByColor<&[Move]>,
    boards: ByColor<&Board>,
) -> Result<Correction, IllegalRecordedMove> {
    let agreed = records
        .white
        .iter()
        .zip(records.black)
        .take_while(|(w, b)| w == b)
        .count();
    let mut pos = start.clone();
    for (i, &m) in records.white[..agreed].iter().enumerate() {
        if !pos.is_legal(m) {
            return Err(IllegalRecordedMove { ply: i + 1 });
        }
        pos.play_unchecked(m);
    }
    let position = pos.board().clone();
    if agreed == records.white.len() && agreed == records.black.len() {
        let players = [Color::White, Color::Black]
            .into_iter()
            .filter(|&c| *boards.get(c) != &position)
            .collect();
        Ok(Correction::SetUpRecordedPosition { position, players })
    } else {
        Ok(Correction::RetractTo {
            plies: agreed,
            position,
        })
    }
}

/// The specially constructed board and pieces of the visually impaired player (D.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpecialBoard {
    /// Length of the shorter side in millimetres.
    pub side_mm: u32,
    /// The black squares are slightly raised.
    pub dark_squares_raised: bool,
    /// Every square has a securing aperture.
    pub apertures: bool,
    /// Every piece has a peg fitting the apertures.
    pub pegged_pieces: bool,
    /// The pieces are of Staunton design, the black ones specially marked.
    pub staunton_marked: bool,
}

impl SpecialBoard {
    /// The requirements of D.1.1-D.1.4.2 the board fails, in order.
    pub fn defects(&self) -> Vec<Article> {
        [
            (self.side_mm >= 200, "Appendix D.1.1"),
            (self.dark_squares_raised, "Appendix D.1.2"),
            (self.apertures, "Appendix D.1.3"),
            (self.pegged_pieces, "Appendix D.1.4.1"),
            (self.staunton_marked, "Appendix D.1.4.2"),
        ]
        .into_iter()
        .filter(|&(met, _)| !met)
        .map(|(_, article)| Article::new(article))
        .collect()
    }
}

/// A chess clock for the visually impaired player (D.2.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImpairedClock {
    /// A special clock that announces the time and the number of moves (D.2.6.1).
    Announcing,
    /// An analogue clock (D.2.6.2).
    Analogue {
        /// Reinforced hands, one raised dot every five minutes, two every fifteen.
        tactile_dial: bool,
        /// A flag easily felt, placed so that the minute hand can be felt during
        /// the last five minutes of the hour.
        tactile_flag: bool,
    },
}

impl ImpairedClock {
    /// The requirements of D.2.6 the clock fails.
    pub fn defects(&self) -> Vec<Article> {
        match *self {
            ImpairedClock::Announcing => Vec::new(),
            ImpairedClock::Analogue {
                tactile_dial,
                tactile_flag,
            } => [
                (tactile_dial, "Appendix D.2.6.2.1"),
                (tactile_flag, "Appendix D.2.6.2.2"),
            ]
            .into_iter()
            .filter(|&(met, _)| !met)
            .map(|(_, article)| Article::new(article))
            .collect(),
        }
    }
}

/// What an assistant may do (D.2.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AssistantDuty {
    /// Make either player's move on the opponent's board (D.2.10.1).
    MakeMoves,
    /// Announce both players' moves (D.2.10.2).
    AnnounceMoves,
    /// Keep the visually impaired player's score and start the opponent's clock (D.2.10.3).
    KeepScoreAndStartClock,
    /// Tell the visually impaired player, only on request, the number of moves and the time used (D.2.10.4).
    InformOnRequest,
    /// Claim a win on time and tell the arbiter when the sighted player touched a piece (D.2.10.5).
    ClaimAndReport,
    /// Carry out the formalities of an adjournment (D.2.10.6).
    Adjournment,
}

impl AssistantDuty {
    /// Every duty of D.2.10, in order.
    pub const ALL: [AssistantDuty; 6] = [
        AssistantDuty::MakeMoves,
        AssistantDuty::AnnounceMoves,
        AssistantDuty::KeepScoreAndStartClock,
        AssistantDuty::InformOnRequest,
        AssistantDuty::ClaimAndReport,
        AssistantDuty::Adjournment,
    ];

    /// The provision naming the duty.
    pub fn article(self) -> Article {
        Article::new(match self {
            AssistantDuty::MakeMoves => "Appendix D.2.10.1",
            AssistantDuty::AnnounceMoves => "Appendix D.2.10.2",
            AssistantDuty::KeepScoreAndStartClock => "Appendix D.2.10.3",
            AssistantDuty::InformOnRequest => "Appendix D.2.10.4",
            AssistantDuty::ClaimAndReport => "Appendix D.2.10.5",
            AssistantDuty::Adjournment => "Appendix D.2.10.6",
        })
    }
}

/// D.2.10-D.2.11: checks who has an assistant and what for. `impaired` and
/// `sighted` are the duties of each player's assistant, `None` for no assistant.
///
/// The sighted player may use an assistant only when the visually impaired
/// player has none, and only to make and announce moves; a visually impaired
/// player paired with a deaf player must have an assistant (D.2.11).
pub fn check_assistants(
    impaired: Option<&[AssistantDuty]>,
    sighted: Option<&[AssistantDuty]>,
    opponent_deaf: bool,
) -> Result<(), Article> {
    let sighted_may =
        |d: &AssistantDuty| matches!(d, AssistantDuty::MakeMoves | AssistantDuty::AnnounceMoves);
    match (impaired, sighted) {
        (None, None) if opponent_deaf => Err(Article::new("Appendix D.2.11")),
        (Some(_), Some(_)) => Err(Article::new("Appendix D.2.11")),
        (None, Some(duties)) if !duties.iter().all(sighted_may) => {
            Err(Article::new("Appendix D.2.11"))
        }
        _ => Ok(()),
    }
}
