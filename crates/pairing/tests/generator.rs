//! The random tournament generator: valid TRF-2026 that the engine re-pairs identically.

use pairing::dutch::{DutchEdition, pair_round};
use pairing::generator::{Config, generate};
use pairing::trf_input;
use trf::{Severity, Tournament};

/// Re-pairs every round from the history before it; returns the rounds that differ.
fn discrepancies(t: &Tournament, edition: DutchEdition) -> Vec<u32> {
    let rounds = trf_input::round_to_pair(t) - 1;
    (1..=rounds)
        .filter(|&round| {
            let input = trf_input::input_for_round(t, round).expect("input");
            let pairing = pair_round(&input, edition).expect("pairing");
            let mut got: Vec<(u32, u32)> =
                pairing.boards.iter().map(|b| (b.white, b.black)).collect();
            got.sort_unstable();
            trf_input::recorded_pairing(t, round) != (got, pairing.bye)
        })
        .collect()
}

fn generated(config: &str, seed: u64) -> (Config, Tournament) {
    let config: Config = config.parse().expect("config");
    let t = generate(&config, seed).expect("generated");
    // Through text, as other programs read it.
    let text = t.write().expect("write");
    (config, text.parse().expect("reparse"))
}

/// Consistency check, not verification: the generator pairs with this engine, which then
/// re-pairs its own pairings. The verification against bbpPairings is `tests/corpus.rs`.
#[test]
fn generated_tournaments_are_valid_and_re_pair_identically() {
    let configs = [
        "PlayersNumber=9\nRoundsNumber=5\n",
        "PlayersNumber=24\nRoundsNumber=7\nForfeitRate=5\nHalfPointByeRate=5\nFullPointByeRate=2\nZeroPointByeRate=2\n",
        "PlayersNumber=41\nRoundsNumber=9\nRetiredRate=3\nInitialColour=black\n",
        "PlayersNumber=30\nRoundsNumber=7\nEdition=2017\nHalfPointByeRate=4\nForfeitRate=4\n",
        "PlayersNumber=33\nRoundsNumber=7\nPointsForWin=3.0\nPointsForDraw=1.0\nPointsForForfeitLoss=0.0\nPointsForPAB=3.0\n",
        "PlayersNumber=28\nRoundsNumber=7\nBaku=yes\n",
    ];
    for (k, config) in configs.iter().enumerate() {
        for seed in [1, 2, 99 + k as u64] {
            let (config, t) = generated(config, seed);
            let report = t.validate();
            let issues: Vec<String> = report.issues.iter().map(|i| i.to_string()).collect();
            assert!(
                report
                    .issues
                    .iter()
                    .all(|i| i.severity != Severity::Error && i.severity != Severity::Warning),
                "config {k} seed {seed}: {issues:?}"
            );
            assert_eq!(t.players().count(), usize::from(config.players));
            assert_eq!(t.total_rounds(), Some(u32::from(config.rounds)));
            assert_eq!(t.rounds_played(), usize::from(config.rounds));
            assert_eq!(trf_input::edition(&t), Some(config.edition));
            assert_eq!(
                discrepancies(&t, config.edition),
                Vec::<u32>::new(),
                "config {k} seed {seed}"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_file() {
    let config = Config::default();
    let a = generate(&config, 42).unwrap().write().unwrap();
    let b = generate(&config, 42).unwrap().write().unwrap();
    let c = generate(&config, 43).unwrap().write().unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn headers_carry_rounds_colour_scoring_and_system() {
    let (_, t) = generated(
        "PlayersNumber=10\nRoundsNumber=3\nInitialColour=black\nPointsForWin=3.0\nPointsForDraw=1.0\n",
        5,
    );
    let text = t.write().unwrap();
    for header in [
        "142 3",
        "152 B",
        "042 2026/02/01",
        "XXR 3",
        "XXC black1",
        "XXS ",
    ] {
        assert!(
            text.split(['\r', '\n']).any(|l| l.starts_with(header)),
            "{header}"
        );
    }
    assert!(text.split(['\r', '\n']).any(|l| l == "192 FIDE_DUTCH"));
    // bbpPairings rejects the symbol `A`: it is written only when zero-point byes score.
    let line_162 = |t: &Tournament| {
        let text = t.write().unwrap();
        let line = text.split(['\r', '\n']).find(|l| l.starts_with("162"));
        line.map(str::to_owned).unwrap_or_default()
    };
    assert!(!line_162(&t).contains('A'), "{}", line_162(&t));
    let (_, zpb) = generated("PlayersNumber=10\nRoundsNumber=3\nPointsForZPB=0.5\n", 5);
    assert!(line_162(&zpb).contains("A 0.5"), "{}", line_162(&zpb));
    let (_, coded) = generated(
        "PlayersNumber=10\nRoundsNumber=3\nSystemCode=FIDE_DUTCH_2026\n",
        5,
    );
    assert_eq!(coded.pairing_system(), Some("FIDE_DUTCH_2026"));
    assert!(
        text.split(['\r', '\n'])
            .any(|l| l.starts_with("162") && l.contains("W 3.0")),
        "{text}"
    );
    // Points in the records follow the scoring: three points per win.
    let scoring = t.scoring();
    assert_eq!(scoring.win_white, trf::Points::from_tenths(30));
    for p in t.players() {
        let sum: trf::Points = p.rounds.iter().map(|e| scoring.points(e)).sum();
        assert_eq!(p.points, Some(sum));
    }
}

#[test]
fn results_follow_the_ratings() {
    // 200 players over 5 rounds: the higher-rated player scores about the Elo expectation.
    let (_, t) = generated(
        "PlayersNumber=200\nRoundsNumber=5\nForfeitRate=0\nDrawPercentage=0\nHalfPointByeRate=0\nRetiredRate=0\n",
        3,
    );
    let (mut favourite_wins, mut games) = (0, 0);
    for p in t.players() {
        for e in &p.rounds {
            if let (Some(o), trf::ResultCode::Win | trf::ResultCode::Loss) = (e.opponent, e.result)
                && p.number() < o
                && t.player(o).unwrap().person.rating < p.person.rating
            {
                games += 1;
                favourite_wins += usize::from(e.result == trf::ResultCode::Win);
            }
        }
    }
    assert!(games > 300, "{games}");
    assert!(
        favourite_wins * 100 > games * 55,
        "{favourite_wins}/{games}"
    );
}

#[test]
fn byes_and_withdrawals_appear_at_their_rates() {
    let (_, t) = generated(
        "PlayersNumber=60\nRoundsNumber=9\nHalfPointByeRate=10\nRetiredRate=5\n",
        11,
    );
    let count = |code| {
        t.players()
            .flat_map(|p| &p.rounds)
            .filter(|e| e.result == code)
            .count()
    };
    assert!(count(trf::ResultCode::HalfPointBye) > 20);
    assert!(count(trf::ResultCode::ZeroPointBye) > 5);
    let withdrawn = t
        .players()
        .filter(|p| {
            p.rounds
                .last()
                .is_some_and(|e| e.result == trf::ResultCode::ZeroPointBye)
        })
        .count();
    assert!(withdrawn > 0);
}

const EVERY_OPTION: &str = "PlayersNumber=40\nRoundsNumber=7\nForfeitRate=3\nHalfZeroRate=15\n\
ZeroZeroRate=5\nDoubleForfeitRate=5\nHalfPointByeRate=3\nFullPointByeRate=2\n\
ZeroPointByeRate=2\nRetiredRate=2\nTieBreaks=BH/C1,BH,SB,DE\n";

/// Issue 13 item 5: ½-0, 0-½, 0-0 and zero-point double forfeits at their rates, in a file
/// that stays valid (Laws 10.2, 11.8: a game may be worth less than a point) and that the
/// engine re-pairs identically (a double forfeit is no game played, C.04.3 1.6).
#[test]
fn h13_generator_writes_half_zero_zero_zero_and_double_forfeits() {
    for seed in [3, 4, 5] {
        let (config, t) = generated(EVERY_OPTION, seed);
        let report = t.validate();
        assert!(report.is_valid(), "seed {seed}: {:?}", report.issues);
        assert_eq!(
            discrepancies(&t, config.edition),
            Vec::<u32>::new(),
            "seed {seed}"
        );
        let (mut half_zero, mut zero_zero, mut double_forfeit) = (0, 0, 0);
        for p in t.players() {
            for (round, e) in p.rounds.iter().enumerate() {
                let Some(opponent) = e.opponent.and_then(|o| t.player(o)) else {
                    continue;
                };
                let other = opponent.rounds[round].result;
                use trf::ResultCode::*;
                match (e.result, other) {
                    (Draw, Loss) => half_zero += 1,
                    (Loss, Loss) => zero_zero += 1,
                    (ForfeitLoss, ForfeitLoss) => double_forfeit += 1,
                    _ => {}
                }
            }
        }
        // 7 rounds of about 20 boards: 15 % ½-0 is about 20 games, 5 % about 7.
        assert!(half_zero >= 5, "seed {seed}: {half_zero} ½-0 games");
        assert!(
            zero_zero >= 1,
            "seed {seed}: {zero_zero} 0-0 games (counted twice)"
        );
        assert!(
            double_forfeit >= 1,
            "seed {seed}: {double_forfeit} double forfeits"
        );
    }
}

/// Issue 13 item 5: every option reproducible by seed.
#[test]
fn h13_generator_same_seed_same_file_with_every_option() {
    let config: Config = EVERY_OPTION.parse().unwrap();
    let a = generate(&config, 8).unwrap().write().unwrap();
    assert_eq!(a, generate(&config, 8).unwrap().write().unwrap());
    assert_ne!(a, generate(&config, 9).unwrap().write().unwrap());
    // Rates left at 0 draw nothing: the file of a configuration without the new keys is
    // the one earlier versions wrote for the seed.
    let plain: Config = "PlayersNumber=40\nRoundsNumber=7\n".parse().unwrap();
    let zero: Config = "PlayersNumber=40\nRoundsNumber=7\nHalfZeroRate=0\nZeroZeroRate=0\n"
        .parse()
        .unwrap();
    assert_eq!(
        generate(&plain, 8).unwrap().write().unwrap(),
        generate(&zero, 8).unwrap().write().unwrap()
    );
}

/// Issue 13 item 5: the tie-break list is written as TRF-2026 `202` (ties) and `212`
/// (standings, with `PTS`), the records the checker (`pair -c`) recomputes.
#[test]
fn h13_generator_writes_the_tiebreak_list_as_202_and_212() {
    let (config, t) = generated(EVERY_OPTION, 3);
    assert_eq!(config.tiebreaks, ["BH/C1", "BH", "SB", "DE"]);
    assert_eq!(t.header_text(202), Some("BH/C1,BH,SB,DE"));
    assert_eq!(t.header_text(212), Some("PTS,BH/C1,BH,SB,DE"));
    let (config, t) = generated("TieBreaks=PTS, WIN ,BH\n", 3);
    assert_eq!(config.tiebreaks, ["WIN", "BH"]);
    assert_eq!(t.header_text(212), Some("PTS,WIN,BH"));
    let (_, t) = generated("PlayersNumber=10\nRoundsNumber=3\n", 3);
    assert_eq!((t.header_text(202), t.header_text(212)), (None, None));
}

/// Issue 13 item 5: configuration errors name the key and the line.
#[test]
fn h13_generator_config_errors_name_the_key_and_line() {
    let e = "PlayersNumber=20\n\nHalfZeroRate=101\n"
        .parse::<Config>()
        .unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.to_string().contains("HalfZeroRate"), "{e}");
    let e = "DoubleForfeitRate=x\n".parse::<Config>().unwrap_err();
    assert_eq!((e.line, e.message.contains("DoubleForfeitRate")), (1, true));
    let e = "# list\nTieBreaks=BH,,SB\n".parse::<Config>().unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.to_string().contains("TieBreaks"), "{e}");
    let e = "TieBreaks=BH C1\n".parse::<Config>().unwrap_err();
    assert_eq!(e.line, 1);
    // The caller's check of each code (the CLI asks the standings crate).
    let e = Config::parse_with("RoundsNumber=5\nTieBreaks=BH,XYZ\n", |c| {
        if c == "XYZ" {
            Err("unknown tie-break".into())
        } else {
            Ok(())
        }
    })
    .unwrap_err();
    assert_eq!(e.line, 2);
    assert!(
        e.message.contains("TieBreaks: `XYZ`: unknown tie-break"),
        "{e}"
    );
}
