//! `arbiter ratings FILE.trf --system dwz|elo [--json]`: the rating change of every player of a
//! tournament (DWZ by the DSB Wertungsordnung, FIDE rating by B.02).
//!
//! Only games played over the board count (`1`, `=`, `0`); forfeits, byes and the unrated
//! codes `W`, `D`, `L` do not. Where the data come from:
//! - DWZ: the player's national rating record (TRF-2026, e.g. a `GER` line with the same
//!   pairing number), else the rating in the `001` line; 0 or blank is a newcomer. The index
//!   is not in a TRF: `--index` (default 6, i.e. no limit from a low index) for every rated
//!   player. Age = year of the end date − birth year (`001` columns 70-79); without a birth
//!   date `--default-age` (default 26, an adult). The end date is `052` or `--end-date`; it
//!   chooses the Wertungsordnung (2026 from 2026-06-08) unless `--edition` is given.
//! - Elo: the `001` rating; 0 or blank is unrated (first rating from this event alone). K is
//!   `--k` for everyone, else B.02 8.3.3 from the age (juniors), the rating (≥ 2400 → 10) and
//!   `--games-before` (default 30: an established player).
//!
//! Exit codes: 0 ok, 2 bad arguments, 3 invalid input, 5 file access.

use super::output::emit;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Value, json};
use standings::Date;
use standings::rating::dwz::{self, Factors, Player};
use standings::rating::elo::{self, KBasis, Kind};
use trf::{Record, ResultCode, Tournament};

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum System {
    Dwz,
    Elo,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum EditionArg {
    #[value(name = "2014")]
    Wo2014,
    #[value(name = "2026")]
    Wo2026,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum KindArg {
    Standard,
    Rapid,
    Blitz,
}

#[derive(clap::Args)]
pub struct Args {
    /// The TRF16 or TRF-2026 file.
    file: PathBuf,
    /// Rating system.
    #[arg(long, value_enum)]
    system: System,
    /// The tournament's last day (YYYY-MM-DD); default the `052` date.
    #[arg(long)]
    end_date: Option<Date>,
    /// DWZ: force a Wertungsordnung instead of choosing it by the end date.
    #[arg(long, value_enum)]
    edition: Option<EditionArg>,
    /// DWZ: the index of every rated player (a TRF does not carry it).
    #[arg(long, default_value_t = 6)]
    index: u16,
    /// Age assumed for a player without birth date.
    #[arg(long, default_value_t = 26)]
    default_age: u16,
    /// Elo: the K factor of every rated player instead of B.02 8.3.3.
    #[arg(long)]
    k: Option<u8>,
    /// Elo: rated games before the event, for K (8.3.3: 40 below 30 games).
    #[arg(long, default_value_t = 30)]
    games_before: u32,
    /// Elo: rating list.
    #[arg(long, value_enum, default_value = "standard")]
    kind: KindArg,
    /// Print a JSON array in file order.
    #[arg(long)]
    json: bool,
}

const INVALID: u8 = 3;

/// One row of the change table.
struct Line {
    tpn: u16,
    name: String,
    old: Option<u16>,
    new: Option<i32>,
    games: usize,
    score: Option<f64>,
    expected: Option<f64>,
    factor: Value,
    note: String,
}

pub fn run(args: Args) -> ExitCode {
    match run_inner(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => ExitCode::from(code),
    }
}

fn run_inner(args: &Args) -> Result<(), u8> {
    let t = read(&args.file)?;
    let fail = |message: String| {
        eprintln!("arbiter ratings: {}: {message}", args.file.display());
        INVALID
    };
    let end = match args.end_date {
        Some(d) => Some(d),
        None => t.header_text(52).and_then(trf::parse_date),
    };
    let players: Vec<&trf::Player> = t.players().collect();
    let position = |tpn: u16| players.iter().position(|p| p.number() == tpn);
    let mut games: Vec<Vec<(usize, standings::Points)>> = Vec::with_capacity(players.len());
    for p in &players {
        let mut list = Vec::new();
        for e in &p.rounds {
            let score = match e.result {
                ResultCode::Win => standings::Points::ONE,
                ResultCode::Draw => standings::Points::HALF,
                ResultCode::Loss => standings::Points::ZERO,
                _ => continue,
            };
            let Some(opponent) = e.opponent else { continue };
            let j = position(opponent)
                .ok_or_else(|| fail(format!("player {}: no opponent {opponent}", p.number())))?;
            list.push((j, score));
        }
        games.push(list);
    }
    let age = |p: &trf::Player, year: u16| -> u16 {
        p.person
            .birth_date
            .get(..4)
            .and_then(|y| y.parse::<u16>().ok())
            .filter(|&born| born > 0 && born <= year)
            .map_or(args.default_age, |born| year - born)
    };
    let lines = match args.system {
        System::Dwz => {
            let edition = match (args.edition, end) {
                (Some(EditionArg::Wo2014), _) => dwz::Edition::Wo2014,
                (Some(EditionArg::Wo2026), _) => dwz::Edition::Wo2026,
                (None, Some(end)) => dwz::Edition::for_end_date(end),
                (None, None) => {
                    return Err(fail(
                        "no end date: the file has no `052` date; give --end-date".into(),
                    ));
                }
            };
            let year = end.map_or(0, |d| d.year());
            let national: Vec<(u16, u16)> = t
                .records()
                .filter_map(|r| match r {
                    Record::NationalRating(n) => n.person.rating.map(|r| (n.person.number, r)),
                    _ => None,
                })
                .collect();
            let entrants: Vec<dwz::Entrant> = players
                .iter()
                .zip(&games)
                .map(|(p, g)| {
                    let rating = national
                        .iter()
                        .find(|(n, _)| *n == p.number())
                        .map(|&(_, r)| r)
                        .or(p.person.rating)
                        .filter(|&r| r > 0);
                    dwz::Entrant {
                        player: rating.map(|dwz| Player {
                            dwz,
                            index: args.index,
                            age: age(p, year),
                        }),
                        games: g.clone(),
                    }
                })
                .collect();
            let outcomes =
                dwz::evaluate_tournament(edition, &entrants).map_err(|e| fail(e.to_string()))?;
            eprintln!("DWZ evaluated under {edition}");
            players
                .iter()
                .zip(&entrants)
                .zip(outcomes)
                .map(|((p, e), o)| dwz_line(p, e, o))
                .collect::<Vec<Line>>()
        }
        System::Elo => {
            let kind = match args.kind {
                KindArg::Standard => Kind::Standard,
                KindArg::Rapid => Kind::Rapid,
                KindArg::Blitz => Kind::Blitz,
            };
            let year = end.or_else(|| t.start_date());
            let entrants: Vec<elo::Entrant> = players
                .iter()
                .zip(&games)
                .map(|(p, g)| {
                    let rated = p.person.rating.filter(|&r| r > 0).map(|rating| {
                        let k = args.k.unwrap_or_else(|| {
                            elo::k_factor(KBasis {
                                rating,
                                games_before: args.games_before,
                                age_this_year: year.map(|d| age(p, d.year())),
                                reached_2400: rating >= 2400,
                            })
                            .k
                        });
                        (rating, k)
                    });
                    elo::Entrant {
                        rated,
                        games: g.clone(),
                    }
                })
                .collect();
            let outcomes = elo::evaluate_tournament(kind, &entrants)
                .map_err(|e| fail(format!("{e} (a rated player's rating or K)")))?;
            players
                .iter()
                .zip(&entrants)
                .zip(outcomes)
                .map(|((p, e), o)| elo_line(p, e, o))
                .collect()
        }
    };
    if args.json {
        let rows: Vec<Value> = lines
            .iter()
            .map(|l| {
                json!({
                    "tpn": l.tpn,
                    "name": l.name,
                    "rating": l.old,
                    "new_rating": l.new,
                    "change": l.old.zip(l.new).map(|(o, n)| n - i32::from(o)),
                    "games": l.games,
                    "score": l.score,
                    "expected": l.expected,
                    "factor": l.factor,
                    "note": l.note,
                })
            })
            .collect();
        emit(&format!("{}\n", Value::Array(rows)));
        return Ok(());
    }
    let factor_name = match args.system {
        System::Dwz => "E|K",
        System::Elo => "K",
    };
    let mut out = format!("tpn\tname\trating\tgames\tW\tWe\t{factor_name}\tnew\tchange\tnote\n");
    let dash = || "-".to_string();
    for l in &lines {
        let cells = [
            l.tpn.to_string(),
            l.name.clone(),
            l.old.map_or_else(dash, |r| r.to_string()),
            l.games.to_string(),
            l.score.map_or_else(dash, |s| s.to_string()),
            l.expected.map_or_else(dash, |e| format!("{e:.3}")),
            match &l.factor {
                Value::Null => dash(),
                v => v.to_string(),
            },
            l.new.map_or_else(dash, |n| n.to_string()),
            l.old
                .zip(l.new)
                .map_or_else(dash, |(o, n)| format!("{:+}", n - i32::from(o))),
            l.note.clone(),
        ];
        out += &cells.join("\t");
        out.push('\n');
    }
    emit(&out);
    Ok(())
}

fn dwz_line(p: &trf::Player, e: &dwz::Entrant, o: dwz::TournamentOutcome) -> Line {
    let mut line = Line {
        tpn: p.number(),
        name: p.person.name.clone(),
        old: e.player.map(|pl| pl.dwz),
        new: None,
        games: e.games.len(),
        score: None,
        expected: None,
        factor: Value::Null,
        note: String::new(),
    };
    match o {
        dwz::TournamentOutcome::Rated(ev) => {
            line.new = Some(i32::from(ev.new_dwz));
            line.games = ev.games.len();
            line.score = Some(ev.score.to_f64());
            line.expected = Some(ev.expected.to_f64());
            line.factor = match ev.factors {
                Factors::Wo2014(f) => json!(f.e),
                Factors::Wo2026(f) => json!(f.k_tenths as f64 / 10.0),
            };
            line.note = format!("index {} → {}", ev.player.index, ev.new_index);
        }
        dwz::TournamentOutcome::Unchanged(pl) => {
            line.new = Some(i32::from(pl.dwz));
            line.games = 0;
            line.note = "no rated game".into();
        }
        dwz::TournamentOutcome::First(r) => {
            line.new = Some(i32::from(r.dwz));
            line.games = r.games;
            line.score = Some(r.score.to_f64());
            line.note = format!(
                "first DWZ (stage {}, performance {}, {})",
                r.stage,
                r.performance,
                r.article()
            );
        }
        dwz::TournamentOutcome::NoFirst(reason) => line.note = reason.to_string(),
    }
    line
}

fn elo_line(p: &trf::Player, e: &elo::Entrant, o: elo::TournamentOutcome) -> Line {
    let mut line = Line {
        tpn: p.number(),
        name: p.person.name.clone(),
        old: e.rated.map(|(r, _)| r),
        new: None,
        games: e.games.len(),
        score: None,
        expected: None,
        factor: Value::Null,
        note: String::new(),
    };
    match o {
        elo::TournamentOutcome::Rated(ev) => {
            line.new = Some(ev.new_rating);
            line.games = ev.rated_games;
            line.score = Some(ev.score.to_f64());
            line.expected = Some(ev.expected.to_f64());
            line.factor = json!(ev.k);
            if ev.k != ev.k_given {
                line.note = format!("K {} reduced so that K·n ≤ 700", ev.k_given);
            }
        }
        elo::TournamentOutcome::Unchanged(r) => {
            line.new = Some(i32::from(r));
            line.games = 0;
            line.note = "no rated game".into();
        }
        elo::TournamentOutcome::Initial(r) => {
            line.new = Some(i32::from(r.rating));
            line.games = r.games;
            line.score = Some(r.score.to_f64());
            line.note = format!("first rating ({})", r.article());
        }
        elo::TournamentOutcome::NoInitial(reason) => line.note = reason.to_string(),
    }
    line
}

fn read(path: &Path) -> Result<Tournament, u8> {
    super::trf::read_valid("ratings", path)
}
