//! Issue #20, the logs from the text of the Laws (`tests/data/logs`): the engine fixes
//! their disagreements led to, one focused test each, citing the sentence (2023 text).

use laws::arbiter::{Action, Arbiter, Cited, Ruling};
use laws::edition::Profile;
use shakmaty::{Color::*, Role, Square};

fn arbiter(fen: &str, control: &str) -> Arbiter {
    let mut a = Arbiter::new(
        fen.parse().unwrap(),
        control.parse().unwrap(),
        Profile::FIDE_2023,
    );
    a.apply(0, Action::StartClock).unwrap();
    a
}

fn must_move_article(out: &[Cited]) -> &'static str {
    out.iter()
        .rev()
        .find(|c| matches!(c.ruling, Ruling::MustMove { .. }))
        .map(|c| c.article.as_str())
        .expect("a MustMove ruling")
}

/// Art. 4.3.1 binds a touched own piece, 4.3.2 a touched opponent's piece, and 4.3.3 when
/// pieces of both colours were touched, also when the first own piece cannot take the
/// touched one ("... oder, falls dies regelwidrig ist, die erste berührte Figur, die gezogen
/// oder geschlagen werden kann").
#[test]
fn touch_move_cites_the_sentence_that_binds() {
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let mut a = arbiter(fen, "5400+30");
    let out = a
        .apply(
            1000,
            Action::Touch {
                by: White,
                square: Square::G1,
            },
        )
        .unwrap();
    assert_eq!(must_move_article(&out), "Art. 4.3.1");

    let mut a = arbiter(fen, "5400+30");
    let out = a
        .apply(
            1000,
            Action::Touch {
                by: White,
                square: Square::D5,
            },
        )
        .unwrap();
    assert_eq!(must_move_article(&out), "Art. 4.3.2");

    // The bishop c1 cannot take d5: the first touched piece that can move, under 4.3.3.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2";
    let mut a = arbiter(fen, "5400+30");
    a.apply(
        1000,
        Action::Touch {
            by: White,
            square: Square::C1,
        },
    )
    .unwrap();
    let out = a
        .apply(
            1500,
            Action::Touch {
                by: White,
                square: Square::D5,
            },
        )
        .unwrap();
    assert_eq!(must_move_article(&out), "Art. 4.3.3");
    assert!(
        a.allowed_moves()
            .iter()
            .all(|m| m.from() == Some(Square::C1))
    );
}

/// Art. 4.7.2: "Wenn die Spielerin / der Spieler den König loslässt, ... darf keinen anderen
/// Zug als die Rochade auf dieser Seite ausführen"; 4.4.4: "... ist die Wahl der Figur
/// endgültig, sobald die Figur das Umwandlungsfeld berührt hat."
#[test]
fn a_released_king_or_promotion_piece_cites_its_own_sentence() {
    let mut a = arbiter("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "5400+30");
    let out = a
        .apply(
            1000,
            Action::Release {
                by: White,
                from: Square::E1,
                to: Square::G1,
                promotion: None,
            },
        )
        .unwrap();
    assert_eq!(must_move_article(&out), "Art. 4.7.2");

    let mut a = arbiter("8/P6k/8/7p/8/8/8/K7 w - - 0 1", "5400+30");
    let out = a
        .apply(
            1000,
            Action::Release {
                by: White,
                from: Square::A7,
                to: Square::A8,
                promotion: Some(Role::Knight),
            },
        )
        .unwrap();
    assert_eq!(must_move_article(&out), "Art. 4.4.4");
}
