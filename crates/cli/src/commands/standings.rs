//! `arbiter standings FILE.trf --tiebreaks "BH/C1,SB,WIN,DE" [--edition legacy|2024|2026]
//! [--json|--csv|--html [--lang de|en]]`: the ranking after the rounds played, by FIDE C.07
//! and German tie-breaks. `--preset NAME|FILE.json` takes the order from a preset
//! (`--list-presets` shows them); `--tiebreaks` given as well overrides the preset's codes.
//! Players still tied after the last criterion are marked (`=` after the rank, `"tied": true`).
//!
//! `--explain TPN` prints one player's tie-breaks round by round instead.
//!
//! A team preset (`sjrp-teams-swiss`, `dsj-teams-rr`, ...) or `--team` ranks the teams of a
//! TRF-2026 team file instead (see `commands::team`).
//!
//! Exit codes (as `arbiter trf`): 0 ok, 2 bad arguments, 3 invalid input, 5 file access.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use laws::Lang;
use serde_json::{Map, Value, json};

use super::output::{csv_field, emit};
use standings::rating::Hundredths;
use standings::team::crosstable::Form;
use standings::tiebreak::preset::{self, Preset};
use standings::tiebreak::{
    BuchholzSum, DirectEncounterRule, Edition, Evaluation, Field, Kind, Participant, Round, Rules,
    Standings, TieBreak, VurCut, check, parse_list, standings,
};
use standings::{Outcome, Points, ScoringSystem};
use trf::{Colour, ResultCode, Tournament};

#[derive(clap::Args)]
pub struct Args {
    /// The TRF16 or TRF-2026 file.
    #[arg(required_unless_present = "list_presets")]
    file: Option<PathBuf>,
    /// Tie-breaks in order, comma-separated C.07 codes with modifiers, e.g. "BH/C1,SB,WIN,DE";
    /// German codes: BHSUM (Buchholzsumme), SW (Siegwertung, /U counts the PAB), DE/V.
    /// Overrides the codes of --preset.
    #[arg(long)]
    tiebreaks: Option<String>,
    /// A built-in preset (e.g. sjrp-swiss, dsj-rr) or a preset JSON file: the tie-break order,
    /// round robin and Buchholzsumme reading of a regulation.
    #[arg(long, value_name = "NAME|FILE")]
    preset: Option<String>,
    /// List the built-in presets with their source paragraphs and exit.
    #[arg(long, conflicts_with_all = ["json", "csv", "html", "explain"])]
    list_presets: bool,
    /// Buchholzsumme reading: `cut` adds the opponents' Buchholz with the same cut, `full` their
    /// full Buchholz (default: the preset's, else cut).
    #[arg(long, value_name = "cut|full")]
    bhsum: Option<BuchholzSum>,
    /// C.07 edition for unplayed rounds; default from the start date (042): before 2024-04-01
    /// legacy, before 2026-03-01 2024, else 2026.
    #[arg(long)]
    edition: Option<Edition>,
    /// Which voluntarily unplayed round a Cut or Median weighs against the least significant
    /// value (C.07 Art. 16.5): `value`, the VUR of the lowest contribution (the words of the
    /// article, default), or `lsv`, the VUR least significant in the order of Art. 14.1 (for
    /// SB: lowest-scored dummy first), as the FIDE TEC's checker reads it.
    #[arg(long, value_name = "value|lsv", default_value = "value")]
    vur_cut: VurCut,
    /// DE only when every tied player met every other (DSJ "sofern vollständig vorhanden").
    #[arg(long)]
    de_complete_only: bool,
    /// A round robin: forfeits count as games (C.07 2024 Art. 15, 2026 Art. 15.2).
    #[arg(long)]
    round_robin: bool,
    /// Print a JSON array in rank order.
    #[arg(long, conflicts_with_all = ["csv", "html"])]
    json: bool,
    /// Print CSV with a header line.
    #[arg(long, conflicts_with = "html")]
    csv: bool,
    /// Print a self-contained HTML page with the table.
    #[arg(long)]
    html: bool,
    /// Language of the HTML headers.
    #[arg(long, default_value = "en")]
    lang: Lang,
    /// Rank the teams (310/013 records) by team criteria (MP, BP, BH/C1, BH:MP, SB, OSB, SW,
    /// DE, DE+BW, BW); implied by a team preset.
    #[arg(long, conflicts_with = "explain")]
    team: bool,
    /// With --team: the team crosstable instead of the ranking (rows in ranking order; cells
    /// match result and board points). `rr` one column per team, `swiss` one per round;
    /// without a value, `rr` when the rounds (142/XXR, else played) reach the teams less one.
    /// Text, or --html for a page.
    #[arg(long, value_name = "rr|swiss", num_args = 0..=1, default_missing_value = "auto", requires = "team", conflicts_with_all = ["json", "csv"])]
    crosstable: Option<CrosstableForm>,
    /// Explain every tie-break of the player with this pairing number round by round
    /// (opponent, adjusted or dummy score, what was cut and why) instead of the table.
    #[arg(long, value_name = "TPN", conflicts_with_all = ["json", "csv", "html"])]
    explain: Option<u16>,
}

/// The layout asked for by `--crosstable`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CrosstableForm {
    /// Round robin when the rounds reach the teams less one, else Swiss.
    Auto,
    /// One column per team.
    Rr,
    /// One column per round.
    Swiss,
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

/// The preset named, or read from a JSON file when the name is a path to a file.
fn load_preset(name: &str) -> Result<Preset, u8> {
    let path = Path::new(name);
    let loaded = if path.is_file() {
        let text = std::fs::read_to_string(path).map_err(|e| {
            eprintln!("arbiter standings: cannot read {name}: {e}");
            FILE_ACCESS
        })?;
        Preset::from_json(&text).map_err(|e| format!("{name}: {e}"))
    } else {
        preset::find(name).map_err(|e| e.to_string())
    };
    loaded.map_err(|e| {
        eprintln!("arbiter standings: --preset: {e}");
        USAGE
    })
}

fn list_presets() {
    let mut out = String::new();
    for p in preset::builtin() {
        out += &format!(
            "{}\t{}\t{}{}\n",
            p.name,
            p.tiebreaks,
            p.source,
            if p.team { " [team]" } else { "" }
        );
        if !p.playoff.is_empty() {
            out += &format!("\tthen: {}\n", p.playoff);
        }
    }
    emit(&out);
}

fn run_inner(args: &Args) -> Result<(), u8> {
    if args.list_presets {
        list_presets();
        return Ok(());
    }
    let Some(file) = &args.file else {
        eprintln!("arbiter standings: a TRF file is needed");
        return Err(USAGE);
    };
    let preset = args.preset.as_deref().map(load_preset).transpose()?;
    if args.team || preset.as_ref().is_some_and(|p| p.team) {
        return team_standings(args, file, preset.as_ref());
    }
    let mut buchholz_sum = BuchholzSum::default();
    let mut list = String::new();
    if let Some(p) = &preset {
        let order = p.parse().map_err(|e| {
            eprintln!("arbiter standings: --preset: {e}");
            USAGE
        })?;
        buchholz_sum = order.buchholz_sum;
        list.clone_from(&p.tiebreaks);
    }
    if let Some(t) = &args.tiebreaks {
        list.clone_from(t);
    }
    let (codes, tiebreaks) = if list.trim().is_empty() {
        (Vec::new(), Vec::new())
    } else {
        let tiebreaks = parse_list(&list).map_err(|e| {
            eprintln!("arbiter standings: --tiebreaks: {e}");
            USAGE
        })?;
        let codes: Vec<String> = list.split(',').map(|c| c.trim().to_string()).collect();
        (codes, tiebreaks)
    };
    let t = read(file)?;
    let report = t.validate();
    let errors: Vec<String> = report
        .errors()
        .map(|issue| format!("{}: {issue}", file.display()))
        .collect();
    if !errors.is_empty() {
        eprintln!("{}", errors.join("\n"));
        eprintln!("arbiter standings: the file is inconsistent; no standings computed");
        return Err(INVALID);
    }
    let field = field(&t).map_err(|e| {
        eprintln!("{}: {e}", file.display());
        INVALID
    })?;
    let edition = args.edition.unwrap_or_else(|| {
        t.start_date()
            .map_or(Edition::Fide2026, Edition::for_start_date)
    });
    let rules = Rules {
        edition,
        direct_encounter: if args.de_complete_only {
            DirectEncounterRule::CompleteOnly
        } else {
            DirectEncounterRule::Fide
        },
        round_robin: args.round_robin || preset.as_ref().is_some_and(|p| p.round_robin),
        buchholz_sum: args.bhsum.unwrap_or(buchholz_sum),
        vur_cut: args.vur_cut,
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
                    "tied": table.is_tied(row.tpn),
                })
            })
            .collect();
        emit(&format!("{}\n", Value::Array(rows)));
        return Ok(());
    }
    if args.html {
        emit(&html(
            &table,
            &codes,
            &tiebreaks,
            args.lang,
            &name,
            t.name(),
        ));
        return Ok(());
    }
    let sep = if args.csv { "," } else { "\t" };
    let mut header = vec!["rank", "tpn", "name", "points"];
    header.extend(codes.iter().map(String::as_str));
    let mut out = header.join(sep) + "\n";
    for row in &table.rows {
        let tied = !args.csv && table.is_tied(row.tpn);
        let mut cells = vec![
            format!("{}{}", row.rank, if tied { "=" } else { "" }),
            row.tpn.to_string(),
            csv_field(name(row.tpn), args.csv),
            row.points.to_string(),
        ];
        cells.extend(
            tiebreaks
                .iter()
                .zip(&row.values)
                .map(|(tb, v)| v.map_or_else(|| "-".to_string(), |v| tb.write(v))),
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
        for (rank, group) in table.ties() {
            let players: Vec<String> = group.iter().map(u16::to_string).collect();
            let then = preset
                .as_ref()
                .filter(|p| !p.playoff.is_empty())
                .map_or_else(String::new, |p| format!("; {}", p.playoff));
            eprintln!(
                "still tied after the last criterion at rank {rank} (=): {}{then}",
                players.join(", ")
            );
        }
    }
    Ok(())
}

/// `--team` or a team preset: the team standings of a team file.
fn team_standings(args: &Args, file: &Path, preset: Option<&Preset>) -> Result<(), u8> {
    let list = match (&args.tiebreaks, preset) {
        (Some(list), _) => list.clone(),
        (None, Some(p)) => p.tiebreaks.clone(),
        (None, None) => "MP,BP".to_string(),
    };
    let criteria = standings::team::parse_criteria(&list).map_err(|e| {
        eprintln!("arbiter standings: --tiebreaks: {e}");
        USAGE
    })?;
    let t = read(file)?;
    if t.teams().is_empty() {
        eprintln!(
            "arbiter standings: {}: no team records (310 or 013) for team tie-breaks",
            file.display()
        );
        return Err(USAGE);
    }
    let report = t.validate();
    if let Some(issue) = report.errors().next() {
        eprintln!("{}: {issue}", file.display());
        eprintln!("arbiter standings: the file is inconsistent; no standings computed");
        return Err(INVALID);
    }
    if let Some(form) = args.crosstable {
        let teams = t.teams().len();
        let rounds = t.total_rounds().map_or(t.rounds_played(), |r| r as usize);
        let form = match form {
            CrosstableForm::Rr => Form::RoundRobin,
            CrosstableForm::Swiss => Form::Swiss,
            CrosstableForm::Auto if rounds + 1 >= teams => Form::RoundRobin,
            CrosstableForm::Auto => Form::Swiss,
        };
        let table = super::team::crosstable(&t, &criteria, form);
        emit(&if args.html {
            let title = escape(t.name().unwrap_or("Crosstable"));
            format!(
                "<!DOCTYPE html>\n<html>\n<head><meta charset=\"utf-8\"><title>{title}</title></head>\n<body>\n<h1>{title}</h1>\n{}</body>\n</html>\n",
                table.to_html()
            )
        } else {
            table.to_text()
        });
        return Ok(());
    }
    if args.html {
        eprintln!("arbiter standings: --html with --team needs --crosstable");
        return Err(USAGE);
    }
    let playoff = preset.map_or("", |p| p.playoff.as_str());
    super::team::standings(&t, &criteria, args.json, args.csv, playoff);
    Ok(())
}

/// Escapes text for HTML element content and attribute values.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A self-contained HTML page with the standings table; names and codes are escaped, the
/// headers are in `lang`, the codes' full names are in `title` attributes.
fn html<'a>(
    table: &Standings,
    codes: &[String],
    tiebreaks: &[TieBreak],
    lang: Lang,
    name: &dyn Fn(u16) -> &'a str,
    title: Option<&str>,
) -> String {
    let de = lang == Lang::De;
    let (rank, tpn, player, points, tied_note, heading) = if de {
        (
            "Platz",
            "Nr.",
            "Name",
            "Punkte",
            "= nach der letzten Wertung noch gleichauf",
            "Tabelle",
        )
    } else {
        (
            "Rank",
            "No.",
            "Name",
            "Points",
            "= still tied after the last criterion",
            "Standings",
        )
    };
    let title = escape(title.unwrap_or(heading));
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n\
         <style>table{{border-collapse:collapse}}th,td{{border:1px solid #999;padding:2px 6px}}\
         td.n{{text-align:right}}</style>\n</head>\n<body>\n<h1>{title}</h1>\n<table>\n<thead><tr>\
         <th>{rank}</th><th>{tpn}</th><th>{player}</th><th>{points}</th>",
        lang.code()
    );
    for (code, tb) in codes.iter().zip(tiebreaks) {
        let (english, german) = tb.kind.names();
        out += &format!(
            "<th title=\"{}\">{}</th>",
            escape(if de { german } else { english }),
            escape(code)
        );
    }
    out += "</tr></thead>\n<tbody>\n";
    for row in &table.rows {
        let marker = if table.is_tied(row.tpn) { "=" } else { "" };
        out += &format!(
            "<tr><td class=\"n\">{}{marker}</td><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td>",
            row.rank,
            row.tpn,
            escape(name(row.tpn)),
            row.points
        );
        for (tb, v) in tiebreaks.iter().zip(&row.values) {
            let cell = v.map_or_else(|| "-".to_string(), |v| tb.write(v));
            out += &format!("<td class=\"n\">{cell}</td>");
        }
        out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
    if !table.ties().is_empty() {
        out += &format!("<p>{tied_note}</p>\n");
    }
    out += "</body>\n</html>\n";
    out
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
    let ev = Evaluation::new(field, rules.edition)
        .round_robin(rules.round_robin)
        .buchholz_sum(rules.buchholz_sum)
        .vur_cut(rules.vur_cut);
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
            Kind::Bhsum => ev.bhsum(tpn, tb.trim),
            _ => None,
        };
        let Some(b) = breakdown else {
            let value = if tb.kind == Kind::De {
                "place within the tie group; see the table".to_string()
            } else {
                ev.value(tb, tpn)
                    .map_or_else(|| "-".to_string(), |v| tb.write(v))
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
                format!(", cut ({}, {})", r.words(Lang::En), r.article())
            });
            out += &format!(
                "  R{} opponent {opponent}: {} {} ({}), own {}{}, value {}{removed}\n",
                c.round,
                c.source.words(Lang::En),
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

fn number(tb: TieBreak, v: Hundredths) -> Value {
    if tb.is_score() {
        json!(v.to_f64())
    } else {
        json!(v.0 / 100)
    }
}

fn read(path: &Path) -> Result<Tournament, u8> {
    super::trf::read_valid("standings", path)
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

/// The order a TRF-2026 file declares and the standings it gives: `212` (tie-breaks defining
/// the standings, `PTS` first) or else `202` (tie-breaks breaking ties on points), under the
/// C.07 edition of the start date (`042`).
struct Declared {
    /// `212` or `202`.
    tag: u16,
    /// The record's text.
    list: String,
    /// The codes after `PTS`, as written.
    codes: Vec<String>,
    tiebreaks: Vec<TieBreak>,
    rules: Rules,
    table: Standings,
}

/// The declared order and its standings; `None` when the file declares no order, an error
/// when the order or the results cannot be evaluated.
fn declared(t: &Tournament) -> Option<Result<Declared, String>> {
    let (tag, list) = [212, 202]
        .into_iter()
        .find_map(|tag| t.header_text(tag).map(|l| (tag, l.trim().to_owned())))?;
    let codes: Vec<String> = list
        .split(',')
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.eq_ignore_ascii_case("PTS"))
        .collect();
    let rules = Rules {
        edition: t
            .start_date()
            .map_or(Edition::Fide2026, Edition::for_start_date),
        direct_encounter: DirectEncounterRule::Fide,
        round_robin: t.pairing_system().is_some_and(|c| c.contains("ROUNDROBIN")),
        buchholz_sum: BuchholzSum::default(),
        vur_cut: VurCut::default(),
    };
    let evaluate = || -> Result<(Vec<TieBreak>, Standings), String> {
        let tiebreaks = parse_list(&codes.join(",")).map_err(|e| e.to_string())?;
        let field = field(t)?;
        check(&tiebreaks, rules).map_err(|e| e.to_string())?;
        let table = standings(&field, &tiebreaks, rules);
        Ok((tiebreaks, table))
    };
    Some(match evaluate() {
        Ok((tiebreaks, table)) => Ok(Declared {
            tag,
            list,
            codes,
            tiebreaks,
            rules,
            table,
        }),
        Err(e) => Err(format!("standings ({tag} {list}): not checked: {e}")),
    })
}

/// Every two players tied on points whom the file ranks otherwise than the declared order
/// does (C.07 Art. 2: the tie-breaks apply in the order given): the first tie-break of the
/// list that separates them, with both values, or that none does. Shows why a rank differs.
fn inverted_pairs(
    t: &Tournament,
    table: &Standings,
    codes: &[String],
    tiebreaks: &[TieBreak],
    lines: &std::collections::HashMap<u16, usize>,
) -> String {
    let declared = |tpn: u16| t.player(tpn).and_then(|p| p.rank);
    let mut out = String::new();
    for (i, a) in table.rows.iter().enumerate() {
        for b in table.rows[i + 1..]
            .iter()
            .take_while(|b| b.points == a.points)
        {
            let (Some(ra), Some(rb)) = (declared(a.tpn), declared(b.tpn)) else {
                continue;
            };
            let ours_tied = a.rank == b.rank;
            if (ours_tied && ra == rb) || (!ours_tied && ra < rb) {
                continue;
            }
            let line = |tpn| lines.get(&tpn).copied().unwrap_or(0);
            let why = match (0..codes.len()).find(|&k| a.values[k] != b.values[k]) {
                Some(k) => {
                    let show = |v: Option<standings::rating::Hundredths>| {
                        v.map_or_else(|| "-".to_string(), |v| tiebreaks[k].write(v))
                    };
                    format!(
                        "decided by {}: {} has {}, {} has {}",
                        codes[k],
                        a.tpn,
                        show(a.values[k]),
                        b.tpn,
                        show(b.values[k])
                    )
                }
                None => "tied on every tie-break of the list".to_string(),
            };
            out += &format!(
                "lines {}/{}: players {} and {} ({} points): declared ranks {ra} and {rb}, {why}\n",
                line(a.tpn),
                line(b.tpn),
                a.tpn,
                b.tpn,
                a.points
            );
        }
    }
    out
}

/// Whether `code` is one C.07 (or German) tie-break code with its modifiers, as `202`/`212`
/// and `--tiebreaks` write them: the check the generator's `TieBreaks` key gets.
pub(crate) fn check_tiebreak_code(code: &str) -> Result<(), String> {
    match parse_list(code) {
        Ok(list) if list.len() == 1 => Ok(()),
        Ok(_) => Err("expected one tie-break code".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// Writes into the `001` records (columns 86-89) the ranks of the order the file declares
/// (`212`/`202`), so that `arbiter pair -c` finds the file's standings true; players tied
/// on points and every tie-break share a rank. Nothing changes without a declared order.
pub(crate) fn rank_by_declared_order(t: &mut Tournament) -> Result<(), String> {
    let Some(declared) = declared(t) else {
        return Ok(());
    };
    let declared = declared?;
    let ranks: std::collections::HashMap<u16, usize> = declared
        .table
        .rows
        .iter()
        .map(|r| (r.tpn, r.rank))
        .collect();
    for p in t.players_mut() {
        if let Some(&rank) = ranks.get(&p.number()) {
            p.rank = u16::try_from(rank).ok();
        }
    }
    Ok(())
}

/// The second half of `arbiter pair -c` (issue 13, the endorsement kit): the standings a
/// TRF-2026 file declares ([`declared`]), recomputed; each player's declared points (`001`
/// columns 81-84) and rank (columns 86-89) are compared with ours, one line per difference
/// with the file's line. A TRF declares no tie-break values, so a rank that differs is shown
/// with our value of every tie-break of the list. `None` when the file declares no order.
pub(crate) fn declared_standings_check(t: &Tournament) -> Option<String> {
    let Declared {
        tag,
        list,
        codes,
        tiebreaks,
        rules,
        table,
    } = match declared(t)? {
        Ok(d) => d,
        Err(e) => return Some(e + "\n"),
    };
    let mut out = String::new();
    let lines: std::collections::HashMap<u16, usize> = t
        .lines()
        .iter()
        .filter_map(|l| match &l.record {
            trf::Record::Player(p) => Some((p.number(), l.number)),
            _ => None,
        })
        .collect();
    let (mut checked, mut differences) = (0, 0);
    for row in &table.rows {
        let Some(p) = t.player(row.tpn) else { continue };
        let line = lines.get(&row.tpn).copied().unwrap_or(0);
        if let Some(points) = p.points {
            checked += 1;
            if i64::from(points.tenths()) != i64::from(row.points.half_points()) * 5 {
                differences += 1;
                out += &format!(
                    "line {line}: player {}: points declared {points}, computed {}\n",
                    row.tpn, row.points
                );
            }
        }
        if let Some(rank) = p.rank {
            checked += 1;
            if usize::from(rank) != row.rank {
                differences += 1;
                let values: Vec<String> = codes
                    .iter()
                    .zip(&tiebreaks)
                    .zip(&row.values)
                    .map(|((c, tb), v)| {
                        format!("{c}={}", v.map_or_else(|| "-".to_string(), |v| tb.write(v)))
                    })
                    .collect();
                out += &format!(
                    "line {line}: player {}: rank declared {rank}, computed {} ({} points; {})\n",
                    row.tpn,
                    row.rank,
                    row.points,
                    values.join(", ")
                );
            }
        }
    }
    out += &inverted_pairs(t, &table, &codes, &tiebreaks, &lines);
    out += &format!(
        "standings ({tag} {list}, C.07 edition {}): checked {checked} declared values, \
         {differences} differences\n",
        rules.edition
    );
    Some(out)
}
