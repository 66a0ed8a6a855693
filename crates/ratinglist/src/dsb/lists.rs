//! `spieler.csv` v1/v2 and `vereine.csv` as the DSB publishes them.

use std::collections::HashMap;

use crate::csv::{Row, Rows, bad, detect_separator, header_key, number, text};
use crate::player::split_name;
use crate::text::{self, Encoding};
use crate::{Birth, DsbId, Dwz, Error, ErrorKind, Import, ImportedPlayer, Sex, Status, Title, Zps};

/// The two layouts of `spieler.csv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpielerVersion {
    /// 14 columns, `ZPS,Mgl-Nr,Status,Spielername,...,FIDE-Land`.
    V1,
    /// 15 columns: the person key `ID` (PKZ) first, `ZPS` renamed `VKZ`.
    V2,
}

const V1: [&str; 14] = [
    "ZPS",
    "Mgl-Nr",
    "Status",
    "Spielername",
    "Geschlecht",
    "Spielberechtigung",
    "Geburtsjahr",
    "Letzte-Auswertung",
    "DWZ",
    "Index",
    "FIDE-Elo",
    "FIDE-Titel",
    "FIDE-ID",
    "FIDE-Land",
];

/// The layout of the first row: by its header names when it is a header, else by its number of
/// fields (14 = v1, 15 = v2). The flag tells whether the first row is a header.
fn layout(first: &Row, file: &str) -> Result<(SpielerVersion, bool), Error> {
    let keys: Vec<String> = first.fields.iter().map(|f| header_key(&f.text)).collect();
    let v1: Vec<String> = V1.iter().map(|h| header_key(h)).collect();
    let unknown = || {
        Error::new(
            file,
            first.line,
            0,
            ErrorKind::UnknownHeader(format!(
                "spieler.csv v1 ({} columns: {}) or v2 (ID,VKZ,Mgl-Nr,...; 15 columns)",
                V1.len(),
                V1.join(",")
            )),
        )
    };
    match keys.first().map(String::as_str) {
        Some("zps") if keys == v1 => Ok((SpielerVersion::V1, true)),
        Some("id") if keys.len() == 15 && keys[1] == "vkz" && keys[2..] == v1[1..] => {
            Ok((SpielerVersion::V2, true))
        }
        Some("zps" | "id" | "vkz") => Err(unknown()),
        _ => match keys.len() {
            14 => Ok((SpielerVersion::V1, false)),
            15 => Ok((SpielerVersion::V2, false)),
            _ => Err(unknown()),
        },
    }
}

/// The version of a `spieler.csv`, from its first row.
pub fn spieler_version(bytes: &[u8], file: &str) -> Result<SpielerVersion, Error> {
    let (text, _) = text::decode(bytes, file)?;
    let first = first_row(&text, file)?;
    layout(&first.1, file).map(|l| l.0)
}

fn first_row<'a>(text: &'a str, file: &'a str) -> Result<(Rows<'a>, Row), Error> {
    let header = text::lines(text)
        .find(|(_, l)| !l.trim().is_empty())
        .ok_or_else(|| Error::new(file, 0, 0, ErrorKind::Empty))?;
    let mut rows = Rows::new(text, detect_separator(header.1), file);
    let first = rows
        .next()
        .ok_or_else(|| Error::new(file, 0, 0, ErrorKind::Empty))??;
    Ok((rows, first))
}

/// The DSB player list `spieler.csv`, v1 or v2 (detected), in UTF-8 or Windows-1252 (detected).
/// Rows with a bad field or the wrong number of fields are skipped and reported.
pub fn read_spieler(bytes: &[u8], file: &str) -> Result<Import, Error> {
    let (text, encoding) = text::decode(bytes, file)?;
    read_spieler_str(&text, encoding, file)
}

fn read_spieler_str(text: &str, encoding: Encoding, file: &str) -> Result<Import, Error> {
    let (rows, first) = first_row(text, file)?;
    let (version, header) = layout(&first, file)?;
    let mut import = Import {
        players: Vec::new(),
        errors: Vec::new(),
        encoding,
    };
    let data = (!header).then_some(Ok(first)).into_iter().chain(rows);
    for row in data {
        match row.and_then(|row| spieler_row(&row, version, file)) {
            Ok(p) => import.players.push(p),
            Err(e) => {
                let stop = e.kind == ErrorKind::UnclosedQuote;
                import.errors.push(e);
                if stop {
                    break;
                }
            }
        }
    }
    Ok(import)
}

/// `Dr.`/`Prof.` words at the start of the given names, or after a further comma
/// (`Weber,Dr. Karl`, `Weber,Karl,Dr.`).
fn academic_title(first: &str) -> (String, Option<String>) {
    let mut titles = Vec::new();
    let mut names = Vec::new();
    for part in first.split(',') {
        for word in part.split_whitespace() {
            let w = word.to_ascii_lowercase();
            if names.is_empty()
                && w.ends_with('.')
                && (w.starts_with("dr") || w.starts_with("prof"))
                || w == "dr."
                || w == "prof."
            {
                titles.push(word);
            } else {
                names.push(word);
            }
        }
    }
    (
        names.join(" "),
        (!titles.is_empty()).then(|| titles.join(" ")),
    )
}

fn spieler_row(row: &Row, version: SpielerVersion, file: &str) -> Result<ImportedPlayer, Error> {
    let expected = match version {
        SpielerVersion::V1 => 14,
        SpielerVersion::V2 => 15,
    };
    if row.fields.len() != expected {
        let (line, column) = row
            .fields
            .get(expected)
            .map_or((row.line, 0), |f| (f.line, f.column));
        return Err(Error::new(
            file,
            line,
            column,
            ErrorKind::FieldCount {
                expected,
                found: row.fields.len(),
            },
        ));
    }
    let (pkz, f) = match version {
        SpielerVersion::V1 => (None, &row.fields[..]),
        SpielerVersion::V2 => (text(&row.fields[0].text), &row.fields[1..]),
    };
    let zps_label = if version == SpielerVersion::V1 {
        "ZPS"
    } else {
        "VKZ"
    };
    let err = |i: usize, expected| {
        bad(
            file,
            &f[i],
            if i == 0 { zps_label } else { V1[i] },
            expected,
        )
    };
    let t = |i: usize| f[i].text.trim();
    let zps: Option<Zps> = match t(0) {
        "" => None,
        z => Some(
            z.parse()
                .map_err(|()| err(0, "a ZPS of 5 digits or capitals"))?,
        ),
    };
    let member = number::<u16>(t(1), 4).map_err(|()| err(1, "a member number"))?;
    let (last_name, first) = split_name(t(3));
    if last_name.is_empty() {
        return Err(err(3, "Nachname,Vorname"));
    }
    let (first_name, academic_title) = academic_title(&first);
    let status = match t(2) {
        "" => None,
        "A" => Some(Status::Active),
        "P" => Some(Status::Passive),
        _ => return Err(err(2, "A (active) or P (passive)")),
    };
    let sex = match t(4) {
        "" => None,
        s => Some(s.parse::<Sex>().map_err(|()| err(4, "M or W"))?),
    };
    let birth = number::<u16>(t(6), 4)
        .map_err(|()| err(6, "a year YYYY"))?
        .map(Birth::Year);
    let dwz = number::<u16>(t(8), 4).map_err(|()| err(8, "a DWZ"))?;
    let index = number::<u16>(t(9), 4).map_err(|()| err(9, "a DWZ index"))?;
    Ok(ImportedPlayer {
        last_name,
        first_name,
        academic_title,
        sex,
        birth,
        federation: text(t(13)),
        club: None,
        dsb_id: zps.zip(member).map(|(zps, member)| DsbId { zps, member }),
        dsb_person_id: pkz,
        status,
        eligibility: text(t(5)),
        fide_id: number(t(12), 10).map_err(|()| err(12, "a FIDE ID (digits)"))?,
        fide_inactive: false,
        elo: number(t(10), 4).map_err(|()| err(10, "an Elo rating"))?,
        elo_rapid: None,
        elo_blitz: None,
        dwz: dwz.map(|rating| Dwz { rating, index }),
        titles: Title::parse(t(11)).into_iter().collect(),
        line: row.line,
    })
}

/// The DSB club list `vereine.csv` (`ZPS,LV,Verband,Vereinname`): club names by ZPS.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Clubs {
    names: HashMap<Zps, String>,
    /// Rows that could not be read.
    pub errors: Vec<Error>,
}

impl Clubs {
    /// The name of the club with this ZPS.
    pub fn name(&self, zps: &Zps) -> Option<&str> {
        self.names.get(zps).map(String::as_str)
    }

    /// Number of clubs.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there is no club.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Fills in the club of every player whose DSB membership names a known club and who has
    /// no club yet.
    pub fn apply(&self, players: &mut [ImportedPlayer]) {
        for p in players {
            if p.club.is_none()
                && let Some(id) = &p.dsb_id
            {
                p.club = self.name(&id.zps).map(str::to_string);
            }
        }
    }
}

/// Reads `vereine.csv` (header optional; encoding detected).
pub fn read_vereine(bytes: &[u8], file: &str) -> Result<Clubs, Error> {
    let (text, _) = text::decode(bytes, file)?;
    let (rows, first) = first_row(&text, file)?;
    let header = matches!(header_key(&first.fields[0].text).as_str(), "zps" | "vkz");
    if header && first.fields.len() != 4 {
        return Err(Error::new(
            file,
            first.line,
            0,
            ErrorKind::UnknownHeader("ZPS,LV,Verband,Vereinname".into()),
        ));
    }
    let mut clubs = Clubs::default();
    for row in (!header).then_some(Ok(first)).into_iter().chain(rows) {
        let row = match row {
            Ok(row) => row,
            Err(e) => {
                clubs.errors.push(e);
                break;
            }
        };
        if row.fields.len() != 4 {
            clubs.errors.push(Error::new(
                file,
                row.line,
                0,
                ErrorKind::FieldCount {
                    expected: 4,
                    found: row.fields.len(),
                },
            ));
            continue;
        }
        match row.fields[0].text.parse::<Zps>() {
            Ok(zps) => {
                clubs
                    .names
                    .insert(zps, row.fields[3].text.trim().to_string());
            }
            Err(()) => clubs.errors.push(bad(
                file,
                &row.fields[0],
                "ZPS",
                "a ZPS of 5 digits or capitals",
            )),
        }
    }
    Ok(clubs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn academic_titles() {
        assert_eq!(
            academic_title("Dr. Karl"),
            ("Karl".into(), Some("Dr.".into()))
        );
        assert_eq!(
            academic_title("Karl,Dr."),
            ("Karl".into(), Some("Dr.".into()))
        );
        assert_eq!(
            academic_title("Prof. Dr. Eva Maria"),
            ("Eva Maria".into(), Some("Prof. Dr.".into()))
        );
        assert_eq!(academic_title("Drago"), ("Drago".into(), None));
    }
}
