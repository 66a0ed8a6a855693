pub mod chess960;
pub mod pair;
