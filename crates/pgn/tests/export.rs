//! Export round trips over the real-game corpora: import, write PGN, read it
//! back; the German scoresheet form reads back through `laws::notation`.

use laws::notation::{Language, parse_movetext};
use pgn::export::write_pgn;
use pgn::import::import;
use pgn::reader::Reader;
use pgn::text::decode;
use testkit::shared_data;

#[test]
fn export_round_trips() {
    let files = [
        "pgn/twic1599_1000k.pgn",
        "pgn/lichess_db_1000k.pgn",
        "pgn/python-chess-edge/cutechess-fischerrandom.pgn",
        "pgn/pychess-lichess-studies/lichess_study_lichess-practice-checkmate-patterns-i_by_arex_2017.01.22.pgn",
    ];
    let mut games = 0;
    for file in files {
        let bytes = std::fs::read(shared_data(file)).unwrap();
        let (text, _) = decode(&bytes);
        for raw in Reader::new(&text) {
            let game = import(&raw);
            assert!(game.error.is_none(), "{file}: {:?}", game.error);
            let start = &game.start.as_ref().unwrap().position;
            let tags: Vec<(&str, &str)> = raw
                .tags
                .iter()
                .map(|t| (t.name, t.value.as_ref()))
                .collect();
            let result = raw.termination.map(|t| t.0);
            let out = write_pgn(&tags, start, &game.moves, result, Language::English);
            let tag_lines = out.lines().take_while(|l| l.starts_with('[')).count();
            assert!(
                out.lines().skip(tag_lines).all(|l| l.chars().count() <= 80),
                "{out}"
            );
            let names: Vec<&str> = out
                .lines()
                .take(7)
                .map(|l| l[1..].split(' ').next().unwrap())
                .collect();
            assert_eq!(
                names,
                ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
            );

            let back_raw = Reader::new(&out).next().unwrap();
            let back = import(&back_raw);
            assert!(back.error.is_none(), "{file}: {:?}\n{out}", back.error);
            assert_eq!(back.moves, game.moves, "{file} game {}", raw.number);
            assert_eq!(
                back_raw.termination.map(|t| t.0),
                result.or(back_raw.termination.map(|t| t.0))
            );
            for (name, value) in &tags {
                if !["SetUp", "FEN", "Variant", "Result"].contains(name) {
                    assert_eq!(back_raw.tag(name), Some(*value), "{file}: tag {name}");
                }
            }

            let german = write_pgn(&tags, start, &game.moves, result, Language::German);
            let movetext = german.split("\n\n").nth(1).unwrap();
            let parsed = parse_movetext(start.position(), movetext, Language::German).unwrap();
            assert_eq!(parsed.iter().map(|p| p.mv).collect::<Vec<_>>(), game.moves);
            games += 1;
        }
    }
    assert!(games > 1500, "{games}");
}
