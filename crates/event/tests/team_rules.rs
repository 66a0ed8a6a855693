//! The machine-decidable team and school items of laws-cases-B.md Part 2 (SJRP §10-§18).

use event::admission::DuplicateBy;
use event::date::Birth;
use event::date::Date;
use event::person::{PlayerId, Sex};
use event::player::Player;
use event::team::lineup::{
    Lineup, LineupViolation, MatchPoints, Side, apply_lineup_rules, check_lineup, encounters,
    lost_from,
};
use event::team::school::{Format, Group, NotAdmitted, Pupil, SchoolType};
use event::team::squad::{Member, Profile, Squad, SquadViolation, check_squads, entry_issues};
use standings::{Outcome, Points};

fn member(id: u32, dwz: Option<u16>, club: &str) -> Member {
    let mut player = Player::new(PlayerId(id), "Player", &id.to_string());
    player.dwz = dwz;
    player.club = club.to_string();
    Member {
        player,
        pupil: None,
    }
}

fn squad(name: &str, members: Vec<Member>) -> Squad {
    Squad {
        name: name.into(),
        club: name.into(),
        members,
        admitted_over: None,
        withdrawn: None,
    }
}

fn club_squad(name: &str, first: u32, ratings: &[Option<u16>]) -> Squad {
    let members = (first..)
        .zip(ratings)
        .map(|(id, &dwz)| member(id, dwz, name))
        .collect();
    squad(name, members)
}

fn lineup(ids: &[u32]) -> Lineup {
    Lineup(
        ids.iter()
            .map(|&id| (id > 0).then_some(PlayerId(id)))
            .collect(),
    )
}

fn articles(found: &[SquadViolation]) -> Vec<String> {
    found.iter().map(|v| v.article().to_string()).collect()
}

#[test]
fn r_046_band_of_200_dwz() {
    let p = Profile::club_u16();
    let rated = |a, b| club_squad("A", 1, &[Some(a), Some(b), Some(900), Some(800)]);
    assert!(check_squads(&p, &[rated(1500, 1700)], 2026).is_empty());
    let found = check_squads(&p, &[rated(1500, 1701)], 2026);
    assert_eq!(
        found,
        [SquadViolation::Band {
            team: "A".into(),
            ahead: PlayerId(1),
            behind: PlayerId(2),
            gap: 201,
            article: laws::Article::new("SJRP §10.8"),
        }]
    );
    assert!(check_squads(&p, &[rated(1800, 1200)], 2026).is_empty());
    // Club competitions have no pseudo rating: unrated players stay out of the band.
    let unrated = club_squad("A", 1, &[None, Some(2000), Some(900), Some(800)]);
    assert!(check_squads(&p, &[unrated], 2026).is_empty());
}

/// The DSJ profile counts unrated players with the pseudo rating of the age group.
#[test]
fn dsj_pseudo_ratings_by_age_group() {
    let groups = [
        (Profile::club_u20(), 1800),
        (Profile::club_u16(), 1600),
        (Profile::club_u16w(), 1400),
        (Profile::club_u14(), 1400),
        (Profile::club_u12(), 1200),
        (Profile::club_u12w(), 1000),
        (Profile::club_u10(), 1000),
    ];
    for (club, pseudo) in groups {
        let dsj = club.with_dsj_pseudo_ratings().expect("a club competition");
        assert_eq!(dsj.pseudo_rating, Some(pseudo), "{}", club.name);
        assert_eq!(dsj.boards, club.boards);
    }
    assert!(
        Profile::school(Group::III)
            .with_dsj_pseudo_ratings()
            .is_none()
    );
    // 4er-U16 with DSJ: an unrated player (1600) ahead of a 1801 is out of the band, ahead of
    // an 1800 is not; the SJRP profile leaves the unrated player out.
    let dsj = Profile::club_u16().with_dsj_pseudo_ratings().unwrap();
    let squad = |second| club_squad("A", 1, &[None, Some(second), Some(900), Some(800)]);
    assert!(check_squads(&dsj, &[squad(1800)], 2026).is_empty());
    assert_eq!(
        articles(&check_squads(&dsj, &[squad(1801)], 2026)),
        ["SJRP §10.8"]
    );
    assert!(check_squads(&Profile::club_u16(), &[squad(1801)], 2026).is_empty());
}

#[test]
fn r_063_pseudo_ratings_800_and_600() {
    let wk4 = Profile::school(Group::IV);
    let school = |ratings: &[Option<u16>]| {
        let mut s = club_squad("S", 1, ratings);
        for m in &mut s.members {
            m.pupil = Some(Pupil {
                school: "S".into(),
                kind: SchoolType::Secondary,
                grade: 6,
                leaver: false,
            });
            m.player.birth = Date::new(2014, 5, 5).map(event::date::Birth::Date);
        }
        s
    };
    let ok = school(&[None, Some(1000), None, None]);
    assert!(check_squads(&wk4, &[ok], 2026).is_empty());
    let bad = school(&[None, Some(1001), None, None]);
    assert_eq!(articles(&check_squads(&wk4, &[bad], 2026)), ["SJRP §18.7"]);
    let wkg = Profile::school(Group::G);
    assert_eq!(wkg.pseudo_rating, Some(600));
    assert_eq!(Profile::school(Group::GM).pseudo_rating, Some(600));
    let mut primary = school(&[None, Some(850), None, None]);
    for m in &mut primary.members {
        if let Some(p) = m.pupil.as_mut() {
            p.kind = SchoolType::Primary;
            p.grade = 3;
        }
    }
    let found = check_squads(&wkg, &[primary], 2026);
    assert!(matches!(found[..], [SquadViolation::Band { gap: 250, .. }]));
}

#[test]
fn r_064_one_team_per_player() {
    let a = club_squad("A", 1, &[None; 4]);
    let mut b = club_squad("B", 11, &[None; 4]);
    b.members[3] = member(4, None, "B");
    let found = check_squads(&Profile::club_u14(), &[a, b], 2026);
    assert!(matches!(
        &found[..],
        [SquadViolation::TwoTeams { player: PlayerId(4), teams, .. }] if teams == &["A", "B"]
    ));
    // In the schools it is §18.8 (here also broken: no school records, §18.5).
    let a = club_squad("A", 1, &[None; 4]);
    let b = club_squad("B", 1, &[None; 4]);
    let found = check_squads(&Profile::school(Group::I), &[a, b], 2026);
    assert_eq!(
        found
            .iter()
            .filter(|v| v.article().to_string() == "SJRP §18.8")
            .count(),
        4
    );
}

#[test]
fn r_065_up_to_two_substitutes() {
    let pupils = |n: u32| {
        let mut s = club_squad("S", 1, &vec![None; n as usize]);
        for m in &mut s.members {
            m.player.birth = Date::new(2010, 6, 1).map(event::date::Birth::Date);
            m.pupil = Some(Pupil {
                school: "S".into(),
                kind: SchoolType::Gymnasium,
                grade: 10,
                leaver: false,
            });
        }
        s
    };
    let wk3 = Profile::school(Group::II);
    assert_eq!(wk3.boards.0, 6);
    assert!(check_squads(&wk3, &[pupils(8)], 2026).is_empty());
    assert_eq!(
        articles(&check_squads(&wk3, &[pupils(9)], 2026)),
        ["SJRP §18.9"]
    );
    let wk1 = Profile::school(Group::I);
    assert!(check_squads(&wk1, &[pupils(6)], 2026).is_empty());
    assert_eq!(
        articles(&check_squads(&wk1, &[pupils(7)], 2026)),
        ["SJRP §18.9"]
    );
    assert_eq!(
        articles(&check_squads(&wk1, &[pupils(3)], 2026)),
        ["SJRP §18.5"]
    );
    // The club competitions set no limit on substitutes (§10 is silent).
    assert!(
        check_squads(
            &Profile::club_u20(),
            &[club_squad("A", 1, &[None; 10])],
            2026
        )
        .is_empty()
    );
}

#[test]
fn r_056_girls_teams_one_player_from_another_club() {
    let with_guests = |n: usize| {
        let mut s = club_squad("A", 1, &[None; 4]);
        for m in &mut s.members {
            m.player.sex = Some(Sex::Female);
        }
        for m in s.members.iter_mut().take(n) {
            m.player.club = "B".into();
        }
        s
    };
    for girls in [Profile::club_u16w(), Profile::club_u12w()] {
        assert!(check_squads(&girls, &[with_guests(1)], 2026).is_empty());
        let found = check_squads(&girls, &[with_guests(2)], 2026);
        assert!(matches!(
            &found[..],
            [SquadViolation::Guests { max: 1, .. }]
        ));
    }
    assert_eq!(
        articles(&check_squads(
            &Profile::club_u16w(),
            &[with_guests(2)],
            2026
        )),
        ["SJRP §16.1"]
    );
    assert_eq!(
        articles(&check_squads(&Profile::club_u16(), &[with_guests(1)], 2026)),
        ["SJRP §12.1"]
    );
}

#[test]
fn r_061_school_team_from_one_school() {
    let mut s = club_squad("S", 1, &[None; 4]);
    for (i, m) in s.members.iter_mut().enumerate() {
        m.player.birth = Date::new(2012, 3, 3).map(event::date::Birth::Date);
        m.pupil = Some(Pupil {
            school: if i == 2 { "Other" } else { "S" }.into(),
            kind: SchoolType::Secondary,
            grade: 8,
            leaver: false,
        });
    }
    let found = check_squads(&Profile::school(Group::III), &[s], 2026);
    assert!(matches!(
        &found[..],
        [SquadViolation::OtherSchool {
            player: PlayerId(3),
            ..
        }]
    ));
    assert_eq!(found[0].article().to_string(), "SJRP §18.5");
}

#[test]
fn r_058_school_groups_and_age_limits() {
    let pupil = |kind, grade| Pupil {
        school: "S".into(),
        kind,
        grade,
        leaver: false,
    };
    let secondary = pupil(SchoolType::Secondary, 7);
    let born = |y, m, d| Date::new(y, m, d).map(event::date::Birth::Date);
    // WK IV 2026: born 2013-01-01 completed 13 on 31 Dec 2025.
    assert_eq!(
        Group::IV.admits(born(2013, 1, 1), None, &secondary, 2026),
        Err(NotAdmitted::TooOld { age: 13, limit: 13 })
    );
    assert_eq!(
        Group::IV.admits(born(2013, 1, 2), None, &secondary, 2026),
        Ok(())
    );
    for (group, year) in [(Group::I, 2005), (Group::II, 2008), (Group::III, 2011)] {
        assert!(
            group
                .admits(born(year, 1, 2), None, &secondary, 2026)
                .is_ok()
        );
        assert!(
            group
                .admits(born(year, 1, 1), None, &secondary, 2026)
                .is_err()
        );
    }
    assert_eq!(
        Group::III.admits(None, None, &secondary, 2026),
        Err(NotAdmitted::NoBirthDate)
    );
    // WK HR: grades 5-10, no Grundschule, no Gymnasium, no age limit.
    assert!(
        Group::Hr
            .admits(born(2005, 1, 1), None, &secondary, 2026)
            .is_ok()
    );
    let gym = pupil(SchoolType::Gymnasium, 7);
    assert_eq!(
        Group::Hr.admits(None, None, &gym, 2026),
        Err(NotAdmitted::SchoolType(SchoolType::Gymnasium))
    );
    // WK G and WK G M: Grundschule to grade 4; WK G M and WK M for girls.
    let primary = pupil(SchoolType::Primary, 4);
    assert!(
        Group::G
            .admits(None, Some(Sex::Male), &primary, 2026)
            .is_ok()
    );
    assert_eq!(
        Group::GM.admits(None, Some(Sex::Male), &primary, 2026),
        Err(NotAdmitted::NotFemale)
    );
    assert!(
        Group::GM
            .admits(None, Some(Sex::Female), &primary, 2026)
            .is_ok()
    );
    assert_eq!(
        Group::G.admits(None, None, &pupil(SchoolType::Primary, 5), 2026),
        Err(NotAdmitted::Grade(5))
    );
    // Leavers of the school year: WK I and WK M only.
    let leaver = Pupil {
        leaver: true,
        ..secondary.clone()
    };
    assert!(
        Group::I
            .admits(born(2007, 5, 5), None, &leaver, 2026)
            .is_ok()
    );
    assert!(
        Group::M
            .admits(born(2007, 5, 5), Some(Sex::Female), &leaver, 2026)
            .is_ok()
    );
    assert_eq!(
        Group::II.admits(born(2009, 5, 5), None, &leaver, 2026),
        Err(NotAdmitted::Leaver)
    );
    assert_eq!(NotAdmitted::Leaver.article().to_string(), "SJRP §18.2");
    assert_eq!("wk g m".parse::<Group>(), Ok(Group::GM));
    assert_eq!(Group::Hr.to_string(), "WK HR");
    assert!("WK V".parse::<Group>().is_err());
}

#[test]
fn r_067_r_068_school_settings() {
    let p = Profile::school(Group::III);
    assert!(p.check_settings(Format::Swiss(7), 15).is_empty());
    assert!(p.check_settings(Format::RoundRobin, 15).is_empty());
    let found = p.check_settings(Format::Swiss(8), 14);
    let cited: Vec<String> = found.iter().map(|v| v.article().to_string()).collect();
    assert_eq!(cited, ["SJRP §18.11", "SJRP §18.12"]);
}

#[test]
fn r_049_club_teams_at_least_25_minutes() {
    let p = Profile::club_u20();
    assert!(p.check_settings(Format::Swiss(9), 25).is_empty());
    let found = p.check_settings(Format::Swiss(9), 24);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].article().to_string(), "SJRP §10.11");
}

fn five() -> Squad {
    club_squad("A", 1, &[None; 5])
}

#[test]
fn r_047_wrong_board_order_loses_this_and_following_boards() {
    let s = five();
    let p = Profile::club_u16();
    let wrong = lineup(&[1, 3, 2, 4]);
    let found = check_lineup(&p, &s, &wrong);
    assert_eq!(
        found,
        [LineupViolation::WrongOrder {
            board: 2,
            player: PlayerId(3),
            ahead_of: PlayerId(2),
            article: laws::Article::new("SJRP §10.9"),
        }]
    );
    let opponent = club_squad("B", 11, &[None; 4]);
    let right = lineup(&[11, 12, 13, 14]);
    // Played: A won every board; only board 1 stands.
    let scored = apply_lineup_rules(
        Side {
            squad: &s,
            lineup: &wrong,
        },
        Side {
            squad: &opponent,
            lineup: &right,
        },
        &[Outcome::Win; 4],
    );
    let home: Vec<Outcome> = scored.iter().map(|b| b.home).collect();
    assert_eq!(
        home,
        [
            Outcome::Win,
            Outcome::ForfeitLoss,
            Outcome::ForfeitLoss,
            Outcome::ForfeitLoss
        ]
    );
    assert_eq!(scored[2].away, Outcome::ForfeitWin);
    // The schools cite §18.10, which refers to §10.9.
    assert_eq!(
        check_lineup(&Profile::school(Group::IV), &s, &wrong)[0]
            .article()
            .to_string(),
        "SJRP §18.10"
    );
}

#[test]
fn r_048_substitutes_from_the_bottom_and_empty_boards() {
    let s = five();
    let p = Profile::club_u16();
    assert!(check_lineup(&p, &s, &lineup(&[1, 2, 4, 5])).is_empty());
    assert_eq!(
        check_lineup(&p, &s, &lineup(&[1, 5, 2, 3])),
        [LineupViolation::WrongOrder {
            board: 2,
            player: PlayerId(5),
            ahead_of: PlayerId(2),
            article: laws::Article::new("SJRP §10.9"),
        }]
    );
    // 3 is missing and substitute 5 sits ahead of 4: board 3 and 4 are lost.
    let early = lineup(&[1, 2, 5, 4]);
    assert_eq!(
        check_lineup(&p, &s, &early),
        [LineupViolation::WrongOrder {
            board: 3,
            player: PlayerId(5),
            ahead_of: PlayerId(4),
            article: laws::Article::new("SJRP §10.9"),
        }]
    );
    assert_eq!(lost_from(&s, &early), Some(3));
    let gap = lineup(&[1, 2, 0, 4]);
    assert_eq!(
        check_lineup(&p, &s, &gap)[0].to_string(),
        "board 3 is empty; this and all following games are lost (SJRP §10.10)"
    );
    assert_eq!(
        check_lineup(&p, &s, &gap),
        [LineupViolation::EmptyBoard { board: 3 }]
    );
    assert_eq!(lost_from(&s, &gap), Some(3));
    assert_eq!(lost_from(&s, &lineup(&[1, 2, 3, 0])), Some(4));
    assert_eq!(
        check_lineup(&p, &s, &lineup(&[1, 2, 3]))[0]
            .article()
            .to_string(),
        "SJRP §12.1"
    );
    assert_eq!(
        check_lineup(&p, &s, &lineup(&[1, 2, 3, 9])),
        [LineupViolation::NotRegistered {
            board: 4,
            player: PlayerId(9)
        }]
    );
    // D won on board 4, but boards 3 and 4 are lost; both sides empty on a board: 0:0.
    let opponent = club_squad("B", 11, &[None; 4]);
    let theirs = lineup(&[11, 12, 13, 0]);
    let scored = apply_lineup_rules(
        Side {
            squad: &s,
            lineup: &gap,
        },
        Side {
            squad: &opponent,
            lineup: &theirs,
        },
        &[Outcome::Draw, Outcome::Loss, Outcome::Win, Outcome::Win],
    );
    let pairs: Vec<(Outcome, Outcome)> = scored.iter().map(|b| (b.home, b.away)).collect();
    assert_eq!(
        pairs,
        [
            (Outcome::Draw, Outcome::Draw),
            (Outcome::Loss, Outcome::Win),
            (Outcome::ForfeitLoss, Outcome::ForfeitWin),
            (Outcome::ForfeitLoss, Outcome::ForfeitLoss),
        ]
    );
    let (a, b) = encounters(
        1,
        (1, 2),
        (
            Side {
                squad: &s,
                lineup: &gap,
            },
            Side {
                squad: &opponent,
                lineup: &theirs,
            },
        ),
        &scored,
        MatchPoints::SJRP,
        |id| u16::try_from(id.0).unwrap_or(0),
    );
    // A: ½ + 0 + 0 + 0; B: ½ + 1 + 1 + 0.
    assert_eq!(a.board_points, Points::HALF);
    assert_eq!(b.board_points, Points::from_half_points(5));
    assert_eq!((a.result, b.result), (Outcome::Loss, Outcome::Win));
}

#[test]
fn r_040_match_points_two_one_zero() {
    let a = club_squad("A", 1, &[None; 4]);
    let b = club_squad("B", 11, &[None; 4]);
    let (la, lb) = (lineup(&[1, 2, 3, 4]), lineup(&[11, 12, 13, 14]));
    let sides = (
        Side {
            squad: &a,
            lineup: &la,
        },
        Side {
            squad: &b,
            lineup: &lb,
        },
    );
    let play = |results: &[Outcome]| {
        let scored = apply_lineup_rules(sides.0, sides.1, results);
        encounters(1, (1, 2), sides, &scored, MatchPoints::SJRP, |id| {
            u16::try_from(id.0).unwrap_or(0)
        })
    };
    let (won, lost) = play(&[Outcome::Win, Outcome::Draw, Outcome::Draw, Outcome::Loss]);
    assert_eq!(won.board_points, Points::from_whole(2));
    assert_eq!(lost.board_points, Points::from_whole(2));
    assert_eq!(
        (won.match_points, lost.match_points),
        (Points::ONE, Points::ONE)
    );
    let (won, lost) = play(&[Outcome::Win, Outcome::Draw, Outcome::Draw, Outcome::Draw]);
    assert_eq!(
        (won.match_points, lost.match_points),
        (Points::from_whole(2), Points::ZERO)
    );
    assert_eq!(lost.boards[0].player, 11);
}

#[test]
fn h21_01_club_squads_are_checked_for_age_class_sex_and_guests() {
    let born = |y, m, d| Date::new(y, m, d).map(Birth::Date);
    let u16 = Profile::club_u16();
    let mut a = club_squad("A", 1, &[None; 4]);
    // U16 in 2026: born 2010 or later (§12.1 with the cut-off of §5.3).
    a.members[0].player.birth = born(2010, 1, 1);
    a.members[1].player.birth = born(2009, 12, 31);
    let found = check_squads(&u16, &[a.clone()], 2026);
    assert!(
        matches!(&found[..], [SquadViolation::Ineligible { player: PlayerId(2), reason, .. }]
            if reason.article().to_string() == "SJRP §5.3"),
        "{found:?}"
    );
    assert_eq!(found[0].article().to_string(), "SJRP §12.1");
    assert!(found[0].refuses_entry());
    assert!(found[0].to_string().contains("U16 team (SJRP §12.1)"));
    // No birth date: §10.8 asks for none, so it is not checked.
    assert!(check_squads(&u16, &[club_squad("B", 11, &[None; 4])], 2026).is_empty());

    // §16.1: girls only, and one player may belong to another club.
    let u16w = Profile::club_u16w();
    let mut g = club_squad("G", 21, &[None; 4]);
    for m in &mut g.members {
        m.player.sex = Some(Sex::Female);
    }
    g.members[3].player.club = "SC Gast".into();
    assert!(check_squads(&u16w, &[g.clone()], 2026).is_empty());
    g.members[2].player.club = "SV Gast".into();
    g.members[1].player.sex = Some(Sex::Male);
    let found = check_squads(&u16w, &[g], 2026);
    let articles = articles(&found);
    assert_eq!(articles, ["SJRP §16.1", "SJRP §16.1"], "{found:?}");
    assert!(matches!(
        found[0],
        SquadViolation::Ineligible {
            player: PlayerId(22),
            ..
        }
    ));
    assert!(
        matches!(&found[1], SquadViolation::Guests { guests, max: 1, .. } if guests.len() == 2)
    );
    // A guest in a U16 team: none allowed (§12.1).
    let mut b = club_squad("B", 11, &[None; 4]);
    b.members[0].player.club = "SC Gast".into();
    let found = check_squads(&u16, &[b], 2026);
    assert!(matches!(
        &found[..],
        [SquadViolation::Guests { max: 0, .. }]
    ));
    assert_eq!(found[0].article().to_string(), "SJRP §12.1");
}

#[test]
fn h21_02_the_same_pupil_in_two_teams_by_name_and_birth() {
    let wkg = Profile::school(Group::G);
    let school_squad = |name: &str, first: u32| {
        let mut s = club_squad(name, first, &[None; 4]);
        for m in &mut s.members {
            m.pupil = Some(Pupil {
                school: name.into(),
                kind: SchoolType::Primary,
                grade: 3,
                leaver: false,
            });
        }
        s
    };
    let mut a = school_squad("GS Nord", 1);
    let mut b = school_squad("GS Süd", 11);
    // Same pupil, another id: same name (ignoring case) and birth year.
    b.members[2].player = Player::new(PlayerId(13), "PLAYER", "1");
    b.members[2].player.club = "GS Süd".into();
    a.members[0].player.birth = Date::new(2017, 2, 3).map(Birth::Date);
    b.members[2].player.birth = Date::new(2017, 2, 3).map(Birth::Date);
    let issues = entry_issues(&wkg, &[a.clone()], &b, 2026);
    assert!(
        matches!(&issues[..], [SquadViolation::TwoTeams { player: PlayerId(1), by: DuplicateBy::NameAndBirth, teams, .. }]
            if teams == &["GS Nord", "GS Süd"]),
        "{issues:?}"
    );
    assert_eq!(issues[0].article().to_string(), "SJRP §18.8");
    // A club championship: the general rule of §10.1 (the DSJ rules: one team).
    let issues = entry_issues(&Profile::club_u10(), &[a], &b, 2026);
    assert_eq!(articles(&issues), ["SJRP §10.1"]);
}
