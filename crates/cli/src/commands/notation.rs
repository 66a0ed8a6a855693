//! `arbiter notation`: translate a game record between languages and forms of
//! algebraic notation (Appendix C), or announce its moves (Appendix D.2.1).

use std::{
    fs,
    io::{self, Read, Write},
    process::ExitCode,
};

use laws::Lang;
use laws::notation::{Form, Language, announce, parse_movetext, write_move};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

#[derive(clap::Args)]
pub struct Args {
    /// File holding the record, e.g. "1.e4 e5 2.Sf3 Sf6"; standard input when omitted or "-".
    file: Option<String>,
    /// Language of the record's piece letters: de, en, fr, it, es, nl, pl, ru, cs, pt, hu, sv, da.
    #[arg(long, default_value = "de")]
    from: Language,
    /// Language to write in.
    #[arg(long, default_value = "en")]
    to: Language,
    /// Short form, long form (with the square of departure) or figurines.
    #[arg(long, value_enum, default_value_t = FormArg::Short)]
    form: FormArg,
    /// Instead of writing the record, announce each move as for a visually impaired player (de or en).
    #[arg(long)]
    announce: Option<Lang>,
    /// Start position (FEN; Chess960 castling rights allowed); the standard start when omitted.
    #[arg(long)]
    fen: Option<String>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum FormArg {
    Short,
    Long,
    Figurine,
}

pub fn run(args: Args) -> ExitCode {
    let name = args.file.clone().unwrap_or_else(|| "-".to_owned());
    let text = match read(&name) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("arbiter notation: {name}: {e}");
            return ExitCode::from(2);
        }
    };
    let start = match args.fen.as_deref().map(start_position).transpose() {
        Ok(pos) => pos.unwrap_or_default(),
        Err(e) => {
            eprintln!("arbiter notation: --fen: {e}");
            return ExitCode::from(3);
        }
    };
    let moves = match parse_movetext(&start, &text, args.from) {
        Ok(moves) => moves,
        Err(e) => {
            eprintln!("arbiter notation: {name}:{e}");
            return ExitCode::from(3);
        }
    };
    let form = match args.form {
        FormArg::Short => Form::Short,
        FormArg::Long => Form::Long,
        FormArg::Figurine => Form::Figurine,
    };
    let mut pos = start;
    let mut lines = Vec::new();
    let mut record = Vec::new();
    for parsed in &moves {
        let number = pos.fullmoves().get();
        let white = pos.turn().is_white();
        match args.announce {
            Some(lang) => lines.push(format!(
                "{number}{} {}",
                if white { "." } else { "..." },
                announce(&pos, &parsed.mv, lang)
            )),
            None => {
                let mut text = write_move(&pos, &parsed.mv, args.to, form);
                if white {
                    text = format!("{number}.{text}");
                } else if record.is_empty() {
                    text = format!("{number}...{text}");
                }
                if parsed.draw_offer {
                    text.push_str(" (=)");
                }
                record.push(text);
            }
        }
        pos.play_unchecked(parsed.mv);
    }
    if args.announce.is_none() {
        lines.push(record.join(" "));
    }
    // A closed pipe (`| head`) ends the output quietly.
    let mut out = io::stdout().lock();
    let _ = lines.iter().try_for_each(|line| writeln!(out, "{line}"));
    ExitCode::SUCCESS
}

fn read(name: &str) -> std::io::Result<String> {
    if name == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text)?;
        Ok(text)
    } else {
        fs::read_to_string(name)
    }
}

fn start_position(fen: &str) -> Result<Chess, String> {
    let fen: Fen = fen.parse().map_err(|e| format!("{e}"))?;
    fen.into_position(CastlingMode::Chess960)
        .map_err(|e| format!("{e}"))
}
