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

/// When the tests import their files (the rounds count as published then).
fn imported_at() -> DateTime {
    DateTime {
        date: Date::new(2026, 11, 22).unwrap(),
        time: Time::new(12, 0).unwrap(),
    }
}

fn history(players: &[Player]) -> Vec<(u32, u16, Vec<pairing::dutch::RoundEntry>)> {
    players
        .iter()
        .map(|p| (p.id, p.rating, p.history.clone()))
        .collect()
}

/// The history handed to the engine is compared with the TRF reader's (a consistency check, not
/// verification: both are our code); the recorded pairings and the points are bbpPairings'.
#[test]
fn imported_generated_tournaments_keep_their_history_pairings_and_scores() {
    let at = imported_at();
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
    let at = imported_at();
    let err = Section::from_trf(&t, at).unwrap_err();
    let event::trf_io::ImportError::Invalid(lines) = &err else {
        panic!("{err}");
    };
    assert!(lines.iter().all(|l| l.starts_with("line ")), "{lines:?}");
    assert!(err.to_string().contains("line 3"), "{err}");
}

/// `222` is the encoded time control of TRF-2026 (`d[:d]` or `Wd[:d]-Bd[:d]`), not free text
/// (that is `122`): a value that does not read refuses the import at its line and column
/// instead of leaving the section without its time control; a valid one is kept.
#[test]
fn h19_18_an_invalid_222_time_control_is_refused_at_its_line_and_column() {
    let at = imported_at();
    let file = |tc: &str| -> trf::Tournament {
        format!(
            "012 Timed\n222 {tc}\n\
001    1      A                                 2000                             0.0    1\n\
001    2      B                                 1900                             0.0    2\n"
        )
        .parse()
        .unwrap()
    };
    let s = Section::from_trf(&file("40/6000+30:900+30"), at).unwrap();
    assert_eq!(s.time_control, "40/6000+30:900+30");
    let s = Section::from_trf(&file("W300-B240"), at).unwrap();
    assert_eq!(s.time_control, "W300-B240");
    let err = Section::from_trf(&file("90 min + 30 s"), at).unwrap_err();
    let event::trf_io::ImportError::Invalid(lines) = &err else {
        panic!("{err}");
    };
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("line 2, column 7: error: 222 time control: expected"),
        "{err}"
    );
    let err = Section::from_trf(&file("5400+3x"), at).unwrap_err();
    assert!(err.to_string().contains("line 2, column 11:"), "{err}");
}

/// What a round block without an opponent asks of the section: the pairing-allocated bye is the
/// engine's to give (`None`); any other code is a bye the player asked for or an absence.
fn requested_bye(code: trf::ResultCode) -> Option<event::round::ByeKind> {
    use event::round::ByeKind;
    use trf::ResultCode as R;
    match code {
        R::PairingAllocatedBye => None,
        R::FullPointBye | R::ForfeitWin | R::Win | R::UnratedWin => Some(ByeKind::Full),
        R::HalfPointBye | R::Draw | R::UnratedDraw => Some(ByeKind::Half),
        _ => Some(ByeKind::Zero),
    }
}

/// Verification against an outside source, the counterpart of the consistency check
/// `trf_export_validates_and_the_dutch_checker_repairs_every_round_identically`
/// (`swiss_section.rs`): every round of the bbpPairings-generated byes-heavy corpora, paired
/// through the section as the service pairs (`Section::pair_round`) from the rounds before it,
/// with the players absent in that round as requested byes, gives the pairs, colours and
/// pairing-allocated bye bbpPairings recorded (v6 under the 2026 rules, v5 under the 2017 rules).
#[test]
fn h19_19_sections_pair_every_round_as_bbp_pairings_did() {
    use event::section::DutchRules;
    let at = imported_at();
    let mut rounds = 0;
    for (folder, edition) in [
        ("trf/generated/bbp-v6-byes-heavy", DutchRules::Rules2026),
        ("trf/generated/bbp-v5-byes-heavy", DutchRules::Rules2017),
    ] {
        for path in files(folder) {
            let t = trf::Tournament::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
            let mut full = Section::from_trf(&t, at).unwrap();
            full.system = event::System::Swiss {
                edition: Some(edition),
            };
            for round in 1..=t.rounds_played() {
                let mut s = full.clone();
                s.played.truncate(round - 1);
                let round = u32::try_from(round).unwrap();
                for p in t.players() {
                    let block = p.round(round as usize).unwrap();
                    if let (None, Some(kind)) = (block.opponent, requested_bye(block.result)) {
                        let entry = s
                            .entries
                            .iter_mut()
                            .find(|e| e.id().0 == u32::from(p.number()))
                            .unwrap();
                        entry.requested_byes.insert(round, kind);
                    }
                }
                let draft = s
                    .pair_round(round)
                    .unwrap_or_else(|e| panic!("{} round {round}: {e:?}", path.display()));
                let mut pairs: Vec<(u32, u32)> = draft
                    .boards
                    .iter()
                    .map(|b| (b.white.0, b.black.0))
                    .collect();
                pairs.sort_unstable();
                let bye = draft
                    .byes
                    .iter()
                    .find(|b| b.kind == event::round::ByeKind::PairingAllocated)
                    .map(|b| b.player.0);
                assert_eq!(
                    (pairs, bye),
                    pairing::trf_input::recorded_pairing(&t, round),
                    "{} round {round}",
                    path.display()
                );
                rounds += 1;
            }
        }
    }
    assert_eq!(rounds, 270);
}
