//! Any text as the moves of a game from a few positions: reading moves never
//! panics, and every error names a line and column inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pgn::import::import;
use pgn::reader::Reader;

const STARTS: [&str; 3] = [
    "",
    "[FEN \"r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1\"]\n",
    "[Variant \"Chess960\"]\n[FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1\"]\n",
];

fuzz_target!(|data: &[u8]| {
    let Ok(moves) = std::str::from_utf8(data) else {
        return;
    };
    for start in STARTS {
        let text = format!("{start}{moves}");
        for raw in Reader::new(&text) {
            if let Some(e) = import(&raw).error {
                assert!(e.location.line >= 1 && e.location.column >= 1);
                assert!(e.location.line as usize <= text.lines().count().max(1));
            }
        }
    }
});
