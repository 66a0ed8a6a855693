//! Colour differences, colour preferences (C.04.3 1.6-1.7) and colour allocation (C.04.3 5.2).

use laws::Article;

use super::Colour;

/// How strongly a player wants a colour (C.04.3 1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PreferenceStrength {
    /// Colour difference 0: alternate from the last game (1.7.3).
    Mild,
    /// Colour difference ±1 (1.7.2).
    Strong,
    /// Colour difference beyond ±1, or the same colour in the two latest played games (1.7.1).
    Absolute,
}

/// A player's colour preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColourPreference {
    /// The colour the player should get.
    pub colour: Colour,
    /// How strongly he wants it: absolute, strong or mild (C.04.3 1.7).
    pub strength: PreferenceStrength,
}

/// Games with White minus games with Black (C.04.3 1.6).
pub(crate) fn colour_difference(played: &[Colour]) -> i32 {
    played
        .iter()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum()
}

impl ColourPreference {
    /// The preference resulting from the colours of the games actually played, in round order.
    /// Unplayed rounds do not count (C.04.2 3.4); no game played means no preference.
    pub fn from_played(played: &[Colour]) -> Option<ColourPreference> {
        let last = *played.last()?;
        let cd = colour_difference(played);
        let twice = played.len() >= 2 && played[played.len() - 2] == last;
        let (colour, strength) = if cd > 1 {
            (Colour::Black, PreferenceStrength::Absolute)
        } else if cd < -1 {
            (Colour::White, PreferenceStrength::Absolute)
        } else if twice {
            (last.opposite(), PreferenceStrength::Absolute)
        } else if cd == 1 {
            (Colour::Black, PreferenceStrength::Strong)
        } else if cd == -1 {
            (Colour::White, PreferenceStrength::Strong)
        } else {
            (last.opposite(), PreferenceStrength::Mild)
        };
        Some(ColourPreference { colour, strength })
    }
}

/// Allocates colours to a pair (C.04.3 5.2). `higher` is the higher-ranked player
/// (C.04.3 1.2), each given as (pairing number, colours of the games played in round order).
/// Returns the colour of `higher` and the rule that decided it.
pub fn allocate_colours(
    higher: (u32, &[Colour]),
    lower: (u32, &[Colour]),
    initial_colour: Colour,
) -> (Colour, Article) {
    let (tpn, hp) = higher;
    let (_, lp) = lower;
    let ph = ColourPreference::from_played(hp);
    let pl = ColourPreference::from_played(lp);
    match (ph, pl) {
        (Some(a), Some(b)) if a.colour != b.colour => {
            return (a.colour, Article::new("C.04.3 5.2.1"));
        }
        (Some(a), None) => return (a.colour, Article::new("C.04.3 5.2.1")),
        (None, Some(b)) => return (b.colour.opposite(), Article::new("C.04.3 5.2.1")),
        (Some(a), Some(b)) => {
            let rule = Article::new("C.04.3 5.2.2");
            if a.strength > b.strength {
                return (a.colour, rule);
            }
            if b.strength > a.strength {
                return (b.colour.opposite(), rule);
            }
            if a.strength == PreferenceStrength::Absolute {
                let (da, db) = (colour_difference(hp).abs(), colour_difference(lp).abs());
                if da > db {
                    return (a.colour, rule);
                }
                if db > da {
                    return (b.colour.opposite(), rule);
                }
            }
        }
        (None, None) => {}
    }
    // 5.2.3: alternate from the most recent round in which the colours differed, histories
    // aligned on their latest played games (C.04.2 3.4).
    for (a, b) in hp.iter().rev().zip(lp.iter().rev()) {
        if a != b {
            return (a.opposite(), Article::new("C.04.3 5.2.3"));
        }
    }
    if let Some(a) = ph {
        return (a.colour, Article::new("C.04.3 5.2.4"));
    }
    let colour = if tpn % 2 == 1 {
        initial_colour
    } else {
        initial_colour.opposite()
    };
    (colour, Article::new("C.04.3 5.2.5"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    fn pref(played: &[Colour]) -> Option<(Colour, PreferenceStrength)> {
        ColourPreference::from_played(played).map(|p| (p.colour, p.strength))
    }

    #[test]
    fn preferences_follow_colour_difference_and_last_games() {
        assert_eq!(pref(&[]), None);
        assert_eq!(pref(&[W]), Some((B, PreferenceStrength::Strong)));
        assert_eq!(pref(&[W, B]), Some((W, PreferenceStrength::Mild)));
        assert_eq!(pref(&[B, W, W]), Some((B, PreferenceStrength::Absolute)));
        assert_eq!(pref(&[W, W, B, B]), Some((W, PreferenceStrength::Absolute)));
        assert_eq!(
            pref(&[W, B, W, W, B, W]),
            Some((B, PreferenceStrength::Absolute))
        );
        assert_eq!(pref(&[B, W, B]), Some((W, PreferenceStrength::Strong)));
    }

    #[test]
    fn rule_5_2_1_grants_both_preferences() {
        assert_eq!(
            allocate_colours((1, &[W]), (2, &[B]), W),
            (B, Article::new("C.04.3 5.2.1"))
        );
        assert_eq!(
            allocate_colours((3, &[]), (2, &[W]), W),
            (W, Article::new("C.04.3 5.2.1"))
        );
    }

    #[test]
    fn rule_5_2_2_grants_the_stronger_preference() {
        // Higher player mild for White, lower absolute for White.
        let (c, a) = allocate_colours((1, &[W, B]), (2, &[B, B]), W);
        assert_eq!((c, a), (B, Article::new("C.04.3 5.2.2")));
        // Both absolute: the wider colour difference wins.
        let (c, _) = allocate_colours((1, &[B, W, B, B]), (2, &[B, B, B]), W);
        assert_eq!(c, B);
    }

    #[test]
    fn rule_5_2_3_alternates_from_the_latest_differing_round() {
        // Both mild for Black; aligned from the latest game, the third-last games differ and the
        // higher player had Black there.
        let got = allocate_colours((1, &[W, B, B, W]), (2, &[B, W, B, W]), B);
        assert_eq!(got, (W, Article::new("C.04.3 5.2.3")));
    }

    #[test]
    fn rule_5_2_5_uses_the_initial_colour_and_the_pairing_number() {
        assert_eq!(
            allocate_colours((1, &[]), (2, &[]), W),
            (W, Article::new("C.04.3 5.2.5"))
        );
        assert_eq!(
            allocate_colours((2, &[]), (3, &[]), W),
            (B, Article::new("C.04.3 5.2.5"))
        );
        assert_eq!(
            allocate_colours((2, &[]), (3, &[]), B),
            (W, Article::new("C.04.3 5.2.5"))
        );
    }

    #[test]
    fn rule_5_2_4_grants_the_higher_ranked_preference() {
        // Both mild for Black with identical histories: no differing round.
        assert_eq!(
            allocate_colours((4, &[W, B, W]), (5, &[W, B, W]), W).1,
            Article::new("C.04.3 5.2.4")
        );
    }
}
