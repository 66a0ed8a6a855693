//! A 7-round SJRP-style Swiss section of 20 players (plus a late entry) driven through pairing,
//! results with a forfeit, a half-point bye, a late entry and a withdrawal, standings and a
//! TRF-2026 export that the `trf` crate validates and the Dutch engine re-pairs identically.

use std::collections::HashSet;

use event::Event;
use event::age::{AgeClass, Class};
use event::date::{Date, DateTime, Time};
use event::person::{PlayerId, Sex};
use event::player::{Entry, Player};
use event::round::{ByeKind, GameResult, WarningKind};
use event::section::{RoundSchedule, Section};
use testkit::Rng;

fn schedule(start: Date) -> Vec<RoundSchedule> {
    [(0, 14), (1, 9), (1, 14), (2, 9), (3, 9), (3, 14), (4, 9)]
        .into_iter()
        .map(|(d, h)| RoundSchedule {
            date: start.add_days(d),
            time: Time::new(h, 0),
        })
        .collect()
}

fn player(id: u32, rng: &mut Rng) -> Player {
    let last = ["Öztürk", "Ott", "Zimmermann", "Ährens", "Baum"][id as usize % 5];
    let mut p = Player::new(PlayerId(id), &format!("{last}{id}"), "Kim");
    p.sex = Some(if rng.below(3) == 0 {
        Sex::Female
    } else {
        Sex::Male
    });
    p.birth = Date::new(2013, 1 + rng.below(12) as u8, 1 + rng.below(28) as u8)
        .map(event::date::Birth::Date);
    p.dwz = Some(1000 + rng.below(900) as u16);
    if rng.below(2) == 0 {
        p.elo = Some(1400 + rng.below(500) as u16);
    }
    p
}

fn result(rng: &mut Rng) -> GameResult {
    match rng.below(10) {
        0..=3 => GameResult::WhiteWins,
        4..=6 => GameResult::BlackWins,
        _ => GameResult::Draw,
    }
}

struct Run {
    event: Event,
    late: PlayerId,
    withdrawn: PlayerId,
    half_bye: PlayerId,
}

/// Ids start at 10 001: the domain is not limited to TRF's 9999.
fn run() -> Run {
    let mut rng = Rng::new(2026);
    let start = Date::new(2026, 4, 7).unwrap();
    let mut event = Event::new(
        "RLP-Jugendeinzelmeisterschaft",
        "Pirmasens",
        start,
        start.add_days(4),
    );
    let mut s = Section::new(
        "U14",
        vec![Class::open(AgeClass::U14), Class::girls(AgeClass::U14)],
    );
    s.schedule = schedule(start);
    for id in 10_001..=10_020 {
        let p = player(id, &mut rng);
        let class = if p.sex == Some(Sex::Female) && rng.below(2) == 0 {
            Class::girls(AgeClass::U14)
        } else {
            Class::open(AgeClass::U14)
        };
        s.entries.push(Entry::new(p, class));
    }
    let withdrawn = PlayerId(10_007);
    let half_bye = PlayerId(10_012);
    let late = PlayerId(10_021);
    for round in 1..=7 {
        if round == 3 {
            let mut e = Entry::new(player(late.0, &mut rng), Class::open(AgeClass::U14));
            e.first_round = 3;
            s.entries.push(e);
        }
        if round == 5 {
            s.entry_mut(half_bye)
                .unwrap()
                .requested_byes
                .insert(5, ByeKind::Half);
            s.entry_mut(withdrawn).unwrap().withdrawn_after = Some(4);
        }
        let draft = s.pair_round(round).expect("pairable");
        s.add_round(draft).unwrap();
        let start = s.schedule_of(round).unwrap();
        let at = DateTime {
            date: start.date,
            time: Time::new(start.time.hour() - 1, 0).unwrap(),
        };
        assert!(s.publish(round, at).unwrap().is_empty());
        let boards = s.round(round).unwrap().boards.len();
        for b in 1..=boards {
            let r = if round == 2 && b == 3 {
                GameResult::WhiteWinsByForfeit
            } else {
                result(&mut rng)
            };
            s.enter_result(round, b, r).unwrap();
        }
    }
    event.sections.push(s);
    Run {
        event,
        late,
        withdrawn,
        half_bye,
    }
}

#[test]
fn every_round_pairs_each_available_player_once_and_never_twice_the_same_pair() {
    let run = run();
    let s = &run.event.sections[0];
    assert_eq!(s.played.len(), 7);
    let mut met = HashSet::new();
    for r in &s.played {
        let mut seen = HashSet::new();
        for b in &r.boards {
            assert!(seen.insert(b.white) && seen.insert(b.black));
            let pair = (b.white.min(b.black), b.white.max(b.black));
            assert!(met.insert(pair), "rematch {pair:?} in round {}", r.number);
        }
        for bye in &r.byes {
            assert!(seen.insert(bye.player));
        }
        let available = s.entries.iter().filter(|e| e.plays_in(r.number)).count();
        let paired = r.boards.len() * 2
            + r.byes
                .iter()
                .filter(|b| b.kind == ByeKind::PairingAllocated)
                .count();
        assert_eq!(paired, available, "round {}", r.number);
        assert!(
            r.byes
                .iter()
                .filter(|b| b.kind == ByeKind::PairingAllocated)
                .count()
                <= 1
        );
    }
    // Late entry: no pairing in rounds 1-2; withdrawal: none after round 4; bye in round 5.
    for r in &s.played {
        let late_paired = r.board_of(run.late).is_some() || r.bye_of(run.late).is_some();
        assert_eq!(late_paired, r.number >= 3, "round {}", r.number);
        assert_eq!(
            r.board_of(run.withdrawn).is_some(),
            r.number <= 4 && r.bye_of(run.withdrawn).is_none()
        );
    }
    assert_eq!(
        s.round(5).unwrap().bye_of(run.half_bye),
        Some(ByeKind::Half)
    );
    for round in 5..=7 {
        assert_eq!(
            s.round(round).unwrap().bye_of(run.withdrawn),
            Some(ByeKind::Zero)
        );
    }
}

#[test]
fn standings_add_up_every_result_and_rank_by_points() {
    let run = run();
    let s = &run.event.sections[0];
    let table = s.standings().unwrap();
    assert_eq!(table.tiebreaks, ["BH/C1", "SB", "SW/U", "DE"]);
    assert_eq!(table.rows.len(), 21);
    // Half-points handed out: 2 per decided game except a double forfeit, 2 per PAB, 1 per
    // half-point bye; the late entrant's and the withdrawn player's absences score nothing.
    let mut expected = 0;
    for r in &s.played {
        expected += 2 * r
            .boards
            .iter()
            .filter(|b| b.result != GameResult::DoubleForfeit)
            .count();
        for bye in &r.byes {
            expected += match bye.kind {
                ByeKind::PairingAllocated | ByeKind::Full => 2,
                ByeKind::Half => 1,
                ByeKind::Zero => 0,
            };
        }
    }
    let total: u32 = table.rows.iter().map(|r| r.half_points).sum();
    assert_eq!(total as usize, expected);
    for w in table.rows.windows(2) {
        assert!(w[0].half_points >= w[1].half_points);
        assert!(w[0].rank <= w[1].rank);
    }
    assert_eq!(table.rows[0].rank, 1);
    // The forfeit winner of round 2 has the point; it is not a game for WIN's "played" counts.
    let forfeit = &s.round(2).unwrap().boards[2];
    assert_eq!(forfeit.result, GameResult::WhiteWinsByForfeit);
    // The girls' ranking holds exactly the female players, re-ranked from 1.
    let girls = s.class_standings(Class::girls(AgeClass::U14)).unwrap();
    let female = s
        .entries
        .iter()
        .filter(|e| e.player.sex == Some(Sex::Female))
        .count();
    assert_eq!(girls.rows.len(), female);
    assert_eq!(girls.rows[0].rank, 1);
    // BH/C1 breakdown: one contribution per round, one of them cut.
    let bd = s.breakdown(table.rows[0].player, "BH/C1").unwrap().unwrap();
    assert_eq!(bd.contributions.len(), 7);
    assert_eq!(
        bd.contributions
            .iter()
            .filter(|c| c.removed.is_some())
            .count(),
        1
    );
    let cross = s.crosstable();
    assert_eq!(cross.lines.len(), 21);
    let late = cross.lines.iter().find(|l| l.player == run.late).unwrap();
    assert_eq!(late.cells[0].code, 'Z');
    assert_eq!(late.cells[1].code, 'Z');
}

/// Consistency check, not verification: the engine re-pairs its own pairings. The verification
/// against bbpPairings is `h19_19_sections_pair_every_round_as_bbp_pairings_did`
/// (`trf_corpus.rs`).
#[test]
fn trf_export_validates_and_the_dutch_checker_repairs_every_round_identically() {
    let run = run();
    let s = &run.event.sections[0];
    let t = s.to_trf(&run.event).unwrap();
    let report = t.validate();
    assert!(report.is_valid(), "{:?}", report.issues);
    assert_eq!(report.points_checked, 21);
    let text = t.write().unwrap();
    let parsed: trf::Tournament = text.parse().unwrap();
    assert_eq!(parsed.rounds_played(), 7);
    assert_eq!(parsed.total_rounds(), Some(7));
    let edition = pairing::trf_input::edition(&parsed).unwrap();
    let mut discrepancies = 0;
    for round in 1..=7 {
        let input = pairing::trf_input::input_for_round(&parsed, round).unwrap();
        let again = pairing::dutch::pair_round(&input, edition).unwrap();
        let mut pairs: Vec<(u32, u32)> = again.boards.iter().map(|b| (b.white, b.black)).collect();
        pairs.sort_unstable();
        let (recorded, bye) = pairing::trf_input::recorded_pairing(&parsed, round);
        if pairs != recorded || again.bye != bye {
            discrepancies += 1;
        }
    }
    assert_eq!(discrepancies, 0);
}

/// Consistency check, not verification: our export read back by our import. Imports of
/// bbpPairings files are verified in `trf_corpus.rs`.
#[test]
fn a_trf_export_continues_as_an_equal_section() {
    let run = run();
    let s = &run.event.sections[0];
    let text = s.to_trf(&run.event).unwrap().write().unwrap();
    let parsed: trf::Tournament = text.parse().unwrap();
    let at = DateTime {
        date: Date::new(2026, 4, 11).unwrap(),
        time: Time::new(18, 0).unwrap(),
    };
    let imported = Section::from_trf(&parsed, at).unwrap();
    assert_eq!(imported.played.len(), 7);
    assert_eq!(imported.entries.len(), 21);
    assert_eq!(imported.schedule.len(), 7);
    assert_eq!(imported.schedule[6].date, s.schedule[6].date);
    let a = s.standings().unwrap();
    let b = imported.standings().unwrap();
    // Ids differ (imported players are numbered by pairing number), and the rating shown beside
    // a name is the section's DWZ, which a TRF does not carry (its 001 rating is the Elo); the
    // ranking itself is equal.
    let key = |t: &event::table::Standings| -> Vec<event::table::Row> {
        t.rows
            .iter()
            .map(|r| event::table::Row {
                player: PlayerId(r.tpn),
                rating: None,
                ..r.clone()
            })
            .collect()
    };
    assert_eq!(key(&a), key(&b));
    let players = |t: &trf::Tournament| t.players().cloned().collect::<Vec<_>>();
    let again = imported.to_trf(&run.event).unwrap();
    assert_eq!(players(&parsed), players(&again));
}

#[test]
fn a_078_result_correction_names_the_later_rounds_paired_on_it() {
    let mut run = run();
    let s = &mut run.event.sections[0];
    let before = s.standings().unwrap();
    let board = &s.round(3).unwrap().boards[0];
    let (white, old) = (board.white, board.result);
    let new = if old == GameResult::WhiteWins {
        GameResult::BlackWins
    } else {
        GameResult::WhiteWins
    };
    assert!(
        s.enter_result(3, 1, new).is_err(),
        "entered results need a correction"
    );
    let c = s.correct_result(3, 1, new).unwrap();
    assert_eq!((c.old, c.new), (old, new));
    assert_eq!(c.affected_rounds, [4, 5, 6, 7]);
    assert!(c.warnings.iter().all(|w| w.article.as_str() == "Art. 8.7"));
    assert!(matches!(
        c.warnings[0].kind,
        WarningKind::LaterRoundAffected { round: 4 }
    ));
    let after = s.standings().unwrap();
    let points = |t: &event::table::Standings| {
        t.rows
            .iter()
            .find(|r| r.player == white)
            .unwrap()
            .half_points
    };
    assert_ne!(points(&before), points(&after));
    // Correcting the last round affects nothing later.
    let last = s.correct_result(7, 1, GameResult::Draw).unwrap();
    assert!(last.affected_rounds.is_empty());
}

#[test]
fn pairing_lists_by_board_and_alphabetical_show_the_points_before_the_round() {
    let run = run();
    let s = &run.event.sections[0];
    let r5 = s.round(5).unwrap();
    let list = s.pairing_list(5, false).unwrap();
    assert_eq!(list.len(), r5.boards.len() + r5.byes.len());
    let scores = s.scores_after(4);
    for (i, line) in list.iter().take(r5.boards.len()).enumerate() {
        assert_eq!(line.board, Some(i + 1));
        assert_eq!(line.white.player, r5.boards[i].white);
        let black = line.black.as_ref().unwrap();
        assert_eq!(black.points, scores[&black.player].to_string());
        assert_eq!(line.result, r5.boards[i].result.to_string());
    }
    let half = list
        .iter()
        .find(|l| l.white.player == run.half_bye)
        .unwrap();
    assert_eq!((half.board, half.result.as_str()), (None, "H"));
    // After the last round the scores are the standings' points.
    let all = s.scores_after(7);
    for row in s.standings().unwrap().rows {
        assert_eq!(all[&row.player].half_points(), row.half_points);
    }
    assert!(s.scores_after(0).values().all(|p| p.half_points() == 0));
    let alpha = s.pairing_list(5, true).unwrap();
    assert_eq!(alpha.len(), 2 * r5.boards.len() + r5.byes.len());
    let names: Vec<String> = alpha
        .iter()
        .map(|l| {
            let id = l.listed_for.unwrap();
            s.entry(id).unwrap().player.name()
        })
        .collect();
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| (ratinglist::sort_key(n), n.clone()));
    assert_eq!(names, sorted);
    // German order (DIN 5007-1): Ä with A, Ö with O, before Z.
    let first = |prefix: &str| names.iter().position(|n| n.starts_with(prefix)).unwrap();
    assert!(first("Ährens") < first("Baum"), "{names:?}");
    assert!(first("Ott") < first("Öztürk") && first("Öztürk") < first("Zimmermann"));
    let mut ids: Vec<PlayerId> = alpha.iter().map(|l| l.listed_for.unwrap()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), alpha.len());
    assert!(s.pairing_list(8, false).is_none());
}

#[test]
fn a_trf_exported_in_the_middle_of_a_round_validates() {
    let mut run = run();
    let s = &mut run.event.sections[0];
    assert!(s.unpair(7).is_err(), "round 7 has results");
    // Round 7 again from its pairing: results on the first two boards only.
    let boards = s.round(7).unwrap().boards.len();
    let mut copy = s.clone();
    copy.played.pop();
    let draft = copy.pair_round(7).unwrap();
    copy.add_round(draft).unwrap();
    assert_eq!(copy.round(7).unwrap().boards.len(), boards);
    copy.publish(7, copy.schedule_of(7).unwrap()).unwrap();
    copy.enter_result(7, 1, GameResult::Draw).unwrap();
    copy.enter_result(7, 2, GameResult::BlackWins).unwrap();
    let t = copy.to_trf(&run.event).unwrap();
    let report = t.validate();
    assert!(report.is_valid(), "{:?}", report.issues);
    assert_eq!(t.rounds_played(), 7);
    assert_eq!(copy.rounds_complete(), 6);
    let pending = t
        .players()
        .filter(|p| {
            p.round(7)
                .is_some_and(|e| e.result == trf::ResultCode::Pending)
        })
        .count();
    assert_eq!(
        pending,
        2 * (boards - 2),
        "games without result are written as *"
    );
    let reread: trf::Tournament = t.write().unwrap().parse().unwrap();
    assert!(reread.validate().is_valid());
}

/// #14 item 1: every line of the pairing list carries the club and the rating the section
/// seeds by (DWZ, else Elo by default).
#[test]
fn h14_01_pairing_list_lines_carry_club_and_seeding_rating() {
    let run = run();
    let s = &run.event.sections[0];
    let list = s.pairing_list(5, false).unwrap();
    for line in &list {
        for p in std::iter::once(&line.white).chain(line.black.as_ref()) {
            let entry = &s.entry(p.player).unwrap().player;
            assert_eq!(p.club, entry.club);
            assert_eq!(p.rating, entry.dwz.or(entry.elo));
        }
    }
    assert!(
        list.iter().any(|l| l.white.rating.is_some()),
        "the run has ratings"
    );
}
