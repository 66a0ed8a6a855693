//! Team crosstables: every team's matches with the match result and the board points of both
//! sides, as a round-robin grid (team against team) or a Swiss table (round by round).
//!
//! The rows come in the order given (usually the order of [`rank`](super::rank)); a team's
//! cell against another shows its own board points first (`3:1`), a forfeited match `+`/`-`
//! with the board points awarded (SJRP Spielordnung §10.2, C.04.6 game points), a team bye
//! `bye`. The match points of a cell follow from its [`Outcome`].
//!
//! ```
//! use standings::team::crosstable::{Crosstable, Form};
//! use standings::team::{Encounter, Team};
//! use standings::{Outcome, Points};
//!
//! let half = Points::from_half_points;
//! let enc = |opponent, result, bp| Encounter {
//!     round: 1,
//!     opponent: Some(opponent),
//!     result,
//!     board_points: half(bp),
//!     match_points: half(if result == Outcome::Win { 4 } else { 0 }),
//!     boards: Vec::new(),
//! };
//! let teams = [
//!     Team { number: 1, name: "Alpha".into(), encounters: vec![enc(2, Outcome::Win, 5)] },
//!     Team { number: 2, name: "Bravo".into(), encounters: vec![enc(1, Outcome::Loss, 3)] },
//! ];
//! let table = Crosstable::new(&teams, &[1, 2], Form::RoundRobin);
//! assert_eq!(table.lines[0].cells[1][0].to_string(), "2.5:1.5");
//! assert_eq!(table.lines[1].cells[0][0].to_string(), "1.5:2.5");
//! assert!(table.lines[0].cells[0].is_empty());
//! assert!(table.to_text().contains("Alpha"));
//! ```

use std::fmt;

use super::Team;
use crate::score::{Outcome, Points};

/// The layout of a crosstable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// One column per team, in row order (C.05 round robin; SJRP §10.6): the cell of row A
    /// and column B lists A's matches against B (two in a double round robin).
    RoundRobin,
    /// One column per round (Swiss, C.04.6; SJRP §10.5): the cell names the opponent by its
    /// row number.
    Swiss,
}

/// One match of a team, seen from that team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// Round, from 1.
    pub round: usize,
    /// The opponent team's number; `None` for a bye or an unpaired round.
    pub opponent: Option<u16>,
    /// The opponent's row, from 1 (Swiss form: the number shown); `None` without opponent or
    /// when the opponent is not in the table.
    pub opponent_row: Option<usize>,
    /// The match result.
    pub result: Outcome,
    /// The team's board points.
    pub board_points: Points,
    /// The opponent's board points in the same match, when the opponent has this round.
    pub opponent_board_points: Option<Points>,
}

impl fmt::Display for Cell {
    /// `3:1` played; `+4:0` / `-0:4` forfeited; `bye` team bye; empty when not paired.
    /// Board points of the opponent missing: the team's only (`2.5`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = match self.opponent_board_points {
            Some(o) => format!("{}:{o}", self.board_points),
            None => self.board_points.to_string(),
        };
        let text = match self.result {
            Outcome::ForfeitWin => format!("+{score}"),
            Outcome::ForfeitLoss => format!("-{score}"),
            Outcome::PairingBye | Outcome::FullPointBye | Outcome::HalfPointBye => "bye".into(),
            Outcome::ZeroPointBye if self.opponent.is_none() => String::new(),
            _ => score,
        };
        f.pad(&text)
    }
}

/// One row: a team and its cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Team number.
    pub number: u16,
    /// Team name.
    pub name: String,
    /// Match points in total.
    pub match_points: Points,
    /// Board points in total.
    pub board_points: Points,
    /// Round robin: one entry per row of the table (the team's own is empty), each with the
    /// matches against that team in round order. Swiss: one entry per round with at most one
    /// cell (none when the team has no entry for that round).
    pub cells: Vec<Vec<Cell>>,
}

/// A team crosstable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crosstable {
    /// The layout.
    pub form: Form,
    /// Rounds: the most any team has.
    pub rounds: usize,
    /// The rows in the order asked for.
    pub lines: Vec<Line>,
}

impl Crosstable {
    /// The crosstable of `teams` with rows in `order` (team numbers; numbers not in `teams`
    /// are skipped, teams not in `order` left out).
    pub fn new(teams: &[Team], order: &[u16], form: Form) -> Crosstable {
        let rows: Vec<&Team> = order
            .iter()
            .filter_map(|&n| teams.iter().find(|t| t.number == n))
            .collect();
        let row_of = |n: u16| rows.iter().position(|t| t.number == n).map(|i| i + 1);
        let rounds = teams
            .iter()
            .flat_map(|t| t.encounters.iter().map(|e| e.round))
            .max()
            .unwrap_or(0);
        let cell = |own: u16, e: &super::Encounter| Cell {
            round: e.round,
            opponent: e.opponent,
            opponent_row: e.opponent.and_then(row_of),
            result: e.result,
            board_points: e.board_points,
            opponent_board_points: e.opponent.and_then(|o| {
                teams
                    .iter()
                    .find(|t| t.number == o)?
                    .encounters
                    .iter()
                    .find(|x| x.round == e.round && x.opponent == Some(own))
                    .map(|x| x.board_points)
            }),
        };
        let lines = rows
            .iter()
            .map(|t| Line {
                number: t.number,
                name: t.name.clone(),
                match_points: t.match_points(),
                board_points: t.board_points(),
                cells: match form {
                    Form::RoundRobin => rows
                        .iter()
                        .map(|other| {
                            let mut v: Vec<Cell> = t
                                .encounters
                                .iter()
                                .filter(|e| e.opponent == Some(other.number))
                                .map(|e| cell(t.number, e))
                                .collect();
                            v.sort_by_key(|c| c.round);
                            v
                        })
                        .collect(),
                    Form::Swiss => (1..=rounds)
                        .map(|r| {
                            t.encounters
                                .iter()
                                .filter(|e| e.round == r)
                                .map(|e| cell(t.number, e))
                                .collect()
                        })
                        .collect(),
                },
            })
            .collect();
        Crosstable {
            form,
            rounds,
            lines,
        }
    }

    /// The column headings after `No`, `Team`: row numbers (round robin) or rounds (Swiss).
    fn headings(&self) -> Vec<String> {
        match self.form {
            Form::RoundRobin => (1..=self.lines.len()).map(|i| i.to_string()).collect(),
            Form::Swiss => (1..=self.rounds).map(|r| format!("R{r}")).collect(),
        }
    }

    /// The text of each cell of a line, as shown in both renderings.
    fn texts(&self, line: &Line, row: usize) -> Vec<String> {
        line.cells
            .iter()
            .enumerate()
            .map(|(i, cells)| match self.form {
                Form::RoundRobin if i + 1 == row => "*".to_string(),
                Form::RoundRobin => cells
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                Form::Swiss => cells
                    .iter()
                    .map(|c| match c.opponent_row {
                        Some(o) => format!("{o} {c}"),
                        None => c.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(" "),
            })
            .collect()
    }

    /// A plain-text table: `No`, `Team`, the cells, `MP`, `BP`, columns padded to their
    /// widest entry.
    pub fn to_text(&self) -> String {
        let mut grid: Vec<Vec<String>> = Vec::new();
        let mut head = vec!["No".to_string(), "Team".into()];
        head.extend(self.headings());
        head.extend(["MP".into(), "BP".into()]);
        grid.push(head);
        for (i, line) in self.lines.iter().enumerate() {
            let mut row = vec![(i + 1).to_string(), line.name.clone()];
            row.extend(self.texts(line, i + 1));
            row.extend([line.match_points.to_string(), line.board_points.to_string()]);
            grid.push(row);
        }
        let columns = grid[0].len();
        let widths: Vec<usize> = (0..columns)
            .map(|c| grid.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
            .collect();
        let mut out = String::new();
        for row in &grid {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(c, (text, &w))| {
                    if c == 1 {
                        format!("{text:<w$}")
                    } else {
                        format!("{text:>w$}")
                    }
                })
                .collect();
            out += cells.join("  ").trim_end();
            out.push('\n');
        }
        out
    }

    /// An HTML `<table class="crosstable">` (a fragment, names escaped): a header row, one
    /// row per team; each cell carries `class="win|draw|loss|forfeit|bye"`.
    pub fn to_html(&self) -> String {
        let mut out =
            String::from("<table class=\"crosstable\">\n<thead><tr><th>No</th><th>Team</th>");
        for h in self.headings() {
            out += &format!("<th>{h}</th>");
        }
        out += "<th>MP</th><th>BP</th></tr></thead>\n<tbody>\n";
        for (i, line) in self.lines.iter().enumerate() {
            out += &format!("<tr><td>{}</td><td>{}</td>", i + 1, escape(&line.name));
            for (cells, text) in line.cells.iter().zip(self.texts(line, i + 1)) {
                match cells.first() {
                    Some(c) => {
                        out += &format!("<td class=\"{}\">{}</td>", class(c.result), escape(&text))
                    }
                    None if text == "*" => out += "<td class=\"self\"></td>",
                    None => out += "<td></td>",
                }
            }
            out += &format!(
                "<td>{}</td><td>{}</td></tr>\n",
                line.match_points, line.board_points
            );
        }
        out += "</tbody>\n</table>\n";
        out
    }
}

fn class(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
        Outcome::ForfeitWin | Outcome::ForfeitLoss => "forfeit",
        _ => "bye",
    }
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out += "&amp;",
            '<' => out += "&lt;",
            '>' => out += "&gt;",
            '"' => out += "&quot;",
            '\'' => out += "&#39;",
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::team::{Encounter, Team};
    use Outcome::*;

    fn half(n: u32) -> Points {
        Points::from_half_points(n)
    }

    fn enc(round: usize, opponent: Option<u16>, result: Outcome, bp: u32) -> Encounter {
        Encounter {
            round,
            opponent,
            result,
            board_points: half(bp),
            match_points: half(match result {
                Win | ForfeitWin | PairingBye => 4,
                Draw => 2,
                _ => 0,
            }),
            boards: Vec::new(),
        }
    }

    /// Three four-board teams, round robin with a bye each round:
    /// R1: 1-2 3:1, 3 bye (2:0 MP, 2 BP). R2: 2-3 2:2, 1 bye. R3: 3-1 forfeited by 3 (0:4).
    fn field() -> Vec<Team> {
        let team = |number: u16, name: &str, encounters| Team {
            number,
            name: name.into(),
            encounters,
        };
        vec![
            team(
                1,
                "Alpha",
                vec![
                    enc(1, Some(2), Win, 6),
                    enc(2, None, PairingBye, 4),
                    enc(3, Some(3), ForfeitWin, 8),
                ],
            ),
            team(
                2,
                "B<ravo>",
                vec![
                    enc(1, Some(1), Loss, 2),
                    enc(2, Some(3), Draw, 4),
                    enc(3, None, PairingBye, 4),
                ],
            ),
            team(
                3,
                "Charlie",
                vec![
                    enc(1, None, PairingBye, 4),
                    enc(2, Some(2), Draw, 4),
                    enc(3, Some(1), ForfeitLoss, 0),
                ],
            ),
        ]
    }

    #[test]
    fn round_robin_grid_by_hand() {
        // Rows in standings order: Alpha (MP 6, BP 9), Charlie (MP 3, BP 4), Bravo (MP 3, BP 5)
        // — the order is the caller's; here deliberately not by number.
        let t = Crosstable::new(&field(), &[1, 3, 2], Form::RoundRobin);
        assert_eq!(t.rounds, 3);
        let texts: Vec<Vec<String>> = t
            .lines
            .iter()
            .enumerate()
            .map(|(i, l)| t.texts(l, i + 1))
            .collect();
        assert_eq!(texts[0], ["*", "+4:0", "3:1"]);
        assert_eq!(texts[1], ["-0:4", "*", "2:2"]);
        assert_eq!(texts[2], ["1:3", "2:2", "*"]);
        assert_eq!(t.lines[0].match_points, half(12));
        assert_eq!(t.lines[0].board_points, half(18));
        assert_eq!(t.lines[2].cells[0][0].opponent_row, Some(1));
        assert_eq!(t.lines[2].cells[0][0].round, 1);
    }

    #[test]
    fn swiss_table_names_opponents_by_row() {
        let t = Crosstable::new(&field(), &[1, 2, 3], Form::Swiss);
        let text = t.to_text();
        let lines: Vec<&str> = text.lines().collect();
        // Widths: Team 7 (B<ravo>, Charlie), R1 and R2 5, R3 6; MP 6, 3, 3; BP 9, 5, 4.
        assert_eq!(lines[0], "No  Team        R1     R2      R3  MP  BP");
        assert_eq!(lines[1], " 1  Alpha    2 3:1    bye  3 +4:0   6   9");
        assert_eq!(lines[2], " 2  B<ravo>  1 1:3  3 2:2     bye   3   5");
        assert_eq!(lines[3], " 3  Charlie    bye  2 2:2  1 -0:4   3   4");
    }

    #[test]
    fn double_round_robin_lists_both_matches() {
        let mut f = field();
        f[0].encounters.push(enc(4, Some(2), Draw, 4));
        f[1].encounters.push(enc(4, Some(1), Draw, 4));
        let t = Crosstable::new(&f, &[1, 2, 3], Form::RoundRobin);
        assert_eq!(t.texts(&t.lines[0], 1)[1], "3:1 2:2");
        assert_eq!(t.rounds, 4);
    }

    #[test]
    fn html_escapes_names_and_marks_results() {
        let html = Crosstable::new(&field(), &[1, 2, 3], Form::RoundRobin).to_html();
        assert!(html.contains("<td>B&lt;ravo&gt;</td>"));
        assert!(html.contains("<td class=\"forfeit\">+4:0</td>"));
        assert!(html.contains("<td class=\"win\">3:1</td>"));
        assert!(html.contains("<td class=\"self\"></td>"));
        assert_eq!(html.matches("<tr>").count(), 4);
    }

    #[test]
    fn unknown_numbers_are_skipped_and_opponent_without_round_shows_own_points() {
        let mut f = field();
        f[1].encounters.retain(|e| e.round != 1);
        let t = Crosstable::new(&f, &[9, 1, 2], Form::Swiss);
        assert_eq!(t.lines.len(), 2);
        assert_eq!(t.lines[0].cells[0][0].to_string(), "3");
        assert!(t.lines[1].cells[0].is_empty());
    }
}
