//! Arbitrary bytes: parsing never panics; whatever parses validates, converts and writes
//! back to text that parses to the same model.
//! Run: `cargo +nightly fuzz run parse` in `crates/trf/fuzz`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use trf::{Format, LineEnding, Tournament, WriteOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(t) = Tournament::from_bytes(data) else {
        return;
    };
    let _ = t.validate();
    for format in [Format::Trf16, Format::Trf26] {
        if let Ok(text) = t.convert(format).tournament.write() {
            assert!(Tournament::parse(&text).is_ok());
        }
    }
    if let Ok(text) = t.write_with(WriteOptions {
        line_ending: LineEnding::Lf,
        verbatim: false,
    }) {
        assert_eq!(Tournament::parse(&text).ok(), Some(t));
    }
});
