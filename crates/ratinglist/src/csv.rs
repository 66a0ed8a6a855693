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
pub fn detect_separator(header: &str) -> u8 {
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
        b';'
    } else if tab > comma {
        b'\t'
    } else {
        b','
    }
}

/// Fields a row may have: far more than any list has columns, few enough that a hostile header
/// cannot make the readers build huge tables.
pub const MAX_FIELDS: usize = 1000;

/// Rows of CSV text (RFC 4180 quoting; quoted fields may span lines); blank lines are skipped,
/// fields are trimmed. The splitting is `csv-core`'s; this type adds what it does not report:
/// the line and column where every field starts, an unclosed quote as an error at the quote
/// (the reading ends there), and a row of more than [`MAX_FIELDS`] fields as an error at the
/// first field too many (the reading goes on after that row). Linear in the text.
pub struct Rows<'a> {
    text: &'a str,
    reader: csv_core::Reader,
    /// Bytes of `text` the reader has consumed.
    pos: usize,
    lines: Lines<'a>,
    file: &'a str,
    /// The unquoted text of the field being read (reused).
    out: Vec<u8>,
    /// Whether the next field starts a row (after blank lines, which the reader skips).
    row_start: bool,
}

impl<'a> Rows<'a> {
    /// Rows of `text`, fields split at the ASCII `separator`; `file` names the file in errors.
    pub fn new(text: &'a str, separator: u8, file: &'a str) -> Rows<'a> {
        Rows {
            text,
            reader: csv_core::ReaderBuilder::new().delimiter(separator).build(),
            pos: 0,
            lines: Lines::new(text),
            file,
            out: vec![0; 256],
            row_start: true,
        }
    }

    /// The next field: its text, where it starts (also as a byte offset), and whether it ends
    /// its row; `None` at the end.
    fn field(&mut self) -> Option<(Field, usize, bool)> {
        let start = self.pos;
        let mut written = 0;
        loop {
            let input = &self.text.as_bytes()[self.pos..];
            let (result, read, wrote) = self.reader.read_field(input, &mut self.out[written..]);
            self.pos += read;
            written += wrote;
            match result {
                csv_core::ReadFieldResult::InputEmpty => {}
                csv_core::ReadFieldResult::OutputFull => {
                    let len = self.out.len();
                    self.out.resize(2 * len, 0);
                }
                csv_core::ReadFieldResult::Field { record_end } => {
                    let raw = &self.text[start..self.pos];
                    let blank = match self.row_start {
                        true => raw.len() - raw.trim_start_matches(['\r', '\n']).len(),
                        false => 0,
                    };
                    let at = start + blank;
                    self.row_start = record_end;
                    let (line, column) = self.lines.locate(at);
                    let text = String::from_utf8_lossy(&self.out[..written])
                        .trim()
                        .to_string();
                    return Some((Field { text, line, column }, at, record_end));
                }
                csv_core::ReadFieldResult::End => return None,
            }
        }
    }

    /// Reads the rest of a row that has [`MAX_FIELDS`] fields already, for the error at
    /// `column`.
    fn too_many_fields(&mut self, line: usize, column: usize) -> Error {
        let mut found = MAX_FIELDS;
        while let Some((_, _, end)) = self.field() {
            found += 1;
            if end {
                break;
            }
        }
        Error::new(
            self.file,
            line,
            column,
            ErrorKind::FieldCount {
                expected: MAX_FIELDS,
                found,
            },
        )
    }

    /// The error for a field starting at byte `at` that opens a quote and runs to the end of
    /// the text without closing it.
    fn unclosed_quote(&self, field: &Field, at: usize) -> Option<Error> {
        let mut rest = self.text[at..].strip_prefix('"')?;
        if self.pos < self.text.len() {
            return None;
        }
        while let Some(quote) = rest.find('"') {
            match rest[quote + 1..].strip_prefix('"') {
                Some(after) => rest = after,
                None => return None,
            }
        }
        Some(Error::new(
            self.file,
            field.line,
            field.column,
            ErrorKind::UnclosedQuote,
        ))
    }
}

impl Iterator for Rows<'_> {
    type Item = Result<Row, Error>;

    fn next(&mut self) -> Option<Result<Row, Error>> {
        let mut fields = Vec::new();
        loop {
            let (field, at, end) = self.field()?;
            if let Some(e) = self.unclosed_quote(&field, at) {
                return Some(Err(e));
            }
            fields.push(field);
            if end {
                break;
            }
            if fields.len() == MAX_FIELDS {
                let (line, column) = self.lines.locate(self.pos);
                return Some(Err(self.too_many_fields(line, column)));
            }
        }
        Some(Ok(Row {
            line: fields[0].line,
            fields,
        }))
    }
}

/// Line and column (in characters) of byte offsets asked for in increasing order: counted on
/// from the last one, so that a whole text costs one pass.
struct Lines<'a> {
    text: &'a str,
    /// 1-based line of `last`.
    line: usize,
    /// The last offset located and its 1-based column.
    last: (usize, usize),
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text,
            line: 1,
            last: (0, 1),
        }
    }

    /// 1-based line and column of byte offset `at` (not before the last one asked for).
    fn locate(&mut self, at: usize) -> (usize, usize) {
        let (from, column) = self.last;
        let passed = &self.text[from..at];
        let column = match passed.rfind('\n') {
            Some(newline) => {
                self.line += passed.bytes().filter(|&b| b == b'\n').count();
                1 + passed[newline + 1..].chars().count()
            }
            None => column + passed.chars().count(),
        };
        self.last = (at, column);
        (self.line, column)
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

    fn rows(text: &str, sep: u8) -> Vec<Result<Row, Error>> {
        Rows::new(text, sep, "t.csv").collect()
    }

    #[test]
    fn quoted_fields_and_positions() {
        let r = rows("a,\"b,\"\"c\"\"\",d\n\n\"x\ny\",z", b',');
        let first = r[0].as_ref().unwrap();
        let texts: Vec<&str> = first.fields.iter().map(|f| f.text.as_str()).collect();
        assert_eq!(texts, ["a", "b,\"c\"", "d"]);
        assert_eq!(first.fields[2].column, 13);
        let second = r[1].as_ref().unwrap();
        assert_eq!((second.line, second.fields[0].text.as_str()), (3, "x\ny"));
        assert_eq!(second.fields[1].column, 4);
        let tabs = rows("a\t\t\"b\tc\"\t d", b'\t');
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
    fn h16_05_every_field_keeps_its_line_and_column_across_blank_lines_and_crlf() {
        let r = rows("a;b\r\n\r\n\"x\r\ny\";\r\nc;\"d\"\"\"\r\n", b';');
        let places: Vec<Vec<(usize, usize, &str)>> = r
            .iter()
            .map(|row| {
                let row = row.as_ref().unwrap();
                let fields = row.fields.iter();
                fields
                    .map(|f| (f.line, f.column, f.text.as_str()))
                    .collect()
            })
            .collect();
        assert_eq!(
            places,
            [
                vec![(1, 1, "a"), (1, 3, "b")],
                vec![(3, 1, "x\r\ny"), (4, 4, "")],
                vec![(5, 1, "c"), (5, 3, "d\"")],
            ]
        );
        let closed_at_the_end = rows("a;\"b\"\"\"", b';');
        assert_eq!(closed_at_the_end[0].as_ref().unwrap().fields[1].text, "b\"");
    }

    #[test]
    fn unclosed_quote_names_its_place() {
        let r = rows("a;b\nc;\"d\n", b';');
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
        assert_eq!(detect_separator("Name;Verein;\"a,b\""), b';');
        assert_eq!(detect_separator("Name,Club"), b',');
        assert_eq!(detect_separator("Name\tClub"), b'\t');
        assert_eq!(detect_separator("Name"), b',');
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
