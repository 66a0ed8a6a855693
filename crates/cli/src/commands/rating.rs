//! `arbiter rating elo|dwz …`: evaluate one player's games (FIDE B.02, DSB Wertungsordnung).
//!
//! The first line of the output is the new rating (or `unrated`); the computation follows.

use std::process::ExitCode;

use serde_json::json;
use standings::Date;
use standings::rating::dwz::{self, Edition, Factors, Player};
use standings::rating::elo::{self, KBasis, Kind};
use standings::rating::{self, Game};

#[derive(clap::Subcommand)]
pub enum Command {
    /// FIDE rating (B.02): new rating, expected score and K. `--rating 0` computes a first rating.
    Elo(EloArgs),
    /// DWZ (DSB Wertungsordnung 2014 or 2026 by the end date). `--dwz 0` computes a first DWZ.
    Dwz(DwzArgs),
}

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum KindArg {
    Standard,
    Rapid,
    Blitz,
}

#[derive(clap::Args)]
pub struct EloArgs {
    /// The published rating before the period; 0 for an unrated player.
    #[arg(long)]
    rating: u16,
    /// The K factor; without it K follows from --games, --age and --reached-2400.
    #[arg(long)]
    k: Option<u8>,
    /// Rated games played before this period (for K).
    #[arg(long)]
    games: Option<u32>,
    /// Age at the end of this year, i.e. year − birth year (for the junior K).
    #[arg(long)]
    age: Option<u16>,
    /// A published rating has reached 2400 (K = 10).
    #[arg(long)]
    reached_2400: bool,
    /// Rating list.
    #[arg(long, value_enum, default_value = "standard")]
    kind: KindArg,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Games as OPPONENT_RATING=SCORE, e.g. 2073=1 1938=0.5 1847=0.
    #[arg(required = true)]
    results: Vec<Game>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum EditionArg {
    #[value(name = "2014")]
    Wo2014,
    #[value(name = "2026")]
    Wo2026,
}

#[derive(clap::Args)]
pub struct DwzArgs {
    /// The current DWZ; 0 for a newcomer.
    #[arg(long)]
    dwz: u16,
    /// The index (number of evaluations so far).
    #[arg(long)]
    index: Option<u16>,
    /// Age in the evaluation year (year − birth year).
    #[arg(long)]
    age: Option<u16>,
    /// The tournament's last day (YYYY-MM-DD): chooses the Wertungsordnung.
    #[arg(long)]
    end_date: Option<Date>,
    /// Force a Wertungsordnung instead of choosing it by --end-date.
    #[arg(long, value_enum)]
    edition: Option<EditionArg>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Games as OPPONENT_DWZ=SCORE, e.g. 1432=1 1806=0.
    #[arg(required = true)]
    results: Vec<Game>,
}

pub fn run(args: Args) -> ExitCode {
    let result = match args.command {
        Command::Elo(a) => run_elo(a),
        Command::Dwz(a) => run_dwz(a),
    };
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("arbiter rating: {message}");
            ExitCode::from(3)
        }
    }
}

fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn game_json(g: &Game) -> serde_json::Value {
    json!({ "opponent": g.opponent, "score": g.score.to_f64() })
}

fn run_elo(a: EloArgs) -> Result<String, String> {
    let kind = match a.kind {
        KindArg::Standard => Kind::Standard,
        KindArg::Rapid => Kind::Rapid,
        KindArg::Blitz => Kind::Blitz,
    };
    if a.rating == 0 {
        return Ok(elo_initial(&a.results, a.json));
    }
    let (k, reason) = match (a.k, a.games) {
        (Some(k), _) => (k, "given".to_string()),
        (None, Some(games_before)) => {
            let f = elo::k_factor(KBasis {
                rating: a.rating,
                games_before,
                age_this_year: a.age,
                reached_2400: a.reached_2400,
            });
            (f.k, format!("{}, {}", f.reason, f.article))
        }
        (None, None) => {
            return Err("give --k, or --games (with --age, --reached-2400) to derive K".into());
        }
    };
    let e = elo::evaluate(a.rating, k, kind, &a.results).map_err(|e| e.to_string())?;
    if a.json {
        let games: Vec<serde_json::Value> = e
            .games
            .iter()
            .map(|l| {
                let mut g = game_json(&l.game);
                g["difference"] = json!(l.difference);
                g["expected"] = json!(l.expected.to_f64());
                g["rated"] = json!(l.rated);
                g
            })
            .collect();
        return Ok(format!(
            "{}\n",
            json!({
                "system": "elo",
                "rating": e.rating,
                "new_rating": e.new_rating,
                "change": e.change,
                "k": e.k,
                "k_given": e.k_given,
                "rated_games": e.rated_games,
                "score": e.score.to_f64(),
                "expected": e.expected.to_f64(),
                "below_floor": e.below_floor(),
                "games": games,
            })
        ));
    }
    let mut out = format!("{}\n", e.new_rating);
    out += &format!(
        "FIDE B.02: rating {}, {} rated games, score {}, expected {} (table 8.1.2)\n",
        e.rating, e.rated_games, e.score, e.expected
    );
    out += &format!("K {} ({reason})", e.k_given);
    if e.k != e.k_given {
        out += &format!(", reduced to {} so that K·n ≤ 700 (8.3.3)", e.k);
    }
    out += &format!(
        "\nchange {}·({} − {}) rounded = {} (8.3.4)\n",
        e.k,
        e.score,
        e.expected,
        signed(e.change)
    );
    if e.below_floor() {
        out += &format!("below the rating floor {} (7.2.1)\n", elo::FLOOR);
    }
    if let Some(line) = performance_line(&a.results) {
        out += &format!("{line} (C.07 Art. 10)\n");
    }
    for l in &e.games {
        out += &format!(
            "  {:>4} {:>3}  D {:>5}  PD {}{}\n",
            l.game.opponent,
            l.game.score,
            l.difference,
            l.expected,
            if l.rated { "" } else { "  not rated" }
        );
    }
    Ok(out)
}

fn elo_initial(games: &[Game], as_json: bool) -> String {
    match elo::initial_rating(games) {
        Ok(r) => {
            if as_json {
                return format!(
                    "{}\n",
                    json!({
                        "system": "elo",
                        "rating": 0,
                        "new_rating": r.rating,
                        "games": r.games,
                        "score": r.score.to_f64(),
                        "average": r.average.to_f64(),
                        "p": r.p.to_f64(),
                        "dp": r.dp,
                    })
                );
            }
            format!(
                "{}\nFIDE B.02 8.2 first rating: {} games, score {}, two hypothetical draws against 1800\n\
                 Ra = {}, p = {}, dp = {}, Ru = Ra + dp rounded (at most {})\n",
                r.rating,
                r.games,
                r.score,
                r.average,
                r.p,
                r.dp,
                elo::INITIAL_MAX
            )
        }
        Err(reason) => {
            if as_json {
                format!(
                    "{}\n",
                    json!({ "system": "elo", "rating": 0, "new_rating": null, "reason": reason.to_string() })
                )
            } else {
                format!("unrated\n{reason}\n")
            }
        }
    }
}

fn run_dwz(a: DwzArgs) -> Result<String, String> {
    let edition = match (a.edition, a.end_date) {
        (Some(EditionArg::Wo2014), _) => Edition::Wo2014,
        (Some(EditionArg::Wo2026), _) => Edition::Wo2026,
        (None, Some(end)) => Edition::for_end_date(end),
        (None, None) => return Err("give --end-date (or --edition 2014|2026)".into()),
    };
    if a.dwz == 0 {
        return Ok(dwz_first(edition, &a.results, a.json));
    }
    let index = a.index.ok_or("a rated player needs --index")?;
    let age = a.age.ok_or("a rated player needs --age")?;
    let player = Player {
        dwz: a.dwz,
        index,
        age,
    };
    let e = dwz::evaluate(edition, player, &a.results).map_err(|e| e.to_string())?;
    if a.json {
        let games: Vec<serde_json::Value> = e
            .games
            .iter()
            .map(|l| {
                let mut g = game_json(&l.game);
                g["expected"] = json!(l.expected.to_f64());
                g
            })
            .collect();
        let factors = match e.factors {
            Factors::Wo2014(f) => json!({
                "j": f.j, "e0": f.e0, "acceleration": f.acceleration, "braking": f.braking,
                "e_rounded": f.e_rounded, "e": f.e,
            }),
            Factors::Wo2026(f) => json!({
                "k0": f.k0, "a": f.a, "b": f.b, "k": f.k_tenths as f64 / 10.0,
            }),
        };
        return Ok(format!(
            "{}\n",
            json!({
                "system": "dwz",
                "edition": edition_code(edition),
                "dwz": e.player.dwz,
                "index": e.player.index,
                "new_dwz": e.new_dwz,
                "new_index": e.new_index,
                "score": e.score.to_f64(),
                "expected": e.expected.to_f64(),
                "factors": factors,
                "games": games,
            })
        ));
    }
    let mut out = format!("{}\n", e.new_dwz);
    out += &format!(
        "{}: DWZ {}-{} → {}-{}, age {}, {} games, W {}, We {}\n",
        edition,
        a.dwz,
        index,
        e.new_dwz,
        e.new_index,
        age,
        e.games.len(),
        e.score,
        e.expected
    );
    match e.factors {
        Factors::Wo2014(f) => {
            out += &format!("E0 = ({}/1000)^4 + J {} = {:.3}", a.dwz, f.j, f.e0);
            if let Some(fb) = f.acceleration {
                out += &format!(", acceleration fB {fb:.3}");
            }
            if let Some(sbr) = f.braking {
                out += &format!(", braking SBr {sbr:.3}");
            }
            out += &format!(
                ", E {} → {} after limits\nRn = {} + 800·({} − {})/({} + {})\n",
                f.e_rounded,
                f.e,
                a.dwz,
                e.score,
                e.expected,
                f.e,
                e.games.len()
            );
        }
        Factors::Wo2026(f) => {
            out += &format!(
                "K0 {}, a {:.3}, b {:.3}, K = K0·b + a = {}.{}\nRn = {} + K·({} − {}), at least {}\n",
                f.k0,
                f.a,
                f.b,
                f.k_tenths / 10,
                f.k_tenths % 10,
                a.dwz,
                e.score,
                e.expected,
                dwz::WO2026_FLOOR
            );
        }
    }
    if let Some(line) = performance_line(&a.results) {
        out += &format!("{line} (FIDE tables, C.07 Art. 10)\n");
    }
    for l in &e.games {
        out += &format!(
            "  {:>4} {:>3}  D {:>5}  P {}\n",
            l.game.opponent,
            l.game.score,
            i32::from(a.dwz) - i32::from(l.game.opponent),
            l.expected
        );
    }
    Ok(out)
}

fn edition_code(edition: Edition) -> &'static str {
    match edition {
        Edition::Wo2014 => "2014",
        Edition::Wo2026 => "2026",
    }
}

fn dwz_first(edition: Edition, games: &[Game], as_json: bool) -> String {
    match dwz::first_rating(edition, games) {
        Ok(r) => {
            if as_json {
                return format!(
                    "{}\n",
                    json!({
                        "system": "dwz",
                        "edition": edition_code(edition),
                        "dwz": 0,
                        "new_dwz": r.dwz,
                        "new_index": 1,
                        "games": r.games,
                        "score": r.score.to_f64(),
                        "average": r.average,
                        "performance": r.performance,
                    })
                );
            }
            format!(
                "{}\n{}: first DWZ from {} games, score {}, Rc {:.1}, performance Rh {}; index 1\n",
                r.dwz, edition, r.games, r.score, r.average, r.performance
            )
        }
        Err(reason) => {
            if as_json {
                format!(
                    "{}\n",
                    json!({ "system": "dwz", "dwz": 0, "new_dwz": null, "reason": reason.to_string() })
                )
            } else {
                format!("unrated\n{reason}\n")
            }
        }
    }
}

/// ARO, TPR and PTP of the games (C.07 Art. 10), for the text output of both systems.
fn performance_line(games: &[Game]) -> Option<String> {
    Some(format!(
        "ARO {}, TPR {}, PTP {}",
        rating::average_rating(games)?,
        rating::performance_rating(games)?,
        rating::perfect_performance(games)?
    ))
}
