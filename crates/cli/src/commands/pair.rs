//! `arbiter pair --dutch FILE (-p [OUT] | -c | --explain)`: FIDE Dutch pairings (C.04.3) with
//! the engine protocol of JaVaFo and bbpPairings; `arbiter pair --dutch -g [CONFIG] -o OUT -s
//! SEED`: a random tournament; `arbiter pair --berger N [--double]`: a round-robin schedule
//! (C.05 Annex 1), as `arbiter berger`; `arbiter pair --team FILE -p [OUT] [--team-rr R
//! [--double]]`: the next round of a team Swiss, or round R of the team round robin, by team
//! numbers (see `commands::team`).
//!
//! `-p` pairs the next round: the first line is the number of pairs, then `white black` per
//! board by pairing number, the pairing-allocated bye as `id 0`. `-c` re-pairs every recorded
//! round from the history before it and prints the differences. `--explain` pairs the next
//! round and says why (`--lang en|de`, `--json`). `--baku` adds Baku acceleration (C.04.7).
//! Exit codes: 0 ok, 1 no valid pairing, 2 unexpected, 3 invalid input, 4 size limit,
//! 5 file access.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use pairing::dutch::{
    C11Reading, DutchEdition, Float, Input, Pairing, PairingError, Rules, pair_round,
};
use pairing::explain::{Explanation, Lang, explain, float_reason_text};
use pairing::generator::{Config, GenerateError, generate};
use pairing::{acceleration, trf_input};
use trf::Tournament;

/// Pairing numbers a TRF record can hold (4 columns).
const MAX_PLAYERS: usize = 9999;

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("system").required(true).args(["dutch", "berger", "team"])))]
pub struct Args {
    /// TRF file with the tournament so far (the FIDE Dutch system, C.04.3); none with -g.
    #[arg(long, value_name = "FILE", num_args = 0..=1)]
    dutch: Option<Option<PathBuf>>,
    /// Round robin for N participants: print the Berger table schedule (C.05 Annex 1).
    #[arg(long, value_name = "N", conflicts_with_all = ["pair", "check", "edition"])]
    berger: Option<usize>,
    /// TRF-2026 team file (310/013 records): pair the next round of the team Swiss by team
    /// numbers (C.04.6 where the Dutch engine allows, see crates/pairing/README.md).
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["check", "edition", "explain", "generate", "baku"])]
    team: Option<PathBuf>,
    /// With --team: round R of the team round robin (Berger tables, C.05 Annex 1) instead.
    #[arg(long, value_name = "R", requires = "team")]
    team_rr: Option<usize>,
    /// With --berger or --team-rr: a double round robin, the second cycle with colours reversed.
    #[arg(long)]
    double: bool,
    /// Pair the next round; write to OUT (default: standard output).
    #[arg(short = 'p', value_name = "OUT", num_args = 0..=1, conflicts_with = "check")]
    pair: Option<Option<PathBuf>>,
    /// Re-pair every recorded round and report differences.
    #[arg(short = 'c', conflicts_with = "explain")]
    check: bool,
    /// Pair the next round and explain every board, floater and the bye.
    #[arg(long, conflicts_with = "pair")]
    explain: bool,
    /// Language of --explain: en (default) or de.
    #[arg(long, value_name = "LANG")]
    lang: Option<Lang>,
    /// With --explain: JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Baku acceleration (C.04.7) computed by us, replacing any 250/XXA points.
    #[arg(long)]
    baku: bool,
    /// Generate a random tournament, from the Key=Value CONFIG file or a random configuration.
    #[arg(short = 'g', value_name = "CONFIG", num_args = 0..=1,
          conflicts_with_all = ["pair", "check", "explain"], requires = "output")]
    generate: Option<Option<PathBuf>>,
    /// With -g: the TRF file to write.
    #[arg(short = 'o', value_name = "OUT", requires = "generate")]
    output: Option<PathBuf>,
    /// With -g: the seed (default: from the clock, printed on standard error).
    #[arg(short = 's', value_name = "SEED", requires = "generate")]
    seed: Option<u64>,
    /// Rules edition, overriding the `192` code and the `042` start date: 2017 or 2026.
    #[arg(long, value_parser = parse_edition)]
    edition: Option<DutchEdition>,
    /// With -p or -c: how C11 counts a third colour in a row, `text` (default: every topscorer
    /// or opponent who gets it) or `reference` (bbpPairings: only one whose absolute
    /// preference is denied). They differ only on histories these rules cannot produce.
    #[arg(long, value_name = "READING", conflicts_with_all = ["explain", "generate", "team", "berger"])]
    c11: Option<C11Reading>,
}

fn parse_edition(s: &str) -> Result<DutchEdition, String> {
    match s {
        "2017" => Ok(DutchEdition::Rules2017),
        "2026" | "2025" => Ok(DutchEdition::Rules2026),
        other => other.parse().map_err(|e| format!("{e}")),
    }
}

pub fn run(args: Args) -> ExitCode {
    if !args.explain && (args.json || args.lang.is_some()) {
        eprintln!("arbiter pair: --lang and --json go with --explain");
        return ExitCode::from(2);
    }
    if let Some(config) = &args.generate {
        let Some(out) = &args.output else {
            eprintln!("arbiter pair: -g needs -o OUT");
            return ExitCode::from(3);
        };
        return generate_tournament(config.as_deref(), out, args.seed, args.edition, args.baku);
    }
    if let Some(file) = &args.team {
        let Some(out) = &args.pair else {
            eprintln!("arbiter pair: give -p [OUT] with --team");
            return ExitCode::from(3);
        };
        let tournament = match super::trf::read_valid("pair", file) {
            Ok(t) => t,
            Err(code) => return ExitCode::from(code),
        };
        return super::team::pair(&tournament, args.team_rr, args.double, out.as_deref());
    }
    let dutch = match (args.dutch, args.berger) {
        (_, Some(players)) => return super::berger::schedule(players, args.double),
        (Some(Some(file)), None) => file,
        (Some(None), None) => {
            eprintln!("arbiter pair: --dutch needs a TRF file (or -g to generate one)");
            return ExitCode::from(3);
        }
        (None, None) => {
            eprintln!("arbiter pair: name the system: --dutch FILE or --berger N");
            return ExitCode::from(2);
        }
    };
    let tournament = match super::trf::read_valid("pair", &dutch) {
        Ok(t) => t,
        Err(code) => return ExitCode::from(code),
    };
    if tournament.players().count() > MAX_PLAYERS {
        eprintln!("arbiter pair: more than {MAX_PLAYERS} players");
        return ExitCode::from(4);
    }
    let edition = args
        .edition
        .or(trf_input::edition(&tournament))
        .unwrap_or(DutchEdition::Rules2026);
    let rules = Rules {
        edition,
        c11: args.c11.unwrap_or_default(),
    };
    if args.check {
        return check(&tournament, rules, &dutch, args.baku);
    }
    if args.explain {
        return explain_round(
            &tournament,
            edition,
            &dutch,
            args.baku,
            args.lang.unwrap_or_default(),
            args.json,
        );
    }
    match args.pair {
        Some(out) => pair(&tournament, rules, &dutch, out, args.baku),
        None => {
            eprintln!("arbiter pair: give -p [OUT], -c or --explain");
            ExitCode::from(3)
        }
    }
}

/// The pairing input for `round`, with Baku acceleration when asked for.
fn round_input(
    tournament: &Tournament,
    round: u32,
    file: &Path,
    baku: bool,
) -> Result<Input, ExitCode> {
    match trf_input::input_for_round(tournament, round) {
        Ok(mut input) => {
            if baku {
                acceleration::apply_baku(&mut input);
            }
            Ok(input)
        }
        Err(e) => {
            eprintln!("arbiter pair: {}: {e}", file.display());
            Err(ExitCode::from(3))
        }
    }
}

fn generate_tournament(
    config: Option<&Path>,
    out: &Path,
    seed: Option<u64>,
    edition: Option<DutchEdition>,
    baku: bool,
) -> ExitCode {
    let seed = seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() ^ u64::from(d.subsec_nanos()));
        eprintln!("arbiter pair: seed {now}");
        now
    });
    let mut config = match config {
        None => Config::random(seed),
        Some(path) => {
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("arbiter pair: {}: {e}", path.display());
                    return ExitCode::from(5);
                }
            };
            match Config::parse_with(&text, super::standings::check_tiebreak_code) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("arbiter pair: {}: {e}", path.display());
                    return ExitCode::from(3);
                }
            }
        }
    };
    if let Some(e) = edition {
        config.edition = e;
    }
    config.baku |= baku;
    let mut tournament = match generate(&config, seed) {
        Ok(t) => t,
        Err(GenerateError::Pairing { round, error }) => {
            eprintln!("arbiter pair: round {round}: {error} ({})", error.article());
            return ExitCode::from(1);
        }
        Err(e) => {
            eprintln!("arbiter pair: {e}");
            return ExitCode::from(3);
        }
    };
    if let Err(e) = super::standings::rank_by_declared_order(&mut tournament) {
        eprintln!("arbiter pair: {e}");
        return ExitCode::from(3);
    }
    let text = match tournament.write() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("arbiter pair: {e}");
            return ExitCode::from(4);
        }
    };
    match std::fs::write(out, text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter pair: {}: {e}", out.display());
            ExitCode::from(5)
        }
    }
}

fn explain_round(
    tournament: &Tournament,
    edition: DutchEdition,
    file: &Path,
    baku: bool,
    lang: Lang,
    json: bool,
) -> ExitCode {
    let round = trf_input::round_to_pair(tournament);
    let input = match round_input(tournament, round, file, baku) {
        Ok(i) => i,
        Err(code) => return code,
    };
    let pairing = match pair_round(&input, edition) {
        Ok(p) => p,
        Err(e) => return pairing_error(&e),
    };
    let why = explain(&input, &pairing, edition);
    let text = if json {
        let mut t = explanation_json(&why, lang).to_string();
        t.push('\n');
        t
    } else {
        why.render(lang)
    };
    super::output::emit(&text);
    ExitCode::SUCCESS
}

fn explanation_json(why: &Explanation, lang: Lang) -> serde_json::Value {
    use serde_json::json;
    let float = |f: Option<Float>| match f {
        Some(Float::Down) => json!("down"),
        Some(Float::Up) => json!("up"),
        None => json!(null),
    };
    let seat = |s: &pairing::explain::Seat| {
        json!({
            "player": s.player,
            "score": s.score.to_string(),
            "float": float(s.float),
            "moved_down": s.moved_down,
            "colour_preference": s.preference.map(|p| json!({
                "colour": format!("{:?}", p.colour).to_lowercase(),
                "strength": format!("{:?}", p.strength).to_lowercase(),
            })),
        })
    };
    let articles = |list: &[laws::Article]| list.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    json!({
        "round": why.round,
        "edition": why.edition.to_string(),
        "boards": why.boards.iter().map(|b| json!({
            "board": b.board,
            "white": seat(&b.white),
            "black": seat(&b.black),
            "bracket": b.bracket.to_string(),
            "colour_rule": b.colour_rule.to_string(),
            "criteria_failed": articles(&b.criteria_failed),
        })).collect::<Vec<_>>(),
        "floaters": why.floaters.iter().map(|f| json!({
            "player": f.player,
            "score": f.score.to_string(),
            "paired_in": f.paired_in.to_string(),
            "reason": f.reason.article().to_string(),
            "text": float_reason_text(&f.reason, lang),
        })).collect::<Vec<_>>(),
        "upfloaters": why.upfloaters.iter().map(|u| json!({
            "player": u.player,
            "score": u.score.to_string(),
            "partner": u.partner,
            "partner_score": u.partner_score.to_string(),
            "reason": u.article.to_string(),
        })).collect::<Vec<_>>(),
        "bye": why.bye.as_ref().map(|b| json!({
            "player": b.player,
            "score": b.score.to_string(),
            "unplayed": b.unplayed,
            "lower_eligible": b.lower_eligible,
            "reasons": articles(&b.reasons),
        })),
        "absent": why.absent,
    })
}

fn pairing_error(e: &PairingError) -> ExitCode {
    eprintln!("arbiter pair: {e} ({})", e.article());
    match e {
        PairingError::NoValidPairing => ExitCode::from(1),
        _ => ExitCode::from(3),
    }
}

fn pair(
    tournament: &Tournament,
    rules: Rules,
    file: &Path,
    out: Option<PathBuf>,
    baku: bool,
) -> ExitCode {
    let round = trf_input::round_to_pair(tournament);
    let input = match round_input(tournament, round, file, baku) {
        Ok(i) => i,
        Err(code) => return code,
    };
    let pairing = match pair_round(&input, rules) {
        Ok(p) => p,
        Err(e) => return pairing_error(&e),
    };
    let text = engine_output(&pairing);
    match out {
        Some(path) => match std::fs::write(&path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("arbiter pair: {}: {e}", path.display());
                ExitCode::from(5)
            }
        },
        None => {
            super::output::emit(&text);
            ExitCode::SUCCESS
        }
    }
}

/// The engine protocol: number of pairs, then `white black` lines, the bye as `id 0`.
fn engine_output(pairing: &Pairing) -> String {
    let mut text = String::new();
    let count = pairing.boards.len() + usize::from(pairing.bye.is_some());
    let _ = writeln!(text, "{count}");
    for b in &pairing.boards {
        let _ = writeln!(text, "{} {}", b.white, b.black);
    }
    if let Some(id) = pairing.bye {
        let _ = writeln!(text, "{id} 0");
    }
    text
}

fn check(tournament: &Tournament, rules: Rules, file: &Path, baku: bool) -> ExitCode {
    let mut report = String::new();
    let checks = match trf_input::check_rounds(tournament, rules, baku) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("arbiter pair: {}: {e}", file.display());
            return ExitCode::from(3);
        }
    };
    let rounds = checks.len();
    let mut discrepancies = 0;
    for c in checks.iter().filter(|c| !c.agrees()) {
        discrepancies += 1;
        let round = c.round;
        let (recorded, recorded_bye) = &c.recorded;
        let (got, got_bye) = match &c.computed {
            Ok(p) => p,
            Err(e) => {
                let _ = writeln!(report, "round {round}: {e}");
                continue;
            }
        };
        let _ = writeln!(report, "round {round}:");
        for p in recorded.iter().filter(|p| !got.contains(p)) {
            let _ = writeln!(report, "  recorded {} {}", p.0, p.1);
        }
        for p in got.iter().filter(|p| !recorded.contains(p)) {
            let _ = writeln!(report, "  engine   {} {}", p.0, p.1);
        }
        if got_bye != recorded_bye {
            let show = |b: Option<u32>| b.map_or("none".to_owned(), |id| id.to_string());
            let _ = writeln!(
                report,
                "  bye: recorded {}, engine {}",
                show(*recorded_bye),
                show(*got_bye)
            );
        }
    }
    let _ = writeln!(
        report,
        "checked {rounds} rounds, {discrepancies} discrepancies"
    );
    if let Some(standings) = super::standings::declared_standings_check(tournament) {
        report += &standings;
    }
    // A closed pipe (e.g. `| head`) is not an error of the check.
    let _ = std::io::stdout().lock().write_all(report.as_bytes());
    ExitCode::SUCCESS
}
