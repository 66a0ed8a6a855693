pub mod berger;
pub mod chess960;
pub mod rating;
