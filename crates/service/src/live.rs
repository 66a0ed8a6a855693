//! Live games (issue #15): a board of a published round played with the rules engine
//! (`laws::arbiter`). The game is its replay header ([`laws::replay::Header`]: start, time
//! control and profile, by default the section's) and the log of its events, each a line of a
//! `laws::replay` log stamped by the server; the state is rebuilt from the log, so a reloaded
//! device or a restarted server sees the same game.
//!
//! An event is checked by the engine against the stored game before it is stored: the game as
//! this process's latest post left it, stepped on by the event ([`crate::live_steps`]: no
//! rebuild per event), or rebuilt from the log when another process wrote meanwhile; a
//! refused event stores nothing and names why. It is acknowledged only once it is stored. Only arbiters give an event's time
//! (`at_ms`, e.g. for an event entered after the fact); otherwise the server's clock counts from
//! the opening of the live game. A device numbers its events: a retry of the same (device,
//! number) returns the stored event and applies nothing twice.
//!
//! A board's device proves itself with the board's code ([`Service::set_board_code`]): it opens
//! that one game and never gives an event's time.

use laws::Lang;
use laws::arbiter::Cited;
use laws::replay::{Final, Header, LogLine, Report};
use serde::Serialize;
use serde_json::Value;
use shakmaty::{Color, Position};
use store::{Appended, LiveEvent, LiveGame, LiveMark, NewLiveEvent};

use crate::Service;
use crate::error::ServiceError;
pub(crate) use crate::live_steps::rebuild;
use crate::live_steps::{Stepped, line_of};

/// How often an event is checked again when another event of the game came first.
const ATTEMPTS: usize = 8;

/// Longest event a device may send, in bytes.
pub const MAX_EVENT_BYTES: usize = 4096;

/// Shortest board code, in characters (the codes are random: 12 hex digits and more).
pub const MIN_CODE_CHARS: usize = 12;

/// Longest device name, in characters.
pub const MAX_DEVICE_CHARS: usize = 64;

/// A conduct of the Laws the arbiter may penalise (Art. 12.9), as a form offers it: the name an
/// event gives it (`misconduct`'s `conduct`), what it is in the reader's language, its article.
#[derive(Debug, Clone, Serialize)]
pub struct ConductOption {
    /// The event's name of the conduct (`distraction`).
    pub name: Value,
    /// What was done, in the reader's language.
    pub text: &'static str,
    /// The provision that forbids it.
    pub article: String,
}

/// Every conduct an arbiter may penalise, for the dashboard's form.
pub fn conduct_options(lang: Lang) -> Vec<ConductOption> {
    laws::penalties::Conduct::ALL
        .iter()
        .map(|c| ConductOption {
            name: serde_json::to_value(c).unwrap_or(Value::Null),
            text: c.text(lang),
            article: c.article().written(lang),
        })
        .collect()
}

/// An event sent to a live game.
#[derive(Debug, Clone, Copy)]
pub struct Posted<'a> {
    /// The event: a JSON object as a line of `arbiter replay` (`at_ms` only from arbiters).
    pub event: &'a str,
    /// The device that sends it, if it names itself.
    pub device: Option<&'a str>,
    /// The device's own number of this event (with `device`: a retry is not applied twice).
    pub device_seq: Option<i64>,
    /// Whether the sender may give the event's time (`at_ms`): arbiters only.
    pub may_set_time: bool,
}

/// An event the game took.
#[derive(Debug, Clone, Serialize)]
pub struct Accepted {
    /// Its place in the game's log, from 1.
    pub seq: i64,
    /// Its game time.
    pub at_ms: u64,
    /// The device had sent it before: nothing was applied now.
    pub repeated: bool,
    /// What the engine ruled, each with its article and its text.
    pub rulings: Vec<Worded>,
    /// The engine refused a move (a touched piece or a written move binds, `MoveRefused`):
    /// nothing moved, so a device does not press the clock after it (a press without a move
    /// is an illegal move, Art. 7.5.3).
    pub move_refused: bool,
}

/// Whether the rulings refuse a move (see [`Accepted::move_refused`]).
fn refuses_move(rulings: &[Cited]) -> bool {
    rulings
        .iter()
        .any(|c| matches!(c.ruling, laws::arbiter::Ruling::MoveRefused { .. }))
}

/// A ruling as `arbiter replay --json` prints it (`ruling`, `article`, `edition`) with its text
/// in the reader's language (`text`: "2 Minuten Bedenkzeit für Schwarz hinzugefügt — Art. 7.5.5").
#[derive(Debug, Clone, Serialize)]
pub struct Worded {
    /// The ruling with its provision and edition.
    #[serde(flatten)]
    pub cited: Cited,
    /// The ruling and its provision in the reader's language.
    pub text: String,
}

fn worded(rulings: &[Cited], lang: Lang) -> Vec<Worded> {
    rulings
        .iter()
        .map(|c| Worded {
            cited: c.clone(),
            text: c.text(lang),
        })
        .collect()
}

/// An option of the arbiter's open question: its name (for a `decision`) and its text.
#[derive(Debug, Clone, Serialize)]
pub struct ChoiceText {
    /// The name a `decision` event gives (`warning`, `opponent_scores_1/2`, ...).
    pub choice: &'static str,
    /// The option in the reader's language.
    pub text: String,
}

/// The rulings of one stored event.
#[derive(Debug, Clone, Serialize)]
pub struct LiveStep {
    /// The event's place in the log.
    pub seq: i64,
    /// Its game time.
    pub at_ms: u64,
    /// What the engine ruled, each with its article and its text.
    pub rulings: Vec<Worded>,
}

/// A live game as its log makes it: the keys of `arbiter replay --json`'s `final` object
/// (clocks at the latest event, `at_ms`) and more.
#[derive(Debug, Clone, Serialize)]
pub struct LiveState {
    /// The game (key of `games`).
    pub game: i64,
    /// The replay header: start, time control, profile.
    pub header: Header,
    /// Position, clocks, illegal moves, penalties, result.
    #[serde(flatten)]
    pub state: Final,
    /// The game time of the latest event: the clocks are as of then.
    pub at_ms: u64,
    /// The game time now by the server's clock (0 before the live game is opened).
    pub now_ms: u64,
    /// Whose clock runs (`white`, `black`), if one does.
    pub running: Option<&'static str>,
    /// The game record in short algebraic notation.
    pub moves: Vec<String>,
    /// Who has an open draw offer (`white`, `black`).
    pub draw_offer: Option<&'static str>,
    /// The question waiting for the arbiter's decision, if any, in the reader's language.
    pub question: Option<String>,
    /// The rulings, event by event.
    pub rulings: Vec<LiveStep>,
    /// The side to move (`white`, `black`).
    pub turn: &'static str,
    /// The choices the engine offers for [`LiveState::question`] (names of a `decision`).
    pub options: Vec<&'static str>,
    /// The same choices with their texts in the reader's language (the dashboard's buttons).
    pub choices: Vec<ChoiceText>,
    /// The legal moves of the position, so that a device maps a tapped move (UCI) to the SAN
    /// the log takes; a tapped move not listed is sent as UCI, an illegal move (Art. 7.5).
    pub legal_moves: Vec<LegalMove>,
}

/// A legal move in UCI (`e1g1`) and in SAN (`O-O`).
#[derive(Debug, Clone, Serialize)]
pub struct LegalMove {
    /// From and to square, and the promotion piece (`e7e8q`).
    pub uci: String,
    /// Short algebraic notation in English.
    pub san: String,
}

pub(crate) fn side(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn bad(message: impl Into<String>) -> ServiceError {
    ServiceError::BadRequest(message.into())
}

/// Why the engine refused an event, in both languages when the engine said why.
fn refusal(e: laws::replay::LineError) -> ServiceError {
    match e.refused {
        Some(cause) => ServiceError::rule_in(cause.text(Lang::En), cause.text(Lang::De)),
        None => ServiceError::rule(e.message),
    }
}

/// The event's JSON object with its time: the given `at_ms` (arbiters) or `now_ms`.
fn stamped(posted: &Posted<'_>, now_ms: u64) -> Result<(String, u64), ServiceError> {
    if posted.event.len() > MAX_EVENT_BYTES {
        return Err(bad(format!(
            "event: at most {MAX_EVENT_BYTES} bytes expected"
        )));
    }
    let mut object = match serde_json::from_str::<Value>(posted.event) {
        Ok(Value::Object(o)) => o,
        Ok(_) => return Err(bad("event: a JSON object expected")),
        Err(e) => return Err(bad(format!("event: {e}"))),
    };
    let at_ms = match object.get("at_ms") {
        None => now_ms,
        Some(_) if !posted.may_set_time => {
            return Err(bad("at_ms: only an arbiter gives an event's time"));
        }
        Some(v) => v
            .as_u64()
            .ok_or_else(|| bad("at_ms: milliseconds (a whole number from 0) expected"))?,
    };
    object.insert("at_ms".into(), at_ms.into());
    Ok((Value::Object(object).to_string(), at_ms))
}

fn check_device(posted: &Posted<'_>) -> Result<(), ServiceError> {
    if let Some(d) = posted.device
        && (d.is_empty() || d.chars().count() > MAX_DEVICE_CHARS || d.chars().any(char::is_control))
    {
        return Err(bad(format!(
            "device: a name of 1 to {MAX_DEVICE_CHARS} printable characters expected"
        )));
    }
    if posted.device_seq.is_some_and(|n| n < 0) {
        return Err(bad("seq: a number from 0 expected"));
    }
    Ok(())
}

impl Service {
    /// The header a game gets by default: the standard position, the section's time control
    /// and profile. Byes and boards of unpublished rounds have no live game.
    async fn default_header(&self, game: i64) -> Result<Header, ServiceError> {
        let g = self.store.game(game).await?;
        if g.black.is_none() {
            return Err(ServiceError::rule_in(
                "a bye is not played",
                "ein Freilos wird nicht gespielt",
            ));
        }
        let round = self.store.round(g.round).await?;
        if !round.published {
            return Err(ServiceError::rule_in(
                format!("round {} is not published yet", round.number),
                format!("Runde {} ist noch nicht veröffentlicht", round.number),
            ));
        }
        let loaded = self.section(round.section).await?;
        let s = loaded.section();
        if s.time_control.trim().is_empty() {
            return Err(ServiceError::rule_in(
                "the section has no time control: open the live game with a header",
                "die Gruppe hat keine Bedenkzeit: die Live-Partie mit einem Kopf eröffnen",
            ));
        }
        Ok(Header::new(&s.time_control, s.profile_name()))
    }

    /// Opens the live game of a board of a published round, with `header` or the section's
    /// time control and profile; game time counts from now. A game whose log has events keeps
    /// its header ([`ServiceError::Conflict`]).
    pub async fn open_live(
        &self,
        by: Option<i64>,
        game: i64,
        header: Option<Header>,
    ) -> Result<LiveGame, ServiceError> {
        let default = self.default_header(game).await?;
        let header = header.unwrap_or(default);
        header
            .arbiter(None)
            .map_err(|m| bad(format!("header: {m}")))?;
        let text = serde_json::to_string(&header).map_err(|e| bad(e.to_string()))?;
        let origin_ms = store::unix_now_ms();
        self.store
            .open_live_game(by, game, &text, origin_ms)
            .await
            .map_err(|e| match e {
                store::StoreError::Conflict { .. } => ServiceError::Conflict(format!(
                    "game {game}: the live game has events, its header stays"
                )),
                e => e.into(),
            })?;
        self.hub.touch(game);
        Ok(LiveGame {
            game,
            header: text,
            origin_ms,
        })
    }

    /// Gives a board of a published round a new code for its device (the old one stops
    /// working); the code is made by the caller (random), only its SHA-256 is stored.
    pub async fn set_board_code(
        &self,
        by: Option<i64>,
        game: i64,
        code: &str,
    ) -> Result<(), ServiceError> {
        self.default_header(game).await?;
        if code.len() < MIN_CODE_CHARS {
            return Err(bad(format!(
                "code: at least {MIN_CODE_CHARS} characters expected"
            )));
        }
        Ok(self
            .store
            .set_board_code(by, game, &store::token_hash(code))
            .await?)
    }

    /// The game a board code opens, if any: a code opens its one game while the game's round
    /// is published and no result is entered for the game. Once the arbiter confirms the
    /// result into the round (or unpublishes the round) the code stops working: the device
    /// has nothing more to play, and what is left (e.g. a penalty after the end, Art. 12.9) is
    /// the arbiter's.
    pub async fn board_code_game(&self, code: &str) -> Result<Option<i64>, ServiceError> {
        let Some(game) = self.store.board_code_game(&store::token_hash(code)).await? else {
            return Ok(None);
        };
        let g = self.store.game(game).await?;
        let round = self.store.round(g.round).await?;
        let open = round.published && g.result == store::Recorded::Game(laws::GameResult::Pending);
        Ok(open.then_some(game))
    }

    /// The live game of a board, opened with the section's settings if it was not yet.
    async fn live_game_opened(&self, by: Option<i64>, game: i64) -> Result<LiveGame, ServiceError> {
        match self.store.live_game(game).await? {
            Some(live) => Ok(live),
            None => match self.open_live(by, game, None).await {
                Err(ServiceError::Conflict(_)) => self
                    .store
                    .live_game(game)
                    .await?
                    .ok_or(ServiceError::NotFound),
                r => r,
            },
        }
    }

    /// Sends an event to the live game of `game` (opened with the section's settings on the
    /// first event): checked by the engine against the stored game, which is stepped on from
    /// the latest post ([`crate::live_steps`]) or rebuilt from the log, then stored; the
    /// event's rulings (worded in `lang`), or why it was refused (nothing stored).
    pub async fn post_live_event(
        &self,
        by: Option<i64>,
        game: i64,
        posted: &Posted<'_>,
        lang: Lang,
    ) -> Result<Accepted, ServiceError> {
        check_device(posted)?;
        let slot = self.steps.slot(game);
        let mut held = slot.lock().await;
        for _ in 0..ATTEMPTS {
            let mark = self.live_mark_opened(by, game).await?;
            let mut known = self.caught_up(game, held.take(), mark).await?;
            if let Some(seq) = posted
                .device
                .zip(posted.device_seq)
                .and_then(|(d, n)| known.sent(d, n))
            {
                let answer = accepted_before(&known.report, seq, lang);
                *held = Some(known);
                return Ok(answer);
            }
            let now_ms = u64::try_from(store::unix_now_ms() - known.origin_ms)
                .unwrap_or(0)
                .max(known.report.last_ms);
            let (line, at_ms) = match stamped(posted, now_ms) {
                Ok(stamped) => stamped,
                Err(e) => {
                    *held = Some(known);
                    return Err(e);
                }
            };
            let after = known.events;
            // A refused event may have changed the game half-way: the next post rebuilds it.
            let rulings = match known.report.step(LogLine::new(line_of(after + 1), &line)) {
                Ok(step) => step.rulings.clone(),
                Err(e) => return Err(refusal(e)),
            };
            let new = NewLiveEvent {
                device: posted.device,
                device_seq: posted.device_seq,
                user: by,
                server_ms: store::unix_now_ms(),
                line: &line,
            };
            match self.store.append_live_event(game, after, &new).await {
                Ok(Appended::New(seq)) => {
                    known.stored(seq, posted.device, posted.device_seq);
                    *held = Some(known);
                    self.hub.touch(game);
                    return Ok(Accepted {
                        seq,
                        at_ms,
                        repeated: false,
                        move_refused: refuses_move(&rulings),
                        rulings: worded(&rulings, lang),
                    });
                }
                // Another process stored events first: the game is read again.
                Ok(Appended::Repeated(_)) | Err(store::StoreError::Conflict { .. }) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(ServiceError::Conflict(format!(
            "game {game}: other events keep coming first; send the event again"
        )))
    }

    /// The mark of the live game of a board (opened with the section's settings if it was
    /// not yet).
    async fn live_mark_opened(&self, by: Option<i64>, game: i64) -> Result<LiveMark, ServiceError> {
        if let Some(mark) = self.store.live_mark(game).await? {
            return Ok(mark);
        }
        self.live_game_opened(by, game).await?;
        self.store
            .live_mark(game)
            .await?
            .ok_or(ServiceError::NotFound)
    }

    /// The stored game of `mark`: `known` stepped on by the events stored since, when it is
    /// the same live game, else rebuilt from the log.
    pub(crate) async fn caught_up(
        &self,
        game: i64,
        known: Option<Stepped>,
        mark: LiveMark,
    ) -> Result<Stepped, ServiceError> {
        if let Some(mut known) = known
            && known.origin_ms == mark.origin_ms
            && known.events <= mark.events
        {
            let mut fine = true;
            if known.events < mark.events {
                for e in self.store.live_events_after(game, known.events).await? {
                    if known.take(&e).is_err() {
                        fine = false;
                        break;
                    }
                }
            }
            if fine {
                return Ok(known);
            }
        }
        let live = self
            .store
            .live_game(game)
            .await?
            .ok_or(ServiceError::NotFound)?;
        let events = self.store.live_events(game).await?;
        Stepped::rebuilt(&live, &events)
    }

    /// The live state of a game, rebuilt from its log (the section's header and no events
    /// before the live game is opened), its texts in `lang`.
    pub async fn live_state(&self, game: i64, lang: Lang) -> Result<LiveState, ServiceError> {
        self.live_state_as_of(game, 0, lang).await
    }

    /// The header and the events of a game's log the server received up to `delay_ms` ago,
    /// and whether the live game was opened (else the section's header, no events).
    pub(crate) async fn live_log(
        &self,
        game: i64,
        delay_ms: u64,
    ) -> Result<(String, Vec<LiveEvent>, bool), ServiceError> {
        match self.store.live_game(game).await? {
            Some(live) => {
                let until = store::unix_now_ms() - i64::try_from(delay_ms).unwrap_or(i64::MAX);
                let mut events = self.store.live_events(game).await?;
                events.retain(|e| e.server_ms <= until);
                Ok((live.header, events, true))
            }
            None => {
                let header = self.default_header(game).await?;
                let text = serde_json::to_string(&header).map_err(|e| bad(e.to_string()))?;
                Ok((text, Vec::new(), false))
            }
        }
    }

    /// The live state as of `delay_ms` ago (spectators): only the events the server had
    /// received then; the clocks as of the latest of them. Texts in `lang`.
    pub async fn live_state_as_of(
        &self,
        game: i64,
        delay_ms: u64,
        lang: Lang,
    ) -> Result<LiveState, ServiceError> {
        let origin_ms = match self.store.live_game(game).await? {
            Some(live) => Some(live.origin_ms + i64::try_from(delay_ms).unwrap_or(0)),
            None => None,
        };
        let (header, events, _) = self.live_log(game, delay_ms).await?;
        let report = rebuild(&header, &events)?;
        let header: Header =
            serde_json::from_str(&header).map_err(|e| ServiceError::Internal(e.to_string()))?;
        let now_ms = origin_ms.map_or(0, |o| u64::try_from(store::unix_now_ms() - o).unwrap_or(0));
        Ok(live_state_of(game, header, &report, &events, now_ms, lang))
    }
}

/// The live state of `game`: its header, the game `report` made of `events`, the game time
/// `now_ms`; texts in `lang`.
pub(crate) fn live_state_of(
    game: i64,
    header: Header,
    report: &Report,
    events: &[LiveEvent],
    now_ms: u64,
    lang: Lang,
) -> LiveState {
    let a = &report.arbiter;
    LiveState {
        game,
        header,
        state: report.final_state(),
        at_ms: report.last_ms,
        now_ms,
        running: a.clock().running().map(side),
        moves: report.moves(),
        draw_offer: a.draw_offer().map(side),
        question: a.question().map(|q| q.text(lang)),
        turn: side(a.game().position().turn()),
        options: open_options(report).iter().map(|&(n, _)| n).collect(),
        choices: open_options(report)
            .into_iter()
            .map(|(choice, c)| ChoiceText {
                choice,
                text: c.text(lang),
            })
            .collect(),
        legal_moves: legal_moves(a.game().position()),
        rulings: events
            .iter()
            .zip(&report.steps)
            .map(|(e, s)| LiveStep {
                seq: e.seq,
                at_ms: s.at_ms,
                rulings: worded(&s.rulings, lang),
            })
            .collect(),
    }
}

/// The answer to a retry: the stored event's time and rulings.
fn accepted_before(report: &Report, seq: i64, lang: Lang) -> Accepted {
    let step = report.steps.iter().find(|s| s.line == line_of(seq));
    Accepted {
        seq,
        at_ms: step.map_or(0, |s| s.at_ms),
        repeated: true,
        rulings: step.map_or_else(Vec::new, |s| worded(&s.rulings, lang)),
        move_refused: step.is_some_and(|s| refuses_move(&s.rulings)),
    }
}

/// The choices of the open question, each with its name: those of the latest
/// `DecisionRequired` ruling.
fn open_options(report: &Report) -> Vec<(&'static str, laws::arbiter::Choice)> {
    if report.arbiter.question().is_none() {
        return Vec::new();
    }
    let latest = report
        .steps
        .iter()
        .flat_map(|s| &s.rulings)
        .rev()
        .find_map(|c| match &c.ruling {
            laws::arbiter::Ruling::DecisionRequired { options, .. } => Some(options),
            _ => None,
        });
    latest.map_or_else(Vec::new, |options| {
        options
            .iter()
            .filter_map(|o| {
                laws::arbiter::Choice::NAMED
                    .iter()
                    .find(|(_, c)| c == o)
                    .map(|&(n, c)| (n, c))
            })
            .collect()
    })
}

/// The legal moves of `position` in UCI and SAN.
fn legal_moves(position: &shakmaty::Chess) -> Vec<LegalMove> {
    position
        .legal_moves()
        .iter()
        .map(|m| LegalMove {
            uci: m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
            san: laws::notation::write_move(
                position,
                m,
                laws::notation::Language::English,
                laws::notation::Form::Short,
            ),
        })
        .collect()
}
