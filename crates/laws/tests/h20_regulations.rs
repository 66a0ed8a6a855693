//! Issue #20 item 7: the SJRP Spielordnung §4 by age class, and the default
//! time from the board release (§4.3). Each test cites the sentence that decides it.

use laws::arbiter::{Action, ActionError, Arbiter, Choice, Cited, Question, Ruling};
use laws::clock::ClockError;
use laws::edition::{DeviceRule, IllegalMoveRegime, Profile, Regulations};
use laws::game_type::GameType;
use laws::points::GameScore;
use shakmaty::{Color, Color::*, Move, Position, Square};

const STANDARD: &str = "5400+30";
const MINUTE: u64 = 60_000;

fn new(fen: &str, control: &str, profile: Profile) -> Arbiter {
    Arbiter::new(fen.parse().unwrap(), control.parse().unwrap(), profile)
}

fn started(fen: &str, control: &str, profile: Profile) -> Arbiter {
    let mut a = new(fen, control, profile);
    a.apply(0, Action::StartClock).unwrap();
    a
}

fn raw(a: &Arbiter, uci: &str) -> Move {
    let board = a.game().position().board();
    let from: Square = uci[0..2].parse().unwrap();
    let to: Square = uci[2..4].parse().unwrap();
    Move::Normal {
        role: board.role_at(from).unwrap(),
        from,
        capture: board.role_at(to),
        to,
        promotion: None,
    }
}

fn complete(a: &mut Arbiter, t: &mut u64, by: Color, mv: Move) -> Vec<Cited> {
    *t += 1000;
    let mut out = a.apply(*t, Action::Move { by, mv }).unwrap();
    out.extend(a.apply(*t, Action::Press(by)).unwrap());
    out
}

fn question_of(out: &[Cited]) -> Option<(Question, &'static str)> {
    out.iter().find_map(|c| match &c.ruling {
        Ruling::DecisionRequired { question, .. } => Some((*question, c.article.as_str())),
        _ => None,
    })
}

fn ages(limits: &[u16]) -> Profile {
    Profile::sjrp_for_age_limits(limits.iter().map(|&l| Some(l)))
}

#[test]
fn h20_07_class_groups_pick_their_profile() {
    // §4.2 "Der Artikel 11.3.2.1 wird nur bei den ... Meisterschaften der
    // Altersklassen U14-U18 angewandt"; §4.5 "Anhang A ... Nr. 5.2 wird erst ab
    // der Altersklasse U14 angewandt. Für die Altersklassen U8, U10 und U12 sowie
    // Schulschach gelten folgende Bestimmungen".
    for young in [8, 10, 12] {
        assert_eq!(ages(&[young]), Profile::SJRP_U8_U12, "U{young}");
    }
    for middle in [14, 16, 18] {
        assert_eq!(ages(&[middle]), Profile::SJRP_U14_U18, "U{middle}");
    }
    assert_eq!(ages(&[20]), Profile::SJRP_U20);
    assert_eq!(Profile::sjrp_for_age_limits([None]), Profile::SJRP_U20);
    assert_eq!(Profile::sjrp_for_age_limits([]), Profile::SJRP_U20);
    // A merged group: its youngest class decides.
    assert_eq!(ages(&[14, 12]), Profile::SJRP_U8_U12);
    assert_eq!(
        Profile::sjrp_for_age_limits([None, Some(16)]),
        Profile::SJRP_U14_U18
    );
    let table = [
        (
            Profile::SJRP_U8_U12,
            DeviceRule::Youth,
            IllegalMoveRegime::Youth,
        ),
        (
            Profile::SJRP_U14_U18,
            DeviceRule::Fide,
            IllegalMoveRegime::Fide,
        ),
        (
            Profile::SJRP_U20,
            DeviceRule::Youth,
            IllegalMoveRegime::Fide,
        ),
    ];
    for (p, device, illegal) in table {
        assert_eq!((p.device_rule, p.illegal_moves), (device, illegal), "{p}");
        // §4.3 15 minutes for standard games, §4.4 no III.4, for every class.
        assert_eq!(p.default_time_ms(GameType::Standard), 15 * MINUTE);
        assert_eq!(p.default_time_ms(GameType::Rapid), 0);
        assert!(!p.increment_request);
        assert_eq!(p.regulations, Regulations::Sjrp);
        assert_eq!(p.name.parse::<Profile>().unwrap(), p);
    }
}

#[test]
fn h20_07_the_legacy_sjrp_name_reads_as_the_u8_u12_profile() {
    // The one `sjrp` profile of earlier logs had the U8-U12 rules; it is mapped
    // explicitly, not guessed, so old logs replay as before.
    assert_eq!("sjrp".parse::<Profile>().unwrap(), Profile::SJRP_U8_U12);
    assert_eq!(" SJRP ".parse::<Profile>().unwrap(), Profile::SJRP_U8_U12);
    assert!(Profile::is_legacy_name("sjrp"));
    assert!(!Profile::is_legacy_name("sjrp-u8-u12"));
    let e = "sjrp-u19".parse::<Profile>().unwrap_err().to_string();
    assert!(e.contains("sjrp-u14-u18"), "{e}");
}

#[test]
fn h20_07_u16_standard_game_second_illegal_move_loses_u12_asks_the_arbiter() {
    // U14-U18: Art. 7.5.5 "Bei einem zweiten abgeschlossenen regelwidrigen Zug
    // ... wird die Partie ... für verloren erklärt." U8-U12: §4.5 "Die Strafe ...
    // legt der Schiedsrichter fest."
    const FEN: &str = "4k2r/8/8/8/8/8/8/4K2R w - - 0 1";
    let mut a = started(FEN, STANDARD, Profile::SJRP_U14_U18);
    let mut t = 0;
    for _ in 0..2 {
        let mv = raw(&a, "h1a8");
        complete(&mut a, &mut t, White, mv);
    }
    let (result, article) = a.result().unwrap();
    assert_eq!(
        (result, article.as_str()),
        (GameScore::BLACK_WINS, "Art. 7.5.5")
    );
    let mut a = started(FEN, STANDARD, Profile::SJRP_U8_U12);
    let mut t = 0;
    let mv = raw(&a, "h1a8");
    let out = complete(&mut a, &mut t, White, mv);
    let (question, article) = question_of(&out).unwrap();
    assert_eq!(
        question,
        Question::YouthIllegalMove {
            offender: White,
            count: 1
        }
    );
    assert_eq!(article, "SJRP §4.5");
    assert!(a.result().is_none());
}

#[test]
fn h20_07_switched_off_device_allowed_except_at_u14_u18() {
    // §4.2: at U14-U18 Art. 11.3.2.1 applies as written; "Für alle anderen
    // Meisterschaften gilt: Das Mitbringen ausgeschalteter Mobiltelefone ... ist gestattet."
    const FEN: &str = "4k3/8/8/8/8/8/8/QR2K3 w - - 0 1";
    let off = Action::Device {
        by: White,
        switched_on: false,
    };
    let mut a = started(FEN, STANDARD, Profile::SJRP_U14_U18);
    a.apply(1000, off.clone()).unwrap();
    let (result, article) = a.result().unwrap();
    assert_eq!(
        (result, article.as_str()),
        (GameScore::BLACK_WINS, "Art. 11.3.2.2")
    );
    for young in [Profile::SJRP_U8_U12, Profile::SJRP_U20] {
        let mut a = started(FEN, STANDARD, young);
        let out = a.apply(1000, off.clone()).unwrap();
        assert!(
            out.iter()
                .any(|c| c.ruling == Ruling::DeviceAllowed && c.article.as_str() == "SJRP §4.2")
        );
        assert!(a.result().is_none(), "{young}");
    }
}

#[test]
fn h20_07_default_time_runs_from_the_board_release_not_the_clock_start() {
    // §4.3 "Die Wartezeit beginnt mit der Brettfreigabe des Turnierleiters."
    // Released at 0, clock started at 5 minutes: Black arriving at 15:00 after
    // the release is in time, at 15:01 late though only 10:01 after the clock start.
    for profile in [Profile::SJRP_U8_U12, Profile::SJRP_U14_U18] {
        let mut a = new("startpos", STANDARD, profile);
        a.apply(0, Action::BoardRelease).unwrap();
        a.apply(5 * MINUTE, Action::StartClock).unwrap();
        let out = a.apply(15 * MINUTE, Action::Arrive(Black)).unwrap();
        assert!(question_of(&out).is_none(), "{profile}");
        let out = a.apply(15 * MINUTE + 1000, Action::Arrive(White)).unwrap();
        let (question, article) = question_of(&out).unwrap();
        assert_eq!(
            question,
            Question::LateArrival {
                absent: Some(White)
            }
        );
        assert_eq!(article, "SJRP §4.3");
        a.apply(15 * MINUTE + 1000, Action::Decision(Choice::Loss))
            .unwrap();
        assert_eq!(
            a.result().map(|(r, art)| (r, art.as_str())),
            Some((GameScore::BLACK_WINS, "SJRP §4.3"))
        );
    }
    // Without a release the default time runs from the clock start (as before).
    let mut a = new("startpos", STANDARD, Profile::SJRP_U14_U18);
    a.apply(5 * MINUTE, Action::StartClock).unwrap();
    let out = a.apply(15 * MINUTE + 1000, Action::Arrive(White)).unwrap();
    assert!(question_of(&out).is_none());
}

#[test]
fn h20_07_absence_checked_before_the_clock_is_started() {
    // The boards were released but the clocks not yet started: after 15 minutes
    // both absent players lose both (Art. 6.7.1 via §4.3), if the arbiter so decides.
    let mut a = new("startpos", STANDARD, Profile::SJRP_U8_U12);
    a.apply(0, Action::BoardRelease).unwrap();
    let out = a.apply(15 * MINUTE, Action::CheckAbsence).unwrap();
    assert!(question_of(&out).is_none());
    let out = a.apply(16 * MINUTE, Action::CheckAbsence).unwrap();
    let (question, article) = question_of(&out).unwrap();
    assert_eq!(question, Question::LateArrival { absent: None });
    assert_eq!(article, "SJRP §4.3");
}

#[test]
fn h20_07_board_release_once_and_before_the_clock() {
    let mut a = new("startpos", STANDARD, Profile::SJRP_U14_U18);
    a.apply(0, Action::BoardRelease).unwrap();
    assert_eq!(
        a.apply(10, Action::BoardRelease),
        Err(ActionError::Clock(ClockError::AlreadyReleased))
    );
    a.apply(20, Action::StartClock).unwrap();
    let mut b = started("startpos", STANDARD, Profile::SJRP_U14_U18);
    assert_eq!(
        b.apply(10, Action::BoardRelease),
        Err(ActionError::Clock(ClockError::AlreadyStarted))
    );
}

#[cfg(feature = "replay")]
#[test]
fn h20_07_fide_profile_default_time_from_the_release_cites_6_7_1() {
    // Art. 6.7.1: "Jeder Spielende, der nach Beginn der Partiesitzung am Schachbrett
    // erscheint, verliert die Partie" with a default time the regulations set.
    let log = r#"{"time_control": "5400+30", "profile": "fide-2023", "default_time_ms": 1800000}
{"at_ms": 0, "event": "board_release"}
{"at_ms": 600000, "event": "start_clock"}
{"at_ms": 1800001, "event": "arrive", "by": "black"}"#;
    let report = laws::replay::replay(log, None).unwrap();
    let last = report.steps.last().unwrap();
    assert!(
        last.rulings
            .iter()
            .any(|c| c.article.as_str() == "Art. 6.7.1"),
        "{:?}",
        last.rulings
    );
}

#[cfg(feature = "replay")]
#[test]
fn h20_07_logs_name_the_class_profiles_and_the_legacy_one() {
    // The same U16 standard game: a second illegal move loses under
    // sjrp-u14-u18; under the legacy `sjrp` (= sjrp-u8-u12) the arbiter is asked.
    let body = r#"{"at_ms": 0, "event": "board_release"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "by": "white", "move": "h1a8"}
{"at_ms": 1000, "event": "press", "by": "white"}"#;
    let header = |p: &str| {
        format!(
            r#"{{"start": "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "time_control": "5400+30", "profile": "{p}"}}"#
        )
    };
    let report =
        laws::replay::replay(&format!("{}\n{body}", header("sjrp-u14-u18")), None).unwrap();
    assert_eq!(report.profile, Profile::SJRP_U14_U18);
    assert!(report.arbiter.question().is_none());
    let report = laws::replay::replay(&format!("{}\n{body}", header("sjrp")), None).unwrap();
    assert_eq!(report.profile, Profile::SJRP_U8_U12);
    assert!(report.arbiter.question().is_some());
}

#[cfg(feature = "replay")]
#[test]
fn h20_07_u20_log_switched_off_device_allowed_second_illegal_move_loses() {
    // sjrp-u20: §4.2 "für alle anderen Meisterschaften" allows a switched-off
    // device; §4.5 applies Art. 7.5.5 from U14 on.
    let log = r#"{"start": "4k2r/8/8/8/8/8/8/4K2R w - - 0 1", "time_control": "5400+30", "profile": "sjrp-u20"}
{"at_ms": 0, "event": "board_release"}
{"at_ms": 60000, "event": "start_clock"}
{"at_ms": 61000, "event": "device", "by": "white", "switched_on": false}
{"at_ms": 62000, "event": "move", "by": "white", "move": "h1a8"}
{"at_ms": 62000, "event": "press", "by": "white"}
{"at_ms": 63000, "event": "move", "by": "white", "move": "h1a8"}
{"at_ms": 63000, "event": "press", "by": "white"}"#;
    let report = laws::replay::replay(log, None).unwrap();
    assert_eq!(report.profile, Profile::SJRP_U20);
    let articles: Vec<&str> = report
        .steps
        .iter()
        .flat_map(|s| s.rulings.iter().map(|c| c.article.as_str()))
        .collect();
    assert!(articles.contains(&"SJRP §4.2"), "{articles:?}");
    let (result, article) = report.arbiter.result().unwrap();
    assert_eq!(
        (result, article.as_str()),
        (GameScore::BLACK_WINS, "Art. 7.5.5")
    );
}
