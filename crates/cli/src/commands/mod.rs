pub mod check;
pub mod chess960;
