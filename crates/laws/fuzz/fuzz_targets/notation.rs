//! Feeds arbitrary text to the notation readers: they must return a value or an
//! error, never panic, and whatever they accept must be written back and re-read
//! to the same move.
//!
//! `cargo +nightly fuzz run notation` from `crates/laws`.

#![no_main]

use laws::Lang;
use laws::notation::{Form, Language, parse_announcement, parse_movetext, parse_record, write_move};
use libfuzzer_sys::fuzz_target;
use shakmaty::{CastlingMode, Chess, fen::Fen};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let lang = Language::ALL[usize::from(selector) % Language::ALL.len()];
    let pos = if selector & 0x80 == 0 {
        Chess::default()
    } else {
        let fen: Fen = "r3k2r/1P4P1/8/3pP3/2N3N1/8/8/R3K2R w KQkq d6 0 1".parse().expect("fixed FEN");
        fen.into_position(CastlingMode::Chess960).expect("fixed position")
    };
    if let Ok(parsed) = parse_record(&pos, text, lang) {
        for form in Form::ALL {
            let written = write_move(&pos, &parsed.mv, lang, form);
            let reread = parse_record(&pos, &written, lang).map(|p| p.mv);
            assert_eq!(reread, Ok(parsed.mv), "{text:?} → {written:?}");
        }
    }
    let _ = parse_movetext(&pos, text, lang);
    let _ = parse_announcement(&pos, text, Lang::De);
});
