//! Hand-made cases, one per criterion, and the bbpPairings fixtures with expected output.

use std::fs;

use pairing::dutch::{
    C11Reading, Colour, Criterion, CriterionValue, DutchEdition, Input, Limit, Limits, Outcome,
    Pairing, PairingError, Player, RoundEntry, Rules, Score, Scoring, criteria_by_bracket,
    pair_round, pair_round_within,
};
use pairing::trf_input;
use trf::Tournament;

fn game(opponent: u32, colour: Colour, outcome: Outcome) -> RoundEntry {
    RoundEntry::Game {
        opponent,
        colour,
        outcome,
    }
}

fn input(round: u32, players: Vec<Player>) -> Input {
    Input {
        round,
        total_rounds: 9,
        initial_colour: Colour::White,
        scoring: Scoring::STANDARD,
        players,
        forbidden_pairs: Vec::new(),
    }
}

fn player(id: u32, history: Vec<RoundEntry>) -> Player {
    Player {
        history,
        ..Player::new(id, 2000)
    }
}

fn absent(id: u32) -> Player {
    Player {
        absent: true,
        ..Player::new(id, 1000)
    }
}

fn pairs(p: &Pairing) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
    v.sort_unstable();
    v
}

use Colour::{Black as B, White as W};
use Outcome::Draw;

#[test]
fn c1_players_do_not_meet_twice() {
    // All drew in round 1 (1-3, 2-4): S1[i]-S2[i] would repeat both games.
    let players = vec![
        player(1, vec![game(3, W, Draw)]),
        player(2, vec![game(4, W, Draw)]),
        player(3, vec![game(1, B, Draw)]),
        player(4, vec![game(2, B, Draw)]),
    ];
    let p = pair_round(&input(2, players), DutchEdition::Rules2026).unwrap();
    assert_eq!(pairs(&p), [(3, 2), (4, 1)]);
    let two = vec![
        player(1, vec![game(2, W, Draw)]),
        player(2, vec![game(1, B, Draw)]),
    ];
    assert_eq!(
        pair_round(&input(2, two), DutchEdition::Rules2026),
        Err(PairingError::NoValidPairing)
    );
}

#[test]
fn c1_a_forfeited_game_is_not_a_meeting() {
    let players = vec![
        player(
            1,
            vec![RoundEntry::Forfeit {
                opponent: 2,
                colour: W,
                won: true,
            }],
        ),
        player(
            2,
            vec![RoundEntry::Forfeit {
                opponent: 1,
                colour: B,
                won: false,
            }],
        ),
    ];
    let p = pair_round(&input(2, players), DutchEdition::Rules2026).unwrap();
    assert_eq!(p.boards.len(), 1);
}

#[test]
fn c2_no_second_pairing_allocated_bye() {
    // A zero-point bye keeps player 3 lowest, so C5 alone would give it to him again.
    let players = vec![
        player(1, vec![game(2, W, Draw)]),
        player(2, vec![game(1, B, Draw)]),
        player(3, vec![RoundEntry::PairingAllocatedBye]),
    ];
    let mut i = input(2, players);
    i.scoring.pairing_allocated_bye = Score(0);
    let p = pair_round(&i, DutchEdition::Rules2026).unwrap();
    assert_ne!(p.bye, Some(3));
    assert_eq!(p.boards.len(), 1);
}

#[test]
fn c3_same_absolute_colour_preferences_do_not_meet() {
    let players = vec![
        player(1, vec![game(5, W, Draw), game(6, W, Draw)]),
        player(2, vec![game(7, B, Draw), game(8, B, Draw)]),
        player(3, vec![game(6, W, Draw), game(5, W, Draw)]),
        player(4, vec![game(8, B, Draw), game(7, B, Draw)]),
        absent(5),
        absent(6),
        absent(7),
        absent(8),
    ];
    let p = pair_round(&input(3, players), DutchEdition::Rules2026).unwrap();
    // 1-3 and 2-4 share an absolute preference: the transposition 1-4, 2-3 is made.
    assert_eq!(pairs(&p), [(2, 3), (4, 1)]);
}

#[test]
fn c5_minimise_pab_score_against_the_bbp_fixture() {
    assert_fixture("test_tests_dutch_2025_C5");
}

#[test]
fn c9_minimise_unplayed_games_of_the_pab_assignee_against_the_bbp_fixture() {
    assert_fixture("test_tests_dutch_2025_C9");
}

#[test]
fn c12_grant_colour_preferences() {
    // Round 2 after 1-3 and 2-4 were won by the higher player: 1 and 2 (White once) both want
    // Black, so 1-2 denies one preference; the bracket of 3 and 4 likewise.
    let players = vec![
        player(1, vec![game(3, W, Outcome::Win)]),
        player(2, vec![game(4, B, Outcome::Win)]),
        player(3, vec![game(1, B, Outcome::Loss)]),
        player(4, vec![game(2, W, Outcome::Loss)]),
    ];
    let p = pair_round(&input(2, players), DutchEdition::Rules2026).unwrap();
    // Different preferences: both granted (C.04.3 5.2.1).
    assert_eq!(pairs(&p), [(2, 1), (3, 4)]);
    assert!(
        p.boards
            .iter()
            .all(|b| b.explanation.colour_rule.as_str() == "C.04.3 5.2.1")
    );
}

/// The engine's output lines for a bbpPairings fixture and the expected ones.
fn fixture_lines(name: &str) -> (Vec<String>, Vec<String>) {
    let dir = testkit::shared_data("trf/bbpPairings-tests");
    let text = fs::read_to_string(dir.join(format!("{name}.input"))).unwrap();
    let expected = fs::read_to_string(dir.join(format!("{name}.output.expected"))).unwrap();
    let t: Tournament = text.parse().unwrap();
    let input = trf_input::input_for_round(&t, trf_input::round_to_pair(&t)).unwrap();
    let p = pair_round(&input, DutchEdition::Rules2026).unwrap();
    let mut lines = vec![(p.boards.len() + usize::from(p.bye.is_some())).to_string()];
    lines.extend(p.boards.iter().map(|b| format!("{} {}", b.white, b.black)));
    lines.extend(p.bye.map(|id| format!("{id} 0")));
    let expected = expected
        .split(['\r', '\n'])
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    (lines, expected)
}

fn assert_fixture(name: &str) {
    let (lines, expected) = fixture_lines(name);
    assert_eq!(lines, expected, "{name}");
}

/// Final round with topscorers: every board is the reference's, listed in its order (higher
/// player's score, sum of scores, higher player's rank; C.04.2).
#[test]
fn issue_7_boards_in_the_published_order() {
    assert_fixture("test_tests_issue_7");
}

#[test]
fn editions_follow_the_start_date_and_the_192_code() {
    assert_eq!(
        DutchEdition::for_start_date(2026, 1, 31),
        DutchEdition::Rules2017
    );
    assert_eq!(
        DutchEdition::for_start_date(2026, 2, 1),
        DutchEdition::Rules2026
    );
    assert_eq!("FIDE_DUTCH_2017".parse(), Ok(DutchEdition::Rules2017));
    assert_eq!("FIDE_DUTCH_2025_BAKU".parse(), Ok(DutchEdition::Rules2026));
    assert!("FIDE_DUBOV".parse::<DutchEdition>().is_err());
}

#[test]
fn h13_a_limit_reached_before_the_result_is_proven_is_an_error() {
    let players: Vec<Player> = (1..=4).map(|id| player(id, Vec::new())).collect();
    let round = input(1, players);
    // The first pass proves a perfect candidate whatever the full search's node limit.
    let nodes = Limits {
        nodes: 0,
        ..Limits::DEFAULT
    };
    assert!(pair_round_within(&round, DutchEdition::Rules2026, nodes).is_ok());
    // Without the first pass the full search cannot place a single pair.
    let nodes = Limits {
        nodes: 0,
        perfect_nodes: 0,
        ..Limits::DEFAULT
    };
    let error = pair_round_within(&round, DutchEdition::Rules2026, nodes).unwrap_err();
    assert_eq!(
        error,
        PairingError::SearchLimit {
            bracket: Score(0),
            limit: Limit::Nodes,
            value: 0,
        }
    );
    assert!(error.to_string().contains("before proving its result"));
    // The first candidate is perfect: proven at once, so no candidate limit can change it.
    let candidates = Limits {
        candidates: 0,
        ..Limits::DEFAULT
    };
    assert_eq!(
        pair_round_within(&round, DutchEdition::Rules2026, candidates),
        pair_round(&round, DutchEdition::Rules2026)
    );
}

/// Six games against absent opponents `first..first + 6`, won but the last two, in these colours.
fn six_games(first: u32, colours: [Colour; 6]) -> Vec<RoundEntry> {
    colours
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            let outcome = if k < 4 { Outcome::Win } else { Outcome::Loss };
            game(first + k as u32, c, outcome)
        })
        .collect()
}

#[test]
fn h13_c11_counts_a_third_colour_in_a_row_even_when_the_colour_difference_asks_for_it() {
    // Round 7 of 7, four topscorers on 4 of 6. Player 1 (W W W W B B) has a colour difference
    // of +2, which asks for Black, and Black twice in a row, which asks for White: a history
    // the rules cannot produce (C3), which bbpPairings' C11 does not count (it counts a player
    // only when his preference is denied). C11 counts every topscorer who gets the same colour
    // three times in a row: player 1 gets Black from player 2 (colour difference -2).
    let mut players = vec![
        player(1, six_games(10, [W, W, W, W, B, B])),
        player(2, six_games(20, [B, B, W, W, B, B])),
        player(3, six_games(30, [W, B, W, B, W, B])),
        player(4, six_games(40, [B, W, B, W, B, W])),
    ];
    players.extend((10..46).map(absent));
    let input = Input {
        total_rounds: 7,
        ..input(7, players)
    };
    let brackets = criteria_by_bracket(&input, DutchEdition::Rules2026, &[(2, 1), (3, 4)])
        .expect("a valid round");
    assert_eq!(brackets.len(), 1);
    let value = |c: Criterion| {
        brackets[0]
            .values
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, v)| v.clone())
    };
    assert!(brackets[0].absolute);
    assert_eq!(brackets[0].pairs, [(1, 2), (3, 4)]);
    assert_eq!(value(Criterion::C10), Some(CriterionValue::Count(0)));
    assert_eq!(value(Criterion::C11), Some(CriterionValue::Count(1)));
    assert_eq!(value(Criterion::C12), Some(CriterionValue::Count(0)));
}

#[test]
fn h13_c11_text_and_reference_readings_part_on_w_w_w_w_b_b() {
    // Round 7 of 7: players 1-3 on 4 of 6, players 4-6 on 3½, all topscorers. One of the
    // bracket 4.0 floats. Player 1 (W W W W B B) wants Black by his colour difference (+2) and
    // had Black twice: every pair gives him Black, a third in a row, which C11 as written
    // counts, so he floats and 2-3 pair with their preferences. bbpPairings' reading counts
    // him only when his preference is denied: C10-C21 are then equal, and the first candidate
    // (2 against 1, 3 floating) stands.
    let lower = |first: u32, colours: [Colour; 6]| {
        let mut games = six_games(first, colours);
        games[3] = game(first + 3, colours[3], Draw);
        games
    };
    let mut players = vec![
        player(1, six_games(10, [W, W, W, W, B, B])),
        player(2, six_games(20, [W, B, W, B, W, B])),
        player(3, six_games(30, [B, W, B, W, B, W])),
        player(4, lower(40, [W, B, W, B, W, B])),
        player(5, lower(50, [B, W, B, W, B, W])),
        player(6, lower(60, [W, B, W, B, W, B])),
    ];
    players.extend((10..66).map(absent));
    let round = Input {
        total_rounds: 7,
        ..input(7, players)
    };
    let read = |c11| {
        pair_round(
            &round,
            Rules {
                edition: DutchEdition::Rules2026,
                c11,
            },
        )
        .expect("a valid round")
    };
    let text = read(C11Reading::Text);
    assert_eq!(
        pair_round(&round, DutchEdition::Rules2026).as_ref(),
        Ok(&text)
    );
    assert_eq!(text.boards[0].white, 2);
    assert_eq!(text.boards[0].black, 3);
    let reference = read(C11Reading::Reference);
    assert_eq!(reference.boards[0].white, 2);
    assert_eq!(reference.boards[0].black, 1);
    assert_eq!("reference".parse(), Ok(C11Reading::Reference));
    assert!("bbp".parse::<C11Reading>().is_err());
}

#[test]
fn h13_c2_2017_a_requested_full_point_bye_does_not_bar_the_pairing_allocated_bye() {
    // Round 8 of a generated 2017 tournament (differential seed 5005): players 74 and 76 end
    // the last bracket on 1.5; 76 took a requested full-point bye in round 1. The 2017 text of
    // C.2 bars only a player who received the PAB or won by forfeit, so 76, the lower, gets it
    // and 78 meets 74, as bbpPairings v5 pairs it. The 2026 text of C2 also bars one who
    // "scored, in a single round, without playing, as many points as rewarded for a win".
    let text = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/h13_2017_full_point_bye.trf"
    ))
    .expect("the fixture");
    let t: Tournament = text.parse().expect("a TRF file");
    let round = trf_input::input_for_round(&t, 8).expect("round 8");
    let rules_2017 = pair_round(&round, DutchEdition::Rules2017).expect("a valid round");
    assert_eq!(rules_2017.bye, Some(76));
    assert!(pairs(&rules_2017).contains(&(78, 74)));
    let rules_2026 = pair_round(&round, DutchEdition::Rules2026).expect("a valid round");
    assert_ne!(rules_2026.bye, Some(76));
}

#[test]
fn h13_c7_2017_the_next_bracket_psd_gives_the_bye_only_to_an_allowed_player() {
    // Round 11 of a generated 2017 tournament (differential seed 5030, kind "forfeits"). In
    // the bracket 3.0, 85 (MDP) meets 67 or 87, the other floats into the last bracket, 86 and
    // 88 on 2.5. 88 won by forfeit, so C.2 bars him from the pairing-allocated bye, and 87 and
    // 88 have met (C.1). With 87 floating the last bracket can only pair 86-88 with 87's bye,
    // PSD [1.5, 0]; with 67 floating 67-88 and 86's bye give [1.0, 0.5], lower: C.7 ("minimize
    // the PSD in the next bracket") floats 67, as bbpPairings v5 pairs it.
    let text = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/h13_2017_last_bracket_bye.trf"
    ))
    .expect("the fixture");
    let t: Tournament = text.parse().expect("a TRF file");
    let round = trf_input::input_for_round(&t, 11).expect("round 11");
    let p = pair_round(&round, DutchEdition::Rules2017).expect("a valid round");
    assert_eq!(p.bye, Some(86));
    let pairs = pairs(&p);
    assert!(pairs.contains(&(85, 87)), "{pairs:?}");
    assert!(pairs.contains(&(67, 88)), "{pairs:?}");
}

#[test]
fn h13_c7_2017_a_next_bracket_that_cannot_be_paired_is_not_completed() {
    // Round 9 of a generated 2017 tournament (differential seed 6108, kind "default"). One of
    // the seven players on 2.0 floats into the last bracket 1.5 (144, 145, 146, 147). With 150
    // floating the last bracket cannot be paired at all: 150 may not have the bye (C.2) and
    // 144 and 147 neither; no set of pairs leaves out a player allowed it. The engine gave
    // that set the PSD of "every MDP paired", tied it with 141's (141-144, 145-147, bye 146:
    // [1.0, 0.5, 0]) and chose 150 on later criteria; then the rest could not be completed, the
    // bracket became the PPB (A.9, without C.7) and 142 floated to the bye ([1.5, 0, 0]). C.7
    // ("first to complete the pairing of the next bracket") rules 150 out, so 141 floats, as
    // bbpPairings v5 pairs it.
    let text = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/h13_2017_next_bracket_unpairable.trf"
    ))
    .expect("the fixture");
    let t: Tournament = text.parse().expect("a TRF file");
    let round = trf_input::input_for_round(&t, 9).expect("round 9");
    let p = pair_round(&round, DutchEdition::Rules2017).expect("a valid round");
    assert_eq!(p.bye, Some(146));
    let pairs = pairs(&p);
    for pair in [(152, 124), (133, 142), (141, 144)] {
        assert!(pairs.contains(&pair), "{pair:?} in {pairs:?}");
    }
}

#[test]
fn h13_c14_2026_counts_resident_downfloaters_only() {
    // Round 14 of a tournament generated by bbpPairings (differential seed 20945, 3-1-0
    // scoring). The bracket 14 has MDPs 22, 23 and 32 (15 points); 32 floated down in round
    // 13, as did the residents 29, 35 and 37. Floating 22 and 23 on and pairing 32-37 leaves
    // the residents 29 and 35 repeating a downfloat; floating 23 and 32 on and pairing 22-35
    // leaves 29 and 37: two each, as C14 counts "resident downfloaters" only, not the MDP
    // 32 floating on. C16 (two rounds before) then decides for the second (31 and 33 against
    // 31, 33 and 35), as bbpPairings v6 pairs it.
    let text = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/h13_2026_resident_downfloaters.trf"
    ))
    .expect("the fixture");
    let t: Tournament = text.parse().expect("a TRF file");
    let round = trf_input::input_for_round(&t, 14).expect("round 14");
    let p = pair_round(&round, DutchEdition::Rules2026).expect("a valid round");
    let pairs = pairs(&p);
    for pair in [(22, 35), (37, 39), (38, 23), (44, 32)] {
        assert!(pairs.contains(&pair), "{pair:?} in {pairs:?}");
    }
    let brackets =
        criteria_by_bracket(&round, DutchEdition::Rules2026, &pairs).expect("a valid round");
    let fourteen = brackets
        .iter()
        .find(|b| b.mdps == [22, 23, 32])
        .expect("the bracket 14");
    assert_eq!(fourteen.downfloaters, [23, 32, 29, 31, 33, 34, 37]);
    let value = |c: Criterion| {
        fourteen
            .values
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(value(Criterion::C14), Some(CriterionValue::Count(2)));
    assert_eq!(value(Criterion::C16), Some(CriterionValue::Count(2)));
}
