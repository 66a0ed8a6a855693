//! Any text as a `FEN` tag: tolerant import never panics, and an accepted
//! start position writes a FEN that reads back to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pgn::import::start;
use pgn::reader::Reader;

fuzz_target!(|data: &[u8]| {
    let Ok(fen) = std::str::from_utf8(data) else {
        return;
    };
    if fen.contains(['"', '\n', '\\']) {
        return;
    }
    let text = format!("[FEN \"{fen}\"]\n*");
    let Some(raw) = Reader::new(&text).next() else {
        return;
    };
    if let Ok(s) = start(&raw) {
        let written = s.position.fen_of(s.position.position());
        let again = format!("[FEN \"{written}\"]\n*");
        let back = Reader::new(&again).next().and_then(|r| start(&r).ok());
        assert_eq!(back.map(|b| b.position), Some(s.position), "{written}");
    }
});
