//! Pairing input from a TRF file (FIDE Tournament Report File, with the JaVaFo/bbp extensions
//! `XXR` and `XXC`).
//!
//! This is a small reader of what the pairing needs: `001` player records (pairing number,
//! rating, points, rounds), `XXR`/`142` number of rounds, `XXC`/`152` initial colour, `192`
//! system code, `042` start date. Lines may end with CR, LF or CRLF.
//!
//! ```
//! use pairing::trf_input::TrfHistory;
//!
//! let trf = "XXR 3\n\
//! 001    1      A                                 2000                             1.0    1     2 w 1\n\
//! 001    2      B                                 1900                             0.0    2     1 b 0\n";
//! let history = TrfHistory::parse(trf).unwrap();
//! assert_eq!(history.round_to_pair(), 2);
//! let input = history.input_for_round(2).unwrap();
//! assert_eq!(input.players.len(), 2);
//! ```

use std::fmt;

use crate::dutch::{Colour, DutchEdition, Input, Outcome, Player, RoundEntry, Score, Scoring};

/// One round cell of a `001` record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundCell {
    pub opponent: Option<u32>,
    pub colour: Option<Colour>,
    /// The TRF result code (`1 = 0 + - W D L U F H Z` or blank).
    pub result: char,
}

/// A `001` player record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfPlayer {
    pub id: u32,
    pub rating: u16,
    pub points: Score,
    pub rounds: Vec<RoundCell>,
}

/// A tournament history read from TRF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfHistory {
    pub players: Vec<TrfPlayer>,
    pub total_rounds: Option<u32>,
    pub initial_colour: Option<Colour>,
    pub system: Option<String>,
    pub start_date: Option<(u16, u8, u8)>,
}

/// A TRF line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for TrfError {}

fn field(line: &str, from: usize, to: usize) -> &str {
    let end = to.min(line.len());
    if from >= end {
        ""
    } else {
        line.get(from..end).unwrap_or("")
    }
}

fn number<T: std::str::FromStr>(
    line: &str,
    from: usize,
    to: usize,
    line_no: usize,
    what: &str,
) -> Result<Option<T>, TrfError> {
    let text = field(line, from, to).trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| TrfError {
        line: line_no,
        column: from + 1,
        message: format!("{what} `{text}` is not a number"),
    })
}

fn parse_points(text: &str, line: usize, column: usize) -> Result<Score, TrfError> {
    let error = || TrfError {
        line,
        column,
        message: format!("points `{text}` are not a score"),
    };
    let (whole, tenths) = match text.split_once('.') {
        Some((w, t)) => (w, t),
        None => (text, "0"),
    };
    let whole: u32 = whole.parse().map_err(|_| error())?;
    let tenths: u32 = match tenths.len() {
        1 => tenths.parse().map_err(|_| error())?,
        _ => return Err(error()),
    };
    Ok(Score(whole * 10 + tenths))
}

impl TrfHistory {
    /// Reads a TRF text.
    pub fn parse(text: &str) -> Result<TrfHistory, TrfError> {
        let mut history = TrfHistory {
            players: Vec::new(),
            total_rounds: None,
            initial_colour: None,
            system: None,
            start_date: None,
        };
        for (index, line) in text.split(['\r', '\n']).enumerate() {
            let line_no = index + 1;
            if !line.is_ascii() && line.starts_with("001") {
                return Err(TrfError {
                    line: line_no,
                    column: 1,
                    message: "non-ASCII player record".into(),
                });
            }
            let code = field(line, 0, 3);
            let rest = line.get(3..).unwrap_or("").trim();
            match code {
                "001" => history.players.push(parse_player(line, line_no)?),
                "XXR" | "142" => {
                    let rounds = rest.split_whitespace().next().unwrap_or("");
                    history.total_rounds = Some(rounds.parse().map_err(|_| TrfError {
                        line: line_no,
                        column: 5,
                        message: format!("number of rounds `{rounds}` is not a number"),
                    })?);
                }
                "XXC" => {
                    for word in rest.split_whitespace() {
                        match word {
                            "white1" => history.initial_colour = Some(Colour::White),
                            "black1" => history.initial_colour = Some(Colour::Black),
                            _ => {}
                        }
                    }
                }
                "152" => match rest {
                    "W" | "w" => history.initial_colour = Some(Colour::White),
                    "B" | "b" => history.initial_colour = Some(Colour::Black),
                    _ => {}
                },
                "192" => history.system = Some(rest.to_owned()),
                "042" => history.start_date = parse_date(rest),
                _ => {}
            }
        }
        Ok(history)
    }

    /// The first round without any pairing recorded (a pairing: an opponent or a `U` bye).
    pub fn round_to_pair(&self) -> u32 {
        let paired = |c: &RoundCell| c.opponent.is_some() || c.result == 'U';
        let last = self
            .players
            .iter()
            .filter_map(|p| p.rounds.iter().rposition(paired))
            .max()
            .map_or(0, |r| r + 1);
        last as u32 + 1
    }

    /// The edition named by the `192` code, else the one in force at the `042` start date.
    pub fn edition(&self) -> Option<DutchEdition> {
        if let Some(e) = self.system.as_deref().and_then(|s| s.parse().ok()) {
            return Some(e);
        }
        self.start_date
            .map(|(y, m, d)| DutchEdition::for_start_date(y, m, d))
    }

    /// The initial colour: given by `XXC`/`152`, else inferred from a round-1 game by
    /// C.04.3 5.2.5. In round 1 the boards alternate colours among the players present, so the
    /// higher-ranked player's position among them decides.
    pub fn initial_colour(&self) -> Colour {
        if let Some(c) = self.initial_colour {
            return c;
        }
        let mut present: Vec<&TrfPlayer> = self
            .players
            .iter()
            .filter(|p| {
                p.rounds
                    .first()
                    .is_some_and(|c| c.opponent.is_some() || c.result == 'U')
            })
            .collect();
        present.sort_by_key(|p| p.id);
        for (position, p) in present.iter().enumerate() {
            if let Some(RoundCell {
                opponent: Some(o),
                colour: Some(c),
                ..
            }) = p.rounds.first()
                && p.id < *o
            {
                return if position % 2 == 0 { *c } else { c.opposite() };
            }
        }
        Colour::White
    }

    /// The pairing input for `round` built from the rounds before it. Players whose cell in
    /// `round` holds no pairing (a requested bye or an absence) are absent.
    pub fn input_for_round(&self, round: u32) -> Result<Input, TrfError> {
        let scoring = Scoring::STANDARD;
        let r = round as usize - 1;
        let players = self
            .players
            .iter()
            .map(|p| {
                let history = p
                    .rounds
                    .iter()
                    .take(r)
                    .map(|c| entry(*c, &scoring))
                    .collect();
                let absent = p
                    .rounds
                    .get(r)
                    .is_some_and(|c| c.opponent.is_none() && c.result != 'U');
                Player {
                    id: p.id,
                    rating: p.rating,
                    history,
                    absent,
                    acceleration: Score(0),
                }
            })
            .collect();
        Ok(Input {
            round,
            total_rounds: self.total_rounds.unwrap_or(round).max(round),
            initial_colour: self.initial_colour(),
            scoring,
            players,
            forbidden_pairs: Vec::new(),
        })
    }

    /// The pairs recorded for `round` as (white, black), and the pairing-allocated bye.
    pub fn recorded_pairing(&self, round: u32) -> (Vec<(u32, u32)>, Option<u32>) {
        let r = round as usize - 1;
        let mut pairs = Vec::new();
        let mut bye = None;
        for p in &self.players {
            match p.rounds.get(r) {
                Some(RoundCell {
                    opponent: Some(o),
                    colour: Some(Colour::White),
                    ..
                }) => {
                    pairs.push((p.id, *o));
                }
                Some(RoundCell {
                    opponent: None,
                    result: 'U',
                    ..
                }) => bye = Some(p.id),
                _ => {}
            }
        }
        pairs.sort_unstable();
        (pairs, bye)
    }
}

fn parse_date(text: &str) -> Option<(u16, u8, u8)> {
    let mut parts = text.split(['/', '-', '.']).map(|p| p.trim());
    let y = parts.next()?.parse().ok()?;
    let m = parts.next()?.parse().ok()?;
    let d = parts.next()?.parse().ok()?;
    Some((y, m, d))
}

fn entry(cell: RoundCell, scoring: &Scoring) -> RoundEntry {
    match (cell.opponent, cell.colour) {
        (Some(opponent), Some(colour)) => match cell.result {
            '+' => RoundEntry::Forfeit {
                opponent,
                colour,
                won: true,
            },
            '-' => RoundEntry::Forfeit {
                opponent,
                colour,
                won: false,
            },
            '1' | 'W' => RoundEntry::Game {
                opponent,
                colour,
                outcome: Outcome::Win,
            },
            '=' | 'D' => RoundEntry::Game {
                opponent,
                colour,
                outcome: Outcome::Draw,
            },
            _ => RoundEntry::Game {
                opponent,
                colour,
                outcome: Outcome::Loss,
            },
        },
        _ => match cell.result {
            'U' => RoundEntry::PairingAllocatedBye,
            'F' | '+' => RoundEntry::Unpaired {
                points: scoring.win,
            },
            'H' | '=' => RoundEntry::Unpaired {
                points: scoring.draw,
            },
            _ => RoundEntry::Unpaired {
                points: scoring.loss,
            },
        },
    }
}

fn parse_player(line: &str, line_no: usize) -> Result<TrfPlayer, TrfError> {
    let id = number(line, 4, 8, line_no, "pairing number")?.ok_or(TrfError {
        line: line_no,
        column: 5,
        message: "missing pairing number".into(),
    })?;
    let rating = number(line, 48, 52, line_no, "rating")?.unwrap_or(0);
    let points_text = field(line, 80, 84).trim();
    let points = if points_text.is_empty() {
        Score(0)
    } else {
        parse_points(points_text, line_no, 81)?
    };
    let mut rounds = Vec::new();
    let mut start = 91;
    while start < line.len() {
        let opponent: Option<u32> = number(line, start, start + 4, line_no, "opponent")?;
        let colour = match field(line, start + 5, start + 6) {
            "w" | "W" => Some(Colour::White),
            "b" | "B" => Some(Colour::Black),
            "" | " " | "-" => None,
            other => {
                return Err(TrfError {
                    line: line_no,
                    column: start + 6,
                    message: format!("colour `{other}` is not w, b or -"),
                });
            }
        };
        let result = field(line, start + 7, start + 8)
            .chars()
            .next()
            .unwrap_or(' ');
        if !"10=+-WDLUFHZ ".contains(result) {
            return Err(TrfError {
                line: line_no,
                column: start + 8,
                message: format!("result `{result}` is not a TRF result code"),
            });
        }
        let opponent = opponent.filter(|&o| o != 0);
        if opponent.is_some() && colour.is_none() {
            return Err(TrfError {
                line: line_no,
                column: start + 6,
                message: "a paired round needs a colour".into(),
            });
        }
        rounds.push(RoundCell {
            opponent,
            colour,
            result,
        });
        start += 10;
    }
    Ok(TrfPlayer {
        id,
        rating,
        points,
        rounds,
    })
}
