//! C.07 tie-breaks against the FIDE TEC exercise (Held, "Exercises in Tie-Breaking";
//! /work/shared/docs/tiebreaks-ratings.md §3.1) and hand-calculated fixtures.

use Outcome::{Draw, ForfeitLoss, ForfeitWin, HalfPointBye, Loss, PairingBye, Win, ZeroPointBye};
use standings::rating::Hundredths;
use standings::tiebreak::{
    DirectEncounterRule, Edition, Evaluation, Field, Participant, Removal, Round, Rules, Source,
    TieBreak, Trim, VurCut, standings,
};
use standings::{Outcome, ScoringSystem};

/// The TEC exercise: a TRF file with the 1/½/0 scoring.
fn held_swiss() -> Field {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/held_swiss_5.trf");
    let text = std::fs::read_to_string(path).expect("held_swiss_5.trf");
    let t: trf::Tournament = text.parse().expect("valid TRF");
    let participants = t
        .players()
        .map(|p| Participant {
            tpn: p.number(),
            rating: p.person.rating.filter(|&r| r > 0),
            rounds: p
                .rounds
                .iter()
                .map(|e| Round {
                    opponent: e.opponent,
                    black: e.colour == Some(trf::Colour::Black),
                    outcome: Outcome::from_trf_code(e.result.as_char()).expect("result code"),
                })
                .collect(),
        })
        .collect();
    Field::new(participants, 5, ScoringSystem::STANDARD).expect("field")
}

/// `12.60` → 1260 hundredths; `–` → `None`.
fn expected(cell: &str) -> Option<Hundredths> {
    if cell.starts_with('–') {
        return None;
    }
    let (whole, frac) = cell.split_once('.').unwrap_or((cell, ""));
    let frac = format!("{frac:0<2}");
    Some(standings::rating::Fixed(
        whole.parse::<i64>().unwrap() * 100 + frac.parse::<i64>().unwrap(),
    ))
}

/// Checks every cell of a `| # | col | col |` table; empty cells are skipped.
fn check_table(ev: &Evaluation, table: &str) {
    let mut lines = table.lines().map(str::trim).filter(|l| !l.is_empty());
    let header: Vec<&str> = lines.next().unwrap().split('|').map(str::trim).collect();
    let codes: Vec<TieBreak> = header[2..header.len() - 1]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let mut checked = 0;
    for line in lines {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let tpn: u16 = cells[1].parse().unwrap();
        for (tb, cell) in codes.iter().zip(&cells[2..cells.len() - 1]) {
            if cell.is_empty() {
                continue;
            }
            assert_eq!(
                ev.value(*tb, tpn),
                expected(cell),
                "{} of player {tpn} under {}",
                tb,
                ev.edition()
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
}

const V1_SCORES: &str = "
| # | PTS | BH | BH-C1 | BH-M1 | FB | SB | SB-C1 | AOB |
| 1 | 3.5 | 12.5 | 11.0 | 7.0 | 13.5 | 8.00 | 7.25 | 12.60 |
| 2 | 4.0 | 13.0 | 12.0 | 8.5 | 13.5 | 9.50 | 8.50 | 13.60 |
| 3 | 3.5 | 15.5 | 13.0 | 9.0 | 15.0 | 10.50 | 9.25 | 13.40 |
| 4 | 3.5 | 15.0 | 11.5 | 8.0 | 15.5 | 9.75 | 8.00 | 13.38 |
| 5 | 2.5 | 8.5 | 7.5 | 5.0 | 10.0 | 4.25 | 3.25 | 13.40 |
| 6 | 3.0 | 12.0 | 11.0 | 7.5 | 12.0 | 6.50 | 5.50 | 13.25 |
| 7 | 1.5 | 14.5 | 12.5 | 8.5 | 13.5 | 3.25 | 1.25 | 11.90 |
| 8 | 2.5 | 13.5 | 12.0 | 8.5 | 12.5 | 5.25 | 3.75 | 13.00 |
| 9 | 1.5 | 9.0 | 7.5 | 4.0 | 9.5 | 2.25 | 2.25 | 12.75 |
| 10 | 1.0 | 13.0 | 11.5 | 7.5 | 12.5 | 1.50 | 0.00 | 10.90 |
| 11 | 2.5 | 13.5 | 12.0 | 8.5 | 12.5 | 5.75 | 4.25 | 12.75 |
| 12 | 2.0 | 11.5 | 9.5 | 6.0 | 11.5 | 4.00 | 4.00 | 15.00 |
| 13 | 1.5 | 14.0 | 12.0 | 8.5 | 13.5 | 4.25 | 4.25 | 12.10 |
| 14 | 2.0 | 11.0 | 9.0 | 6.0 | 10.5 | 4.50 | 3.00 | 13.17 |
| 15 | 2.0 | 12.0 | 11.0 | 7.5 | 12.0 | 3.50 | 2.50 | 12.20 |
| 16 | 3.5 | 12.5 | 11.0 | 7.0 | 13.5 | 7.25 | 5.75 | 13.30 |
";

/// Only the cells that differ from V1.
const V2_DIFFERENCES: &str = "
| # | BH | BH-C1 | BH-M1 | FB | SB | SB-C1 | AOB |
| 1 | | | | | | | 12.40 |
| 3 | | | | | | | 12.90 |
| 4 | 14.0 | | | 14.5 | 9.25 | 7.75 | |
| 5 | | | | | | | 13.20 |
| 6 | 11.5 | 10.5 | 7.0 | | 6.00 | 5.00 | |
| 7 | | | | | | | 11.70 |
| 8 | | | | | | | 12.90 |
| 10 | | | | | | | 10.80 |
| 11 | 12.5 | 11.0 | 7.5 | 12.0 | 4.75 | 3.25 | |
| 12 | | | | 11.0 | | | 14.00 |
| 13 | | | | | | | 11.90 |
| 14 | | | | | | | 13.00 |
| 16 | | | | | | | 13.10 |
";

const RULE_INDEPENDENT: &str = "
| # | ARO | ARO-C1 | TPR | PTP | APRO | APPO | WIN | WON | BPG | BWG | REP | PS | PS-C1 |
| 1 | 1820 | 1900 | 1969 | 2029 | 1789 | 1769 | 2 | 2 | 2 | 1 | 5 | 11.0 | 10.0 |
| 2 | 1880 | 1988 | 2120 | 2216 | 1856 | 1852 | 3 | 3 | 3 | 1 | 5 | 13.0 | 12.0 |
| 3 | 1940 | 2000 | 2089 | 2112 | 1904 | 1934 | 2 | 2 | 2 | 1 | 5 | 11.0 | 10.5 |
| 4 | 1888 | 1983 | 2081 | 2168 | 1772 | 1784 | 2 | 2 | 2 | 1 | 4 | 11.5 | 10.5 |
| 5 | 1690 | 1738 | 1690 | 1689 | 1719 | 1676 | 2 | 2 | 2 | 0 | 5 | 5.0 | 5.0 |
| 6 | 1813 | 1900 | 1813 | 1810 | 1846 | 1836 | 3 | 2 | 2 | 1 | 5 | 6.0 | 6.0 |
| 7 | 1760 | 1838 | 1611 | 1531 | 1869 | 1890 | 1 | 1 | 3 | 0 | 5 | 6.0 | 5.0 |
| 8 | 1730 | 1800 | 1730 | 1715 | 1915 | 1924 | 2 | 2 | 2 | 0 | 5 | 8.5 | 8.0 |
| 9 | 1975 | 2200 | 1175 | 950 | 1805 | 1802 | 1 | 0 | 1 | 0 | 3 | 2.5 | 2.5 |
| 10 | 1880 | 1975 | 1640 | 1575 | 1717 | 1687 | 1 | 1 | 3 | 1 | 5 | 4.0 | 4.0 |
| 11 | 1863 | 2000 | 1776 | 1763 | 1840 | 1836 | 2 | 1 | 2 | 0 | 5 | 5.5 | 5.0 |
| 12 | 2050 | – | 1250 | 1250 | 2081 | 2168 | 2 | 0 | 0 | 0 | 3 | 7.0 | 7.0 |
| 13 | 1930 | 2025 | 1781 | 1744 | 1879 | 1909 | 1 | 1 | 3 | 1 | 5 | 7.0 | 6.0 |
| 14 | 1800 | 1900 | 1925 | 1942 | 1775 | 1756 | 2 | 2 | 2 | 1 | 3 | 6.0 | 5.0 |
| 15 | 1860 | 1963 | 1788 | 1768 | 1776 | 1767 | 2 | 2 | 3 | 1 | 5 | 7.0 | 7.0 |
| 16 | 1820 | 1900 | 1969 | 2013 | 1805 | 1799 | 3 | 3 | 2 | 1 | 5 | 10.5 | 10.0 |
";

#[test]
fn tec_exercise_2024_every_column() {
    let field = held_swiss();
    let ev = Evaluation::new(&field, Edition::Fide2024);
    check_table(&ev, V1_SCORES);
    check_table(&ev, RULE_INDEPENDENT);
}

#[test]
fn tec_exercise_2026_every_column() {
    let field = held_swiss();
    let ev = Evaluation::new(&field, Edition::Fide2026);
    check_table(&ev, V2_DIFFERENCES);
    check_table(&ev, RULE_INDEPENDENT);
    // Every other V1 cell is unchanged under V2.
    let v1 = Evaluation::new(&field, Edition::Fide2024);
    let diff_rows: Vec<u16> = V2_DIFFERENCES
        .lines()
        .filter_map(|l| l.split('|').nth(1)?.trim().parse().ok())
        .collect();
    for tpn in (1..=16).filter(|t| !diff_rows.contains(t)) {
        for code in ["BH", "BH/C1", "BH/M1", "FB", "SB", "SB/C1", "AOB"] {
            let tb: TieBreak = code.parse().unwrap();
            assert_eq!(ev.value(tb, tpn), v1.value(tb, tpn), "{code} of {tpn}");
        }
    }
}

#[test]
fn tec_exercise_adjusted_scores() {
    let field = held_swiss();
    for edition in [Edition::Fide2024, Edition::Fide2026] {
        let ev = Evaluation::new(&field, edition);
        let adjusted = |t| ev.adjusted_score(t).unwrap().to_string();
        assert_eq!(
            adjusted(12),
            "3",
            "Nick's ZPBs after withdrawal count as draws"
        );
        assert_eq!(adjusted(9), "1.5", "Jessica's HPB is followed by a PAB");
        assert_eq!(adjusted(14), "2", "Paul's ZPB is followed by a game");
        assert_eq!(adjusted(1), "3.5");
    }
}

#[test]
fn tec_exercise_direct_encounter_keeps_ties() {
    let field = held_swiss();
    let ev = Evaluation::new(&field, Edition::Fide2024);
    for rule in [DirectEncounterRule::Fide, DirectEncounterRule::CompleteOnly] {
        assert_eq!(ev.de(&[1, 3, 4, 16], false, rule), vec![1, 1, 1, 1]);
        assert_eq!(ev.de(&[5, 8, 11], false, rule), vec![1, 1, 1]);
    }
}

#[test]
fn tec_exercise_david_breakdown() {
    let field = held_swiss();
    let v2 = Evaluation::new(&field, Edition::Fide2026);
    let sb = v2.sb(4, Some(Trim::Cut(1))).unwrap();
    assert_eq!(sb.value.to_string(), "7.75");
    let hpb = &sb.contributions[1];
    assert_eq!(hpb.source, Source::Dummy);
    assert!(hpb.vur);
    assert_eq!(hpb.opponent_score.to_string(), "2.5");
    assert_eq!(
        hpb.removed, None,
        "the VUR (1.25) is lower than the LSV (1.5)"
    );
    let opal = &sb.contributions[2];
    assert_eq!(opal.opponent, Some(13));
    assert_eq!(opal.removed, Some(Removal::LeastSignificant));

    let v1 = Evaluation::new(&field, Edition::Fide2024);
    let bh = v1.bh(4, Some(Trim::Cut(1))).unwrap();
    assert_eq!(bh.value.to_string(), "11.50");
    assert_eq!(
        bh.contributions[1].removed,
        Some(Removal::VoluntarilyUnplayed)
    );
    assert_eq!(bh.contributions[1].opponent_score.to_string(), "3.5");
}

fn p(tpn: u16, rounds: Vec<Round>) -> Participant {
    Participant {
        tpn,
        rating: Some(2000),
        rounds,
    }
}

fn g(opponent: u16, outcome: Outcome) -> Round {
    Round::game(opponent, false, outcome)
}

/// Four players, three rounds: 1 beats 2, draws 3; 2 wins by forfeit against 4 in round 2;
/// 3 takes an HPB in round 2; 4 withdraws after round 2.
fn small_field() -> Field {
    let b = Round::bye;
    Field::new(
        vec![
            p(1, vec![g(2, Win), b(PairingBye), g(3, Draw)]),
            p(2, vec![g(1, Loss), g(4, ForfeitWin), b(PairingBye)]),
            p(3, vec![g(4, Win), b(HalfPointBye), g(1, Draw)]),
            p(4, vec![g(3, Loss), g(2, ForfeitLoss)]),
        ],
        3,
        ScoringSystem::STANDARD,
    )
    .unwrap()
}

#[test]
fn hand_calculated_byes_forfeit_and_withdrawal() {
    let field = small_field();
    // Scores: 1 = 2.5, 2 = 2, 3 = 2, 4 = 0. Player 4's round 3 is absent (ZPB after
    // withdrawal, 16.2.5): adjusted 0.5; the forfeit loss is 16.2.4: 0.
    let v1 = Evaluation::new(&field, Edition::Fide2024);
    assert_eq!(v1.adjusted_score(4).unwrap().to_string(), "0.5");
    // 3's HPB is followed by a game (16.2.3): adjusted = points.
    assert_eq!(v1.adjusted_score(3).unwrap().to_string(), "2");
    // BH(1), 2024: 2 + dummy 2.5 (own score) + 2 = 6.5.
    assert_eq!(v1.bh(1, None).unwrap().value.to_string(), "6.50");
    // 2026: the PAB dummy is min(2.5, ½ × 3) = 1.5.
    let v2 = Evaluation::new(&field, Edition::Fide2026);
    assert_eq!(v2.bh(1, None).unwrap().value.to_string(), "5.50");
    // BH(2), 2026: 2.5 + forfeit dummy min(2, adjusted of 4 = 0.5) + PAB dummy min(2, 1.5).
    assert_eq!(v2.bh(2, None).unwrap().value.to_string(), "4.50");
    // 2024: 2.5 + 2 + 2 = 6.5.
    assert_eq!(v1.bh(2, None).unwrap().value.to_string(), "6.50");
    // BH(4)/C1: 2 + dummy 0 (forfeit loss, VUR) + dummy 0 (absent, VUR); the VUR is cut.
    let bh4 = v2.bh(4, Some(Trim::Cut(1))).unwrap();
    assert_eq!(bh4.value.to_string(), "2.00");
    assert_eq!(
        bh4.contributions[1].removed,
        Some(Removal::VoluntarilyUnplayed)
    );
    // WIN counts the forfeit win and the PAB; WON only the game.
    assert_eq!(v1.win(2), Some(2));
    assert_eq!(v1.won(2), Some(0));
    assert_eq!(v1.rep(4), Some(1));
    assert_eq!(v1.rep(3), Some(2));
    // SB(3), 2024: 0.5 × 0... : win v 4 (adjusted 0.5) = 0.5, HPB dummy 2 × ½ = 1,
    // draw v 1 = 1.25.
    assert_eq!(v1.sb(3, None).unwrap().value.to_string(), "2.75");
}

#[test]
fn hand_calculated_legacy_virtual_opponent() {
    let field = small_field();
    let ev = Evaluation::new(&field, Edition::Legacy);
    // Opponents' unplayed rounds count as draws: 2 = 0 + ½ + ½ = 1, 4 = 0 + ½ + ½ = 1.
    assert_eq!(ev.adjusted_score(2).unwrap().to_string(), "1");
    assert_eq!(ev.adjusted_score(4).unwrap().to_string(), "1");
    // BH(1): 2 (1) + virtual opponent for the PAB in round 2: 1 + (1 − 1) + ½ × 1 = 1.5
    // + 3 (adjusted 1 + ½ + ½ = 2).
    let bh = ev.bh(1, None).unwrap();
    assert_eq!(bh.contributions[1].source, Source::VirtualOpponent);
    assert_eq!(bh.contributions[1].opponent_score.to_string(), "1.5");
    assert_eq!(bh.value.to_string(), "4.50");
    // Old Handbook example: 1.5/2, absent in round 3 of 9: 1.5 + 1 + 3 = 5.5.
    let d = |o| g(o, Draw);
    let w = |o| g(o, Win);
    let field = Field::new(
        vec![
            p(1, vec![w(2), d(3)]),
            p(2, vec![g(1, Loss)]),
            p(3, vec![Round::bye(ZeroPointBye), d(1)]),
        ],
        9,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let ev = Evaluation::new(&field, Edition::Legacy);
    let bh = ev.bh(1, None).unwrap();
    assert_eq!(bh.contributions[2].opponent_score.to_string(), "5.5");
}

#[test]
fn direct_encounter_complete_and_incomplete() {
    let b = Round::bye;
    // 1, 2, 3 all met: 1 beat 2 and 3, 2 and 3 drew → places 1, 2, 2.
    let field = Field::new(
        vec![
            p(1, vec![g(2, Win), g(3, Win), b(ZeroPointBye)]),
            p(2, vec![g(1, Loss), b(PairingBye), g(3, Draw)]),
            p(3, vec![b(PairingBye), g(1, Loss), g(2, Draw)]),
            p(4, vec![b(ZeroPointBye), b(ZeroPointBye), b(PairingBye)]),
        ],
        3,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let ev = Evaluation::new(&field, Edition::Fide2026);
    assert_eq!(
        ev.de(&[1, 2, 3], false, DirectEncounterRule::Fide),
        vec![1, 2, 2]
    );
    // 1 and 2 met, 4 met nobody: incomplete. 1 has 1 point (beat 2) and could lose to 4;
    // 4 could win both missing games (2 points): no one is alone on top.
    assert_eq!(
        ev.de(&[1, 2, 4], false, DirectEncounterRule::Fide),
        vec![1, 1, 1]
    );
    // 1 beat 2 and 3; 2 and 3 drew; 4 missing only against... a group of 1, 2 where they met.
    assert_eq!(
        ev.de(&[2, 1], false, DirectEncounterRule::CompleteOnly),
        vec![2, 1]
    );
}

#[test]
fn direct_encounter_6_3_first_place_only() {
    // 1 beat 2 and 3; 2 and 3 never met. 1's minimum (2) beats any maximum of 2 or 3 (1 each).
    let field = Field::new(
        vec![
            p(1, vec![g(2, Win), g(3, Win)]),
            p(2, vec![g(1, Loss), Round::bye(PairingBye)]),
            p(3, vec![Round::bye(PairingBye), g(1, Loss)]),
        ],
        2,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let ev = Evaluation::new(&field, Edition::Fide2026);
    assert_eq!(
        ev.de(&[1, 2, 3], false, DirectEncounterRule::Fide),
        vec![1, 2, 2]
    );
    assert_eq!(
        ev.de(&[1, 2, 3], false, DirectEncounterRule::CompleteOnly),
        vec![1, 1, 1]
    );
}

#[test]
fn direct_encounter_forfeits_only_with_p() {
    let field = Field::new(
        vec![p(1, vec![g(2, ForfeitWin)]), p(2, vec![g(1, ForfeitLoss)])],
        1,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let ev = Evaluation::new(&field, Edition::Fide2024);
    assert_eq!(ev.de(&[1, 2], false, DirectEncounterRule::Fide), vec![1, 1]);
    assert_eq!(ev.de(&[1, 2], true, DirectEncounterRule::Fide), vec![1, 2]);
}

#[test]
fn standings_rank_tec_exercise() {
    let field = held_swiss();
    let tbs: Vec<TieBreak> = standings::tiebreak::parse_list("BH/C1,SB,WIN,DE").unwrap();
    let table = standings(&field, &tbs, Rules::new(Edition::Fide2024));
    let order: Vec<u16> = table.rows.iter().map(|r| r.tpn).collect();
    // 2 (4.0); 3.5: 3 (BH-C1 13), 4 (11.5), then 1 and 16 (11.0) split by SB 8.00 / 7.25.
    assert_eq!(&order[..5], &[2, 3, 4, 1, 16]);
    assert_eq!(table.rows[0].rank, 1);
    assert_eq!(table.rows[4].rank, 5);
    assert_eq!(table.rows.len(), 16);
    let ranks: Vec<usize> = table.rows.iter().map(|r| r.rank).collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn legacy_opponent_unplayed_rounds_count_as_draws() {
    // tiebreaks-ratings.md §1.7: A beats B in R1; B then wins by forfeit (R2), is unpaired
    // (R3) and loses by forfeit (R4). B's score in A's Buchholz is 0 + 3 × ½ = 1.5.
    let b = Round::bye;
    let field = Field::new(
        vec![
            p(1, vec![g(2, Win), g(4, Win), g(3, Draw), b(PairingBye)]),
            p(
                2,
                vec![
                    g(1, Loss),
                    g(5, ForfeitWin),
                    b(ZeroPointBye),
                    g(3, ForfeitLoss),
                ],
            ),
            p(
                3,
                vec![b(PairingBye), b(PairingBye), g(1, Draw), g(2, ForfeitWin)],
            ),
            p(4, vec![b(PairingBye), g(1, Loss)]),
            p(5, vec![b(PairingBye), g(2, ForfeitLoss)]),
        ],
        4,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let legacy = Evaluation::new(&field, Edition::Legacy);
    let bh = legacy.bh(1, None).unwrap();
    assert_eq!(bh.contributions[0].opponent_score.to_string(), "1.5");
    assert_eq!(bh.contributions[0].source, Source::Opponent);
    // Under 2024 the forfeit loss in the last round is 16.2.4 and the ZPB in R3 is followed
    // only by a VUR (16.2.5, a draw): 0 + 1 + ½ + 0 = 1.5 as well; the forfeit win counts 1.
    let v1 = Evaluation::new(&field, Edition::Fide2024);
    assert_eq!(v1.adjusted_score(2).unwrap().to_string(), "1.5");
    // Player 4 is absent after round 2: under 2024 two ZPBs counted as draws (1 + 0 + ½ + ½).
    assert_eq!(v1.adjusted_score(4).unwrap().to_string(), "2");
    assert_eq!(legacy.adjusted_score(4).unwrap().to_string(), "1.5");
}

/// R-017 (DSJ Spielordnung RLP §6.1): Swiss ties go BH/C1, SB, wins, DE, then a playoff;
/// round-robin ties SB, wins, DE, then a playoff.
#[test]
fn r_017_championship_tiebreak_order() {
    let swiss: Vec<TieBreak> = standings::tiebreak::parse_list("BH/C1,SB,WIN,DE").unwrap();
    let table = standings(&held_swiss(), &swiss, Rules::new(Edition::Fide2024));
    let order: Vec<u16> = table.rows.iter().map(|r| r.tpn).collect();
    assert_eq!(&order[..5], &[2, 3, 4, 1, 16]);

    // Round robin of four: 1 and 2 finish on 2 points, 3 and 4 on 1; SB separates both pairs.
    let field = Field::new(
        vec![
            p(1, vec![g(2, Loss), g(3, Win), g(4, Win)]),
            p(2, vec![g(1, Win), g(4, Loss), g(3, Win)]),
            p(3, vec![g(4, Win), g(1, Loss), g(2, Loss)]),
            p(4, vec![g(3, Loss), g(2, Win), g(1, Loss)]),
        ],
        3,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let round_robin: Vec<TieBreak> = standings::tiebreak::parse_list("SB,WIN,DE").unwrap();
    let table = standings(&field, &round_robin, Rules::new(Edition::Fide2026));
    let order: Vec<(u16, usize)> = table.rows.iter().map(|r| (r.tpn, r.rank)).collect();
    assert_eq!(order[0].1, 1);
    // Points: 1 = 2, 2 = 2, 3 = 1, 4 = 1. SB: 1 = 1 (v 3) + 1 (v 4) = 2; 2 = 2 + 1 = 3.
    assert_eq!(order[..2], [(2, 1), (1, 2)]);
    // 3 and 4: SB 3 = 1 (beat 4), 4 = 2 (beat 2): 4 ahead before DE.
    assert_eq!(order[2..], [(4, 3), (3, 4)]);
    // Equal on everything: 1 v 2 drawn in a two-player field → shared rank (playoff).
    let field = Field::new(
        vec![p(1, vec![g(2, Draw)]), p(2, vec![g(1, Draw)])],
        1,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let table = standings(&field, &round_robin, Rules::new(Edition::Fide2026));
    assert!(
        table.rows.iter().all(|r| r.rank == 1),
        "still tied: playoff"
    );
}

#[test]
fn round_robin_forfeit_counts_as_game() {
    // Four players: R1 1 wins by forfeit against 2, 3 beats 4; R2 1–3 draw, 4 beats 2;
    // R3 1 beats 4, 2–3 draw. Points: 1 = 2.5, 2 = 0.5, 3 = 2, 4 = 1.
    let field = Field::new(
        vec![
            p(1, vec![g(2, ForfeitWin), g(3, Draw), g(4, Win)]),
            p(2, vec![g(1, ForfeitLoss), g(4, Loss), g(3, Draw)]),
            p(3, vec![g(4, Win), g(1, Draw), g(2, Draw)]),
            p(4, vec![g(3, Loss), g(2, Win), g(1, Loss)]),
        ],
        3,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let bh_c1: TieBreak = "BH/C1".parse().unwrap();
    let swiss = Evaluation::new(&field, Edition::Fide2026);
    let rr = Evaluation::new(&field, Edition::Fide2026).round_robin(true);
    // Swiss: 2's forfeit loss is a VUR against a dummy min(0.5, 2.5); cut first.
    assert_eq!(swiss.bh(2, None).unwrap().value.to_string(), "3.50");
    assert_eq!(swiss.value(bh_c1, 2).unwrap().to_string(), "3.00");
    // Round robin (Art. 15.2): a game against 1 (2.5); the cut takes 4's 1 point.
    assert_eq!(rr.bh(2, None).unwrap().value.to_string(), "5.50");
    assert_eq!(rr.value(bh_c1, 2).unwrap().to_string(), "4.50");
    // Counts: the forfeit win is a game won in a round robin.
    assert_eq!(swiss.won(1), Some(1));
    assert_eq!(rr.won(1), Some(2));
    // Rating criteria still ignore the forfeit.
    assert_eq!(rr.tpr(1), swiss.tpr(1));
    // DE counts the forfeit in a round robin without /P.
    assert_eq!(
        swiss.de(&[1, 2], false, DirectEncounterRule::Fide),
        vec![1, 1]
    );
    assert_eq!(rr.de(&[1, 2], false, DirectEncounterRule::Fide), vec![1, 2]);
    // 2024 Art. 15: SB of 1 is 0.5 (v 2) + 1 (v 3) + 1 (v 4); as Swiss the dummy is 2.5.
    let v1_rr = Evaluation::new(&field, Edition::Fide2024).round_robin(true);
    let v1 = Evaluation::new(&field, Edition::Fide2024);
    assert_eq!(v1_rr.sb(1, None).unwrap().value.to_string(), "2.50");
    assert_eq!(v1.sb(1, None).unwrap().value.to_string(), "4.50");
}

#[test]
fn edition_by_start_date_and_name() {
    let date = |s: &str| s.parse::<standings::Date>().unwrap();
    assert_eq!(Edition::for_start_date(date("2024-03-31")), Edition::Legacy);
    assert_eq!(
        Edition::for_start_date(date("2024-04-01")),
        Edition::Fide2024
    );
    assert_eq!(
        Edition::for_start_date(date("2026-02-28")),
        Edition::Fide2024
    );
    assert_eq!(
        Edition::for_start_date(date("2026-03-01")),
        Edition::Fide2026
    );
    assert_eq!("LEGACY".parse::<Edition>(), Ok(Edition::Legacy));
    assert_eq!("2026".parse::<Edition>().unwrap().to_string(), "2026");
    assert!(
        "2025"
            .parse::<Edition>()
            .unwrap_err()
            .to_string()
            .contains("`2025`")
    );
}

#[test]
fn std_recomputes_with_standard_scoring() {
    let b = Round::bye;
    let field = Field::new(
        vec![
            p(1, vec![g(2, Win), g(3, Draw), b(PairingBye)]),
            p(2, vec![g(1, Loss), b(PairingBye), g(3, ForfeitWin)]),
            p(3, vec![b(PairingBye), g(1, Draw), g(2, ForfeitLoss)]),
        ],
        3,
        ScoringSystem::THREE_ONE_ZERO,
    )
    .unwrap();
    let ev = Evaluation::new(&field, Edition::Fide2026);
    assert_eq!(ev.pts(1).unwrap().to_string(), "7");
    assert_eq!(ev.std(1).unwrap().to_string(), "2.5");
    assert_eq!(ev.std(2).unwrap().to_string(), "2");
    // WIN counts rounds worth 3 points under 3/1/0: the win and the PAB.
    assert_eq!(ev.win(1), Some(2));
}

#[test]
fn ks_hand_calculated_on_tec_exercise() {
    let field = held_swiss();
    let ks = |ev: &Evaluation, code: &str, tpn| {
        ev.value(code.parse().unwrap(), tpn).unwrap().to_string()
    };
    let v1 = Evaluation::new(&field, Edition::Fide2024);
    let v2 = Evaluation::new(&field, Edition::Fide2026);
    // Alyx: limit 2.5 of 5; opponents Bruno 4.0 (½) and David 3.5 (½) qualify.
    assert_eq!(ks(&v1, "KS", 1), "1.00");
    // /L-1 lowers the limit to 2.0: Reine (2.0, a win) joins.
    assert_eq!(ks(&v1, "KS/L-1", 1), "2.00");
    assert_eq!(ks(&v1, "KS/L+2", 1), "1.00");
    // David, /L+1 (limit 3.0): Nick 3.0 (1), Charline (½), Alyx (½), and the HPB dummy
    // (½) only under 2024, where it is 3.5; under 2026 it is 2.5.
    assert_eq!(ks(&v1, "KS/L+1", 4), "2.50");
    assert_eq!(ks(&v2, "KS/L+1", 4), "2.00");
}

#[test]
fn buchholz_family_banned_in_2026_round_robins() {
    let list = standings::tiebreak::parse_list("SB,AOB").unwrap();
    let mut rules = Rules::new(Edition::Fide2026);
    assert!(standings::tiebreak::check(&list, rules).is_ok());
    rules.round_robin = true;
    let e = standings::tiebreak::check(&list, rules).unwrap_err();
    assert_eq!(e.tiebreak.to_string(), "AOB");
    rules.edition = Edition::Fide2024;
    assert!(standings::tiebreak::check(&list, rules).is_ok());
}

/// Buchholzsumme by hand on the small field (2024 rules). BH: 1 = 6.5, 2 = 6.5, 3 = 5.0,
/// 4 = 2.0; BH/C1: 1 = 4.5, 2 = 4.5, 3 = 3.0 (the HPB dummy 2 is a VUR not below the LSV 0.5,
/// Art. 16.5), 4 = 2.0. Unplayed rounds add 0 to the sum.
#[test]
fn buchholzsumme_both_readings_by_hand() {
    use standings::tiebreak::BuchholzSum;
    let field = small_field();
    let cut = Evaluation::new(&field, Edition::Fide2024);
    let full = Evaluation::new(&field, Edition::Fide2024).buchholz_sum(BuchholzSum::FullOpponents);
    let c1 = Some(Trim::Cut(1));
    let value = |ev: &Evaluation, tpn, trim| ev.bhsum(tpn, trim).unwrap().value.to_string();
    // Player 1: opponents 2 and 3, a PAB between. Full: 6.5 + 0 + 5.0; cut drops the 0.
    assert_eq!(value(&full, 1, None), "11.50");
    assert_eq!(value(&full, 1, c1), "11.50");
    // Cut reading: BH/C1 of 2 and 3: 4.5 + 0 + 3.0, the 0 dropped.
    assert_eq!(value(&cut, 1, c1), "7.50");
    // Player 3: opponents 4 and 1. Full 2.0 + 6.5; cut reading 2.0 + 4.5.
    assert_eq!(value(&full, 3, c1), "8.50");
    assert_eq!(value(&cut, 3, c1), "6.50");
    // Player 2 met only 1 over the board; the forfeit win and the PAB add 0.
    let b = cut.bhsum(2, c1).unwrap();
    assert_eq!(b.value.to_string(), "4.50");
    assert_eq!(b.contributions[1].source, Source::Unplayed);
    assert_eq!(
        b.contributions
            .iter()
            .filter(|c| c.removed.is_some())
            .count(),
        1
    );
    // Without a cut both readings add the full BH.
    assert_eq!(value(&cut, 2, None), "6.50");
}

/// The TEC exercise, 2024 rules: Alyx met 9, 13, 2, 15 and 4 (BH 9.0, 14.0, 13.0, 12.0, 15.0;
/// BH/C1 7.5, 12.0, 12.0, 11.0, 11.5, from the §3.1 table).
#[test]
fn buchholzsumme_tec_exercise_from_the_published_columns() {
    use standings::tiebreak::BuchholzSum;
    let field = held_swiss();
    let tb = |s: &str| s.parse::<TieBreak>().unwrap();
    let cut = Evaluation::new(&field, Edition::Fide2024);
    let full = Evaluation::new(&field, Edition::Fide2024).buchholz_sum(BuchholzSum::FullOpponents);
    assert_eq!(full.value(tb("BHSUM"), 1), expected("63.0"));
    assert_eq!(full.value(tb("BHSUM/C1"), 1), expected("54.0"));
    assert_eq!(cut.value(tb("BHSUM/C1"), 1), expected("46.5"));
    // The reading reaches the ranking through Rules.
    let rules = Rules {
        buchholz_sum: BuchholzSum::FullOpponents,
        ..Rules::new(Edition::Fide2024)
    };
    let table = standings(&field, &[tb("BHSUM/C1")], rules);
    let alyx = table.rows.iter().find(|r| r.tpn == 1).unwrap();
    assert_eq!(alyx.values[0], expected("54.0"));
}

/// Siegwertung: wins over the board and by forfeit; `/U` adds the PAB; a full-point bye never
/// counts (FIDE WIN counts both byes).
#[test]
fn siegwertung_forfeits_and_byes_by_hand() {
    let field = small_field();
    let ev = Evaluation::new(&field, Edition::Fide2026);
    let sw: TieBreak = "SW".parse().unwrap();
    let sw_u: TieBreak = "SW/U".parse().unwrap();
    // Player 2: loss, forfeit win, PAB.
    assert_eq!(ev.sw(2, false), Some(1));
    assert_eq!(ev.value(sw_u, 2), expected("2"));
    // Player 1: win, PAB, draw.
    assert_eq!(ev.value(sw, 1), expected("1"));
    assert_eq!(ev.sw(1, true), Some(2));
    let field = Field::new(
        vec![
            p(1, vec![Round::bye(Outcome::FullPointBye), g(2, Win)]),
            p(2, vec![Round::bye(PairingBye), g(1, Loss)]),
        ],
        2,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let ev = Evaluation::new(&field, Edition::Fide2026);
    assert_eq!((ev.win(1), ev.sw(1, true)), (Some(2), Some(1)));
    assert_eq!(
        (ev.win(2), ev.sw(2, false), ev.sw(2, true)),
        (Some(1), Some(0), Some(1))
    );
}

/// Seven players, three rounds; 1, 2 and 3 finish on 2 points. 1 beat 2 and 3, who never met.
fn de_field() -> Field {
    let b = Round::bye;
    Field::new(
        vec![
            p(1, vec![g(2, Win), g(3, Win), g(7, Loss)]),
            p(2, vec![g(1, Loss), g(5, Win), g(6, Win)]),
            p(3, vec![g(4, Win), g(1, Loss), g(5, Win)]),
            p(4, vec![g(3, Loss), g(7, Loss), b(PairingBye)]),
            p(5, vec![g(6, Win), g(2, Loss), g(3, Loss)]),
            p(6, vec![g(5, Loss), b(PairingBye), g(2, Loss)]),
            p(7, vec![b(PairingBye), g(4, Win), g(1, Win)]),
        ],
        3,
        ScoringSystem::STANDARD,
    )
    .unwrap()
}

/// `DE/V` (DSJ "sofern vollständig vorhanden"): the incomplete mini-table ranks nobody, while
/// C.07 Art. 6.3 puts 1 first; the groups left tied are the playoff candidates.
#[test]
fn direct_encounter_complete_only_code_in_standings() {
    let field = de_field();
    let rules = Rules::new(Edition::Fide2026);
    let fide = standings(&field, &["DE".parse().unwrap()], rules);
    let ranks: Vec<(u16, usize)> = fide.rows.iter().map(|r| (r.tpn, r.rank)).collect();
    assert_eq!(ranks[..4], [(7, 1), (1, 2), (2, 3), (3, 3)]);
    assert_eq!(fide.ties()[0], (3, vec![2, 3]));
    let dsj = standings(&field, &["DE/V".parse().unwrap()], rules);
    let ranks: Vec<(u16, usize)> = dsj.rows.iter().map(|r| (r.tpn, r.rank)).collect();
    assert_eq!(ranks[..4], [(7, 1), (1, 2), (2, 2), (3, 2)]);
    assert_eq!(dsj.ties()[0], (2, vec![1, 2, 3]));
    assert!(dsj.is_tied(1) && !dsj.is_tied(7));
}

/// OSB and BW need team matches; an individual field refuses them by name.
#[test]
fn team_criteria_refused_for_individual_fields() {
    let tbs = standings::tiebreak::parse_list("SB,OSB").unwrap();
    let e = standings::tiebreak::check(&tbs, Rules::new(Edition::Fide2026)).unwrap_err();
    assert!(e.to_string().contains("Olympiade-Sonneborn-Berger"), "{e}");
    assert!(e.to_string().contains("team tie-break"), "{e}");
    let tbs = standings::tiebreak::parse_list("BW").unwrap();
    assert!(standings::tiebreak::check(&tbs, Rules::new(Edition::Legacy)).is_err()); // The Buchholzsumme belongs to the Buchholz family banned from 2026 round robins.
    let rr = Rules {
        round_robin: true,
        ..Rules::new(Edition::Fide2026)
    };
    let tbs = standings::tiebreak::parse_list("SB,BHSUM").unwrap();
    assert!(standings::tiebreak::check(&tbs, rr).is_err());
    assert!(standings::tiebreak::check(&tbs[..1], rr).is_ok());
}

/// R-086 (announcement 2026, = SJRP §6.1 Swiss): points, BH with one cut, SB, wins, DE, then
/// the Stichkampf. The `sjrp-swiss` preset ranks the TEC exercise in that order.
#[test]
fn r_086_announcement_ranking_order() {
    let order = standings::tiebreak::preset::find("sjrp-swiss")
        .unwrap()
        .parse()
        .unwrap();
    let table = standings(
        &held_swiss(),
        &order.tiebreaks,
        Rules::new(Edition::Fide2024),
    );
    let top: Vec<u16> = table.rows.iter().take(5).map(|r| r.tpn).collect();
    // 4.0: Bruno; 3.5: BH/C1 Charline 13.0, then David 11.5, then Alyx and Stephan 11.0
    // separated by SB (8.00 against 7.25).
    assert_eq!(top, [2, 3, 4, 1, 16]);
}

/// AOB/F (Art. 8.2 with the fore values of Art. 8.3): the mean of the fore Buchholz of the
/// opponents met over the board, rounded half up to hundredths.
#[test]
fn aob_fore_averages_the_opponents_fore_buchholz() {
    let field = held_swiss();
    let ev = Evaluation::new(&field, Edition::Fide2026);
    let fore: TieBreak = "AOB/F".parse().unwrap();
    assert_eq!(fore.to_string(), "AOB/F");
    assert!(
        "BH/F".parse::<TieBreak>().is_err(),
        "/F belongs to AOB only"
    );
    let fb: TieBreak = "FB".parse().unwrap();
    let mut differs = false;
    for p in field.participants() {
        let opponents: Vec<i64> = p
            .rounds
            .iter()
            .filter(|r| r.outcome.is_played())
            .filter_map(|r| ev.value(fb, r.opponent?))
            .map(|h| h.0)
            .collect();
        let n = opponents.len() as i64;
        let expected = (n > 0)
            .then(|| standings::rating::Fixed((2 * opponents.iter().sum::<i64>() + n) / (2 * n)));
        assert_eq!(ev.value(fore, p.tpn), expected, "AOB/F of {}", p.tpn);
        differs |= ev.value(fore, p.tpn) != ev.value("AOB".parse().unwrap(), p.tpn);
    }
    assert!(differs, "fore values change some averages");
}

/// FB (Art. 8.3) is the Buchholz known before the last round is played: every game paired in
/// the last round counts as drawn, a forfeit there too (as the FIDE TEC's checker computes it).
/// Round 1: 1 beats 2, 3 beats 4; round 2: 1 wins by forfeit against 3, 2 and 4 draw.
#[test]
fn fore_buchholz_draws_a_forfeit_of_the_last_round_too() {
    let field = Field::new(
        vec![
            p(1, vec![g(2, Win), g(3, ForfeitWin)]),
            p(2, vec![g(1, Loss), g(4, Draw)]),
            p(3, vec![g(4, Win), g(1, ForfeitLoss)]),
            p(4, vec![g(3, Loss), g(2, Draw)]),
        ],
        2,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let fb: TieBreak = "FB".parse().unwrap();
    for edition in [Edition::Fide2024, Edition::Fide2026] {
        let ev = Evaluation::new(&field, edition);
        // As drawn: 1 = 1.5, 2 = 0.5, 3 = 1.5, 4 = 0.5.
        let values: Vec<String> = (1..=4)
            .map(|tpn| ev.value(fb, tpn).unwrap().to_string())
            .collect();
        assert_eq!(values, ["2.00", "2.00", "2.00", "2.00"], "{edition:?}");
    }
}

/// Art. 16.5 under the 2026 dummies: player 1's VURs are a forfeit loss (dummy min(3, 5) = 3,
/// SB 0) and two HPBs (dummy min(3, ½ × 5) = 2.5, SB 1.25 each); the LSV is the win against 2
/// (1 point, SB 1.00). "The lowest VUR contribution" (0.00) is below the LSV, so the LSV is
/// cut; read in the order of Art. 14.1 the least significant VUR is an HPB (dummy 2.5), not
/// below the LSV, so it is cut (the FIDE TEC's checker).
#[test]
fn vur_cut_both_readings_of_16_5_for_sb() {
    let b = Round::bye;
    let field = Field::new(
        vec![
            p(
                1,
                vec![
                    g(2, Win),
                    g(3, ForfeitLoss),
                    g(4, Win),
                    b(HalfPointBye),
                    b(HalfPointBye),
                ],
            ),
            p(
                2,
                vec![g(1, Loss), g(5, Loss), g(6, Draw), g(4, Draw), g(3, Loss)],
            ),
            p(
                3,
                vec![g(4, Win), g(1, ForfeitWin), g(5, Win), g(6, Win), g(2, Win)],
            ),
            p(
                4,
                vec![g(3, Loss), g(6, Win), g(1, Loss), g(2, Draw), g(5, Draw)],
            ),
            p(
                5,
                vec![g(6, Draw), g(2, Win), g(3, Loss), b(PairingBye), g(4, Draw)],
            ),
            p(
                6,
                vec![
                    g(5, Draw),
                    g(4, Loss),
                    g(2, Draw),
                    g(3, Loss),
                    b(PairingBye),
                ],
            ),
        ],
        5,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    let sb_c1: TieBreak = "SB/C1".parse().unwrap();
    let sb: TieBreak = "SB".parse().unwrap();
    let value = |reading: VurCut, tb: TieBreak| {
        Evaluation::new(&field, Edition::Fide2026)
            .vur_cut(reading)
            .value(tb, 1)
            .unwrap()
            .to_string()
    };
    assert_eq!(value(VurCut::LowestValue, sb), "5.50");
    assert_eq!(value(VurCut::LowestValue, sb_c1), "4.50");
    assert_eq!(value(VurCut::LeastSignificant, sb_c1), "4.25");
    // BH orders by the score alone: both readings cut the same.
    let bh_c1: TieBreak = "BH/C1".parse().unwrap();
    assert_eq!(
        value(VurCut::LowestValue, bh_c1),
        value(VurCut::LeastSignificant, bh_c1)
    );
    assert_eq!("lsv".parse::<VurCut>(), Ok(VurCut::LeastSignificant));
    assert!("median".parse::<VurCut>().is_err());
}

/// The rest round of an odd round robin (TRF `0000 - Z`) is no game and no requested bye:
/// it adds no dummy, leaves the opponents' view of the score alone (Art. 15, not the Swiss
/// rule of Art. 16.2.5), and KS measures half of the games the schedule gives (Art. 9.2).
/// Three players: R1 2-3 ½-½ (1 rests), R2 1-2 1-0 (3 rests), R3 3-1 1-0 (2 rests).
#[test]
fn round_robin_rest_rounds_are_no_games() {
    let b = Round::bye;
    let field = Field::new(
        vec![
            p(1, vec![b(ZeroPointBye), g(2, Win), g(3, Loss)]),
            p(2, vec![g(3, Draw), g(1, Loss), b(ZeroPointBye)]),
            p(3, vec![g(2, Draw), b(ZeroPointBye), g(1, Win)]),
        ],
        3,
        ScoringSystem::STANDARD,
    )
    .unwrap();
    for edition in [Edition::Fide2024, Edition::Fide2026] {
        let ev = Evaluation::new(&field, edition).round_robin(true);
        assert_eq!(ev.adjusted_score(2).unwrap().to_string(), "0.5");
        let sb = ev.sb(3, None).unwrap();
        assert_eq!(sb.value.to_string(), "1.25", "{edition:?}");
        assert_eq!(
            sb.contributions.len(),
            2,
            "no contribution for the rest round"
        );
        // 1 has 1 point of 2 possible: half, so 3's win against 1 counts.
        assert_eq!(ev.ks(3, 0).unwrap().to_string(), "1");
        assert_eq!(ev.ks(2, 0).unwrap().to_string(), "0.5");
    }
}
