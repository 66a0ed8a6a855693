//! Reading a FIDE combined list of full size (1.2 million lines, synthetic, Latin-1) as TXT and
//! as XML, and a DSB `spieler.csv` of 100,000 rows; duplicate detection over the TXT result.
//! Run: `cargo bench -p ratinglist --bench import`.

use std::time::Instant;

use ratinglist::dsb;
use ratinglist::fide::{self, RatingKind};

const PLAYERS: usize = 1_200_000;
const ROUNDS: usize = 3;

const HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag ";

fn txt() -> Vec<u8> {
    let mut s = String::with_capacity(PLAYERS * 164);
    s.push_str(HEADER);
    s.push_str("\r\n");
    let feds = ["GER", "NED", "ESP", "IND", "USA", "FRA"];
    for i in 0..PLAYERS {
        let name = if i % 10 == 0 {
            format!("Müller-{i}, Jörg")
        } else {
            format!("Player{i}, Given Name")
        };
        let rating = 1000 + (i * 7919) % 1800;
        let title = if i % 500 == 0 { "FM" } else { "" };
        s.push_str(&format!(
            "{:<15}{:<61}{:<4}{:<4}{:<5}{:<5}{:<15}{:<4}{:<6}{:<4}{:<3}{:<6}{:<4}{:<3}{:<6}{:<4}{:<3}{:<6}{}\r\n",
            10_000_000 + i,
            name,
            feds[i % feds.len()],
            if i % 3 == 0 { "F" } else { "M" },
            title,
            "",
            "",
            "",
            rating,
            i % 30,
            20,
            rating + 10,
            0,
            20,
            rating - 10,
            0,
            20,
            1950 + i % 60,
            if i % 4 == 0 { "i" } else { "" },
        ));
    }
    encoding_rs::WINDOWS_1252.encode(&s).0.into_owned()
}

fn xml() -> Vec<u8> {
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<playerslist>\n");
    for i in 0..PLAYERS {
        s.push_str(&format!(
            "<player><fideid>{}</fideid><name>Player{i}, Given</name><country>GER</country><sex>M</sex><title></title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>{}</rating><games>0</games><k>20</k><rapid_rating>{}</rapid_rating><rapid_games>0</rapid_games><rapid_k>20</rapid_k><blitz_rating>{}</blitz_rating><blitz_games>0</blitz_games><blitz_k>20</blitz_k><birthday>{}</birthday><flag>i</flag></player>\n",
            10_000_000 + i,
            1000 + i % 1800,
            1010 + i % 1800,
            990 + i % 1800,
            1950 + i % 60
        ));
    }
    s.push_str("</playerslist>\n");
    s.into_bytes()
}

fn spieler() -> Vec<u8> {
    let mut s = String::from(
        "ID,VKZ,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n",
    );
    for i in 0..100_000 {
        s.push_str(&format!(
            "\"{}\",\"C{:04}\",\"{}\",\"A\",\"Spieler{i},Vorname\",\"M\",\"D\",\"{}\",\"202601\",\"{}\",\"{}\",\"0\",\"\",\"0\",\"GER\"\n",
            10_000_000 + i,
            i / 40,
            i % 40 + 1,
            1950 + i % 60,
            800 + i % 1500,
            i % 50 + 1
        ));
    }
    s.into_bytes()
}

/// Nanoseconds this thread has run on a CPU (Linux), so figures hold on a busy machine.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn time<T>(label: &str, bytes: usize, f: impl FnOnce() -> T) -> T {
    let (start, cpu) = (Instant::now(), cpu_ns());
    let out = f();
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu.zip(cpu_ns()).map(|(a, b)| (b - a) as f64 / 1e9);
    let cpu_text = cpu.map_or_else(String::new, |c| format!(", CPU {c:.3} s"));
    let rate = match (bytes, cpu) {
        (0, _) => String::new(),
        (b, Some(c)) => format!(" ({:.0} MB/s per core)", b as f64 / c / 1e6),
        (b, None) => format!(" ({:.0} MB/s)", b as f64 / wall / 1e6),
    };
    println!("{label}: wall {wall:.3} s{cpu_text}{rate}");
    out
}

fn main() {
    let txt = txt();
    let xml = xml();
    let csv = spieler();
    for round in 1..=ROUNDS {
        println!("round {round}");
        let import = time(
            &format!("FIDE TXT, {PLAYERS} players, {} MB", txt.len() / 1_000_000),
            txt.len(),
            || fide::read_txt(&txt, "players_list_foa.txt", RatingKind::Standard).unwrap(),
        );
        assert_eq!((import.players.len(), import.errors.len()), (PLAYERS, 0));
        let found = time("duplicates over the TXT players", 0, || {
            ratinglist::duplicates(&import.players)
        });
        assert!(found.is_empty());
        let index = time("lookup index over the TXT players", 0, || {
            ratinglist::PlayerIndex::new(&import.players)
        });
        assert!(!index.by_name_prefix("Müller-10").is_empty());
        drop(import);
        let import = time(
            &format!("FIDE XML, {PLAYERS} players, {} MB", xml.len() / 1_000_000),
            xml.len(),
            || fide::read_xml(&xml, "players_list.xml", RatingKind::Standard).unwrap(),
        );
        assert_eq!((import.players.len(), import.errors.len()), (PLAYERS, 0));
        drop(import);
        let import = time("DSB spieler.csv v2, 100000 rows", csv.len(), || {
            dsb::read_spieler(&csv, "spieler.csv").unwrap()
        });
        assert_eq!((import.players.len(), import.errors.len()), (100_000, 0));
    }
}
