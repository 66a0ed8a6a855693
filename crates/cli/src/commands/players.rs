//! `arbiter players import FILE [--format fide-txt|fide-xml|dsb|csv] [--clubs vereine.csv] [--json]`:
//! read a player list and print the players, the rows that could not be read and the
//! candidate duplicates.
//!
//! Exit codes: 0 every row read, 1 some rows skipped, 3 the file is not in the format,
//! 5 a file cannot be read.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ratinglist::fide::{self, RatingKind};
use ratinglist::{Error, Import, ImportedPlayer, csv, dsb, duplicates};

use super::input;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Read a FIDE rating list (TXT, XML), a DSB spieler.csv (v1/v2) or a CSV file with a header row.
    Import {
        /// The list (`-` for standard input).
        file: PathBuf,
        /// The format; guessed from the content when left out.
        #[arg(long, value_enum)]
        format: Option<Format>,
        /// DSB vereine.csv: fills in club names by ZPS.
        #[arg(long)]
        clubs: Option<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// FIDE rating list, fixed columns (combined or single list).
    FideTxt,
    /// FIDE rating list, XML.
    FideXml,
    /// DSB spieler.csv, v1 or v2.
    Dsb,
    /// CSV with a header row (German or English column names).
    Csv,
}

impl Format {
    fn name(self) -> &'static str {
        match self {
            Format::FideTxt => "FIDE rating list (TXT)",
            Format::FideXml => "FIDE rating list (XML)",
            Format::Dsb => "DSB spieler.csv",
            Format::Csv => "CSV",
        }
    }

    /// XML by its first character, the FIDE TXT list by its header, a DSB list by its header or
    /// number of columns; CSV otherwise.
    fn guess(bytes: &[u8]) -> Format {
        let start = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let start = &start[start
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(start.len())..];
        if start.starts_with(b"<") {
            Format::FideXml
        } else if start.starts_with(b"ID Number") {
            Format::FideTxt
        } else if dsb::spieler_version(bytes, "").is_ok() {
            Format::Dsb
        } else {
            Format::Csv
        }
    }
}

const ROWS_SKIPPED: u8 = 1;
const INVALID: u8 = 3;
const FILE_ACCESS: u8 = 5;

pub fn run(args: Args) -> ExitCode {
    let Command::Import {
        file,
        format,
        clubs,
        json,
    } = args.command;
    match import(&file, format, clubs.as_deref(), json) {
        Ok(code) => ExitCode::from(code),
        Err(code) => ExitCode::from(code),
    }
}

fn read(path: &Path) -> Result<Vec<u8>, u8> {
    input::read(path).map_err(|e| {
        eprintln!("arbiter players: cannot read {}: {e}", path.display());
        FILE_ACCESS
    })
}

fn invalid(e: &Error) -> u8 {
    eprintln!("{e}");
    INVALID
}

fn import(path: &Path, format: Option<Format>, clubs: Option<&Path>, json: bool) -> Result<u8, u8> {
    let bytes = read(path)?;
    let name = path.display().to_string();
    let format = format.unwrap_or_else(|| Format::guess(&bytes));
    let kind = RatingKind::from_file_name(&name);
    let mut import: Import = match format {
        Format::FideTxt => fide::read_txt(&bytes, &name, kind),
        Format::FideXml => fide::read_xml(&bytes, &name, kind),
        Format::Dsb => dsb::read_spieler(&bytes, &name),
        Format::Csv => csv::read_players(&bytes, &name),
    }
    .map_err(|e| invalid(&e))?;
    if let Some(clubs_path) = clubs {
        let clubs = dsb::read_vereine(&read(clubs_path)?, &clubs_path.display().to_string())
            .map_err(|e| invalid(&e))?;
        clubs.apply(&mut import.players);
        import.errors.extend(clubs.errors);
    }
    let dupes = duplicates(&import.players);
    let format_name = match (format, dsb::spieler_version(&bytes, &name)) {
        (Format::Dsb, Ok(dsb::SpielerVersion::V1)) => "DSB spieler.csv v1",
        (Format::Dsb, Ok(dsb::SpielerVersion::V2)) => "DSB spieler.csv v2",
        _ => format.name(),
    };
    if json {
        let players: Vec<serde_json::Value> = import.players.iter().map(player_json).collect();
        let errors: Vec<serde_json::Value> = import
            .errors
            .iter()
            .map(|e| serde_json::json!({ "file": e.file, "line": e.line, "column": e.column, "message": e.kind.to_string() }))
            .collect();
        let dupes: Vec<serde_json::Value> = dupes
            .iter()
            .map(|d| serde_json::json!({ "first": d.first, "second": d.second, "reason": d.reason.to_string() }))
            .collect();
        let out = serde_json::json!({
            "file": name,
            "format": format_name,
            "encoding": import.encoding.to_string(),
            "count": import.players.len(),
            "players": players,
            "errors": errors,
            "duplicates": dupes,
        });
        println!("{out:#}");
    } else {
        for (i, p) in import.players.iter().enumerate() {
            println!("{:>5}  {}", i + 1, player_line(p));
        }
        for e in &import.errors {
            println!("error: {e}");
        }
        for d in &dupes {
            let (a, b) = (&import.players[d.first], &import.players[d.second]);
            println!(
                "duplicate? {} (line {}) and {} (line {}): {}",
                a.name(),
                a.line,
                b.name(),
                b.line,
                d.reason
            );
        }
        println!(
            "{name}: {format_name}, {}, {} players, {} errors, {} possible duplicates",
            import.encoding,
            import.players.len(),
            import.errors.len(),
            dupes.len()
        );
    }
    Ok(if import.errors.is_empty() {
        0
    } else {
        ROWS_SKIPPED
    })
}

fn player_line(p: &ImportedPlayer) -> String {
    let mut parts = vec![p.name()];
    if let Some(t) = &p.academic_title {
        parts.push(t.clone());
    }
    if !p.titles.is_empty() {
        parts.push(
            p.titles
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(","),
        );
    }
    let mut add = |label: &str, value: Option<String>| {
        if let Some(v) = value {
            parts.push(if label.is_empty() {
                v
            } else {
                format!("{label} {v}")
            });
        }
    };
    add("", p.federation.clone());
    add("", p.sex.map(|s| s.to_string()));
    add("born", p.birth.map(|b| b.to_string()));
    add("FIDE", p.fide_id.map(|i| i.to_string()));
    add("Elo", p.elo.map(|r| r.to_string()));
    add("rapid", p.elo_rapid.map(|r| r.to_string()));
    add("blitz", p.elo_blitz.map(|r| r.to_string()));
    add("DWZ", p.dwz.map(|d| d.to_string()));
    add("ZPS", p.dsb_id.as_ref().map(ToString::to_string));
    add("", p.club.clone());
    if p.fide_inactive {
        parts.push("inactive".into());
    }
    parts.join("  ")
}

fn player_json(p: &ImportedPlayer) -> serde_json::Value {
    serde_json::json!({
        "line": p.line,
        "last_name": p.last_name,
        "first_name": p.first_name,
        "academic_title": p.academic_title,
        "sex": p.sex.map(|s| s.to_string()),
        "birth": p.birth.map(|b| b.to_string()),
        "federation": p.federation,
        "club": p.club,
        "dsb_id": p.dsb_id.as_ref().map(ToString::to_string),
        "dsb_person_id": p.dsb_person_id,
        "status": p.status.map(|s| match s {
            ratinglist::Status::Active => "active",
            ratinglist::Status::Passive => "passive",
        }),
        "eligibility": p.eligibility,
        "fide_id": p.fide_id,
        "fide_inactive": p.fide_inactive,
        "elo": p.elo,
        "elo_rapid": p.elo_rapid,
        "elo_blitz": p.elo_blitz,
        "dwz": p.dwz.map(|d| d.rating),
        "dwz_index": p.dwz.and_then(|d| d.index),
        "titles": p.titles.iter().map(ToString::to_string).collect::<Vec<_>>(),
    })
}
