//! The rows of the store as typed values.

use std::fmt;
use std::str::FromStr;

use sqlx::Row;
use sqlx::any::AnyRow;

/// Why a store operation failed.
#[derive(Debug)]
pub enum StoreError {
    /// The database refused or could not be reached.
    Database(sqlx::Error),
    /// The URL is neither `sqlite://PATH` nor `postgres://...`.
    Url(String),
    /// No row with that id.
    NotFound { entity: &'static str, id: i64 },
    /// The row changed since the caller read it (optimistic locking); nothing was written.
    Conflict { entity: &'static str, id: i64 },
    /// A name or number that must be unique is taken.
    Duplicate(String),
    /// A value the operation cannot take.
    Invalid(String),
    /// Concurrent writers kept the database busy, or the transaction lost a race with one
    /// (SQLite "database is locked", PostgreSQL serialization failure or deadlock, no free
    /// connection in time); nothing was written and the change may be sent again.
    Busy(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Url(u) => write!(
                f,
                "`{u}` is not a database URL (sqlite://PATH or postgres://USER@HOST/DB)"
            ),
            StoreError::NotFound { entity, id } => write!(f, "no {entity} with id {id}"),
            StoreError::Conflict { entity, id } => write!(
                f,
                "{entity} {id} was changed by someone else meanwhile; reload and enter it again"
            ),
            StoreError::Duplicate(what) => write!(f, "{what} exists already"),
            StoreError::Invalid(what) => f.write_str(what),
            StoreError::Busy(why) => write!(
                f,
                "the database is busy with other changes; nothing was written, send it again ({why})"
            ),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Database(e) => Some(e),
            _ => None,
        }
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        if contended(&e) {
            StoreError::Busy(e.to_string())
        } else {
            StoreError::Database(e)
        }
    }
}

/// Whether an error comes from concurrent writers rather than from the request: SQLite
/// `SQLITE_BUSY`/`SQLITE_LOCKED` (with their extended codes), PostgreSQL `40001`
/// (serialization failure) and `40P01` (deadlock), or no pooled connection in time.
fn contended(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(d) => d.code().is_some_and(|code| {
            matches!(code.as_ref(), "40001" | "40P01")
                || (code.len() < 5 && code.parse::<u32>().is_ok_and(|c| matches!(c & 0xff, 5 | 6)))
        }),
        sqlx::Error::PoolTimedOut => true,
        _ => false,
    }
}

/// What a user may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// Reads published pages only.
    Public,
    /// A team captain: submits the lineups and match results of one team (SJRP §10.9), which
    /// an arbiter confirms.
    Captain,
    /// Runs events: players, pairings, results.
    Arbiter,
    /// Everything, including user accounts.
    Admin,
}

impl Role {
    /// The name stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Public => "public",
            Role::Captain => "captain",
            Role::Arbiter => "arbiter",
            Role::Admin => "admin",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A role name that is not `admin`, `arbiter`, `captain` or `public`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRoleError(pub String);

impl fmt::Display for ParseRoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown role `{}` (admin, arbiter, captain, public)",
            self.0
        )
    }
}

impl std::error::Error for ParseRoleError {}

impl FromStr for Role {
    type Err = ParseRoleError;

    fn from_str(s: &str) -> Result<Role, ParseRoleError> {
        match s {
            "public" => Ok(Role::Public),
            "captain" => Ok(Role::Captain),
            "arbiter" => Ok(Role::Arbiter),
            "admin" => Ok(Role::Admin),
            _ => Err(ParseRoleError(s.to_owned())),
        }
    }
}

/// The result of a game or a bye, as recorded by the arbiter (Art. 8.7; byes C.04.1, C.02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Not entered yet.
    Pending,
    /// `1-0`.
    WhiteWins,
    /// `½-½`.
    Draw,
    /// `0-1`.
    BlackWins,
    /// `+/-`: White wins by forfeit.
    WhiteForfeitWin,
    /// `-/+`: Black wins by forfeit.
    BlackForfeitWin,
    /// `-/-`: both lose by forfeit.
    DoubleForfeit,
    /// Pairing-allocated bye (C.04.1 Art. 3).
    PairingBye,
    /// Requested full-point bye.
    FullBye,
    /// Requested half-point bye.
    HalfBye,
    /// Zero-point bye (absent, not paired).
    ZeroBye,
}

impl GameResult {
    /// Every result, in the order of a result menu.
    pub const ALL: [GameResult; 11] = [
        GameResult::Pending,
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
        GameResult::WhiteForfeitWin,
        GameResult::BlackForfeitWin,
        GameResult::DoubleForfeit,
        GameResult::PairingBye,
        GameResult::FullBye,
        GameResult::HalfBye,
        GameResult::ZeroBye,
    ];

    /// The stored code, also the API and form value.
    pub fn code(self) -> &'static str {
        match self {
            GameResult::Pending => "*",
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "1/2-1/2",
            GameResult::BlackWins => "0-1",
            GameResult::WhiteForfeitWin => "+/-",
            GameResult::BlackForfeitWin => "-/+",
            GameResult::DoubleForfeit => "-/-",
            GameResult::PairingBye => "bye",
            GameResult::FullBye => "bye-1",
            GameResult::HalfBye => "bye-1/2",
            GameResult::ZeroBye => "bye-0",
        }
    }

    /// Whether the result belongs to a player without opponent.
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            GameResult::PairingBye
                | GameResult::FullBye
                | GameResult::HalfBye
                | GameResult::ZeroBye
        )
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Draw => "½-½",
            GameResult::HalfBye => "bye-½",
            r => r.code(),
        })
    }
}

/// A text that is not a result code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseGameResultError(pub String);

impl fmt::Display for ParseGameResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a result (1-0, 1/2-1/2, 0-1, +/-, -/+, -/-, bye, bye-1, bye-1/2, bye-0, *)",
            self.0
        )
    }
}

impl std::error::Error for ParseGameResultError {}

impl FromStr for GameResult {
    type Err = ParseGameResultError;

    fn from_str(s: &str) -> Result<GameResult, ParseGameResultError> {
        let t = s.trim();
        let alias = match t {
            "½-½" | "=" => Some(GameResult::Draw),
            "bye-½" => Some(GameResult::HalfBye),
            "" => Some(GameResult::Pending),
            _ => None,
        };
        alias
            .or_else(|| GameResult::ALL.into_iter().find(|r| r.code() == t))
            .ok_or_else(|| ParseGameResultError(s.to_owned()))
    }
}

pub(crate) fn get<'r, T: sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any>>(
    row: &'r AnyRow,
    column: &str,
) -> Result<T, StoreError> {
    Ok(row.try_get(column)?)
}

/// A user account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub name: String,
    /// PHC string of the argon2 hash.
    pub password_hash: String,
    pub role: Role,
}

impl User {
    pub(crate) fn from_row(r: &AnyRow) -> Result<User, StoreError> {
        let role: String = get(r, "role")?;
        Ok(User {
            id: get(r, "id")?,
            name: get(r, "name")?,
            password_hash: get(r, "password_hash")?,
            role: role
                .parse()
                .map_err(|e: ParseRoleError| StoreError::Invalid(e.to_string()))?,
        })
    }
}

/// A logged-in session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The token every form of this session must carry.
    pub csrf: String,
    pub expires_at: i64,
    pub user: User,
}

/// One change on record.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct AuditEntry {
    pub id: i64,
    /// Unix seconds.
    pub at: i64,
    /// Name of the user; empty for the system.
    pub user: String,
    pub entity: String,
    pub entity_id: i64,
    pub action: String,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
}

impl AuditEntry {
    pub(crate) fn from_row(r: &AnyRow) -> Result<AuditEntry, StoreError> {
        Ok(AuditEntry {
            id: get(r, "id")?,
            at: get(r, "at")?,
            user: get(r, "user_name")?,
            entity: get(r, "entity")?,
            entity_id: get(r, "entity_id")?,
            action: get(r, "action")?,
            old_value: get(r, "old_value")?,
            new_value: get(r, "new_value")?,
        })
    }
}

/// A tournament event (one or more sections).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Event {
    pub id: i64,
    pub name: String,
    pub place: String,
    /// `YYYY-MM-DD`.
    pub start_date: String,
    /// JSON of the domain event.
    #[serde(skip)]
    pub data: String,
    /// Optimistic-locking version, raised by every update.
    pub version: i64,
}

impl Event {
    pub(crate) fn from_row(r: &AnyRow) -> Result<Event, StoreError> {
        Ok(Event {
            id: get(r, "id")?,
            name: get(r, "name")?,
            place: get(r, "place")?,
            start_date: get(r, "start_date")?,
            data: get(r, "data")?,
            version: get(r, "version")?,
        })
    }
}

/// A section (group) of an event, paired on its own.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Section {
    pub id: i64,
    pub event: i64,
    pub name: String,
    /// Planned number of rounds.
    pub rounds: i64,
    /// Tie-break order as C.07 codes, comma-separated (`BH/C1,BH,SB`).
    pub tiebreaks: String,
    /// JSON of the domain section without players and rounds.
    #[serde(skip)]
    pub data: String,
    pub version: i64,
}

impl Section {
    pub(crate) fn from_row(r: &AnyRow) -> Result<Section, StoreError> {
        Ok(Section {
            id: get(r, "id")?,
            event: get(r, "event_id")?,
            name: get(r, "name")?,
            rounds: get(r, "rounds")?,
            tiebreaks: get(r, "tiebreaks")?,
            data: get(r, "data")?,
            version: get(r, "version")?,
        })
    }
}

/// The new state of an event ([`crate::Store::update_event`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventChange<'a> {
    pub name: &'a str,
    pub place: &'a str,
    /// `YYYY-MM-DD`.
    pub start_date: &'a str,
    /// JSON of the domain event.
    pub data: &'a str,
}

/// A row and the version the caller read it at (optimistic locking).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Versioned {
    pub id: i64,
    pub version: i64,
}

/// A player to register.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Deserialize)]
pub struct NewPlayer {
    /// `Lastname, Firstname`.
    pub name: String,
    /// `m`, `w` or empty.
    #[serde(default)]
    pub sex: String,
    #[serde(default)]
    pub title: String,
    /// German national rating (DWZ), if any.
    #[serde(default)]
    pub dwz: Option<i64>,
    /// FIDE rating (Elo), if any.
    #[serde(default)]
    pub elo: Option<i64>,
    #[serde(default)]
    pub federation: String,
    #[serde(default)]
    pub fide_id: String,
    /// `YYYY/MM/DD` or `YYYY`, as in TRF.
    #[serde(default)]
    pub birth_date: String,
    #[serde(default)]
    pub club: String,
    /// First round the player takes part in (late entry when above 1).
    #[serde(default)]
    pub first_round: i64,
    /// JSON of the domain registration.
    #[serde(default)]
    pub data: String,
}

impl NewPlayer {
    /// The stored fields in words, for the audit log: name, DWZ, Elo, title, federation, FIDE
    /// id, birth date, sex, club, and the arbiter's reason when the registration was admitted
    /// over a refusal (the domain document's `admitted_over`).
    pub(crate) fn summary(&self) -> String {
        let rating = |r: Option<i64>| r.map_or("-".to_owned(), |r| r.to_string());
        let data: serde_json::Value = serde_json::from_str(&self.data).unwrap_or_default();
        let over = match data["admitted_over"]["reason"].as_str() {
            Some(reason) => format!("; admitted by override: {reason}"),
            None => String::new(),
        };
        format!(
            "{} (DWZ {}, Elo {}, title {:?}, federation {:?}, FIDE id {:?}, born {:?}, sex {:?}, club {:?}){over}",
            self.name,
            rating(self.dwz),
            rating(self.elo),
            self.title,
            self.federation,
            self.fide_id,
            self.birth_date,
            self.sex,
            self.club,
        )
    }
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Player {
    pub id: i64,
    pub section: i64,
    /// Pairing number (starting rank).
    pub number: i64,
    pub name: String,
    pub sex: String,
    pub title: String,
    /// German national rating (DWZ), if any.
    pub dwz: Option<i64>,
    /// FIDE rating (Elo), if any.
    pub elo: Option<i64>,
    pub federation: String,
    pub fide_id: String,
    pub birth_date: String,
    pub club: String,
    pub first_round: i64,
    /// Withdrawn after this round (0: before round 1).
    pub withdrawn_after: Option<i64>,
    /// JSON of the domain registration.
    #[serde(skip)]
    pub data: String,
    pub version: i64,
}

impl Player {
    pub(crate) fn from_row(r: &AnyRow) -> Result<Player, StoreError> {
        Ok(Player {
            id: get(r, "id")?,
            section: get(r, "section_id")?,
            number: get(r, "number")?,
            name: get(r, "name")?,
            sex: get(r, "sex")?,
            title: get(r, "title")?,
            dwz: get(r, "dwz")?,
            elo: get(r, "elo")?,
            federation: get(r, "federation")?,
            fide_id: get(r, "fide_id")?,
            birth_date: get(r, "birth_date")?,
            club: get(r, "club")?,
            first_round: get(r, "first_round")?,
            withdrawn_after: get(r, "withdrawn_after")?,
            data: get(r, "data")?,
            version: get(r, "version")?,
        })
    }

    /// The registration as stored, e.g. to change some fields for
    /// [`Store::update_player`](crate::Store::update_player).
    pub fn registration(&self) -> NewPlayer {
        NewPlayer {
            name: self.name.clone(),
            sex: self.sex.clone(),
            title: self.title.clone(),
            dwz: self.dwz,
            elo: self.elo,
            federation: self.federation.clone(),
            fide_id: self.fide_id.clone(),
            birth_date: self.birth_date.clone(),
            club: self.club.clone(),
            first_round: self.first_round,
            data: self.data.clone(),
        }
    }

    /// Whether the player is to be paired in `round`.
    pub fn plays_in(&self, round: i64) -> bool {
        round >= self.first_round && self.withdrawn_after.is_none_or(|w| round <= w)
    }
}

/// A round with pairings.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Round {
    pub id: i64,
    pub section: i64,
    pub number: i64,
    /// Published pairings are public; unpublished ones are a preview for the arbiters.
    pub published: bool,
    /// JSON of the domain publication moment.
    #[serde(skip)]
    pub data: String,
    pub version: i64,
}

impl Round {
    pub(crate) fn from_row(r: &AnyRow) -> Result<Round, StoreError> {
        Ok(Round {
            id: get(r, "id")?,
            section: get(r, "section_id")?,
            number: get(r, "number")?,
            published: get::<i64>(r, "published")? != 0,
            data: get(r, "data")?,
            version: get(r, "version")?,
        })
    }
}

/// A board to store with a new round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewGame {
    pub board: i64,
    pub white: i64,
    /// `None` for a bye.
    pub black: Option<i64>,
    pub result: GameResult,
    /// Paired by hand rather than by the engine (marked on the published list, SJRP §6.2).
    pub manual: bool,
}

/// A section to store ([`Store::create_section`](crate::Store::create_section),
/// [`Store::create_team_section`](crate::Store::create_team_section)).
#[derive(Debug, Clone, Copy)]
pub struct NewSection<'a> {
    pub name: &'a str,
    pub rounds: i64,
    /// The tie-break codes, comma-separated.
    pub tiebreaks: &'a str,
    /// The section's settings document.
    pub data: &'a str,
}

/// A round to store as a preview ([`Store::create_round`](crate::Store::create_round)).
#[derive(Debug, Clone, Copy)]
pub struct NewRound<'a> {
    pub number: i64,
    /// Boards first, then byes.
    pub games: &'a [NewGame],
    /// Appended to the audit entry, e.g. the pairing system.
    pub note: &'a str,
    /// The section revision the pairing was computed at: the round is stored only while the
    /// section is unchanged since; `None` stores it regardless (a whole imported section).
    pub revision: Option<i64>,
    /// A new settings document of the section to store with the round (e.g. the fixed order
    /// drawn for round 1).
    pub settings: Option<&'a str>,
}

impl<'a> NewRound<'a> {
    /// Round `number` with these games, stored regardless of the section's revision, without
    /// note or settings.
    pub fn new(number: i64, games: &'a [NewGame]) -> NewRound<'a> {
        NewRound {
            number,
            games,
            note: "",
            revision: None,
            settings: None,
        }
    }
}

/// A board of a round, or a bye (no black player).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub id: i64,
    pub round: i64,
    pub board: i64,
    pub white: i64,
    pub black: Option<i64>,
    pub result: GameResult,
    /// Paired by hand rather than by the engine.
    pub manual: bool,
    pub version: i64,
}

impl Game {
    pub(crate) fn from_row(r: &AnyRow) -> Result<Game, StoreError> {
        let code: String = get(r, "result")?;
        Ok(Game {
            id: get(r, "id")?,
            round: get(r, "round_id")?,
            board: get(r, "board")?,
            white: get(r, "white_id")?,
            black: get(r, "black_id")?,
            result: code
                .parse()
                .map_err(|e: ParseGameResultError| StoreError::Invalid(e.to_string()))?,
            manual: get::<i64>(r, "manual")? != 0,
            version: get(r, "version")?,
        })
    }
}
