pub mod chess960;
pub mod replay;
