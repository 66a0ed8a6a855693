//! Feeds arbitrary text to the JSON-lines reader of `arbiter replay`: every
//! log is replayed or refused with the number of a line it has, never a panic.
//!
//! `cargo +nightly fuzz run replay` from `crates/cli`. The deterministic
//! mutation test `mutated_logs_never_panic` in `src/commands/replay.rs` runs in CI.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../src/commands/replay.rs"]
mod replay;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let refused = match replay::replay(text, None) {
        Ok(report) => report.refused,
        Err(e) => Some(e),
    };
    if let Some(e) = refused {
        let lines = text.lines().count().max(1);
        assert!((1..=lines).contains(&e.line), "line {} of {lines}: {e}", e.line);
    }
});
