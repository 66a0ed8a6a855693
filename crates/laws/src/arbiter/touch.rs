//! Touch-move (Art. 4): touched, released and adjusted pieces and touch-move claims.

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use crate::Article;
use crate::clock::Adjustment;
use crate::game::Game;
use crate::penalties::Conduct;
use crate::position::lawful_moves;

use super::draws::WRITTEN_MOVE;
use super::{ActionError, Arbiter, ClaimFailure, Out, Ruling};

/// Art. 4.3: the touch-move rule, with no piece touched yet: every legal move is allowed.
const TOUCH_MOVE: Article = Article::new("Art. 4.3");
/// Art. 4.5: no touched piece can be moved or captured: any legal move.
const NO_TOUCHED_PIECE_MOVES: Article = Article::new("Art. 4.5");
/// Art. 4.4.1: king, then rook touched: castle on that side if legal.
const KING_THEN_ROOK_CASTLES: Article = Article::new("Art. 4.4.1");
/// Art. 4.4.3: castling on that side not legal: another king move, else any move.
const CASTLING_ILLEGAL_KING_MOVES: Article = Article::new("Art. 4.4.3");
/// Art. 4.8: the claim of a touch-move violation, lost once the claimant touches a piece.
const TOUCH_MOVE_CLAIM: Article = Article::new("Art. 4.8");
/// Art. 4.2.1: only the player on move may adjust pieces.
const ADJUSTING: Article = Article::new("Art. 4.2.1");

/// Art. 4.3.1: "... muss sie / er die zuerst berührte Figur ziehen, die gezogen werden kann".
const TOUCHED_OWN: Article = Article::new("Art. 4.3.1");
/// Art. 4.3.2: "... muss sie / er die zuerst berührte Figur schlagen, die geschlagen werden kann".
const TOUCHED_OPPONENTS: Article = Article::new("Art. 4.3.2");
/// Art. 4.3.3: pieces of both colours touched.
const TOUCHED_BOTH_COLOURS: Article = Article::new("Art. 4.3.3");
/// Art. 4.4.2: rook, then king: no castling with that rook; 4.3.1 decides.
const TOUCHED_ROOK_THEN_KING: Article = Article::new("Art. 4.4.2");
/// Art. 4.7: "... kann sie in diesem Zug nicht mehr auf ein anderes Feld gezogen werden."
const RELEASED: Article = Article::new("Art. 4.7");
/// Art. 4.7.2: the king released: "... darf keinen anderen Zug als die Rochade auf dieser Seite ausführen".
const RELEASED_KING_CASTLES: Article = Article::new("Art. 4.7.2");
/// Art. 4.4.4: "... ist die Wahl der Figur endgültig, sobald die Figur das Umwandlungsfeld berührt hat."
const PROMOTION_PIECE_FIXED: Article = Article::new("Art. 4.4.4");

/// A piece released on a square as part of a legal move (Art. 4.7, 4.4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Released {
    from: Square,
    to: Square,
    promotion: Option<Role>,
}

impl Released {
    /// The sentence that binds the move: the king released on its castling square binds
    /// the castling (Art. 4.7.2), a new piece placed on the promotion square fixes the
    /// choice (4.4.4), any other piece released is moved (4.7).
    fn article(self, bound: &[Move]) -> Article {
        if bound.iter().all(|m| matches!(m, Move::Castle { .. })) {
            RELEASED_KING_CASTLES
        } else if self.promotion.is_some() {
            PROMOTION_PIECE_FIXED
        } else {
            RELEASED
        }
    }

    /// Whether `m` is the move the release is part of.
    fn binds(self, m: &Move) -> bool {
        let to = match *m {
            Move::Castle { king, rook } => {
                let side = shakmaty::CastlingSide::from_queen_side(rook < king);
                Square::from_coords(side.king_to_file(), king.rank())
            }
            _ => m.to(),
        };
        m.from() == Some(self.from)
            && to == self.to
            && self.promotion.is_none_or(|p| m.promotion() == Some(p))
    }
}

impl Arbiter {
    /// [`allowed_moves`](Self::allowed_moves) with the provision that narrows them.
    pub(super) fn obligation(&self) -> (Vec<Move>, Article) {
        let position = self.game.position();
        let legal = lawful_moves(position);
        if let Some(w) = self.written.filter(|w| legal.contains(w)) {
            return (vec![w], WRITTEN_MOVE);
        }
        if let Some(r) = self.released {
            let bound: Vec<Move> = legal.iter().filter(|m| r.binds(m)).copied().collect();
            if !bound.is_empty() {
                let article = r.article(&bound);
                return (bound, article);
            }
        }
        if let Some(bound) = self.castling_obligation() {
            return bound;
        }
        self.touch_obligation(&legal)
    }

    /// Art. 4.4.2: the rook touched first, then the king: no castling with
    /// that rook on this move (4.3.1 decides). `None` otherwise.
    fn banned_rook(&self) -> Option<Square> {
        let position = self.game.position();
        let own = position.us();
        let king = position.board().king_of(position.turn());
        match self.touched[..] {
            [rook, ref rest @ ..]
                if own.contains(rook)
                    && position.board().role_at(rook) == Some(Role::Rook)
                    && king.is_some_and(|k| rest.contains(&k)) =>
            {
                Some(rook)
            }
            _ => None,
        }
    }

    /// Art. 4.3-4.5: the moves the touched pieces leave among `legal`, with the
    /// sentence that binds them.
    fn touch_obligation(&self, legal: &[Move]) -> (Vec<Move>, Article) {
        let position = self.game.position();
        let own = position.us();
        let banned_rook = self.banned_rook();
        let legal: Vec<Move> = legal
            .iter()
            .filter(|m| !matches!(m, Move::Castle { rook, .. } if Some(*rook) == banned_rook))
            .copied()
            .collect();
        // Art. 4.3.3: own piece and an opponent's piece touched: capture it with that piece if legal.
        let first_own = self.touched.iter().find(|&&s| own.contains(s));
        let first_theirs = self.touched.iter().find(|&&s| position.them().contains(s));
        // The sentence that binds: 4.4.2 after rook then king, 4.3.3 when pieces of both
        // colours were touched, else 4.3.1 (own piece) or 4.3.2 (the opponent's).
        let touch_article = |square: Square| {
            if banned_rook.is_some() {
                TOUCHED_ROOK_THEN_KING
            } else if first_own.is_some() && first_theirs.is_some() {
                TOUCHED_BOTH_COLOURS
            } else if own.contains(square) {
                TOUCHED_OWN
            } else {
                TOUCHED_OPPONENTS
            }
        };
        if let (Some(&from), Some(&to)) = (first_own, first_theirs) {
            let captures: Vec<Move> = legal
                .iter()
                .filter(|m| m.from() == Some(from) && m.is_capture() && capture_square(m) == to)
                .copied()
                .collect();
            if !captures.is_empty() {
                return (captures, TOUCHED_BOTH_COLOURS);
            }
        }
        // Art. 4.3.1, 4.3.2 (and 4.3.3): the first touched piece that can be moved or captured.
        for &square in &self.touched {
            let moves = moves_with(&legal, square, own.contains(square));
            if !moves.is_empty() {
                return (moves, touch_article(square));
            }
        }
        // Art. 4.5: no touched piece can be moved or captured (or none was touched).
        let article = if self.touched.is_empty() {
            TOUCH_MOVE
        } else {
            NO_TOUCHED_PIECE_MOVES
        };
        (legal, article)
    }

    /// Art. 4.4.1, 4.4.3: the player touched his king and then a rook. He
    /// must castle on that side if it is legal; otherwise he must make another
    /// legal king move (castling with the other rook included), and if the
    /// king has none, any legal move. `None` if the touches were not king, rook.
    pub(super) fn castling_obligation(&self) -> Option<(Vec<Move>, Article)> {
        let position = self.game.position();
        let board = position.board();
        let &[king, rook, ..] = &self.touched[..] else {
            return None;
        };
        let own = |s: Square, role| position.us().contains(s) && board.role_at(s) == Some(role);
        if !own(king, Role::King) || !own(rook, Role::Rook) {
            return None;
        }
        let legal = lawful_moves(position);
        let castle: Vec<Move> = legal
            .iter()
            .filter(|m| matches!(m, Move::Castle { king: k, rook: r } if *k == king && *r == rook))
            .copied()
            .collect();
        if !castle.is_empty() {
            return Some((castle, KING_THEN_ROOK_CASTLES));
        }
        let king_moves: Vec<Move> = legal
            .iter()
            .filter(|m| m.from() == Some(king))
            .copied()
            .collect();
        let allowed = if king_moves.is_empty() {
            legal.to_vec()
        } else {
            king_moves
        };
        Some((allowed, CASTLING_ILLEGAL_KING_MOVES))
    }

    /// Art. 4.7: a piece released on a square as part of a legal move binds
    /// the move; one released on a square no legal move reaches binds only
    /// the piece (4.3; A-021).
    pub(super) fn on_release(
        &mut self,
        out: &mut Out,
        by: Color,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<(), ActionError> {
        let release = Released {
            from,
            to,
            promotion,
        };
        self.require_on_move(by)?;
        let position = self.game.position();
        if !position.us().contains(release.from) {
            return Err(ActionError::NoPiece(release.from));
        }
        if !self.touched.contains(&release.from) {
            self.touched.push(release.from);
        }
        if lawful_moves(position).iter().any(|m| release.binds(m)) {
            self.released = Some(release);
        }
        let (allowed, article) = self.obligation();
        self.cite(out, Ruling::MustMove { by, allowed }, article);
        Ok(())
    }

    /// Art. 7.5.1: Art. 4.3 binds the move that replaces the illegal one,
    /// for every piece it touched: the piece moved and a piece it captured
    /// (4.3.3), or king and rook of a castling (4.4).
    pub(super) fn touch_after_restore(&mut self, out: &mut Out, by: Color, mv: Move) {
        self.touched = touched_by(self.game.position(), mv);
        let (allowed, article) = self.obligation();
        self.cite(out, Ruling::MustMove { by, allowed }, article);
    }

    pub(super) fn on_touch(&mut self, out: &mut Out, by: Color, square: Square) {
        if self.draw_offer == Some(!by) {
            self.close_offer(out, !by);
        }
        let position = self.game.position();
        if position.turn() != by || position.board().piece_at(square).is_none() {
            return;
        }
        self.touched.push(square);
        let (allowed, article) = self.obligation();
        self.cite(out, Ruling::MustMove { by, allowed }, article);
    }

    /// Art. 4.8: a claim that the opponent's last move broke touch-move. It
    /// fails once the claimant has touched a piece to move it; upheld, the
    /// move is taken back and the offender must move or capture the touched
    /// piece (4.3), if any legal move does (4.5).
    pub(super) fn on_touch_move_claim(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        by: Color,
        square: Square,
    ) -> Result<(), ActionError> {
        self.require_on_move(by)?;
        let reject = |this: &Arbiter, out: &mut Out, failure, article| {
            this.cite(out, Ruling::ClaimRejected { by, failure }, article);
        };
        if !self.touched.is_empty() {
            reject(self, out, ClaimFailure::PieceTouched, TOUCH_MOVE_CLAIM);
            return Ok(());
        }
        let ply = self.game.ply();
        let (Some(&last), Some(before)) = (
            self.game.moves().last(),
            ply.checked_sub(1).and_then(|p| self.game.position_at(p)),
        ) else {
            reject(self, out, ClaimFailure::NothingToClaim, TOUCH_MOVE_CLAIM);
            return Ok(());
        };
        if self.limbo.is_some() || before.board().piece_at(square).is_none() {
            return Err(ActionError::NoPiece(square));
        }
        let mut rewound = Game::new(self.game.start().clone());
        for &mv in &self.game.moves()[..self.game.moves().len() - 1] {
            if rewound.play(mv).is_err() {
                return Err(ActionError::UnrepresentablePosition);
            }
        }
        let offender = !by;
        let saved = std::mem::replace(&mut self.game, rewound);
        let touched = std::mem::replace(&mut self.touched, vec![square]);
        let (allowed, article) = self.obligation();
        if allowed.contains(&last) {
            self.game = saved;
            self.touched = touched;
            reject(self, out, ClaimFailure::Incorrect, TOUCH_MOVE);
            return Ok(());
        }
        self.moves_made[offender] = self.moves_made[offender].saturating_sub(1);
        self.uncompleted = None;
        self.written = None;
        self.released = None;
        if self.clock.running() == Some(by) {
            self.restore_clock(at_ms, offender);
        } else if self.clock.set_to_move(offender).is_ok() {
            // The clock stopped for the claim restarts with the offender's time running.
            let remaining = self.clock.remaining(offender, at_ms);
            let moves = self.clock.moves_completed(offender).saturating_sub(1);
            if let Ok(r) = self
                .clock
                .set(offender, remaining, moves, Adjustment::Restoration)
            {
                self.clock_rulings(out, vec![r]);
            }
        }
        self.cite(
            out,
            Ruling::PositionRestored { ply: self.ply() },
            TOUCH_MOVE_CLAIM,
        );
        let by = offender;
        self.cite(out, Ruling::MustMove { by, allowed }, article);
        Ok(())
    }

    /// Art. 4.2.1: the player on move may adjust; off move it is forbidden conduct.
    pub(super) fn on_adjust(
        &mut self,
        out: &mut Out,
        by: Color,
        square: Square,
    ) -> Result<(), ActionError> {
        if self.limbo.is_none() && self.game.position().board().color_at(square).is_none() {
            return Err(ActionError::NoPiece(square));
        }
        if self.turn() == by {
            self.cite(out, Ruling::Adjusted { by }, ADJUSTING);
        } else {
            self.misconduct(out, by, Conduct::AdjustingOffMove);
        }
        Ok(())
    }
}

/// The squares a player touched to make `mv` in `position`, in order: the
/// piece moved, then the opponent's piece it captured or the castling rook
/// (Art. 4.3.3: when the order is unclear, the own piece counts as first).
pub(super) fn touched_by(position: &Chess, mv: Move) -> Vec<Square> {
    let mut squares: Vec<Square> = mv.from().into_iter().collect();
    match mv {
        Move::Castle { rook, .. } => squares.push(rook),
        _ if mv.is_capture() && position.them().contains(capture_square(&mv)) => {
            squares.push(capture_square(&mv));
        }
        _ => {}
    }
    squares
}

/// The moves of `legal` that move the piece on `square` (`own`) or capture it.
fn moves_with(legal: &[Move], square: Square, own: bool) -> Vec<Move> {
    legal
        .iter()
        .filter(|m| {
            if own {
                m.from() == Some(square)
            } else {
                m.is_capture() && capture_square(m) == square
            }
        })
        .copied()
        .collect()
}

/// The square of the piece a move captures (differs from `to` for en passant).
fn capture_square(m: &Move) -> Square {
    match *m {
        Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
        _ => m.to(),
    }
}
