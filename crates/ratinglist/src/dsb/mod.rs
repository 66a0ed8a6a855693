//! DSB formats: the player and club lists `spieler.csv` (v1, v2) and `vereine.csv`, and the
//! files for the DWZ evaluation (Wertungsordnung): the DSB XML 2026 report
//! (`DSB_DWZ_TournamentReport` 2.5) and the Swiss-Chess SWI/ELOBASE text in CP850.

mod lists;
mod report;
mod swi;
mod xml;

pub use lists::{Clubs, SpielerVersion, read_spieler, read_vereine, spieler_version};
pub use report::{
    ByePoints, Pairing, Player, Report, ReportError, Round, Tournament, TournamentType,
};
pub use swi::read_swi;
pub use xml::read_xml;
