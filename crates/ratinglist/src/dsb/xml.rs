//! DSB XML 2026: `DSB_DWZ_TournamentReport` version 2.5.

use std::collections::HashMap;
use std::fmt::Write;

use quick_xml::Reader;
use quick_xml::events::Event;

use laws::GameResult;

use super::report::xml_points;
use super::{ByePoints, Pairing, Player, Report, ReportError, Round, Tournament, TournamentType};
use crate::fide::{Document, Positions, entity};
use crate::{Birth, Date, DsbId, Error, ErrorKind, Sex};

const NAMESPACE: &str = "http://www.schachbund.de/XMLSchema";
const SCHEMA: &str =
    "https://www.schachbund.de/files/wertungsportal/XMLSchema/2026/DSB_DWZ_Tounament_2_5.xsd";

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// `<name>value</name>` at `indent`, skipped when `value` is empty.
fn element(out: &mut String, indent: usize, name: &str, value: &str) {
    if !value.is_empty() {
        let _ = writeln!(out, "{:indent$}<{name}>{}</{name}>", "", escape(value));
    }
}

impl Report {
    /// The DSB XML 2026 report (UTF-8). Empty or unknown values are left out; a player without
    /// PKZ gets the `dsbId` `FI<FIDE ID>`, or `NU<tournament number>` without either. A bye is
    /// a game with `noneBlackPlayer`, scoring `+` (full), `0.5` or `-` for the player.
    /// Fails when [`Report::validate`] does.
    pub fn to_dsb_xml(&self) -> Result<String, ReportError> {
        self.validate()?;
        let t = &self.tournament;
        let mut x = String::new();
        x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            x,
            "<DSB_DWZ_TournamentReport xmlns=\"{NAMESPACE}\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"{NAMESPACE} {SCHEMA}\" version=\"2.5\">"
        );
        x.push_str("  <header>\n");
        element(&mut x, 4, "creationDate", &t.created.to_string());
        element(&mut x, 4, "sender", &t.sender);
        element(
            &mut x,
            4,
            "system",
            concat!("Arbiter ", env!("CARGO_PKG_VERSION")),
        );
        element(&mut x, 4, "fileUUID", &t.file_uuid);
        x.push_str("  </header>\n  <tournament>\n");
        element(&mut x, 4, "tournamentUUID", &t.uuid);
        element(&mut x, 4, "label", &t.name);
        element(&mut x, 4, "tournamentType", t.kind.code());
        element(&mut x, 4, "timecontrol", &t.time_control);
        element(&mut x, 4, "rounds", &t.rounds.to_string());
        element(&mut x, 4, "startDate", &t.start.to_string());
        element(&mut x, 4, "endDate", &t.end.to_string());
        element(&mut x, 4, "location", &t.place);
        element(&mut x, 4, "notes", &t.notes);
        x.push_str("  </tournament>\n  <players>\n");
        for p in &self.players {
            x.push_str("    <player>\n");
            element(&mut x, 6, "tournamentPlayerNumber", &p.number.to_string());
            let dsb_id = match (&p.dsb_person_id, p.fide_id) {
                (Some(pkz), _) => pkz.clone(),
                (None, Some(fide)) => format!("FI{fide}"),
                (None, None) => format!("NU{}", p.number),
            };
            element(&mut x, 6, "dsbId", &dsb_id);
            element(&mut x, 6, "surname", &p.last_name);
            element(&mut x, 6, "forename", &p.first_name);
            if let Some(b) = p.birth {
                element(&mut x, 6, "dobYear", &b.year().to_string());
                if let Birth::Date(d) = b {
                    element(&mut x, 6, "dobDate", &d.to_string());
                }
            }
            if let Some(id) = &p.dsb_id {
                element(&mut x, 6, "vkz", id.zps.as_str());
                element(&mut x, 6, "numberClubMember", &id.member.to_string());
            }
            element(&mut x, 6, "club", &p.club);
            element(
                &mut x,
                6,
                "fideId",
                &p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
            );
            element(
                &mut x,
                6,
                "fideRating",
                &p.elo.map(|i| i.to_string()).unwrap_or_default(),
            );
            let sex = match p.sex {
                Some(crate::Sex::Male) => "m",
                Some(crate::Sex::Female) => "w",
                None => "",
            };
            element(&mut x, 6, "sex", sex);
            x.push_str("    </player>\n");
        }
        x.push_str("  </players>\n  <games>\n");
        for (r, round) in self.rounds.iter().enumerate() {
            for pairing in &round.pairings {
                x.push_str("    <game>\n");
                element(&mut x, 6, "round", &(r + 1).to_string());
                element(
                    &mut x,
                    6,
                    "date",
                    &round.date.map(|d| d.to_string()).unwrap_or_default(),
                );
                let (white, black, points) = match *pairing {
                    Pairing::Game {
                        white,
                        black,
                        result,
                    } => {
                        let points = xml_points(result).ok_or(ReportError::ResultMissing {
                            round: r + 1,
                            white,
                            black,
                        })?;
                        (white, Some(black), points)
                    }
                    Pairing::Bye { player, points } => {
                        let own = match points {
                            ByePoints::Full => "+",
                            ByePoints::Half => "0.5",
                            ByePoints::Zero => "-",
                        };
                        (player, None, (own, "-"))
                    }
                };
                element(&mut x, 6, "tournamentPlayerNumberWhite", &white.to_string());
                match black {
                    Some(b) => element(&mut x, 6, "tournamentPlayerNumberBlack", &b.to_string()),
                    None => element(&mut x, 6, "noneBlackPlayer", "true"),
                }
                element(&mut x, 6, "pointWhite", points.0);
                element(&mut x, 6, "pointBlack", points.1);
                x.push_str("    </game>\n");
            }
        }
        x.push_str("  </games>\n</DSB_DWZ_TournamentReport>\n");
        Ok(x)
    }
}

/// Reads a DSB XML 2026 report back into a [`Report`]. What the format does not carry (SWI
/// details, federation, arbiters; players' federation and DWZ) is left empty; a `dsbId` of the
/// form `FI…`/`NU…` is no PKZ. Malformed XML or a bad value is an error with line and column.
pub fn read_xml(bytes: &[u8], file: &str) -> Result<Report, Error> {
    let (text, _) = crate::text::decode(bytes, file)?;
    let mut reader = Reader::from_str(&text);
    let mut positions = Positions::new(&text);
    let mut path: Vec<String> = Vec::new();
    let mut value = String::new();
    let mut fields: HashMap<&'static str, (String, usize, usize)> = HashMap::new();
    let mut tournament: HashMap<String, (String, usize, usize)> = HashMap::new();
    let mut players = Vec::new();
    let mut rounds: Vec<Round> = Vec::new();
    let mut root = false;
    let mut document = Document::default();
    loop {
        let before = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| {
            let (line, column) = Positions::new(&text).at(reader.error_position() as usize);
            Error::new(file, line, column, ErrorKind::Xml(e.to_string()))
        })?;
        document.check(&event).map_err(|message| {
            let (line, column) = positions.at(before);
            Error::new(file, line, column, ErrorKind::Xml(message))
        })?;
        match event {
            Event::Start(e) => {
                let name = String::from_utf8_lossy(e.local_name().as_ref()).into_owned();
                root |= path.is_empty() && name == "DSB_DWZ_TournamentReport";
                if matches!(name.as_str(), "player" | "game") {
                    fields.clear();
                }
                path.push(name);
                value.clear();
                let (line, column) = positions.at(before);
                if let Some(leaf) = path.last() {
                    let key = path[..path.len() - 1].join("/");
                    if key.ends_with("players/player") || key.ends_with("games/game") {
                        if let Some(tag) = FIELDS.iter().find(|t| **t == leaf) {
                            fields.insert(tag, (String::new(), line, column));
                        }
                    } else if key.ends_with("header") || key.ends_with("tournament") {
                        tournament.insert(leaf.clone(), (String::new(), line, column));
                    }
                }
            }
            Event::Text(t) => value.push_str(&t.decode().unwrap_or_default()),
            Event::GeneralRef(r) => value.push_str(&entity(&r).unwrap_or_default()),
            Event::End(_) => {
                let Some(name) = path.pop() else { continue };
                let parent = path.last().map(String::as_str);
                // Control characters cannot stand in XML 1.0; the writer leaves them out too.
                let text_value: String = value
                    .chars()
                    .filter(|&c| !c.is_control() || c == '\t')
                    .collect();
                let text_value = text_value.trim().to_string();
                value.clear();
                if let Some(slot) = FIELDS
                    .iter()
                    .find(|t| **t == name)
                    .and_then(|t| fields.get_mut(t))
                {
                    slot.0 = text_value.clone();
                }
                if let Some(slot) = tournament.get_mut(&name)
                    && matches!(parent, Some("header" | "tournament"))
                {
                    slot.0 = text_value;
                }
                let (line, column) = positions.at(before);
                match (name.as_str(), parent) {
                    ("player", Some("players")) => {
                        players.push(xml_player(&fields, file, line, column)?)
                    }
                    ("game", Some("games")) => xml_game(&fields, &mut rounds, file, line, column)?,
                    _ => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !root {
        return Err(Error::new(
            file,
            1,
            1,
            ErrorKind::Xml("expected a <DSB_DWZ_TournamentReport> root element".into()),
        ));
    }
    let get = |name: &str| {
        tournament
            .get(name)
            .map(|v| v.0.clone())
            .unwrap_or_default()
    };
    let date = |name: &'static str| -> Result<Date, Error> {
        let (v, line, column) = tournament.get(name).cloned().unwrap_or_default();
        v.parse().map_err(|_| {
            Error::new(
                file,
                line,
                column,
                ErrorKind::Field {
                    column: format!("<{name}>"),
                    expected: "a date YYYY-MM-DD",
                    found: v,
                },
            )
        })
    };
    let (rounds_text, line, column) = tournament.get("rounds").cloned().unwrap_or_default();
    let announced: u8 = rounds_text.parse().map_err(|_| {
        Error::new(
            file,
            line,
            column,
            ErrorKind::Field {
                column: "<rounds>".into(),
                expected: "a number of rounds",
                found: rounds_text.clone(),
            },
        )
    })?;
    let kind = match get("tournamentType").as_str() {
        "SW" => TournamentType::Swiss,
        "SR" => TournamentType::RoundRobin,
        "TW" => TournamentType::TeamSwiss,
        "TR" => TournamentType::TeamRoundRobin,
        other => {
            let (_, line, column) = tournament
                .get("tournamentType")
                .cloned()
                .unwrap_or_default();
            return Err(Error::new(
                file,
                line,
                column,
                ErrorKind::Field {
                    column: "<tournamentType>".into(),
                    expected: "SW, SR, TW or TR",
                    found: other.into(),
                },
            ));
        }
    };
    Ok(Report {
        tournament: Tournament {
            name: get("label"),
            details: String::new(),
            place: get("location"),
            federation: String::new(),
            start: date("startDate")?,
            end: date("endDate")?,
            rounds: announced,
            kind,
            time_control: get("timecontrol"),
            chief_arbiter: String::new(),
            arbiters: Vec::new(),
            notes: get("notes"),
            uuid: get("tournamentUUID"),
            file_uuid: get("fileUUID"),
            sender: get("sender"),
            created: date("creationDate")?,
        },
        players,
        rounds,
    })
}

/// The child elements of `<player>` and `<game>` the reader uses.
const FIELDS: [&str; 19] = [
    "tournamentPlayerNumber",
    "dsbId",
    "surname",
    "forename",
    "dobYear",
    "dobDate",
    "vkz",
    "numberClubMember",
    "club",
    "fideId",
    "fideRating",
    "sex",
    "round",
    "date",
    "tournamentPlayerNumberWhite",
    "tournamentPlayerNumberBlack",
    "noneBlackPlayer",
    "pointWhite",
    "pointBlack",
];

type Fields = HashMap<&'static str, (String, usize, usize)>;

fn field_error(
    file: &str,
    fields: &Fields,
    name: &'static str,
    expected: &'static str,
    at: (usize, usize),
) -> Error {
    let (found, line, column) = fields
        .get(name)
        .cloned()
        .unwrap_or((String::new(), at.0, at.1));
    Error::new(
        file,
        line,
        column,
        ErrorKind::Field {
            column: format!("<{name}>"),
            expected,
            found,
        },
    )
}

fn text_of(fields: &Fields, name: &str) -> String {
    fields.get(name).map(|v| v.0.clone()).unwrap_or_default()
}

fn number_of<T: std::str::FromStr + Default + PartialEq>(
    fields: &Fields,
    name: &'static str,
    digits: usize,
    file: &str,
    at: (usize, usize),
) -> Result<Option<T>, Error> {
    crate::csv::number(&text_of(fields, name), digits)
        .map_err(|()| field_error(file, fields, name, "digits", at))
}

fn xml_player(fields: &Fields, file: &str, line: usize, column: usize) -> Result<Player, Error> {
    let at = (line, column);
    let number = number_of::<u16>(fields, "tournamentPlayerNumber", 3, file, at)?
        .ok_or_else(|| field_error(file, fields, "tournamentPlayerNumber", "a number 1-999", at))?;
    let dsb_id = text_of(fields, "dsbId");
    let birth = match (
        text_of(fields, "dobDate"),
        number_of::<u16>(fields, "dobYear", 4, file, at)?,
    ) {
        (d, _) if !d.is_empty() => {
            Some(Birth::Date(d.parse().map_err(|_| {
                field_error(file, fields, "dobDate", "a date YYYY-MM-DD", at)
            })?))
        }
        (_, Some(y)) => Some(Birth::Year(y)),
        _ => None,
    };
    let vkz = text_of(fields, "vkz");
    let member = number_of::<u16>(fields, "numberClubMember", 4, file, at)?;
    let dsb = match (vkz.as_str(), member) {
        ("", _) | (_, None) => None,
        (z, Some(member)) => Some(DsbId {
            zps: z.parse().map_err(|()| {
                field_error(file, fields, "vkz", "a ZPS of 5 digits or capitals", at)
            })?,
            member,
        }),
    };
    let sex = match text_of(fields, "sex").as_str() {
        "" => None,
        "m" => Some(Sex::Male),
        "w" => Some(Sex::Female),
        _ => return Err(field_error(file, fields, "sex", "m or w", at)),
    };
    Ok(Player {
        number,
        last_name: text_of(fields, "surname"),
        first_name: text_of(fields, "forename"),
        club: text_of(fields, "club"),
        federation: String::new(),
        fide_id: number_of(fields, "fideId", 10, file, at)?,
        dsb_person_id: Some(dsb_id)
            .filter(|d| !d.is_empty() && !d.starts_with("FI") && !d.starts_with("NU")),
        dsb_id: dsb,
        birth,
        sex,
        elo: number_of(fields, "fideRating", 4, file, at)?,
        dwz: None,
    })
}

fn xml_game(
    fields: &Fields,
    rounds: &mut Vec<Round>,
    file: &str,
    line: usize,
    column: usize,
) -> Result<(), Error> {
    let at = (line, column);
    let round = number_of::<u8>(fields, "round", 3, file, at)?
        .ok_or_else(|| field_error(file, fields, "round", "a round number", at))?;
    let white =
        number_of::<u16>(fields, "tournamentPlayerNumberWhite", 3, file, at)?.ok_or_else(|| {
            field_error(
                file,
                fields,
                "tournamentPlayerNumberWhite",
                "a player number",
                at,
            )
        })?;
    let points = (text_of(fields, "pointWhite"), text_of(fields, "pointBlack"));
    let pairing = if text_of(fields, "noneBlackPlayer") == "true" {
        let points = match points.0.as_str() {
            "+" | "1" => ByePoints::Full,
            "0.5" => ByePoints::Half,
            "-" | "0" => ByePoints::Zero,
            _ => {
                return Err(field_error(
                    file,
                    fields,
                    "pointWhite",
                    "+, 0.5 or - for a bye",
                    at,
                ));
            }
        };
        Pairing::Bye {
            player: white,
            points,
        }
    } else {
        let black = number_of::<u16>(fields, "tournamentPlayerNumberBlack", 3, file, at)?
            .ok_or_else(|| {
                field_error(
                    file,
                    fields,
                    "tournamentPlayerNumberBlack",
                    "a player number",
                    at,
                )
            })?;
        let result = match (points.0.as_str(), points.1.as_str()) {
            ("1", "0") => GameResult::WhiteWins,
            ("0.5", "0.5") => GameResult::Draw,
            ("0", "1") => GameResult::BlackWins,
            ("+", "-") => GameResult::WhiteWinsByForfeit,
            ("-", "+") => GameResult::BlackWinsByForfeit,
            ("-", "-") => GameResult::DoubleForfeit,
            _ => {
                return Err(field_error(
                    file,
                    fields,
                    "pointWhite",
                    "points 1:0, 0.5:0.5, 0:1, +:-, -:+ or -:-",
                    at,
                ));
            }
        };
        Pairing::Game {
            white,
            black,
            result,
        }
    };
    let r = usize::from(round.max(1)) - 1;
    if rounds.len() <= r {
        rounds.resize(r + 1, Round::default());
    }
    let date = text_of(fields, "date");
    if rounds[r].date.is_none() && !date.is_empty() {
        rounds[r].date = Some(
            date.parse()
                .map_err(|_| field_error(file, fields, "date", "a date YYYY-MM-DD", at))?,
        );
    }
    rounds[r].pairings.push(pairing);
    Ok(())
}
