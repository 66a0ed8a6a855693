//! Events: name, venue, dates and sections.

use serde::{Deserialize, Serialize};

use crate::age::AgeConvention;
use crate::date::Date;
use crate::section::Section;

/// A tournament event with its sections (e.g. one championship with its age classes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Name.
    pub name: String,
    /// Venue (town and place).
    pub venue: String,
    /// First day.
    pub start: Date,
    /// Last day.
    pub end: Date,
    /// Cut-off convention for the age classes (SJRP §5.3).
    pub age_convention: AgeConvention,
    /// The sections.
    pub sections: Vec<Section>,
}

impl Event {
    /// An event without sections, with the default age convention.
    pub fn new(name: &str, venue: &str, start: Date, end: Date) -> Event {
        Event {
            name: name.to_string(),
            venue: venue.to_string(),
            start,
            end,
            age_convention: AgeConvention::default(),
            sections: Vec::new(),
        }
    }

    /// The season the age classes refer to: the year of the start date.
    pub fn season(&self) -> u16 {
        self.start.year()
    }

    /// The section named `name`.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The section named `name`, mutable.
    pub fn section_mut(&mut self, name: &str) -> Option<&mut Section> {
        self.sections.iter_mut().find(|s| s.name == name)
    }
}
