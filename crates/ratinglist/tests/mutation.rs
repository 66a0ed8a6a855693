//! Random byte edits to every fixture and to written SWI and XML reports (issue #19 acceptance,
//! one test per reader): no reader panics, every error names a line and a column inside the text it
//! was given, and a bad byte costs a row, not the file.

use ratinglist::dsb::{self, Player, Report, Tournament, TournamentType};
use ratinglist::fide::{self, RatingKind};
use ratinglist::{Error, Import, PlayerIndex, csv, duplicates};
use testkit::{Rng, lines_in, mutate};

/// Mutations per sample.
const ROUNDS: usize = 1000;

const FIXTURES: [&str; 7] = [
    "players_list_foa.txt",
    "rapid_sep26frl.txt",
    "players_list_xml_foa.xml",
    "spieler_v1.csv",
    "spieler_v2.csv",
    "vereine.csv",
    "anmeldung.csv",
];

/// Bytes that mean something to CSV, TXT and XML readers.
const SPECIAL: &[u8] = b"\"\n\r,;: \t<>/&0123456789\xc3\xa4\xff\x00-+WBR";

/// Every error names a line of the input and a column on it (at most one past its end).
fn check_position(e: &Error, bytes: &[u8]) {
    let line = bytes.split(|&b| b == b'\n').nth(e.line.wrapping_sub(1));
    assert!(
        (1..=lines_in(bytes)).contains(&e.line)
            && line.is_some_and(|l| (1..=l.len() + 1).contains(&e.column)),
        "{e} is not a place in the input"
    );
}

fn xml_sample() -> Vec<u8> {
    let swi = swi_sample();
    dsb::read_swi(&swi, "s")
        .unwrap()
        .to_dsb_xml()
        .unwrap()
        .into_bytes()
}

fn swi_sample() -> Vec<u8> {
    let bytes = fixture("spieler_v1.csv");
    let players = dsb::read_spieler(&bytes, "s").unwrap().players;
    let date = "2026-10-04".parse().unwrap();
    Report {
        tournament: Tournament {
            name: "Test".into(),
            details: String::new(),
            place: "Ort".into(),
            federation: "GER".into(),
            start: date,
            end: date,
            rounds: 1,
            kind: TournamentType::RoundRobin,
            time_control: String::new(),
            chief_arbiter: String::new(),
            arbiters: Vec::new(),
            notes: String::new(),
            uuid: String::new(),
            file_uuid: String::new(),
            sender: String::new(),
            created: date,
        },
        players: players
            .iter()
            .zip(1..)
            .map(|(p, n)| Player::from_imported(n, p))
            .collect(),
        rounds: vec![dsb::Round {
            date: None,
            pairings: vec![
                dsb::Pairing::Game {
                    white: 1,
                    black: 2,
                    result: laws::GameResult::Draw,
                },
                dsb::Pairing::Game {
                    white: 3,
                    black: 4,
                    result: laws::GameResult::WhiteWinsByForfeit,
                },
                dsb::Pairing::Bye {
                    player: 5,
                    points: dsb::ByePoints::Full,
                },
            ],
        }],
    }
    .to_swi()
    .unwrap()
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Every fixture, a written SWI and a written DSB XML report.
fn samples() -> Vec<Vec<u8>> {
    let mut samples: Vec<Vec<u8>> = FIXTURES.iter().map(|f| fixture(f)).collect();
    samples.push(swi_sample());
    samples.push(xml_sample());
    samples
}

/// Mutates every sample `ROUNDS` times and hands each result to `read`, which checks it.
fn fuzz(seed: u64, mut read: impl FnMut(&[u8])) {
    let mut rng = Rng::new(seed);
    let samples = samples();
    for _ in 0..ROUNDS {
        for sample in &samples {
            let mut bytes = sample.clone();
            mutate(&mut rng, &mut bytes, SPECIAL);
            read(&bytes);
        }
    }
}

/// Checks a list import's errors and returns the number of players read.
fn checked(import: Result<Import, Error>, bytes: &[u8]) -> usize {
    match import {
        Ok(import) => {
            import.errors.iter().for_each(|e| check_position(e, bytes));
            let _ = duplicates(&import.players);
            let _ = PlayerIndex::new(&import.players).by_name_prefix("a");
            import.players.len()
        }
        Err(e) => {
            check_position(&e, bytes);
            0
        }
    }
}

/// Runs a line-based list reader over mutated samples: a bad byte costs a row, not the file.
fn fuzz_list(seed: u64, read: impl Fn(&[u8]) -> Result<Import, Error>) {
    let unmutated: usize = samples()
        .iter()
        .map(|s| read(s).map_or(0, |i| i.players.len()))
        .sum();
    let mut players = 0;
    fuzz(seed, |bytes| players += checked(read(bytes), bytes));
    assert!(
        players * 3 > unmutated * ROUNDS,
        "a bad byte costs a row, not the file: read {players} of {}",
        unmutated * ROUNDS
    );
}

#[test]
fn h19_fuzz_csv_players() {
    fuzz_list(0x5eed_6a7e, |b| csv::read_players(b, "m"));
}

#[test]
fn h19_fuzz_fide_txt() {
    fuzz_list(0x5eed_7478, |b| {
        fide::read_txt(b, "m", RatingKind::Standard)
    });
}

#[test]
fn h19_fuzz_fide_xml() {
    fuzz(0x5eed_786d, |b| {
        checked(fide::read_xml(b, "m", RatingKind::Blitz), b);
    });
}

#[test]
fn h19_fuzz_dsb_spieler_and_vereine() {
    fuzz_list(0x5eed_d5b0, |b| dsb::read_spieler(b, "m"));
    fuzz(0x5eed_d5b1, |bytes| match dsb::read_vereine(bytes, "m") {
        Ok(clubs) => clubs.errors.iter().for_each(|e| check_position(e, bytes)),
        Err(e) => check_position(&e, bytes),
    });
}

#[test]
fn h19_fuzz_dsb_reports() {
    fuzz(0x5eed_d5b2, |bytes| {
        match dsb::read_xml(bytes, "m") {
            Ok(report) => {
                if report.validate().is_ok() {
                    let xml = report.to_dsb_xml().unwrap();
                    assert_eq!(dsb::read_xml(xml.as_bytes(), "m").ok(), Some(report));
                }
            }
            Err(e) => check_position(&e, bytes),
        }
        match dsb::read_swi(bytes, "m") {
            Ok(report) => {
                if report.validate().is_ok() {
                    let swi = report.to_swi().unwrap();
                    assert!(report.to_dsb_xml().is_ok());
                    assert!(dsb::read_swi(&swi, "m").is_ok());
                }
            }
            Err(e) => check_position(&e, bytes),
        }
    });
}
