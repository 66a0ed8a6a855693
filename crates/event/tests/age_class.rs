//! Age classes and the cut-off convention (SJRP Spielordnung §1, §5.3).

use event::age::{AgeClass, AgeConvention, Class, Ineligible, eligible};
use event::date::{Birth, Date, DateTime, Time};
use event::person::Sex;

fn d(s: &str) -> Date {
    s.parse().unwrap()
}

/// the default reads §5.3 as the DSJ does: U-n in year Y ⇔ born in Y − n or later
/// (31 December of the year before the season).
#[test]
fn r_011_cut_off_31_december_dsj_reading() {
    let c = AgeConvention::default();
    assert_eq!(c, AgeConvention::PREVIOUS_YEAR_END);
    assert_eq!(c.cut_off(2026), d("2025-12-31"));
    for (class, first_year) in [
        (AgeClass::U18, 2008),
        (AgeClass::U16, 2010),
        (AgeClass::U14, 2012),
        (AgeClass::U12, 2014),
        (AgeClass::U10, 2016),
        (AgeClass::U8, 2018),
        (AgeClass::U20, 2006),
    ] {
        let class = Class::open(class);
        let first = Date::new(first_year, 1, 1).unwrap();
        assert!(eligible(first, class, 2026, c), "{class}");
        assert!(!eligible(first.sub_days(1), class, 2026, c), "{class}");
        // Younger players may play in an older class.
        assert!(eligible(d("2019-06-01"), class, 2026, c), "{class}");
    }
    assert_eq!(
        Class::open(AgeClass::U12).admits(Some(Birth::Date(d("2013-12-31"))), None, 2026, c),
        Err(Ineligible::TooOld {
            age: 12,
            limit: 12,
            cut_off: d("2025-12-31")
        })
    );
}

#[test]
fn the_literal_reading_takes_31_december_of_the_season() {
    let u12 = Class::open(AgeClass::U12);
    let c = AgeConvention::CALENDAR_YEAR;
    assert_eq!(c.cut_off(2026), d("2026-12-31"));
    // 12 on 31 Dec 2026 when born on 31 Dec 2014: too old; one day younger is eligible.
    assert!(!eligible(d("31.12.2014"), u12, 2026, c));
    assert!(eligible(d("01.01.2015"), u12, 2026, c));
    assert!(eligible(
        d("31.12.2014"),
        u12,
        2026,
        AgeConvention::PREVIOUS_YEAR_END
    ));
}

#[test]
fn a_configured_cut_off_day_is_used_and_29_february_falls_back() {
    let c = AgeConvention::new(2, 29, false).unwrap();
    assert_eq!(c.cut_off(2027), d("2027-02-28"));
    assert_eq!(c.cut_off(2028), d("2028-02-29"));
    assert!(AgeConvention::new(2, 30, false).is_none());
    let u10 = Class::open(AgeClass::U10);
    let mid = AgeConvention::new(6, 30, false).unwrap();
    assert!(eligible(d("2016-07-01"), u10, 2026, mid));
    assert!(!eligible(d("2016-06-30"), u10, 2026, mid));
}

#[test]
fn girls_classes_need_a_female_player_and_open_needs_no_birth_date() {
    let u14w: Class = "U14w".parse().unwrap();
    let c = AgeConvention::default();
    let born = Some(Birth::Date(d("2014-05-05")));
    assert_eq!(u14w.admits(born, Some(Sex::Female), 2026, c), Ok(()));
    assert_eq!(
        u14w.admits(born, Some(Sex::Male), 2026, c),
        Err(Ineligible::NotFemale)
    );
    assert_eq!(u14w.admits(born, None, 2026, c), Err(Ineligible::NotFemale));
    assert_eq!(
        Class::open(AgeClass::U14).admits(None, None, 2026, c),
        Err(Ineligible::NoBirthDate)
    );
    assert_eq!(
        Class::open(AgeClass::Open).admits(None, None, 2026, c),
        Ok(())
    );
    assert_eq!(Ineligible::NotFemale.article().as_str(), "SJRP §1.7-1.11");
    assert_eq!(Ineligible::NoBirthDate.article().as_str(), "SJRP §5.3");
}

#[test]
fn class_names_read_and_print() {
    for name in ["U8", "U10", "U12w", "U14", "U16w", "U18", "U20", "Open"] {
        let c: Class = name.parse().unwrap();
        assert_eq!(c.to_string(), name);
    }
    assert_eq!(
        "u14W".parse::<Class>().unwrap(),
        Class::girls(AgeClass::U14)
    );
    assert_eq!(
        "offen".parse::<Class>().unwrap(),
        Class::open(AgeClass::Open)
    );
    for bad in ["U13", "14", "U", "Uw", ""] {
        assert!(bad.parse::<Class>().is_err(), "{bad}");
    }
    let json = serde_json::to_string(&Class::girls(AgeClass::U16)).unwrap();
    assert_eq!(json, "\"U16w\"");
    assert_eq!(
        serde_json::from_str::<Class>(&json).unwrap(),
        Class::girls(AgeClass::U16)
    );
}

#[test]
fn dates_read_iso_and_german_and_refuse_impossible_days() {
    assert_eq!(d("2026-04-07"), d("07.04.2026"));
    assert_eq!(d("7.4.2026"), d("2026/04/07"));
    assert_eq!(d("2024-02-29").german(), "29.02.2024");
    for bad in [
        "2026-02-29",
        "31.04.2026",
        "2026-4-7",
        "07.04.26",
        "x",
        "2026-13-01",
    ] {
        assert!(bad.parse::<Date>().is_err(), "{bad}");
    }
    assert_eq!(d("2024-02-29").age_on(d("2025-02-28")), 0);
    assert_eq!(d("2024-02-29").age_on(d("2025-03-01")), 1);
    assert_eq!(d("2025-12-31").add_days(1), d("2026-01-01"));
    assert_eq!(d("2026-03-01").sub_days(1), d("2026-02-28"));
    let at = |day: &str, time: &str| DateTime {
        date: d(day),
        time: time.parse::<Time>().unwrap(),
    };
    assert_eq!(
        at("2024-02-28", "23:00").minutes_until(at("2024-03-01", "01:00")),
        26 * 60
    );
    assert_eq!(
        at("2025-12-31", "23:59").minutes_until(at("2026-01-01", "00:29")),
        30
    );
    assert_eq!(
        at("2026-01-01", "00:29").minutes_until(at("2025-12-31", "23:59")),
        -30
    );
    for bad in ["24:00", "9", "12:60", "1:5"] {
        assert!(bad.parse::<Time>().is_err(), "{bad}");
    }
}
