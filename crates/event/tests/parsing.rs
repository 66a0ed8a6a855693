//! The text parsers never panic and print what they read back readably.

use event::age::Class;
use event::date::{Date, Time};
use event::round::{ByeKind, GameResult};
use testkit::Rng;

const ALPHABET: &[char] = &[
    '0', '1', '2', '3', '9', '-', '/', '.', ':', '+', '½', '=', '*', 'U', 'u', 'w', 'H', 'Z', 'F',
    'P', 'A', 'B', ' ', 'é', '\u{0}',
];

fn random_text(rng: &mut Rng) -> String {
    (0..rng.below(12))
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect()
}

#[test]
fn random_text_is_refused_or_read_back_identically() {
    let mut rng = Rng::new(6);
    let mut read = 0;
    for _ in 0..20_000 {
        let text = random_text(&mut rng);
        if let Ok(d) = text.parse::<Date>() {
            assert_eq!(d.to_string().parse::<Date>(), Ok(d));
            assert_eq!(d.german().parse::<Date>(), Ok(d));
            read += 1;
        }
        if let Ok(t) = text.parse::<Time>() {
            assert_eq!(t.to_string().parse::<Time>(), Ok(t));
            read += 1;
        }
        if let Ok(c) = text.parse::<Class>() {
            assert_eq!(c.to_string().parse::<Class>(), Ok(c));
            read += 1;
        }
        if let Ok(r) = text.parse::<GameResult>() {
            assert_eq!(r.to_string().parse::<GameResult>(), Ok(r));
            read += 1;
        }
        if let Ok(b) = text.parse::<ByeKind>() {
            assert_eq!(b.to_string().parse::<ByeKind>(), Ok(b));
            read += 1;
        }
    }
    assert!(read > 100, "the alphabet produces valid texts too ({read})");
}

#[test]
fn every_result_and_bye_prints_as_it_is_read() {
    for (text, r) in [
        ("1-0", GameResult::WhiteWins),
        ("½-½", GameResult::Draw),
        ("1/2-1/2", GameResult::Draw),
        ("0-1", GameResult::BlackWins),
        ("+/-", GameResult::WhiteWinsByForfeit),
        ("-/+", GameResult::BlackWinsByForfeit),
        ("-/-", GameResult::DoubleForfeit),
        ("*", GameResult::Pending),
    ] {
        assert_eq!(text.parse::<GameResult>(), Ok(r), "{text}");
    }
    for (text, b) in [
        ("PAB", ByeKind::PairingAllocated),
        ("F", ByeKind::Full),
        ("H", ByeKind::Half),
        ("½", ByeKind::Half),
        ("Z", ByeKind::Zero),
    ] {
        assert_eq!(text.parse::<ByeKind>(), Ok(b), "{text}");
    }
    assert!("2-0".parse::<GameResult>().is_err());
    assert!("X".parse::<ByeKind>().is_err());
}
