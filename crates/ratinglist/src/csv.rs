//! CSV: a small reader that keeps line and column of every field, the separator detected from
//! the header line (`;`, `,` or tab), and the generic player import with German or English
//! column names.
//!
//! ```
//! use ratinglist::csv;
//!
//! let text = "Nachname;Vorname;Geburtsdatum;Verein;DWZ;Elo\nLindqvist;Mira;03.05.2010;SK Nordheim;1530;\n";
//! let import = csv::read_players(text.as_bytes(), "anmeldung.csv").unwrap();
//! let p = &import.players[0];
//! assert_eq!(p.name(), "Lindqvist, Mira");
//! assert_eq!(p.birth.unwrap().to_string(), "2010-05-03");
//! assert_eq!((p.dwz.unwrap().rating, p.elo), (1530, None));
//! ```

use crate::player::split_name;
use crate::text::{self, Encoding};
use crate::{Birth, DsbId, Dwz, Error, ErrorKind, Import, ImportedPlayer, Sex, Status, Title};

/// One field with the 1-based line and column (in characters) where it starts (a quoted field
/// may start on a later line than its row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// The text, unquoted.
    pub text: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// One row: the line it starts on and its fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// 1-based line the row starts on.
    pub line: usize,
    /// The fields in order.
    pub fields: Vec<Field>,
}

/// The separator of a header line: whichever of `;`, tab and `,` occurs most outside quotes
/// (`,` on a tie or none).
pub fn detect_separator(header: &str) -> char {
    let mut quoted = false;
    let (mut semi, mut tab, mut comma) = (0, 0, 0);
    for c in header.chars() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => semi += 1,
            '\t' if !quoted => tab += 1,
            ',' if !quoted => comma += 1,
            _ => {}
        }
    }
    if semi > comma && semi >= tab {
        ';'
    } else if tab > comma {
        '\t'
    } else {
        ','
    }
}

/// Fields a row may have: far more than any list has columns, few enough that a hostile header
/// cannot make the readers build huge tables.
pub const MAX_FIELDS: usize = 1000;

/// Rows of CSV text (RFC 4180 quoting; quoted fields may span lines); blank lines are skipped.
/// An unclosed quote ends the reading with an error at the quote; a row of more than
/// [`MAX_FIELDS`] fields is an error at the first field too many. Reading is linear in the text.
pub struct Rows<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    line_start: usize,
    separator: char,
    file: &'a str,
    /// The last column computed: byte offset and column, to count on from there.
    counted: (usize, usize),
}

impl<'a> Rows<'a> {
    /// Rows of `text`, fields split at `separator`; `file` names the file in errors.
    pub fn new(text: &'a str, separator: char, file: &'a str) -> Rows<'a> {
        Rows {
            text,
            pos: 0,
            line: 1,
            line_start: 0,
            separator,
            file,
            counted: (0, 1),
        }
    }

    /// The 1-based column (in characters) of byte offset `at` on the current line, counted on
    /// from the last column asked for (the reader asks in text order).
    fn column(&mut self, at: usize) -> usize {
        let (from, column) = if self.counted.0 >= self.line_start && self.counted.0 <= at {
            self.counted
        } else {
            (self.line_start, 1)
        };
        let column = column + self.text[from..at].chars().count();
        self.counted = (at, column);
        column
    }

    /// The error for a row with more than [`MAX_FIELDS`] fields, at the first field too many,
    /// with the number of fields on its line; the reading goes on after that line.
    fn too_many_fields(&mut self, column: usize) -> Error {
        let end = self.text[self.pos..]
            .find('\n')
            .map_or(self.text.len(), |e| self.pos + e);
        let more = self.text[self.pos..end]
            .chars()
            .filter(|&c| c == self.separator)
            .count();
        self.pos = end;
        Error::new(
            self.file,
            self.line,
            column,
            ErrorKind::FieldCount {
                expected: MAX_FIELDS,
                found: MAX_FIELDS + 1 + more,
            },
        )
    }
}

impl Iterator for Rows<'_> {
    type Item = Result<Row, Error>;

    fn next(&mut self) -> Option<Result<Row, Error>> {
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() && (bytes[self.pos] == b'\n' || bytes[self.pos] == b'\r') {
            if bytes[self.pos] == b'\n' {
                self.line += 1;
                self.line_start = self.pos + 1;
            }
            self.pos += 1;
        }
        if self.pos >= bytes.len() {
            return None;
        }
        let row_line = self.line;
        let mut fields = Vec::new();
        loop {
            let (line, column) = (self.line, self.column(self.pos));
            let mut value = String::new();
            let rest = &self.text[self.pos..];
            let sep = self.separator;
            let trimmed = rest
                .trim_start_matches(|c| c == ' ' || (c == '\t' && sep != '\t'))
                .len();
            let lead = rest.len() - trimmed;
            if rest[lead..].starts_with('"') && self.separator != ' ' {
                let quote_at = self.pos + lead;
                let (quote_line, quote_column) = (self.line, self.column(quote_at));
                let mut i = quote_at + 1;
                loop {
                    let Some(c) = self.text[i..].chars().next() else {
                        self.pos = self.text.len();
                        return Some(Err(Error::new(
                            self.file,
                            quote_line,
                            quote_column,
                            ErrorKind::UnclosedQuote,
                        )));
                    };
                    i += c.len_utf8();
                    match c {
                        '"' if self.text[i..].starts_with('"') => {
                            value.push('"');
                            i += 1;
                        }
                        '"' => break,
                        '\n' => {
                            self.line += 1;
                            self.line_start = i;
                            value.push(c);
                        }
                        _ => value.push(c),
                    }
                }
                let end = self.text[i..]
                    .find([self.separator, '\n', '\r'])
                    .map_or(self.text.len(), |e| i + e);
                value.push_str(self.text[i..end].trim());
                self.pos = end;
            } else {
                let end = rest
                    .find([self.separator, '\n', '\r'])
                    .map_or(self.text.len(), |e| self.pos + e);
                value.push_str(self.text[self.pos..end].trim());
                self.pos = end;
            }
            fields.push(Field {
                text: value,
                line,
                column,
            });
            match self.text[self.pos..].chars().next() {
                Some(c) if c == self.separator => self.pos += c.len_utf8(),
                _ => break,
            }
            if fields.len() == MAX_FIELDS {
                let column = self.column(self.pos);
                return Some(Err(self.too_many_fields(column)));
            }
        }
        Some(Ok(Row {
            line: row_line,
            fields,
        }))
    }
}

/// The text with `ä ö ü ß` spelt out, lower case, only letters and digits: how headers are compared.
pub(crate) fn header_key(name: &str) -> String {
    let mut key = String::new();
    for c in name.to_lowercase().chars() {
        match c {
            'ä' => key.push_str("ae"),
            'ö' => key.push_str("oe"),
            'ü' => key.push_str("ue"),
            'ß' => key.push_str("ss"),
            c if c.is_alphanumeric() => key.push(c),
            _ => {}
        }
    }
    key
}

/// What a column of a generic CSV file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// Full name, `Last, First`.
    Name,
    /// Last name.
    LastName,
    /// First name.
    FirstName,
    /// Sex (`M`/`W`/`F`).
    Sex,
    /// Birth date or year.
    Birth,
    /// FIDE federation code.
    Federation,
    /// Club name.
    Club,
    /// Club number (ZPS).
    Zps,
    /// Member number within the club.
    Member,
    /// DSB membership `ZPS-Mgl`.
    DsbId,
    /// FIDE id.
    FideId,
    /// Standard Elo.
    Elo,
    /// Rapid Elo.
    EloRapid,
    /// Blitz Elo.
    EloBlitz,
    /// DWZ, possibly with index (`1530-12`).
    Dwz,
    /// DWZ index alone.
    DwzIndex,
    /// FIDE title.
    Title,
    /// Membership status (active, passive, ...).
    Status,
}

impl Column {
    /// The column for a header, by its German or English name (case, spaces, `-`, `_` ignored).
    pub fn from_header(header: &str) -> Option<Column> {
        use Column::*;
        Some(match header_key(header).as_str() {
            "name" | "spielername" | "spieler" | "player" | "playername" | "teilnehmer" => Name,
            "nachname" | "lastname" | "surname" | "familyname" | "familienname" => LastName,
            "vorname" | "firstname" | "givenname" | "forename" => FirstName,
            "geschlecht" | "sex" | "gender" => Sex,
            "geburtsdatum" | "geburtstag" | "geboren" | "birthdate" | "dateofbirth" | "dob"
            | "born" | "birthday" | "bday" | "geburtsjahr" | "jahrgang" | "birthyear" | "yob" => {
                Birth
            }
            "foederation" | "federation" | "fed" | "land" | "nation" | "country" | "fideland"
            | "fidefed" => Federation,
            "verein" | "vereinsname" | "vereinname" | "club" | "clubname" | "team" => Club,
            "zps" | "vkz" => Zps,
            "mglnr" | "mitgliedsnummer" | "mitgliedsnr" | "membernumber" | "memberno"
            | "member" => Member,
            "dsbid" | "zpsmglnr" => DsbId,
            "fideid" | "idfide" | "fidenr" | "fidenumber" | "fideidnumber" => FideId,
            "elo" | "fideelo" | "elostandard" | "standardelo" | "fiderating" | "standard"
            | "srtng" => Elo,
            "elorapid" | "eloschnellschach" | "rapidelo" | "rapid" | "rapidrating" | "rrtng" => {
                EloRapid
            }
            "eloblitz" | "blitzelo" | "blitz" | "blitzrating" | "brtng" => EloBlitz,
            "dwz" => Dwz,
            "index" | "dwzindex" => DwzIndex,
            "titel" | "title" | "fidetitel" | "fidetitle" | "tit" => Title,
            "status" => Status,
            _ => return None,
        })
    }
}

/// Whether a header names a rating without saying DWZ or Elo (`Rating`, `Wertungszahl`,
/// `Wertung`): refused rather than guessed.
fn is_bare_rating(header: &str) -> bool {
    matches!(
        header_key(header).as_str(),
        "rating" | "wertungszahl" | "wertung"
    )
}

/// A field that does not parse: the error for its row.
pub(crate) fn bad(file: &str, field: &Field, column: &str, expected: &'static str) -> Error {
    Error::new(
        file,
        field.line,
        field.column,
        ErrorKind::Field {
            column: column.to_string(),
            expected,
            found: field.text.clone(),
        },
    )
}

/// A number of at most `digits` digits; empty, `0` and `-` are none (lists write 0 for "no rating").
pub(crate) fn number<T: std::str::FromStr + Default + PartialEq>(
    text: &str,
    digits: usize,
) -> Result<Option<T>, ()> {
    let t = text.trim();
    if t.is_empty() || t == "-" {
        return Ok(None);
    }
    if t.len() > digits || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    let n: T = t.parse().map_err(|_| ())?;
    Ok((n != T::default()).then_some(n))
}

/// A non-empty trimmed string.
pub(crate) fn text(t: &str) -> Option<String> {
    let t = t.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// A CSV file of players with a header row naming the columns ([`Column::from_header`]); columns
/// with other names are ignored. Needs a name (`Name` as `Last, First`, or `Nachname`).
/// A row with a bad field is skipped and reported with line and column.
pub fn read_players(bytes: &[u8], file: &str) -> Result<Import, Error> {
    let (text, encoding) = text::decode(bytes, file)?;
    read_players_str(&text, encoding, file)
}

fn read_players_str(text: &str, encoding: Encoding, file: &str) -> Result<Import, Error> {
    let header_line = text::lines(text)
        .find(|(_, l)| !l.trim().is_empty())
        .ok_or_else(|| Error::new(file, 0, 0, ErrorKind::Empty))?;
    let mut rows = Rows::new(text, detect_separator(header_line.1), file);
    let header = rows
        .next()
        .ok_or_else(|| Error::new(file, 0, 0, ErrorKind::Empty))??;
    let columns: Vec<Option<Column>> = header
        .fields
        .iter()
        .map(|f| Column::from_header(&f.text))
        .collect();
    if !columns
        .iter()
        .any(|c| matches!(c, Some(Column::Name | Column::LastName)))
    {
        return Err(Error::new(
            file,
            header.line,
            0,
            ErrorKind::MissingColumn("Name or Nachname/Last name"),
        ));
    }
    if let Some(f) = header.fields.iter().find(|f| is_bare_rating(&f.text)) {
        return Err(Error::new(
            file,
            f.line,
            f.column,
            ErrorKind::AmbiguousRating(f.text.trim().to_string()),
        ));
    }
    let mut import = Import {
        players: Vec::new(),
        errors: Vec::new(),
        encoding,
    };
    for row in rows {
        match row.and_then(|row| generic_player(&row, &header, &columns, file)) {
            Ok(player) => import.players.push(player),
            Err(e) if e.kind == ErrorKind::UnclosedQuote => {
                import.errors.push(e);
                break;
            }
            Err(e) => import.errors.push(e),
        }
    }
    Ok(import)
}

fn generic_player(
    row: &Row,
    header: &Row,
    columns: &[Option<Column>],
    file: &str,
) -> Result<ImportedPlayer, Error> {
    if row.fields.len() > columns.len() {
        let first_extra = &row.fields[columns.len()];
        return Err(Error::new(
            file,
            first_extra.line,
            first_extra.column,
            ErrorKind::FieldCount {
                expected: columns.len(),
                found: row.fields.len(),
            },
        ));
    }
    let mut p = ImportedPlayer {
        line: row.line,
        ..ImportedPlayer::default()
    };
    let (mut zps, mut member, mut dwz, mut index) = (None, None, None, None);
    for ((field, column), head) in row.fields.iter().zip(columns).zip(&header.fields) {
        let Some(column) = column else { continue };
        let t = field.text.trim();
        let err = |expected| bad(file, field, &head.text, expected);
        match column {
            Column::Name => (p.last_name, p.first_name) = split_name(t),
            Column::LastName => p.last_name = t.to_string(),
            Column::FirstName => p.first_name = t.to_string(),
            Column::Sex if t.is_empty() => {}
            Column::Sex => p.sex = Some(t.parse::<Sex>().map_err(|()| err("M, W or F"))?),
            Column::Birth if t.is_empty() || t == "0000" => {}
            Column::Birth => {
                p.birth = Some(
                    t.parse::<Birth>()
                        .map_err(|_| err("a birth year YYYY or a date DD.MM.YYYY / YYYY-MM-DD"))?,
                )
            }
            Column::Federation => p.federation = text(t).map(|f| f.to_uppercase()),
            Column::Club => p.club = text(t),
            Column::Zps if t.is_empty() => {}
            Column::Zps => {
                zps = Some(
                    t.parse()
                        .map_err(|()| err("a ZPS of 5 digits or capitals"))?,
                )
            }
            Column::Member => member = number::<u16>(t, 4).map_err(|()| err("a member number"))?,
            Column::DsbId if t.is_empty() => {}
            Column::DsbId => {
                p.dsb_id = Some(
                    t.parse::<DsbId>()
                        .map_err(|()| err("ZPS-member, e.g. C0327-12"))?,
                )
            }
            Column::FideId => p.fide_id = number(t, 10).map_err(|()| err("a FIDE ID (digits)"))?,
            Column::Elo => p.elo = number(t, 4).map_err(|()| err("an Elo rating"))?,
            Column::EloRapid => p.elo_rapid = number(t, 4).map_err(|()| err("an Elo rating"))?,
            Column::EloBlitz => p.elo_blitz = number(t, 4).map_err(|()| err("an Elo rating"))?,
            Column::Dwz if t.is_empty() || t == "0" || t == "-" => {}
            Column::Dwz => {
                let d: Dwz = t.parse().map_err(|()| err("a DWZ, e.g. 1530 or 1530-12"))?;
                dwz = Some(d.rating);
                index = index.or(d.index);
            }
            Column::DwzIndex => {
                index = number::<u16>(t, 4)
                    .map_err(|()| err("a DWZ index"))?
                    .or(index)
            }
            Column::Title => p
                .titles
                .extend(t.split([' ', '/', ',']).filter_map(Title::parse)),
            Column::Status => {
                p.status = match t.to_ascii_uppercase().as_str() {
                    "" => None,
                    "A" | "ACTIVE" | "AKTIV" => Some(Status::Active),
                    "P" | "PASSIVE" | "PASSIV" => Some(Status::Passive),
                    _ => return Err(err("A (active) or P (passive)")),
                }
            }
        }
    }
    if p.last_name.is_empty() {
        return Err(Error::new(
            file,
            row.line,
            0,
            ErrorKind::Field {
                column: "Name".into(),
                expected: "a name",
                found: String::new(),
            },
        ));
    }
    if let (Some(zps), Some(member)) = (zps, member) {
        p.dsb_id = Some(DsbId { zps, member });
    }
    p.dwz = dwz.map(|rating| Dwz { rating, index });
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str, sep: char) -> Vec<Result<Row, Error>> {
        Rows::new(text, sep, "t.csv").collect()
    }

    #[test]
    fn quoted_fields_and_positions() {
        let r = rows("a,\"b,\"\"c\"\"\",d\n\n\"x\ny\",z", ',');
        let first = r[0].as_ref().unwrap();
        let texts: Vec<&str> = first.fields.iter().map(|f| f.text.as_str()).collect();
        assert_eq!(texts, ["a", "b,\"c\"", "d"]);
        assert_eq!(first.fields[2].column, 13);
        let second = r[1].as_ref().unwrap();
        assert_eq!((second.line, second.fields[0].text.as_str()), (3, "x\ny"));
        assert_eq!(second.fields[1].column, 4);
        let tabs = rows("a\t\t\"b\tc\"\t d", '\t');
        let texts: Vec<&str> = tabs[0]
            .as_ref()
            .unwrap()
            .fields
            .iter()
            .map(|f| f.text.as_str())
            .collect();
        assert_eq!(texts, ["a", "", "b\tc", "d"]);
    }

    #[test]
    fn unclosed_quote_names_its_place() {
        let r = rows("a;b\nc;\"d\n", ';');
        let e = r[1].as_ref().unwrap_err();
        assert_eq!(
            (e.line, e.column, &e.kind),
            (2, 3, &ErrorKind::UnclosedQuote)
        );
    }

    #[test]
    fn h12_02_a_bare_rating_column_is_refused_naming_dwz_and_elo() {
        for header in ["Rating", "Wertungszahl", " rating "] {
            let text = format!("Name;Verein;{header}\nIto, Ken;SK;1530\n");
            let e = read_players(text.as_bytes(), "r.csv").unwrap_err();
            assert_eq!((e.line, e.column), (1, 13));
            assert_eq!(
                e.to_string(),
                format!(
                    "r.csv: line 1, column 13: column `{}` does not say which rating it holds: \
                     name it `DWZ` (German rating) or `Elo` (FIDE rating)",
                    header.trim()
                )
            );
        }
        let ok = read_players(b"Name;FIDE Rating;DWZ\nIto, Ken;1700;1530\n", "r.csv").unwrap();
        let p = &ok.players[0];
        assert_eq!((p.elo, p.dwz.map(|d| d.rating)), (Some(1700), Some(1530)));
    }

    #[test]
    fn separators() {
        assert_eq!(detect_separator("Name;Verein;\"a,b\""), ';');
        assert_eq!(detect_separator("Name,Club"), ',');
        assert_eq!(detect_separator("Name\tClub"), '\t');
        assert_eq!(detect_separator("Name"), ',');
    }

    #[test]
    fn english_headers_and_errors() {
        let text = "Last name,First name,Sex,Born,FIDE ID,Elo,Federation,Title\n\
                    Okafor,Ben,m,2008,25012345,1890,ngr,CM\n\
                    Bad,Row,x,2008,,,,\n\
                    Kovacs,Anna,F,1999-12-31,,,HUN,WFM IA\n";
        let import = read_players(text.as_bytes(), "e.csv").unwrap();
        assert_eq!(import.players.len(), 2);
        let ben = &import.players[0];
        assert_eq!(
            (ben.fide_id, ben.elo, ben.federation.as_deref()),
            (Some(25012345), Some(1890), Some("NGR"))
        );
        assert_eq!(ben.titles, [Title::Cm]);
        assert_eq!(
            import.players[1].titles,
            [Title::Wfm, Title::Other("IA".into())]
        );
        let e = &import.errors[0];
        assert_eq!((e.line, e.column), (3, 9));
        assert_eq!(
            e.to_string(),
            "e.csv: line 3, column 9: Sex: expected M, W or F, found `x`"
        );
    }

    #[test]
    fn dwz_with_index_in_one_column() {
        let text = "Name;DWZ\n\"Ito, Ken\";1530-12\nOhne;0\nFalsch;15-x\n";
        let import = read_players(text.as_bytes(), "d.csv").unwrap();
        let dwz: Vec<Option<Dwz>> = import.players.iter().map(|p| p.dwz).collect();
        assert_eq!(
            dwz,
            [
                Some(Dwz {
                    rating: 1530,
                    index: Some(12)
                }),
                None
            ]
        );
        assert_eq!(
            import.errors[0].to_string(),
            "d.csv: line 4, column 8: DWZ: expected a DWZ, e.g. 1530 or 1530-12, found `15-x`"
        );
    }

    #[test]
    fn header_without_name_is_rejected() {
        let e = read_players(b"Verein;DWZ\nSK;1500\n", "v.csv").unwrap_err();
        assert_eq!(
            (e.line, e.kind),
            (1, ErrorKind::MissingColumn("Name or Nachname/Last name"))
        );
    }
}
