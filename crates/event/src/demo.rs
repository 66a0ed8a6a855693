//! A complete, realistic demo championship for `arbiter serve --demo`.
//!
//! Modelled on the SJRP youth championships (Spielordnung §6, announcement: 7 rounds over five
//! days, 90 min/40 moves + 30 min + 30 s, tie-breaks of §6.1): U10 as a round robin of 8
//! (suggested by [`suggest_system`]), U12 and U14 as Swiss sections with
//! girls' rankings, U16 and U18 merged (§6.3) with a late entry, a withdrawal, a requested
//! half-point bye and a forfeit. Players, ratings and results come from a fixed seed, so the
//! same `today` always gives the same event.
//!
//! ```
//! use event::date::Date;
//!
//! let event = event::demo::championship(Date::new(2026, 4, 11).unwrap());
//! assert_eq!(event.sections.len(), 4);
//! assert_eq!(event.start.to_string(), "2026-04-07");
//! let u14 = event.section("U14").unwrap();
//! let girls = u14.class_standings("U14w".parse()?)?;
//! assert!(!girls.rows.is_empty() && girls.rows[0].rank == 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::age::{AgeClass, Class};
use crate::date::{Birth, Date, DateTime, Time};
use crate::entries::{AdmissionList, Admitted, Basis};
use crate::event::Event;
use crate::person::{DsbId, PlayerId, Sex};
use crate::player::{Entry, Player};
use crate::proceedings::{Entitled, Measure, NewProtest, Party, Proceedings};
use crate::round::{ByeKind, GameResult};
use crate::section::{
    RatingEvaluation, RoundSchedule, SJRP_ROUND_ROBIN_TIEBREAKS, Section, SectionKind,
    suggest_system,
};
use crate::tribunal::{Electorate, Member, Tribunal};
use laws::penalties::Penalty;

const BOYS: [&str; 24] = [
    "Ben", "Paul", "Leon", "Finn", "Elias", "Jonas", "Luis", "Noah", "Felix", "Lukas", "Henry",
    "Emil", "Anton", "Theo", "Jakob", "Moritz", "David", "Max", "Oskar", "Niklas", "Julian", "Tim",
    "Samuel", "Karl",
];
const GIRLS: [&str; 16] = [
    "Emma", "Mia", "Hannah", "Sofia", "Lina", "Emilia", "Marie", "Lea", "Clara", "Ella", "Ida",
    "Lena", "Greta", "Frieda", "Mila", "Johanna",
];
const LAST: [&str; 32] = [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Schulz",
    "Hoffmann",
    "Koch",
    "Bauer",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hofmann",
    "Hartmann",
    "Lange",
    "Schmitt",
    "Werner",
    "Krause",
    "Meier",
    "Lehmann",
    "Schmid",
    "Schulze",
    "Maier",
];
const CLUBS: [(&str, &str); 8] = [
    ("SC Pirmasens 1912", "P0110"),
    ("SK Mainz 1886", "H0207"),
    ("SC Bann", "P0103"),
    ("Schachfreunde Koblenz", "R0412"),
    ("SV Worms 1878", "H0301"),
    ("SC Kaiserslautern", "P0208"),
    ("SK Trier", "R0611"),
    ("SG Speyer-Schwegenheim", "P0315"),
];

/// A small deterministic generator (xorshift64*).
struct Seq(u64);

impl Seq {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// One generated group of players.
struct Group {
    class: Class,
    count: usize,
    dwz: (u16, u16),
    elo_from: u16,
}

fn players(groups: &[Group], season: u16, next_id: &mut u32, seq: &mut Seq) -> Vec<Entry> {
    let mut out = Vec::new();
    for g in groups {
        let limit = g.class.age.limit().unwrap_or(30);
        for _ in 0..g.count {
            let female = g.class.girls || seq.below(5) == 0;
            let first = if female {
                GIRLS[usize::try_from(seq.below(16)).unwrap_or(0)]
            } else {
                BOYS[usize::try_from(seq.below(24)).unwrap_or(0)]
            };
            let last = LAST[usize::try_from(seq.below(32)).unwrap_or(0)];
            let mut p = Player::new(PlayerId(*next_id), last, first);
            let (club, zps) = CLUBS[usize::try_from(seq.below(8)).unwrap_or(0)];
            p.club = club.to_string();
            p.federation = "GER".to_string();
            p.sex = Some(if female { Sex::Female } else { Sex::Male });
            let age = limit - u16::try_from(seq.below(2)).unwrap_or(0);
            let month = u8::try_from(1 + seq.below(12)).unwrap_or(1);
            let day = u8::try_from(1 + seq.below(28)).unwrap_or(1);
            p.birth = Date::new(season.saturating_sub(age), month, day).map(Birth::Date);
            let dwz = g.dwz.0 + u16::try_from(seq.below(u64::from(g.dwz.1 - g.dwz.0))).unwrap_or(0);
            p.dwz = Some(dwz);
            p.dwz_index = Some(u16::try_from(1 + seq.below(40)).unwrap_or(1));
            if dwz >= g.elo_from {
                p.elo = Some(dwz + 20 - u16::try_from(seq.below(60)).unwrap_or(0));
                p.fide_id = Some(16_000_000 + u64::from(*next_id) * 37);
            }
            p.dsb = Some(DsbId {
                zps: zps.to_string(),
                member: 1000 + *next_id,
            });
            let class = if g.class.girls && seq.below(2) == 0 {
                Class::open(g.class.age)
            } else {
                g.class
            };
            out.push(Entry::new(p, class));
            *next_id += 1;
        }
    }
    out
}

/// The schedule of the announcement: day 1 14:00, day 2 9:00 and 14:00, day 3 9:00, day 4 9:00
/// and 14:00, day 5 9:30.
fn schedule(start: Date) -> Vec<RoundSchedule> {
    [
        (0, 14, 0),
        (1, 9, 0),
        (1, 14, 0),
        (2, 9, 0),
        (3, 9, 0),
        (3, 14, 0),
        (4, 9, 30),
    ]
    .into_iter()
    .map(|(day, h, m)| RoundSchedule {
        date: start.add_days(day),
        time: Time::new(h, m),
    })
    .collect()
}

/// A result drawn from the rating difference: expected score of White in per mille from a
/// linear approximation of the rating curve, a third of the close games drawn.
fn result(white: u16, black: u16, seq: &mut Seq) -> GameResult {
    let d = (i64::from(white) - i64::from(black)).clamp(-700, 700);
    let expected = 520 + d * 5 / 7;
    let draw = 300 - d.abs() * 2 / 7;
    let roll = i64::try_from(seq.below(1000)).unwrap_or(0);
    if roll < expected - draw / 2 {
        GameResult::WhiteWins
    } else if roll < expected + draw / 2 {
        GameResult::Draw
    } else {
        GameResult::BlackWins
    }
}

/// Pairs, publishes and plays every round of `section`; `forfeit` names a round whose last board
/// is won by forfeit.
fn play(section: &mut Section, forfeit: Option<u32>, seq: &mut Seq) {
    for round in 1..=section.total_rounds() {
        let Ok(draft) = section.pair_round(round) else {
            return;
        };
        if section.add_round(draft).is_err() {
            return;
        }
        let Some(start) = section.schedule_of(round) else {
            return;
        };
        let at = DateTime {
            date: start.date,
            time: Time::new(start.time.hour().saturating_sub(1), start.time.minute())
                .unwrap_or(start.time),
        };
        if section.publish(round, at).is_err() {
            return;
        }
        let boards: Vec<(u16, u16)> = section
            .round(round)
            .map(|r| {
                r.boards
                    .iter()
                    .map(|b| {
                        let dwz = |id| section.entry(id).and_then(|e| e.player.dwz).unwrap_or(800);
                        (dwz(b.white), dwz(b.black))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let last = boards.len();
        for (i, (w, b)) in boards.into_iter().enumerate() {
            let r = if forfeit == Some(round) && i + 1 == last {
                GameResult::WhiteWinsByForfeit
            } else {
                result(w, b, seq)
            };
            if section.enter_result(round, i + 1, r).is_err() {
                return;
            }
        }
    }
}

/// An open Swiss of `players` generated players over `rounds` rounds (one round a day at 10:00,
/// the last on `today`), every round paired by the Dutch engine and played with results drawn
/// from the rating difference: for benchmarks and load tests of large events.
pub fn large_swiss(players: usize, rounds: u32, today: Date) -> Event {
    let start = today.sub_days(rounds.saturating_sub(1));
    let mut event = Event::new("Open Swiss", "Online", start, today);
    let mut seq = Seq(0x0B16_5EED_0000_0001 ^ players as u64);
    let mut next_id = 1;
    let mut section = Section::new("Open", vec![Class::open(AgeClass::Open)]);
    section.rounds = rounds;
    section.profile = "fide-2023".to_string();
    section.schedule = (0..rounds)
        .map(|d| RoundSchedule {
            date: start.add_days(d),
            time: Time::new(10, 0),
        })
        .collect();
    let group = Group {
        class: Class::open(AgeClass::Open),
        count: players,
        dwz: (1000, 2400),
        elo_from: 1400,
    };
    section.entries = self::players(&[group], event.season(), &mut next_id, &mut seq);
    play(&mut section, None, &mut seq);
    event.sections.push(section);
    event
}

/// Example DEM places (SJRP §6.4 quotas) of the demo sections.
fn dem_quota(section: &str) -> Vec<(Class, u32)> {
    match section {
        "U12" => vec![(Class::open(AgeClass::U12), 2)],
        "U14" => vec![
            (Class::open(AgeClass::U14), 3),
            (Class::girls(AgeClass::U14), 2),
        ],
        _ => Vec::new(),
    }
}

/// A 7-round SJRP-style youth championship (U10 round robin, U12, U14 with a girls' ranking,
/// U16/U18 merged) with generated players and deterministic results. The five days end on
/// `today`, all rounds are played.
pub fn championship(today: Date) -> Event {
    let start = today.sub_days(4);
    let season = start.year();
    let mut event = Event::new(
        &format!("Rheinland-Pfalz-Jugendeinzelmeisterschaften {season}"),
        "Pirmasens, Jugendherberge",
        start,
        today,
    );
    event.title_region = "Rheinland-Pfalz".into();
    let mut seq = Seq(0x5EED_2026_0407_0001);
    let mut next_id = 1001;
    let sections: [(&str, Vec<Class>, Vec<Group>); 4] = [
        (
            "U10",
            vec![Class::open(AgeClass::U10), Class::girls(AgeClass::U10)],
            vec![
                Group {
                    class: Class::open(AgeClass::U10),
                    count: 6,
                    dwz: (700, 1300),
                    elo_from: 9999,
                },
                Group {
                    class: Class::girls(AgeClass::U10),
                    count: 2,
                    dwz: (650, 1100),
                    elo_from: 9999,
                },
            ],
        ),
        (
            "U12",
            vec![Class::open(AgeClass::U12), Class::girls(AgeClass::U12)],
            vec![
                Group {
                    class: Class::open(AgeClass::U12),
                    count: 11,
                    dwz: (900, 1600),
                    elo_from: 1500,
                },
                Group {
                    class: Class::girls(AgeClass::U12),
                    count: 3,
                    dwz: (850, 1400),
                    elo_from: 1500,
                },
            ],
        ),
        (
            "U14",
            vec![Class::open(AgeClass::U14), Class::girls(AgeClass::U14)],
            vec![
                Group {
                    class: Class::open(AgeClass::U14),
                    count: 12,
                    dwz: (1100, 1850),
                    elo_from: 1550,
                },
                Group {
                    class: Class::girls(AgeClass::U14),
                    count: 5,
                    dwz: (1000, 1650),
                    elo_from: 1550,
                },
            ],
        ),
        (
            "U16/U18",
            vec![
                Class::open(AgeClass::U16),
                Class::girls(AgeClass::U16),
                Class::open(AgeClass::U18),
                Class::girls(AgeClass::U18),
            ],
            vec![
                Group {
                    class: Class::open(AgeClass::U16),
                    count: 7,
                    dwz: (1300, 2000),
                    elo_from: 1500,
                },
                Group {
                    class: Class::girls(AgeClass::U16),
                    count: 2,
                    dwz: (1200, 1750),
                    elo_from: 1500,
                },
                Group {
                    class: Class::open(AgeClass::U18),
                    count: 7,
                    dwz: (1400, 2150),
                    elo_from: 1500,
                },
                Group {
                    class: Class::girls(AgeClass::U18),
                    count: 2,
                    dwz: (1300, 1900),
                    elo_from: 1500,
                },
            ],
        ),
    ];
    for (name, classes, groups) in sections {
        let mut section = Section::new(name, classes);
        section.schedule = schedule(start);
        section.entries = players(&groups, season, &mut next_id, &mut seq);
        section.system = suggest_system(section.entries.len(), section.rounds);
        if matches!(section.system, crate::System::RoundRobin { .. }) {
            section.tiebreaks = SJRP_ROUND_ROBIN_TIEBREAKS.to_string();
        }
        section.rating = RatingEvaluation {
            dwz: true,
            elo: name == "U16/U18",
        };
        let forfeit = if name == "U16/U18" {
            let ids: Vec<PlayerId> = section.entries.iter().map(|e| e.id()).collect();
            if let Some(e) = section.entry_mut(ids[3]) {
                e.first_round = 2;
            }
            if let Some(e) = section.entry_mut(ids[8]) {
                e.withdrawn_after = Some(5);
            }
            if let Some(e) = section.entry_mut(ids[12]) {
                e.requested_byes.insert(4, ByeKind::Half);
            }
            Some(3)
        } else {
            None
        };
        play(&mut section, forfeit, &mut seq);
        section.dem_quota = dem_quota(name);
        event.sections.push(section);
    }
    event.proceedings = proceedings(&event, start);
    event.entry_deadline = Some(start.sub_days(61));
    event.admission = Some(entries(&event, start.sub_days(61)));
    event
}

/// The demo's entries: every player of the championship sections entered before the
/// `deadline` with the fee paid (240 €; the first of each class qualified, §7.2); in U14 a
/// nominated player withdrew and the first substitute — the U14 player registered last — was
/// called up into the place (§7.6, fee paid after the call-up); a second substitute waits.
fn entries(event: &Event, deadline: Date) -> AdmissionList {
    let mut list = AdmissionList::default();
    let mut seen = Vec::new();
    let u14_last = event
        .section("U14")
        .and_then(|s| s.entries.last())
        .map(|e| e.id());
    for (n, e) in event
        .sections
        .iter()
        .filter(|s| s.kind == SectionKind::Championship)
        .flat_map(|s| &s.entries)
        .enumerate()
    {
        let p = &e.player;
        let mut a = Admitted::new(&p.last_name, &p.first_name);
        a.birth_year = p.birth.map(Birth::year);
        a.class = Some(e.class);
        a.fee_euros = Some(240);
        let entered = deadline.sub_days(30 - u32::try_from(n % 25).unwrap_or(0));
        a.entered = Some(entered);
        a.paid = Some(entered.add_days(2));
        if !seen.contains(&e.class) {
            seen.push(e.class);
            a.basis = Basis::Qualified;
        }
        if Some(e.id()) == u14_last {
            a.basis = Basis::Substitute { rank: 1 };
            a.called_up = Some(deadline.add_days(20));
            a.paid = Some(deadline.add_days(22));
        }
        list.players.push(a);
    }
    let u14 = "U14".parse().ok();
    let mut gone = Admitted::new("Franke", "Moritz");
    gone.class = u14;
    gone.fee_euros = Some(240);
    gone.entered = Some(deadline.sub_days(12));
    gone.paid = Some(deadline.sub_days(10));
    gone.withdrawn = Some(deadline.add_days(18));
    list.players.push(gone);
    let mut waiting = Admitted::new("Seidel", "Paul");
    waiting.class = u14;
    waiting.basis = Basis::Substitute { rank: 2 };
    waiting.entered = Some(deadline.sub_days(3));
    list.players.push(waiting);
    list
}

/// The off-board record of the demo championship: the two tribunals elected on day 1 (§5.7:
/// by the players of U14-U18, by the Betreuer of U10-U12), a protest from round 2 of the U14
/// rejected by the director and, on appeal, by the tribunal, and a warning.
fn proceedings(event: &Event, start: Date) -> Proceedings {
    let m = |name: &str, club: &str, birth_year: Option<u16>| Member {
        birth_year,
        ..Member::adult(name, club)
    };
    let year = start.year();
    let mut p = Proceedings::default();
    p.tribunals.push(Tribunal {
        sections: vec!["U14".into(), "U16/U18".into()],
        electorate: Electorate::Players,
        members: vec![
            m("Hofmann, Lea", "SC Pirmasens", Some(year - 17)),
            m("Keller, Jonas", "SK Kaiserslautern", None),
            m("Wagner, Petra", "SV Worms", None),
        ],
        substitutes: vec![
            m("Lang, Felix", "SF Bad Kreuznach", Some(year - 16)),
            m("Becker, Ute", "SC Landau", None),
        ],
    });
    p.tribunals.push(Tribunal {
        sections: vec!["U10".into(), "U12".into()],
        electorate: Electorate::Betreuer,
        members: vec![
            m("Schmitt, Rainer", "SK Ludwigshafen", None),
            m("Zimmer, Anke", "SC Neuwied", None),
            m("Fuchs, Dirk", "SV Koblenz", None),
        ],
        substitutes: vec![
            m("Roth, Sabine", "SC Speyer", None),
            m("Vogel, Tim", "SK Bingen", None),
        ],
    });
    let u14 = event.sections.iter().find(|s| s.name == "U14");
    let Some(player) = u14.and_then(|s| s.entries.first()).map(|e| &e.player) else {
        return p;
    };
    let day2 = |h: u8, min: u8| {
        Time::new(h, min).map(|time| DateTime {
            date: start.add_days(1),
            time,
        })
    };
    let (Some(filed), Some(decided), Some(appealed), Some(final_), Some(warned)) = (
        day2(13, 10),
        day2(13, 25),
        day2(13, 30),
        day2(13, 50),
        day2(14, 40),
    ) else {
        return p;
    };
    let protest = NewProtest {
        section: "U14".into(),
        round: 2,
        board: Some(1),
        by: player.name(),
        role: Entitled::Player,
        club: player.club.clone(),
        subject: "Remisreklamation (dreimalige Stellungswiederholung) abgelehnt".into(),
    };
    let bench = vec![
        "Hofmann, Lea".into(),
        "Keller, Jonas".into(),
        "Wagner, Petra".into(),
    ];
    let recorded = p.file_protest(protest, filed, false).and_then(|n| {
        p.decide(
            n,
            false,
            "Die Stellung war nicht dreimal entstanden.",
            decided,
        )?;
        p.appeal(n, true, true, bench, appealed)?;
        p.decide_appeal(
            n,
            false,
            "Entscheidung der Turnierleitung bestätigt.",
            final_,
        )
    });
    let warning = Measure::Penalty {
        penalty: Penalty::Warning,
    };
    let against = Party::Betreuer {
        name: "Krämer, Olaf".into(),
    };
    let reason = "Zwischenrufe im Spielsaal";
    recorded
        .and_then(|()| {
            p.sanction("U12", 3, against, warning, reason, warned)
                .map(|_| ())
        })
        .map_or_else(|_| Proceedings::default(), |()| p)
}

/// The blitz side events of the announcement, played and finished: the U14&U12-Blitzturnier on
/// day 3 at 14:00 and the U18&U16-Blitzturnier on day 3 at 19:30, 7 Swiss rounds of 5 minutes
/// (Appendix B, unsupervised B.3), a round every 20 minutes, no DWZ evaluation, side events
/// (no titles, no DEM places). Every other player of the championship sections takes part,
/// under a new id.
pub const BLITZ_SIDE_EVENTS: [&str; 2] = ["U14&U12-Blitzturnier", "U18&U16-Blitzturnier"];

/// [`championship`] with the two blitz side events of the announcement
/// ([`BLITZ_SIDE_EVENTS`]); the tandem is a team section and is added by the service.
///
/// ```
/// use event::date::Date;
/// use event::section::SectionKind;
///
/// let event = event::demo::championship_with_side_events(Date::new(2026, 4, 11).unwrap());
/// let blitz = event.section("U14&U12-Blitzturnier").unwrap();
/// assert_eq!(blitz.kind, SectionKind::SideEvent);
/// assert_eq!(blitz.game_type(), Some(laws::game_type::GameType::Blitz));
/// assert_eq!(blitz.rounds_complete(), 7);
/// assert!(blitz.check_rules(event.end).is_ok());
/// ```
pub fn championship_with_side_events(today: Date) -> Event {
    let mut event = championship(today);
    let mut seq = Seq(0x5EED_2026_0409_B117);
    let mut next_id = 5001;
    let day3 = event.start.add_days(2);
    let groups: [(&str, AgeClass, &[&str], (u8, u8)); 2] = [
        (
            BLITZ_SIDE_EVENTS[0],
            AgeClass::U14,
            &["U12", "U14"],
            (14, 0),
        ),
        (BLITZ_SIDE_EVENTS[1], AgeClass::U18, &["U16/U18"], (19, 30)),
    ];
    for (name, age, from, (hour, minute)) in groups {
        let mut section = Section::new(name, vec![Class::open(age)]);
        section.time_control = "300".into();
        section.kind = SectionKind::SideEvent;
        section.rating = RatingEvaluation {
            dwz: false,
            elo: false,
        };
        section.default_time_minutes = section.proposed_default_time().unwrap_or(0);
        let first = u32::from(hour) * 60 + u32::from(minute);
        section.schedule = (0..section.rounds)
            .map(|r| RoundSchedule {
                date: day3,
                time: Time::new(
                    u8::try_from((first + 20 * r) / 60).unwrap_or(23),
                    u8::try_from((first + 20 * r) % 60).unwrap_or(0),
                ),
            })
            .collect();
        section.entries = from
            .iter()
            .filter_map(|s| event.section(s))
            .flat_map(|s| s.entries.iter().step_by(2))
            .map(|e| {
                let mut player = e.player.clone();
                player.id = PlayerId(next_id);
                next_id += 1;
                Entry::new(player, Class::open(age))
            })
            .collect();
        play(&mut section, None, &mut seq);
        event.sections.push(section);
    }
    event
}
