//! Any bytes: decode, read, check and export every game without a panic;
//! a game read without error exports to PGN that reads back to the same moves.
#![no_main]

use laws::notation::Language;
use libfuzzer_sys::fuzz_target;
use pgn::check::check;
use pgn::export::write_pgn;
use pgn::import::import;
use pgn::reader::Reader;
use pgn::text::decode;

fuzz_target!(|data: &[u8]| {
    let (text, _) = decode(data);
    for raw in Reader::new(&text) {
        check(&raw);
        let game = import(&raw);
        if let (None, Some(start)) = (&game.error, &game.start) {
            let tags: Vec<(&str, &str)> = raw
                .tags
                .iter()
                .map(|t| (t.name, t.value.as_ref()))
                .collect();
            let out = write_pgn(&tags, &start.position, &game.moves, None, Language::English);
            let back = Reader::new(&out).next().map(|r| import(&r).moves);
            assert_eq!(back.as_deref(), Some(&game.moves[..]), "{out}");
        }
    }
});
