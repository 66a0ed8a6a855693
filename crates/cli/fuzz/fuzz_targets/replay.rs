//! Feeds arbitrary text to the JSON-lines reader of `arbiter replay` (`laws::replay`): every
//! log is replayed or refused with the number of a line it has, never a panic.
//!
//! `cargo +nightly fuzz run replay` from `crates/cli`. The deterministic
//! mutation test `h19_fuzz_replay_jsonl_refusals_name_line_and_column` in `src/commands/replay.rs` runs in CI.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = laws::replay::replay(text, None) {
        let lines = text.lines().count().max(1);
        assert!((1..=lines).contains(&e.line), "line {} of {lines}: {e}", e.line);
    }
});
