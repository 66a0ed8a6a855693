//! Timings of the DSB exports of a large Swiss section: the report, DSB XML, SWI, and reading
//! both back. `cargo bench -p event --bench dsb [-- PLAYERS ROUNDS]` (at most 999 players).

mod common;

use std::time::{Duration, Instant};

use common::{median, size};
use event::date::{Date, DateTime, Time};
use event::demo::large_swiss;
use ratinglist::dsb;

fn main() {
    let (players, rounds) = size(500, 9);
    let today = Date::new(2026, 11, 22).expect("a date");
    let t = Instant::now();
    let event = large_swiss(players, rounds, today);
    println!(
        "{players} players, {rounds} rounds: paired and played in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let section = &event.sections[0];
    let created = DateTime {
        date: today,
        time: Time::new(18, 0).expect("a time"),
    };
    let report = || {
        section
            .dsb_report(&event, created, "t", "f")
            .expect("the section fits the DSB formats")
    };
    let r = report();
    let xml = r.to_dsb_xml().expect("valid report");
    let swi = r.to_swi().expect("valid report");
    let rows: [(&str, Duration); 5] = [
        ("dsb_report", median(|| drop(report()), 5)),
        ("to_dsb_xml", median(|| drop(r.to_dsb_xml()), 5)),
        ("to_swi", median(|| drop(r.to_swi()), 5)),
        (
            "read_xml",
            median(|| drop(dsb::read_xml(xml.as_bytes(), "b.xml")), 5),
        ),
        ("read_swi", median(|| drop(dsb::read_swi(&swi, "b.swi")), 5)),
    ];
    println!("XML {} bytes, SWI {} bytes", xml.len(), swi.len());
    for (name, d) in rows {
        println!("{name}: {:.2} ms", d.as_secs_f64() * 1000.0);
    }
}
