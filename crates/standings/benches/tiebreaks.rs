//! `cargo bench -p standings --bench tiebreaks`: ranks a synthetic 1024-player, 11-round Swiss
//! field by a long tie-break list under each C.07 edition, then by the DSJ Swiss preset
//! (Buchholzsumme, DE only if complete, Siegwertung).

use std::time::Instant;

use standings::tiebreak::{
    Edition, Field, Participant, Round, Rules, parse_list, preset, standings,
};
use standings::{Outcome, ScoringSystem};

/// Round `r` pairs `i` with `i ^ (r + 1)`: every pair meets at most once. Some pairs forfeit,
/// some take byes.
fn field(players: u16, rounds: u16) -> Field {
    let participants = (0..players)
        .map(|i| Participant {
            tpn: i + 1,
            rating: Some(1400 + (i * 37) % 1200),
            rounds: (0..rounds)
                .map(|r| {
                    let j = i ^ (r + 1);
                    let (lo, hi) = (i.min(j), i.max(j));
                    if lo % 89 == r {
                        return Round::bye(if i == lo {
                            Outcome::HalfPointBye
                        } else {
                            Outcome::ZeroPointBye
                        });
                    }
                    let forfeit = lo % 53 == r;
                    let outcome = match ((lo * 7 + hi * 13 + r) % 3, i == lo) {
                        _ if forfeit && i == lo => Outcome::ForfeitWin,
                        _ if forfeit => Outcome::ForfeitLoss,
                        (0, true) | (2, false) => Outcome::Win,
                        (1, _) => Outcome::Draw,
                        _ => Outcome::Loss,
                    };
                    Round::game(j + 1, (i + r) % 2 == 1, outcome)
                })
                .collect(),
        })
        .collect();
    Field::new(participants, usize::from(rounds), ScoringSystem::STANDARD).expect("field")
}

fn main() {
    let field = field(1024, 10);
    let list =
        parse_list("BH/C1,BH/M1,FB,SB/C1,AOB,WIN,WON,BPG,BWG,PS,REP,DE,ARO/C1,TPR,PTP,APRO,APPO")
            .expect("codes");
    for edition in [Edition::Legacy, Edition::Fide2024, Edition::Fide2026] {
        let start = Instant::now();
        let table = standings(&field, &list, Rules::new(edition));
        let elapsed = start.elapsed();
        println!(
            "{edition}: 1024 players, 10 rounds, {} tie-breaks: {:.1} ms (leader {})",
            list.len(),
            elapsed.as_secs_f64() * 1000.0,
            table.rows[0].tpn
        );
    }
    let order = preset::find("dsj-swiss")
        .and_then(|p| p.parse())
        .expect("preset");
    let start = Instant::now();
    let table = standings(&field, &order.tiebreaks, Rules::new(Edition::Fide2026));
    let elapsed = start.elapsed();
    println!(
        "dsj-swiss preset (2026): 1024 players, 10 rounds, {} tie-breaks: {:.1} ms (leader {})",
        order.tiebreaks.len(),
        elapsed.as_secs_f64() * 1000.0,
        table.rows[0].tpn
    );
}
