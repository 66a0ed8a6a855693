pub mod check;
pub mod chess960;
pub mod fen;
pub mod notation;
pub mod pgn;
