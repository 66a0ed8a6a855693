//! Position keys (Art. 9.2.3) against the Polyglot reference keys.

use laws::{draws::PositionKey, position::StartingPosition};

#[test]
fn polyglot_reference_keys() {
    let text =
        std::fs::read_to_string(testkit::shared_data("zobrist/polyglot-reference.tsv")).unwrap();
    let mut checked = 0;
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let (fen, key) = line.split_once('\t').unwrap();
        let start: StartingPosition = fen.parse().unwrap();
        assert_eq!(
            PositionKey::of(start.position()).to_string(),
            key.trim(),
            "{fen}"
        );
        checked += 1;
    }
    assert_eq!(checked, 9);
}

/// The incrementally updated keys of a game equal keys computed from scratch,
/// over the 100 standard games of the shared UCI corpus.
#[test]
fn incremental_keys_match_scratch_keys() {
    let text =
        std::fs::read_to_string(testkit::shared_data("zobrist/shakmaty-zobrist.csv")).unwrap();
    let mut games = 0;
    for line in text.lines().filter(|l| l.starts_with("chess,")) {
        let uci = line.split(',').nth(1).unwrap();
        let mut game = laws::game::Game::default();
        for token in uci.split_whitespace() {
            let m = token
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(game.position())
                .unwrap();
            game.play(m).unwrap();
            assert_eq!(
                game.key(game.ply()),
                Some(PositionKey::of(game.position())),
                "{uci}"
            );
        }
        games += 1;
    }
    assert_eq!(games, 100);
}
