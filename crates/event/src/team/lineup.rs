//! Lineups per round: which registered players sit on which board, checked before the round
//! (SJRP §10.9, §10.10, §18.10), and the board results as scored under those rules.
//!
//! A lineup must follow the registered order: a missing player's place is closed by the
//! players below moving up and the substitutes joining at the bottom (§10.10, §18.10).
//! A wrong order loses the game on the first board where a lower-listed player sits ahead of
//! a higher-listed one and all boards below it (§10.9); an empty board loses every game from
//! it on (§10.10).
//!
//! ```
//! use event::person::PlayerId;
//! use event::player::Player;
//! use event::team::lineup::{Lineup, lost_from};
//! use event::team::squad::{Member, Squad};
//!
//! let squad = Squad {
//!     name: "A".into(),
//!     club: "A".into(),
//!     members: (1..=5)
//!         .map(|id| Member { player: Player::new(PlayerId(id), "P", ""), pupil: None })
//!         .collect(),
//!     admitted_over: None,
//!     withdrawn: None,
//! };
//! let ids = |v: &[u32]| Lineup(v.iter().map(|&id| (id > 0).then_some(PlayerId(id))).collect());
//! // 1, 3, 2, 4: player 3 (listed third) sits ahead of player 2: boards 2-4 are lost.
//! assert_eq!(lost_from(&squad, &ids(&[1, 3, 2, 4])), Some(2));
//! // 1, 2, 4, 5: 3 is missing, 4 moves up and substitute 5 joins at the bottom.
//! assert_eq!(lost_from(&squad, &ids(&[1, 2, 4, 5])), None);
//! // 1, 2, empty, 4: boards 3 and 4 are lost.
//! assert_eq!(lost_from(&squad, &ids(&[1, 2, 0, 4])), Some(3));
//! ```

use std::fmt;

use laws::Article;
use serde::{Deserialize, Serialize};
use standings::score::match_outcome;
use standings::team::{Board, Encounter};
use standings::{Outcome, Points};

use crate::person::PlayerId;
use crate::team::squad::{Profile, Squad};

/// The players on the boards, board 1 first; `None` is an empty board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup(pub Vec<Option<PlayerId>>);

impl Lineup {
    /// The TRF-2026 `300` record of this lineup: `team` against `opponent` in `round`, each
    /// player as his pairing number (`number`); a player without one is an empty board
    /// (`0000`), as is an empty board of the lineup.
    pub fn to_trf(
        &self,
        round: u16,
        team: u16,
        opponent: u16,
        number: impl Fn(PlayerId) -> Option<u16>,
    ) -> trf::LineUp {
        trf::LineUp {
            round,
            team,
            opponent,
            players: self.0.iter().map(|p| p.and_then(&number)).collect(),
        }
    }

    /// The lineup a `300` record gives, with `player` mapping pairing numbers to players.
    pub fn from_trf(record: &trf::LineUp, player: impl Fn(u16) -> Option<PlayerId>) -> Lineup {
        Lineup(record.players.iter().map(|n| n.and_then(&player)).collect())
    }
}

/// A lineup rule broken, with its board (from 1) and paragraph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineupViolation {
    /// More or fewer boards than the competition has.
    BoardCount {
        /// Boards given.
        given: usize,
        /// Boards of the competition.
        boards: usize,
        /// Paragraph.
        article: Article,
    },
    /// A player not registered for the team: no entries after the start (§10.8).
    NotRegistered {
        /// Board.
        board: usize,
        /// The player.
        player: PlayerId,
    },
    /// A player on two boards.
    Twice {
        /// The second board.
        board: usize,
        /// The player.
        player: PlayerId,
    },
    /// `player` sits on `board` ahead of `ahead_of`, who is listed before him: this game and
    /// all following are lost (§10.9).
    WrongOrder {
        /// Board.
        board: usize,
        /// The player listed lower.
        player: PlayerId,
        /// The player listed higher, on a later board.
        ahead_of: PlayerId,
        /// Paragraph.
        article: Article,
    },
    /// An empty board: this game and all following are lost (§10.10).
    EmptyBoard {
        /// Board.
        board: usize,
    },
}

impl LineupViolation {
    /// The paragraph broken.
    pub fn article(self) -> Article {
        match self {
            LineupViolation::BoardCount { article, .. }
            | LineupViolation::WrongOrder { article, .. } => article,
            LineupViolation::NotRegistered { .. } | LineupViolation::Twice { .. } => {
                Article::new("SJRP §10.8")
            }
            LineupViolation::EmptyBoard { .. } => Article::new("SJRP §10.10"),
        }
    }
}

impl fmt::Display for LineupViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineupViolation::BoardCount { given, boards, .. } => {
                write!(f, "{given} boards given, the team has {boards}")
            }
            LineupViolation::NotRegistered { board, player } => {
                write!(f, "board {board}: player {player} is not registered")
            }
            LineupViolation::Twice { board, player } => {
                write!(f, "board {board}: player {player} is already lined up")
            }
            LineupViolation::WrongOrder {
                board,
                player,
                ahead_of,
                ..
            } => write!(
                f,
                "board {board}: player {player} sits ahead of player {ahead_of}, listed higher; \
                 this and all following games are lost"
            ),
            LineupViolation::EmptyBoard { board } => {
                write!(
                    f,
                    "board {board} is empty; this and all following games are lost"
                )
            }
        }?;
        write!(f, " ({})", self.article())
    }
}

impl std::error::Error for LineupViolation {}

/// Checks a lineup before the round starts; empty when it is in order.
pub fn check_lineup(profile: &Profile, squad: &Squad, lineup: &Lineup) -> Vec<LineupViolation> {
    let mut out = Vec::new();
    let (boards, article) = profile.boards;
    if lineup.0.len() != boards {
        out.push(LineupViolation::BoardCount {
            given: lineup.0.len(),
            boards,
            article,
        });
    }
    for (i, seat) in lineup.0.iter().enumerate() {
        let board = i + 1;
        let Some(player) = *seat else {
            out.push(LineupViolation::EmptyBoard { board });
            continue;
        };
        if lineup.0[..i].contains(&Some(player)) {
            out.push(LineupViolation::Twice { board, player });
        } else if squad.position(player).is_none() {
            out.push(LineupViolation::NotRegistered { board, player });
        }
    }
    if let Some((board, player, ahead_of)) = first_wrong_order(squad, lineup) {
        out.push(LineupViolation::WrongOrder {
            board,
            player,
            ahead_of,
            article: profile.order,
        });
    }
    out
}

/// The first board (from 1) whose player is listed below a player on a later board.
fn first_wrong_order(squad: &Squad, lineup: &Lineup) -> Option<(usize, PlayerId, PlayerId)> {
    let seated: Vec<(usize, PlayerId, usize)> = lineup
        .0
        .iter()
        .enumerate()
        .filter_map(|(i, seat)| {
            let id = (*seat)?;
            Some((i + 1, id, squad.position(id)?))
        })
        .collect();
    seated
        .iter()
        .enumerate()
        .find_map(|(k, &(board, id, pos))| {
            seated[k + 1..]
                .iter()
                .filter(|later| later.2 < pos)
                .min_by_key(|later| later.2)
                .map(|later| (board, id, later.1))
        })
}

/// The first board (from 1) from which the team loses every game by §10.9 or §10.10, if any.
pub fn lost_from(squad: &Squad, lineup: &Lineup) -> Option<usize> {
    let empty = lineup.0.iter().position(Option::is_none).map(|i| i + 1);
    let order = first_wrong_order(squad, lineup).map(|(board, ..)| board);
    empty.into_iter().chain(order).min()
}

/// Whether the team loses the game on each board: from [`lost_from`] on, and on a board with
/// a player who is not registered or lined up twice (§10.8).
fn lost_boards(squad: &Squad, lineup: &Lineup, boards: usize) -> Vec<bool> {
    let from = lost_from(squad, lineup).unwrap_or(usize::MAX);
    (0..boards)
        .map(|i| match lineup.0.get(i).copied().flatten() {
            None => true,
            Some(id) => {
                i + 1 >= from || squad.position(id).is_none() || lineup.0[..i].contains(&Some(id))
            }
        })
        .collect()
}

/// One team's side of a match: its squad and lineup.
#[derive(Debug, Clone, Copy)]
pub struct Side<'a> {
    /// The squad.
    pub squad: &'a Squad,
    /// The lineup of the round.
    pub lineup: &'a Lineup,
}

/// The scored result of one board, for the home team and the away team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scored {
    /// The home player's result.
    pub home: Outcome,
    /// The away player's result.
    pub away: Outcome,
}

/// Turns the results played on the boards (from the home team's side, `Win`/`Draw`/`Loss`;
/// ignored where a rule decides) into the scored results: a game a team loses by §10.9 or
/// §10.10 is a forfeit loss and a forfeit win for the opponent; where both teams lose the
/// board, both score 0 (the Spielordnung does not regulate it).
pub fn apply_lineup_rules(home: Side<'_>, away: Side<'_>, results: &[Outcome]) -> Vec<Scored> {
    let boards = home.lineup.0.len().max(away.lineup.0.len());
    let home_lost = lost_boards(home.squad, home.lineup, boards);
    let away_lost = lost_boards(away.squad, away.lineup, boards);
    (0..boards)
        .map(|i| match (home_lost[i], away_lost[i]) {
            (true, true) => Scored {
                home: Outcome::ForfeitLoss,
                away: Outcome::ForfeitLoss,
            },
            (true, false) => Scored {
                home: Outcome::ForfeitLoss,
                away: Outcome::ForfeitWin,
            },
            (false, true) => Scored {
                home: Outcome::ForfeitWin,
                away: Outcome::ForfeitLoss,
            },
            (false, false) => {
                let home = results.get(i).copied().unwrap_or(Outcome::ForfeitLoss);
                Scored {
                    home,
                    away: reverse(home),
                }
            }
        })
        .collect()
}

fn reverse(outcome: Outcome) -> Outcome {
    match outcome {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        Outcome::ForfeitWin => Outcome::ForfeitLoss,
        Outcome::ForfeitLoss => Outcome::ForfeitWin,
        other => other,
    }
}

/// Match points for a won, drawn and lost match (§10.2: 2, 1, 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchPoints {
    /// For a won match.
    pub win: Points,
    /// For a drawn match.
    pub draw: Points,
    /// For a lost match.
    pub loss: Points,
}

impl MatchPoints {
    /// 2, 1, 0 (§10.2).
    pub const SJRP: MatchPoints = MatchPoints {
        win: Points::from_whole(2),
        draw: Points::ONE,
        loss: Points::ZERO,
    };

    fn of(self, outcome: Outcome) -> Points {
        match outcome {
            Outcome::Win | Outcome::ForfeitWin | Outcome::PairingBye => self.win,
            Outcome::Draw => self.draw,
            _ => self.loss,
        }
    }
}

/// Game points of a board result (Art. 10.1 of the Laws; a forfeit counts as the game).
fn game_points(outcome: Outcome) -> Points {
    match outcome {
        Outcome::Win | Outcome::ForfeitWin => Points::ONE,
        Outcome::Draw => Points::HALF,
        _ => Points::ZERO,
    }
}

/// A played match for [`standings::team`]: both teams' [`Encounter`]s in round `round`,
/// with board points from the scored boards and match points by `scoring` (§10.2). The
/// boards name players by `number`, their pairing number in the standings.
pub fn encounters(
    round: usize,
    teams: (u16, u16),
    sides: (Side<'_>, Side<'_>),
    scored: &[Scored],
    scoring: MatchPoints,
    number: impl Fn(PlayerId) -> u16,
) -> (Encounter, Encounter) {
    let side = |own: u16, opp: u16, lineup: &Lineup, outcome: fn(&Scored) -> Outcome| {
        let boards: Vec<Board> = scored
            .iter()
            .enumerate()
            .map(|(i, s)| Board {
                player: lineup.0.get(i).copied().flatten().map_or(0, &number),
                outcome: outcome(s),
            })
            .collect();
        let board_points: Points = boards.iter().map(|b| game_points(b.outcome)).sum();
        (own, opp, boards, board_points)
    };
    let (h, a, hb, hp) = side(teams.0, teams.1, sides.0.lineup, |s| s.home);
    let (_, _, ab, ap) = side(teams.1, teams.0, sides.1.lineup, |s| s.away);
    let make = |own_points: Points, opp_points: Points, opponent: u16, boards: Vec<Board>| {
        let result = match_outcome(own_points, opp_points);
        Encounter {
            round,
            opponent: Some(opponent),
            result,
            board_points: own_points,
            match_points: scoring.of(result),
            boards,
        }
    };
    (make(hp, ap, a, hb), make(ap, hp, h, ab))
}

/// A forfeited match (a team did not turn up): the present team wins it by forfeit with
/// every board, the absent team loses it and scores nothing.
pub fn forfeited_match(
    round: usize,
    present: u16,
    absent: u16,
    boards: usize,
    scoring: MatchPoints,
) -> (Encounter, Encounter) {
    let all = u32::try_from(boards).unwrap_or(u32::MAX);
    let make = |opponent, result, board_points| Encounter {
        round,
        opponent: Some(opponent),
        result,
        board_points,
        match_points: scoring.of(result),
        boards: Vec::new(),
    };
    (
        make(absent, Outcome::ForfeitWin, Points::from_whole(all)),
        make(present, Outcome::ForfeitLoss, Points::ZERO),
    )
}
