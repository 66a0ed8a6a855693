//! `arbiter check FILE.pgn [--lang de] [--json]`: check every game of a PGN
//! file against the Laws.
//!
//! Exit codes: 0 every game legal and no recorded result contradicts the Laws;
//! 1 at least one game has an error (illegal move, unreadable text, other
//! variant) or a result that contradicts the Laws; 2 bad command line;
//! 3 the file cannot be read.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use laws::Lang;
use laws::draws::ClaimKind;
use laws::notation::Language;
use pgn::check::{Checker, Claim, GameCheck, MoveRef, ResultCheck};
use pgn::reader::Reader;
use pgn::text::decode;
use serde_json::{Value, json};
use shakmaty::Outcome;

#[derive(clap::Args)]
#[command(
    after_help = "Exit codes: 0 all games legal and no result contradicts the Laws; \
    1 a game has an error or a result that contradicts the Laws; 2 bad command line; \
    3 the file cannot be read."
)]
pub struct Args {
    /// The PGN file (UTF-8, with or without BOM, or ISO-8859-1/Windows-1252); `-` reads standard input.
    file: PathBuf,
    /// Language of moves (Appendix C: `en`, `de`, `fr`, `it`, `es`, `nl`, ...);
    /// messages are German for `de`, English otherwise.
    #[arg(long, default_value = "en")]
    lang: Language,
    /// One JSON object per game on standard output instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> ExitCode {
    let lang = args.lang;
    let bytes = match super::input::read(&args.file) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("arbiter check: {}: {e}", args.file.display());
            return ExitCode::from(3);
        }
    };
    let (text, _) = decode(&bytes);
    // A progress bar for files above 1 MB, only on a terminal.
    let progress = (std::io::stderr().is_terminal() && text.len() > 1 << 20).then(|| {
        let bar = ProgressBar::new(text.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {msg} {eta}")
        {
            bar.set_style(style);
        }
        bar
    });
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut games, mut plies, mut errors, mut contradicted, mut with_claims) =
        (0usize, 0u64, 0usize, 0usize, 0usize);
    let mut checker = Checker::new();
    for game in Reader::new(&text) {
        let report = checker.check(&game);
        games += 1;
        plies += u64::from(report.plies);
        errors += usize::from(report.error.is_some());
        contradicted += usize::from(report.result.is_finding());
        with_claims += usize::from(!report.claims.is_empty());
        let written = if args.json {
            writeln!(out, "{}", to_json(&report, lang))
        } else {
            write_text(&mut out, &report, lang)
        };
        if written.is_err() {
            // Standard output closed (e.g. piped into `head`): stop quietly.
            return ExitCode::SUCCESS;
        }
        if let Some(bar) = &progress
            && games % 256 == 0
        {
            bar.set_position(game.offset() as u64);
            bar.set_message(format!("{games} games"));
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let _ = out.flush();
    let summary = match Lang::from(lang) {
        Lang::En => format!(
            "{games} games, {plies} plies: {errors} with errors, {contradicted} results contradicting the Laws, {with_claims} with draw claims available"
        ),
        Lang::De => format!(
            "{games} Partien, {plies} Halbzüge: {errors} mit Fehlern, {contradicted} Ergebnisse im Widerspruch zu den Regeln, {with_claims} mit möglichen Remisreklamationen"
        ),
    };
    eprintln!("{summary}");
    if errors + contradicted > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn pick(lang: Language, english: &'static str, german: &'static str) -> &'static str {
    match Lang::from(lang) {
        Lang::En => english,
        Lang::De => german,
    }
}

fn write_text(out: &mut impl Write, r: &GameCheck, lang: Language) -> std::io::Result<()> {
    writeln!(
        out,
        "{} {}, {} {}: {} - {}, {} {}",
        pick(lang, "game", "Partie"),
        r.number,
        pick(lang, "line", "Zeile"),
        r.location.line,
        r.white,
        r.black,
        r.plies,
        pick(lang, "plies", "Halbzüge"),
    )?;
    if let Some(e) = &r.error {
        writeln!(
            out,
            "  {}: {} {}, {} {}: {}",
            pick(lang, "error", "Fehler"),
            pick(lang, "line", "Zeile"),
            e.location.line,
            pick(lang, "column", "Spalte"),
            e.location.column,
            e.kind.message(lang)
        )?;
    }
    for w in &r.warnings {
        writeln!(out, "  {}: {w}", pick(lang, "warning", "Warnung"))?;
    }
    if let Some(ending) = &r.ending {
        write!(
            out,
            "  {}: {}",
            pick(lang, "ended", "beendet"),
            ending.message(lang)
        )?;
        if r.moves_after_end > 0 {
            write!(
                out,
                " ({} {})",
                r.moves_after_end,
                pick(
                    lang,
                    "half-move(s) recorded after the end",
                    "Halbzug/Halbzüge nach dem Ende notiert"
                )
            )?;
        }
        writeln!(out)?;
    }
    let recorded = r.recorded.map_or_else(|| "?".to_owned(), |o| o.to_string());
    match r.result.message(lang) {
        Some(message) => writeln!(out, "  {}: {message}", pick(lang, "result", "Ergebnis"))?,
        None => {
            let verdict = match r.result {
                ResultCheck::Agrees => pick(
                    lang,
                    "agrees with the Laws",
                    "stimmt mit den Regeln überein",
                ),
                ResultCheck::NotDecidedByMoves => pick(
                    lang,
                    "not decided by the moves (resignation, agreement, claim or clock)",
                    "nicht durch die Züge entschieden (Aufgabe, Einigung, Reklamation oder Uhr)",
                ),
                _ => pick(lang, "cannot be checked", "nicht prüfbar"),
            };
            writeln!(
                out,
                "  {}: {recorded} {}, {verdict}",
                pick(lang, "result", "Ergebnis"),
                pick(lang, "recorded", "eingetragen")
            )?;
        }
    }
    for claim in &r.claims {
        writeln!(
            out,
            "  {}: {}",
            pick(lang, "claim", "Reklamation"),
            claim.message(lang)
        )?;
    }
    Ok(())
}

fn move_json(m: &Option<MoveRef>, lang: Language) -> Value {
    m.as_ref().map_or(
        Value::Null,
        |m| json!({ "ply": m.ply, "move": m.text(lang) }),
    )
}

fn claim_json(c: &Claim, lang: Language) -> Value {
    json!({
        "kind": match c.kind {
            ClaimKind::Repetition => "repetition",
            ClaimKind::RepetitionByIntendedMove => "repetition_by_intended_move",
            ClaimKind::FiftyMoves => "fifty_moves",
            ClaimKind::FiftyMovesByIntendedMove => "fifty_moves_by_intended_move",
        },
        "article": c.kind.article().as_str(),
        "ply": c.ply,
        "after": move_json(&c.after, lang),
        "intended": move_json(&c.intended, lang),
        "repetitions": c.repetitions,
        "message": c.message(lang),
    })
}

fn to_json(r: &GameCheck, lang: Language) -> Value {
    json!({
        "game": r.number,
        "line": r.location.line,
        "white": r.white,
        "black": r.black,
        "plies": r.plies,
        "legal": r.error.is_none(),
        "error": r.error.as_ref().map(|e| json!({
            "line": e.location.line,
            "column": e.location.column,
            "message": e.kind.message(lang),
        })),
        "warnings": r.warnings.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "recorded": r.recorded.map(|o: Outcome| o.to_string()),
        "ending": r.ending.as_ref().map(|e| json!({
            "termination": e.termination.to_string(),
            "article": e.termination.article().as_str(),
            "ply": e.ply,
            "after": move_json(&e.last_move, lang),
            "result": Outcome::Known(e.outcome()).to_string(),
            "message": e.message(lang),
        })),
        "moves_after_end": r.moves_after_end,
        "result": match r.result {
            ResultCheck::Agrees => "agrees",
            ResultCheck::Contradicts { .. } => "contradicts",
            ResultCheck::Unrecorded { .. } => "unrecorded",
            ResultCheck::WinnerCannotCheckmate { .. } => "winner_cannot_checkmate",
            ResultCheck::NotDecidedByMoves => "not_decided_by_moves",
            ResultCheck::Unknown => "unknown",
        },
        "result_message": r.result.message(lang),
        "claims": r.claims.iter().map(|c| claim_json(c, lang)).collect::<Vec<_>>(),
    })
}
