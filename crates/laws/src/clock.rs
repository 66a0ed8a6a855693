//! The chess clock (Art. 6) as a state machine driven by timestamped events.
//!
//! The clock never reads the time: every event carries `at_ms`, milliseconds
//! since an origin the caller chooses, and events must not go back in time.
//! It knows nothing of positions; it counts completed moves (Art. 6.2.1),
//! adds period time and bonuses (Art. 6.3), records the exact instant each
//! flag falls (Art. 6.1) and rules when a flag is observed or claimed (Art. 6.8).
//! Whether the opponent could still mate (Art. 6.9, second sentence) is for
//! the caller to decide with the position.
//!
//! ```
//! use laws::clock::{Clock, Ruling};
//! use shakmaty::Color;
//!
//! let mut clock = Clock::new("40/5400+30:1800+30".parse().unwrap());
//! clock.start(0).unwrap();                      // Art. 6.6: White's clock runs
//! clock.press(Color::White, 20_000).unwrap();   // 1st move after 20 s
//! assert_eq!(clock.remaining(Color::White, 20_000), 5_410_000); // 90:00 − 0:20 + 0:30
//! assert_eq!(clock.running(), Some(Color::Black));
//! assert_eq!(clock.flag_fall_at(), Some((Color::Black, 5_420_000)));
//!
//! // Nobody notices Black's flag; a claim afterwards finds it (Art. 6.8, 6.9).
//! let ruling = clock.observe_flags(6_000_000).unwrap().unwrap();
//! assert!(matches!(ruling, Ruling::TimeExceeded(f) if f.color == Color::Black && f.at_ms == 5_420_000));
//! assert_eq!(ruling.article().as_str(), "Art. 6.9");
//! ```

use std::fmt;

use shakmaty::{ByColor, Color};

use crate::Article;
use crate::game_type::{self, GameType};
use crate::time_control::{Bonus, Schedule, TimeControl};

/// Milliseconds shown as `m:ss` (with `.mmm` when not whole seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seconds(pub u64);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (s, ms) = (self.0 / 1000, self.0 % 1000);
        write!(f, "{}:{:02}", s / 60, s % 60)?;
        if ms != 0 {
            write!(f, ".{ms:03}")?;
        }
        Ok(())
    }
}

/// Whether the clock shows which flag fell first (Guidelines III.3.1); a replay log
/// names it `recorded` or `unknown`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FlagOrder {
    /// Electronic clocks record which flag fell first.
    #[default]
    Recorded,
    /// Mechanical clocks: when both flags are down the order cannot be established.
    Unknown,
}

/// Why the arbiter changes a clock's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Adjustment {
    /// Art. 6.10.1: a defective clock replaced and set by best judgement.
    Replacement,
    /// Art. 6.10.2: a wrong setting corrected, with times and move counter.
    Correction,
    /// Art. 7.5.5: time for the opponent of a player who made an illegal move
    /// (see [`GameType::illegal_move_bonus_ms`](crate::game_type::GameType::illegal_move_bonus_ms)).
    IllegalMoveBonus,
    /// Art. 12.9: a time penalty or bonus (e.g. after stopping the clock without valid reason, 6.11.4).
    Penalty,
    /// Art. 6.2.6: time adjusted for a player who uses an assistant to press the clock.
    Assistant,
    /// Art. 7.1: the clocks and move counters set after an earlier position was
    /// reinstated (Art. 4.8, 7.5.1, 7.6), by the arbiter's best judgement.
    Restoration,
}

impl Adjustment {
    /// The provision the adjustment rests on.
    pub fn article(self) -> Article {
        Article::new(match self {
            Adjustment::Replacement => "Art. 6.10.1",
            Adjustment::Correction => "Art. 6.10.2",
            Adjustment::IllegalMoveBonus => "Art. 7.5.5",
            Adjustment::Penalty => "Art. 12.9",
            Adjustment::Assistant => "Art. 6.2.6",
            Adjustment::Restoration => "Art. 7.1",
        })
    }
}

/// The moment a player's allotted time ran out (Art. 6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FlagFall {
    /// Whose flag fell.
    pub color: Color,
    /// The exact instant, in the caller's milliseconds.
    pub at_ms: u64,
    /// The period (0-based) the player was in.
    pub period_index: usize,
    /// Moves the player had completed (Art. 6.2.1).
    pub moves_completed: u32,
    /// Moves required by the end of that period (Art. 6.3.1); `None` for all moves (sudden death).
    pub moves_required: Option<u32>,
}

/// What the clock rules or reports; each names its article.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ruling {
    /// Art. 6.1: a flag fell. A fact: it counts once observed or claimed (6.8).
    FlagFell(FlagFall),
    /// Art. 6.9 (checked per 6.4, observed per 6.8): the player did not
    /// complete the required moves in the allotted time and loses, unless the
    /// opponent cannot checkmate by any series of legal moves.
    TimeExceeded(FlagFall),
    /// Guidelines III.3.1.1: both flags down, order unknown, not in the last period: play on.
    BothFlagsGameContinues,
    /// Guidelines III.3.1.2: both flags down, order unknown, in the last period: draw.
    BothFlagsDraw,
    /// Art. 6.3.2: the player completed a period; its time is added to the time saved.
    PeriodCompleted {
        /// Who completed the period.
        color: Color,
        /// The period (0-based) completed.
        period_index: usize,
        /// Time of the next period added.
        added_ms: u64,
    },
    /// Art. 6.2.1: pressing a clock that is not running does nothing; the move is not completed.
    PressWithoutEffect(Color),
    /// Art. 6.7.1: the player arrived at the board after the default time, or
    /// is still absent after it, and loses unless the arbiter decides otherwise.
    DefaultTimeExceeded(Color),
    /// Art. 6.11.1, 6.11.2: the clock was stopped.
    Stopped,
    /// Art. 6.11.3: the arbiter restarted the clock.
    Restarted,
    /// The arbiter changed a player's time.
    TimeAdjusted {
        /// Whose time.
        color: Color,
        /// Milliseconds added (negative: deducted).
        delta_ms: i64,
        /// Why.
        reason: Adjustment,
    },
    /// The arbiter set a player's time and move counter.
    TimeSet {
        /// Whose clock.
        color: Color,
        /// The time now shown.
        remaining_ms: u64,
        /// The move counter now set.
        moves_completed: u32,
        /// Why.
        reason: Adjustment,
    },
}

impl Ruling {
    /// The provision the ruling rests on.
    pub fn article(&self) -> Article {
        match self {
            Ruling::FlagFell(_) => Article::new("Art. 6.1"),
            Ruling::TimeExceeded(_) => Article::new("Art. 6.9"),
            Ruling::BothFlagsGameContinues => Article::new("Guideline III.3.1.1"),
            Ruling::BothFlagsDraw => Article::new("Guideline III.3.1.2"),
            Ruling::PeriodCompleted { .. } => Article::new("Art. 6.3.2"),
            Ruling::PressWithoutEffect(_) => Article::new("Art. 6.2.1"),
            Ruling::DefaultTimeExceeded(_) => Article::new("Art. 6.7.1"),
            Ruling::Stopped => Article::new("Art. 6.11.1"),
            Ruling::Restarted => Article::new("Art. 6.11.3"),
            Ruling::TimeAdjusted { reason, .. } | Ruling::TimeSet { reason, .. } => {
                reason.article()
            }
        }
    }
}

/// An event the clock cannot accept in its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockError {
    /// The clock has not been started (Art. 6.6).
    NotStarted,
    /// `start` was called twice.
    AlreadyStarted,
    /// The event is dated before an earlier one.
    TimeWentBackwards {
        /// The event's time.
        at_ms: u64,
        /// The latest time seen.
        latest_ms: u64,
    },
    /// The clock is stopped (Art. 6.11): only the arbiter's restart or adjustments are possible.
    Stopped,
    /// The clock is not stopped, so it cannot be restarted.
    NotStopped,
    /// The arbiter stops the clock before changing times (Art. 6.10.2, 7.5.5).
    Running,
    /// The game has ended; the clock takes no more events.
    Ended,
    /// An adjustment would leave no time, or more than the clock can hold.
    TimeOutOfRange,
    /// The boards were released twice (SJRP §4.3).
    AlreadyReleased,
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::NotStarted => f.write_str("the clock has not been started"),
            ClockError::AlreadyStarted => f.write_str("the clock has already been started"),
            ClockError::TimeWentBackwards { at_ms, latest_ms } => write!(
                f,
                "event at {at_ms} ms is earlier than the latest event at {latest_ms} ms"
            ),
            ClockError::Stopped => f.write_str("the clock is stopped"),
            ClockError::NotStopped => f.write_str("the clock is not stopped"),
            ClockError::Running => f.write_str("stop the clock before changing its times"),
            ClockError::Ended => f.write_str("the game has ended"),
            ClockError::TimeOutOfRange => {
                f.write_str("the time must stay above zero and below 1000 hours")
            }
            ClockError::AlreadyReleased => f.write_str("the boards have already been released"),
        }
    }
}

impl std::error::Error for ClockError {}

const MAX_MS: u64 = 1000 * 3600 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    NotStarted,
    Running { color: Color, since_ms: u64 },
    Stopped { paused: Color },
    Ended,
}

#[derive(Debug, Clone)]
struct Side {
    /// Main time when the current move began (after bonuses and period time).
    main_ms: u64,
    /// Time spent on the current move before the clock was last started (Art. 6.11 stops).
    move_elapsed_ms: u64,
    executed: u32,
    completed: u32,
    present: bool,
    /// The flag fall not yet ruled on (Art. 6.8).
    open_flag: Option<FlagFall>,
    /// The period in which the last flag fall was recorded: a flag falls once per period.
    flagged_period: Option<usize>,
    /// Least time shown in the current period (Art. 8.4).
    lowest_in_period_ms: u64,
}

/// Both players' clocks (Art. 6.1).
#[derive(Debug, Clone)]
pub struct Clock {
    control: TimeControl,
    flag_order: FlagOrder,
    default_time_ms: u64,
    state: State,
    start_ms: Option<u64>,
    /// The arbiter's board release (SJRP §4.3), from which the default time runs.
    release_ms: Option<u64>,
    latest_ms: u64,
    sides: ByColor<Side>,
    flags: Vec<FlagFall>,
    /// Guideline III.4: an increment introduced during the game, replacing the periods' bonus.
    introduced: Option<Bonus>,
}

impl Clock {
    /// A clock set to `control`, not yet started; default time 0 (Art. 6.7.1),
    /// flag order recorded (electronic clock).
    pub fn new(control: TimeControl) -> Clock {
        let sides = ByColor::new_with(|c| {
            let main_ms = control.schedule(c).period(0).time_ms();
            Side {
                main_ms,
                move_elapsed_ms: 0,
                executed: 0,
                completed: 0,
                present: false,
                open_flag: None,
                flagged_period: None,
                lowest_in_period_ms: main_ms,
            }
        });
        Clock {
            control,
            flag_order: FlagOrder::Recorded,
            default_time_ms: 0,
            state: State::NotStarted,
            start_ms: None,
            release_ms: None,
            latest_ms: 0,
            sides,
            flags: Vec::new(),
            introduced: None,
        }
    }

    /// Art. 6.7.1: the default time fixed by the regulations (0 if they are silent).
    pub fn with_default_time(mut self, ms: u64) -> Clock {
        self.default_time_ms = ms;
        self
    }

    /// Whether the clock records which flag fell first (Guidelines III.3.1).
    pub fn with_flag_order(mut self, order: FlagOrder) -> Clock {
        self.flag_order = order;
        self
    }

    /// The time control the clock is set to.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    fn schedule(&self, color: Color) -> &Schedule {
        self.control.schedule(color)
    }

    /// The period (0-based) of the move `color` is playing now.
    pub fn period_index(&self, color: Color) -> usize {
        self.schedule(color)
            .period_of_move(self.sides[color].completed.saturating_add(1))
    }

    /// Moves `color` has completed (Art. 6.2.1).
    pub fn moves_completed(&self, color: Color) -> u32 {
        self.sides[color].completed
    }

    /// Whose clock runs, if one does.
    pub fn running(&self) -> Option<Color> {
        match self.state {
            State::Running { color, .. } => Some(color),
            _ => None,
        }
    }

    /// The time of the latest event; later events must not be earlier.
    pub fn latest_ms(&self) -> u64 {
        self.latest_ms
    }

    /// Appendix A.5.1.1 (blitz via B.3): in unsupervised rapid and blitz,
    /// once both players have completed ten moves the clock settings are no
    /// longer changed, unless the event schedule would be adversely affected.
    /// Whether the unsupervised regime applies is fixed by the regulations (A.6, B.4);
    /// in standard games a wrong setting is always corrected (6.10.2).
    pub fn settings_fixed(&self) -> bool {
        GameType::of(&self.control) != GameType::Standard
            && Color::ALL.iter().all(|&c| self.sides[c].completed >= 10)
    }

    /// Every flag fall so far, in the order they happened.
    pub fn flags(&self) -> &[FlagFall] {
        &self.flags
    }

    fn current_bonus(&self, color: Color) -> Option<Bonus> {
        self.introduced.or_else(|| {
            self.schedule(color)
                .period(self.period_index(color))
                .bonus()
        })
    }

    /// Whether any move earns a bonus or delay: the time control's, or one
    /// introduced under Guideline III.4.
    pub fn has_bonus(&self) -> bool {
        self.introduced.is_some() || self.control.has_bonus()
    }

    /// Guideline III.4: the clocks are set with an extra `ms` Fischer increment
    /// for both players, from the next move completed on.
    pub fn introduce_increment(&mut self, ms: u64) -> Result<(), ClockError> {
        if self.state == State::Ended {
            return Err(ClockError::Ended);
        }
        self.introduced = Some(Bonus::Increment(ms));
        Ok(())
    }

    /// Art. 7.5.1, 7.6: after an earlier position is reinstated the arbiter
    /// restarts the stopped clock with `color`'s time running.
    pub fn set_to_move(&mut self, color: Color) -> Result<(), ClockError> {
        match self.state {
            State::Stopped { .. } => {
                self.state = State::Stopped { paused: color };
                Ok(())
            }
            State::Running { .. } => Err(ClockError::Running),
            State::Ended => Err(ClockError::Ended),
            State::NotStarted => Err(ClockError::NotStarted),
        }
    }

    /// Time `color` has spent on the move in progress up to `at_ms`.
    pub fn elapsed_in_move(&self, color: Color, at_ms: u64) -> u64 {
        let running = match self.state {
            State::Running { color: c, since_ms } if c == color => at_ms.saturating_sub(since_ms),
            _ => 0,
        };
        self.sides[color].move_elapsed_ms.saturating_add(running)
    }

    /// Main time consumed by `elapsed` on the current move (Art. 6.3.2: a delay is used first).
    fn consumed(&self, color: Color, elapsed: u64) -> u64 {
        match self.current_bonus(color) {
            Some(Bonus::Delay(d)) => elapsed.saturating_sub(d),
            _ => elapsed,
        }
    }

    /// Time spent on the current move at which the flag falls.
    fn flag_threshold(&self, color: Color) -> u64 {
        let main = self.sides[color].main_ms;
        match self.current_bonus(color) {
            Some(Bonus::Delay(d)) => main.saturating_add(d),
            _ => main,
        }
    }

    /// Main time `color`'s clock shows at `at_ms`, never below zero.
    pub fn remaining(&self, color: Color, at_ms: u64) -> u64 {
        let used = self.consumed(color, self.elapsed_in_move(color, at_ms));
        self.sides[color].main_ms.saturating_sub(used)
    }

    /// The instant the running clock's flag will fall if nobody presses, or
    /// `None` if no clock runs, its flag already fell in this period, or the
    /// instant lies beyond `u64::MAX`.
    pub fn flag_fall_at(&self) -> Option<(Color, u64)> {
        let State::Running { color, since_ms } = self.state else {
            return None;
        };
        let side = &self.sides[color];
        if side.flagged_period == Some(self.period_index(color)) {
            return None;
        }
        let left = self
            .flag_threshold(color)
            .saturating_sub(side.move_elapsed_ms);
        since_ms.checked_add(left).map(|at| (color, at))
    }

    /// Art. 8.4: whether `color` is excused from recording for the rest of
    /// the period (in standard games; rapid and blitz never require it, A.2).
    pub fn recording_exempt(&self, color: Color, at_ms: u64) -> bool {
        let lowest = self.sides[color]
            .lowest_in_period_ms
            .min(self.remaining(color, at_ms));
        let increment = match self.current_bonus(color) {
            Some(Bonus::Increment(ms)) => ms,
            _ => 0,
        };
        game_type::recording_exempt(lowest, increment)
    }

    fn tick(&mut self, at_ms: u64) -> Result<(), ClockError> {
        if at_ms < self.latest_ms {
            return Err(ClockError::TimeWentBackwards {
                at_ms,
                latest_ms: self.latest_ms,
            });
        }
        self.latest_ms = at_ms;
        Ok(())
    }

    fn live(&mut self, at_ms: u64) -> Result<(), ClockError> {
        match self.state {
            State::NotStarted => Err(ClockError::NotStarted),
            State::Ended => Err(ClockError::Ended),
            _ => self.tick(at_ms),
        }
    }

    /// Records a flag that fell on the running clock by `at_ms` (Art. 6.1).
    fn settle(&mut self, at_ms: u64, rulings: &mut Vec<Ruling>) {
        let State::Running { color, .. } = self.state else {
            return;
        };
        if let Some((_, fall_ms)) = self.flag_fall_at().filter(|&(_, t)| t <= at_ms) {
            let period_index = self.period_index(color);
            let flag = FlagFall {
                color,
                at_ms: fall_ms,
                period_index,
                moves_completed: self.sides[color].completed,
                moves_required: self.schedule(color).moves_by_end_of(period_index),
            };
            let side = &mut self.sides[color];
            side.flagged_period = Some(period_index);
            side.open_flag.get_or_insert(flag);
            self.flags.push(flag);
            rulings.push(Ruling::FlagFell(flag));
        }
        let shown = self.remaining(color, at_ms);
        let side = &mut self.sides[color];
        side.lowest_in_period_ms = side.lowest_in_period_ms.min(shown);
    }

    /// Counts `color`'s current move as completed and adds the next period's
    /// time if it completed a period (Art. 6.3.2).
    fn complete_move(&mut self, color: Color, rulings: &mut Vec<Ruling>) {
        let period_index = self.period_index(color);
        let required = self.schedule(color).moves_by_end_of(period_index);
        let side = &mut self.sides[color];
        side.completed = side.completed.saturating_add(1);
        side.executed = side.executed.max(side.completed);
        if required == Some(side.completed) {
            let added_ms = self
                .control
                .schedule(color)
                .period(period_index + 1)
                .time_ms();
            let side = &mut self.sides[color];
            side.main_ms = side.main_ms.saturating_add(added_ms).min(MAX_MS);
            side.lowest_in_period_ms = side.main_ms;
            rulings.push(Ruling::PeriodCompleted {
                color,
                period_index,
                added_ms,
            });
        }
    }

    /// Art. 6.6: at the start of the round White's clock is started, whether
    /// or not the players are present.
    pub fn start(&mut self, at_ms: u64) -> Result<(), ClockError> {
        self.start_for(Color::White, at_ms)
    }

    /// Starts the clock of `color`: White's in a game from the initial
    /// position (Art. 6.6), the side to move in a game from a set position.
    pub fn start_for(&mut self, color: Color, at_ms: u64) -> Result<(), ClockError> {
        if self.state != State::NotStarted {
            return Err(ClockError::AlreadyStarted);
        }
        self.tick(at_ms)?;
        self.start_ms = Some(at_ms);
        self.state = State::Running {
            color,
            since_ms: at_ms,
        };
        Ok(())
    }

    /// The arbiter releases the boards (SJRP §4.3 "Die Wartezeit beginnt mit der
    /// Brettfreigabe"; Art. 6.7.1's "start of the session"): from now on the
    /// default time runs, whenever the clock is started. Once, before the clock starts.
    pub fn release(&mut self, at_ms: u64) -> Result<(), ClockError> {
        if self.state != State::NotStarted {
            return Err(ClockError::AlreadyStarted);
        }
        if self.release_ms.is_some() {
            return Err(ClockError::AlreadyReleased);
        }
        self.tick(at_ms)?;
        self.release_ms = Some(at_ms);
        Ok(())
    }

    /// When the default time started: the board release if there was one,
    /// else the clock start.
    fn waiting_since_ms(&self) -> Option<u64> {
        self.release_ms.or(self.start_ms)
    }

    /// Whether the default time has expired at `at_ms`; exactly at its end it has not.
    fn default_time_expired(&self, at_ms: u64) -> bool {
        self.waiting_since_ms()
            .is_some_and(|since| at_ms.saturating_sub(since) > self.default_time_ms)
    }

    /// A player arrives at the board (Art. 6.7). Arriving after the default
    /// time loses (6.7.1); arriving exactly when it expires does not.
    pub fn arrive(&mut self, color: Color, at_ms: u64) -> Result<Option<Ruling>, ClockError> {
        self.tick(at_ms)?;
        self.sides[color].present = true;
        Ok(self
            .default_time_expired(at_ms)
            .then_some(Ruling::DefaultTimeExceeded(color)))
    }

    /// Art. 6.7.1: players still absent at `at_ms` after the default time has
    /// expired; both absent means both lose.
    pub fn absent_after_default_time(&self, at_ms: u64) -> Vec<Ruling> {
        let expired = self.default_time_expired(at_ms);
        Color::ALL
            .into_iter()
            .filter(|&c| expired && !self.sides[c].present)
            .map(Ruling::DefaultTimeExceeded)
            .collect()
    }

    /// `by` executes a move on the board without pressing yet. If `by`'s
    /// previous move was not completed, executing this one completes it
    /// (Art. 6.2.1.2). A player may move while the opponent's clock still
    /// runs (Art. 6.2.2).
    pub fn execute_move(&mut self, by: Color, at_ms: u64) -> Result<Vec<Ruling>, ClockError> {
        self.live(at_ms)?;
        if matches!(self.state, State::Stopped { .. }) {
            return Err(ClockError::Stopped);
        }
        let mut rulings = Vec::new();
        self.settle(at_ms, &mut rulings);
        if self.sides[by].executed > self.sides[by].completed {
            self.complete_move(by, &mut rulings);
        }
        self.sides[by].executed += 1;
        Ok(rulings)
    }

    /// `by` presses the clock (Art. 6.2.1). If `by`'s clock runs, this
    /// completes `by`'s move (reported with [`execute_move`](Self::execute_move) or made just
    /// before): the time used is deducted (after the delay, 6.3.2), the bonus
    /// credited, the next period's time added if a period is completed, and
    /// the opponent's clock started. If it does not run, nothing happens
    /// (A-038).
    pub fn press(&mut self, by: Color, at_ms: u64) -> Result<Vec<Ruling>, ClockError> {
        self.live(at_ms)?;
        let State::Running { color, .. } = self.state else {
            return Err(ClockError::Stopped);
        };
        let mut rulings = Vec::new();
        self.settle(at_ms, &mut rulings);
        if by != color {
            rulings.push(Ruling::PressWithoutEffect(by));
            return Ok(rulings);
        }
        let elapsed = self.elapsed_in_move(by, at_ms);
        let shown = self.remaining(by, at_ms);
        let credit = match self.current_bonus(by) {
            Some(Bonus::Increment(ms)) => ms,
            Some(Bonus::Bronstein(ms)) => ms.min(elapsed),
            Some(Bonus::Delay(_)) | None => 0,
        };
        let side = &mut self.sides[by];
        side.main_ms = shown.saturating_add(credit).min(MAX_MS);
        side.move_elapsed_ms = 0;
        self.complete_move(by, &mut rulings);
        self.state = State::Running {
            color: !by,
            since_ms: at_ms,
        };
        Ok(rulings)
    }

    /// Art. 6.11.1, 6.11.2: the clock is stopped (by the arbiter, or by a
    /// player to summon the arbiter); the move in progress keeps its time used.
    pub fn stop(&mut self, at_ms: u64) -> Result<Vec<Ruling>, ClockError> {
        self.live(at_ms)?;
        let State::Running { color, .. } = self.state else {
            return Err(ClockError::Stopped);
        };
        let mut rulings = Vec::new();
        self.settle(at_ms, &mut rulings);
        self.sides[color].move_elapsed_ms = self.elapsed_in_move(color, at_ms);
        self.state = State::Stopped { paused: color };
        rulings.push(Ruling::Stopped);
        Ok(rulings)
    }

    /// Art. 6.11.3: the arbiter restarts the clock that was running.
    pub fn restart(&mut self, at_ms: u64) -> Result<Ruling, ClockError> {
        self.live(at_ms)?;
        let State::Stopped { paused } = self.state else {
            return Err(ClockError::NotStopped);
        };
        self.state = State::Running {
            color: paused,
            since_ms: at_ms,
        };
        Ok(Ruling::Restarted)
    }

    /// The game ends at `at_ms`. A move that ends the game is completed
    /// without pressing (Art. 6.2.1.1): pass its player as `final_move`
    /// (whether or not the move was reported with [`execute_move`](Self::execute_move)).
    pub fn end(
        &mut self,
        at_ms: u64,
        final_move: Option<Color>,
    ) -> Result<Vec<Ruling>, ClockError> {
        self.live(at_ms)?;
        let mut rulings = Vec::new();
        self.settle(at_ms, &mut rulings);
        if let State::Running { color, .. } = self.state {
            self.sides[color].move_elapsed_ms = self.elapsed_in_move(color, at_ms);
        }
        if let Some(c) = final_move {
            self.complete_move(c, &mut rulings);
        }
        self.state = State::Ended;
        Ok(rulings)
    }

    /// A flag is observed by the arbiter or claimed by a player at `at_ms`
    /// (Art. 6.8), and the requirement of 6.3.1 is checked (6.4). `None` if no
    /// flag has fallen. With both flags down, the first to fall decides if the
    /// clock records it; otherwise Guidelines III.3.1 apply.
    pub fn observe_flags(&mut self, at_ms: u64) -> Result<Option<Ruling>, ClockError> {
        self.live(at_ms)?;
        let mut fallen = Vec::new();
        self.settle(at_ms, &mut fallen);
        let open = (self.sides.white.open_flag, self.sides.black.open_flag);
        Ok(match open {
            (None, None) => None,
            (Some(f), None) | (None, Some(f)) => Some(Ruling::TimeExceeded(f)),
            (Some(w), Some(b)) => Some(match self.flag_order {
                FlagOrder::Recorded => Ruling::TimeExceeded(if w.at_ms <= b.at_ms { w } else { b }),
                FlagOrder::Unknown => {
                    let in_final = |f: FlagFall| f.moves_required.is_none();
                    if in_final(w) || in_final(b) {
                        Ruling::BothFlagsDraw
                    } else {
                        for side in self.sides.iter_mut() {
                            side.open_flag = None;
                        }
                        Ruling::BothFlagsGameContinues
                    }
                }
            }),
        })
    }

    fn require_stopped(&self) -> Result<(), ClockError> {
        match self.state {
            State::Running { .. } => Err(ClockError::Running),
            State::Ended => Err(ClockError::Ended),
            State::NotStarted | State::Stopped { .. } => Ok(()),
        }
    }

    /// The arbiter adds (or, if negative, deducts) time on a stopped clock:
    /// the display changes by exactly `delta_ms` and must stay above zero.
    pub fn adjust(
        &mut self,
        color: Color,
        delta_ms: i64,
        reason: Adjustment,
    ) -> Result<Ruling, ClockError> {
        self.require_stopped()?;
        let shown = self.remaining(color, self.latest_ms);
        let after = i128::from(shown) + i128::from(delta_ms);
        let after = u64::try_from(after)
            .ok()
            .filter(|&ms| ms > 0 && ms <= MAX_MS)
            .ok_or(ClockError::TimeOutOfRange)?;
        let used = self.consumed(color, self.elapsed_in_move(color, self.latest_ms));
        self.sides[color].main_ms = used.saturating_add(after);
        Ok(Ruling::TimeAdjusted {
            color,
            delta_ms,
            reason,
        })
    }

    /// The arbiter sets a stopped clock to show `remaining_ms` after
    /// `moves_completed` moves (Art. 6.10.1, 6.10.2). The move in progress
    /// starts afresh (with a full delay), and a flag that fell under the old
    /// setting is withdrawn.
    pub fn set(
        &mut self,
        color: Color,
        remaining_ms: u64,
        moves_completed: u32,
        reason: Adjustment,
    ) -> Result<Ruling, ClockError> {
        self.require_stopped()?;
        if remaining_ms == 0 || remaining_ms > MAX_MS {
            return Err(ClockError::TimeOutOfRange);
        }
        let side = &mut self.sides[color];
        side.main_ms = remaining_ms;
        side.move_elapsed_ms = 0;
        side.completed = moves_completed;
        side.executed = moves_completed;
        side.open_flag = None;
        side.flagged_period = None;
        side.lowest_in_period_ms = remaining_ms;
        Ok(Ruling::TimeSet {
            color,
            remaining_ms,
            moves_completed,
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn clock(tc: &str) -> Clock {
        Clock::new(tc.parse().unwrap())
    }

    #[test]
    fn fischer_increment_across_periods() {
        let mut c = clock("2/60+10:30+5");
        c.start(0).unwrap();
        c.press(White, 5_000).unwrap();
        assert_eq!(c.remaining(White, 5_000), 65_000);
        c.press(Black, 6_000).unwrap();
        assert_eq!(c.remaining(Black, 6_000), 69_000);
        let r = c.press(White, 16_000).unwrap();
        assert_eq!(
            r,
            vec![Ruling::PeriodCompleted {
                color: White,
                period_index: 0,
                added_ms: 30_000
            }]
        );
        assert_eq!(
            c.remaining(White, 16_000),
            65_000 - 10_000 + 10_000 + 30_000
        );
        assert_eq!(c.period_index(White), 1);
        c.press(Black, 16_500).unwrap();
        c.press(White, 17_500).unwrap();
        assert_eq!(c.remaining(White, 17_500), 95_000 - 1_000 + 5_000);
    }

    #[test]
    fn bronstein_flags_on_main_time_but_refunds_on_press() {
        let mut c = clock("10b5");
        c.start(0).unwrap();
        c.press(White, 3_000).unwrap();
        assert_eq!(c.remaining(White, 3_000), 10_000);
        c.press(Black, 3_000).unwrap();
        assert_eq!(c.remaining(White, 11_000), 2_000);
        c.press(White, 11_000).unwrap();
        assert_eq!(c.remaining(White, 11_000), 7_000);
        c.press(Black, 11_000).unwrap();
        assert_eq!(c.flag_fall_at(), Some((White, 18_000)));
        let simple = {
            let mut c = clock("10d5");
            c.start(0).unwrap();
            c.flag_fall_at()
        };
        assert_eq!(simple, Some((White, 15_000)));
    }

    #[test]
    fn stop_and_restart_keep_the_time_used() {
        let mut c = clock("300d5");
        c.start(1_000).unwrap();
        assert_eq!(c.stop(4_000).unwrap(), vec![Ruling::Stopped]);
        assert_eq!(c.remaining(White, 100_000), 300_000);
        assert_eq!(c.press(White, 100_000), Err(ClockError::Stopped));
        assert_eq!(c.restart(100_000), Ok(Ruling::Restarted));
        assert_eq!(c.remaining(White, 104_000), 298_000);
        c.press(White, 104_000).unwrap();
        assert_eq!(c.remaining(White, 104_000), 298_000);
        assert_eq!(c.restart(105_000), Err(ClockError::NotStopped));
    }

    #[test]
    fn events_must_not_go_back_in_time() {
        let mut c = clock("300");
        assert_eq!(c.press(White, 0), Err(ClockError::NotStarted));
        c.start(10).unwrap();
        assert_eq!(c.start(20), Err(ClockError::AlreadyStarted));
        assert_eq!(
            c.press(White, 5),
            Err(ClockError::TimeWentBackwards {
                at_ms: 5,
                latest_ms: 10
            })
        );
        c.end(20, None).unwrap();
        assert_eq!(c.press(Black, 30), Err(ClockError::Ended));
    }

    #[test]
    fn adjustments_need_a_stopped_clock_and_keep_time_positive() {
        let mut c = clock("300");
        c.start(0).unwrap();
        assert_eq!(
            c.adjust(Black, 1, Adjustment::Penalty),
            Err(ClockError::Running)
        );
        c.stop(60_000).unwrap();
        assert_eq!(
            c.adjust(White, -240_000, Adjustment::Penalty),
            Err(ClockError::TimeOutOfRange)
        );
        let r = c.adjust(White, -60_000, Adjustment::Penalty).unwrap();
        assert_eq!(r.article().as_str(), "Art. 12.9");
        assert_eq!(c.remaining(White, 60_000), 180_000);
        assert_eq!(
            c.set(White, 0, 3, Adjustment::Correction),
            Err(ClockError::TimeOutOfRange)
        );
    }

    #[test]
    fn extreme_timestamps_do_not_overflow() {
        let mut c = clock("40/7200d5:1800");
        c.start(u64::MAX - 10).unwrap();
        assert_eq!(c.flag_fall_at(), None);
        c.stop(u64::MAX - 5).unwrap();
        c.restart(u64::MAX - 5).unwrap();
        assert_eq!(c.press(White, u64::MAX), Ok(vec![]));
        assert_eq!(c.remaining(White, u64::MAX), 7_200_000);
        c.stop(u64::MAX).unwrap();
        c.adjust(White, i64::MAX, Adjustment::Penalty).unwrap_err();
        c.adjust(Black, i64::MIN, Adjustment::Penalty).unwrap_err();
        c.adjust(White, 1, Adjustment::Correction).unwrap();
        assert_eq!(c.remaining(White, u64::MAX), 7_200_001);
    }

    #[test]
    fn game_ending_move_counts_once() {
        for reported in [false, true] {
            let mut c = clock("1/60:30");
            c.start(0).unwrap();
            if reported {
                c.execute_move(White, 1_000).unwrap();
            }
            let r = c.end(2_000, Some(White)).unwrap();
            assert_eq!(c.moves_completed(White), 1);
            assert_eq!(c.moves_completed(Black), 0);
            assert_eq!(
                r,
                vec![Ruling::PeriodCompleted {
                    color: White,
                    period_index: 0,
                    added_ms: 30_000
                }]
            );
        }
    }

    #[test]
    fn introduced_increment_applies_from_the_next_move_for_both() {
        let mut c = clock("2/60:60");
        c.start(0).unwrap();
        assert!(!c.has_bonus());
        c.introduce_increment(5_000).unwrap();
        assert!(c.has_bonus());
        c.press(White, 10_000).unwrap();
        c.press(Black, 12_000).unwrap();
        assert_eq!(c.remaining(White, 12_000), 55_000);
        assert_eq!(c.remaining(Black, 12_000), 63_000);
        // The period time still comes on top (Art. 6.3.2).
        c.press(White, 13_000).unwrap();
        assert_eq!(c.remaining(White, 13_000), 55_000 - 1_000 + 5_000 + 60_000);
        assert!(
            c.recording_exempt(Black, 13_000),
            "5 s is below the 30 s of Art. 8.4"
        );
    }

    #[test]
    fn stopped_clock_handed_to_the_player_to_move() {
        let mut c = clock("300");
        assert_eq!(c.set_to_move(Black), Err(ClockError::NotStarted));
        c.start(0).unwrap();
        assert_eq!(c.set_to_move(Black), Err(ClockError::Running));
        c.stop(1_000).unwrap();
        c.set_to_move(Black).unwrap();
        c.restart(2_000).unwrap();
        assert_eq!(c.running(), Some(Black));
        assert_eq!(c.remaining(Black, 3_000), 299_000);
        assert_eq!(c.remaining(White, 3_000), 299_000);
    }

    #[test]
    fn recording_exemption_follows_art_8_4() {
        let mut c = clock("40/600:300");
        c.start(0).unwrap();
        c.press(White, 299_000).unwrap();
        assert!(!c.recording_exempt(White, 299_000));
        c.press(Black, 299_000).unwrap();
        assert!(c.recording_exempt(White, 301_000));
        let mut inc = clock("600+30");
        inc.start(0).unwrap();
        assert!(!inc.recording_exempt(White, 590_000));
    }
}
