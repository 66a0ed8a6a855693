pub mod chess960;
