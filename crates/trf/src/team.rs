//! Team tournaments in a TRF file: squads in board order (`310`, legacy `013`), team scoring
//! (`362`), board colours (`352`), and every team's matches round by round, built from the
//! `001` board results, forfeited matches (`330`), team byes (`320`) and abnormal points (`299`).
//!
//! A match's board points are the individual points of the team's players in that round
//! (FIDE C.04.6: game points); its match points follow from comparing board points
//! (`362`: `TW`, `TD`, `TL`, by default 2/1/0 as in SJRP Spielordnung §10.2).
//!
//! ```
//! use trf::{team::MatchKind, Points, Tournament};
//!
//! let t: Tournament = "362 TW  2.0   TD  1.0   TL  0.0\n\
//! 001    1      A1                                2500                             1.0    1     3 w 1\n\
//! 001    2      A2                                2500                             0.5    2     4 b =\n\
//! 001    3      B1                                2500                             0.0    3     1 b 0\n\
//! 001    4      B2                                2500                             0.5    4     2 w =\n\
//! 310 1   Alpha                                                               1    2\n\
//! 310 2   Bravo                                                               3    4\n"
//!     .parse()?;
//! let alpha = &t.team_rounds(1)[0];
//! assert_eq!(alpha.opponent, Some(2));
//! assert_eq!(alpha.kind, MatchKind::Won);
//! assert_eq!(alpha.game_points, Points::from_halves(3));
//! assert_eq!(alpha.match_points, Points::from_tenths(20));
//! # Ok::<(), trf::TrfError>(())
//! ```

use crate::record::{Colour, Header, LineUp, Record, ResultCode, RoundEntry};
use crate::{Points, Tournament};

/// A team and its players in board order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRoster {
    /// Team number: `310` columns 5-7, or the position of the `013` line (from 1).
    pub number: u16,
    /// Team name.
    pub name: String,
    /// Pairing numbers of the players, board 1 first.
    pub players: Vec<u16>,
}

/// Match points of a team match (`362`; SJRP Spielordnung §10.2: 2 for a win, 1 for a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamScoring {
    /// `TW`: match won.
    pub win: Points,
    /// `TD`: match drawn.
    pub draw: Points,
    /// `TL`: match lost.
    pub loss: Points,
}

impl Default for TeamScoring {
    fn default() -> TeamScoring {
        TeamScoring {
            win: Points::from_tenths(20),
            draw: Points::ONE,
            loss: Points::ZERO,
        }
    }
}

/// How one team's round went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchKind {
    /// Played and won on board points.
    Won,
    /// Played, equal board points.
    Drawn,
    /// Played and lost on board points.
    Lost,
    /// The opponent team forfeited the match (`330 +-`, or every board won by forfeit).
    ForfeitWon,
    /// The team forfeited the match.
    ForfeitLost,
    /// Team pairing-allocated bye (`320`, or `U` on the boards).
    PairingAllocatedBye,
    /// Not paired (absent or requested bye).
    NotPaired,
}

impl MatchKind {
    /// The `299` result letter this kind is re-scored under.
    fn letter(self) -> char {
        match self {
            MatchKind::Won => 'W',
            MatchKind::Drawn => 'D',
            MatchKind::Lost => 'L',
            MatchKind::ForfeitWon => '+',
            MatchKind::ForfeitLost => '-',
            MatchKind::PairingAllocatedBye => 'U',
            MatchKind::NotPaired => 'Z',
        }
    }
}

/// One team's round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRound {
    /// Round, from 1.
    pub round: usize,
    /// The opponent team, if paired with one.
    pub opponent: Option<u16>,
    /// The team's colour: the colour of its highest board that was paired (`330`: the side named).
    pub colour: Option<Colour>,
    /// What happened.
    pub kind: MatchKind,
    /// The team's board entries in board order (the `300` line-up, else the `310` order;
    /// players without an entry for the round and empty boards are left out).
    pub boards: Vec<RoundEntry>,
    /// Board (game) points, after `299` adjustments.
    pub game_points: Points,
    /// Match points, after `299` adjustments.
    pub match_points: Points,
}

impl Tournament {
    /// The teams in number order: `310` records, else the `013` records numbered from 1.
    pub fn teams(&self) -> Vec<TeamRoster> {
        let mut teams: Vec<TeamRoster> = self
            .records()
            .filter_map(|r| match r {
                Record::Team(t) => Some(TeamRoster {
                    number: t.number,
                    name: t.name.clone(),
                    players: t.players.clone(),
                }),
                _ => None,
            })
            .collect();
        if teams.is_empty() {
            teams = self
                .records()
                .filter_map(|r| match r {
                    Record::LegacyTeam(t) => Some((t.name.clone(), t.players.clone())),
                    _ => None,
                })
                .zip(1u16..)
                .map(|((name, players), number)| TeamRoster {
                    number,
                    name,
                    players,
                })
                .collect();
        }
        teams.sort_by_key(|t| t.number);
        teams
    }

    /// The team a player belongs to.
    pub fn team_of(&self, player: u16) -> Option<u16> {
        self.teams()
            .into_iter()
            .find(|t| t.players.contains(&player))
            .map(|t| t.number)
    }

    /// The `300` line-up of `team` in `round` (from 1), if the file gives one (the first, when
    /// there are several: [`Tournament::validate`] reports the others).
    pub fn lineup(&self, round: usize, team: u16) -> Option<&LineUp> {
        self.records().find_map(|r| match r {
            Record::LineUp(l) if usize::from(l.round) == round && l.team == team => Some(l),
            _ => None,
        })
    }

    /// The players of `team` in `round`, board 1 first: the `300` line-up (`None` for an empty
    /// board), else the `310`/`013` order (C.04.6 and SJRP §10.8: the registered board order).
    pub fn board_order(&self, round: usize, team: u16) -> Vec<Option<u16>> {
        match self.lineup(round, team) {
            Some(l) => l.players.clone(),
            None => self
                .teams()
                .into_iter()
                .find(|t| t.number == team)
                .map(|t| t.players.into_iter().map(Some).collect())
                .unwrap_or_default(),
        }
    }

    /// Match points from `362` (defaults 2/1/0 for what it leaves out).
    pub fn team_scoring(&self) -> TeamScoring {
        let mut s = TeamScoring::default();
        for r in self.records() {
            if let Record::Header(Header::TeamScoring(pairs)) = r {
                for (code, v) in pairs {
                    match code.as_str() {
                        "TW" => s.win = *v,
                        "TD" => s.draw = *v,
                        "TL" => s.loss = *v,
                        _ => {}
                    }
                }
            }
        }
        s
    }

    /// Board colours of the first-named team from `352` (e.g. `WBWB`: board 1 white); `None`
    /// without a `352` record or with a letter other than `W`/`B`.
    pub fn board_colours(&self) -> Option<Vec<Colour>> {
        let text = self.header_text(352)?;
        text.trim()
            .chars()
            .map(|c| match c {
                'W' | 'w' => Some(Colour::White),
                'B' | 'b' => Some(Colour::Black),
                _ => None,
            })
            .collect()
    }

    /// Every team's `round` (from 1), in team number order. A bonus or penalty `299` without
    /// result type counts once: in its round, or in round 1 when it names all rounds.
    pub fn team_rounds(&self, round: usize) -> Vec<TeamRound> {
        let teams = self.teams();
        let team_of = |player: u16| {
            teams
                .iter()
                .find(|t| t.players.contains(&player))
                .map(|t| t.number)
        };
        let scoring = self.scoring();
        let team_scoring = self.team_scoring();
        let entries = |t: &TeamRoster| -> Vec<RoundEntry> {
            self.board_order(round, t.number)
                .into_iter()
                .flatten()
                .filter_map(|p| self.player(p).and_then(|p| p.round(round)).cloned())
                .collect()
        };
        let raw_points =
            |t: &TeamRoster| -> Points { entries(t).iter().map(|e| scoring.points(e)).sum() };
        let pab = self.records().find_map(|r| match r {
            Record::TeamPab(p) => Some(p),
            _ => None,
        });
        let pab_team = self.records().find_map(|r| match r {
            Record::TeamPab(p) => p.teams.get(round - 1).copied().flatten(),
            _ => None,
        });
        let forfeited = |team: u16| {
            self.records().find_map(|r| match r {
                Record::ForfeitedMatch(m) if usize::from(m.round) == round => {
                    if m.white == team {
                        Some((m.black, Colour::White, m.kind.starts_with('+')))
                    } else if m.black == team {
                        Some((m.white, Colour::Black, m.kind.ends_with('+')))
                    } else {
                        None
                    }
                }
                _ => None,
            })
        };
        teams
            .iter()
            .map(|t| {
                let boards = entries(t);
                let mut game_points = raw_points(t);
                let paired = boards.iter().find(|e| e.opponent.is_some());
                let (opponent, colour, kind) = if let Some((opp, colour, won)) = forfeited(t.number)
                {
                    let kind = if won {
                        MatchKind::ForfeitWon
                    } else {
                        MatchKind::ForfeitLost
                    };
                    (Some(opp), Some(colour), kind)
                } else if pab_team == Some(t.number) {
                    (None, None, MatchKind::PairingAllocatedBye)
                } else if let Some(e) = paired {
                    let opp = e.opponent.and_then(team_of);
                    let theirs = teams
                        .iter()
                        .find(|o| Some(o.number) == opp)
                        .map_or(Points::ZERO, raw_points);
                    let all_forfeit = boards
                        .iter()
                        .filter(|e| e.opponent.is_some())
                        .all(|e| !e.result.is_played());
                    let kind = match (game_points.cmp(&theirs), all_forfeit) {
                        (std::cmp::Ordering::Greater, true) => MatchKind::ForfeitWon,
                        (std::cmp::Ordering::Less, true) => MatchKind::ForfeitLost,
                        (std::cmp::Ordering::Greater, false) => MatchKind::Won,
                        (std::cmp::Ordering::Less, false) => MatchKind::Lost,
                        (std::cmp::Ordering::Equal, _) => MatchKind::Drawn,
                    };
                    (opp, e.colour, kind)
                } else if boards
                    .iter()
                    .any(|e| e.result == ResultCode::PairingAllocatedBye)
                {
                    (None, None, MatchKind::PairingAllocatedBye)
                } else {
                    (None, None, MatchKind::NotPaired)
                };
                let mut match_points = match kind {
                    MatchKind::Won | MatchKind::ForfeitWon | MatchKind::PairingAllocatedBye => {
                        team_scoring.win
                    }
                    MatchKind::Drawn => team_scoring.draw,
                    MatchKind::Lost | MatchKind::ForfeitLost | MatchKind::NotPaired => {
                        team_scoring.loss
                    }
                };
                if kind == MatchKind::PairingAllocatedBye
                    && let Some(p) = pab
                {
                    match_points = p.match_points.unwrap_or(match_points);
                    game_points = p.game_points.unwrap_or(game_points);
                }
                for r in self.records() {
                    let Record::AbnormalPoints(a) = r else {
                        continue;
                    };
                    let applies = (a.round == 0 || usize::from(a.round) == round)
                        && (a.players.is_empty() || a.players.contains(&t.number));
                    if !applies {
                        continue;
                    }
                    match a.kind {
                        Some(letter) if letter == kind.letter() => {
                            match_points = a.match_points.unwrap_or(match_points);
                            game_points = a.game_points.unwrap_or(game_points);
                        }
                        Some(_) => {}
                        None if a.round != 0 || round == 1 => {
                            match_points += a.match_points.unwrap_or(Points::ZERO);
                            game_points += a.game_points.unwrap_or(Points::ZERO);
                        }
                        None => {}
                    }
                }
                TeamRound {
                    round,
                    opponent,
                    colour,
                    kind,
                    boards,
                    game_points,
                    match_points,
                }
            })
            .collect()
    }
}
