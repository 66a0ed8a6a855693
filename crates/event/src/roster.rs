//! Editing the roster of a section: the fields of a registration, deleting a wrong entry before
//! it is paired, merging a duplicate into the entry kept.
//!
//! A player who is in a pairing (a board or a bye of any round, published or not) stays: played
//! rounds are reported as paired (C.04.2), so such a player is withdrawn, not deleted or merged.
//!
//! ```
//! use event::person::PlayerId;
//! use event::player::{Entry, Player};
//! use event::roster;
//! use event::age::{AgeClass, Class};
//! use event::Section;
//!
//! let mut s = Section::new("U14", vec![Class::open(AgeClass::U14)]);
//! let class = s.classes[0];
//! s.entries.push(Entry::new(Player::new(PlayerId(1), "Meyer", "Lena"), class));
//! s.entries.push(Entry::new(Player::new(PlayerId(2), "Meyer", "L."), class));
//! let mut edited = s.entries[0].player.clone();
//! edited.dwz = Some(1888);
//! roster::edit(&mut s, edited)?;
//! let mut copy = s.entries[1].player.clone();
//! copy.elo = Some(1701);
//! roster::edit(&mut s, copy)?;
//! let kept = roster::merge(&mut s, PlayerId(1), PlayerId(2))?;
//! assert_eq!((kept.player.dwz, kept.player.elo, s.entries.len()), (Some(1888), Some(1701), 1));
//! # Ok::<(), roster::RosterError>(())
//! ```

use std::fmt;

use laws::Article;

use crate::person::PlayerId;

use crate::player::{Entry, Player};
use crate::section::Section;
use crate::validate::{self, Invalid};

/// Played rounds stay as paired: a player in a pairing is withdrawn, never deleted or merged.
pub const PAIRED_PLAYER_STAYS: Article = Article::new("C.04.2");

/// Why a roster change is refused; nothing is changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RosterError {
    /// A field holds a value a registration cannot take ([`validate::player`]).
    Invalid(Invalid),
    /// No entry of the section has this player.
    UnknownPlayer(PlayerId),
    /// The player is in the pairing of this round ([`PAIRED_PLAYER_STAYS`]).
    Paired {
        /// The player.
        player: PlayerId,
        /// The round they are paired in.
        round: u32,
    },
    /// A duplicate is merged into another entry, not into itself.
    SamePlayer(PlayerId),
}

impl RosterError {
    /// The provision a refusal rests on, if any.
    pub fn article(&self) -> Option<Article> {
        match self {
            RosterError::Paired { .. } => Some(PAIRED_PLAYER_STAYS),
            _ => None,
        }
    }

    /// The message in German.
    pub fn german(&self) -> String {
        match self {
            RosterError::Invalid(e) => e.german(),
            RosterError::UnknownPlayer(p) => {
                format!("Spieler {p} ist in dieser Gruppe nicht gemeldet")
            }
            RosterError::Paired { player, round } => format!(
                "Spieler {player} ist in Runde {round} gepaart: ein gepaarter Spieler wird zurückgezogen, nicht gelöscht oder zusammengeführt ({PAIRED_PLAYER_STAYS})"
            ),
            RosterError::SamePlayer(p) => format!(
                "Spieler {p} kann nicht mit sich selbst zusammengeführt werden: ein Duplikat ist ein anderer Eintrag"
            ),
        }
    }
}

impl fmt::Display for RosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RosterError::Invalid(e) => e.fmt(f),
            RosterError::UnknownPlayer(p) => write!(f, "player {p} is not entered in this section"),
            RosterError::Paired { player, round } => write!(
                f,
                "player {player} is paired in round {round}: a paired player is withdrawn, not deleted or merged ({PAIRED_PLAYER_STAYS})"
            ),
            RosterError::SamePlayer(p) => write!(
                f,
                "player {p} cannot be merged into itself: a duplicate is another entry"
            ),
        }
    }
}

impl std::error::Error for RosterError {}

impl From<Invalid> for RosterError {
    fn from(e: Invalid) -> RosterError {
        RosterError::Invalid(e)
    }
}

/// Replaces the player of an entry (found by `player.id`) with the edited fields: names,
/// club, DWZ, Elo, DWZ index, FIDE id, DSB membership, birth date, sex, title and federation,
/// each checked by [`validate::player`]. Class, rounds and requested byes stay. Returns the
/// changed entry.
pub fn edit(section: &mut Section, player: Player) -> Result<&Entry, RosterError> {
    validate::player(&player)?;
    let id = player.id;
    let entry = section
        .entry_mut(id)
        .ok_or(RosterError::UnknownPlayer(id))?;
    entry.player = player;
    Ok(entry)
}

/// The first round whose pairing has `player` on a board or with a bye, if any.
pub fn first_paired_round(section: &Section, player: PlayerId) -> Option<u32> {
    section
        .played
        .iter()
        .find(|r| r.board_of(player).is_some() || r.bye_of(player).is_some())
        .map(|r| r.number)
}

/// [`RosterError::Paired`] once `player` is in a pairing, [`RosterError::UnknownPlayer`] if
/// not entered.
pub fn check_unpaired(section: &Section, player: PlayerId) -> Result<(), RosterError> {
    section
        .entry(player)
        .ok_or(RosterError::UnknownPlayer(player))?;
    match first_paired_round(section, player) {
        Some(round) => Err(RosterError::Paired { player, round }),
        None => Ok(()),
    }
}

/// Deletes a wrong entry before the player is paired ([`check_unpaired`]); the player also
/// leaves the section's fixed order and prohibited pairs. Returns the entry removed.
pub fn delete(section: &mut Section, player: PlayerId) -> Result<Entry, RosterError> {
    check_unpaired(section, player)?;
    forget(section, player);
    let at = section
        .entries
        .iter()
        .position(|e| e.id() == player)
        .ok_or(RosterError::UnknownPlayer(player))?;
    Ok(section.entries.remove(at))
}

/// Merges the entry of `duplicate` into the one of `keep`, both before either is paired: the
/// kept entry's fields stay, each field it lacks (sex, birth date, club, federation, FIDE id,
/// DSB membership, Elo, DWZ with its index, title) is taken from the duplicate, and the
/// duplicate is deleted ([`delete`]). Returns the merged entry, which [`validate::player`]
/// accepts.
pub fn merge(
    section: &mut Section,
    keep: PlayerId,
    duplicate: PlayerId,
) -> Result<Entry, RosterError> {
    if keep == duplicate {
        return Err(RosterError::SamePlayer(keep));
    }
    check_unpaired(section, keep)?;
    check_unpaired(section, duplicate)?;
    let dup = section
        .entry(duplicate)
        .ok_or(RosterError::UnknownPlayer(duplicate))?
        .player
        .clone();
    let mut merged = section
        .entry(keep)
        .ok_or(RosterError::UnknownPlayer(keep))?
        .clone();
    fill_from(&mut merged.player, dup);
    validate::player(&merged.player)?;
    delete(section, duplicate)?;
    let entry = section
        .entry_mut(keep)
        .ok_or(RosterError::UnknownPlayer(keep))?;
    *entry = merged.clone();
    Ok(merged)
}

/// Fills each field `p` lacks from `other`.
fn fill_from(p: &mut Player, other: Player) {
    p.sex = p.sex.or(other.sex);
    p.birth = p.birth.or(other.birth);
    if p.club.is_empty() {
        p.club = other.club;
    }
    if p.federation.is_empty() {
        p.federation = other.federation;
    }
    p.fide_id = p.fide_id.or(other.fide_id);
    if p.dsb.is_none() {
        p.dsb = other.dsb;
    }
    p.elo = p.elo.or(other.elo);
    if p.dwz.is_none() {
        p.dwz = other.dwz;
        p.dwz_index = other.dwz_index;
    }
    if p.title.is_none() {
        p.title = other.title;
    }
}

/// Removes `player` from the section's fixed order and prohibited pairs.
fn forget(section: &mut Section, player: PlayerId) {
    section.fixed_order.retain(|&p| p != player);
    section
        .prohibited
        .retain(|&(a, b)| a != player && b != player);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::age::{AgeClass, Class};
    use crate::date::{Birth, Date};
    use crate::person::Sex;
    use crate::round::{Board, Bye, ByeKind, GameResult, Round};
    use crate::validate::Field;

    fn section(n: u32) -> Section {
        let mut s = Section::new("U14", vec![Class::open(AgeClass::U14)]);
        let class = s.classes[0];
        for i in 1..=n {
            let p = Player::new(PlayerId(i), &format!("P{i}"), "X");
            s.entries.push(Entry::new(p, class));
        }
        s
    }

    fn paired(s: &mut Section) {
        s.played.push(Round {
            number: 1,
            boards: vec![Board {
                white: PlayerId(1),
                black: PlayerId(2),
                result: GameResult::Pending,
                manual: false,
            }],
            byes: vec![Bye {
                player: PlayerId(3),
                kind: ByeKind::PairingAllocated,
            }],
            published: None,
        });
    }

    #[test]
    fn h12_02_edit_player_checks_every_field() {
        let mut s = section(2);
        let mut p = s.entries[0].player.clone();
        p.last_name = "Meyer".into();
        p.dwz = Some(1888);
        p.elo = None;
        p.birth = Date::new(2012, 3, 4).map(Birth::Date);
        p.sex = Some(Sex::Female);
        p.title = Some("WCM".into());
        p.federation = "GER".into();
        p.fide_id = Some(24_612_345);
        assert_eq!(edit(&mut s, p.clone()).unwrap().player, p);
        assert_eq!(s.entries[0].player.dwz, Some(1888));
        let refused = |change: fn(&mut Player)| {
            let mut s = section(1);
            let mut p = s.entries[0].player.clone();
            change(&mut p);
            let before = s.clone();
            let e = edit(&mut s, p).unwrap_err();
            assert_eq!(s, before, "nothing changed");
            match e {
                RosterError::Invalid(i) => i.field,
                other => panic!("{other}"),
            }
        };
        assert_eq!(refused(|p| p.last_name.clear()), Field::LastName);
        assert_eq!(refused(|p| p.dwz = Some(3501)), Field::Dwz);
        assert_eq!(refused(|p| p.elo = Some(4000)), Field::Elo);
        assert_eq!(
            refused(|p| p.federation = "Germany".into()),
            Field::Federation
        );
        assert_eq!(refused(|p| p.title = Some("Boss".into())), Field::Title);
        assert_eq!(refused(|p| p.fide_id = Some(99_999_999_999)), Field::FideId);
        let mut s = section(1);
        let stranger = Player::new(PlayerId(9), "Nobody", "");
        assert_eq!(
            edit(&mut s, stranger),
            Err(RosterError::UnknownPlayer(PlayerId(9)))
        );
    }

    #[test]
    fn h12_02_delete_only_before_paired_naming_why() {
        let mut s = section(4);
        s.prohibited.push((PlayerId(3), PlayerId(4)));
        s.fixed_order = vec![PlayerId(4), PlayerId(1)];
        assert_eq!(delete(&mut s, PlayerId(4)).unwrap().id(), PlayerId(4));
        assert!(s.prohibited.is_empty());
        assert_eq!(s.fixed_order, [PlayerId(1)]);
        paired(&mut s);
        for (p, _) in [(1, "board"), (3, "bye")] {
            let e = delete(&mut s, PlayerId(p)).unwrap_err();
            assert_eq!(
                e,
                RosterError::Paired {
                    player: PlayerId(p),
                    round: 1
                }
            );
            assert_eq!(e.article(), Some(PAIRED_PLAYER_STAYS));
            assert!(e.to_string().contains("paired in round 1"), "{e}");
            assert!(e.german().contains("in Runde 1 gepaart"), "{}", e.german());
        }
        assert_eq!(s.entries.len(), 3);
        assert_eq!(
            delete(&mut s, PlayerId(7)),
            Err(RosterError::UnknownPlayer(PlayerId(7)))
        );
    }

    #[test]
    fn h12_02_merge_keeps_the_kept_fields_and_fills_the_missing() {
        let mut s = section(3);
        s.entries[0].player.dwz = Some(1888);
        s.entries[0].player.club = "SC Mainz".into();
        let dup = &mut s.entries[1].player;
        dup.dwz = Some(1500);
        dup.dwz_index = Some(12);
        dup.elo = Some(1701);
        dup.club = "Other".into();
        dup.birth = Date::new(2012, 3, 4).map(Birth::Date);
        s.prohibited.push((PlayerId(2), PlayerId(3)));
        let kept = merge(&mut s, PlayerId(1), PlayerId(2)).unwrap();
        let p = &kept.player;
        assert_eq!(
            (p.dwz, p.dwz_index, p.elo, p.club.as_str(), p.birth),
            (
                Some(1888),
                None,
                Some(1701),
                "SC Mainz",
                Date::new(2012, 3, 4).map(Birth::Date)
            )
        );
        assert_eq!(s.entry(PlayerId(1)), Some(&kept));
        assert!(s.entry(PlayerId(2)).is_none() && s.prohibited.is_empty());
        assert_eq!(
            merge(&mut s, PlayerId(1), PlayerId(1)),
            Err(RosterError::SamePlayer(PlayerId(1)))
        );
        let mut s = section(4);
        paired(&mut s);
        let before = s.clone();
        assert_eq!(
            merge(&mut s, PlayerId(4), PlayerId(2)),
            Err(RosterError::Paired {
                player: PlayerId(2),
                round: 1
            })
        );
        assert_eq!(s, before, "nothing changed");
    }
}
