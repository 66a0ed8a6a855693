//! The live games of a round (issue #15): the board a device plays (its players, round and
//! board), the codes of a round's boards for the devices, every board of a round live for the
//! arbiter's dashboard and the spectators (these with a delay), the result a finished live game
//! proposes, and the game record (electronic scoresheet, Art. 8.1) as PGN.

use laws::replay::Report;
use serde::Serialize;
use store::Recorded;

use crate::Service;
use crate::error::ServiceError;
use crate::live::{LiveState, rebuild};
use crate::loaded::Loaded;

pub use event::section::{DEFAULT_PUBLIC_DELAY_MINUTES, MAX_PUBLIC_DELAY_MINUTES};

/// Who looks at the live boards of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Audience {
    /// Arbiters and admins: every event at once.
    Arbiters,
    /// Spectators: only the events the server received at least the section's delay ago
    /// (`event::Section::public_delay_minutes`).
    Public,
}

impl Audience {
    /// How far behind this audience sees the live boards of `loaded`, in minutes.
    pub fn delay_minutes(self, loaded: &Loaded) -> u32 {
        match self {
            Audience::Arbiters => 0,
            Audience::Public => loaded.section().public_delay_minutes,
        }
    }

    fn delay_ms(self, loaded: &Loaded) -> u64 {
        u64::from(self.delay_minutes(loaded)) * 60_000
    }
}

/// A board of a published round as a device and the dashboard name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LiveBoard {
    /// The game (key of `games`).
    pub game: i64,
    /// The section (key).
    pub section: i64,
    /// The event's name.
    pub event_name: String,
    /// The section's name.
    pub section_name: String,
    /// The round's number.
    pub round: i64,
    /// The board number.
    pub board: i64,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result entered for the round (`*` while none).
    pub result: &'static str,
    /// The game's version (for entering the result).
    pub version: i64,
}

/// A board of a round with its live game.
#[derive(Debug, Clone, Serialize)]
pub struct BoardLive {
    /// The board.
    #[serde(flatten)]
    pub board: LiveBoard,
    /// Its live state (the section's header and no events while nobody played); none while
    /// the game has neither a live game nor a time control to open one with.
    pub live: Option<LiveState>,
    /// The result the finished live game proposes to the round (`1-0`, `1/2-1/2`, `0-1`),
    /// when it differs from the result entered; other scores (e.g. both lose) the arbiter enters.
    pub proposed: Option<&'static str>,
}

/// The result code of the round for the score of a finished live game (`1-0`, `0-1`,
/// `1/2-1/2`; other scores, e.g. both lose, are none).
pub fn recorded_code(score: &str) -> Option<&'static str> {
    let result = match score {
        "1-0" => laws::GameResult::WhiteWins,
        "0-1" => laws::GameResult::BlackWins,
        "1/2-1/2" => laws::GameResult::Draw,
        _ => return None,
    };
    Some(Recorded::Game(result).code())
}

/// The result a finished live game proposes to its board: the round's code for the game's
/// score, unless the board has that result already.
pub(crate) fn proposed(score: Option<&str>, board: &LiveBoard) -> Option<&'static str> {
    score
        .and_then(recorded_code)
        .filter(|code| *code != board.result)
}

pub(crate) fn board_of(loaded: &Loaded, round: i64, g: &store::Game) -> Option<LiveBoard> {
    Some(LiveBoard {
        game: g.id,
        section: loaded.section_row.id,
        event_name: loaded.event_row.name.clone(),
        section_name: loaded.section_row.name.clone(),
        round,
        board: g.board,
        white: loaded.name(g.white),
        black: loaded.name(g.black?),
        result: g.result.code(),
        version: g.version,
    })
}

/// The game record as PGN: the seven-tag roster of the board and the moves of the log.
fn pgn_of(board: &LiveBoard, report: &Report, date: &str) -> String {
    let game = report.arbiter.game();
    let result = report
        .arbiter
        .result()
        .and_then(|(s, _)| recorded_code(&s.to_string()));
    let round = format!("{}.{}", board.round, board.board);
    let event = format!("{} - {}", board.event_name, board.section_name);
    let tags = [
        ("Event", event.as_str()),
        ("Date", date),
        ("Round", round.as_str()),
        ("White", board.white.as_str()),
        ("Black", board.black.as_str()),
        ("Result", result.unwrap_or("*")),
    ];
    pgn::export::write_pgn(
        &tags,
        game.start(),
        game.moves(),
        None,
        laws::notation::Language::English,
    )
}

impl Service {
    /// The board of `game` in a published round (a bye or an unpublished round: not found).
    pub async fn live_board(&self, game: i64) -> Result<LiveBoard, ServiceError> {
        let g = self.store.game(game).await?;
        let round = self.store.round(g.round).await?;
        if !round.published {
            return Err(ServiceError::NotFound);
        }
        let loaded = self.section(round.section).await?;
        board_of(&loaded, round.number, &g).ok_or(ServiceError::NotFound)
    }

    /// The boards of round `n` of a section, published rounds only (byes left out), and how far
    /// behind `audience` sees them (ms).
    pub(crate) async fn round_boards(
        &self,
        section: i64,
        n: i64,
        audience: Audience,
    ) -> Result<(Vec<LiveBoard>, u64), ServiceError> {
        let loaded = self.section(section).await?;
        let (round, games) = loaded.round(n).ok_or(ServiceError::NotFound)?;
        if !round.published {
            return Err(ServiceError::NotFound);
        }
        let boards = games
            .iter()
            .filter_map(|g| board_of(&loaded, n, g))
            .collect();
        Ok((boards, audience.delay_ms(&loaded)))
    }

    /// Every board of round `n` live as `audience` sees it (spectators: only events the
    /// server received at least the section's delay ago). Texts in `lang`.
    pub async fn round_live(
        &self,
        section: i64,
        n: i64,
        audience: Audience,
        lang: laws::Lang,
    ) -> Result<Vec<BoardLive>, ServiceError> {
        let mut out = Vec::new();
        let (boards, delay_ms) = self.round_boards(section, n, audience).await?;
        for board in boards {
            let live = match self.live_state_as_of(board.game, delay_ms, lang).await {
                Ok(live) => Some(live),
                Err(ServiceError::Rule { .. }) => None,
                Err(e) => return Err(e),
            };
            let proposed = proposed(
                live.as_ref().and_then(|l| l.state.result.as_deref()),
                &board,
            );
            out.push(BoardLive {
                board,
                live,
                proposed,
            });
        }
        Ok(out)
    }

    /// New codes for the devices of every board of round `n` (`code` makes each, random):
    /// the old codes stop working. Each board with its code, shown once.
    pub async fn new_round_board_codes(
        &self,
        by: Option<i64>,
        section: i64,
        n: i64,
        mut code: impl FnMut() -> String,
    ) -> Result<Vec<(LiveBoard, String)>, ServiceError> {
        let mut out = Vec::new();
        let (boards, _) = self.round_boards(section, n, Audience::Arbiters).await?;
        for board in boards {
            let c = code();
            self.set_board_code(by, board.game, &c).await?;
            out.push((board, c));
        }
        Ok(out)
    }

    /// The game record of a live game as PGN (tags of the board, moves of the log).
    pub async fn live_pgn(&self, game: i64) -> Result<String, ServiceError> {
        let board = self.live_board(game).await?;
        let (report, _) = self.live_report(game, 0).await?;
        let loaded = self.section(board.section).await?;
        Ok(pgn_of(&board, &report, &pgn_date(&loaded, board.round)))
    }

    /// The live games of round `n` as one PGN file as `audience` sees them (broadcast tools:
    /// the public, with the section's delay).
    pub async fn round_live_pgn(
        &self,
        section: i64,
        n: i64,
        audience: Audience,
    ) -> Result<String, ServiceError> {
        let loaded = self.section(section).await?;
        let date = pgn_date(&loaded, n);
        let mut out = String::new();
        let (boards, delay_ms) = self.round_boards(section, n, audience).await?;
        for board in boards {
            let (report, opened) = self.live_report(board.game, delay_ms).await?;
            if opened {
                out.push_str(&pgn_of(&board, &report, &date));
                out.push('\n');
            }
        }
        Ok(out)
    }
}

/// The PGN date (`YYYY.MM.DD`) of round `n`: its scheduled day, else the event's start.
fn pgn_date(loaded: &Loaded, n: i64) -> String {
    let date = loaded
        .section()
        .schedule_of(u32::try_from(n).unwrap_or(0))
        .map_or_else(
            || loaded.event_row.start_date.clone(),
            |d| d.date.to_string(),
        );
    let d = date.replace('-', ".");
    if d.len() == 10 {
        d
    } else {
        "????.??.??".into()
    }
}

impl Service {
    /// The game rebuilt from the events received up to `delay_ms` ago, and whether its live
    /// game was opened.
    pub(crate) async fn live_report(
        &self,
        game: i64,
        delay_ms: u64,
    ) -> Result<(Report, bool), ServiceError> {
        let (header, events, opened) = self.live_log(game, delay_ms).await?;
        Ok((rebuild(&header, &events)?, opened))
    }
}
