//! Consistency checks of a tournament, as the reference pairing engines make them before
//! pairing: pairing numbers, round counts, symmetric pairings, and declared points.
//!
//! ```
//! use trf::Tournament;
//!
//! let t: Tournament = "\
//! 001    1      A                                                                  1.0    1     2 w 1
//! 001    2      B                                                                  1.0    2     1 b 0".parse()?;
//! let report = t.validate();
//! let error = report.errors().next().expect("player 2 claims a point");
//! assert_eq!((error.line, error.column), (2, 81));
//! # Ok::<(), trf::TrfError>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;

use laws::Article;

use crate::points::Points;
use crate::record::{AbnormalPoints, Player, Record, ResultCode};
use crate::tournament::Tournament;

/// How serious an [`Issue`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The file cannot be paired or rated as it stands (the engines reject it).
    Error,
    /// Suspicious but usable (the engines accept it).
    Warning,
}

/// One finding, at a line and column of the file, with the provision it rests on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// Error or warning.
    pub severity: Severity,
    /// 1-based line (0 for records not read from a file).
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The TRF provision or regulation violated.
    pub article: Article,
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(
            f,
            "line {}, column {}: {kind}: {} ({})",
            self.line, self.column, self.message, self.article
        )
    }
}

/// Result of [`Tournament::validate`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Report {
    /// All findings, in line order.
    pub issues: Vec<Issue>,
    /// Number of `001` records.
    pub players: usize,
    /// Rounds already paired ([`Tournament::rounds_played`]).
    pub rounds: usize,
    /// Players whose declared points were compared with their results.
    pub points_checked: usize,
    /// Teams (`310`, else `013`).
    pub teams: usize,
    /// `300` line-up records.
    pub lineups: usize,
}

impl Report {
    /// Findings of severity [`Severity::Error`].
    pub fn errors(&self) -> impl Iterator<Item = &Issue> {
        self.issues.iter().filter(|i| i.severity == Severity::Error)
    }

    /// Findings of severity [`Severity::Warning`].
    pub fn warnings(&self) -> impl Iterator<Item = &Issue> {
        self.issues
            .iter()
            .filter(|i| i.severity == Severity::Warning)
    }

    /// No errors (warnings allowed).
    pub fn is_valid(&self) -> bool {
        self.errors().next().is_none()
    }
}

const PAIRING_NUMBER: Article = Article::new("TRF-2026 001 cols 5-8");
const ROUND_BLOCK: Article = Article::new("TRF-2026 001 cols 92-99");
const POINTS: Article = Article::new("TRF-2026 001 cols 81-84");
const ROUNDS: Article = Article::new("TRF-2026 142 / XXR");
const INITIAL_COLOUR: Article = Article::new("TRF-2026 152 / XXC");
const PAB: Article = Article::new("TRF-2026 001 result U");
const GAME_POINTS: Article = Article::new("Art. 10.1");
const REFERENCE: Article = Article::new("TRF-2026 starting-rank references");
const LINEUP: Article = Article::new("TRF-2026 300");

/// Game points of a result code in half-points under 1-½-0 scoring (Art. 10.1).
fn game_halves(code: ResultCode) -> u8 {
    match code {
        ResultCode::Win | ResultCode::ForfeitWin | ResultCode::UnratedWin => 2,
        ResultCode::Draw | ResultCode::UnratedDraw => 1,
        _ => 0,
    }
}

fn round_column(round: usize) -> usize {
    92 + 10 * (round - 1)
}

/// Whether a `299` type letter names this result code.
fn abnormal_kind_matches(kind: char, code: ResultCode) -> bool {
    matches!(
        (kind, code),
        ('W', ResultCode::Win | ResultCode::UnratedWin)
            | ('D', ResultCode::Draw | ResultCode::UnratedDraw)
            | ('L', ResultCode::Loss | ResultCode::UnratedLoss)
            | ('F', ResultCode::FullPointBye)
            | ('H', ResultCode::HalfPointBye)
            | ('Z', ResultCode::ZeroPointBye | ResultCode::Blank)
            | ('+', ResultCode::ForfeitWin)
            | ('-', ResultCode::ForfeitLoss)
    )
}

fn applies(a: &AbnormalPoints, player: u16, round: usize) -> bool {
    (a.players.is_empty() || a.players.contains(&player))
        && (a.round == 0 || usize::from(a.round) == round)
}

impl Tournament {
    /// Checks the tournament like bbpPairings and JaVaFo do before pairing.
    ///
    /// Errors: duplicate or missing pairing numbers (they must run 1..=N), opponents that do
    /// not exist, pairings not mirrored by the opponent's line, both players with the same
    /// colour, more round blocks than `142`/`XXR` allow, and declared points (cols 81-84) that
    /// differ from the results under [`Tournament::scoring`] and `299` adjustments (only a
    /// warning in team tournaments, where member scores are informative).
    /// More than one pairing-allocated bye in a round of an individual tournament (the TRF allows
    /// at most one) is an error. Results of one game that add up to more than one point (both players won; Art. 10.1,
    /// laws case B-019) are errors too, although bbpPairings accepts them; 0-0 and ½-0 are
    /// allowed (Art. 10.2, 11.8). Warnings: a full point split between codes of different kinds
    /// (`1` against `-`), game results without an opponent, PABs with an opponent, references to unknown players in other records.
    /// `300` line-ups are errors when they name unknown teams, a team twice for a round, a
    /// round outside the tournament, players not of the team or twice, boards against another
    /// team than the one named, or leave out a player of the team who played that round.
    pub fn validate(&self) -> Report {
        let mut report = Report {
            players: self.players().count(),
            rounds: self.rounds_played(),
            teams: self.teams().len(),
            lineups: self
                .records()
                .filter(|r| matches!(r, Record::LineUp(_)))
                .count(),
            ..Report::default()
        };
        let issues = &mut report.issues;
        let mut issue = |severity, line, column, message: String, article| {
            issues.push(Issue {
                severity,
                line,
                column,
                message,
                article,
            })
        };

        let mut by_number: BTreeMap<u16, (usize, &Player)> = BTreeMap::new();
        for line in self.lines() {
            if let Record::Player(p) = &line.record
                && by_number.insert(p.number(), (line.number, p)).is_some()
            {
                issue(
                    Severity::Error,
                    line.number,
                    5,
                    format!("pairing number {} is used twice", p.number()),
                    PAIRING_NUMBER,
                );
            }
        }
        for (expected, (&n, &(line, _))) in (1u16..).zip(&by_number) {
            if n != expected {
                issue(
                    Severity::Error,
                    line,
                    5,
                    format!(
                        "pairing number {expected} is missing (numbers must run 1 to N without gaps)"
                    ),
                    PAIRING_NUMBER,
                );
                break;
            }
        }

        let total = self.total_rounds();
        let played = self.rounds_played();
        let scoring = self.scoring();
        let points_severity = if self.is_team_tournament() {
            Severity::Warning
        } else {
            Severity::Error
        };
        let abnormal: Vec<&AbnormalPoints> = self
            .records()
            .filter_map(|r| match r {
                Record::AbnormalPoints(a) => Some(a),
                _ => None,
            })
            .collect();

        for (&n, &(line, p)) in &by_number {
            if let Some(total) = total.and_then(|t| usize::try_from(t).ok())
                && p.rounds.len() > total
            {
                issue(
                    Severity::Error,
                    line,
                    round_column(total + 1),
                    format!(
                        "player {n} has {} rounds but the tournament has {total}",
                        p.rounds.len()
                    ),
                    ROUNDS,
                );
            }
            for (i, e) in p.rounds.iter().enumerate() {
                let round = i + 1;
                let col = round_column(round);
                let Some(q) = e.opponent else {
                    if e.result.is_played() {
                        issue(
                            Severity::Warning,
                            line,
                            col + 7,
                            format!("round {round}: player {n} has a game result but no opponent"),
                            ROUND_BLOCK,
                        );
                    }
                    continue;
                };
                if e.result.mirrored().is_none() {
                    issue(
                        Severity::Warning,
                        line,
                        col + 7,
                        format!(
                            "round {round}: player {n} has a bye code ({}) and an opponent",
                            e.result.as_char()
                        ),
                        ROUND_BLOCK,
                    );
                }
                if q == n {
                    issue(
                        Severity::Error,
                        line,
                        col,
                        format!("round {round}: player {n} is paired with itself"),
                        ROUND_BLOCK,
                    );
                    continue;
                }
                let Some(&(_, opponent)) = by_number.get(&q) else {
                    issue(
                        Severity::Error,
                        line,
                        col,
                        format!("round {round}: opponent {q} of player {n} does not exist"),
                        ROUND_BLOCK,
                    );
                    continue;
                };
                let Some(back) = opponent.round(round).filter(|b| b.opponent == Some(n)) else {
                    issue(
                        Severity::Error,
                        line,
                        col,
                        format!(
                            "round {round}: player {n} is paired with {q}, but player {q}'s round {round} is not against {n}"
                        ),
                        ROUND_BLOCK,
                    );
                    continue;
                };
                if n < q {
                    if e.colour.is_some() && e.colour == back.colour {
                        issue(
                            Severity::Error,
                            line,
                            col + 5,
                            format!("round {round}: players {n} and {q} both have the same colour"),
                            ROUND_BLOCK,
                        );
                    }
                    let total = game_halves(e.result) + game_halves(back.result);
                    if total > 2 {
                        issue(
                            Severity::Error,
                            line,
                            col + 7,
                            format!(
                                "round {round}: results of {n} ({}) and {q} ({}) give more than one point for one game",
                                e.result.as_char(),
                                back.result.as_char()
                            ),
                            GAME_POINTS,
                        );
                    } else if e.result.mirrored() != Some(back.result) && total == 2 {
                        issue(
                            Severity::Warning,
                            line,
                            col + 7,
                            format!(
                                "round {round}: results of {n} ({}) and {q} ({}) are of different kinds",
                                e.result.as_char(),
                                back.result.as_char()
                            ),
                            ROUND_BLOCK,
                        );
                    }
                }
            }

            let Some(declared) = p.points else { continue };
            report.points_checked += 1;
            let score = |rounds: usize| -> Points {
                let mut sum = Points::ZERO;
                for (i, e) in p.rounds.iter().take(rounds).enumerate() {
                    let override_value = abnormal.iter().find_map(|a| {
                        a.kind
                            .filter(|&k| abnormal_kind_matches(k, e.result) && applies(a, n, i + 1))
                            .and(a.game_points)
                    });
                    sum += override_value.unwrap_or_else(|| scoring.points(e));
                }
                for a in &abnormal {
                    if a.kind.is_none() && (a.players.is_empty() || a.players.contains(&n)) {
                        sum += a.game_points.unwrap_or_default();
                    }
                }
                sum
            };
            let computed = score(played);
            if computed != declared && score(p.rounds.len()) != declared {
                issue(
                    points_severity,
                    line,
                    81,
                    format!("player {n} has {declared} points but the results give {computed}"),
                    POINTS,
                );
            }
        }

        if !self.is_team_tournament() {
            let mut pab_rounds: BTreeMap<usize, u16> = BTreeMap::new();
            for (&n, &(line, p)) in &by_number {
                for (i, e) in p.rounds.iter().enumerate() {
                    if e.result == ResultCode::PairingAllocatedBye
                        && let Some(first) = pab_rounds.insert(i + 1, n)
                    {
                        issue(
                            Severity::Error,
                            line,
                            round_column(i + 1) + 7,
                            format!(
                                "round {}: players {first} and {n} both have the pairing-allocated bye",
                                i + 1
                            ),
                            PAB,
                        );
                    }
                }
            }
        }

        for line in self.lines() {
            let disagreement = match &line.record {
                Record::TotalRounds(n) if total.is_some_and(|t| t != *n) => Some((
                    format!("XXR {n} disagrees with 142 (the number of rounds used)"),
                    ROUNDS,
                )),
                Record::PairingOptions(o)
                    if o.initial_colour.is_some()
                        && self.initial_colour().is_some()
                        && o.initial_colour != self.initial_colour() =>
                {
                    Some((
                        "XXC colour disagrees with 152 (the colour used)".to_string(),
                        INITIAL_COLOUR,
                    ))
                }
                _ => None,
            };
            if let Some((message, article)) = disagreement {
                issue(Severity::Warning, line.number, 5, message, article);
            }
        }

        for line in self.lines() {
            let ids: Vec<u16> = match &line.record {
                Record::Bye(b) => b.players.clone(),
                Record::Prohibited(p) => p.players.clone(),
                Record::ForbiddenPairs(ids) | Record::Absent(ids) => ids.clone(),
                Record::PlayerAcceleration(a) => vec![a.player],
                Record::LegacyTeam(t) => t.players.clone(),
                Record::Team(t) => t.players.clone(),
                Record::AbnormalPoints(a)
                    if self
                        .records()
                        .all(|r| !matches!(r, Record::Team(_) | Record::LegacyTeam(_))) =>
                {
                    a.players.clone()
                }
                _ => continue,
            };
            if let Some(unknown) = ids.iter().find(|id| !by_number.contains_key(id)) {
                issue(
                    Severity::Warning,
                    line.number,
                    1,
                    format!("refers to player {unknown}, who has no 001 record"),
                    REFERENCE,
                );
            }
        }
        self.check_lineups(&mut report.issues);
        report.issues.sort_by_key(|i| (i.line, i.column));
        report
    }

    /// The `300` line-ups: teams that exist and differ, one line-up per team and round, a
    /// round within the tournament, players of the team once each, and, in rounds played,
    /// boards against the named opponent and every paired player of the team on a board.
    fn check_lineups(&self, issues: &mut Vec<Issue>) {
        let teams = self.teams();
        let members = |n: u16| teams.iter().find(|t| t.number == n).map(|t| &t.players);
        let total = self.total_rounds().map(|n| n as usize);
        let played = self.rounds_played();
        let mut seen: Vec<(u16, u16)> = Vec::new();
        let mut error = |line, column, message: String| {
            issues.push(Issue {
                severity: Severity::Error,
                line,
                column,
                message,
                article: LINEUP,
            })
        };
        for line in self.lines() {
            let Record::LineUp(l) = &line.record else {
                continue;
            };
            let n = line.number;
            let round = usize::from(l.round);
            if round == 0 || total.is_some_and(|t| round > t) {
                error(
                    n,
                    5,
                    format!("round {round} is not a round of the tournament"),
                );
                continue;
            }
            if seen.contains(&(l.round, l.team)) {
                error(
                    n,
                    5,
                    format!("a second line-up of team {} in round {round}", l.team),
                );
            }
            seen.push((l.round, l.team));
            let (Some(own), Some(theirs)) = (members(l.team), members(l.opponent)) else {
                let unknown = if members(l.team).is_none() {
                    (9, l.team)
                } else {
                    (13, l.opponent)
                };
                error(
                    n,
                    unknown.0,
                    format!("team {} has no 310 or 013 record", unknown.1),
                );
                continue;
            };
            if l.team == l.opponent {
                error(n, 13, format!("team {} cannot meet itself", l.team));
            }
            for (i, p) in l.players.iter().enumerate() {
                let Some(p) = *p else { continue };
                let column = 17 + 5 * i;
                if !own.contains(&p) {
                    error(
                        n,
                        column,
                        format!("player {p} is not a member of team {}", l.team),
                    );
                } else if l.players[..i].contains(&Some(p)) {
                    error(n, column, format!("player {p} is on two boards"));
                } else if round <= played
                    && let Some(o) = self
                        .player(p)
                        .and_then(|x| x.round(round))
                        .and_then(|e| e.opponent)
                    && !theirs.contains(&o)
                {
                    error(
                        n,
                        column,
                        format!(
                            "player {p} met player {o} in round {round}, who does not play for team {}",
                            l.opponent
                        ),
                    );
                }
            }
            if round <= played {
                let missing = own.iter().find(|&&p| {
                    !l.players.contains(&Some(p))
                        && self
                            .player(p)
                            .and_then(|x| x.round(round))
                            .is_some_and(|e| e.opponent.is_some())
                });
                if let Some(p) = missing {
                    error(
                        n,
                        17,
                        format!(
                            "player {p} of team {} played in round {round} but is on no board",
                            l.team
                        ),
                    );
                }
            }
        }
    }
}
