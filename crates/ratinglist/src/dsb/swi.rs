//! The Swiss-Chess SWI/ELOBASE text for the DWZ evaluation: CP850, CRLF, fixed columns
//! identified by the template line.

use std::collections::HashMap;

use laws::GameResult;

use super::report::swi_codes;
use super::{ByePoints, Pairing, Player, Report, ReportError, Round, Tournament, TournamentType};
use crate::player::split_name;
use crate::{Birth, Date, DsbId, Error, ErrorKind, cp850};

/// The fourth line, which identifies the format and shows the columns of the player lines.
pub(crate) const TEMPLATE: &str = " ttt. rrr nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv lll ffffffffff pppppppppp gggggggg eeee dddd  zzzzz mmmm";

/// Player line columns before the rounds (0-based start, width).
const NUMBER: (usize, usize) = (1, 3);
const NAME: (usize, usize) = (10, 32);
const CLUB: (usize, usize) = (43, 32);
const NATION: (usize, usize) = (76, 3);
const FIDE: (usize, usize) = (80, 10);
const PKZ: (usize, usize) = (91, 10);
const BIRTH: (usize, usize) = (102, 8);
const ELO: (usize, usize) = (111, 4);
const DWZ: (usize, usize) = (116, 4);
const ZPS: (usize, usize) = (122, 5);
const MEMBER: (usize, usize) = (128, 4);
const ROUNDS_AT: usize = 132;

fn left(s: &str, width: usize) -> String {
    format!("{:<width$}", s.chars().take(width).collect::<String>())
}

fn right(s: &str, width: usize) -> String {
    format!("{:>width$}", s.chars().take(width).collect::<String>())
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

impl Report {
    /// The SWI/ELOBASE text (CP850 bytes, CRLF). Forfeits are written with colour `:`; a bye
    /// is `+:` (full point), `R:` (half) or ` :` (zero) against opponent 0; a round without
    /// pairing is blank. Names and clubs are cut to the 32 characters of their columns.
    /// Fails when [`Report::validate`] does.
    pub fn to_swi(&self) -> Result<Vec<u8>, ReportError> {
        self.validate()?;
        let t = &self.tournament;
        let rounds = usize::from(t.rounds).max(self.rounds.len());
        let kind = match t.kind {
            TournamentType::Swiss | TournamentType::TeamSwiss => 'S',
            TournamentType::RoundRobin | TournamentType::TeamRoundRobin => 'R',
        };
        let players_of = if t.kind.is_team() { 'M' } else { 'E' };
        let mut lines = vec![
            t.name.clone(),
            t.details.clone(),
            format!(
                "{players_of}{kind}{:>4}{:>3}{:>3}",
                self.players.len(),
                rounds,
                1
            ),
            TEMPLATE.to_string(),
        ];
        let mut blocks: HashMap<(usize, u16), String> = HashMap::new();
        for (r, round) in self.rounds.iter().enumerate() {
            for pairing in &round.pairings {
                match *pairing {
                    Pairing::Game {
                        white,
                        black,
                        result,
                    } => {
                        let (w, b) = swi_codes(result).ok_or(ReportError::ResultMissing {
                            round: r + 1,
                            white,
                            black,
                        })?;
                        let (cw, cb) = if result.is_forfeit() {
                            (':', ':')
                        } else {
                            ('W', 'B')
                        };
                        blocks.insert((r, white), format!(" {w}{cw}{black:>3}"));
                        blocks.insert((r, black), format!(" {b}{cb}{white:>3}"));
                    }
                    Pairing::Bye { player, points } => {
                        let c = match points {
                            ByePoints::Full => '+',
                            ByePoints::Half => 'R',
                            ByePoints::Zero => ' ',
                        };
                        blocks.insert((r, player), format!(" {c}:  0"));
                    }
                }
            }
        }
        for p in &self.players {
            let name = if p.first_name.is_empty() {
                p.last_name.clone()
            } else {
                format!("{}, {}", p.last_name, p.first_name)
            };
            let birth = match p.birth {
                Some(Birth::Year(y)) => format!("{y:04}"),
                Some(Birth::Date(d)) => format!("{:02}{:02}{:04}", d.day(), d.month(), d.year()),
                None => String::new(),
            };
            let mut line = format!(
                " {}. {} {} {} {} {} {} {} {} {}  {} {}",
                right(&p.number.to_string(), 3),
                right(&p.number.to_string(), 3),
                left(&name, NAME.1),
                left(&p.club, CLUB.1),
                left(&p.federation, NATION.1),
                right(&opt(p.fide_id), FIDE.1),
                right(p.dsb_person_id.as_deref().unwrap_or(""), PKZ.1),
                left(&birth, BIRTH.1),
                right(&opt(p.elo), ELO.1),
                right(&opt(p.dwz), DWZ.1),
                left(&opt(p.dsb_id.as_ref().map(|id| &id.zps)), ZPS.1),
                right(&opt(p.dsb_id.as_ref().map(|id| id.member)), MEMBER.1),
            );
            for r in 0..rounds {
                line.push_str(blocks.get(&(r, p.number)).map_or("      ", String::as_str));
            }
            lines.push(line.trim_end().to_string());
        }
        lines.push("###".into());
        let mut footer = |label: &str, value: String| {
            lines.push(format!("{:<12}{value}", format!("{label} ")));
        };
        footer("Name:", t.name.clone());
        footer("Ort:", t.place.clone());
        footer("FIDE-Land:", t.federation.clone());
        footer("Datum(S):", t.start.german());
        footer("Datum(E):", t.end.german());
        footer("Züge(1):", t.time_control.clone());
        footer("Hauptschiedsrichter:", t.chief_arbiter.clone());
        footer("Schiedsrichter:", t.arbiters.join("; "));
        footer("Anwender:", t.sender.clone());
        let mut text = lines.join("\r\n");
        text.push_str("\r\n");
        Ok(cp850::encode(&text))
    }
}

/// One player's round entry and where it stands.
#[derive(Clone, Copy)]
struct Block {
    result: char,
    colour: char,
    opponent: u16,
    line: usize,
    column: usize,
}

/// Reads an SWI/ELOBASE file (CP850) back into a [`Report`]. What the format does not carry
/// (UUIDs, round dates, notes, sex, colours of forfeited games) is left empty; `created` is
/// the end date; a forfeited game gets the lower number as White. Several arbiters are
/// separated by `; `.
pub fn read_swi(bytes: &[u8], file: &str) -> Result<Report, Error> {
    let text = cp850::decode(bytes);
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    if lines.len() < 4 {
        return Err(Error::new(
            file,
            lines.len(),
            0,
            ErrorKind::Truncated {
                needed: 4,
                found: lines.len(),
            },
        ));
    }
    let kind_line = lines[2];
    let kind = match kind_line.get(..2) {
        Some("ES") => TournamentType::Swiss,
        Some("ER") => TournamentType::RoundRobin,
        Some("MS") => TournamentType::TeamSwiss,
        Some("MR") => TournamentType::TeamRoundRobin,
        _ => {
            return Err(Error::new(
                file,
                3,
                1,
                ErrorKind::Field {
                    column: "type".into(),
                    expected: "ES, ER (individual Swiss, round robin), MS or MR (teams)",
                    found: kind_line.chars().take(2).collect(),
                },
            ));
        }
    };
    let rounds: u8 = kind_line
        .get(2..)
        .and_then(|rest| rest.split_whitespace().nth(1))
        .and_then(|r| r.parse().ok())
        .ok_or_else(|| {
            Error::new(
                file,
                3,
                3,
                ErrorKind::Field {
                    column: "rounds".into(),
                    expected: "players and rounds after the type",
                    found: kind_line.to_string(),
                },
            )
        })?;
    if lines[3].trim_end() != TEMPLATE {
        return Err(Error::new(
            file,
            4,
            1,
            ErrorKind::UnknownHeader(format!("the SWI template line `{TEMPLATE}`")),
        ));
    }
    let mut players = Vec::new();
    let mut blocks: HashMap<(usize, u16), Block> = HashMap::new();
    let mut n = 4;
    while n < lines.len() && !lines[n].starts_with("###") {
        let line = lines[n];
        n += 1;
        if !line.starts_with(' ') {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        if chars.len() < NAME.0 + 1 {
            return Err(Error::new(
                file,
                n,
                chars.len() + 1,
                ErrorKind::Truncated {
                    needed: NAME.0 + NAME.1,
                    found: chars.len(),
                },
            ));
        }
        let field = |(start, width): (usize, usize)| -> String {
            chars
                .iter()
                .skip(start)
                .take(width)
                .collect::<String>()
                .trim()
                .to_string()
        };
        let err =
            |(start, _): (usize, usize), column: &str, expected: &'static str, found: String| {
                Error::new(
                    file,
                    n,
                    // A field cut off by the line's end is pointed at where the line ends.
                    (start + 1).min(chars.len() + 1),
                    ErrorKind::Field {
                        column: column.into(),
                        expected,
                        found,
                    },
                )
            };
        let num = |col: (usize, usize), name: &str| -> Result<Option<u32>, Error> {
            let v = field(col);
            crate::csv::number::<u32>(&v, col.1).map_err(|()| err(col, name, "digits", v))
        };
        let number = num(NUMBER, "participant number")?
            .and_then(|v| u16::try_from(v).ok())
            .ok_or_else(|| {
                err(
                    NUMBER,
                    "participant number",
                    "a number 1-999",
                    field(NUMBER),
                )
            })?;
        let (last_name, first_name) = split_name(&field(NAME));
        let birth_text = field(BIRTH);
        let digits = birth_text.bytes().all(|b| b.is_ascii_digit());
        let birth = match birth_text.len() {
            _ if !digits => None,
            0 => None,
            4 => birth_text
                .parse::<u16>()
                .ok()
                .filter(|&y| y > 0)
                .map(Birth::Year),
            6 | 8 => {
                let (d, m, y) = (&birth_text[..2], &birth_text[2..4], &birth_text[4..]);
                let y: Option<u16> = y
                    .parse()
                    .ok()
                    .map(|y: u16| if birth_text.len() == 6 { 1900 + y } else { y });
                match (d.parse(), m.parse(), y) {
                    (Ok(d), Ok(m), Some(y)) => Date::new(y, m, d).map(Birth::Date),
                    _ => None,
                }
            }
            _ => None,
        };
        if birth.is_none() && !birth_text.is_empty() {
            return Err(err(
                BIRTH,
                "birth date",
                "YYYY, DDMMYY or DDMMYYYY",
                birth_text,
            ));
        }
        let zps = field(ZPS);
        let member = num(MEMBER, "member number")?;
        let dsb_id = match (zps.as_str(), member) {
            ("", _) | (_, None) => None,
            (z, Some(m)) => Some(DsbId {
                zps: z
                    .parse()
                    .map_err(|()| err(ZPS, "ZPS", "a ZPS of 5 digits or capitals", zps.clone()))?,
                member: u16::try_from(m).unwrap_or(u16::MAX),
            }),
        };
        players.push(Player {
            number,
            last_name,
            first_name,
            club: field(CLUB),
            federation: field(NATION),
            fide_id: num(FIDE, "FIDE ID")?,
            dsb_person_id: Some(field(PKZ)).filter(|p| !p.is_empty()),
            dsb_id,
            birth,
            sex: None,
            elo: num(ELO, "Elo")?.map(|v| v as u16),
            dwz: num(DWZ, "DWZ")?.map(|v| v as u16),
        });
        for r in 0..usize::from(rounds) {
            let at = ROUNDS_AT + 6 * r;
            let block: String = chars.iter().skip(at).take(6).collect();
            if block.trim().is_empty() {
                continue;
            }
            let b: Vec<char> = format!("{block:<6}").chars().collect();
            let opp_text: String = b[3..6].iter().collect();
            let opponent: u16 = opp_text.trim().parse().map_err(|_| {
                err(
                    (at + 3, 3),
                    &format!("round {}", r + 1),
                    "an opponent number",
                    opp_text.clone(),
                )
            })?;
            if !matches!(b[1], '1' | '0' | 'R' | '+' | '-' | ' ')
                || !matches!(b[2], 'W' | 'B' | ':')
            {
                return Err(err(
                    (at, 6),
                    &format!("round {}", r + 1),
                    "result 1 0 R + - and colour W B :",
                    block,
                ));
            }
            blocks.insert(
                (r, number),
                Block {
                    result: b[1],
                    colour: b[2],
                    opponent,
                    line: n,
                    column: at + 1,
                },
            );
        }
    }
    let mut report_rounds = vec![Round::default(); usize::from(rounds)];
    let mut keys: Vec<&(usize, u16)> = blocks.keys().collect();
    keys.sort();
    for &(r, player) in keys {
        let Block {
            result: res,
            colour,
            opponent,
            line,
            column,
        } = blocks[&(r, player)];
        let bad = |expected| {
            Error::new(
                file,
                line,
                column,
                ErrorKind::Field {
                    column: format!("round {} of player {player}", r + 1),
                    expected,
                    found: format!("{res}{colour}{opponent:>3}"),
                },
            )
        };
        let pairing = if opponent == 0 {
            Pairing::Bye {
                player,
                points: match res {
                    '+' | '1' => ByePoints::Full,
                    'R' => ByePoints::Half,
                    _ => ByePoints::Zero,
                },
            }
        } else {
            let other = blocks
                .get(&(r, opponent))
                .filter(|o| o.opponent == player)
                .ok_or_else(|| bad("an opponent whose line names this player"))?;
            match (colour, res, other.colour, other.result) {
                ('W', '1', 'B', '0') => Pairing::Game {
                    white: player,
                    black: opponent,
                    result: GameResult::WhiteWins,
                },
                ('W', 'R', 'B', 'R') => Pairing::Game {
                    white: player,
                    black: opponent,
                    result: GameResult::Draw,
                },
                ('W', '0', 'B', '1') => Pairing::Game {
                    white: player,
                    black: opponent,
                    result: GameResult::BlackWins,
                },
                ('B', _, 'W', _) => continue,
                (':', _, ':', _) if player > opponent => continue,
                (':', '+', ':', '-') => Pairing::Game {
                    white: player,
                    black: opponent,
                    result: GameResult::WhiteWinsByForfeit,
                },
                (':', '-', ':', '+') => Pairing::Game {
                    white: player,
                    black: opponent,
                    result: GameResult::BlackWinsByForfeit,
                },
                (':', '-', ':', '-') => Pairing::Game {
                    white: player,
                    black: opponent,
                    result: GameResult::DoubleForfeit,
                },
                _ => {
                    return Err(bad(
                        "results and colours that agree with the opponent's line",
                    ));
                }
            }
        };
        report_rounds[r].pairings.push(pairing);
    }
    // Footer values by label, with the 1-based line and the column where the value starts.
    let mut footer: HashMap<String, String> = HashMap::new();
    let mut footer_at: HashMap<String, (usize, usize)> = HashMap::new();
    for (i, line) in lines.iter().enumerate().skip(n) {
        if let Some((label, value)) = line.split_once(':') {
            let label = label.trim().to_string();
            let through_colon = line[..line.len() - value.len()].chars().count();
            let lead = value.chars().take_while(|c| c.is_whitespace()).count();
            footer_at.insert(label.clone(), (i + 1, through_colon + lead + 1));
            footer.insert(label, value.trim().to_string());
        }
    }
    let date = |label: &'static str| -> Result<Option<Date>, Error> {
        match footer.get(label) {
            None => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|_| {
                let (line, column) = footer_at[label];
                Error::new(
                    file,
                    line,
                    column,
                    ErrorKind::Field {
                        column: label.into(),
                        expected: "a date dd.mm.yyyy",
                        found: v.clone(),
                    },
                )
            }),
        }
    };
    let end = date("Datum(E)")?
        .ok_or_else(|| Error::new(file, lines.len(), 1, ErrorKind::MissingColumn("Datum(E):")))?;
    let get = |labels: &[&str]| {
        labels
            .iter()
            .find_map(|l| footer.get(*l))
            .cloned()
            .unwrap_or_default()
    };
    let arbiters = get(&["Weitere Schiedsrichter", "Schiedsrichter"]);
    Ok(Report {
        tournament: Tournament {
            name: lines[0].to_string(),
            details: lines[1].to_string(),
            place: get(&["Ort"]),
            federation: get(&["FIDE-Land"]),
            start: date("Datum(S)")?.unwrap_or(end),
            end,
            rounds,
            kind,
            time_control: get(&["Züge(1)"]),
            chief_arbiter: get(&["Hauptschiedsrichter", "Turnierleitung"]),
            arbiters: arbiters
                .split("; ")
                .filter(|a| !a.is_empty())
                .map(str::to_string)
                .collect(),
            notes: String::new(),
            uuid: String::new(),
            file_uuid: String::new(),
            sender: get(&["Anwender"]),
            created: end,
        },
        players,
        rounds: report_rounds,
    })
}
