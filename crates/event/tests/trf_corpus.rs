//! Tournaments started elsewhere: every generated tournament of the shared TRF corpus imported
//! as a section gives the pairing engine the same history as the TRF reader, the same
//! recorded pairings, and standings for every player.

use std::collections::HashSet;

use event::Section;
use event::date::{Date, DateTime, Time};
use pairing::dutch::Player;

fn files(folder: &str) -> Vec<std::path::PathBuf> {
    let dir = testkit::shared_data(folder);
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    out.sort();
    out
}

fn history(players: &[Player]) -> Vec<(u32, u16, Vec<pairing::dutch::RoundEntry>)> {
    players
        .iter()
        .map(|p| (p.id, p.rating, p.history.clone()))
        .collect()
}

#[test]
fn imported_generated_tournaments_keep_their_history_pairings_and_scores() {
    let at = DateTime {
        date: Date::new(2026, 11, 22).unwrap(),
        time: Time::new(12, 0).unwrap(),
    };
    let mut checked = 0;
    for folder in [
        "trf/generated/bbp-v6-byes-heavy",
        "trf/generated/bbp-v6-default",
    ] {
        for path in files(folder) {
            let t = trf::Tournament::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
            let section =
                Section::from_trf(&t, at).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let played = t.rounds_played() as u32;
            assert_eq!(section.played.len() as u32, played);
            for round in 1..=played {
                let ours = section.dutch_input(round);
                let theirs = pairing::trf_input::input_for_round(&t, round).unwrap();
                assert_eq!(
                    history(&ours.players),
                    history(&theirs.players),
                    "{} round {round}",
                    path.display()
                );
                let (pairs, bye) = pairing::trf_input::recorded_pairing(&t, round);
                let r = section.round(round).unwrap();
                let mut ours_pairs: Vec<(u32, u32)> =
                    r.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
                ours_pairs.sort_unstable();
                assert_eq!(ours_pairs, pairs, "{} round {round}", path.display());
                let pab = r
                    .byes
                    .iter()
                    .find(|b| b.kind == event::round::ByeKind::PairingAllocated)
                    .map(|b| b.player.0);
                assert_eq!(pab, bye);
            }
            // Points as the file declares them (columns 81-84) for the rounds played.
            if section.rounds_complete() == played {
                let table = section.standings().unwrap();
                let players: HashSet<u32> = table.rows.iter().map(|r| r.player.0).collect();
                assert_eq!(players.len(), t.players().count());
                for row in &table.rows {
                    let declared = t.player(row.tpn as u16).unwrap().points.unwrap();
                    assert_eq!(
                        declared.tenths(),
                        row.half_points as i32 * 5,
                        "{}",
                        path.display()
                    );
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 55);
}

#[test]
fn an_invalid_trf_is_refused_with_its_lines() {
    let text = "012 Broken\n\
001    1      A                                 2000                             1.0    1     2 w 1\n\
001    2      B                                 1900                             0.0    2     3 b 0\n\
001    3      C                                 1800                             0.0    3\n";
    let t: trf::Tournament = text.parse().unwrap();
    let at = DateTime {
        date: Date::new(2026, 1, 1).unwrap(),
        time: Time::new(0, 0).unwrap(),
    };
    let err = Section::from_trf(&t, at).unwrap_err();
    let event::trf_io::ImportError::Invalid(lines) = &err else {
        panic!("{err}");
    };
    assert!(lines.iter().all(|l| l.starts_with("line ")), "{lines:?}");
    assert!(err.to_string().contains("line 3"), "{err}");
}
