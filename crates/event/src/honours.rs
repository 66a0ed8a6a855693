//! The final documents of a championship: the champion of every class with the title the
//! regulations give (SJRP §7.8, §8.6, §9.3), the players qualified for the national
//! championship (SJRP §6.4: the champion and the quota places), and the places certificates
//! are written for.
//!
//! A place still shared after every tie-break is not decided here: SJRP §6.1 ([`crate::table::playoff_article`]) ends the list of
//! tie-breaks with a Stichkampf, so a shared first place names no champion and a tie across the
//! last quota place qualifies nobody of the tied group until the arbiter records the
//! Stichkampf. The software never invents that decision.
//!
//! ```
//! use event::date::Date;
//! use event::honours::Honours;
//!
//! let mut event = event::demo::championship(Date::new(2026, 4, 11).unwrap());
//! event.title_region = "Rheinland-Pfalz".into();
//! let u14 = event.section("U14").unwrap();
//! let honours = Honours::of(&event, u14)?;
//! let girls = honours.class("U14w".parse()?).unwrap();
//! assert_eq!(girls.title, "Rheinland-Pfalz-Meisterin U14w 2026");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use laws::Article;
use serde::Serialize;

use crate::age::Class;
use crate::event::Event;
use crate::person::{PlayerId, Sex};
use crate::section::{Section, SectionKind};
use crate::table::{StandingsError, csv_field};

/// SJRP §6.4: the champions and the quota places qualify for the German championship (DEM).
pub const DEM_QUALIFICATION: Article = Article::new("SJRP §6.4");
/// SJRP §7.8: the titles of the winners of U14-U18 (and older classes).
pub const TITLES: Article = Article::new("SJRP §7.8");
/// SJRP §8.6: the titles of the winners of U10 and U12.
pub const TITLES_U10_U12: Article = Article::new("SJRP §8.6");
/// SJRP §9.3: the titles of the winners of U8.
pub const TITLES_U8: Article = Article::new("SJRP §9.3");

/// The paragraph giving the title of `class`'s winner.
pub fn title_article(class: Class) -> Article {
    match class.age.limit() {
        Some(8) => TITLES_U8,
        Some(10 | 12) => TITLES_U10_U12,
        _ => TITLES,
    }
}

/// One placed player of a class ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Placed {
    /// Place in the class; tied players share it.
    pub place: usize,
    /// Whether another player shares the place (a Stichkampf is open, §6.1).
    pub tied: bool,
    /// The player.
    pub player: PlayerId,
    /// `Last, First`.
    pub name: String,
    /// Club.
    pub club: String,
    /// Points, written `4.5`.
    pub points: String,
}

/// The outcome of one class of a section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClassHonours {
    /// The class, e.g. `U14w`.
    pub class: Class,
    /// The title its winner receives, e.g. `Rheinland-Pfalz-Meisterin U14w 2026`.
    pub title: String,
    /// The paragraph giving the title ([`title_article`]), e.g. `SJRP §7.8`.
    pub title_article: String,
    /// The champion; `None` while first place is shared (Stichkampf open) or nobody played.
    pub champion: Option<Placed>,
    /// The players sharing first place when it is shared.
    pub open_tie: Vec<Placed>,
    /// The DEM places of the class (champion included), as the section's quota sets them.
    pub quota: u32,
    /// The qualified players, best first (at most `quota`; fewer while a tie crosses the
    /// last quota place).
    pub qualified: Vec<Placed>,
    /// Players tied across the last quota place: the Stichkampf decides who goes.
    pub quota_tie: Vec<Placed>,
    /// The whole class ranking (certificates are written from it).
    pub ranking: Vec<Placed>,
}

/// The final documents of one section: one [`ClassHonours`] per class it plays; for a side
/// event one entry over the whole section, without title and DEM places.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Honours {
    /// The section's name.
    pub section: String,
    /// A side event ([`SectionKind::SideEvent`]): its winner takes `1. Platz <section>`, no
    /// title (§7.8, §8.6, §9.3) and no DEM place (§6.4).
    pub side_event: bool,
    /// One entry per class of the section, in the section's order.
    pub classes: Vec<ClassHonours>,
}

impl Honours {
    /// The honours of `section` of `event` after the rounds played so far.
    pub fn of(event: &Event, section: &Section) -> Result<Honours, StandingsError> {
        if section.kind == SectionKind::SideEvent {
            return side_event(section);
        }
        let classes = section
            .classes
            .iter()
            .map(|&class| class_honours(event, section, class))
            .collect::<Result<_, _>>()?;
        Ok(Honours {
            section: section.name.clone(),
            side_event: false,
            classes,
        })
    }

    /// The honours of one class, if the section plays it.
    pub fn class(&self, class: Class) -> Option<&ClassHonours> {
        self.classes.iter().find(|c| c.class == class)
    }
}

impl Section {
    /// The DEM places of `class` (SJRP §6.4): the quota set for it, at least the champion's.
    pub fn quota(&self, class: Class) -> u32 {
        self.dem_quota
            .iter()
            .find(|(c, _)| *c == class)
            .map_or(1, |&(_, n)| n.max(1))
    }
}

/// The title of the winner of `class` (§7.8: "Rheinland-Pfalz-Meister U18 [Jahreszahl]",
/// "Rheinland-Pfalz-Meisterin U18w [Jahreszahl]"), in the feminine form for a girls' class or a
/// girl winning an open class; without a region just `Meister U18 2026`.
pub fn title(region: &str, class: Class, year: u16, female: bool) -> String {
    let noun = if class.girls || female {
        "Meisterin"
    } else {
        "Meister"
    };
    match region.trim() {
        "" => format!("{noun} {class} {year}"),
        region => format!("{region}-{noun} {class} {year}"),
    }
}

fn female(section: &Section, player: PlayerId) -> bool {
    section
        .entry(player)
        .is_some_and(|e| e.player.sex == Some(Sex::Female))
}

fn class_honours(
    event: &Event,
    section: &Section,
    class: Class,
) -> Result<ClassHonours, StandingsError> {
    let mut ranking = placed(&section.class_standings(class)?);
    decide_ties(&mut ranking, section, class);
    let first: Vec<Placed> = ranking.iter().filter(|p| p.place == 1).cloned().collect();
    let (champion, open_tie) = match first.as_slice() {
        [one] => (Some(one.clone()), Vec::new()),
        _ => (None, if first.len() > 1 { first } else { Vec::new() }),
    };
    let quota = section.quota(class);
    let (qualified, quota_tie) = qualify(&ranking, quota);
    Ok(ClassHonours {
        class,
        title: title(
            &event.title_region,
            class,
            event.end.year(),
            champion.as_ref().is_some_and(|c| female(section, c.player)),
        ),
        title_article: title_article(class).to_string(),
        champion,
        open_tie,
        quota,
        qualified,
        quota_tie,
        ranking,
    })
}

/// The winners of a side event: the whole section's standings, listed under its first class,
/// with `1. Platz <section>` and no DEM place.
fn side_event(section: &Section) -> Result<Honours, StandingsError> {
    let ranking = placed(&section.standings()?);
    let first: Vec<Placed> = ranking.iter().filter(|p| p.place == 1).cloned().collect();
    let (champion, open_tie) = match first.as_slice() {
        [one] => (Some(one.clone()), Vec::new()),
        _ => (None, if first.len() > 1 { first } else { Vec::new() }),
    };
    let class = section
        .classes
        .first()
        .copied()
        .unwrap_or(Class::open(crate::age::AgeClass::Open));
    Ok(Honours {
        section: section.name.clone(),
        side_event: true,
        classes: vec![ClassHonours {
            class,
            title: side_event_title(&section.name),
            title_article: String::new(),
            champion,
            open_tie,
            quota: 0,
            qualified: Vec::new(),
            quota_tie: Vec::new(),
            ranking,
        }],
    })
}

/// The DEM qualification list of an event's championship sections as CSV (RFC 4180, CR LF),
/// the list a federation sends on (SJRP §6.4): class, place, name, club, points and whether
/// the place is the champion's (`Meister`) or a quota place (`Quote`); ties still open are
/// listed as `Stichkampf offen` without a place.
pub fn qualification_csv(honours: &[Honours]) -> String {
    let mut out = String::from("Klasse,Platz,Name,Verein,Punkte,Grundlage\r\n");
    for class in honours
        .iter()
        .filter(|h| !h.side_event)
        .flat_map(|h| &h.classes)
    {
        for p in &class.qualified {
            let basis = if p.place == 1 { "Meister" } else { "Quote" };
            let line = [
                class.class.to_string(),
                p.place.to_string(),
                csv_field(&p.name),
                csv_field(&p.club),
                csv_field(&p.points),
                basis.to_owned(),
            ];
            out.push_str(&line.join(","));
            out.push_str("\r\n");
        }
        for p in &class.quota_tie {
            let line = [
                class.class.to_string(),
                String::new(),
                csv_field(&p.name),
                csv_field(&p.club),
                csv_field(&p.points),
                "Stichkampf offen".to_owned(),
            ];
            out.push_str(&line.join(","));
            out.push_str("\r\n");
        }
    }
    out
}

/// What the winner of a side event takes: `1. Platz U14&U12-Blitzturnier`.
pub fn side_event_title(section: &str) -> String {
    format!("1. Platz {section}")
}

fn placed(table: &crate::table::Standings) -> Vec<Placed> {
    table
        .rows
        .iter()
        .map(|r| Placed {
            place: r.rank,
            tied: r.tied,
            player: r.player,
            name: r.name.clone(),
            club: r.club.clone(),
            points: r.points.clone(),
        })
        .collect()
}

/// Replaces every tie that a decided Stichkampf of `class` played out (§6.1) by its order:
/// the group's shared place becomes consecutive places.
fn decide_ties(ranking: &mut [Placed], section: &Section, class: Class) {
    let mut start = 0;
    while start < ranking.len() {
        let place = ranking[start].place;
        let len = ranking[start..]
            .iter()
            .take_while(|p| p.place == place)
            .count();
        let group: Vec<PlayerId> = ranking[start..start + len]
            .iter()
            .map(|p| p.player)
            .collect();
        let order = section
            .playoffs
            .iter()
            .filter(|p| len > 1 && p.decides(class, &group))
            .find_map(|p| p.ranking());
        if let Some(order) = order {
            let slice = &mut ranking[start..start + len];
            slice.sort_by_key(|p| order.iter().position(|&q| q == p.player));
            for (i, p) in slice.iter_mut().enumerate() {
                p.place = place + i;
                p.tied = false;
            }
        }
        start += len;
    }
}

/// The first `quota` places; a group of tied players that does not fit whole is left to the
/// Stichkampf (returned second).
fn qualify(ranking: &[Placed], quota: u32) -> (Vec<Placed>, Vec<Placed>) {
    let quota = usize::try_from(quota).unwrap_or(usize::MAX);
    let fits = |p: &Placed| {
        let group_end = ranking.iter().filter(|q| q.place <= p.place).count();
        group_end <= quota
    };
    let qualified: Vec<Placed> = ranking.iter().filter(|p| fits(p)).cloned().collect();
    let tie: Vec<Placed> = ranking
        .iter()
        .filter(|p| !fits(p) && p.place <= quota)
        .cloned()
        .collect();
    (qualified, tie)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::age::AgeClass;
    use crate::date::Date;

    fn placed(place: usize, name: &str) -> Placed {
        Placed {
            place,
            tied: false,
            player: PlayerId(place as u32),
            name: name.into(),
            club: String::new(),
            points: String::new(),
        }
    }

    #[test]
    fn h14_02_titles_follow_section_7_8() {
        let u18w = Class::girls(AgeClass::U18);
        assert_eq!(
            title("Rheinland-Pfalz", u18w, 2026, true),
            "Rheinland-Pfalz-Meisterin U18w 2026"
        );
        assert_eq!(
            title("", Class::open(AgeClass::U10), 2027, false),
            "Meister U10 2027"
        );
        assert_eq!(
            title("Rheinland-Pfalz", Class::open(AgeClass::U14), 2026, true),
            "Rheinland-Pfalz-Meisterin U14 2026"
        );
        assert_eq!(title_article(u18w), TITLES);
        assert_eq!(title_article(Class::girls(AgeClass::U12)), TITLES_U10_U12);
        assert_eq!(title_article(Class::open(AgeClass::U8)), TITLES_U8);
    }

    #[test]
    fn h14_02_a_tie_across_the_last_quota_place_qualifies_nobody_of_the_group() {
        let ranking = [
            placed(1, "A"),
            placed(2, "B"),
            placed(2, "C"),
            placed(4, "D"),
        ];
        let (q, tie) = qualify(&ranking, 2);
        assert_eq!(q.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["A"]);
        assert_eq!(
            tie.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
            ["B", "C"]
        );
        let (q, tie) = qualify(&ranking, 3);
        assert_eq!(q.len(), 3);
        assert!(tie.is_empty());
        let (q, tie) = qualify(&ranking, 0);
        assert!(q.is_empty() && tie.is_empty());
    }

    #[test]
    fn h18_06_qualification_csv_lists_champions_and_quota_places() {
        let event = crate::demo::championship(Date::new(2026, 4, 11).unwrap());
        let all: Vec<Honours> = event
            .sections
            .iter()
            .map(|s| Honours::of(&event, s).unwrap())
            .collect();
        let csv = qualification_csv(&all);
        let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
        assert_eq!(lines[0], "Klasse,Platz,Name,Verein,Punkte,Grundlage");
        let listed: usize = all
            .iter()
            .flat_map(|h| &h.classes)
            .map(|c| c.qualified.len() + c.quota_tie.len())
            .sum();
        assert_eq!(lines.len(), listed + 1);
        let u12 = all[1].class(Class::open(AgeClass::U12)).unwrap();
        if let Some(champion) = &u12.champion {
            let line = format!("U12,1,\"{}\",", champion.name);
            assert!(csv.contains(&line), "{csv}");
        }
        assert!(lines[1..].iter().all(|l| l.ends_with(",Meister")
            || l.ends_with(",Quote")
            || l.ends_with(",Stichkampf offen")));
    }

    #[test]
    fn h14_02_demo_champions_and_quota() {
        let mut event = crate::demo::championship(Date::new(2026, 4, 11).unwrap());
        event.title_region = "Rheinland-Pfalz".into();
        let u12 = event.section("U12").unwrap().clone();
        let mut with_quota = u12.clone();
        with_quota.dem_quota = vec![(Class::open(AgeClass::U12), 3)];
        let h = Honours::of(&event, &with_quota).unwrap();
        let open = h.class(Class::open(AgeClass::U12)).unwrap();
        assert_eq!(open.title, "Rheinland-Pfalz-Meister U12 2026");
        assert_eq!(
            open.ranking.len(),
            u12.class_standings(open.class).unwrap().rows.len()
        );
        match &open.champion {
            Some(c) => {
                assert_eq!(c.place, 1);
                assert!(open.open_tie.is_empty());
                assert_eq!(open.qualified.first(), Some(c));
            }
            None => assert!(open.open_tie.len() > 1),
        }
        assert!(open.qualified.len() + open.quota_tie.len() >= 3);
        assert!(open.qualified.len() <= 3);
        // Without a quota the champion alone qualifies (§6.4).
        let mut without = u12.clone();
        without.dem_quota.clear();
        let h = Honours::of(&event, &without).unwrap();
        let open = h.class(Class::open(AgeClass::U12)).unwrap();
        assert_eq!(open.quota, 1);
        assert_eq!(open.qualified.len(), usize::from(open.champion.is_some()));
    }

    #[test]
    fn h14_08_a_side_event_gives_no_title_and_no_dem_place() {
        let event = crate::demo::championship(Date::new(2026, 4, 11).unwrap());
        let mut side = event.section("U12").unwrap().clone();
        side.name = "U14&U12-Blitzturnier".into();
        side.kind = SectionKind::SideEvent;
        side.dem_quota = vec![(Class::open(AgeClass::U12), 3)];
        let h = Honours::of(&event, &side).unwrap();
        assert!(h.side_event);
        assert_eq!(h.classes.len(), 1, "one list over the whole section");
        let c = &h.classes[0];
        assert_eq!(c.title, "1. Platz U14&U12-Blitzturnier");
        assert!(!c.title.contains("Meister"));
        assert!(c.title_article.is_empty());
        assert_eq!((c.quota, c.qualified.len(), c.quota_tie.len()), (0, 0, 0));
        assert_eq!(c.ranking.len(), side.standings().unwrap().rows.len());
        assert!(c.champion.is_some() || c.open_tie.len() > 1);
    }
}
