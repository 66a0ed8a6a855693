//! The tournament board result and the bye kind (`laws::result`): every variant is written and
//! read back, and each result gives the game score of Art. 10.1.

use laws::points::GameScore;
use laws::{ByeKind, GameResult};

#[test]
fn h16_01_every_result_reads_back_what_it_writes() {
    for r in GameResult::ALL {
        assert_eq!(r.to_string().parse::<GameResult>(), Ok(r), "{r}");
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(json, format!("\"{r}\""));
        assert_eq!(serde_json::from_str::<GameResult>(&json).unwrap(), r);
    }
    let shown: Vec<String> = GameResult::ALL.iter().map(|r| r.to_string()).collect();
    assert_eq!(shown, ["*", "1-0", "½-½", "0-1", "+/-", "-/+", "-/-"]);
    for (alias, r) in [
        ("1/2-1/2", GameResult::Draw),
        ("0,5:0,5", GameResult::Draw),
        ("+-", GameResult::WhiteWinsByForfeit),
        ("--+", GameResult::BlackWinsByForfeit),
        ("", GameResult::Pending),
    ] {
        assert_eq!(alias.parse::<GameResult>(), Ok(r), "{alias}");
    }
    let err = "2-0".parse::<GameResult>().unwrap_err();
    assert!(err.to_string().contains("`2-0` is not a result"), "{err}");
    assert!(serde_json::from_str::<GameResult>("\"3-1\"").is_err());
}

#[test]
fn h16_01_every_bye_kind_reads_back_what_it_writes() {
    for k in ByeKind::ALL {
        assert_eq!(k.to_string().parse::<ByeKind>(), Ok(k), "{k}");
        assert_eq!(k.code().to_string().parse::<ByeKind>(), Ok(k), "{k}");
        let json = serde_json::to_string(&k).unwrap();
        assert_eq!(serde_json::from_str::<ByeKind>(&json).unwrap(), k);
    }
    let codes: String = ByeKind::ALL.iter().map(|k| k.code()).collect();
    assert_eq!(codes, "UFHZ");
    assert_eq!("½".parse::<ByeKind>(), Ok(ByeKind::Half));
    assert!("X".parse::<ByeKind>().is_err());
}

#[test]
fn h16_01_score_is_the_game_score_of_art_10_1() {
    let scores: Vec<Option<GameScore>> = GameResult::ALL.iter().map(|r| r.score()).collect();
    assert_eq!(
        scores,
        [
            None,
            Some(GameScore::WHITE_WINS),
            Some(GameScore::DRAW),
            Some(GameScore::BLACK_WINS),
            Some(GameScore::WHITE_WINS),
            Some(GameScore::BLACK_WINS),
            Some(GameScore::BOTH_LOSE),
        ]
    );
    assert!(
        GameResult::ALL
            .iter()
            .all(|r| r.is_decided() == r.score().is_some())
    );
    let played: Vec<GameResult> = GameResult::ALL
        .into_iter()
        .filter(|r| r.is_played())
        .collect();
    assert_eq!(
        played,
        [
            GameResult::WhiteWins,
            GameResult::Draw,
            GameResult::BlackWins
        ]
    );
    let forfeits = GameResult::ALL
        .into_iter()
        .filter(|r| r.is_forfeit())
        .count();
    assert_eq!(forfeits, 3);
}
