//! The FIDE Laws of Chess, pure and deterministic.
//!
//! This crate does no I/O and never reads the system clock: callers pass
//! everything in, including time. Every ruling names the article it rests on
//! ([`Article`]).

#![deny(missing_docs)]

pub mod arbiter;
mod article;
pub mod chess960;
pub mod clock;
pub mod dead_position;
pub mod draws;
pub mod edition;
pub mod game;
pub mod game_type;
pub mod illegal_position;
pub mod irregularities;
mod lang;
pub mod notation;
pub mod penalties;
pub mod points;
pub mod position;
#[cfg(feature = "replay")]
pub mod replay;
pub mod result;
mod ruling_text;
pub mod sealed_move;
pub mod time_control;

pub use article::Article;
pub use lang::{Lang, UnknownLang};
pub use result::{ByeKind, GameResult, ParseResultError};
