//! FIDE rating lists: the TXT lists with fixed columns, whose positions are taken from the
//! header line (FIDE has moved them between lists), and the XML lists.
//!
//! The combined list (`players_list_foa.txt`) has `SRtng`, `RRtng` and `BRtng`; a single list
//! (`standard_rating_list.txt`, ...) has one rating column headed by the month (`SEP26`), whose
//! kind the caller gives as [`RatingKind`]. The TXT lists are Latin-1; UTF-8 is read too.
//!
//! ```
//! use ratinglist::{fide::{self, RatingKind}, Title};
//!
//! // Columns start where their labels start in the header line.
//! let txt = "ID Number Name                Fed Sex Tit WTit SRtng RRtng BRtng B-day Flag\n\
//!            99000011  Vandermeer, Hanna   NED F   IM  WGM  2391  2402  2377  1998  w\n";
//! let import = fide::read_txt(txt.as_bytes(), "players_list_foa.txt", RatingKind::Standard).unwrap();
//! let p = &import.players[0];
//! assert_eq!((p.fide_id, p.elo, p.elo_rapid, p.elo_blitz), (Some(99000011), Some(2391), Some(2402), Some(2377)));
//! assert_eq!(p.titles, [Title::Im, Title::Wgm]);
//! ```

use quick_xml::Reader;
use quick_xml::events::Event;

use crate::csv::number;
use crate::player::split_name;
use crate::text::{self, Encoding};
use crate::{Birth, Error, ErrorKind, Import, ImportedPlayer, Sex, Title};

/// Which rating a single-list file carries (its rating column is headed by the month).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RatingKind {
    #[default]
    /// Standard rating.
    Standard,
    /// Rapid rating.
    Rapid,
    /// Blitz rating.
    Blitz,
}

impl RatingKind {
    /// The kind a FIDE download file name implies (`rapid_rating_list.txt`, `blitz_...`),
    /// standard otherwise.
    pub fn from_file_name(name: &str) -> RatingKind {
        let name = name.to_ascii_lowercase();
        if name.contains("rapid") {
            RatingKind::Rapid
        } else if name.contains("blitz") {
            RatingKind::Blitz
        } else {
            RatingKind::Standard
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Id,
    Name,
    Fed,
    Sex,
    Tit,
    WTit,
    OTit,
    Rating(RatingKind),
    BDay,
    Flag,
    Other,
}

fn field(label: &str, single: RatingKind) -> Field {
    match label {
        "ID Number" | "ID" => Field::Id,
        "Name" => Field::Name,
        "Fed" => Field::Fed,
        "Sex" => Field::Sex,
        "Tit" => Field::Tit,
        "WTit" => Field::WTit,
        "OTit" => Field::OTit,
        "SRtng" => Field::Rating(RatingKind::Standard),
        "RRtng" => Field::Rating(RatingKind::Rapid),
        "BRtng" => Field::Rating(RatingKind::Blitz),
        "B-day" => Field::BDay,
        "Flag" => Field::Flag,
        l if l.len() == 5
            && l.as_bytes()[..3].iter().all(u8::is_ascii_uppercase)
            && l.as_bytes()[3..].iter().all(u8::is_ascii_digit) =>
        {
            Field::Rating(single)
        }
        _ => Field::Other,
    }
}

/// The columns of a TXT list: each starts where its label starts in the header line and ends
/// where the next label starts (character positions, 0-based).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Layout {
    columns: Vec<(Field, usize, usize)>,
    /// A line must reach the end of the `Fed` column.
    min_len: usize,
}

impl Layout {
    fn from_header(
        header: &str,
        single: RatingKind,
        file: &str,
        line: usize,
    ) -> Result<Layout, Error> {
        let mut labels: Vec<(String, usize)> = Vec::new();
        let mut start = None;
        let chars: Vec<char> = header.chars().collect();
        for (i, &c) in chars.iter().chain(std::iter::once(&' ')).enumerate() {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    labels.push((chars[s..i].iter().collect(), s));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(at) = labels
            .windows(2)
            .position(|w| w[0].0 == "ID" && w[1].0 == "Number")
        {
            labels[at].0 = "ID Number".into();
            labels.remove(at + 1);
        }
        let mut columns = Vec::new();
        for (i, (label, s)) in labels.iter().enumerate() {
            let end = labels.get(i + 1).map_or(usize::MAX, |n| n.1);
            columns.push((field(label, single), *s, end));
        }
        let find = |f: Field, name: &'static str| {
            columns
                .iter()
                .find(|c| c.0 == f)
                .map(|c| c.2)
                .ok_or_else(|| Error::new(file, line, 0, ErrorKind::MissingColumn(name)))
        };
        find(Field::Id, "ID Number")?;
        find(Field::Name, "Name")?;
        let min_len = find(Field::Fed, "Fed")?.saturating_sub(1);
        Ok(Layout { columns, min_len })
    }
}

/// A TXT rating list. The first non-blank line must be the header (`ID Number`, `Name`, `Fed`
/// at least). Lines that cannot be read are skipped and reported.
pub fn read_txt(bytes: &[u8], file: &str, single: RatingKind) -> Result<Import, Error> {
    let (text, encoding) = text::decode(bytes, file)?;
    let mut lines = text::lines(&text).filter(|(_, l)| !l.trim().is_empty());
    let (header_line, header) = lines
        .next()
        .ok_or_else(|| Error::new(file, 0, 0, ErrorKind::Empty))?;
    let layout = Layout::from_header(header, single, file, header_line)?;
    let mut import = Import {
        players: Vec::new(),
        errors: Vec::new(),
        encoding,
    };
    let mut offsets = Vec::new();
    for (n, line) in lines {
        match txt_player(line, n, &layout, file, &mut offsets) {
            Ok(p) => import.players.push(p),
            Err(e) => import.errors.push(e),
        }
    }
    Ok(import)
}

fn txt_player(
    line: &str,
    n: usize,
    layout: &Layout,
    file: &str,
    offsets: &mut Vec<usize>,
) -> Result<ImportedPlayer, Error> {
    offsets.clear();
    if !line.is_ascii() {
        offsets.extend(line.char_indices().map(|(i, _)| i));
    }
    let len = if line.is_ascii() {
        line.len()
    } else {
        offsets.len()
    };
    if len < layout.min_len {
        return Err(Error::new(
            file,
            n,
            len + 1,
            ErrorKind::Truncated {
                needed: layout.min_len,
                found: len,
            },
        ));
    }
    let byte = |c: usize| {
        if offsets.is_empty() {
            c.min(line.len())
        } else {
            offsets.get(c).copied().unwrap_or(line.len())
        }
    };
    let at = |c: usize| line[byte(c)..].chars().next();
    let mut p = ImportedPlayer {
        line: n,
        ..ImportedPlayer::default()
    };
    let mut carry = 0;
    for &(f, start, end) in &layout.columns {
        let start = start.max(carry);
        let mut end = end.min(len).max(start);
        // A long OTit list runs on into the next column (FOA); the overflow is OTit's.
        while f == Field::OTit
            && end < len
            && at(end).is_some_and(|c| !c.is_whitespace())
            && end > start
            && at(end - 1).is_some_and(|c| !c.is_whitespace())
        {
            end += 1;
        }
        carry = end;
        let value = line[byte(start)..byte(end)].trim();
        let err = |label: &str, expected| {
            Error::new(
                file,
                n,
                start + 1,
                ErrorKind::Field {
                    column: label.to_string(),
                    expected,
                    found: value.to_string(),
                },
            )
        };
        match f {
            Field::Id => {
                p.fide_id =
                    number(value, 10).map_err(|()| err("ID Number", "a FIDE ID (digits)"))?;
                if p.fide_id.is_none() {
                    return Err(err("ID Number", "a FIDE ID (digits)"));
                }
            }
            Field::Name => (p.last_name, p.first_name) = split_name(value),
            Field::Fed => p.federation = crate::csv::text(value),
            Field::Sex => {
                p.sex = match value {
                    "" => None,
                    v => Some(v.parse::<Sex>().map_err(|()| err("Sex", "M or F"))?),
                }
            }
            Field::Tit | Field::WTit => p.titles.extend(Title::parse(value)),
            Field::OTit => p.titles.extend(
                value
                    .split(',')
                    .filter(|t| !t.trim().is_empty())
                    .map(|t| Title::Other(t.trim().to_string())),
            ),
            Field::Rating(kind) => {
                let r = number(value, 4).map_err(|()| err("rating", "a rating (digits)"))?;
                match kind {
                    RatingKind::Standard => p.elo = r,
                    RatingKind::Rapid => p.elo_rapid = r,
                    RatingKind::Blitz => p.elo_blitz = r,
                }
            }
            Field::BDay => {
                p.birth = number::<u16>(value, 4)
                    .map_err(|()| err("B-day", "a birth year YYYY"))?
                    .map(Birth::Year)
            }
            Field::Flag => apply_flag(&mut p, value),
            Field::Other => {}
        }
    }
    Ok(p)
}

/// FIDE flags: `i` inactive, `w` woman.
fn apply_flag(p: &mut ImportedPlayer, flag: &str) {
    p.fide_inactive = flag.contains('i');
    if flag.contains('w') && p.sex.is_none() {
        p.sex = Some(Sex::Female);
    }
}

/// An XML rating list: `<playerslist><player><fideid/>...</player>...</playerslist>`.
/// `<rating>` is the single list's kind, `<rapid_rating>`/`<blitz_rating>` those of the combined
/// list. Malformed XML (also a late XML declaration, a second root element, an unclosed
/// element or a `<player>` inside another) ends the reading with an error at its line and
/// column; a player with a bad or repeated field is skipped and reported.
pub fn read_xml(bytes: &[u8], file: &str, single: RatingKind) -> Result<Import, Error> {
    let (text, encoding) = text::decode(bytes, file)?;
    read_xml_str(&text, encoding, file, single)
}

/// Line and column (1-based, in characters) of byte offsets, counted on from the last offset
/// asked for (readers ask in file order, so a file is scanned once).
pub(crate) struct Positions<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Positions<'a> {
    pub(crate) fn new(text: &'a str) -> Positions<'a> {
        Positions {
            text,
            offset: 0,
            line: 1,
            line_start: 0,
        }
    }

    pub(crate) fn at(&mut self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        if offset < self.offset {
            *self = Positions::new(self.text);
        }
        let skipped = &self.text.as_bytes()[self.offset..offset];
        if let Some(last) = skipped.iter().rposition(|&b| b == b'\n') {
            self.line += skipped.iter().filter(|&&b| b == b'\n').count();
            self.line_start = self.offset + last + 1;
        }
        self.offset = offset;
        (
            self.line,
            1 + self.text[self.line_start..offset].chars().count(),
        )
    }
}

/// The document rules quick-xml leaves to its caller: the XML declaration only at the very
/// start, one root element, and every element closed.
#[derive(Default)]
pub(crate) struct Document {
    started: bool,
    depth: usize,
    root: bool,
}

impl Document {
    /// Checks the next event; the error says what the document needs instead.
    pub(crate) fn check(&mut self, event: &Event<'_>) -> Result<(), String> {
        let first = !std::mem::replace(&mut self.started, true);
        let opens = matches!(event, Event::Start(_) | Event::Empty(_));
        match event {
            Event::Decl(_) if !first => {
                return Err("the XML declaration only at the very start of the file".into());
            }
            _ if opens && self.depth == 0 && self.root => {
                return Err("one root element: this one follows the end of the first".into());
            }
            Event::Eof if self.depth > 0 => {
                return Err("a closing tag for every element before the end of the file".into());
            }
            Event::End(_) => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        if opens {
            self.root = true;
            self.depth += usize::from(matches!(event, Event::Start(_)));
        }
        Ok(())
    }
}

/// The text of a general entity reference (`&amp;`, `&#228;`), if known.
pub(crate) fn entity(r: &quick_xml::events::BytesRef<'_>) -> Option<String> {
    if let Ok(Some(c)) = r.resolve_char_ref() {
        return Some(c.to_string());
    }
    let name = r.decode().ok()?;
    quick_xml::escape::resolve_predefined_entity(&name).map(str::to_string)
}

fn read_xml_str(
    text: &str,
    encoding: Encoding,
    file: &str,
    single: RatingKind,
) -> Result<Import, Error> {
    let mut reader = Reader::from_str(text);
    let mut import = Import {
        players: Vec::new(),
        errors: Vec::new(),
        encoding,
    };
    let mut positions = Positions::new(text);
    let mut fields: Vec<(&'static str, String)> = Vec::new();
    let mut element = false;
    let mut player_at: Option<(usize, usize)> = None;
    let mut seen_list = false;
    let mut document = Document::default();
    let mut duplicate: Option<Error> = None;
    let xml_err = |reader: &Reader<&[u8]>, message: String| {
        let (line, column) = Positions::new(text).at(reader.error_position() as usize);
        Error::new(file, line, column, ErrorKind::Xml(message))
    };
    loop {
        let before = reader.buffer_position() as usize;
        let event = reader
            .read_event()
            .map_err(|e| xml_err(&reader, e.to_string()))?;
        document.check(&event).map_err(|message| {
            let (line, column) = positions.at(before);
            Error::new(file, line, column, ErrorKind::Xml(message))
        })?;
        match event {
            Event::Start(e) => match (e.name().as_ref(), player_at) {
                (b"playerslist", None) => seen_list = true,
                (b"player", None) => {
                    player_at = Some(positions.at(before));
                    fields.clear();
                    duplicate = None;
                }
                (b"player", Some(_)) => {
                    let (line, column) = positions.at(before);
                    return Err(Error::new(
                        file,
                        line,
                        column,
                        ErrorKind::Xml("</player> before the next <player>".into()),
                    ));
                }
                (name, Some(_)) => {
                    element = false;
                    if let Some(tag) = XML_FIELDS.iter().find(|t| t.as_bytes() == name) {
                        if fields.iter().any(|(seen, _)| seen == tag) && duplicate.is_none() {
                            let (line, column) = positions.at(before);
                            duplicate = Some(Error::new(
                                file,
                                line,
                                column,
                                ErrorKind::Xml(format!("one <{tag}> per <player>")),
                            ));
                        }
                        fields.push((tag, String::new()));
                        element = true;
                    }
                }
                _ => {}
            },
            Event::Empty(e) if e.name().as_ref() == b"playerslist" => seen_list = true,
            Event::Text(t) if element => {
                if let (Some(last), Ok(s)) = (fields.last_mut(), t.decode()) {
                    last.1.push_str(&s);
                }
            }
            Event::GeneralRef(r) if element => {
                if let (Some(last), Some(s)) = (fields.last_mut(), entity(&r)) {
                    last.1.push_str(&s);
                }
            }
            Event::End(e) => {
                if e.name().as_ref() == b"player" {
                    if let Some((line, column)) = player_at.take() {
                        if let Some(e) = duplicate.take() {
                            import.errors.push(e);
                            continue;
                        }
                        match xml_player(&fields, line, column, file, single) {
                            Ok(p) => import.players.push(p),
                            Err(err) => import.errors.push(err),
                        }
                    }
                } else {
                    element = false;
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !seen_list {
        return Err(Error::new(
            file,
            1,
            1,
            ErrorKind::Xml("expected a <playerslist> root element".into()),
        ));
    }
    Ok(import)
}

/// The elements of `<player>` the reader uses.
const XML_FIELDS: [&str; 12] = [
    "fideid",
    "name",
    "country",
    "sex",
    "title",
    "w_title",
    "o_title",
    "rating",
    "rapid_rating",
    "blitz_rating",
    "birthday",
    "flag",
];

fn xml_player(
    fields: &[(&'static str, String)],
    line: usize,
    column: usize,
    file: &str,
    single: RatingKind,
) -> Result<ImportedPlayer, Error> {
    let mut p = ImportedPlayer {
        line,
        ..ImportedPlayer::default()
    };
    let mut flag = String::new();
    for (name, value) in fields {
        let value = value.trim();
        let err = |expected| {
            Error::new(
                file,
                line,
                column,
                ErrorKind::Field {
                    column: format!("<{name}>"),
                    expected,
                    found: value.to_string(),
                },
            )
        };
        let rating = || number::<u16>(value, 4).map_err(|()| err("a rating (digits)"));
        match *name {
            "fideid" => p.fide_id = number(value, 10).map_err(|()| err("a FIDE ID (digits)"))?,
            "name" => (p.last_name, p.first_name) = split_name(value),
            "country" => p.federation = crate::csv::text(value),
            "sex" if value.is_empty() => {}
            "sex" => p.sex = Some(value.parse().map_err(|()| err("M or F"))?),
            "title" | "w_title" => p.titles.extend(Title::parse(value)),
            "o_title" => p.titles.extend(
                value
                    .split(',')
                    .filter(|t| !t.trim().is_empty())
                    .map(|t| Title::Other(t.trim().to_string())),
            ),
            "rating" => match single {
                RatingKind::Standard => p.elo = rating()?,
                RatingKind::Rapid => p.elo_rapid = rating()?,
                RatingKind::Blitz => p.elo_blitz = rating()?,
            },
            "rapid_rating" => p.elo_rapid = rating()?,
            "blitz_rating" => p.elo_blitz = rating()?,
            "birthday" => {
                p.birth = number::<u16>(value, 4)
                    .map_err(|()| err("a birth year YYYY"))?
                    .map(Birth::Year)
            }
            "flag" => flag = value.to_string(),
            _ => {}
        }
    }
    apply_flag(&mut p, &flag);
    if p.fide_id.is_none() {
        return Err(Error::new(
            file,
            line,
            column,
            ErrorKind::Field {
                column: "<fideid>".into(),
                expected: "a FIDE ID",
                found: String::new(),
            },
        ));
    }
    Ok(p)
}
