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

/// Guideline I.9.1: "... der Abgabezug auf dem Schachbrett ausgeführt"; I.8.2: a sealed move
/// written "auf eine Art ..., welche die wahre Bedeutung unmöglich erkennen lässt" loses.
#[test]
fn sealed_move_made_and_unreadable_cite_their_sentences() {
    use laws::notation::Language;
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3";
    let mut a = arbiter(fen, "40/7200:3600");
    let out = a
        .apply(
            0,
            Action::OpenEnvelope {
                written: "Nf3".into(),
                language: Language::English,
            },
        )
        .unwrap();
    assert_eq!(out[0].article.as_str(), "Guideline I.9.1");
    let mut a = arbiter(fen, "40/7200:3600");
    a.apply(
        0,
        Action::OpenEnvelope {
            written: "N?f9".into(),
            language: Language::English,
        },
    )
    .unwrap();
    assert_eq!(
        a.result().map(|(_, art)| art.as_str()),
        Some("Guideline I.8.2")
    );
}

/// Art. 5.2.3: "sofern beide Spielende mindestens einen Zug ausgeführt haben" — at the
/// resumption of an adjourned game (a FEN at move 3) they have, and a draw agreed before the
/// sealed move is opened ends the game (Guideline I.6). From move 1 it is still refused.
#[test]
fn draw_agreed_in_a_game_resumed_from_a_later_move() {
    let resumed = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3";
    let mut a = arbiter(resumed, "40/7200:3600");
    a.apply(0, Action::OfferDraw(Black)).unwrap();
    a.apply(1000, Action::AcceptDraw(White)).unwrap();
    assert_eq!(
        a.result().map(|(r, _)| r.to_string()),
        Some("1/2-1/2".into())
    );

    let mut a = arbiter("startpos", "5400+30");
    a.apply(0, Action::OfferDraw(Black)).unwrap();
    let out = a.apply(1000, Action::AcceptDraw(White)).unwrap();
    assert!(matches!(out[0].ruling, Ruling::DrawAgreementInvalid));
    assert!(a.result().is_none());
}

/// Guideline III.2.1: "Sie werden nur in Turnieren angewandt, für die dies im Voraus
/// angekündigt wurde"; III.2.2: "nur für Turnierschach und Schnellschach ohne Zeitgutschrift
/// und nicht für Blitzschach"; III.4: the request "gilt als Remisangebot".
#[test]
fn quickplay_rejections_and_the_increment_request_cite_their_sentences() {
    let claim_at = |control: &str, announced: bool, used: u64| {
        let profile = Profile {
            quickplay_finish: announced,
            ..Profile::FIDE_2023
        };
        let mut a = Arbiter::new(
            "startpos".parse().unwrap(),
            control.parse().unwrap(),
            profile,
        );
        a.apply(0, Action::StartClock).unwrap();
        let out = a.apply(used, Action::QuickplayClaim(White)).unwrap();
        out[0].article.as_str()
    };
    assert_eq!(claim_at("5400", false, 5_300_000), "Guideline III.2.1");
    assert_eq!(claim_at("5400+30", true, 5_300_000), "Guideline III.2.2");
    assert_eq!(claim_at("300", true, 200_000), "Guideline III.2.2");
    assert_eq!(claim_at("5400", true, 1_000), "Guideline III.5");

    let mut a = arbiter("startpos", "5400");
    let out = a.apply(5_300_000, Action::IncrementRequest(White)).unwrap();
    assert!(matches!(out[0].ruling, Ruling::DrawOffered { by: White }));
    assert_eq!(out[0].article.as_str(), "Guideline III.4");
}

/// Art. 12.9.4 and 12.9.5 after a draw: raising White to 1 and reducing Black to 0 give 1-0
/// (Art. 10.2: "Die Gesamtzahl der Punkte eines Spiels kann nicht höher sein als die
/// Höchstzahl"), in either order; one alone that would exceed a game changes nothing.
#[test]
fn score_penalties_combine_in_either_order() {
    use laws::penalties::Penalty;
    use laws::points::Score;
    let drawn = || {
        let mut a = arbiter("4k3/8/8/8/8/8/8/R3K3 w - - 0 10", "5400+30");
        a.apply(1000, Action::OfferDraw(White)).unwrap();
        a.apply(2000, Action::AcceptDraw(Black)).unwrap();
        a
    };
    let raise = Penalty::IncreaseOpponentScore { to: Score::One };
    let reduce = Penalty::ReduceScore { to: Score::Zero };
    for order in [[raise, reduce], [reduce, raise]] {
        let mut a = drawn();
        for (t, penalty) in (3000..).zip(order) {
            a.apply(
                t,
                Action::Penalty {
                    against: Black,
                    penalty,
                },
            )
            .unwrap();
        }
        assert_eq!(
            a.result().map(|(r, _)| r.to_string()),
            Some("1-0".into()),
            "{order:?}"
        );
    }
    let mut a = drawn();
    a.apply(
        3000,
        Action::Penalty {
            against: Black,
            penalty: raise,
        },
    )
    .unwrap();
    assert_eq!(
        a.result().map(|(r, _)| r.to_string()),
        Some("1/2-1/2".into())
    );
}
