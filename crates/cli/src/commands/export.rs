//! `arbiter export dsb FILE.trf --format xml|swi [-o OUT] [--uuid U] [--created DATE]
//! [--sender NAME]`: the files for the DWZ evaluation (DSB Wertungsordnung) from a TRF16 or
//! TRF-2026 tournament: DSB XML 2026 (`DSB_DWZ_TournamentReport` 2.5, UTF-8) or SWI/ELOBASE
//! (CP850, CRLF).
//!
//! A TRF team file (`310` records or a team `192` code) is reported as a team tournament
//! (XML `TW`/`TR`, SWI `MS`/`MR`); its individual games are the rated part.
//!
//! The tournament UUID is derived from the TRF name, place and start date (the same tournament
//! keeps it across reports) unless `--uuid` gives one; the file UUID from the file's bytes and
//! the format. The creation date is `--created`, else the TRF end date (`052`), else today.
//! The time control comes from `222`, else `122`; the chief arbiter from `102`, the arbiters
//! from `112`.
//!
//! Exit codes (as `arbiter trf`): 0 written, 2 usage, 3 invalid input (with line and column) or
//! a tournament the DSB formats cannot hold, 5 file access.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use event::date::{Date, DateTime, Time};
use event::{Event, Section};
use ratinglist::dsb;
use trf::Tournament;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Write the DSB files for the DWZ evaluation: DSB XML 2026 or SWI/ELOBASE.
    Dsb {
        /// The TRF16 or TRF-2026 file (`-` for standard input).
        file: PathBuf,
        /// `xml` (DSB XML 2026) or `swi` (Swiss-Chess SWI/ELOBASE text in CP850).
        #[arg(long, value_enum)]
        format: DsbFormat,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Tournament UUID (default: derived from name, place and start date).
        #[arg(long)]
        uuid: Option<String>,
        /// Creation date, YYYY-MM-DD or TT.MM.JJJJ (default: the TRF end date, else today).
        #[arg(long)]
        created: Option<Date>,
        /// Sender of the report (XML `sender`, SWI `Anwender:`).
        #[arg(long, default_value = "")]
        sender: String,
    },
}

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
enum DsbFormat {
    /// DSB XML 2026, `DSB_DWZ_TournamentReport` 2.5.
    Xml,
    /// Swiss-Chess SWI/ELOBASE text, CP850.
    Swi,
}

const INVALID: u8 = 3;
const FILE_ACCESS: u8 = 5;

pub fn run(args: Args) -> ExitCode {
    let Command::Dsb {
        file,
        format,
        output,
        uuid,
        created,
        sender,
    } = args.command;
    let options = Options {
        format,
        uuid,
        created,
        sender,
    };
    match dsb(&file, &options, output.as_deref()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => ExitCode::from(code),
    }
}

struct Options {
    format: DsbFormat,
    uuid: Option<String>,
    created: Option<Date>,
    sender: String,
}

fn dsb(path: &Path, options: &Options, output: Option<&Path>) -> Result<(), u8> {
    let invalid = |e: &dyn std::fmt::Display| {
        eprintln!("{}: {e}", path.display());
        INVALID
    };
    let (t, bytes) = super::trf::read_valid_bytes("export", path)?;
    let header_date = |code| t.header_text(code).and_then(trf::parse_date);
    let created = options
        .created
        .or_else(|| header_date(52))
        .or_else(today)
        .ok_or(INVALID)?;
    let at = DateTime {
        date: created,
        time: Time::new(0, 0).ok_or(INVALID)?,
    };
    let individual;
    let games = if t.is_team_tournament() {
        individual = games_of_team_file(&t).map_err(|e| invalid(&e))?;
        &individual
    } else {
        &t
    };
    let section = Section::from_trf(games, at).map_err(|e| invalid(&e))?;
    let start = header_date(42)
        .or_else(|| section.schedule.first().map(|s| s.date))
        .unwrap_or(created);
    let end = header_date(52)
        .or_else(|| section.schedule.last().map(|s| s.date))
        .unwrap_or(created)
        .max(start);
    let venue = t.header_text(22).unwrap_or("").trim();
    let event = Event::new(&section.name, venue, start, end);
    let uuid = options.uuid.clone().unwrap_or_else(|| {
        let identity = format!("{}\n{venue}\n{start}", section.name);
        event::dsb_io::name_uuid(identity.as_bytes())
    });
    let mut file_identity = bytes.clone();
    file_identity.extend_from_slice(match options.format {
        DsbFormat::Xml => b"\nxml",
        DsbFormat::Swi => b"\nswi",
    });
    let file_uuid = event::dsb_io::name_uuid(&file_identity);
    let mut report = section
        .dsb_report(&event, at, &uuid, &file_uuid)
        .map_err(|e| invalid(&e))?;
    let text = |code| t.header_text(code).map(str::trim).unwrap_or("");
    report.tournament.time_control = [222, 122]
        .into_iter()
        .map(text)
        .find(|tc| !tc.is_empty())
        .unwrap_or("")
        .to_string();
    report.tournament.chief_arbiter = text(102).to_string();
    report.tournament.arbiters = t
        .records()
        .filter_map(|r| match r {
            trf::Record::Header(trf::Header::Text { code: 112, value }) => {
                Some(value.trim().to_string())
            }
            _ => None,
        })
        .filter(|a| !a.is_empty())
        .collect();
    report.tournament.sender = options.sender.clone();
    if t.is_team_tournament() {
        // A team event: `TW`/`TR` (XML), `MS`/`MR` (SWI); the games are rated one by one.
        report.tournament.kind = if t.pairing_system().is_some_and(|c| c.contains("ROUNDROBIN")) {
            dsb::TournamentType::TeamRoundRobin
        } else {
            report.tournament.kind.for_teams()
        };
    }
    let out = match options.format {
        DsbFormat::Xml => report.to_dsb_xml().map(String::into_bytes),
        DsbFormat::Swi => report.to_swi(),
    }
    .map_err(|e| invalid(&e))?;
    match output {
        Some(o) => std::fs::write(o, &out).map_err(|e| {
            eprintln!("arbiter export: cannot write {}: {e}", o.display());
            FILE_ACCESS
        }),
        None => {
            use std::io::Write;
            std::io::stdout().write_all(&out).map_err(|e| {
                eprintln!("arbiter export: cannot write to standard output: {e}");
                FILE_ACCESS
            })
        }
    }
}

/// Today by the system clock (UTC).
fn today() -> Option<Date> {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    Date::new(1970, 1, 1).map(|epoch| epoch.add_days(u32::try_from(days).unwrap_or(0)))
}

/// The individual games of a team file: the file without its team records (`013`, `310`,
/// `320`, `330`, `300`, `299`, `352`, `362`) and its team `192` code, so that it reads as a
/// section; the games and their results are what the DWZ evaluation rates.
fn games_of_team_file(t: &Tournament) -> Result<Tournament, String> {
    let text = t.write().map_err(|e| e.to_string())?;
    let kept: String = text
        .lines()
        .filter(|l| {
            ![
                "013", "310", "320", "330", "300", "299", "352", "362", "192",
            ]
            .iter()
            .any(|code| l.starts_with(code))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    kept.parse().map_err(|e: trf::TrfError| e.to_string())
}
