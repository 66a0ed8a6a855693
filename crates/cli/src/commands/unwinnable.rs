//! `arbiter unwinnable [--quick] [--node-limit N] FILE`: can a player still
//! checkmate by any series of legal moves (Art. 6.9), or is the position dead
//! (Art. 5.2.2)? One position per line: `FEN [white|black|both]`, where the FEN may stop after
//! the side to move (then no castling rights and no en passant square).
//!
//! Only legal positions are analysed (as `arbiter fen` checks them); an illegal one is reported
//! with its Art. 3.10.3 reasons. Exit codes: 0 ok, 1 an illegal position, 3 a bad line.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use laws::dead_position::{self, Analysis, Tier, Verdict};
use laws::position::{Import, ParseStartError, StartingPosition};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Position};

#[derive(clap::Args)]
pub struct Args {
    /// Only the cheap checks run after every move of a game (never "winnable").
    #[arg(long, conflicts_with = "node_limit")]
    quick: bool,
    /// Work units the full analysis may spend per colour: a unit is one position searched (or
    /// three of the exchange search's cheaper ones; the random games spend one more for every 16
    /// children they weigh), so a verdict never depends on the machine.
    #[arg(long, value_name = "N", default_value_t = Tier::DEFAULT_NODE_LIMIT)]
    node_limit: u64,
    /// File with one `FEN [white|black|both]` per line, or `-` for standard input.
    /// Without a colour, the side that just moved (not the side to move) is the intended winner.
    file: PathBuf,
}

/// Whose mate is asked about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Question {
    /// Art. 6.9: can this colour checkmate?
    Winner(Color),
    /// Art. 5.2.2: is the position dead (neither colour can)?
    Both,
}

/// A line that is not `FEN [white|black|both]`, or a FEN of an illegal position.
#[derive(Debug)]
enum BadLine {
    /// Not the syntax: the column and what was expected there.
    Syntax { column: usize, expected: String },
    /// An illegal position (Art. 3.10.3), with the reasons.
    Illegal(ParseStartError),
}

impl fmt::Display for BadLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadLine::Syntax { column, expected } => {
                write!(f, "column {column}: expected {expected}")
            }
            BadLine::Illegal(e) => e.fmt(f),
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    let input: Box<dyn BufRead> = if args.file.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        match std::fs::File::open(&args.file) {
            Ok(f) => Box::new(io::BufReader::new(f)),
            Err(e) => {
                eprintln!("arbiter unwinnable: {}: {e}", args.file.display());
                return ExitCode::from(3);
            }
        }
    };
    let tier = if args.quick {
        Tier::Quick
    } else {
        Tier::Full {
            node_limit: args.node_limit,
        }
    };
    let mut out = io::stdout().lock();
    let mut status = ExitCode::SUCCESS;
    for (index, line) in input.lines().enumerate() {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                eprintln!(
                    "arbiter unwinnable: {}: line {}: {e}",
                    args.file.display(),
                    index + 1
                );
                return ExitCode::from(3);
            }
        };
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        match parse_line(&line) {
            Ok((pos, question)) => {
                if writeln!(out, "{}", report(&pos, question, tier)).is_err() {
                    return ExitCode::from(3);
                }
            }
            Err(e @ BadLine::Illegal(_)) => {
                if writeln!(out, "{e}").is_err() {
                    return ExitCode::from(3);
                }
                if status == ExitCode::SUCCESS {
                    status = ExitCode::from(1);
                }
            }
            Err(e) => {
                eprintln!(
                    "arbiter unwinnable: {}: line {}, {e}",
                    args.file.display(),
                    index + 1
                );
                status = ExitCode::from(3);
            }
        }
    }
    status
}

fn report(pos: &Chess, question: Question, tier: Tier) -> String {
    let (Analysis { verdict, nodes }, subject) = match question {
        Question::Winner(c) => (dead_position::analyse(pos, c, tier), c.to_string()),
        Question::Both => (
            dead_position::analyse_dead_position(pos, tier),
            "both".to_owned(),
        ),
    };
    match verdict {
        Verdict::Winnable(line) => {
            let mut p = pos.clone();
            let sans: Vec<String> = line
                .into_iter()
                .map(|m| SanPlus::from_move_and_play_unchecked(&mut p, m).to_string())
                .collect();
            let mated = p.turn();
            format!(
                "winnable {subject}: {} mates {mated} with {}; nodes {nodes}",
                !mated,
                join_or_dash(&sans)
            )
        }
        Verdict::Unwinnable => match question {
            Question::Winner(c) => format!(
                "unwinnable {subject}: {c} cannot checkmate ({}); nodes {nodes}",
                dead_position::FLAG_FALL
            ),
            Question::Both => format!(
                "unwinnable {subject}: dead position ({}); nodes {nodes}",
                dead_position::DEAD_POSITION
            ),
        },
        Verdict::Undetermined => format!("undetermined {subject}: budget exhausted; nodes {nodes}"),
    }
}

fn join_or_dash(sans: &[String]) -> String {
    if sans.is_empty() {
        "- (already mated)".to_owned()
    } else {
        sans.join(" ")
    }
}

/// Splits `FEN [white|black|both]`; the FEN has 2 to 6 fields and must be a legal position.
fn parse_line(line: &str) -> Result<(Chess, Question), BadLine> {
    let tokens: Vec<(usize, &str)> = line
        .split_whitespace()
        .map(|t| (t.as_ptr() as usize - line.as_ptr() as usize + 1, t))
        .collect();
    let (fen_tokens, question) = match tokens.split_last() {
        Some((&(_, word), rest)) if matches!(word, "white" | "black" | "both") => {
            let question = match word {
                "white" => Question::Winner(Color::White),
                "black" => Question::Winner(Color::Black),
                _ => Question::Both,
            };
            (rest, Some(question))
        }
        Some((&(column, word), _)) if tokens.len() > 6 => {
            return Err(BadLine::Syntax {
                column,
                expected: format!("white, black or both, found {word:?}"),
            });
        }
        _ => (&tokens[..], None),
    };
    let column = fen_tokens.first().map_or(1, |t| t.0);
    let bad_fen = |column, what: String| BadLine::Syntax {
        column,
        expected: format!("a FEN with 2 to 6 fields ({what})"),
    };
    if !(2..=6).contains(&fen_tokens.len()) {
        return Err(bad_fen(
            column,
            format!("found {} fields", fen_tokens.len()),
        ));
    }
    let text: Vec<&str> = fen_tokens.iter().map(|t| t.1).collect();
    let start = match StartingPosition::from_fen(&text.join(" "), Import::Strict) {
        Ok((start, _)) => start,
        Err(ParseStartError::Syntax { column: at, error }) => {
            return Err(bad_fen(line_column(fen_tokens, at), error.to_string()));
        }
        Err(e) => return Err(BadLine::Illegal(e)),
    };
    let pos = start.position().clone();
    let question = question.unwrap_or(Question::Winner(!pos.turn()));
    Ok((pos, question))
}

/// The column of the line at `column` of the FEN tokens joined by single spaces.
fn line_column(tokens: &[(usize, &str)], column: usize) -> usize {
    let mut offset = 0;
    for &(start, token) in tokens {
        let width = token.chars().count() + 1;
        if column <= offset + width {
            return start + column - offset - 1;
        }
        offset += width;
    }
    tokens
        .last()
        .map_or(1, |&(start, t)| start + t.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_winner_is_the_side_that_just_moved() {
        let (pos, q) = parse_line("7K/7q/5k2/8/8/8/8/8 w - - 18 61").unwrap();
        assert_eq!(q, Question::Winner(Color::Black));
        assert!(report(&pos, q, Tier::Quick).starts_with("unwinnable black"));
    }

    #[test]
    fn colour_word_and_four_field_fen() {
        let (_, q) = parse_line("8/8/4k3/8/8/3K4/8/8 w - - both").unwrap();
        assert_eq!(q, Question::Both);
        let (pos, q) = parse_line("8/8/4k3/8/8/3BK3/8/8 w - - 0 60 white").unwrap();
        assert_eq!(
            report(&pos, q, Tier::full()).split_whitespace().next(),
            Some("unwinnable")
        );
    }

    #[test]
    fn witness_is_printed_in_san() {
        let (pos, q) = parse_line("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1 white").unwrap();
        let r = report(&pos, q, Tier::full());
        assert!(
            r.starts_with("winnable white: white mates black with"),
            "{r}"
        );
        assert!(r.contains('#'), "{r}");
    }

    #[test]
    fn bad_lines_name_the_column() {
        let e = parse_line("8/8/4k3/8/8/3K4/8/8 w - - 0 1 purple").unwrap_err();
        assert!(matches!(e, BadLine::Syntax { column: 31, .. }));
        assert!(e.to_string().contains("white, black or both"));
        let e = parse_line("  8/8/4k3/8/8/3K4/8/9 w - - 0 1").unwrap_err();
        assert!(matches!(e, BadLine::Syntax { column: 3, .. }));
        assert!(e.to_string().starts_with("column 3: expected a FEN"));
        assert!(parse_line("8/8/8 w").is_err());
        assert!(matches!(
            parse_line("8/8/8/8/8/8/8/8 w - - 0 1"),
            Err(BadLine::Illegal(_))
        ));
    }

    #[test]
    fn h19_15_illegal_positions_are_reported_not_analysed() {
        let e = parse_line("QQQQKQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/8/7k w - - 0 1 white")
            .expect_err("32 white men");
        let text = e.to_string();
        assert!(
            text.starts_with("illegal position (Art. 3.10.3)") && text.contains("32 men"),
            "{text}"
        );
        let e = parse_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1 junk").unwrap_err();
        assert!(matches!(e, BadLine::Syntax { column: 31, .. }), "{e}");
    }

    #[test]
    fn h19_15_a_fen_of_board_and_side_to_move_is_read() {
        let (pos, q) = parse_line("8/8/4k3/8/8/3BK3/8/8 w").unwrap();
        assert_eq!(q, Question::Winner(Color::Black));
        assert!(pos.castles().castling_rights().is_empty());
        assert_eq!(pos.ep_square(shakmaty::EnPassantMode::Always), None);
        let (_, q) = parse_line("8/8/4k3/8/8/3BK3/8/8 b white").unwrap();
        assert_eq!(q, Question::Winner(Color::White));
        let e = parse_line("  8/8/4k3/8/8/3BK3/8/9 w").unwrap_err();
        assert!(matches!(e, BadLine::Syntax { column: 3, .. }), "{e}");
    }
}
