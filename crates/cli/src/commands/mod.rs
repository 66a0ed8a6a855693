pub mod berger;
pub mod chess960;
pub mod fen;
pub mod notation;
pub mod rating;
pub mod trf;
pub mod unwinnable;
