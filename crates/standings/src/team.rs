//! Team standings: matches with their board results, the team criteria of the SJRP
//! Spielordnung (§10.5 Swiss, §10.6 round robin), the DSJ Jugendspielordnung (5.3, 5.4) and
//! FIDE C.07 (Arts. 11-13), and the best player on each board.
//!
//! A team's [`Encounter`] is one round: the match result (an [`Outcome`] of the match, e.g.
//! [`Outcome::ForfeitWin`] for a forfeited match, [`Outcome::PairingBye`] for a team bye), its
//! board points and match points (SJRP §10.2: 2 for a win, 1 for a draw) and the boards.
//! [`rank`] orders the teams by a list of [`Criterion`]s; the direct encounter is computed
//! inside each group still tied, as C.07 Art. 6 asks.
//!
//! ```
//! use standings::team::{rank, parse_criteria, Board, Encounter, Team};
//! use standings::{Outcome, Points};
//!
//! let half = Points::from_half_points;
//! let board = |player, outcome| Board { player, outcome };
//! let alpha = Team {
//!     number: 1,
//!     name: "Alpha".into(),
//!     encounters: vec![Encounter {
//!         round: 1,
//!         opponent: Some(2),
//!         result: Outcome::Win,
//!         board_points: half(3),
//!         match_points: half(4),
//!         boards: vec![board(1, Outcome::Win), board(2, Outcome::Draw)],
//!     }],
//! };
//! let bravo = Team {
//!     number: 2,
//!     name: "Bravo".into(),
//!     encounters: vec![Encounter {
//!         round: 1,
//!         opponent: Some(1),
//!         result: Outcome::Loss,
//!         board_points: half(1),
//!         match_points: half(0),
//!         boards: vec![board(3, Outcome::Loss), board(4, Outcome::Draw)],
//!     }],
//! };
//! let criteria = parse_criteria("MP,BP,BH/C1,SW,DE")?;
//! let table = rank(&[alpha, bravo], &criteria);
//! assert_eq!(table[0].number, 1);
//! assert_eq!(table[0].values[1].to_string(), "1.50");
//! # Ok::<(), standings::team::ParseCriterionError>(())
//! ```

pub mod crosstable;

use std::cmp::Reverse;
use std::fmt;
use std::str::FromStr;

use laws::Article;

use crate::rating::{Fixed, Hundredths};
use crate::score::{Outcome, Points};
use crate::tiebreak::team::{TeamMatch, berliner_wertung, olympiad_sb};

/// One board of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// The player's pairing number.
    pub player: u16,
    /// The player's result.
    pub outcome: Outcome,
}

/// One round of a team.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encounter {
    /// Round, from 1.
    pub round: usize,
    /// The opponent team's number; `None` for a bye or an absence.
    pub opponent: Option<u16>,
    /// The match result: `Win`/`Draw`/`Loss` played, `ForfeitWin`/`ForfeitLoss` a forfeited
    /// match, `PairingBye` the team bye, `ZeroPointBye` absent.
    pub result: Outcome,
    /// Board points.
    pub board_points: Points,
    /// Match points.
    pub match_points: Points,
    /// The boards in board order.
    pub boards: Vec<Board>,
}

/// A team with its rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    /// Team number.
    pub number: u16,
    /// Team name.
    pub name: String,
    /// Its rounds in order.
    pub encounters: Vec<Encounter>,
}

impl Team {
    /// Match points in total.
    pub fn match_points(&self) -> Points {
        self.encounters.iter().map(|e| e.match_points).sum()
    }

    /// Board points in total.
    pub fn board_points(&self) -> Points {
        self.encounters.iter().map(|e| e.board_points).sum()
    }
}

/// A team criterion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Criterion {
    /// `MP`: match points (SJRP §10.2, C.07 Art. 11).
    MatchPoints,
    /// `BP`: board points (SJRP §10.5 Nr. 1, C.07 Art. 11 GP).
    BoardPoints,
    /// `BH`, `BH:MP`, `BH/C1`: the opponents' match points (C.07 Art. 8 for teams); a round
    /// without opponent counts the team's own match points; `/C1` cuts the lowest value
    /// (SJRP §10.5 Nr. 2).
    Buchholz {
        /// Values cut from the bottom.
        cut: usize,
    },
    /// `SB`: Σ over played matches of the opponent's match points × own match points in the
    /// match (C.07 Art. 13.2, EMMSB; SJRP §10.6 Nr. 2).
    SonnebornBerger,
    /// `OSB`: Olympiade-SB, opponent's match points × own board points (C.07 Art. 13.2.2,
    /// DSJ JSpO 5.3 Nr. 1).
    OlympiadSb,
    /// `SW`: matches won, forfeited matches included (SJRP §10.5 Nr. 3, DSJ 5.3 Nr. 5).
    MatchesWon,
    /// `DE`: match points in the matches among the tied teams, when all of them met
    /// (C.07 Art. 6; SJRP §10.5 Nr. 4).
    DirectEncounter,
    /// The Berliner Wertung of the matches among the tied teams, the second half of `DE+BW`
    /// (DSJ JSpO 5.3 Nr. 3).
    DirectBerliner,
    /// `BW`: Berliner Wertung of all matches (DSJ JSpO 5.3 Nr. 6).
    Berliner,
}

impl Criterion {
    /// The code as written in a preset.
    pub fn code(self) -> String {
        match self {
            Criterion::MatchPoints => "MP".into(),
            Criterion::BoardPoints => "BP".into(),
            Criterion::Buchholz { cut: 0 } => "BH:MP".into(),
            Criterion::Buchholz { cut } => format!("BH/C{cut}"),
            Criterion::SonnebornBerger => "SB".into(),
            Criterion::OlympiadSb => "OSB".into(),
            Criterion::MatchesWon => "SW".into(),
            Criterion::DirectEncounter => "DE".into(),
            Criterion::DirectBerliner => "DE:BW".into(),
            Criterion::Berliner => "BW".into(),
        }
    }

    /// The provision that defines it.
    pub fn article(self) -> Article {
        Article::new(match self {
            Criterion::MatchPoints | Criterion::BoardPoints => "C.07 Art. 11",
            Criterion::Buchholz { .. } => "C.07 Art. 8",
            Criterion::SonnebornBerger | Criterion::OlympiadSb => "C.07 Art. 13.2",
            Criterion::MatchesWon => "C.07 Art. 7",
            Criterion::DirectEncounter => "C.07 Art. 6",
            Criterion::DirectBerliner | Criterion::Berliner => "DSJ JSpO 5.3",
        })
    }
}

impl fmt::Display for Criterion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

/// An unknown team criterion code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseCriterionError(pub String);

impl fmt::Display for ParseCriterionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown team tie-break `{}` (MP, BP, BH, BH:MP, BH/C1, SB, OSB, SW, DE, DE+BW, BW)",
            self.0
        )
    }
}

impl std::error::Error for ParseCriterionError {}

impl FromStr for Criterion {
    type Err = ParseCriterionError;

    fn from_str(s: &str) -> Result<Criterion, ParseCriterionError> {
        let code = s.trim().to_ascii_uppercase();
        Ok(match code.as_str() {
            "MP" => Criterion::MatchPoints,
            "BP" | "GP" => Criterion::BoardPoints,
            "BH" | "BH:MP" => Criterion::Buchholz { cut: 0 },
            "SB" => Criterion::SonnebornBerger,
            "OSB" => Criterion::OlympiadSb,
            "SW" | "WIN" => Criterion::MatchesWon,
            "DE" => Criterion::DirectEncounter,
            "DE:BW" => Criterion::DirectBerliner,
            "BW" => Criterion::Berliner,
            _ => match code.strip_prefix("BH/C").map(str::parse) {
                Some(Ok(cut)) => Criterion::Buchholz { cut },
                _ => return Err(ParseCriterionError(s.trim().to_string())),
            },
        })
    }
}

/// Reads a comma-separated list of team criteria; `DE+BW` stands for `DE` then `DE:BW`.
pub fn parse_criteria(list: &str) -> Result<Vec<Criterion>, ParseCriterionError> {
    let mut out = Vec::new();
    for code in list.split(',').filter(|c| !c.trim().is_empty()) {
        if code.trim().eq_ignore_ascii_case("DE+BW") {
            out.extend([Criterion::DirectEncounter, Criterion::DirectBerliner]);
        } else {
            out.push(code.parse()?);
        }
    }
    Ok(out)
}

/// One line of the team standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Rank from 1; tied teams share it.
    pub rank: usize,
    /// Still tied with another team after the last criterion (SJRP §10.5 Nr. 5: blitz decider).
    pub tied: bool,
    /// Team number.
    pub number: u16,
    /// Team name.
    pub name: String,
    /// The value of every criterion, in order.
    pub values: Vec<Hundredths>,
}

fn whole(p: Points) -> Hundredths {
    Hundredths::from_points(p)
}

/// Whether the match was won for `SW` (over the board or by forfeit).
fn won(e: &Encounter) -> bool {
    matches!(e.result, Outcome::Win | Outcome::ForfeitWin)
}

/// Ranks the teams by `criteria` (highest first, team number last).
pub fn rank(teams: &[Team], criteria: &[Criterion]) -> Vec<Row> {
    let mp = |n: u16| {
        teams
            .iter()
            .find(|t| t.number == n)
            .map_or(Points::ZERO, Team::match_points)
    };
    let value = |t: &Team, c: Criterion, group: &[u16]| -> Hundredths {
        let among = || {
            t.encounters
                .iter()
                .filter(move |e| e.opponent.is_some_and(|o| group.contains(&o)))
        };
        match c {
            Criterion::MatchPoints => whole(t.match_points()),
            Criterion::BoardPoints => whole(t.board_points()),
            Criterion::Buchholz { cut } => {
                let mut v: Vec<Hundredths> = t
                    .encounters
                    .iter()
                    .map(|e| whole(e.opponent.map_or(t.match_points(), mp)))
                    .collect();
                v.sort_unstable();
                Fixed(v.iter().skip(cut).map(|h| h.0).sum())
            }
            Criterion::SonnebornBerger => Fixed(
                t.encounters
                    .iter()
                    .filter(|e| e.result.is_played())
                    .filter_map(|e| {
                        let o = i64::from(mp(e.opponent?).half_points());
                        Some(o * i64::from(e.match_points.half_points()) * 25)
                    })
                    .sum(),
            ),
            Criterion::OlympiadSb => olympiad_sb(
                &t.encounters
                    .iter()
                    .filter_map(|e| {
                        Some(TeamMatch {
                            opponent_match_points: mp(e.opponent?),
                            board_points: e.board_points,
                        })
                    })
                    .collect::<Vec<_>>(),
            ),
            Criterion::MatchesWon => {
                Hundredths::from_whole(t.encounters.iter().filter(|e| won(e)).count() as i64)
            }
            Criterion::DirectEncounter => {
                if everyone_met(teams, group) {
                    whole(among().map(|e| e.match_points).sum())
                } else {
                    Fixed(0)
                }
            }
            Criterion::DirectBerliner => {
                if everyone_met(teams, group) {
                    whole(among().map(|e| berliner(&e.boards)).sum())
                } else {
                    Fixed(0)
                }
            }
            Criterion::Berliner => whole(t.encounters.iter().map(|e| berliner(&e.boards)).sum()),
        }
    };
    // Groups of teams tied so far, split criterion by criterion.
    let mut order: Vec<&Team> = teams.iter().collect();
    order.sort_by_key(|t| t.number);
    let mut groups: Vec<Vec<&Team>> = vec![order];
    let mut values: Vec<(u16, Vec<Hundredths>)> =
        teams.iter().map(|t| (t.number, Vec::new())).collect();
    for &c in criteria {
        let mut next = Vec::new();
        for group in groups {
            let numbers: Vec<u16> = group.iter().map(|t| t.number).collect();
            let mut scored: Vec<(Hundredths, &Team)> =
                group.iter().map(|&t| (value(t, c, &numbers), t)).collect();
            scored.sort_by_key(|&(v, t)| (Reverse(v), t.number));
            for &(v, t) in &scored {
                if let Some(row) = values.iter_mut().find(|(n, _)| *n == t.number) {
                    row.1.push(v);
                }
            }
            let mut start = 0;
            for i in 1..=scored.len() {
                if i == scored.len() || scored[i].0 != scored[start].0 {
                    next.push(scored[start..i].iter().map(|&(_, t)| t).collect());
                    start = i;
                }
            }
        }
        groups = next;
    }
    let mut rows = Vec::new();
    for group in &groups {
        let rank = rows.len() + 1;
        for t in group {
            rows.push(Row {
                rank,
                tied: group.len() > 1,
                number: t.number,
                name: t.name.clone(),
                values: values
                    .iter()
                    .find(|(n, _)| *n == t.number)
                    .map(|(_, v)| v.clone())
                    .unwrap_or_default(),
            });
        }
    }
    rows
}

fn berliner(boards: &[Board]) -> Points {
    berliner_wertung(&boards.iter().map(|b| b.outcome).collect::<Vec<_>>())
}

/// Whether every two teams of `group` met (C.07 Art. 6.1: DE needs all tied to have met).
fn everyone_met(teams: &[Team], group: &[u16]) -> bool {
    group.iter().all(|&a| {
        teams.iter().filter(|t| t.number == a).all(|t| {
            group.iter().filter(|&&b| b != a).all(|&b| {
                t.encounters
                    .iter()
                    .any(|e| e.opponent == Some(b) && e.result.is_played())
            })
        })
    })
}

/// The best player of one board (board-by-board statistics).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardLeader {
    /// Board number, from 1.
    pub board: usize,
    /// The player's pairing number.
    pub player: u16,
    /// The player's team.
    pub team: u16,
    /// Points on this board (wins and draws over the board, forfeit wins).
    pub points: Points,
    /// Games on this board, forfeits included.
    pub games: usize,
}

/// The best player of every board: most points on that board, then the fewer games (the
/// higher percentage), then the lower pairing number. Byes and absences are no games, nor
/// are boards without a player (player 0: an empty board, or a board the caller leaves out).
pub fn board_leaders(teams: &[Team]) -> Vec<BoardLeader> {
    let mut tally: Vec<BoardLeader> = Vec::new();
    for t in teams {
        for e in t.encounters.iter().filter(|e| e.opponent.is_some()) {
            for (i, b) in e.boards.iter().enumerate().filter(|(_, b)| b.player != 0) {
                let points = match b.outcome {
                    Outcome::Win | Outcome::ForfeitWin => Points::ONE,
                    Outcome::Draw => Points::HALF,
                    _ => Points::ZERO,
                };
                let board = i + 1;
                match tally
                    .iter_mut()
                    .find(|l| l.board == board && l.player == b.player)
                {
                    Some(l) => {
                        l.points += points;
                        l.games += 1;
                    }
                    None => tally.push(BoardLeader {
                        board,
                        player: b.player,
                        team: t.number,
                        points,
                        games: 1,
                    }),
                }
            }
        }
    }
    tally.sort_by_key(|l| (l.board, Reverse(l.points), l.games, l.player));
    tally.dedup_by_key(|l| l.board);
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::*;

    fn half(n: u32) -> Points {
        Points::from_half_points(n)
    }

    /// A match of two-board teams: `own` and `theirs` are the board outcomes.
    fn meet(round: usize, a: u16, b: u16, own: [Outcome; 2]) -> (Encounter, Encounter) {
        let flip = |o: Outcome| match o {
            Win => Loss,
            Loss => Win,
            ForfeitWin => ForfeitLoss,
            ForfeitLoss => ForfeitWin,
            x => x,
        };
        let pts = |o: [Outcome; 2]| -> Points {
            o.iter()
                .map(|x| match x {
                    Win | ForfeitWin => half(2),
                    Draw => half(1),
                    _ => half(0),
                })
                .sum()
        };
        let theirs = own.map(flip);
        let (pa, pb) = (pts(own), pts(theirs));
        let result = |x: Points, y: Points| crate::score::match_outcome(x, y);
        let mp = |o: Outcome| match o {
            Win => half(4),
            Draw => half(2),
            _ => half(0),
        };
        let enc = |team: u16, opp: u16, o: [Outcome; 2], p: Points, q: Points| Encounter {
            round,
            opponent: Some(opp),
            result: result(p, q),
            board_points: p,
            match_points: mp(result(p, q)),
            boards: vec![
                Board {
                    player: team * 10 + 1,
                    outcome: o[0],
                },
                Board {
                    player: team * 10 + 2,
                    outcome: o[1],
                },
            ],
        };
        (enc(a, b, own, pa, pb), enc(b, a, theirs, pb, pa))
    }

    /// Four teams, three rounds (a round robin):
    /// R1: 1-2 2:0, 3-4 1:1 (D, D). R2: 1-3 1:1 (W, L), 2-4 0:2.
    /// R3: 1-4 1.5:0.5 (W, D), 2-3 1:1 (D, D).
    fn field() -> Vec<Team> {
        let mut enc: Vec<Vec<Encounter>> = vec![Vec::new(); 4];
        for (round, a, b, own) in [
            (1, 1, 2, [Win, Win]),
            (1, 3, 4, [Draw, Draw]),
            (2, 1, 3, [Win, Loss]),
            (2, 2, 4, [Loss, Loss]),
            (3, 1, 4, [Win, Draw]),
            (3, 2, 3, [Draw, Draw]),
        ] {
            let (x, y) = meet(round, a, b, own);
            enc[usize::from(a) - 1].push(x);
            enc[usize::from(b) - 1].push(y);
        }
        for e in &mut enc {
            e.sort_by_key(|e| e.round);
        }
        enc.into_iter()
            .zip(1u16..)
            .map(|(encounters, number)| Team {
                number,
                name: format!("T{number}"),
                encounters,
            })
            .collect()
    }

    #[test]
    fn totals_by_hand() {
        let t = field();
        // T1: W 2:0, D 1:1, W 1.5:0.5 → MP 5, BP 4.5. T2: L, L, D → MP 1, BP 1.
        // T3: D, D, D → MP 3, BP 3. T4: D, W, L → MP 3, BP 3.5.
        let mp: Vec<u32> = t.iter().map(|t| t.match_points().half_points()).collect();
        let bp: Vec<u32> = t.iter().map(|t| t.board_points().half_points()).collect();
        assert_eq!(mp, [10, 2, 6, 6]);
        assert_eq!(bp, [9, 2, 6, 7]);
    }

    /// SJRP §10.6 order: MP, BP, SB, SW, DE. T3 and T4 tie on MP (3); BP splits them.
    #[test]
    fn r_044_sjrp_round_robin_ranking_by_hand() {
        let t = field();
        let rows = rank(&t, &parse_criteria("MP,BP,SB,SW,DE").unwrap());
        let order: Vec<u16> = rows.iter().map(|r| r.number).collect();
        assert_eq!(order, [1, 4, 3, 2]);
        // SB = Σ opponent MP × own MP: T1 = 1·2 + 3·1 + 3·2 = 11.
        assert_eq!(rows[0].values[2], Fixed(1100));
        assert!(rows.iter().all(|r| !r.tied));
    }

    /// SJRP §10.5: MP, BP, BH/C1, SW, DE. Make T3 and T4 equal on BP by a changed board
    /// result; then BH/C1 decides: T3 met 4,1,2 (MP 3,5,1 → cut 1: 8), T4 met 3,2,1 (3,1,5: 8);
    /// SW: T3 0, T4 1 → T4 ahead.
    #[test]
    fn r_043_sjrp_swiss_ranking_by_hand() {
        let mut t = field();
        // T4's round-3 draw on board 2 becomes a loss, and T1 gets the point: T4 BP 3.
        t[3].encounters[2].boards[1].outcome = Loss;
        t[3].encounters[2].board_points = half(0);
        t[0].encounters[2].board_points = half(4);
        let rows = rank(&t, &parse_criteria("MP,BP,BH/C1,SW,DE").unwrap());
        let order: Vec<u16> = rows.iter().map(|r| r.number).collect();
        assert_eq!(order, [1, 4, 3, 2]);
        assert_eq!(rows[1].values[1], rows[2].values[1]);
        assert_eq!(rows[1].values[2], Fixed(800));
        assert_eq!(rows[2].values[2], Fixed(800));
        assert_eq!(
            (rows[1].values[3], rows[2].values[3]),
            (Fixed(100), Fixed(0))
        );
    }

    #[test]
    fn direct_encounter_and_berliner_inside_the_tie() {
        let t = field();
        // Only T3 and T4 on MP: their match was 1:1 (D, D) → DE 1 each, DE:BW 1.5 each; still tied.
        let rows = rank(&t, &parse_criteria("MP,DE+BW").unwrap());
        let tied: Vec<_> = rows.iter().filter(|r| r.tied).map(|r| r.number).collect();
        assert_eq!(tied, [3, 4]);
        assert_eq!(rows[1].values[1], Fixed(100));
        assert_eq!(rows[1].values[2], Fixed(150));
        // BW over all matches (weights 2, 1): T4 = 1.5 (R1 D,D) + 3 (R2 W,W) + 0.5 (R3 L,D) = 5;
        // T3 = 1.5 (D,D) + 1 (L,W) + 1.5 (D,D) = 4.
        let rows = rank(&t, &parse_criteria("MP,BW").unwrap());
        assert_eq!((rows[1].number, rows[1].values[1]), (4, Fixed(500)));
        assert_eq!((rows[2].number, rows[2].values[1]), (3, Fixed(400)));
    }

    #[test]
    fn dsj_olympiad_sb_by_hand() {
        let t = field();
        // OSB T1 = 1·2 (T2) + 3·1 (T3) + 3·1.5 (T4) = 9.5; T3 = 3·1 + 5·1 + 1·1 = 9.
        let rows = rank(&t, &parse_criteria("OSB").unwrap());
        assert_eq!((rows[0].number, rows[1].number), (1, 3));
        assert_eq!(rows[0].values[0].to_string(), "9.50");
    }

    #[test]
    fn best_player_per_board() {
        let leaders = board_leaders(&field());
        // Board 1: player 11 (T1) won all three. Board 2: 32 (T3: D, W, D) and 42 (T4: D, W, D)
        // have 2 of 3; the lower number is listed. 12 (T1: W, L, D) has 1.5.
        assert_eq!(
            (leaders[0].board, leaders[0].player, leaders[0].games),
            (1, 11, 3)
        );
        assert_eq!(leaders[0].points, half(6));
        assert_eq!((leaders[1].player, leaders[1].points), (32, half(4)));
    }

    #[test]
    fn criteria_codes() {
        let c = parse_criteria("MP,OSB,BP,DE+BW,BH:MP,SW,BW").unwrap();
        let codes: Vec<String> = c.iter().map(|c| c.code()).collect();
        assert_eq!(
            codes,
            ["MP", "OSB", "BP", "DE", "DE:BW", "BH:MP", "SW", "BW"]
        );
        assert_eq!("bh/c1".parse(), Ok(Criterion::Buchholz { cut: 1 }));
        assert!(parse_criteria("MP,XX").is_err());
        assert_eq!(
            Criterion::DirectEncounter.article(),
            Article::new("C.07 Art. 6")
        );
    }
}
