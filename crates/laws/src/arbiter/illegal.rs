//! Illegal moves and irregularities (Art. 7, Appendix A.5.2 / B, SJRP §4.5 youth regime).

use shakmaty::{Chess, Color, FromSetup, Move, Position, Role, Square};

use crate::Article;
use crate::clock::{Adjustment, Clock};
use crate::edition::{Edition, IllegalMoveRegime};
use crate::game::Game;
use crate::irregularities::proportional_time_used_ms;
use crate::penalties::Penalty;
use crate::position::{StartingPosition, is_lawful};

use super::{
    ActionError, Arbiter, Choice, ClaimFailure, IllegalAct, Irregularity, Out, Pending, Question,
    Ruling, Unnoticed,
};

/// Art. 7.2.1: a wrong initial position found during the game: a new game.
pub(super) const WRONG_INITIAL_POSITION: Article = Article::new("Art. 7.2.1");
/// Art. 7.2.2: a misplaced board: the position is transferred to a correct board.
const BOARD_MISPLACED: Article = Article::new("Art. 7.2.2");
/// Art. 7.3: colours reversed: a new game unless ten moves each are completed.
const COLOURS_REVERSED: Article = Article::new("Art. 7.3");
/// Art. 7.5.1: the position before the illegal move is reinstated; 4.3 binds the replacement.
const ILLEGAL_MOVE: Article = Article::new("Art. 7.5.1");
/// Art. 7.5.2: a pawn on the last rank not replaced: it becomes a queen.
const UNREPLACED_PAWN: Article = Article::new("Art. 7.5.2");
/// Art. 7.5.5: two minutes for the opponent (one in rapid and blitz), the second illegal move loses.
const ILLEGAL_MOVE_PENALTY: Article = Article::new("Art. 7.5.5");
/// Art. 7.6: a displaced piece found later: the position before it is reinstated.
const DISPLACED_PIECE: Article = Article::new("Art. 7.6");
/// Art. 7.1: the arbiter sets the clocks by best judgement after a position is reinstated.
const CLOCKS_AFTER_RESTORE: Article = Article::new("Art. 7.1");
/// SJRP §4.5: the youth regime for illegal moves; the arbiter decides the penalty and the opponent's score.
pub(super) const YOUTH_ILLEGAL_MOVES: Article = Article::new("SJRP §4.5");
/// Appendix A.5.1.2: after ten moves each, a wrong setup of pieces or board can no longer be claimed.
const SETUP_FIXED: Article = Article::new("Appendix A.5.1.2");
/// Appendix A.4.1.2 (2018): the same for the 2018 Laws.
const SETUP_FIXED_2018: Article = Article::new("Appendix A.4.1.2 (2018)");

impl Arbiter {
    /// An illegal move nobody notices: it is executed on the board and the
    /// game goes on from the position it produced, the record before it kept
    /// for Art. 7.5.1. A legal move is an ordinary move.
    pub(super) fn on_unnoticed_move(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        by: Color,
        mv: Move,
    ) -> Result<(), ActionError> {
        if self.limbo.is_some() || is_lawful(self.game.position(), mv) {
            return self.on_move(out, at_ms, by, mv);
        }
        self.require_on_move(by)?;
        if mv
            .from()
            .is_none_or(|from| !self.game.position().us().contains(from))
        {
            return Err(ActionError::NoPiece(mv.from().unwrap_or(mv.to())));
        }
        let r = self.clock.execute_move(by, at_ms)?;
        self.clock_rulings(out, r);
        self.snapshot(Some((by, mv)));
        let mut after = self.game.position().clone();
        after.play_unchecked(mv);
        if !self.reroot(&after, 1) {
            self.limbo = Some((after, 1));
        }
        self.moves_made[by] += 1;
        self.touched.clear();
        self.written = None;
        self.released = None;
        self.uncompleted = Some(by);
        Ok(())
    }

    /// A move in a position the laws core cannot play on (after an unnoticed
    /// illegal move left the mover's king in check): the piece is moved as
    /// it was, and play continues normally once the position is playable.
    pub(super) fn limbo_move(
        &mut self,
        at_ms: u64,
        by: Color,
        mv: Move,
        out: &mut Out,
    ) -> Result<(), ActionError> {
        let Some((position, plies)) = self.limbo.clone() else {
            return Ok(());
        };
        let board = position.board();
        let from = mv.from().unwrap_or(mv.to());
        if board.color_at(from) != Some(by) || board.role_at(mv.to()) == Some(Role::King) {
            return Err(ActionError::NoPiece(from));
        }
        let r = self.clock.execute_move(by, at_ms)?;
        self.clock_rulings(out, r);
        let mut after = position;
        after.play_unchecked(mv);
        if !self.reroot(&after, plies + 1) {
            self.limbo = Some((after, plies + 1));
        }
        self.moves_made[by] += 1;
        self.touched.clear();
        self.uncompleted = Some(by);
        Ok(())
    }

    pub(super) fn snapshot(&mut self, offender: Option<(Color, Move)>) {
        self.unnoticed.push(Unnoticed {
            ply: self.ply(),
            offender,
            game: self.game.clone(),
            ply_offset: self.ply_offset,
            moves_made: self.moves_made,
        });
    }

    /// Art. 7.6: a piece displaced without a move; the side to move stays.
    pub(super) fn on_displace(&mut self, from: Square, to: Square) -> Result<(), ActionError> {
        if self.limbo.is_some() {
            return Err(ActionError::UnrepresentablePosition);
        }
        let mut setup = self
            .game
            .position()
            .to_setup(shakmaty::EnPassantMode::Legal);
        let piece = setup
            .board
            .remove_piece_at(from)
            .ok_or(ActionError::NoPiece(from))?;
        setup.board.set_piece_at(to, piece);
        let mode = self.game.start().castling_mode();
        let after = Chess::from_setup(setup, mode)
            .or_else(shakmaty::PositionError::ignore_invalid_castling_rights)
            .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
            .map_err(|_| ActionError::UnrepresentablePosition)?;
        let before = (self.game.clone(), self.ply_offset);
        if !self.reroot(&after, 0) {
            return Err(ActionError::UnrepresentablePosition);
        }
        self.unnoticed.push(Unnoticed {
            ply: before.1 + before.0.ply(),
            offender: None,
            game: before.0,
            ply_offset: before.1,
            moves_made: self.moves_made,
        });
        Ok(())
    }

    /// Art. 7.5.1, 7.6: the irregularity at `ply` is found during the game.
    /// The position immediately before it is reinstated and the later moves
    /// are annulled; an illegal move counts (7.5.5) and the arbiter decides
    /// the clocks (7.1). In unsupervised rapid and blitz an illegal move the
    /// opponent has answered stands (A.5.2).
    pub(super) fn on_discovered(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        ply: u32,
        illegal_move: bool,
    ) -> Result<(), ActionError> {
        let index = self
            .unnoticed
            .iter()
            .position(|u| u.ply == ply && u.offender.is_some() == illegal_move)
            .ok_or(ActionError::NothingAt(ply))?;
        if let Some((by, _)) = self.unnoticed[index].offender
            && self.unsupervised()
            && self.ply() > ply + 1
        {
            self.unnoticed.remove(index);
            let article = self.profile.unsupervised_illegal_move_article();
            self.cite(out, Ruling::IllegalMoveStands { by }, article);
            return Ok(());
        }
        let Some(snapshot) = self.unnoticed.split_off(index).into_iter().next() else {
            return Err(ActionError::NothingAt(ply));
        };
        let played = [
            self.clock.moves_completed(Color::White),
            self.clock.moves_completed(Color::Black),
        ];
        if self.clock.running().is_some() {
            let r = self.clock.stop(at_ms)?;
            self.clock_rulings(out, r);
        }
        let offender = self.reinstate(snapshot);
        let article = if illegal_move {
            ILLEGAL_MOVE
        } else {
            DISPLACED_PIECE
        };
        self.cite(out, Ruling::PositionRestored { ply }, article);
        self.set_clocks_to_reinstated(out, at_ms);
        if let Some((by, mv)) = offender {
            self.touch_after_restore(out, by, mv);
            self.last_offence[by] = Some(self.game.ply());
            self.illegal_moves[by] += 1;
            let count = self.illegal_moves[by];
            self.cite(out, Ruling::IllegalMoveCounted { by, count }, ILLEGAL_MOVE);
            if self.profile.illegal_moves == IllegalMoveRegime::Fide && count >= 2 {
                self.lose_unless_opponent_cannot_mate(out, at_ms, by, ILLEGAL_MOVE_PENALTY);
                return Ok(());
            }
        }
        self.ask(
            out,
            Question::ClocksAfterRestore {
                offender: offender.map(|(by, _)| by),
                played,
            },
            vec![Choice::KeepClocks, Choice::Proportional],
            CLOCKS_AFTER_RESTORE,
        );
        Ok(())
    }

    /// The record before the irregularity becomes the game again; everything
    /// that depended on the later moves is dropped (Art. 7.5.1, 7.6).
    /// Returns who made the illegal move, and the move.
    fn reinstate(&mut self, snapshot: Unnoticed) -> Option<(Color, Move)> {
        self.game = snapshot.game;
        self.ply_offset = snapshot.ply_offset;
        self.moves_made = snapshot.moves_made;
        self.limbo = None;
        self.pending = None;
        self.touched.clear();
        self.written = None;
        self.released = None;
        self.uncompleted = None;
        snapshot.offender
    }

    /// Art. 7.1: the clock of the side to move in the reinstated position, with
    /// the move counters set back; the times stay until the arbiter decides.
    fn set_clocks_to_reinstated(&mut self, out: &mut Out, at_ms: u64) {
        let turn = self.game.position().turn();
        if self.clock.set_to_move(turn).is_err() {
            return;
        }
        for color in Color::ALL {
            let remaining = self.clock.remaining(color, at_ms);
            let moves = self.moves_made[color];
            if let Ok(r) = self
                .clock
                .set(color, remaining, moves, Adjustment::Restoration)
            {
                self.clock_rulings(out, vec![r]);
            }
        }
    }

    /// Art. 7.1: each player keeps the time used in proportion to
    /// the moves kept; increments of annulled moves are withdrawn.
    pub(super) fn proportional_clocks(&mut self, out: &mut Out, at_ms: u64, played: [u32; 2]) {
        for (color, played) in Color::ALL.into_iter().zip(played) {
            let kept = self.moves_made[color];
            let schedule = self.clock.control().schedule(color);
            let used = schedule
                .allotted_ms(played)
                .saturating_sub(self.clock.remaining(color, at_ms));
            let Some(used) = proportional_time_used_ms(used, played, kept) else {
                continue;
            };
            let remaining = schedule.allotted_ms(kept).saturating_sub(used).max(1);
            if let Ok(r) = self
                .clock
                .set(color, remaining, kept, Adjustment::Restoration)
            {
                self.clock_rulings(out, vec![r]);
            }
        }
    }

    /// A.5.2: the unclaimed illegal move stands as played. The game continues
    /// from the position it produced as a new record, so repetitions (9.2, 9.6)
    /// count from there; a position no FEN can start a game from (a pawn left
    /// on the last rank, the mover's own king left in check) is kept as it
    /// stands ([`StartingPosition::stood`]) and later moves are judged on it by Art. 3.
    pub(super) fn stand(&mut self, out: &mut Out, p: Pending) -> Result<(), ActionError> {
        self.cite(
            out,
            Ruling::IllegalMoveStands { by: p.by },
            self.profile.unsupervised_illegal_move_article(),
        );
        let mv = match p.act {
            IllegalAct::Move(mv) => mv,
            IllegalAct::UnreplacedPawn(mv) => mv,
            IllegalAct::PressWithoutMove | IllegalAct::TwoHands => return Ok(()),
        };
        let mut after = self.game.position().clone();
        after.play_unchecked(mv);
        if !self.reroot(&after, 1) && !self.reroot_stood(after, 1) {
            return Err(ActionError::UnrepresentablePosition);
        }
        self.moves_made[p.by] += 1;
        Ok(())
    }

    /// Continues the game from `after`, reached `plies` half-moves after the
    /// current position by moves the record cannot hold; `false` if the laws
    /// core cannot play on from it.
    pub(super) fn reroot(&mut self, after: &Chess, plies: u32) -> bool {
        let Ok(start) = self.game.start().fen_of(after).parse::<StartingPosition>() else {
            return false;
        };
        self.ply_offset += self.game.ply() + plies;
        self.game = Game::new(start);
        self.limbo = None;
        true
    }

    /// [`reroot`](Self::reroot) onto a position that only an illegal move
    /// that stood can produce (A.5.2); `false` if a king is missing.
    pub(super) fn reroot_stood(&mut self, after: Chess, plies: u32) -> bool {
        let Some(start) = self.game.start().stood(after) else {
            return false;
        };
        self.ply_offset += self.game.ply() + plies;
        self.game = Game::new(start);
        self.limbo = None;
        true
    }

    pub(super) fn on_two_hands(&mut self, out: &mut Out, at_ms: u64, by: Color) {
        if self.pending.is_some_and(|p| p.by == by)
            || self.last_offence[by] == Some(self.game.ply())
        {
            self.cite(out, Ruling::CountedOnce { by }, ILLEGAL_MOVE_PENALTY);
            return;
        }
        self.illegal_procedure(out, at_ms, by, IllegalAct::TwoHands);
    }

    pub(super) fn on_intervene(&mut self, out: &mut Out, at_ms: u64) {
        match self.pending.take() {
            Some(p) if !p.completed => {
                self.cite(out, Ruling::IllegalMoveCorrected { by: p.by }, ILLEGAL_MOVE);
                if let IllegalAct::Move(mv) | IllegalAct::UnreplacedPawn(mv) = p.act {
                    self.touch_after_restore(out, p.by, mv);
                }
            }
            Some(p) => self.illegal_procedure(out, at_ms, p.by, p.act),
            None => {}
        }
    }

    /// Art. 7.5.1-7.5.5 for a completed illegal act.
    pub(super) fn illegal_procedure(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        by: Color,
        act: IllegalAct,
    ) {
        match act {
            IllegalAct::Move(mv) => {
                let ply = self.ply();
                self.cite(out, Ruling::PositionRestored { ply }, ILLEGAL_MOVE);
                if self.clock.running() == Some(!by) {
                    self.restore_clock(at_ms, by);
                }
                self.touch_after_restore(out, by, mv);
            }
            IllegalAct::UnreplacedPawn(mv) => {
                self.cite(
                    out,
                    Ruling::PawnReplacedByQueen { square: mv.to() },
                    UNREPLACED_PAWN,
                );
                self.play(out, at_ms, by, queen(mv));
                self.uncompleted = None;
            }
            IllegalAct::PressWithoutMove | IllegalAct::TwoHands => {}
        }
        if self.result.is_some() {
            return;
        }
        self.last_offence[by] = Some(self.game.ply());
        self.illegal_moves[by] += 1;
        let count = self.illegal_moves[by];
        self.cite(out, Ruling::IllegalMoveCounted { by, count }, act.article());
        self.penalise(out, at_ms, by, count);
    }

    /// Art. 7.5.5 (or SJRP §4.5) for `by`'s `count`-th completed illegal move.
    pub(super) fn penalise(&mut self, out: &mut Out, at_ms: u64, by: Color, count: u32) {
        match self.profile.illegal_moves {
            IllegalMoveRegime::Youth => {
                let mut options = vec![
                    Choice::Warning,
                    Choice::TimePenalty,
                    Choice::TimeForOpponent,
                ];
                if count >= 3 {
                    options.push(Choice::Loss);
                }
                self.ask(
                    out,
                    Question::YouthIllegalMove {
                        offender: by,
                        count,
                    },
                    options,
                    YOUTH_ILLEGAL_MOVES,
                );
            }
            IllegalMoveRegime::Fide if count >= 2 => {
                self.lose_unless_opponent_cannot_mate(out, at_ms, by, ILLEGAL_MOVE_PENALTY);
            }
            IllegalMoveRegime::Fide => self.credit_opponent(out, at_ms, !by, ILLEGAL_MOVE_PENALTY),
        }
    }

    /// The illegal move was completed and the opponent's clock started: the
    /// offender's clock runs again for the replacement move, and the move
    /// counters are set back (Art. 7.5.1, 7.1).
    pub(super) fn restore_clock(&mut self, at_ms: u64, by: Color) {
        let before =
            |color: Color, c: &Clock| (color, c.remaining(color, at_ms), c.moves_completed(color));
        let (_, own_ms, own_moves) = before(by, &self.clock);
        let theirs = before(!by, &self.clock);
        // A clock that is stopped or ended keeps its state; the arbiter sets it by hand.
        let _ = (|| {
            self.clock.press(!by, at_ms)?;
            self.clock.stop(at_ms)?;
            for (color, remaining, moves) in [(by, own_ms, own_moves.saturating_sub(1)), theirs] {
                self.clock
                    .set(color, remaining, moves, Adjustment::Restoration)?;
            }
            self.clock.restart(at_ms)
        })();
    }

    pub(super) fn on_irregularity(&mut self, out: &mut Out, at_ms: u64, kind: Irregularity) {
        let ten_each = self.moves_made.white >= 10 && self.moves_made.black >= 10;
        let frozen = self.unsupervised() && ten_each;
        let fixed = match self.profile.edition {
            Edition::Fide2018 => SETUP_FIXED_2018,
            Edition::Fide2023 => SETUP_FIXED,
        };
        match kind {
            Irregularity::WrongInitialPosition if frozen => self.cite(out, Ruling::PlayOn, fixed),
            Irregularity::WrongInitialPosition => {
                self.annul(out, at_ms, WRONG_INITIAL_POSITION);
            }
            Irregularity::BoardMisplaced if frozen => self.cite(out, Ruling::PlayOn, fixed),
            Irregularity::BoardMisplaced => self.cite(out, Ruling::BoardCorrected, BOARD_MISPLACED),
            Irregularity::ColoursReversed if ten_each => {
                self.cite(out, Ruling::PlayOn, COLOURS_REVERSED)
            }
            Irregularity::ColoursReversed => self.annul(out, at_ms, COLOURS_REVERSED),
        }
    }

    pub(super) fn annul(&mut self, out: &mut Out, at_ms: u64, article: Article) {
        if self.clock.running().is_some() {
            let _ = self.clock.end(at_ms, None);
        }
        self.annulled = true;
        self.draw_offer = None;
        self.cite(out, Ruling::NewGame, article);
    }

    /// Art. 7.5.2: a pawn moved to the last rank and not replaced; completed
    /// by pressing the clock.
    pub(super) fn on_unreplaced_pawn(&mut self, by: Color, mv: Move) -> Result<(), ActionError> {
        self.require_on_move(by)?;
        let promoting = matches!(mv, Move::Normal { role: Role::Pawn, promotion: None, to, .. }
            if to.rank() == by.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First));
        if !promoting || !is_lawful(self.game.position(), queen(mv)) {
            return Err(ActionError::NotAnUnreplacedPawn);
        }
        self.pending = Some(Pending {
            by,
            act: IllegalAct::UnreplacedPawn(mv),
            completed: false,
        });
        Ok(())
    }

    /// A.5.2: the opponent claims a completed illegal move before moving.
    pub(super) fn on_illegal_move_claim(&mut self, out: &mut Out, at_ms: u64, by: Color) {
        match self.pending {
            Some(p) if p.completed && p.by == !by => {
                self.pending = None;
                self.illegal_procedure(out, at_ms, p.by, p.act);
            }
            _ => self.cite(
                out,
                Ruling::ClaimRejected {
                    by,
                    failure: ClaimFailure::NothingToClaim,
                },
                ILLEGAL_MOVE,
            ),
        }
    }

    /// SJRP §4.5: the arbiter's penalty for a youth player's illegal move.
    pub(super) fn decide_youth_illegal_move(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        offender: Color,
        choice: Choice,
    ) {
        self.cite(out, Ruling::Decided(choice), YOUTH_ILLEGAL_MOVES);
        match choice {
            Choice::TimeForOpponent => {
                self.credit_opponent(out, at_ms, !offender, YOUTH_ILLEGAL_MOVES);
            }
            Choice::TimePenalty => {
                let ms = self.profile.time_credit_ms(self.game_type);
                self.deduct_time(out, at_ms, offender, ms);
            }
            Choice::Loss => {
                let options = self.opponent_scores(offender);
                let question = Question::YouthLossScore { offender };
                self.ask(out, question, options, YOUTH_ILLEGAL_MOVES);
            }
            _ => self.penalties.push((offender, Penalty::Warning)),
        }
    }

    /// Art. 7.1: the arbiter's decision on the clocks after a position was
    /// reinstated; then the illegal move found later is penalised (7.5.5).
    pub(super) fn decide_clocks_after_restore(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        offender: Option<Color>,
        played: [u32; 2],
        choice: Choice,
    ) {
        self.cite(out, Ruling::Decided(choice), CLOCKS_AFTER_RESTORE);
        if choice == Choice::Proportional {
            self.proportional_clocks(out, at_ms, played);
        }
        if let Ok(r) = self.clock.restart(at_ms) {
            self.clock_rulings(out, vec![r]);
        }
        if let Some(by) = offender {
            let count = self.illegal_moves[by];
            self.penalise(out, at_ms, by, count);
        }
    }
}

/// The pawn move promoting to a queen (Art. 7.5.2).
fn queen(mv: Move) -> Move {
    match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            ..
        } => Move::Normal {
            role,
            from,
            capture,
            to,
            promotion: Some(Role::Queen),
        },
        other => other,
    }
}
