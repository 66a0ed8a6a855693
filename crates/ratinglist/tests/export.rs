//! DSB exports: structure of the XML report, CP850 bytes of the SWI text, and the SWI round trip.

use laws::GameResult;
use quick_xml::Reader;
use quick_xml::events::Event;
use ratinglist::dsb::{
    self, ByePoints, Pairing, Player, Report, Round, Tournament, TournamentType,
};
use ratinglist::{Date, ErrorKind, Sex};

fn date(s: &str) -> Date {
    s.parse().unwrap()
}

/// Six players from the DSB fixture, three rounds with a draw, forfeits, a double forfeit and byes.
fn report() -> Report {
    let bytes = std::fs::read(format!(
        "{}/tests/data/spieler_v2.csv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut players = dsb::read_spieler(&bytes, "spieler.csv").unwrap().players;
    let clubs = std::fs::read(format!(
        "{}/tests/data/vereine.csv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    dsb::read_vereine(&clubs, "vereine.csv")
        .unwrap()
        .apply(&mut players);
    let players: Vec<Player> = players
        .iter()
        .zip(1..)
        .map(|(p, n)| Player::from_imported(n, p))
        .collect();
    let game = |white, black, result| Pairing::Game {
        white,
        black,
        result,
    };
    Report {
        tournament: Tournament {
            name: "Offene Vereinsmeisterschaft Nordheim 2026".into(),
            details: "Schweizer System, 3 Runden".into(),
            place: "Nordheim".into(),
            federation: "GER".into(),
            start: date("2026-10-02"),
            end: date("2026-10-04"),
            rounds: 3,
            kind: TournamentType::Swiss,
            time_control: "90 min + 30 s/Zug".into(),
            chief_arbiter: "Grünewald, Petra".into(),
            arbiters: vec!["Abel, Tom".into(), "Çelik, Deniz".into()],
            notes: "Jugend & Senioren <gemeinsam>".into(),
            uuid: "3f2c3a8e-0d59-4c1e-9a0a-6f3d1b2c4d5e".into(),
            file_uuid: "9b1e7c44-2a6d-4f0b-8e21-5c7d9a0b1f23".into(),
            sender: "Turnierleitung SK Nordheim".into(),
            created: date("2026-10-05"),
        },
        players,
        rounds: vec![
            Round {
                date: Some(date("2026-10-02")),
                pairings: vec![
                    game(1, 4, GameResult::WhiteWins),
                    game(2, 5, GameResult::Draw),
                    game(3, 6, GameResult::BlackWinsByForfeit),
                ],
            },
            Round {
                date: Some(date("2026-10-03")),
                pairings: vec![
                    game(4, 2, GameResult::BlackWins),
                    game(5, 6, GameResult::DoubleForfeit),
                    Pairing::Bye {
                        player: 1,
                        points: ByePoints::Half,
                    },
                    Pairing::Bye {
                        player: 3,
                        points: ByePoints::Zero,
                    },
                ],
            },
            Round {
                date: Some(date("2026-10-04")),
                pairings: vec![
                    game(2, 1, GameResult::BlackWinsByForfeit),
                    game(6, 5, GameResult::Draw),
                    Pairing::Bye {
                        player: 4,
                        points: ByePoints::Full,
                    },
                ],
            },
        ],
    }
}

type Pairs = Vec<(String, String)>;

/// (path of element names, text) for every element with text, and the root's attributes.
fn xml_texts(xml: &str) -> (Pairs, Pairs) {
    let mut reader = Reader::from_str(xml);
    let (mut path, mut texts, mut root_attrs) =
        (Vec::<(String, String)>::new(), Vec::new(), Vec::new());
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) => {
                if path.is_empty() {
                    for a in e.attributes() {
                        let a = a.unwrap();
                        root_attrs.push((
                            String::from_utf8(a.key.as_ref().to_vec()).unwrap(),
                            a.unescape_value().unwrap().into_owned(),
                        ));
                    }
                }
                path.push((
                    String::from_utf8(e.name().as_ref().to_vec()).unwrap(),
                    String::new(),
                ));
            }
            Event::End(_) => {
                let names: Vec<&str> = path.iter().map(|(n, _)| n.as_str()).collect();
                let joined = names.join("/");
                let (_, text) = path.pop().unwrap();
                if !text.trim().is_empty() {
                    texts.push((joined, text));
                }
            }
            Event::Text(t) => {
                if let Some(last) = path.last_mut() {
                    last.1.push_str(&t.decode().unwrap());
                }
            }
            Event::GeneralRef(r) => {
                let name = r.decode().unwrap().into_owned();
                path.last_mut()
                    .unwrap()
                    .1
                    .push_str(quick_xml::escape::resolve_predefined_entity(&name).unwrap());
            }
            Event::Eof => break,
            _ => {}
        }
    }
    (texts, root_attrs)
}

#[test]
fn dsb_xml_2026_structure() {
    let r = report();
    let xml = r.to_dsb_xml().unwrap();
    let (texts, root) = xml_texts(&xml);
    assert!(root.contains(&("xmlns".into(), "http://www.schachbund.de/XMLSchema".into())));
    assert!(root.contains(&("version".into(), "2.5".into())));
    let get = |path: &str| -> Vec<&str> {
        texts
            .iter()
            .filter(|(p, _)| p == path)
            .map(|(_, t)| t.as_str())
            .collect()
    };
    let root = "DSB_DWZ_TournamentReport";
    assert_eq!(get(&format!("{root}/header/creationDate")), ["2026-10-05"]);
    assert_eq!(
        get(&format!("{root}/header/fileUUID")),
        [r.tournament.file_uuid.as_str()]
    );
    assert_eq!(get(&format!("{root}/tournament/tournamentType")), ["SW"]);
    assert_eq!(get(&format!("{root}/tournament/rounds")), ["3"]);
    assert_eq!(get(&format!("{root}/tournament/endDate")), ["2026-10-04"]);
    assert_eq!(
        get(&format!("{root}/tournament/notes")),
        ["Jugend & Senioren <gemeinsam>"]
    );
    let player = format!("{root}/players/player");
    assert_eq!(
        get(&format!("{player}/tournamentPlayerNumber")),
        ["1", "2", "3", "4", "5", "6"]
    );
    assert_eq!(get(&format!("{player}/surname"))[2], "Weiß");
    assert_eq!(
        get(&format!("{player}/sex")),
        ["w", "m", "m", "w", "w", "m"]
    );
    assert_eq!(
        get(&format!("{player}/vkz")),
        ["C0327", "C0327", "C0327", "C0412", "C0412", "C0412"]
    );
    assert_eq!(get(&format!("{player}/numberClubMember"))[3], "1001");
    assert_eq!(
        get(&format!("{player}/dsbId")),
        [
            "NU1", "10012001", "10012002", "10012003", "10012004", "10012005"
        ]
    );
    assert_eq!(get(&format!("{player}/fideId")), ["99000020", "99000011"]);
    assert_eq!(
        get(&format!("{player}/club"))[4],
        "Schachfreunde Überlingen-Süd e.V."
    );
    let game = format!("{root}/games/game");
    assert_eq!(
        get(&format!("{game}/round")),
        ["1", "1", "1", "2", "2", "2", "2", "3", "3", "3"]
    );
    assert_eq!(
        get(&format!("{game}/noneBlackPlayer")),
        ["true", "true", "true"]
    );
    assert_eq!(get(&format!("{game}/tournamentPlayerNumberBlack")).len(), 7);
    assert_eq!(
        get(&format!("{game}/pointWhite")),
        ["1", "0.5", "-", "0", "-", "0.5", "-", "-", "0.5", "+"]
    );
    assert_eq!(
        get(&format!("{game}/pointBlack")),
        ["0", "0.5", "+", "1", "-", "-", "-", "+", "0.5", "-"]
    );
    assert_eq!(get(&format!("{game}/date"))[9], "2026-10-04");
}

#[test]
fn swi_is_cp850_with_the_documented_columns() {
    let bytes = report().to_swi().unwrap();
    assert!(
        bytes.windows(8).any(|w| w == b"Br\x81ckner"),
        "ü is 0x81 in CP850"
    );
    assert!(
        bytes.windows(4).any(|w| w == b"Wei\xe1"),
        "ß is 0xE1 in CP850"
    );
    assert!(
        bytes
            .windows(3)
            .any(|w| w == b"\x9aberlingen-S\x81d"[..3].as_ref()),
        "Ü is 0x9A in CP850"
    );
    let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
    assert!(
        lines[..lines.len() - 1].iter().all(|l| l.ends_with(b"\r")),
        "CRLF line ends"
    );
    assert_eq!(lines[2], b"ES   6  3  1\r");
    assert_eq!(lines[3], format!("{}\r", " ttt. rrr nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv lll ffffffffff pppppppppp gggggggg eeee dddd  zzzzz mmmm").as_bytes());
    let hanna = lines[4 + 4];
    let col = |from: usize, to: usize| {
        String::from_utf8_lossy(&hanna[from - 1..to])
            .trim()
            .to_string()
    };
    assert_eq!(col(2, 4), "5");
    assert_eq!(col(11, 42), "Vandermeer, Hanna");
    assert_eq!(col(77, 79), "NED");
    assert_eq!(col(81, 90), "99000011");
    assert_eq!(col(92, 101), "10012004");
    assert_eq!(col(103, 110), "1998");
    assert_eq!(col(112, 115), "2391");
    assert_eq!(col(117, 120), "2310");
    assert_eq!(col(123, 127), "C0412");
    assert_eq!(col(129, 132), "7");
    // Rounds: draw with Black against 2, double forfeit against 6, draw with Black against 6.
    assert_eq!(
        String::from_utf8_lossy(&hanna[132..]).trim_end(),
        " RB  2 -:  6 RB  6"
    );
    let ida = String::from_utf8_lossy(lines[4]).into_owned();
    assert_eq!(&ida[132..].trim_end(), &" 1W  4 R:  0 +:  2");
    let text = String::from_utf8_lossy(&bytes).into_owned();
    assert!(text.contains("\r\n###\r\nName:       Offene Vereinsmeisterschaft Nordheim 2026\r\n"));
    assert!(text.contains("\r\nDatum(E):   04.10.2026\r\n"));
}

#[test]
fn swi_round_trip() {
    let mut r = report();
    let back = dsb::read_swi(&r.to_swi().unwrap(), "t.swi").unwrap();
    // What SWI does not carry.
    let t = &mut r.tournament;
    (t.notes, t.uuid, t.file_uuid, t.created) =
        (String::new(), String::new(), String::new(), t.end);
    for p in &mut r.players {
        p.sex = None;
        p.club = p.club.chars().take(32).collect();
    }
    assert_eq!(r.players[3].club, "Schachfreunde Überlingen-Süd e.V");
    // A forfeited game keeps no colours: the lower number reads back as White.
    for round in &mut r.rounds {
        round.date = None;
        for p in &mut round.pairings {
            if let Pairing::Game {
                white,
                black,
                result,
            } = p
                && matches!(
                    result,
                    GameResult::WhiteWinsByForfeit
                        | GameResult::BlackWinsByForfeit
                        | GameResult::DoubleForfeit
                )
                && *white > *black
            {
                std::mem::swap(white, black);
                *result = match *result {
                    GameResult::WhiteWinsByForfeit => GameResult::BlackWinsByForfeit,
                    GameResult::BlackWinsByForfeit => GameResult::WhiteWinsByForfeit,
                    other => other,
                };
            }
        }
    }
    let sorted = |mut rounds: Vec<Round>| {
        for round in &mut rounds {
            round.pairings.sort_by_key(|p| match *p {
                Pairing::Game { white, .. } => white,
                Pairing::Bye { player, .. } => player,
            });
        }
        rounds
    };
    let back_sorted = Report {
        rounds: sorted(back.rounds.clone()),
        ..back.clone()
    };
    r.rounds = sorted(r.rounds);
    assert_eq!(back_sorted.tournament, r.tournament);
    assert_eq!(back_sorted.players, r.players);
    assert_eq!(back_sorted.rounds, r.rounds);
    assert_eq!(back.players[0].sex, None::<Sex>);
}

#[test]
fn swi_errors_name_the_line() {
    let mut bytes = report().to_swi().unwrap();
    let e = dsb::read_swi(&bytes[..40], "t.swi").unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Truncated { .. }), "{e}");
    let at = bytes.windows(4).position(|w| w == b" RB ").unwrap();
    bytes[at + 2] = b'X';
    let e = dsb::read_swi(&bytes, "t.swi").unwrap_err();
    assert_eq!(e.line, 9);
    assert!(e.to_string().contains("round 1"), "{e}");
    let e = dsb::read_swi(b"Name\r\n\r\nES 2 1 1\r\n ttt. rrr\r\n", "t.swi").unwrap_err();
    assert_eq!((e.line, e.column), (4, 1));
    assert!(matches!(e.kind, ErrorKind::UnknownHeader(_)));
}

#[test]
fn reports_the_formats_cannot_express_are_refused() {
    use dsb::ReportError;
    let mut r = report();
    r.rounds[1].pairings.push(Pairing::Bye {
        player: 9,
        points: ByePoints::Full,
    });
    assert_eq!(
        r.to_swi(),
        Err(ReportError::UnknownPlayer {
            round: 2,
            number: 9
        })
    );
    r.rounds[1].pairings.pop();
    r.rounds[1].pairings.push(Pairing::Bye {
        player: 2,
        points: ByePoints::Full,
    });
    assert_eq!(
        r.to_dsb_xml().unwrap_err().to_string(),
        "round 2: player 2 is paired twice"
    );
    r.rounds[1].pairings.pop();
    r.players[5].number = 1000;
    assert_eq!(r.validate(), Err(ReportError::NumberOutOfRange(1000)));
    r.players[5].number = 1;
    assert_eq!(r.validate(), Err(ReportError::DuplicateNumber(1)));
    r.players[5].number = 6;
    r.tournament.rounds = 2;
    assert_eq!(
        r.validate(),
        Err(ReportError::TooManyRounds {
            announced: 2,
            recorded: 3
        })
    );
}

/// The reports carry `laws::GameResult`; a game still pending is refused by both formats, as
/// the event crate's export refuses it before.
#[test]
fn h16_01_a_pending_game_is_not_reported() {
    use dsb::ReportError;
    let mut r = report();
    let Some(Pairing::Game {
        result,
        white,
        black,
    }) = r.rounds[0].pairings.first_mut()
    else {
        panic!("round 1 starts with a game");
    };
    *result = GameResult::Pending;
    let missing = ReportError::ResultMissing {
        round: 1,
        white: *white,
        black: *black,
    };
    assert_eq!(r.validate(), Err(missing.clone()));
    assert_eq!(r.to_swi(), Err(missing.clone()));
    assert_eq!(r.to_dsb_xml(), Err(missing));
    assert!(
        r.validate()
            .unwrap_err()
            .to_string()
            .contains("has no result")
    );
}

#[test]
fn dsb_xml_round_trip() {
    let mut r = report();
    let back = dsb::read_xml(r.to_dsb_xml().unwrap().as_bytes(), "t.xml").unwrap();
    // What the XML does not carry.
    let t = &mut r.tournament;
    (t.details, t.federation, t.chief_arbiter, t.arbiters) =
        (String::new(), String::new(), String::new(), Vec::new());
    for p in &mut r.players {
        (p.federation, p.dwz) = (String::new(), None);
    }
    assert_eq!(back, r);
}

#[test]
fn dsb_xml_errors_name_line_and_column() {
    let xml = report().to_dsb_xml().unwrap();
    let bad = xml.replacen(
        "<pointWhite>0.5</pointWhite>",
        "<pointWhite>½</pointWhite>",
        1,
    );
    let e = dsb::read_xml(bad.as_bytes(), "t.xml").unwrap_err();
    let line = 1 + xml[..xml.find("<pointWhite>0.5").unwrap()]
        .matches('\n')
        .count();
    assert_eq!((e.line, e.column), (line, 7));
    assert!(
        e.to_string().contains("<pointWhite>: expected points"),
        "{e}"
    );
    let e = dsb::read_xml(b"<other/>", "t.xml").unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Xml(_)));
    let e = dsb::read_xml(&xml.as_bytes()[..xml.len() / 2], "t.xml");
    assert!(e.is_err());
}

/// Team events: `tournamentType` `TW`/`TR` in the XML (DSB_DWZ_TournamentReport 2.5), `MS`/`MR`
/// on line 3 of the SWI file; both read back. The games stay the rated part.
#[test]
fn team_tournament_types_in_xml_and_swi() {
    for (kind, code, swi) in [
        (TournamentType::TeamSwiss, "TW", "MS"),
        (TournamentType::TeamRoundRobin, "TR", "MR"),
    ] {
        let mut r = report();
        r.tournament.kind = kind;
        let xml = r.to_dsb_xml().unwrap();
        assert!(
            xml.contains(&format!("<tournamentType>{code}</tournamentType>")),
            "{xml}"
        );
        let back = dsb::read_xml(xml.as_bytes(), "t.xml").unwrap();
        assert_eq!(back.tournament.kind, kind);
        assert_eq!(back.rounds, r.rounds);
        let bytes = r.to_swi().unwrap();
        let line3 = bytes.split(|&b| b == b'\n').nth(2).unwrap();
        assert!(line3.starts_with(swi.as_bytes()), "{line3:?}");
        assert_eq!(
            dsb::read_swi(&bytes, "t.swi").unwrap().tournament.kind,
            kind
        );
    }
    assert_eq!(TournamentType::Swiss.for_teams(), TournamentType::TeamSwiss);
    assert_eq!(
        TournamentType::RoundRobin.for_teams(),
        TournamentType::TeamRoundRobin
    );
    assert!(!TournamentType::Swiss.is_team());
}
