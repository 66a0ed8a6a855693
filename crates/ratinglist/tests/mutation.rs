//! Random byte edits to every fixture and to written SWI and XML reports: no reader panics, and every
//! error points into the text it was given.

use ratinglist::dsb::{self, Player, Report, Tournament, TournamentType};
use ratinglist::fide::{self, RatingKind};
use ratinglist::{Error, PlayerIndex, csv, duplicates};
use testkit::Rng;

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

fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    const SPECIAL: &[u8] = b"\"\n\r,;: \t<>/&0123456789\xc3\xa4\xff\x00-+WBR";
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        let byte = if rng.below(2) == 0 {
            SPECIAL[rng.below(SPECIAL.len())]
        } else {
            rng.next_u64() as u8
        };
        match rng.below(5) {
            0 if at < bytes.len() => bytes[at] = byte,
            1 => bytes.insert(at, byte),
            2 if at < bytes.len() => {
                bytes.remove(at);
            }
            3 => bytes.truncate(at),
            _ => {
                let end = (at + rng.below(40)).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                let to = rng.below(bytes.len() + 1);
                bytes.splice(to..to, copy);
            }
        }
    }
}

fn check_position(e: &Error, bytes: &[u8]) {
    let lines = bytes.split(|&b| b == b'\n').count();
    assert!(
        e.line <= lines + 1,
        "{e} is past the {lines} lines of the input"
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
    let bytes = std::fs::read(format!(
        "{}/tests/data/spieler_v1.csv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
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
                    result: dsb::GameResult::Draw,
                },
                dsb::Pairing::Game {
                    white: 3,
                    black: 4,
                    result: dsb::GameResult::WhiteForfeitWin,
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

/// Players all list readers find in `bytes`.
fn players_read(bytes: &[u8]) -> usize {
    [
        fide::read_txt(bytes, "m", RatingKind::Standard),
        fide::read_xml(bytes, "m", RatingKind::Blitz),
        dsb::read_spieler(bytes, "m"),
        csv::read_players(bytes, "m"),
    ]
    .iter()
    .flatten()
    .map(|i| i.players.len())
    .sum()
}

#[test]
fn mutated_inputs_never_panic() {
    let mut rng = Rng::new(0x5eed_6a7e);
    let mut samples: Vec<Vec<u8>> = FIXTURES
        .iter()
        .map(|f| std::fs::read(format!("{}/tests/data/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap())
        .collect();
    samples.push(swi_sample());
    samples.push(xml_sample());
    let mut read = 0;
    for _ in 0..ROUNDS {
        for sample in &samples {
            let mut bytes = sample.clone();
            mutate(&mut rng, &mut bytes);
            let imports = [
                fide::read_txt(&bytes, "m", RatingKind::Standard),
                fide::read_xml(&bytes, "m", RatingKind::Blitz),
                dsb::read_spieler(&bytes, "m"),
                csv::read_players(&bytes, "m"),
            ];
            for import in imports {
                match import {
                    Ok(import) => {
                        import.errors.iter().for_each(|e| check_position(e, &bytes));
                        let _ = duplicates(&import.players);
                        let _ = PlayerIndex::new(&import.players).by_name_prefix("a");
                        read += import.players.len();
                    }
                    Err(e) => check_position(&e, &bytes),
                }
            }
            match dsb::read_vereine(&bytes, "m") {
                Ok(clubs) => clubs.errors.iter().for_each(|e| check_position(e, &bytes)),
                Err(e) => check_position(&e, &bytes),
            }
            match dsb::read_xml(&bytes, "m") {
                Ok(report) => {
                    if report.validate().is_ok() {
                        let xml = report.to_dsb_xml().unwrap();
                        assert_eq!(dsb::read_xml(xml.as_bytes(), "m").ok(), Some(report));
                    }
                }
                Err(e) => check_position(&e, &bytes),
            }
            match dsb::read_swi(&bytes, "m") {
                Ok(report) => {
                    if report.validate().is_ok() {
                        let swi = report.to_swi().unwrap();
                        assert!(report.to_dsb_xml().is_ok());
                        assert!(dsb::read_swi(&swi, "m").is_ok());
                    }
                }
                Err(e) => check_position(&e, &bytes),
            }
        }
    }
    let unmutated: usize = samples.iter().map(|s| players_read(s)).sum();
    assert!(
        read * 3 > unmutated * ROUNDS,
        "a bad byte costs a row, not the file: read {read} of {}",
        unmutated * ROUNDS
    );
}
