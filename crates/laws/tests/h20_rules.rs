//! Issue #20: touch-move after an illegal move, king and rook touched,
//! failed claims, citations, and the arbiter's decisions. Each test names
//! the item of the issue it covers (`h20_NN_...`) and cites the sentence of
//! the Laws (2023, German text) that decides it.

use laws::arbiter::{Action, Arbiter, Choice, Cited, ClaimFailure, Question, Ruling};
use laws::edition::Profile;
use laws::notation::{Language, parse_move};
use laws::points::{GameScore, Score};
use shakmaty::{CastlingSide, Color, Color::*, Move, Position, Role, Square};

const STANDARD: &str = "5400+30";
const RAPID: &str = "900+10";
const BLITZ: &str = "180+2";

/// A game whose clock was started at 0.
fn arbiter(fen: &str, control: &str, profile: Profile) -> Arbiter {
    let mut a = Arbiter::new(fen.parse().unwrap(), control.parse().unwrap(), profile);
    a.apply(0, Action::StartClock).unwrap();
    a
}

fn supervised() -> Profile {
    Profile {
        supervision: laws::edition::Supervision::Supervised,
        ..Profile::FIDE_2023
    }
}

/// A legal move in English SAN.
fn san(a: &Arbiter, text: &str) -> Move {
    parse_move(a.game().position(), text, Language::English).unwrap()
}

/// Any move from UCI, legal or not, for the piece on its from-square.
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

/// Executes a move and presses the clock.
fn complete(a: &mut Arbiter, t: &mut u64, by: Color, mv: Move) -> Vec<Cited> {
    *t += 1000;
    let mut out = a.apply(*t, Action::Move { by, mv }).unwrap();
    out.extend(a.apply(*t, Action::Press(by)).unwrap());
    out
}

/// The allowed moves of the last `MustMove` ruling, with its article.
fn must_move(out: &[Cited]) -> (Vec<Move>, &'static str) {
    out.iter()
        .rev()
        .find_map(|c| match &c.ruling {
            Ruling::MustMove { allowed, .. } => Some((allowed.clone(), c.article.as_str())),
            _ => None,
        })
        .expect("a MustMove ruling")
}

/// The allowed moves as sorted UCI texts.
fn uci(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves
        .iter()
        .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
        .collect();
    v.sort();
    v
}

fn article_of(out: &[Cited], pred: impl Fn(&Ruling) -> bool) -> Option<&'static str> {
    out.iter()
        .find(|c| pred(&c.ruling))
        .map(|c| c.article.as_str())
}

// ---------------------------------------------------------------- item 1

/// Pinned knight e2 "captures" the bishop on d4. Art. 7.5.1: "Die Artikel 4.3
/// und 4.7 werden auf den Zug angewandt, der den regelwidrigen ersetzt";
/// 4.3.3: the capture with the first touched piece is illegal, so "die erste
/// berührte Figur, die gezogen oder geschlagen werden kann": the knight cannot
/// move, the bishop can be captured (c3xd4).
const PINNED: &str = "4r1k1/8/8/8/3b4/2P5/4N3/4K3 w - - 0 1";

#[test]
fn h20_01_illegal_capture_by_a_pinned_piece_binds_the_capture_of_the_touched_piece() {
    // Standard game: completed, the arbiter restores the position (7.5.1).
    let mut a = arbiter(PINNED, STANDARD, Profile::FIDE_2023);
    let mut t = 0;
    let mv = raw(&a, "e2d4");
    let out = complete(&mut a, &mut t, White, mv);
    let (allowed, article) = must_move(&out);
    assert_eq!(uci(&allowed), ["c3d4"]);
    assert_eq!(article, "Art. 4.3.3");
    assert_eq!(a.illegal_moves(White), 1);
    // Any other move is refused under 4.3.
    let ke1 = san(&a, "Kd2");
    t += 1000;
    let out = a.apply(t, Action::Move { by: White, mv: ke1 }).unwrap();
    assert_eq!(
        article_of(&out, |r| matches!(r, Ruling::MoveRefused { .. })),
        Some("Art. 4.3.3")
    );
    let capture = san(&a, "cxd4");
    complete(&mut a, &mut t, White, capture);
    assert_eq!(a.game().ply(), 1);
}

#[test]
fn h20_01_illegal_capture_noticed_before_the_press_binds_the_same_way() {
    // Executed, not completed: the arbiter intervenes (7.5.1, 12.1; A-057).
    let mut a = arbiter(PINNED, RAPID, supervised());
    let mv = raw(&a, "e2d4");
    a.apply(2_000, Action::Move { by: White, mv }).unwrap();
    let out = a.apply(2_500, Action::Intervene).unwrap();
    assert!(
        out.iter()
            .any(|c| c.ruling == Ruling::IllegalMoveCorrected { by: White })
    );
    assert_eq!(uci(&must_move(&out).0), ["c3d4"]);
    assert_eq!(a.illegal_moves(White), 0);
    // The player takes the move back himself before pressing: both pieces stay touched.
    let mut a = arbiter(PINNED, RAPID, supervised());
    a.apply(2_000, Action::Move { by: White, mv }).unwrap();
    let kd2 = san(&a, "Kd2");
    let out = a.apply(3_000, Action::Move { by: White, mv: kd2 }).unwrap();
    assert!(
        out.iter()
            .any(|c| c.ruling == Ruling::MoveRefused { by: White })
    );
    assert_eq!(uci(&a.allowed_moves()), ["c3d4"]);
}

#[test]
fn h20_01_claimed_illegal_capture_in_unsupervised_blitz_binds_4_3_3() {
    // A.5.2: the opponent claims before moving; 7.5.5 with the A.3 minute.
    let mut a = arbiter(PINNED, BLITZ, Profile::FIDE_2023);
    let mut t = 0;
    let mv = raw(&a, "e2d4");
    complete(&mut a, &mut t, White, mv);
    let out = a.apply(4_000, Action::ClaimIllegalMove(Black)).unwrap();
    assert_eq!(uci(&must_move(&out).0), ["c3d4"]);
    assert!(out.iter().any(|c| c.ruling
        == Ruling::TimeAdded {
            to: Black,
            ms: 60_000
        }
        && c.article.as_str() == "Appendix A.3"));
}

#[test]
fn h20_01_illegal_capture_by_a_piece_that_can_move_binds_that_piece() {
    // Ra1xa7 jumps over a4: the rook cannot capture a7 but can move (4.3.3, first touched piece).
    let mut a = arbiter(
        "4k3/p7/8/8/P7/8/8/R3K3 w - - 0 1",
        STANDARD,
        Profile::FIDE_2023,
    );
    let mut t = 0;
    let mv = raw(&a, "a1a7");
    let out = complete(&mut a, &mut t, White, mv);
    let allowed = must_move(&out).0;
    assert!(!allowed.is_empty() && allowed.iter().all(|m| m.from() == Some(Square::A1)));
    assert_eq!(uci(&allowed), ["a1a2", "a1a3", "a1b1", "a1c1", "a1d1"]);
}

#[test]
fn h20_01_nothing_touched_can_move_or_be_taken_then_any_move() {
    // The pinned knight "captures" a pawn that nothing can capture: 4.5, any legal move.
    let mut a = arbiter(
        "4r1k1/8/8/8/8/2p5/4N3/4K3 w - - 0 1",
        STANDARD,
        Profile::FIDE_2023,
    );
    let mut t = 0;
    let mv = raw(&a, "e2c3");
    let out = complete(&mut a, &mut t, White, mv);
    let (allowed, article) = must_move(&out);
    assert_eq!(allowed.len(), a.game().position().legal_moves().len());
    assert_eq!(article, "Art. 4.5");
}

#[test]
fn h20_01_illegal_en_passant_capture_touches_the_captured_pawn() {
    // exd6 e.p. would expose the king on a5 to the rook on h5; the pawn on d5
    // is the touched enemy piece (4.3.3). The pawn on e5 is blocked, so the
    // queen on d1 must take d5.
    let mut a = arbiter(
        "8/8/4n3/K2pP2r/8/7k/8/3Q4 w - d6 0 1",
        STANDARD,
        Profile::FIDE_2023,
    );
    let mut t = 0;
    let ep = Move::EnPassant {
        from: Square::E5,
        to: Square::D6,
    };
    assert!(!a.game().position().is_legal(ep));
    let out = complete(&mut a, &mut t, White, ep);
    assert_eq!(uci(&must_move(&out).0), ["d1d5"]);
}

// ---------------------------------------------------------------- item 2

fn touch(a: &mut Arbiter, at_ms: u64, by: Color, square: Square) -> Vec<Cited> {
    a.apply(at_ms, Action::Touch { by, square }).unwrap()
}

fn castle(king: Square, rook: Square) -> Move {
    Move::Castle { king, rook }
}

#[test]
fn h20_02_king_then_rook_must_castle_on_that_side() {
    // 4.4.1: "ihren / seinen König und einen Turm berührt, muss sie / er auf
    // diese Seite rochieren, sofern dies regelgemäß möglich ist".
    for (rook, side) in [
        (Square::H1, CastlingSide::KingSide),
        (Square::A1, CastlingSide::QueenSide),
    ] {
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        let mut a = arbiter(
            &fen.replace("PPPPPPPP/R3K2R", "8/R3K2R"),
            STANDARD,
            Profile::FIDE_2023,
        );
        touch(&mut a, 1_000, White, Square::E1);
        let out = touch(&mut a, 2_000, White, rook);
        let (allowed, article) = must_move(&out);
        assert_eq!(allowed, [castle(Square::E1, rook)], "{side:?}");
        assert_eq!(article, "Art. 4.4.1");
        // A king move to the other side or a rook move is refused.
        let ke2 = san(&a, "Ke2");
        let out = a.apply(3_000, Action::Move { by: White, mv: ke2 }).unwrap();
        assert_eq!(
            article_of(&out, |r| matches!(r, Ruling::MoveRefused { .. })),
            Some("Art. 4.4.1")
        );
    }
}

#[test]
fn h20_02_black_in_rapid_touching_king_then_rook_castles_long() {
    let mut a = arbiter(
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        RAPID,
        Profile::FIDE_2023,
    );
    touch(&mut a, 5_000, Black, Square::E8);
    let out = touch(&mut a, 6_000, Black, Square::A8);
    assert_eq!(must_move(&out).0, [castle(Square::E8, Square::A8)]);
}

#[test]
fn h20_02_castling_illegal_other_king_move_or_other_castling() {
    // 4.4.3: "die Rochade mit diesem Turm jedoch regelwidrig ist, muss sie / er
    // einen anderen regelgemäßen Königszug ausführen (was die Rochade mit dem
    // anderen Turm einschließt)". f1 is attacked by the bishop on c4: no O-O.
    let mut a = arbiter(
        "4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1",
        STANDARD,
        Profile::FIDE_2023,
    );
    touch(&mut a, 1_000, White, Square::E1);
    let out = touch(&mut a, 2_000, White, Square::H1);
    let (allowed, article) = must_move(&out);
    assert_eq!(article, "Art. 4.4.3");
    assert!(allowed.iter().all(|m| m.from() == Some(Square::E1)));
    assert!(allowed.contains(&castle(Square::E1, Square::A1)));
    assert!(!allowed.contains(&castle(Square::E1, Square::H1)));
    // A rook that has no castling right (it moved): castling with it is illegal too.
    let mut a = arbiter("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", BLITZ, Profile::FIDE_2023);
    touch(&mut a, 1_000, White, Square::E1);
    let out = touch(&mut a, 2_000, White, Square::H1);
    let allowed = must_move(&out).0;
    assert_eq!(
        uci(&allowed),
        ["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn h20_02_castling_illegal_and_no_king_move_then_any_move() {
    // 4.4.3: "Falls der König keinen regelgemäßen Zug zur Verfügung hat, darf
    // die Spielerin / der Spieler einen beliebigen regelgemäßen Zug ausführen".
    // The king on e1 is boxed in by its own pieces; the bishop on f1 blocks
    // O-O. Under 4.3.1 alone the rook would have to move.
    let mut a = arbiter(
        "4k3/8/8/8/8/8/3PPP2/3RKB1R w K - 0 1",
        STANDARD,
        Profile::FIDE_2023,
    );
    touch(&mut a, 1_000, White, Square::E1);
    let out = touch(&mut a, 2_000, White, Square::H1);
    let (allowed, article) = must_move(&out);
    assert_eq!(article, "Art. 4.4.3");
    assert_eq!(allowed.len(), a.game().position().legal_moves().len());
    assert!(allowed.iter().any(|m| m.role() == Role::Pawn));
}

#[test]
fn h20_02_rook_then_king_forbids_castling_with_that_rook() {
    // 4.4.2: "absichtlich ihren / seinen Turm und danach seinen König berührt,
    // darf sie / er mit diesem Turm in diesem Zug nicht rochieren und der Fall
    // wird durch Artikel 4.3.1 geregelt": the rook must move.
    let mut a = arbiter(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        STANDARD,
        Profile::FIDE_2023,
    );
    touch(&mut a, 1_000, White, Square::H1);
    let out = touch(&mut a, 2_000, White, Square::E1);
    let (allowed, article) = must_move(&out);
    assert_eq!(article, "Art. 4.4.2");
    assert!(
        allowed
            .iter()
            .all(|m| m.role() == Role::Rook && m.from() == Some(Square::H1))
    );
    // The rook cannot move: the king must (4.3.1), but not castle with it.
    let mut a = arbiter(
        "4k3/8/8/8/8/8/7P/4K1NR w K - 0 1",
        STANDARD,
        Profile::FIDE_2023,
    );
    touch(&mut a, 1_000, White, Square::H1);
    let out = touch(&mut a, 2_000, White, Square::E1);
    let (allowed, article) = must_move(&out);
    assert_eq!(article, "Art. 4.4.2");
    assert!(!allowed.is_empty() && allowed.iter().all(|m| m.from() == Some(Square::E1)));
    assert!(allowed.iter().all(|m| !m.is_castle()));
}

#[test]
fn h20_02_illegal_castling_move_touches_king_and_rook() {
    // 7.5.1 -> 4.4.3: an illegal castling (through check) is replaced by another king move.
    let mut a = arbiter(
        "4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1",
        STANDARD,
        Profile::FIDE_2023,
    );
    let mut t = 0;
    let oo = castle(Square::E1, Square::H1);
    assert!(!a.game().position().is_legal(oo));
    let out = complete(&mut a, &mut t, White, oo);
    let (allowed, article) = must_move(&out);
    assert_eq!(article, "Art. 4.4.3");
    assert!(allowed.iter().all(|m| m.from() == Some(Square::E1)));
    assert!(allowed.contains(&castle(Square::E1, Square::A1)));
}

// ---------------------------------------------------------------- item 3

/// The time added to `to` and its article.
fn time_added(out: &[Cited], to: Color) -> Option<(u64, &'static str)> {
    out.iter().find_map(|c| match c.ruling {
        Ruling::TimeAdded { to: t, ms } if t == to => Some((ms, c.article.as_str())),
        _ => None,
    })
}

fn rejected(out: &[Cited]) -> Option<(ClaimFailure, &'static str)> {
    out.iter().find_map(|c| match c.ruling {
        Ruling::ClaimRejected { failure, .. } => Some((failure, c.article.as_str())),
        _ => None,
    })
}

/// Plays `moves` (SAN), one second apart.
fn play(a: &mut Arbiter, t: &mut u64, moves: &str) {
    for text in moves.split_whitespace() {
        let by = a.game().position().turn();
        let mv = san(a, text);
        complete(a, t, by, mv);
    }
}

#[test]
fn h20_03_claim_when_not_on_move_gives_the_opponent_time_and_offers_a_draw() {
    // 9.5.2: "Erweist sich der Anspruch als nicht berechtigt, fügt die
    // Schiedsrichterin / der Schiedsrichter zwei Minuten zur verbliebenen
    // Bedenkzeit des Gegenübers hinzu"; 9.1.2.3: "Ein Antrag auf Remis gemäß
    // Artikel 9.2 oder 9.3 gilt als Remisangebot."
    let mut a = arbiter("startpos", STANDARD, Profile::FIDE_2023);
    let mut t = 0;
    play(&mut a, &mut t, "Nf3 Nf6");
    let out = a
        .apply(
            t + 500,
            Action::ClaimDraw {
                by: Black,
                intended: None,
            },
        )
        .unwrap();
    assert_eq!(rejected(&out), Some((ClaimFailure::NotOnMove, "Art. 9.2")));
    assert_eq!(time_added(&out, White), Some((120_000, "Art. 9.5.2")));
    assert_eq!(a.draw_offer(), Some(Black));
    assert_eq!(
        article_of(&out, |r| matches!(r, Ruling::DrawOffered { .. })),
        Some("Art. 9.1.2.3")
    );
    // White's clock runs: the two minutes are on it.
    assert_eq!(
        a.clock().remaining(White, t + 500),
        5_400_000 + 30_000 - 1_000 - 500 + 120_000
    );
}

#[test]
fn h20_03_claim_after_touching_a_piece_in_rapid_gives_one_minute() {
    // 9.4: after touching a piece "verliert sie / er für diesen Zug das Recht,
    // ein Remis ... zu reklamieren"; A.3: one minute instead of two. The
    // touch-move obligation stays.
    let mut a = arbiter("startpos", RAPID, Profile::FIDE_2023);
    let mut t = 0;
    play(&mut a, &mut t, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    touch(&mut a, t + 100, White, Square::G1);
    let out = a
        .apply(
            t + 200,
            Action::ClaimDraw {
                by: White,
                intended: None,
            },
        )
        .unwrap();
    assert_eq!(
        rejected(&out),
        Some((ClaimFailure::PieceTouched, "Art. 9.4"))
    );
    assert_eq!(time_added(&out, Black), Some((60_000, "Appendix A.3")));
    assert_eq!(a.draw_offer(), Some(White));
    assert!(
        a.allowed_moves()
            .iter()
            .all(|m| m.from() == Some(Square::G1))
    );
    assert!(a.result().is_none());
}

#[test]
fn h20_03_touched_piece_and_written_move_of_another_piece() {
    // 9.5.2: the written move "muss ... entsprechend Artikel 3 und 4
    // ausgeführt werden": touch-move (Art. 4) wins over the written e4.
    let mut a = arbiter("startpos", STANDARD, Profile::FIDE_2023);
    touch(&mut a, 500, White, Square::G1);
    let e4 = san(&a, "e4");
    let out = a
        .apply(
            600,
            Action::ClaimDraw {
                by: White,
                intended: Some(e4),
            },
        )
        .unwrap();
    assert_eq!(
        rejected(&out),
        Some((ClaimFailure::PieceTouched, "Art. 9.4"))
    );
    assert!(
        !out.iter()
            .any(|c| matches!(c.ruling, Ruling::WrittenMoveBinding { .. }))
    );
    assert!(
        a.allowed_moves()
            .iter()
            .all(|m| m.from() == Some(Square::G1))
    );
    // The written move of the touched piece binds.
    let mut a = arbiter("startpos", STANDARD, Profile::FIDE_2023);
    touch(&mut a, 500, White, Square::G1);
    let nf3 = san(&a, "Nf3");
    let out = a
        .apply(
            600,
            Action::ClaimDraw {
                by: White,
                intended: Some(nf3),
            },
        )
        .unwrap();
    assert!(
        out.iter()
            .any(|c| c.ruling == Ruling::WrittenMoveBinding { by: White, mv: nf3 })
    );
    assert_eq!(a.allowed_moves(), [nf3]);
}

#[test]
fn h20_03_wrong_count_in_blitz_2018_gives_one_minute_under_b_2() {
    // 50-move claim after 49 moves: incorrect (9.3, 9.5.2); 2018 B.2: one minute in blitz.
    let mut a = arbiter(
        "8/8/8/3k4/8/8/8/R3K3 w - - 98 80",
        BLITZ,
        Profile::FIDE_2018,
    );
    let out = a
        .apply(
            1_000,
            Action::ClaimDraw {
                by: White,
                intended: None,
            },
        )
        .unwrap();
    assert_eq!(
        rejected(&out),
        Some((ClaimFailure::Incorrect, "Art. 9.5.2"))
    );
    assert_eq!(
        time_added(&out, Black),
        Some((60_000, "Appendix B.2 (2018)"))
    );
    // The same in 2018 rapid: two minutes under 9.5.2.
    let mut a = arbiter(
        "8/8/8/3k4/8/8/8/R3K3 w - - 98 80",
        RAPID,
        Profile::FIDE_2018,
    );
    let out = a
        .apply(
            1_000,
            Action::ClaimDraw {
                by: White,
                intended: None,
            },
        )
        .unwrap();
    assert_eq!(time_added(&out, Black), Some((120_000, "Art. 9.5.2")));
}

#[test]
fn h20_03_no_repetition_with_written_move_binds_it_and_offers_a_draw() {
    let mut a = arbiter("startpos", STANDARD, Profile::FIDE_2023);
    let mut t = 0;
    play(&mut a, &mut t, "Nf3 Nf6 Ng1 Ng8");
    let nf3 = san(&a, "Nf3");
    let out = a
        .apply(
            t + 300,
            Action::ClaimDraw {
                by: White,
                intended: Some(nf3),
            },
        )
        .unwrap();
    assert_eq!(
        rejected(&out),
        Some((ClaimFailure::Incorrect, "Art. 9.5.2"))
    );
    assert_eq!(time_added(&out, Black), Some((120_000, "Art. 9.5.2")));
    assert_eq!(a.allowed_moves(), [nf3]);
    assert_eq!(a.draw_offer(), Some(White));
}

#[test]
fn h20_03_failed_claim_before_offers_are_allowed_is_no_offer() {
    // 9.1.1: the regulations forbid offers before move 30: still two minutes, no offer.
    let profile = Profile {
        draw_offers_from_move: Some(30),
        ..Profile::FIDE_2023
    };
    let mut a = arbiter("startpos", STANDARD, profile);
    let out = a
        .apply(
            1_000,
            Action::ClaimDraw {
                by: Black,
                intended: None,
            },
        )
        .unwrap();
    assert_eq!(rejected(&out), Some((ClaimFailure::NotOnMove, "Art. 9.2")));
    assert_eq!(time_added(&out, White), Some((120_000, "Art. 9.5.2")));
    assert_eq!(a.draw_offer(), None);
}

// ---------------------------------------------------------------- item 5

/// A scripted game for the citation table.
struct Script {
    a: Arbiter,
    t: u64,
    cited: Vec<Cited>,
}

impl Script {
    fn new(fen: &str, control: &str, profile: Profile) -> Script {
        Script {
            a: arbiter(fen, control, profile),
            t: 0,
            cited: Vec::new(),
        }
    }

    fn act(&mut self, action: Action) -> &mut Script {
        self.t += 1000;
        let text = format!("{action:?}");
        let out = self.a.apply(self.t, action);
        let out = out.unwrap_or_else(|e| panic!("{text}: {e} after {:?}", self.cited));
        self.cited.extend(out);
        self
    }

    /// A move in UCI (legal or not) by the side to move, then its press.
    fn mv(&mut self, uci: &str) -> &mut Script {
        let by = self.a.game().position().turn();
        let mv = raw(&self.a, uci);
        self.act(Action::Move { by, mv });
        if self.a.result().is_none() {
            self.act(Action::Press(by));
        }
        self
    }

    /// Waits `ms` without an action.
    fn wait(&mut self, ms: u64) -> &mut Script {
        self.t += ms;
        self
    }
}

/// The variant name of a ruling (with the clock's own ruling named inside).
fn kind(r: &Ruling) -> String {
    let debug = format!("{r:?}");
    let name = |s: &str| {
        s.split([' ', '(', '{', ')'])
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    match r {
        Ruling::Clock(_) => format!("Clock::{}", name(&debug["Clock(".len()..])),
        _ => name(&debug),
    }
}

/// Every ruling kind the engine gives, with the article it cites, from
/// scenarios that produce each; checked against the 2023 German text (and
/// the 2018 text for the fide-2018 profile). A changed citation fails here.
#[test]
fn h20_05_every_ruling_kind_cites_its_article() {
    use laws::clock::Adjustment;
    use laws::irregularities::Irregularity;
    use laws::penalties::{Conduct, Penalty};
    let fide = Profile::FIDE_2023;
    let old = Profile::FIDE_2018;
    let start = "startpos";
    let mut scripts: Vec<Script> = Vec::new();
    // Moves, touch-move, releases, adjusting, a press without effect.
    let mut s = Script::new(start, STANDARD, fide);
    s.mv("e2e4").act(Action::Touch {
        by: Black,
        square: Square::G8,
    });
    s.act(Action::Adjust {
        by: Black,
        square: Square::E7,
    });
    s.act(Action::Release {
        by: Black,
        from: Square::G8,
        to: Square::F6,
        promotion: None,
    });
    s.act(Action::Press(White));
    scripts.push(s);
    // Illegal moves: corrected, completed (7.5.1), the second (7.5.5), 2018 rapid.
    let mut s = Script::new(start, STANDARD, fide);
    s.act(Action::Move {
        by: White,
        mv: Move::Normal {
            role: Role::King,
            from: Square::E1,
            capture: None,
            to: Square::E3,
            promotion: None,
        },
    });
    s.act(Action::Intervene)
        .mv("e2e4")
        .mv("e7e5")
        .mv("e1e3")
        .mv("e1e3");
    scripts.push(s);
    let mut s = Script::new(start, RAPID, old);
    s.mv("e1e3")
        .act(Action::ClaimIllegalMove(Black))
        .mv("e2e3")
        .act(Action::TwoHands(White));
    scripts.push(s);
    // Unsupervised blitz: completed, stands (A.5.2), a pawn left on the last rank (7.5.2).
    let mut s = Script::new("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", BLITZ, fide);
    s.mv("e1e3");
    let ke7 = raw(&s.a, "e8e7");
    s.act(Action::Move { by: Black, mv: ke7 })
        .act(Action::Press(Black));
    scripts.push(s);
    let mut s = Script::new("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", STANDARD, fide);
    let a8 = Move::Normal {
        role: Role::Pawn,
        from: Square::A7,
        capture: None,
        to: Square::A8,
        promotion: None,
    };
    s.act(Action::UnreplacedPawn { by: White, mv: a8 })
        .act(Action::Press(White));
    scripts.push(s);
    // Draws: offer, decline, accept too early, claims, repetition, agreement.
    let mut s = Script::new(start, STANDARD, fide);
    s.act(Action::OfferDraw(White))
        .act(Action::AcceptDraw(Black));
    s.mv("g1f3")
        .act(Action::OfferDraw(White))
        .act(Action::DeclineDraw(Black))
        .act(Action::AcceptDraw(Black));
    s.act(Action::ClaimDraw {
        by: Black,
        intended: Some(raw(&s.a, "g8f6")),
    });
    s.mv("g8f6")
        .mv("f3g1")
        .mv("f6g8")
        .mv("g1f3")
        .mv("g8f6")
        .mv("f3g1");
    s.act(Action::ClaimDraw {
        by: Black,
        intended: None,
    });
    scripts.push(s);
    let mut s = Script::new(
        start,
        STANDARD,
        Profile {
            draw_offers_from_move: Some(30),
            ..fide
        },
    );
    s.act(Action::OfferDraw(White));
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, fide);
    s.mv("e2e4")
        .mv("e7e5")
        .act(Action::OfferDraw(White))
        .act(Action::AcceptDraw(Black));
    scripts.push(s);
    // Flags: claim with no flag, a flag fall, a claim in unsupervised blitz (2018 and 2023).
    let mut s = Script::new(start, "60", fide);
    s.act(Action::ClaimFlag(Black))
        .wait(60_000)
        .act(Action::ObserveFlags);
    scripts.push(s);
    for profile in [fide, old] {
        let mut s = Script::new(start, BLITZ, profile);
        s.wait(200_000).act(Action::ClaimFlag(Black));
        scripts.push(s);
    }
    // Irregularities, the clock, resignation, devices, conduct, penalties.
    for profile in [fide, old] {
        let mut s = Script::new(start, STANDARD, profile);
        s.act(Action::Irregularity(Irregularity::BoardMisplaced));
        s.act(Action::Irregularity(Irregularity::WrongInitialPosition));
        scripts.push(s);
        let mut s = Script::new(start, BLITZ, profile);
        let ten = "g1f3 g8f6 f3g1 f6g8 b1c3 b8c6 c3b1 c6b8 e2e3 e7e6 d2d3 d7d6 f1e2 f8e7 c1d2 c8d7 e1f1 e8f8 f1e1 f8e8";
        for uci in ten.split(' ') {
            s.mv(uci);
        }
        s.act(Action::Irregularity(Irregularity::BoardMisplaced));
        s.act(Action::SetClock {
            color: White,
            remaining_ms: 1,
            moves_completed: 0,
            reason: Adjustment::Correction,
        });
        s.act(Action::Irregularity(Irregularity::ColoursReversed));
        scripts.push(s);
    }
    let mut s = Script::new(start, STANDARD, fide);
    s.act(Action::Irregularity(Irregularity::ColoursReversed));
    scripts.push(s);
    let mut s = Script::new(start, "40/5400:900", fide);
    s.act(Action::StopClock).act(Action::AdjustTime {
        color: Black,
        delta_ms: 60_000,
        reason: Adjustment::Replacement,
    });
    s.act(Action::SetClock {
        color: White,
        remaining_ms: 60_000,
        moves_completed: 0,
        reason: Adjustment::Correction,
    });
    s.act(Action::RestartClock).act(Action::Misconduct {
        by: White,
        conduct: Conduct::LeftPlayingArea,
    });
    s.act(Action::Misconduct {
        by: Black,
        conduct: Conduct::LeftPlayingArea,
    });
    s.act(Action::Misconduct {
        by: Black,
        conduct: Conduct::RecordingArrears,
    });
    s.act(Action::Penalty {
        against: Black,
        penalty: Penalty::Warning,
    });
    s.act(Action::Resign(White));
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, fide);
    s.act(Action::Device {
        by: White,
        switched_on: false,
    });
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, Profile::SJRP_U8_U12);
    s.act(Action::Device {
        by: White,
        switched_on: false,
    });
    s.act(Action::Device {
        by: White,
        switched_on: true,
    });
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, Profile::SJRP_U8_U12);
    s.act(Action::IncrementRequest(White));
    scripts.push(s);
    // Supervised rapid: the scoresheet; the sixth request distracts the opponent (A.4.3).
    let mut s = Script::new(start, RAPID, supervised());
    s.act(Action::ScoresheetRequest(White))
        .act(Action::ScoresheetRequest(Black));
    for _ in 0..5 {
        s.act(Action::ScoresheetRequest(White));
    }
    scripts.push(s);
    // Guideline III: claims decided, an increment granted, a claim without an arbiter.
    for (choice, at) in [(Choice::Draw, 5_290_000), (Choice::Reject, 5_290_000)] {
        let mut s = Script::new(start, "5400", fide);
        s.wait(at)
            .act(Action::QuickplayClaim(White))
            .act(Action::Decision(choice));
        scripts.push(s);
    }
    let mut s = Script::new(start, "5400", fide);
    s.act(Action::QuickplayClaim(White))
        .act(Action::IncrementRequest(White));
    s.act(Action::QuickplayClaimWithoutArbiter(White))
        .wait(5_290_000);
    s.act(Action::IncrementRequest(White))
        .act(Action::DeclineDraw(Black))
        .act(Action::Decision(Choice::Grant));
    scripts.push(s);
    let mut s = Script::new(start, "5400", fide);
    s.wait(5_290_000)
        .act(Action::QuickplayClaimWithoutArbiter(White))
        .act(Action::Decision(Choice::Draw));
    scripts.push(s);
    // Unnoticed illegal move found later (7.5.1, 7.1) and a displaced piece (7.6).
    let mut s = Script::new("4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", "40/5400:900", fide);
    let h1h2 = raw(&s.a, "h1h2");
    s.act(Action::UnnoticedMove {
        by: White,
        mv: h1h2,
    })
    .act(Action::Press(White));
    s.act(Action::IllegalMoveDiscovered { ply: 0 })
        .act(Action::Decision(Choice::Proportional));
    s.act(Action::Displace {
        from: Square::H1,
        to: Square::H2,
    })
    .act(Action::DisplacementDiscovered { ply: 0 });
    s.act(Action::Decision(Choice::KeepClocks));
    scripts.push(s);
    // A touch-move claim after the move (4.8); the absent player (6.7.1); refusal (11.7); sealed move.
    let mut s = Script::new(start, STANDARD, fide);
    s.act(Action::Touch {
        by: White,
        square: Square::G1,
    });
    s.t += 0;
    s.cited.clear();
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, fide);
    s.mv("e2e4").act(Action::ClaimTouchMove {
        by: Black,
        square: Square::G1,
    });
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, fide);
    s.act(Action::CheckAbsence)
        .act(Action::Decision(Choice::Loss));
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, Profile::SJRP_U8_U12);
    s.wait(900_000).act(Action::Arrive(White));
    s.act(Action::Decision(Choice::PlayOn));
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, fide);
    s.act(Action::PersistentRefusal(White));
    s.act(Action::Decision(Choice::OpponentScore(Score::Half)));
    s.act(Action::OfferDraw(Black));
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, fide);
    s.act(Action::BothRefuse);
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, fide);
    s.act(Action::OpenEnvelope {
        written: "Nf3".into(),
        language: Language::English,
    });
    scripts.push(s);
    // SJRP §4.5: the arbiter chooses.
    let mut s = Script::new(start, STANDARD, Profile::SJRP_U8_U12);
    s.mv("e1e3").act(Action::Decision(Choice::TimeForOpponent));
    s.mv("e1e3").act(Action::Decision(Choice::TimePenalty));
    s.mv("e1e3").act(Action::Decision(Choice::Loss));
    s.act(Action::Decision(Choice::OpponentScore(Score::One)));
    scripts.push(s);

    // Touch-move: 4.3.3, 4.4.1-4.4.3, a refused move, a touch-move claim rejected.
    let mut s = Script::new(PINNED, STANDARD, fide);
    s.mv("e2d4").act(Action::ClaimDraw {
        by: White,
        intended: None,
    });
    scripts.push(s);
    let mut s = Script::new("4k3/8/8/8/3p4/8/8/R3K2R w KQ - 0 1", RAPID, fide);
    s.act(Action::Touch {
        by: White,
        square: Square::A1,
    });
    s.act(Action::Touch {
        by: White,
        square: Square::E1,
    });
    let oo = castle(Square::E1, Square::A1);
    s.act(Action::Move { by: White, mv: oo });
    s.act(Action::ClaimDraw {
        by: Black,
        intended: None,
    });
    scripts.push(s);
    let mut s = Script::new("4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1", BLITZ, old);
    s.act(Action::Touch {
        by: White,
        square: Square::E1,
    });
    s.act(Action::Touch {
        by: White,
        square: Square::H1,
    });
    s.act(Action::ClaimDraw {
        by: White,
        intended: None,
    });
    scripts.push(s);
    let mut s = Script::new("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", STANDARD, fide);
    s.act(Action::Touch {
        by: Black,
        square: Square::E8,
    });
    s.act(Action::Touch {
        by: Black,
        square: Square::A8,
    });
    s.act(Action::Touch {
        by: White,
        square: Square::E1,
    });
    scripts.push(s);
    let mut s = Script::new("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", STANDARD, fide);
    s.act(Action::Touch {
        by: White,
        square: Square::E1,
    });
    s.act(Action::Touch {
        by: White,
        square: Square::D2,
    });
    scripts.push(s);
    let mut s = Script::new(start, STANDARD, fide);
    s.mv("g1f3").act(Action::ClaimTouchMove {
        by: Black,
        square: Square::G1,
    });
    s.act(Action::ClaimIllegalMove(Black));
    scripts.push(s);
    // Flags: both down in the last period, a period completed, a claim after one's own illegal move.
    let mut s = Script::new(start, "1/60:60", fide);
    s.mv("e2e4").wait(200_000).act(Action::ObserveFlags);
    scripts.push(s);
    let mut s = Script::new(start, BLITZ, fide);
    s.mv("e1e3")
        .act(Action::ClaimFlag(White))
        .act(Action::TwoHands(White));
    scripts.push(s);
    let mut s = Script::new(start, BLITZ, fide);
    s.act(Action::Misconduct {
        by: White,
        conduct: Conduct::RecordingArrears,
    });
    scripts.push(s);

    let mut table = std::collections::BTreeSet::new();
    for s in &scripts {
        for c in &s.cited {
            table.insert(format!(
                "{} | {} | {}",
                kind(&c.ruling),
                c.article,
                c.edition
            ));
        }
    }
    let table: Vec<String> = table.into_iter().collect();
    let expected: Vec<&str> = EXPECTED
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(table, expected, "\n{}", table.join("\n"));
}

/// The clock rulings of one kind with their articles.
fn time_set(out: &[Cited]) -> Vec<&'static str> {
    out.iter()
        .filter(|c| matches!(c.ruling, Ruling::Clock(laws::clock::Ruling::TimeSet { .. })))
        .map(|c| c.article.as_str())
        .collect()
}

/// Art. 7.1: "Wenn ein Regelverstoß geschieht und eine frühere Stellung wiederhergestellt
/// werden muss, bestimmt die Schiedsrichterin / der Schiedsrichter nach bestem Ermessen die
/// richtigen Einstellungen der Zeiten ...; Sie / er muss auch, falls notwendig, den Zugzähler
/// anpassen." The clocks set after an illegal move found later (7.5.1), both when the position
/// is reinstated and after the arbiter's proportional decision, rest on 7.1, not on 6.10.2
/// (a wrong setting of the clock).
#[test]
fn h20_05_clocks_set_after_a_restored_position_cite_7_1() {
    let mut a = arbiter(
        "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1",
        "40/5400:900",
        Profile::FIDE_2023,
    );
    let h1h2 = raw(&a, "h1h2");
    a.apply(
        1_000,
        Action::UnnoticedMove {
            by: White,
            mv: h1h2,
        },
    )
    .unwrap();
    a.apply(1_000, Action::Press(White)).unwrap();
    let out = a
        .apply(5_000, Action::IllegalMoveDiscovered { ply: 0 })
        .unwrap();
    assert_eq!(time_set(&out), ["Art. 7.1", "Art. 7.1"]);
    let out = a
        .apply(5_000, Action::Decision(Choice::Proportional))
        .unwrap();
    assert!(!time_set(&out).is_empty());
    assert!(time_set(&out).iter().all(|&c| c == "Art. 7.1"));
    // A wrong setting corrected by the arbiter still rests on 6.10.2.
    a.apply(6_000, Action::StopClock).unwrap();
    let out = a
        .apply(
            6_000,
            Action::SetClock {
                color: White,
                remaining_ms: 5_000_000,
                moves_completed: 0,
                reason: laws::clock::Adjustment::Correction,
            },
        )
        .unwrap();
    assert_eq!(time_set(&out), ["Art. 6.10.2"]);
}

/// Guideline III.5.1: "Falls die Schiedsrichterin / der Schiedsrichter darin übereinstimmt,
/// ..., erklärt sie / er die Partie für remis. Anderenfalls ... lehnt den Antrag ab." The
/// arbiter's decision on the claim rests on III.5.1; the claim itself on III.5 and the two
/// minutes after a rejection on III.5.3.
#[test]
fn h20_05_the_decision_on_a_quickplay_claim_cites_iii_5_1() {
    for (choice, last) in [
        (Choice::Draw, "Guideline III.5.1"),
        (Choice::Reject, "Guideline III.5.3"),
    ] {
        let mut a = arbiter("startpos", "5400", Profile::FIDE_2023);
        let out = a.apply(5_290_000, Action::QuickplayClaim(White)).unwrap();
        assert_eq!(out.last().unwrap().article.as_str(), "Guideline III.5");
        let out = a.apply(5_291_000, Action::Decision(choice)).unwrap();
        assert_eq!(out[0].ruling, Ruling::Decided(choice));
        assert_eq!(out[0].article.as_str(), "Guideline III.5.1");
        assert_eq!(out.last().unwrap().article.as_str(), last);
    }
}

/// Appendix A.4.3 (B.2.3 for blitz): "Hierum kann sie / er höchstens fünfmal während einer
/// Partie bitten. Weitere Bitten gelten als Störung des Gegenübers." The sixth request is a
/// distraction because the appendix says so: the ruling cites the appendix, not 11.5.
#[test]
fn h20_05_the_sixth_scoresheet_request_cites_the_appendix() {
    for (control, article) in [(RAPID, "Appendix A.4.3"), (BLITZ, "Appendix B.2.3")] {
        let mut a = arbiter("startpos", control, supervised());
        for count in 1..=5 {
            let out = a.apply(1_000, Action::ScoresheetRequest(White)).unwrap();
            assert_eq!(out[0].ruling, Ruling::ScoresheetShown { by: White, count });
            assert_eq!(out[0].article.as_str(), article);
        }
        let out = a.apply(1_000, Action::ScoresheetRequest(White)).unwrap();
        assert_eq!(
            out[0].ruling,
            Ruling::PenaltyAtDiscretion {
                against: White,
                conduct: laws::penalties::Conduct::Distraction,
            }
        );
        assert_eq!(out[0].article.as_str(), article);
    }
}

const EXPECTED: &str = "
Adjusted | Art. 4.2.1 | FIDE 2023
AfterEnd | Art. 11.7 | FIDE 2023
BoardCorrected | Art. 7.2.2 | FIDE 2018
BoardCorrected | Art. 7.2.2 | FIDE 2023
ClaimRejected | Appendix A.4.3 | FIDE 2023
ClaimRejected | Art. 4.3 | FIDE 2023
ClaimRejected | Art. 6.8 | FIDE 2023
ClaimRejected | Art. 6.9 | FIDE 2023
ClaimRejected | Art. 7.5.1 | FIDE 2023
ClaimRejected | Art. 9.2 | FIDE 2023
ClaimRejected | Art. 9.4 | FIDE 2018
ClaimRejected | Art. 9.4 | FIDE 2023
ClaimRejected | Art. 9.5.2 | FIDE 2023
ClaimRejected | Guideline III.4 | FIDE 2023
ClaimRejected | Guideline III.5 | FIDE 2023
ClaimRejected | Guideline III.6.1 | FIDE 2023
Clock::DefaultTimeExceeded | Art. 6.7.1 | FIDE 2023
Clock::PeriodCompleted | Art. 6.3.2 | FIDE 2023
Clock::PressWithoutEffect | Art. 6.2.1 | FIDE 2023
Clock::Restarted | Art. 6.11.3 | FIDE 2023
Clock::Stopped | Art. 6.11.1 | FIDE 2023
Clock::TimeAdjusted | Art. 12.9 | FIDE 2023
Clock::TimeAdjusted | Art. 6.10.1 | FIDE 2023
Clock::TimeExceeded | Art. 6.9 | FIDE 2018
Clock::TimeExceeded | Art. 6.9 | FIDE 2023
Clock::TimeSet | Art. 6.10.2 | FIDE 2023
Clock::TimeSet | Art. 7.1 | FIDE 2023
CountedOnce | Art. 7.5.5 | FIDE 2023
Decided | Art. 11.7 | FIDE 2023
Decided | Art. 6.7.1 | FIDE 2023
Decided | Art. 7.1 | FIDE 2023
Decided | Guideline III.4 | FIDE 2023
Decided | Guideline III.5.1 | FIDE 2023
Decided | Guideline III.6.2 | FIDE 2023
Decided | SJRP §4.3 | FIDE 2023
Decided | SJRP §4.5 | FIDE 2023
DecisionRequired | Art. 11.7 | FIDE 2023
DecisionRequired | Art. 6.7.1 | FIDE 2023
DecisionRequired | Art. 7.1 | FIDE 2023
DecisionRequired | Guideline III.4 | FIDE 2023
DecisionRequired | Guideline III.5 | FIDE 2023
DecisionRequired | Guideline III.6.2 | FIDE 2023
DecisionRequired | SJRP §4.3 | FIDE 2023
DecisionRequired | SJRP §4.5 | FIDE 2023
DeviceAllowed | SJRP §4.2 | FIDE 2023
DrawAgreementInvalid | Art. 5.2.3 | FIDE 2023
DrawAgreementInvalid | Art. 9.1.1 | FIDE 2023
DrawOfferClosed | Art. 9.1.2.1 | FIDE 2023
DrawOffered | Art. 9.1.2.1 | FIDE 2023
DrawOffered | Art. 9.1.2.3 | FIDE 2018
DrawOffered | Art. 9.1.2.3 | FIDE 2023
DrawOffered | Guideline III.4 | FIDE 2023
GameEnded | Appendix A.4.3 (2018) | FIDE 2018
GameEnded | Appendix A.5.3 | FIDE 2023
GameEnded | Art. 11.3.2.2 | FIDE 2023
GameEnded | Art. 11.7 | FIDE 2023
GameEnded | Art. 11.8 | FIDE 2023
GameEnded | Art. 5.1.2 | FIDE 2023
GameEnded | Art. 5.2.3 | FIDE 2023
GameEnded | Art. 6.7.1 | FIDE 2023
GameEnded | Art. 6.9 | FIDE 2023
GameEnded | Art. 7.5.5 | FIDE 2018
GameEnded | Art. 7.5.5 | FIDE 2023
GameEnded | Guideline III.5.1 | FIDE 2023
GameEnded | Guideline III.6.2 | FIDE 2023
GameEnded | SJRP §4.2 | FIDE 2023
GameEnded | SJRP §4.5 | FIDE 2023
IllegalMoveCompleted | Appendix A.4.2 (2018) | FIDE 2018
IllegalMoveCompleted | Appendix A.5.2 | FIDE 2023
IllegalMoveCorrected | Art. 7.5.1 | FIDE 2023
IllegalMoveCounted | Art. 7.5.1 | FIDE 2018
IllegalMoveCounted | Art. 7.5.1 | FIDE 2023
IllegalMoveCounted | Art. 7.5.2 | FIDE 2023
IllegalMoveCounted | Art. 7.5.4 | FIDE 2018
IllegalMoveStands | Appendix A.5.2 | FIDE 2023
IncrementIntroduced | Guideline III.4 | FIDE 2023
MoveRefused | Art. 4.4.2 | FIDE 2023
MustMove | Art. 4.3.1 | FIDE 2018
MustMove | Art. 4.3.1 | FIDE 2023
MustMove | Art. 4.3.3 | FIDE 2023
MustMove | Art. 4.4.1 | FIDE 2023
MustMove | Art. 4.4.2 | FIDE 2023
MustMove | Art. 4.4.3 | FIDE 2018
MustMove | Art. 4.5 | FIDE 2018
MustMove | Art. 4.5 | FIDE 2023
MustMove | Art. 4.7 | FIDE 2023
NewGame | Art. 7.2.1 | FIDE 2018
NewGame | Art. 7.2.1 | FIDE 2023
NewGame | Art. 7.3 | FIDE 2023
NoOpenOffer | Art. 9.1.2.1 | FIDE 2023
NoViolation | Appendix A.2 | FIDE 2023
NoViolation | Art. 11.2.3.2 | FIDE 2023
NotApplied | Appendix A.4.1.1 (2018) | FIDE 2018
NotApplied | Appendix A.5.1.1 | FIDE 2023
NotApplied | SJRP §4.4 | FIDE 2023
PawnReplacedByQueen | Art. 7.5.2 | FIDE 2023
PenaltyAtDiscretion | Appendix A.4.3 | FIDE 2023
PenaltyAtDiscretion | Art. 11.2.3.2 | FIDE 2023
PenaltyAtDiscretion | Art. 8.1.3 | FIDE 2023
PenaltyImposed | Art. 12.9.1 | FIDE 2023
PlayOn | Appendix A.4.1.2 (2018) | FIDE 2018
PlayOn | Appendix A.5.1.2 | FIDE 2023
PlayOn | Art. 7.3 | FIDE 2018
PlayOn | Art. 7.3 | FIDE 2023
PositionRestored | Art. 4.8 | FIDE 2023
PositionRestored | Art. 7.5.1 | FIDE 2018
PositionRestored | Art. 7.5.1 | FIDE 2023
PositionRestored | Art. 7.6 | FIDE 2023
ScoresheetShown | Appendix A.4.3 | FIDE 2023
SealedMoveMade | Guideline I.9.1 | FIDE 2023
TimeAdded | Appendix A.3 | FIDE 2023
TimeAdded | Appendix B.2 (2018) | FIDE 2018
TimeAdded | Art. 7.5.5 | FIDE 2018
TimeAdded | Art. 7.5.5 | FIDE 2023
TimeAdded | Art. 9.5.2 | FIDE 2023
TimeAdded | Guideline III.4 | FIDE 2023
TimeAdded | Guideline III.5.3 | FIDE 2023
TimeAdded | SJRP §4.5 | FIDE 2023
WrittenMoveBinding | Art. 9.5.2 | FIDE 2023
";

// ---------------------------------------------------------------- item 8

fn question_of(out: &[Cited]) -> Option<(Question, Vec<Choice>, &'static str)> {
    out.iter().find_map(|c| match &c.ruling {
        Ruling::DecisionRequired { question, options } => {
            Some((*question, options.clone(), c.article.as_str()))
        }
        _ => None,
    })
}

#[test]
fn h20_08_late_arrival_loses_unless_the_arbiter_decides_otherwise() {
    // 6.7.1: "verliert die Partie, außer die Schiedsrichterin / der Schiedsrichter entscheidet anders."
    let mut a = arbiter("startpos", RAPID, Profile::FIDE_2023);
    a.apply(0, Action::Arrive(White)).unwrap();
    let out = a.apply(5_000, Action::Arrive(Black)).unwrap();
    assert_eq!(
        question_of(&out),
        Some((
            Question::LateArrival {
                absent: Some(Black)
            },
            vec![Choice::Loss, Choice::PlayOn],
            "Art. 6.7.1"
        ))
    );
    assert!(a.result().is_none());
    let out = a.apply(6_000, Action::Decision(Choice::PlayOn)).unwrap();
    assert!(
        out.iter()
            .any(|c| c.ruling == Ruling::Decided(Choice::PlayOn))
    );
    assert!(a.result().is_none());
    let e4 = san(&a, "e4");
    a.apply(7_000, Action::Move { by: White, mv: e4 }).unwrap();
    assert_eq!(a.game().ply(), 1);
}

#[test]
fn h20_08_both_absent_lose_both_when_the_arbiter_so_decides() {
    let mut a = arbiter("startpos", STANDARD, Profile::SJRP_U8_U12);
    let out = a.apply(16 * 60_000, Action::CheckAbsence).unwrap();
    let (question, _, article) = question_of(&out).unwrap();
    assert_eq!(question, Question::LateArrival { absent: None });
    assert_eq!(article, "SJRP §4.3");
    a.apply(16 * 60_000, Action::Decision(Choice::Loss))
        .unwrap();
    assert_eq!(
        a.result().map(|(r, art)| (r, art.as_str())),
        Some((GameScore::BOTH_LOSE, "SJRP §4.3"))
    );
}

#[test]
fn h20_08_persistent_refusal_the_arbiter_sets_the_opponents_score() {
    // 11.7: "Die von der Gegnerin / vom Gegner erzielte Punktzahl wird von der
    // Schiedsrichterin / vom Schiedsrichter bestimmt." The engine proposes 1 when
    // the opponent can checkmate.
    let mut a = arbiter("startpos", BLITZ, Profile::FIDE_2023);
    let out = a.apply(1_000, Action::PersistentRefusal(Black)).unwrap();
    let (question, options, article) = question_of(&out).unwrap();
    assert_eq!(question, Question::PersistentRefusal { offender: Black });
    assert_eq!(article, "Art. 11.7");
    assert_eq!(options[0], Choice::OpponentScore(Score::One));
    assert_eq!(
        a.apply(1_500, Action::Decision(Choice::Loss)),
        Err(laws::arbiter::ActionError::NotAnOption(Choice::Loss))
    );
    a.apply(2_000, Action::Decision(Choice::OpponentScore(Score::Half)))
        .unwrap();
    let (result, article) = a.result().unwrap();
    assert_eq!(
        (result.to_string().as_str(), article.as_str()),
        ("1/2-0", "Art. 11.7")
    );
}

#[test]
fn h20_08_both_refuse_both_lose() {
    // 11.8: "Wenn sich beide Spielende gemäß Artikel 11.7 schuldig machen, wird
    // für beide das Spiel für verloren erklärt."
    let mut a = arbiter("startpos", STANDARD, Profile::FIDE_2018);
    a.apply(1_000, Action::BothRefuse).unwrap();
    let (result, article) = a.result().unwrap();
    assert_eq!(
        (result, article.as_str()),
        (GameScore::BOTH_LOSE, "Art. 11.8")
    );
}

#[test]
fn h20_08_youth_illegal_moves_time_penalty_and_the_opponents_score() {
    // SJRP §4.5: "Die Strafe (Verwarnung, Zeitstrafe bzw. Zeitbonus für den
    // Gegner, Partieverlust) ... legt der Schiedsrichter fest. ... Der
    // Schiedsrichter bestimmt in diesem Fall auch das Ergebnis des Gegners."
    let mut a = arbiter(
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
        RAPID,
        Profile::SJRP_U8_U12,
    );
    let mut t = 0;
    for count in 1..=3 {
        let mv = raw(&a, "h1a8");
        complete(&mut a, &mut t, White, mv);
        let out = a.apply(t, Action::ClaimIllegalMove(Black)).unwrap();
        let (question, options, _) = question_of(&out).unwrap();
        assert_eq!(
            question,
            Question::YouthIllegalMove {
                offender: White,
                count
            }
        );
        assert_eq!(
            &options[..3],
            [
                Choice::Warning,
                Choice::TimePenalty,
                Choice::TimeForOpponent
            ]
        );
        if count < 3 {
            let before = a.clock().remaining(White, t);
            a.apply(t, Action::Decision(Choice::TimePenalty)).unwrap();
            assert_eq!(a.clock().remaining(White, t), before - 60_000);
        }
    }
    let out = a.apply(t, Action::Decision(Choice::Loss)).unwrap();
    let (question, options, article) = question_of(&out).unwrap();
    assert_eq!(question, Question::YouthLossScore { offender: White });
    assert_eq!(article, "SJRP §4.5");
    // A lone king cannot checkmate: ½ is proposed first.
    assert_eq!(options[0], Choice::OpponentScore(Score::Half));
    a.apply(t, Action::Decision(Choice::OpponentScore(Score::Half)))
        .unwrap();
    let (result, article) = a.result().unwrap();
    assert_eq!(
        (result.to_string().as_str(), article.as_str()),
        ("0-1/2", "SJRP §4.5")
    );
}
