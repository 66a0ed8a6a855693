pub mod chess960;
pub mod unwinnable;
