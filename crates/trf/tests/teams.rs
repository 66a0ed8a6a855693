//! The team fixtures of Sharly's bbpPairings fork (`*team*.input`): valid, written back byte for
//! byte, and through TRF16 and back with their teams, board results and team matches intact.

use trf::team::MatchKind;
use trf::{Format, Points, Tournament};

fn team_fixtures() -> Vec<(String, String)> {
    let dir = testkit::shared_data("trf/sharly-bbpPairings-tests");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.contains("_team_") && name.ends_with(".input")
        })
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p.file_name().unwrap().to_string_lossy().into_owned(), text)
        })
        .collect()
}

#[test]
fn team_fixtures_are_valid_and_written_back_unchanged() {
    let fixtures = team_fixtures();
    assert!(fixtures.len() >= 30, "{} team fixtures", fixtures.len());
    for (name, text) in &fixtures {
        let t: Tournament = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let report = t.validate();
        assert!(
            report.is_valid(),
            "{name}: {:?}",
            report.errors().collect::<Vec<_>>()
        );
        assert!(t.is_team_tournament(), "{name}");
        assert_eq!(t.write().unwrap(), *text, "{name}");
        let teams = t.teams();
        assert!(!teams.is_empty(), "{name}");
        // Every player of the file is in exactly one team.
        for p in t.players() {
            let n = teams
                .iter()
                .filter(|tm| tm.players.contains(&p.number()))
                .count();
            assert_eq!(n, 1, "{name}: player {}", p.number());
        }
    }
}

#[test]
fn team_fixtures_survive_trf16_and_back() {
    for (name, text) in team_fixtures() {
        let t: Tournament = text.parse().unwrap();
        let old = t.convert(Format::Trf16);
        let back = Tournament::parse(&old.tournament.write().unwrap())
            .unwrap()
            .convert(Format::Trf26)
            .tournament;
        assert_eq!(back.teams(), t.teams(), "{name}");
        // Rounds to come may gain the `240` byes as round entries; the rounds played stay.
        let played = t.rounds_played();
        let rounds = |t: &Tournament| -> Vec<_> {
            t.players()
                .map(|p| {
                    (
                        p.number(),
                        p.rounds.iter().take(played).cloned().collect::<Vec<_>>(),
                    )
                })
                .collect()
        };
        let (before, after) = (rounds(&t), rounds(&back));
        assert_eq!(after, before, "{name}");
        assert_eq!(back.total_rounds(), t.total_rounds(), "{name}");
        assert_eq!(back.initial_colour(), t.initial_colour(), "{name}");
        // Team matches survive unless the file re-scores them with TRF-2026-only records
        // (`299`, `320`, `330`, a `362` other than 2/1/0), which TRF16 cannot hold.
        let only26 = text
            .lines()
            .any(|l| ["299", "320", "330"].iter().any(|c| l.starts_with(c)));
        if !only26 && back.team_scoring() == t.team_scoring() {
            for r in 1..=t.rounds_played() {
                assert_eq!(back.team_rounds(r), t.team_rounds(r), "{name} round {r}");
            }
        }
    }
}

#[test]
fn team_round_two_by_hand() {
    let (_, text) = team_fixtures()
        .into_iter()
        .find(|(n, _)| n == "test_tests_team_round2.input")
        .unwrap();
    let t: Tournament = text.parse().unwrap();
    let r1 = t.team_rounds(1);
    // Alpha (1, 2) beat Bravo (3, 4) 2-0 with white on board 1; Charlie-Delta 1-1.
    let summary: Vec<_> = r1
        .iter()
        .map(|m| {
            (
                m.opponent,
                m.kind,
                m.game_points.tenths(),
                m.match_points.tenths(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (Some(2), MatchKind::Won, 20, 20),
            (Some(1), MatchKind::Lost, 0, 0),
            (Some(4), MatchKind::Drawn, 10, 10),
            (Some(3), MatchKind::Drawn, 10, 10),
        ]
    );
    assert_eq!(r1[0].colour, Some(trf::Colour::White));
    assert_eq!(r1[1].colour, Some(trf::Colour::Black));
}

#[test]
fn forfeits_byes_and_abnormal_points() {
    let get = |n: &str| {
        let (_, text) = team_fixtures().into_iter().find(|(f, _)| f == n).unwrap();
        text.parse::<Tournament>().unwrap()
    };
    // 330 +- 1 1 2: Alpha won round 1 by forfeit with white.
    let t = get("test_tests_team_330_forfeit.input");
    let r = t.team_rounds(1);
    assert_eq!(
        (r[0].kind, r[0].opponent, r[0].colour),
        (MatchKind::ForfeitWon, Some(2), Some(trf::Colour::White))
    );
    assert_eq!(
        (r[1].kind, r[1].match_points),
        (MatchKind::ForfeitLost, Points::ZERO)
    );
    // 320 2.0 3.0: the team bye scores 2 match points and 3 game points.
    let t = get("test_tests_team_pab_gamepoints.input");
    let bye: Vec<_> = t
        .team_rounds(1)
        .into_iter()
        .filter(|m| m.kind == MatchKind::PairingAllocatedBye)
        .map(|m| (m.match_points.tenths(), m.game_points.tenths()))
        .collect();
    assert_eq!(bye, [(20, 30)]);
    // 299 - 1.0 for team 4 only: its forfeit loss scores 1 match point, team 2's scores 0.
    let t = get("test_tests_team_299_target.input");
    let r = t.team_rounds(1);
    assert_eq!(
        (r[3].kind, r[3].match_points.tenths()),
        (MatchKind::ForfeitLost, 10)
    );
    assert_eq!(
        (r[1].kind, r[1].match_points.tenths()),
        (MatchKind::ForfeitLost, 0)
    );
}

#[test]
fn board_colours_and_legacy_teams() {
    let t: Tournament = "352 WBWB\n013 Alpha                              1    2\n013 Bravo                              3    4\n"
        .parse()
        .unwrap();
    use trf::Colour::{Black, White};
    assert_eq!(t.board_colours(), Some(vec![White, Black, White, Black]));
    let teams = t.teams();
    assert_eq!(
        (
            teams[1].number,
            teams[1].name.as_str(),
            teams[1].players.clone()
        ),
        (2, "Bravo", vec![3, 4])
    );
    assert_eq!(t.team_of(3), Some(2));
    assert_eq!(t.team_scoring(), trf::team::TeamScoring::default());
}

/// `test_tests_team_round2` (round 1: Alpha 1, 2 against Bravo 3, 4; Charlie 5, 6 against
/// Delta 7, 8) with `300` line-ups appended.
fn with_lineups(lines: &str) -> Tournament {
    let path = testkit::shared_data("trf/sharly-bbpPairings-tests/test_tests_team_round2.input");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    format!("{text}{lines}").parse().unwrap()
}

#[test]
fn lineup_300_orders_the_boards_and_is_written_back() {
    // Alpha played 2 on board 1 and 1 on board 2 in round 1.
    let text = "300   1   1   2 0002 0001\n";
    let t = with_lineups(text);
    let report = t.validate();
    assert!(
        report.is_valid(),
        "{:?}",
        report.errors().collect::<Vec<_>>()
    );
    assert_eq!((report.teams, report.lineups), (4, 1));
    assert_eq!(t.board_order(1, 1), [Some(2), Some(1)]);
    assert_eq!(t.board_order(1, 2), [Some(3), Some(4)]);
    assert_eq!(t.board_order(2, 1), [Some(1), Some(2)]);
    // Board 1 is now player 2's game (against 4, black, won); board 2 player 1's (against 3).
    let alpha = &t.team_rounds(1)[0];
    let opponents: Vec<_> = alpha.boards.iter().map(|e| e.opponent).collect();
    assert_eq!(opponents, [Some(4), Some(3)]);
    assert_eq!(alpha.game_points, Points::from_halves(4));
    assert!(t.write().unwrap().ends_with(text));
    let back: Tournament = t.write().unwrap().parse().unwrap();
    assert_eq!(back.lineup(1, 1), t.lineup(1, 1));
    assert_eq!(back.lineup(1, 1).map(|l| l.opponent), Some(2));
}

#[test]
fn lineup_300_with_an_empty_board() {
    // Bravo lists board 1 empty in round 2 (not yet played: no pairing to compare with).
    let t = with_lineups("300   2   2   1 0000 0004\n");
    assert!(t.validate().is_valid());
    assert_eq!(t.board_order(2, 2), [None, Some(4)]);
    assert!(t.write().unwrap().ends_with("300   2   2   1 0000 0004\n"));
}

#[test]
fn lineup_300_errors_name_line_and_column() {
    let cases = [
        // A player of another team.
        (
            "300   1   1   2 0001 0005\n",
            22,
            "player 5 is not a member of team 1",
        ),
        // A player on two boards.
        (
            "300   1   1   2 0001 0001\n",
            22,
            "player 1 is on two boards",
        ),
        // Player 2 played in round 1 but is on no board.
        (
            "300   1   1   2 0001\n",
            17,
            "player 2 of team 1 played in round 1",
        ),
        // Alpha met Bravo in round 1, not Charlie.
        (
            "300   1   1   3 0001 0002\n",
            17,
            "who does not play for team 3",
        ),
        // Unknown team, a team against itself, a round beyond 142 (3 rounds).
        (
            "300   1   9   2 0001 0002\n",
            9,
            "team 9 has no 310 or 013 record",
        ),
        (
            "300   2   1   1 0001 0002\n",
            13,
            "team 1 cannot meet itself",
        ),
        (
            "300   4   1   2 0001 0002\n",
            5,
            "round 4 is not a round of the tournament",
        ),
        // The same team and round twice.
        (
            "300   2   1   2 0001 0002\n300   2   1   2 0002 0001\n",
            5,
            "a second line-up of team 1 in round 2",
        ),
    ];
    for (lines, column, message) in cases {
        let report = with_lineups(lines).validate();
        let errors: Vec<_> = report.errors().collect();
        assert!(
            errors
                .iter()
                .any(|e| e.line >= 18 && e.column == column && e.message.contains(message)),
            "{lines}: {errors:?}"
        );
        assert!(
            errors
                .iter()
                .all(|e| e.article.to_string() == "TRF-2026 300"),
            "{lines}: {errors:?}"
        );
    }
}
