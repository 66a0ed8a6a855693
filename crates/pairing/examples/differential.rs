//! Differential harness (issue 13): our Dutch engine against a locally built bbpPairings, over
//! generated tournaments of every kind the generators offer, in both directions:
//!
//! - ours → reference: our generator (which pairs with our engine) writes a tournament, the
//!   reference re-pairs every round with its checker (`-c`);
//! - reference → ours: the reference generator (`-g`) writes one, we re-pair every round
//!   (`trf_input::check_rounds`).
//!
//! Kinds cycle with the seed: default, byes (½, 1 and 0 points), forfeits, withdrawals, Baku
//! acceleration and other scoring. Baku tournaments are generated and paired by us only: the
//! reference reads acceleration from XXA records alone, and its generator has none. Not a test: it runs the reference
//! binary and takes as long as it takes.
//!
//! ```text
//! cargo run --release -p pairing --example differential -- BBP TOURNAMENTS [FIRST_SEED]
//!     [MAX_PLAYERS] [2017|2026] [KEEP_DIR] [MIN_PLAYERS]
//! ```
//!
//! Sizes are those of `Config::random` (15-215 players) cut at `MAX_PLAYERS`; with
//! `MIN_PLAYERS`, a size drawn from the seed between `MIN_PLAYERS` and `MAX_PLAYERS` (up to
//! 1500) replaces it, the rest of the configuration unchanged.
//! `BBP` is the reference binary built from its sources (v6 pairs by the 2026 rules, v5 by the
//! 2017 rules; give the matching edition). Tournaments with a differing round are kept in
//! `KEEP_DIR` (default `/tmp/differential`). Prints one line per tournament and the totals.

use std::path::{Path, PathBuf};
use std::process::Command;

use pairing::dutch::DutchEdition;
use pairing::generator::{Config, generate};
use pairing::trf_input;

/// Round counts of one direction: identical, different, not paired by us.
#[derive(Default, Clone, Copy)]
struct Tally {
    identical: usize,
    different: usize,
    errors: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.identical += other.identical;
        self.different += other.different;
        self.errors += other.errors;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(bbp) = args.first().map(PathBuf::from) else {
        eprintln!(
            "usage: differential BBP TOURNAMENTS [FIRST_SEED] [MAX_PLAYERS] [2017|2026] [KEEP_DIR] \
             [MIN_PLAYERS]"
        );
        std::process::exit(2);
    };
    let number =
        |k: usize, default: u64| args.get(k).and_then(|a| a.parse().ok()).unwrap_or(default);
    let tournaments = number(1, 100);
    let first = number(2, 1);
    let max_players = number(3, 200).min(1500) as u16;
    let min_players = number(6, 0).min(u64::from(max_players)) as u16;
    let edition = match args.get(4).map(String::as_str) {
        Some("2017") => DutchEdition::Rules2017,
        _ => DutchEdition::Rules2026,
    };
    let keep = PathBuf::from(args.get(5).map_or("/tmp/differential", String::as_str));
    std::fs::create_dir_all(&keep).expect("a directory for the kept tournaments");
    let work = std::env::temp_dir().join(format!("differential-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("a work directory");
    let (mut forward, mut backward) = (Tally::default(), Tally::default());
    for seed in first..first + tournaments {
        let config = config_for(seed, min_players, max_players, edition);
        let ours = ours_to_reference(&bbp, &config, seed, &work, &keep);
        let theirs = reference_to_ours(&bbp, &config, seed, &work, &keep, edition);
        println!(
            "seed {seed}: {} players, {} rounds, {}: ours→ref {}/{} identical ({} not paired), \
             ref→ours {}/{} identical ({} not paired)",
            config.players,
            config.rounds,
            kind(seed),
            ours.identical,
            ours.identical + ours.different + ours.errors,
            ours.errors,
            theirs.identical,
            theirs.identical + theirs.different + theirs.errors,
            theirs.errors,
        );
        forward.add(ours);
        backward.add(theirs);
    }
    println!(
        "total: ours→ref {} identical, {} different, {} not paired; ref→ours {} identical, {} \
         different, {} not paired",
        forward.identical,
        forward.different,
        forward.errors,
        backward.identical,
        backward.different,
        backward.errors
    );
    let _ = std::fs::remove_dir_all(&work);
}

fn kind(seed: u64) -> &'static str {
    [
        "default",
        "byes",
        "forfeits",
        "withdrawals",
        "baku",
        "scoring",
    ][(seed % 6) as usize]
}

/// A random configuration of the seed's kind with at most `max_players` players, and at least
/// `min_players` when that is not 0 (then the size is drawn between the two).
fn config_for(seed: u64, min_players: u16, max_players: u16, edition: DutchEdition) -> Config {
    let mut c = Config::random(seed);
    c.edition = edition;
    if min_players > 0 {
        let span = u64::from(max_players - min_players) + 1;
        c.players = min_players + (mix(seed) % span) as u16;
        c.rounds = c.rounds.min(c.players / 3).max(1);
    } else if c.players > max_players {
        c.players = max_players.max(10);
        c.rounds = c.rounds.min(c.players / 3).max(1);
    }
    match kind(seed) {
        "byes" => {
            c.half_point_bye_rate = 6;
            c.full_point_bye_rate = 3;
            c.zero_point_bye_rate = 3;
        }
        "forfeits" => c.forfeit_rate = 10,
        "withdrawals" => c.retired_rate = 8,
        "baku" => c.baku = true,
        "scoring" => {
            c.win = "3.0".parse().expect("points");
            c.draw = "1.0".parse().expect("points");
            c.pairing_allocated_bye = c.win;
        }
        _ => {}
    }
    c
}

/// One SplitMix64 step (Steele, Lea, Flood 2014) of the seed: the drawn size.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Our generator writes the tournament; the reference checks every round.
fn ours_to_reference(bbp: &Path, config: &Config, seed: u64, work: &Path, keep: &Path) -> Tally {
    let mut tally = Tally::default();
    if config.baku {
        // The reference reads acceleration only from XXA records, which our files do not
        // carry (the 192 code asks for Baku): not comparable.
        return tally;
    }
    let t = match generate(config, seed) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("seed {seed}: our generator stopped: {e}");
            tally.errors += usize::from(config.rounds);
            return tally;
        }
    };
    let file = work.join(format!("ours-{seed}.trf"));
    std::fs::write(&file, t.write().expect("a writable tournament")).expect("a written file");
    let output = Command::new(bbp)
        .arg("--dutch")
        .arg(&file)
        .arg("-c")
        .output()
        .expect("the reference runs");
    let differing = differing_rounds(&String::from_utf8_lossy(&output.stdout));
    let rounds = usize::from(config.rounds);
    tally.different = differing.len();
    tally.identical = rounds - differing.len().min(rounds);
    if !differing.is_empty() {
        let _ = std::fs::copy(&file, keep.join(format!("ours-{seed}.trf")));
    }
    tally
}

/// The rounds the reference checker lists with a discrepancy: lines after `Round #k` up to the
/// next round.
fn differing_rounds(report: &str) -> Vec<u32> {
    let mut rounds = Vec::new();
    let mut current = None;
    for line in report.lines() {
        if let Some((_, r)) = line.split_once("Round #") {
            current = r.trim().parse().ok();
        } else if !line.trim().is_empty()
            && let Some(r) = current
            && rounds.last() != Some(&r)
        {
            rounds.push(r);
        }
    }
    rounds
}

/// The reference generator writes the tournament; we re-pair every round.
fn reference_to_ours(
    bbp: &Path,
    config: &Config,
    seed: u64,
    work: &Path,
    keep: &Path,
    edition: DutchEdition,
) -> Tally {
    let mut tally = Tally::default();
    if config.baku {
        return tally;
    }
    let cfg = work.join(format!("ref-{seed}.cfg"));
    let file = work.join(format!("ref-{seed}.trf"));
    // The reference's rates are one event in N (at least 2), ours are percentages.
    let one_in = |percent: u8| 100u32.div_ceil(u32::from(percent.max(1))).max(2);
    let mut text = format!(
        "PlayersNumber={}\nRoundsNumber={}\nDrawPercentage={}\nPointsForWin={}\n\
         PointsForDraw={}\nPointsForPAB={}\n",
        config.players,
        config.rounds,
        config.draw_percentage,
        config.win,
        config.draw,
        config.pairing_allocated_bye,
    );
    let byes = config.half_point_bye_rate + config.full_point_bye_rate;
    for (key, percent) in [
        ("ForfeitRate", config.forfeit_rate),
        ("RetiredRate", config.retired_rate),
        ("HalfPointByeRate", byes),
    ] {
        if percent > 0 {
            text.push_str(&format!("{key}={}\n", one_in(percent)));
        }
    }
    std::fs::write(&cfg, text).expect("a written configuration");
    let status = Command::new(bbp)
        .arg("--dutch")
        .arg("-g")
        .arg(&cfg)
        .arg("-o")
        .arg(&file)
        .arg("-s")
        .arg(seed.to_string())
        .output()
        .expect("the reference runs");
    let Ok(text) = std::fs::read_to_string(&file) else {
        eprintln!(
            "seed {seed}: the reference wrote no tournament ({}): {}",
            status.status,
            String::from_utf8_lossy(&status.stderr).trim()
        );
        return tally;
    };
    let Ok(t) = text.parse::<trf::Tournament>() else {
        eprintln!("seed {seed}: the reference's tournament does not read");
        return tally;
    };
    let Ok(checks) = trf_input::check_rounds(&t, edition, false) else {
        eprintln!("seed {seed}: no pairing input from the reference's tournament");
        return tally;
    };
    for c in &checks {
        match &c.computed {
            Err(_) => tally.errors += 1,
            Ok(_) if c.agrees() => tally.identical += 1,
            Ok(_) => tally.different += 1,
        }
    }
    if tally.different + tally.errors > 0 {
        let _ = std::fs::copy(&file, keep.join(format!("ref-{seed}.trf")));
    }
    tally
}
