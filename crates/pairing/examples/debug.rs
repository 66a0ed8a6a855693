use pairing::dutch::*;
use pairing::trf_input::TrfHistory;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let h = TrfHistory::parse(&std::fs::read_to_string(&a[1]).unwrap()).unwrap();
    let r: u32 = a[2].parse().unwrap();
    let ed = if a.get(3).map(|s| s.as_str()) == Some("2017") {
        DutchEdition::Rules2017
    } else {
        DutchEdition::Rules2026
    };
    let input = h.input_for_round(r).unwrap();
    let mut ps: Vec<_> = input.players.iter().filter(|p| !p.absent).collect();
    ps.sort_by_key(|p| (std::cmp::Reverse(p.score(&input.scoring)), p.id));
    for p in ps {
        let played: String = p
            .history
            .iter()
            .map(|e| match e {
                RoundEntry::Game {
                    colour: Colour::White,
                    ..
                } => 'W',
                RoundEntry::Game { .. } => 'B',
                RoundEntry::Forfeit { won: true, .. } => '+',
                RoundEntry::Forfeit { .. } => '-',
                RoundEntry::PairingAllocatedBye => 'U',
                RoundEntry::Unpaired { points } => {
                    if points.0 >= 10 {
                        'F'
                    } else if points.0 == 5 {
                        'H'
                    } else {
                        'Z'
                    }
                }
            })
            .collect();
        let opps: Vec<u32> = p.history.iter().filter_map(|e| e.opponent()).collect();
        println!(
            "{:3} {} {} {:?}",
            p.id,
            p.score(&input.scoring),
            played,
            opps
        );
    }
    let pr = pair_round(&input, ed).unwrap();
    for b in &pr.boards {
        println!("{} {} {:?}", b.white, b.black, b.explanation);
    }
    println!("bye {:?}", pr.bye);
    println!("recorded {:?}", h.recorded_pairing(r));
}
