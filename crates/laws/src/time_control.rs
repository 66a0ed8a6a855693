//! Time controls (Art. 6.3) in the TRF26 `222` notation.
//!
//! A time control is a list of periods separated by `:`. Each period is
//! `[moves/]seconds[bonus]`: the number of moves to complete in the period
//! (Art. 6.3.1; absent for the final, sudden-death period), the time added at
//! its start, and an optional per-move bonus. Different controls per colour are
//! written `W<periods>-B<periods>`. Times are whole or decimal seconds in the
//! notation and exact milliseconds in the API.
//!
//! | bonus | mode | Laws |
//! | --- | --- | --- |
//! | `+30` | Fischer increment, added after each completed move | Art. 6.3.1 |
//! | `d5` | simple delay ("Aufschub"): main time runs only after the delay | Art. 6.3.2 |
//! | `b5` | Bronstein delay: time used, up to the delay, is given back | Art. 6.3.2 |
//!
//! `+` is the TRF26 notation; `d` and `b` are Arbiter's extension for the delay
//! modes, which TRF26 cannot express. If the last period has a move count it
//! repeats (e.g. `40/7200:20/3600`: 20 moves per hour after move 40).
//!
//! ```
//! use laws::time_control::{Bonus, TimeControl};
//! use shakmaty::Color;
//!
//! let tc: TimeControl = "40/5400+30:1800+30".parse().unwrap();
//! let white = tc.schedule(Color::White);
//! assert_eq!(white.periods()[0].moves(), Some(40));
//! assert_eq!(white.periods()[1].time_ms(), 1_800_000);
//! assert_eq!(white.periods()[1].bonus(), Some(Bonus::Increment(30_000)));
//! assert_eq!(tc.to_string(), "40/5400+30:1800+30");
//!
//! let armageddon: TimeControl = "W300-B240".parse().unwrap();
//! assert_eq!(armageddon.schedule(Color::Black).periods()[0].time_ms(), 240_000);
//!
//! let err = "40/5400+x".parse::<TimeControl>().unwrap_err();
//! assert_eq!(err.column(), 9);
//! ```

use std::fmt;
use std::num::NonZeroU32;
use std::str::FromStr;

use shakmaty::Color;

/// Time credited per move (Art. 6.3.1, 6.3.2), in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bonus {
    /// Fischer increment: added to the main time when a move is completed (Art. 6.3.1).
    Increment(u64),
    /// Simple delay ("Aufschub-Modus", Art. 6.3.2): the main time starts to run
    /// only after the delay has elapsed; unused delay is forfeited.
    Delay(u64),
    /// Bronstein delay: the main time runs at once, and the time used on the
    /// move, up to the delay, is given back when the move is completed.
    Bronstein(u64),
}

impl Bonus {
    /// The bonus in milliseconds, whatever the mode.
    pub fn ms(self) -> u64 {
        match self {
            Bonus::Increment(ms) | Bonus::Delay(ms) | Bonus::Bronstein(ms) => ms,
        }
    }

    fn symbol(self) -> char {
        match self {
            Bonus::Increment(_) => '+',
            Bonus::Delay(_) => 'd',
            Bonus::Bronstein(_) => 'b',
        }
    }
}

/// One period of a time control (Art. 6.3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    moves: Option<NonZeroU32>,
    time_ms: u64,
    bonus: Option<Bonus>,
}

impl Period {
    /// A period of `moves` moves (or all remaining moves if `None`) with
    /// `time_ms` added at its start and an optional per-move bonus.
    pub fn new(moves: Option<NonZeroU32>, time_ms: u64, bonus: Option<Bonus>) -> Period {
        Period {
            moves,
            time_ms,
            bonus,
        }
    }

    /// Moves to complete in this period; `None` for sudden death (all remaining moves).
    pub fn moves(self) -> Option<u32> {
        self.moves.map(NonZeroU32::get)
    }

    /// Time added to the clock when the period starts (saved time is carried forward, Art. 6.3.2).
    pub fn time_ms(self) -> u64 {
        self.time_ms
    }

    /// The per-move bonus of this period.
    pub fn bonus(self) -> Option<Bonus> {
        self.bonus
    }

    /// Fischer increment per move in this period, 0 if none.
    pub fn increment_ms(self) -> u64 {
        match self.bonus {
            Some(Bonus::Increment(ms)) => ms,
            _ => 0,
        }
    }
}

/// The periods one player has to play (Art. 6.3.1).
///
/// Invariants: at least one period; only the last may be sudden death; the
/// first gives some time.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Schedule(Vec<Period>);

impl Schedule {
    /// Checks the invariants above.
    pub fn new(periods: Vec<Period>) -> Result<Schedule, ScheduleError> {
        match periods.split_last() {
            None => Err(ScheduleError::Empty),
            Some((_, init)) if init.iter().any(|p| p.moves.is_none()) => {
                Err(ScheduleError::SuddenDeathNotLast)
            }
            Some(_) if periods[0].time_ms == 0 => Err(ScheduleError::NoInitialTime),
            Some(_) => Ok(Schedule(periods)),
        }
    }

    /// The periods as written; a last period with a move count repeats.
    pub fn periods(&self) -> &[Period] {
        &self.0
    }

    /// The `index`-th period played (0-based), counting repetitions of the last one.
    pub fn period(&self, index: usize) -> Period {
        self.0[index.min(self.0.len() - 1)]
    }

    /// The period (0-based) in which move `number` (1-based) is played.
    pub fn period_of_move(&self, number: u32) -> usize {
        let mut end = 0u64;
        for (i, p) in self.0.iter().enumerate() {
            match p.moves() {
                Some(m) => end += u64::from(m),
                None => return i,
            }
            if u64::from(number) <= end {
                return i;
            }
        }
        let last = u64::from(self.0[self.0.len() - 1].moves().unwrap_or(1));
        let beyond = (u64::from(number) - end - 1) / last;
        self.0.len() + beyond as usize
    }

    /// Moves that must be completed by the end of period `index`; `None` if it is sudden death.
    pub fn moves_by_end_of(&self, index: usize) -> Option<u32> {
        let listed = index.min(self.0.len() - 1);
        let mut end = 0u64;
        for p in &self.0[..=listed] {
            end += u64::from(p.moves()?);
        }
        let repeats = (index - listed) as u64;
        if repeats > 0 {
            end = end.saturating_add(repeats.saturating_mul(u64::from(self.0[listed].moves()?)));
        }
        Some(u32::try_from(end).unwrap_or(u32::MAX))
    }

    /// Art. III.3.1.2: the period in which all remaining moves must be completed.
    pub fn is_final(&self, index: usize) -> bool {
        self.period(index).moves.is_none()
    }

    /// The allotted time (every period as written, once) plus the per-move
    /// bonus for `moves` moves, delays included: the measure of Appendix A.1
    /// and B.1 with `moves` = 60.
    pub fn budget_ms(&self, moves: u32) -> u64 {
        self.base_ms(self.0.len() - 1)
            .saturating_add(self.per_move_ms(moves, |p| p.bonus.map_or(0, Bonus::ms)))
    }

    /// Time credited to a player who has completed `moves` moves: every
    /// period reached (Art. 6.3.2) plus every increment earned. Delays credit
    /// nothing beyond the time they save. With the time used by both players,
    /// this is what the two clocks must show together (commentary check, A-041).
    pub fn allotted_ms(&self, moves: u32) -> u64 {
        self.base_ms(self.period_of_move(moves.saturating_add(1)))
            .saturating_add(self.per_move_ms(moves, Period::increment_ms))
    }

    /// Sum of the times of periods `0..=last`.
    fn base_ms(&self, last: usize) -> u64 {
        let listed = last.min(self.0.len() - 1);
        let repeats = (last - listed) as u64;
        let sum: u64 = self.0[..=listed].iter().map(|p| p.time_ms).sum();
        sum.saturating_add(repeats.saturating_mul(self.0[self.0.len() - 1].time_ms))
    }

    /// Sum of `per_move` over the periods of moves `1..=moves`.
    fn per_move_ms(&self, moves: u32, per_move: impl Fn(Period) -> u64) -> u64 {
        let mut left = u64::from(moves);
        let mut total = 0u64;
        for &p in &self.0 {
            let n = p.moves().map_or(left, |m| left.min(u64::from(m)));
            total = total.saturating_add(n.saturating_mul(per_move(p)));
            left -= n;
        }
        total.saturating_add(left.saturating_mul(per_move(self.0[self.0.len() - 1])))
    }
}

/// An invalid list of periods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScheduleError {
    /// No period at all.
    Empty,
    /// A sudden-death period is followed by another period.
    SuddenDeathNotLast,
    /// The first period gives no time.
    NoInitialTime,
}

impl fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScheduleError::Empty => "a time control needs at least one period",
            ScheduleError::SuddenDeathNotLast => "only the last period may be sudden death",
            ScheduleError::NoInitialTime => "the first period must give some time",
        })
    }
}

impl std::error::Error for ScheduleError {}

/// A time control for both players (Art. 6.3.1), announced in advance.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// The same periods for both players.
    Same(Schedule),
    /// Different periods per colour (TRF26 `W…-B…`), e.g. Armageddon.
    PerColour {
        /// White's periods.
        white: Schedule,
        /// Black's periods.
        black: Schedule,
    },
}

impl TimeControl {
    /// The periods of the player with `color`.
    pub fn schedule(&self, color: Color) -> &Schedule {
        match (self, color) {
            (TimeControl::Same(s), _) => s,
            (TimeControl::PerColour { white, .. }, Color::White) => white,
            (TimeControl::PerColour { black, .. }, Color::Black) => black,
        }
    }

    /// Whether any period gives a per-move bonus (Guidelines III apply only without, III.2.2).
    pub fn has_bonus(&self) -> bool {
        Color::ALL
            .iter()
            .any(|&c| self.schedule(c).0.iter().any(|p| p.bonus.is_some()))
    }
}

/// A time control that does not parse: where, and what was expected there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseTimeControlError {
    column: usize,
    kind: ParseErrorKind,
}

/// What went wrong while parsing a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Something else was found where this was expected.
    Expected(&'static str),
    /// A number too large for the clock.
    TooLarge,
    /// A period of zero moves.
    ZeroMoves,
    /// The periods are individually fine but do not form a schedule.
    Schedule(ScheduleError),
}

impl ParseTimeControlError {
    /// Column (1-based, in characters) where the problem starts.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What went wrong.
    pub fn kind(&self) -> ParseErrorKind {
        self.kind
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Expected(what) => write!(f, "expected {what}"),
            ParseErrorKind::TooLarge => f.write_str("number too large"),
            ParseErrorKind::ZeroMoves => f.write_str("a period needs at least one move"),
            ParseErrorKind::Schedule(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "time control, column {}: {}", self.column, self.kind)
    }
}

impl std::error::Error for ParseTimeControlError {}

/// Longest time accepted in one field: 1000 hours.
const MAX_MS: u64 = 1000 * 3600 * 1000;

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn error(&self, kind: ParseErrorKind) -> ParseTimeControlError {
        ParseTimeControlError {
            column: self.pos + 1,
            kind,
        }
    }

    fn expected(&self, what: &'static str) -> ParseTimeControlError {
        self.error(ParseErrorKind::Expected(what))
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.pos += usize::from(hit);
        hit
    }

    fn integer(&mut self, what: &'static str) -> Result<u64, ParseTimeControlError> {
        let start = self.pos;
        let mut value = 0u64;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(d - b'0')))
                .filter(|&v| v <= MAX_MS)
                .ok_or(ParseTimeControlError {
                    column: start + 1,
                    kind: ParseErrorKind::TooLarge,
                })?;
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.expected(what));
        }
        Ok(value)
    }

    /// Seconds with up to three decimals, as milliseconds.
    fn seconds(&mut self, what: &'static str) -> Result<u64, ParseTimeControlError> {
        let start = self.pos;
        let whole = self.integer(what)?;
        let mut ms =
            whole
                .checked_mul(1000)
                .filter(|&v| v <= MAX_MS)
                .ok_or(ParseTimeControlError {
                    column: start + 1,
                    kind: ParseErrorKind::TooLarge,
                })?;
        if self.eat(b'.') {
            let mut scale = 100;
            let frac_start = self.pos;
            while let Some(d @ b'0'..=b'9') = self.peek() {
                if scale == 0 {
                    return Err(self.expected("at most three decimals"));
                }
                ms += u64::from(d - b'0') * scale;
                scale /= 10;
                self.pos += 1;
            }
            if self.pos == frac_start {
                return Err(self.expected("a digit after '.'"));
            }
        }
        Ok(ms)
    }

    fn period(&mut self) -> Result<Period, ParseTimeControlError> {
        let start = self.pos;
        let first = self.seconds("a number of moves or seconds")?;
        let (moves, time_ms) = if self.eat(b'/') {
            let moves_error = |kind| ParseTimeControlError {
                column: start + 1,
                kind,
            };
            if first % 1000 != 0 {
                return Err(moves_error(ParseErrorKind::Expected(
                    "a whole number of moves",
                )));
            }
            let count =
                u32::try_from(first / 1000).map_err(|_| moves_error(ParseErrorKind::TooLarge))?;
            let moves =
                NonZeroU32::new(count).ok_or_else(|| moves_error(ParseErrorKind::ZeroMoves))?;
            (Some(moves), self.seconds("seconds after '/'")?)
        } else {
            (None, first)
        };
        let bonus = match self.peek() {
            Some(b'+') => Some(Bonus::Increment as fn(u64) -> Bonus),
            Some(b'd') => Some(Bonus::Delay as fn(u64) -> Bonus),
            Some(b'b') => Some(Bonus::Bronstein as fn(u64) -> Bonus),
            _ => None,
        };
        let bonus = match bonus {
            Some(make) => {
                self.pos += 1;
                Some(make(self.seconds("seconds of increment or delay")?))
            }
            None => None,
        };
        Ok(Period::new(moves, time_ms, bonus))
    }

    fn schedule(&mut self) -> Result<Schedule, ParseTimeControlError> {
        let start = self.pos;
        let mut periods = vec![self.period()?];
        while self.eat(b':') {
            periods.push(self.period()?);
        }
        Schedule::new(periods).map_err(|e| ParseTimeControlError {
            column: start + 1,
            kind: ParseErrorKind::Schedule(e),
        })
    }

    fn end(&self) -> Result<(), ParseTimeControlError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.expected("':', '+', 'd', 'b' or the end")),
        }
    }
}

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        let mut p = Parser {
            bytes: s.as_bytes(),
            pos: 0,
        };
        if !s.is_ascii() {
            let column = s.chars().take_while(char::is_ascii).count() + 1;
            return Err(ParseTimeControlError {
                column,
                kind: ParseErrorKind::Expected(
                    "ASCII digits and '/', ':', '+', 'd', 'b', 'W', '-B'",
                ),
            });
        }
        if p.eat(b'W') {
            let white = p.schedule()?;
            if !(p.eat(b'-') && p.eat(b'B')) {
                return Err(p.expected("'-B' and Black's time control"));
            }
            let black = p.schedule()?;
            p.end()?;
            Ok(TimeControl::PerColour { white, black })
        } else {
            let same = p.schedule()?;
            p.end()?;
            Ok(TimeControl::Same(same))
        }
    }
}

struct Seconds(u64);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 / 1000)?;
        match self.0 % 1000 {
            0 => Ok(()),
            ms => write!(f, ".{}", format!("{ms:03}").trim_end_matches('0')),
        }
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        Seconds(self.time_ms).fmt(f)?;
        if let Some(b) = self.bonus {
            write!(f, "{}{}", b.symbol(), Seconds(b.ms()))?;
        }
        Ok(())
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            p.fmt(f)?;
        }
        Ok(())
    }
}

impl TimeControl {
    /// The time control as an announcement writes it: `90 Min./40 Züge + 30 Min. + 30 Sek./Zug`
    /// in German, `90 min/40 moves + 30 min + 30 s/move` in English; per colour `Weiß …, Schwarz …`.
    ///
    /// ```
    /// use laws::Lang;
    /// use laws::time_control::TimeControl;
    ///
    /// let tc: TimeControl = "40/5400+30:1800+30".parse().unwrap();
    /// assert_eq!(tc.written(Lang::De), "90 Min./40 Züge + 30 Min. + 30 Sek./Zug");
    /// let blitz: TimeControl = "300".parse().unwrap();
    /// assert_eq!(blitz.written(Lang::En), "5 min");
    /// ```
    pub fn written(&self, lang: crate::Lang) -> String {
        match self {
            TimeControl::Same(s) => s.written(lang),
            TimeControl::PerColour { white, black } => {
                let (w, b) = lang.pick(("White", "Black"), ("Weiß", "Schwarz"));
                format!("{w} {}, {b} {}", white.written(lang), black.written(lang))
            }
        }
    }
}

impl Schedule {
    /// The periods as an announcement writes them (see [`TimeControl::written`]).
    pub fn written(&self, lang: crate::Lang) -> String {
        let amount = |ms: u64| {
            let (min, sec) = lang.pick(("min", "s"), ("Min.", "Sek."));
            if ms.is_multiple_of(60_000) {
                format!("{} {min}", ms / 60_000)
            } else if ms.is_multiple_of(1000) {
                format!("{} {sec}", ms / 1000)
            } else {
                let point = lang.pick(".", ",");
                let fraction = format!("{:03}", ms % 1000);
                let fraction = fraction.trim_end_matches('0');
                format!("{}{point}{fraction} {sec}", ms / 1000)
            }
        };
        let mut text = self
            .0
            .iter()
            .map(|p| match p.moves() {
                Some(n) => format!("{}/{n} {}", amount(p.time_ms), lang.pick("moves", "Züge")),
                None => amount(p.time_ms),
            })
            .collect::<Vec<_>>()
            .join(" + ");
        if let Some(bonus) = self.0.iter().find_map(|p| p.bonus) {
            let each = amount(bonus.ms());
            text.push_str(&match bonus {
                Bonus::Increment(_) => format!(" + {each}/{}", lang.pick("move", "Zug")),
                Bonus::Delay(_) => format!(", {each} {}", lang.pick("delay", "Aufschub")),
                Bonus::Bronstein(_) => format!(", {each} Bronstein"),
            });
        }
        text
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Same(s) => s.fmt(f),
            TimeControl::PerColour { white, black } => write!(f, "W{white}-B{black}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn trf26_examples_round_trip() {
        for s in [
            "5400+30",
            "40/6000+30:900+30",
            "40/5400+30:1800+30",
            "300+3",
            "W300-B240",
            "W300+2-B240+2",
            "40/7200:20/3600:1800",
            "40/7200:20/3600",
            "300d5",
            "300b5",
            "60+0.5",
            "90.25",
        ] {
            assert_eq!(tc(s).to_string(), s);
        }
    }

    #[test]
    fn fields_in_exact_milliseconds() {
        let t = tc("40/6000+30:900+30");
        let s = t.schedule(Color::Black);
        assert_eq!(s.periods().len(), 2);
        assert_eq!(
            s.period(0),
            Period::new(
                NonZeroU32::new(40),
                6_000_000,
                Some(Bonus::Increment(30_000))
            )
        );
        assert_eq!(s.period(1).moves(), None);
        assert_eq!(
            tc("60+0.5").schedule(Color::White).period(0).bonus(),
            Some(Bonus::Increment(500))
        );
        assert_eq!(
            tc("300d5").schedule(Color::White).period(0).bonus(),
            Some(Bonus::Delay(5000))
        );
        assert_eq!(
            tc("300b5").schedule(Color::White).period(0).bonus(),
            Some(Bonus::Bronstein(5000))
        );
    }

    #[test]
    fn period_arithmetic_with_repeating_last_period() {
        let s = tc("40/7200:20/3600").schedule(Color::White).clone();
        assert_eq!(s.period_of_move(1), 0);
        assert_eq!(s.period_of_move(40), 0);
        assert_eq!(s.period_of_move(41), 1);
        assert_eq!(s.period_of_move(60), 1);
        assert_eq!(s.period_of_move(61), 2);
        assert_eq!(s.period_of_move(80), 2);
        assert_eq!(s.period_of_move(81), 3);
        assert_eq!(s.moves_by_end_of(2), Some(80));
        assert_eq!(s.moves_by_end_of(1_000), Some(60 + 999 * 20));
        assert_eq!(s.moves_by_end_of(1_000_000_000), Some(u32::MAX));
        assert!(!s.is_final(5));
        let sd = tc("40/7200:20/3600:1800").schedule(Color::White).clone();
        assert_eq!(sd.period_of_move(61), 2);
        assert_eq!(sd.period_of_move(500), 2);
        assert_eq!(sd.moves_by_end_of(2), None);
        assert!(sd.is_final(2));
        assert!(!sd.is_final(1));
    }

    #[test]
    fn errors_name_column_and_expectation() {
        let cases: [(&str, usize, ParseErrorKind); 14] = [
            (
                "",
                1,
                ParseErrorKind::Expected("a number of moves or seconds"),
            ),
            ("40/", 4, ParseErrorKind::Expected("seconds after '/'")),
            (
                "5400+",
                6,
                ParseErrorKind::Expected("seconds of increment or delay"),
            ),
            (
                "5400x",
                5,
                ParseErrorKind::Expected("':', '+', 'd', 'b' or the end"),
            ),
            ("0/5400", 1, ParseErrorKind::ZeroMoves),
            (
                "1.5/5400",
                1,
                ParseErrorKind::Expected("a whole number of moves"),
            ),
            (
                "5400:40/900",
                1,
                ParseErrorKind::Schedule(ScheduleError::SuddenDeathNotLast),
            ),
            (
                "0+30",
                1,
                ParseErrorKind::Schedule(ScheduleError::NoInitialTime),
            ),
            (
                "W300",
                5,
                ParseErrorKind::Expected("'-B' and Black's time control"),
            ),
            (
                "W300-B",
                7,
                ParseErrorKind::Expected("a number of moves or seconds"),
            ),
            ("99999999999999999999", 1, ParseErrorKind::TooLarge),
            ("1.", 3, ParseErrorKind::Expected("a digit after '.'")),
            (
                "1.2345",
                6,
                ParseErrorKind::Expected("at most three decimals"),
            ),
            (
                "300ä",
                4,
                ParseErrorKind::Expected("ASCII digits and '/', ':', '+', 'd', 'b', 'W', '-B'"),
            ),
        ];
        for (s, column, kind) in cases {
            let e = s.parse::<TimeControl>().unwrap_err();
            assert_eq!((e.column(), e.kind()), (column, kind), "{s:?}");
            assert!(e.to_string().contains(&format!("column {column}")));
        }
    }

    #[test]
    fn garbage_never_panics() {
        let alphabet = b"0123456789/:+db.W-B x";
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 14) as usize;
            let s: String = (0..len)
                .map(|i| alphabet[((state >> (i * 4)) % alphabet.len() as u64) as usize] as char)
                .collect();
            if let Ok(t) = s.parse::<TimeControl>() {
                assert_eq!(t.to_string().parse::<TimeControl>(), Ok(t), "{s:?}");
            }
        }
    }

    #[test]
    fn budget_and_allotted_time() {
        let s = tc("40/5400+30:1800+30").schedule(Color::White).clone();
        assert_eq!(s.budget_ms(60), (90 + 30) * 60_000 + 60 * 30_000);
        assert_eq!(s.budget_ms(40), (90 + 30) * 60_000 + 40 * 30_000);
        let late = tc("40/6000:1800+30").schedule(Color::White).clone();
        assert_eq!(late.budget_ms(60), (100 + 30) * 60_000 + 20 * 30_000);
        let repeating = tc("40/7200:20/3600+10").schedule(Color::White).clone();
        assert_eq!(repeating.allotted_ms(39), 7_200_000);
        assert_eq!(repeating.allotted_ms(40), 10_800_000);
        assert_eq!(repeating.allotted_ms(61), 14_400_000 + 21 * 10_000);
        assert_eq!(repeating.budget_ms(60), 10_800_000 + 20 * 10_000);
        assert_eq!(
            repeating.allotted_ms(u32::MAX),
            7_200_000 + 214_748_363 * 3_600_000 + (u64::from(u32::MAX) - 40) * 10_000
        );
    }
}
