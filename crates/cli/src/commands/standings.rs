//! `arbiter standings FILE.trf --tiebreaks "BH/C1,SB,WIN,DE" [--edition legacy|2024|2026]
//! [--json|--csv]`: the ranking after the rounds played, by FIDE C.07 tie-breaks.
//!
//! `--explain TPN` prints one player's tie-breaks round by round instead.
//!
//! Exit codes (as `arbiter trf`): 0 ok, 2 bad arguments, 3 invalid input, 5 file access.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Map, Value, json};
use standings::rating::Hundredths;
use standings::tiebreak::{
    DirectEncounterRule, Edition, Evaluation, Field, Kind, Participant, Removal, Round, Rules,
    Source, TieBreak, check, parse_list, standings,
};
use standings::{Date, Outcome, Points, ScoringSystem};
use trf::{Colour, ResultCode, Tournament};

#[derive(clap::Args)]
pub struct Args {
    /// The TRF16 or TRF-2026 file.
    file: PathBuf,
    /// Tie-breaks in order, comma-separated C.07 codes with modifiers, e.g. "BH/C1,SB,WIN,DE".
    #[arg(long, default_value = "")]
    tiebreaks: String,
    /// C.07 edition for unplayed rounds; default from the start date (042): before 2024-04-01
    /// legacy, before 2026-03-01 2024, else 2026.
    #[arg(long)]
    edition: Option<Edition>,
    /// DE only when every tied player met every other (DSJ "sofern vollständig vorhanden").
    #[arg(long)]
    de_complete_only: bool,
    /// A round robin: forfeits count as games (C.07 2024 Art. 15, 2026 Art. 15.2).
    #[arg(long)]
    round_robin: bool,
    /// Print a JSON array in rank order.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV with a header line.
    #[arg(long)]
    csv: bool,
    /// Explain every tie-break of the player with this pairing number round by round
    /// (opponent, adjusted or dummy score, what was cut and why) instead of the table.
    #[arg(long, value_name = "TPN", conflicts_with_all = ["json", "csv"])]
    explain: Option<u16>,
}

const USAGE: u8 = 2;
const INVALID: u8 = 3;
const FILE_ACCESS: u8 = 5;

pub fn run(args: Args) -> ExitCode {
    match run_inner(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => ExitCode::from(code),
    }
}

fn run_inner(args: &Args) -> Result<(), u8> {
    let (codes, tiebreaks) = if args.tiebreaks.trim().is_empty() {
        (Vec::new(), Vec::new())
    } else {
        let tiebreaks = parse_list(&args.tiebreaks).map_err(|e| {
            eprintln!("arbiter standings: --tiebreaks: {e}");
            USAGE
        })?;
        let codes: Vec<String> = args
            .tiebreaks
            .split(',')
            .map(|c| c.trim().to_string())
            .collect();
        (codes, tiebreaks)
    };
    let t = read(&args.file)?;
    let report = t.validate();
    let errors: Vec<String> = report
        .errors()
        .map(|issue| format!("{}: {issue}", args.file.display()))
        .collect();
    if !errors.is_empty() {
        eprintln!("{}", errors.join("\n"));
        eprintln!("arbiter standings: the file is inconsistent; no standings computed");
        return Err(INVALID);
    }
    let field = field(&t).map_err(|e| {
        eprintln!("{}: {e}", args.file.display());
        INVALID
    })?;
    let edition = args.edition.unwrap_or_else(|| {
        t.start_date()
            .and_then(|d| Date::new(d.year, d.month, d.day))
            .map_or(Edition::Fide2026, Edition::for_start_date)
    });
    let rules = Rules {
        edition,
        direct_encounter: if args.de_complete_only {
            DirectEncounterRule::CompleteOnly
        } else {
            DirectEncounterRule::Fide
        },
        round_robin: args.round_robin,
    };
    check(&tiebreaks, rules).map_err(|e| {
        eprintln!("arbiter standings: --tiebreaks: {e}");
        USAGE
    })?;
    if let Some(tpn) = args.explain {
        return explain(&field, &codes, &tiebreaks, rules, tpn);
    }
    let table = standings(&field, &tiebreaks, rules);
    let name = |tpn: u16| t.player(tpn).map_or("", |p| p.person.name.as_str());
    if args.json {
        let rows: Vec<Value> = table
            .rows
            .iter()
            .map(|row| {
                let mut tbs = Map::new();
                for ((code, tb), v) in codes.iter().zip(&tiebreaks).zip(&row.values) {
                    tbs.insert(code.clone(), v.map_or(Value::Null, |v| number(*tb, v)));
                }
                json!({
                    "tpn": row.tpn,
                    "rank": row.rank,
                    "name": name(row.tpn),
                    "points": row.points.to_f64(),
                    "tiebreaks": tbs,
                })
            })
            .collect();
        emit(&format!("{}\n", Value::Array(rows)));
        return Ok(());
    }
    let sep = if args.csv { "," } else { "\t" };
    let mut header = vec!["rank", "tpn", "name", "points"];
    header.extend(codes.iter().map(String::as_str));
    let mut out = header.join(sep) + "\n";
    for row in &table.rows {
        let mut cells = vec![
            row.rank.to_string(),
            row.tpn.to_string(),
            csv_field(name(row.tpn), args.csv),
            row.points.to_string(),
        ];
        cells.extend(
            tiebreaks
                .iter()
                .zip(&row.values)
                .map(|(tb, v)| v.map_or_else(|| "-".to_string(), |v| text(*tb, v))),
        );
        out += &cells.join(sep);
        out.push('\n');
    }
    emit(&out);
    if !args.csv {
        eprintln!(
            "tie-breaks under C.07 edition {edition} ({})",
            edition.article()
        );
    }
    Ok(())
}

/// Prints each tie-break of one player with its per-round breakdown (BH, FB, SB).
fn explain(
    field: &Field,
    codes: &[String],
    tiebreaks: &[TieBreak],
    rules: Rules,
    tpn: u16,
) -> Result<(), u8> {
    if field.participant(tpn).is_none() {
        eprintln!("arbiter standings: --explain: no player {tpn}");
        return Err(USAGE);
    }
    let ev = Evaluation::new(field, rules.edition).round_robin(rules.round_robin);
    let mut out = format!(
        "player {tpn}: points {}, adjusted score {} (C.07 edition {}, {})\n",
        ev.pts(tpn).unwrap_or_default(),
        ev.adjusted_score(tpn).unwrap_or_default(),
        rules.edition,
        rules.edition.article()
    );
    for (code, &tb) in codes.iter().zip(tiebreaks) {
        let breakdown = match tb.kind {
            Kind::Bh => ev.bh(tpn, tb.trim),
            Kind::Fb => ev.fb(tpn, tb.trim),
            Kind::Sb => ev.sb(tpn, tb.trim),
            _ => None,
        };
        let Some(b) = breakdown else {
            let value = if tb.kind == Kind::De {
                "place within the tie group; see the table".to_string()
            } else {
                ev.value(tb, tpn)
                    .map_or_else(|| "-".to_string(), |v| text(tb, v))
            };
            out += &format!("{code} ({}): {value}\n", tb.kind.article());
            continue;
        };
        out += &format!("{code} ({}): {}\n", tb.kind.article(), b.value);
        for c in &b.contributions {
            let opponent = c
                .opponent
                .map_or_else(|| "-".to_string(), |o| o.to_string());
            let removed = c.removed.map_or_else(String::new, |r| {
                format!(", cut ({}, {})", removal(r), r.article())
            });
            out += &format!(
                "  R{} opponent {opponent}: {} {} ({}), own {}{}, value {}{removed}\n",
                c.round,
                source(c.source),
                c.opponent_score,
                c.source.article(),
                c.own,
                if c.vur { ", VUR" } else { "" },
                c.value
            );
        }
    }
    emit(&out);
    Ok(())
}

fn source(s: Source) -> &'static str {
    match s {
        Source::Opponent => "adjusted score",
        Source::Dummy => "dummy opponent",
        Source::VirtualOpponent => "virtual opponent",
    }
}

fn removal(r: Removal) -> &'static str {
    match r {
        Removal::LeastSignificant => "least significant value",
        Removal::VoluntarilyUnplayed => "voluntarily unplayed round first",
        Removal::Highest => "highest value",
    }
}

/// Writes to standard output; a closed pipe (`| head`) is not an error.
fn emit(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

fn csv_field(s: &str, csv: bool) -> String {
    if csv && (s.contains(',') || s.contains('"')) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Whether the criterion is a score (printed with decimals) rather than a count or rating.
fn is_score(tb: TieBreak) -> bool {
    matches!(
        tb.kind,
        Kind::Pts | Kind::Std | Kind::Bh | Kind::Fb | Kind::Sb | Kind::Ks | Kind::Ps | Kind::Aob
    )
}

fn text(tb: TieBreak, v: Hundredths) -> String {
    if is_score(tb) {
        v.to_string()
    } else {
        (v.0 / 100).to_string()
    }
}

fn number(tb: TieBreak, v: Hundredths) -> Value {
    if is_score(tb) {
        json!(v.to_f64())
    } else {
        json!(v.0 / 100)
    }
}

fn read(path: &Path) -> Result<Tournament, u8> {
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("arbiter standings: cannot read {}: {e}", path.display());
        FILE_ACCESS
    })?;
    Tournament::from_bytes(&bytes).map_err(|e| {
        eprintln!("{}: {e}", path.display());
        INVALID
    })
}

/// The TRF players as a tie-break [`Field`] over the rounds played.
fn field(t: &Tournament) -> Result<Field, String> {
    let scoring = scoring(t)?;
    let rounds = t.rounds_played();
    let mut participants = Vec::new();
    for p in t.players() {
        let mut entries = Vec::new();
        for (r, e) in p.rounds.iter().take(rounds).enumerate() {
            let outcome = outcome(e.result).ok_or_else(|| {
                format!(
                    "player {}, round {}: result `{}` is not yet known",
                    p.number(),
                    r + 1,
                    e.result.as_char()
                )
            })?;
            entries.push(Round {
                opponent: e
                    .opponent
                    .filter(|_| !matches!(e.result, ResultCode::PairingAllocatedBye)),
                black: e.colour == Some(Colour::Black),
                outcome,
            });
        }
        participants.push(Participant {
            tpn: p.number(),
            rating: p.person.rating.filter(|&r| r > 0),
            rounds: entries,
        });
    }
    Field::new(participants, rounds, scoring).map_err(|e| e.to_string())
}

fn outcome(code: ResultCode) -> Option<Outcome> {
    Some(match code {
        ResultCode::Win | ResultCode::UnratedWin => Outcome::Win,
        ResultCode::Draw | ResultCode::UnratedDraw => Outcome::Draw,
        ResultCode::Loss | ResultCode::UnratedLoss => Outcome::Loss,
        ResultCode::ForfeitWin => Outcome::ForfeitWin,
        ResultCode::ForfeitLoss => Outcome::ForfeitLoss,
        ResultCode::HalfPointBye => Outcome::HalfPointBye,
        ResultCode::FullPointBye => Outcome::FullPointBye,
        ResultCode::PairingAllocatedBye => Outcome::PairingBye,
        ResultCode::ZeroPointBye | ResultCode::Blank => Outcome::ZeroPointBye,
        ResultCode::Pending => return None,
    })
}

/// The TRF scoring (`162`/`XXS`/`BB*`) in half-points; colour-dependent points are refused.
fn scoring(t: &Tournament) -> Result<ScoringSystem, String> {
    let s = t.scoring();
    let half = |p: trf::Points| {
        u32::try_from(p.tenths())
            .ok()
            .filter(|n| n % 5 == 0)
            .map(|n| Points::from_half_points(n / 5))
            .ok_or_else(|| format!("scoring value {p} is not a non-negative multiple of 0.5"))
    };
    if s.win_white != s.win_black || s.draw_white != s.draw_black || s.loss_white != s.loss_black {
        return Err("colour-dependent scoring is not supported for tie-breaks".into());
    }
    Ok(ScoringSystem {
        win: half(s.win_white)?,
        draw: half(s.draw_white)?,
        loss: half(s.loss_white)?,
        forfeit_win: half(s.forfeit_win)?,
        forfeit_loss: half(s.forfeit_loss)?,
        pairing_bye: half(s.pab)?,
        full_point_bye: half(s.full_bye)?,
        half_point_bye: half(s.half_bye)?,
        zero_point_bye: half(s.zero_bye)?,
    })
}
