//! Arbitrary bytes through every reader: none panics; a valid report read from the DSB XML
//! writes XML that reads back to it; one read from SWI writes both formats, and its SWI reads.
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
    if let Ok(report) = dsb::read_xml(data, "f")
        && report.validate().is_ok()
    {
        let xml = report.to_dsb_xml().expect("a valid report writes");
        assert_eq!(dsb::read_xml(xml.as_bytes(), "f").ok(), Some(report));
    }
    if let Ok(report) = dsb::read_swi(data, "f")
        && report.validate().is_ok()
    {
        assert!(report.to_dsb_xml().is_ok());
        let swi = report.to_swi().expect("a valid report writes");
        assert!(dsb::read_swi(&swi, "f").is_ok());
    }
});
