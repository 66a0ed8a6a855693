//! What a game row records: every stored code is one value of the laws' vocabulary
//! (`laws::GameResult` or `laws::ByeKind`) and is written back byte for byte.

use laws::{ByeKind, GameResult};
use store::{Recorded, StoreError};

/// The codes in the databases written so far; they must not change (no migration).
const STORED: [&str; 11] = [
    "*", "1-0", "1/2-1/2", "0-1", "+/-", "-/+", "-/-", "bye", "bye-1", "bye-1/2", "bye-0",
];

#[test]
fn h16_01_every_stored_code_maps_to_a_laws_value_and_back() {
    let codes: Vec<&str> = Recorded::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(codes, STORED);
    for code in STORED {
        let r: Recorded = code.parse().unwrap();
        assert_eq!(r.code(), code);
        match r {
            Recorded::Game(g) => {
                assert_eq!(GameResult::try_from(r).unwrap(), g);
                assert!(ByeKind::try_from(r).is_err());
                assert_eq!(Recorded::from(g), r);
                assert!(!r.is_bye());
            }
            Recorded::Bye(k) => {
                assert_eq!(ByeKind::try_from(r).unwrap(), k);
                assert!(GameResult::try_from(r).is_err());
                assert_eq!(Recorded::from(k), r);
                assert!(r.is_bye());
            }
        }
        assert_eq!(r.to_string().parse::<Recorded>().unwrap(), r, "{r}");
    }
    let games: Vec<Recorded> = GameResult::ALL.into_iter().map(Recorded::from).collect();
    let byes: Vec<Recorded> = ByeKind::ALL.into_iter().map(Recorded::from).collect();
    assert_eq!([games, byes].concat(), Recorded::ALL);
}

#[test]
fn h16_01_codes_that_are_no_result_are_refused_with_the_expected_list() {
    let e = "2-0".parse::<Recorded>().unwrap_err();
    assert!(e.to_string().contains("bye-1/2"), "{e}");
    assert_eq!(
        "½-½".parse::<Recorded>(),
        Ok(Recorded::Game(GameResult::Draw))
    );
    assert_eq!(
        "bye-½".parse::<Recorded>(),
        Ok(Recorded::Bye(ByeKind::Half))
    );
    let bye = Recorded::Bye(ByeKind::Full);
    assert!(
        matches!(GameResult::try_from(bye), Err(StoreError::Invalid(m)) if m.contains("`bye-1` is a bye"))
    );
}
