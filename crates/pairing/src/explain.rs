//! Why a round is paired as it is: per board the bracket, the floats and the moved-down
//! players, the colour rule (C.04.3 5.2.x) and the quality criteria the bracket's chosen
//! candidate did not fully meet; for every downfloater and the pairing-allocated bye, the
//! reason; the players not paired. Text in English or German.
//!
//! ```
//! use pairing::dutch::{pair_round, Colour, DutchEdition, Input, Player, Scoring};
//! use pairing::explain::{explain, Lang};
//!
//! let input = Input {
//!     round: 1,
//!     total_rounds: 5,
//!     initial_colour: Colour::White,
//!     scoring: Scoring::STANDARD,
//!     players: (1..=3).map(|id| Player::new(id, 2000 - id as u16)).collect(),
//!     forbidden_pairs: Vec::new(),
//! };
//! let pairing = pair_round(&input, DutchEdition::Rules2026).unwrap();
//! let why = explain(&input, &pairing, DutchEdition::Rules2026);
//! assert_eq!(why.bye.as_ref().map(|b| b.player), Some(3));
//! assert!(why.render(Lang::En).contains("C.04.3 5.2.5"));
//! assert!(why.render(Lang::De).contains("spielfrei"));
//! ```

use std::collections::HashMap;
use std::fmt::Write as _;

use laws::Article;

use crate::dutch::{
    ColourPreference, Criterion, DutchEdition, Float, Input, Pairing, PreferenceStrength,
    RoundEntry, Score,
};

pub use laws::{Lang, UnknownLang};

/// One player on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    /// Pairing number.
    pub player: u32,
    /// Pairing score: points plus acceleration (C.04.7).
    pub score: Score,
    /// Float received in this pairing (C.04.3 1.4).
    pub float: Option<Float>,
    /// Moved down into this bracket from a higher scoregroup (an MDP, C.04.3 1.3).
    pub moved_down: bool,
    /// Colour preference before the round (C.04.3 1.7), if any game was played.
    pub preference: Option<ColourPreference>,
}

/// One board and why it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardNote {
    /// Board number from 1.
    pub board: usize,
    /// The player with White.
    pub white: Seat,
    /// The player with Black.
    pub black: Seat,
    /// Score of the bracket in which the pair was made.
    pub bracket: Score,
    /// The colour rule applied (C.04.3 5.2.1-5.2.5).
    pub colour_rule: Article,
    /// Quality criteria the bracket's chosen candidate did not fully meet; all others were met.
    pub criteria_failed: Vec<Article>,
}

/// Why a player left his scoregroup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FloatReason {
    /// No one left in the bracket whom he may meet: earlier opponents or forbidden pairs (C1),
    /// or the same absolute colour preference (C3).
    NoCompatibleOpponent(Article),
    /// The bracket had an odd number of players: one must float, and the fewest and lowest
    /// downfloaters are chosen (C6, C7; 2017: C.5, C.6).
    OddBracket(Article),
    /// Pairing him inside the bracket would have made the rest of the round worse or
    /// impossible: completion (C4) and the downfloater criteria (C6-C8; 2017: C.4-C.7).
    Completion(Article),
}

impl FloatReason {
    /// The criterion the reason rests on.
    pub fn article(&self) -> Article {
        match self {
            FloatReason::NoCompatibleOpponent(a)
            | FloatReason::OddBracket(a)
            | FloatReason::Completion(a) => *a,
        }
    }
}

/// A player paired below his scoregroup (a downfloater) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloaterNote {
    /// Pairing number.
    pub player: u32,
    /// His pairing score.
    pub score: Score,
    /// The bracket he was paired in.
    pub paired_in: Score,
    /// Why he floated.
    pub reason: FloatReason,
}

/// A resident paired with a moved-down player (an upfloater, C.04.3 1.4): MDPs are paired
/// first in a heterogeneous bracket, their opponents taken from S2 in the order of Art. 4, as
/// C6 (2017: C.5, maximum pairs) asks that the MDP be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpfloaterNote {
    /// Pairing number.
    pub player: u32,
    /// His pairing score.
    pub score: Score,
    /// The moved-down player he meets.
    pub partner: u32,
    /// The moved-down player's pairing score.
    pub partner_score: Score,
    /// The article that pairs the MDP with him.
    pub article: Article,
}

/// The pairing-allocated bye and why this player received it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByeNote {
    /// Pairing number.
    pub player: u32,
    /// His pairing score.
    pub score: Score,
    /// Unplayed games so far (C9 in 2026).
    pub unplayed: u32,
    /// Eligible players (C2) with a lower score, who could not take the bye without leaving
    /// the round unpairable (C4, C5).
    pub lower_eligible: Vec<u32>,
    /// The criteria that put the bye on this player, in order.
    pub reasons: Vec<Article>,
}

/// The explanation of one round's pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The round explained.
    pub round: u32,
    /// The edition of C.04.3 applied.
    pub edition: DutchEdition,
    /// Every board, in order.
    pub boards: Vec<BoardNote>,
    /// The downfloaters.
    pub floaters: Vec<FloaterNote>,
    /// The upfloaters.
    pub upfloaters: Vec<UpfloaterNote>,
    /// The pairing-allocated bye, if any.
    pub bye: Option<ByeNote>,
    /// Players not paired: requested byes, absences, withdrawals.
    pub absent: Vec<u32>,
}

/// Explains `pairing`, the engine's pairing of `input` under `edition`.
pub fn explain(input: &Input, pairing: &Pairing, edition: DutchEdition) -> Explanation {
    let by_id: HashMap<u32, &crate::dutch::Player> =
        input.players.iter().map(|p| (p.id, p)).collect();
    let pairing_score = |id: u32| {
        by_id.get(&id).map_or(Score(0), |p| {
            Score(p.score(&input.scoring).0 + p.acceleration.0)
        })
    };
    let preference = |id: u32| {
        by_id.get(&id).and_then(|p| {
            let played: Vec<_> = p.history.iter().filter_map(|e| e.played_colour()).collect();
            ColourPreference::from_played(&played)
        })
    };
    let seat = |id: u32, float: Option<Float>, bracket: Score| Seat {
        player: id,
        score: pairing_score(id),
        float,
        moved_down: pairing_score(id) > bracket,
        preference: preference(id),
    };
    let boards: Vec<BoardNote> = pairing
        .boards
        .iter()
        .enumerate()
        .map(|(k, b)| {
            let e = &b.explanation;
            BoardNote {
                board: k + 1,
                white: seat(b.white, e.floats.0, e.bracket),
                black: seat(b.black, e.floats.1, e.bracket),
                bracket: e.bracket,
                colour_rule: e.colour_rule,
                criteria_failed: e.criteria_failed.clone(),
            }
        })
        .collect();
    let present: Vec<u32> = input
        .players
        .iter()
        .filter(|p| !p.absent)
        .map(|p| p.id)
        .collect();
    let may_meet = Compatibility::new(input, &present, pairing_score);
    let floaters = boards
        .iter()
        .flat_map(|b| [&b.white, &b.black].map(|s| (s, b.bracket)))
        .filter(|(s, _)| s.moved_down)
        .map(|(s, bracket)| FloaterNote {
            player: s.player,
            score: s.score,
            paired_in: bracket,
            reason: may_meet.float_reason(s.player, s.score, edition),
        })
        .collect();
    let upfloaters = boards
        .iter()
        .flat_map(|b| [(&b.white, &b.black), (&b.black, &b.white)])
        .filter(|(s, partner)| s.float == Some(Float::Up) && partner.moved_down)
        .map(|(s, partner)| UpfloaterNote {
            player: s.player,
            score: s.score,
            partner: partner.player,
            partner_score: partner.score,
            article: Criterion::C6.cite(edition),
        })
        .collect();
    let bye = pairing.bye.map(|id| {
        let score = pairing_score(id);
        let unplayed = by_id.get(&id).map_or(0, |p| {
            p.history
                .iter()
                .filter(|e| e.played_colour().is_none())
                .count() as u32
        });
        let lower_eligible: Vec<u32> = present
            .iter()
            .copied()
            .filter(|&q| {
                pairing_score(q) < score && by_id.get(&q).is_some_and(|p| bye_eligible(p, input))
            })
            .collect();
        let reasons = match edition {
            DutchEdition::Rules2026 => vec![
                Criterion::C2.cite(edition),
                Criterion::C4.cite(edition),
                Criterion::C5.cite(edition),
                Criterion::C9.cite(edition),
            ],
            DutchEdition::Rules2017 => {
                vec![Criterion::C2.cite(edition), Criterion::C4.cite(edition)]
            }
        };
        ByeNote {
            player: id,
            score,
            unplayed,
            lower_eligible,
            reasons,
        }
    });
    Explanation {
        round: input.round,
        edition,
        boards,
        floaters,
        upfloaters,
        bye,
        absent: input
            .players
            .iter()
            .filter(|p| p.absent)
            .map(|p| p.id)
            .collect(),
    }
}

/// C2: no earlier pairing-allocated bye, nor a win's points without playing.
fn bye_eligible(p: &crate::dutch::Player, input: &Input) -> bool {
    !p.history.iter().any(|e| match e {
        RoundEntry::PairingAllocatedBye => true,
        RoundEntry::Forfeit { won, .. } => *won,
        RoundEntry::Unpaired { points } => *points >= input.scoring.win,
        RoundEntry::Game { .. } => false,
    })
}

/// Who may meet whom under C1 and C3, among the present players.
struct Compatibility<'a> {
    input: &'a Input,
    scores: HashMap<u32, Score>,
    by_id: HashMap<u32, &'a crate::dutch::Player>,
}

impl<'a> Compatibility<'a> {
    fn new(input: &'a Input, present: &[u32], score: impl Fn(u32) -> Score) -> Compatibility<'a> {
        Compatibility {
            input,
            scores: present.iter().map(|&id| (id, score(id))).collect(),
            by_id: input.players.iter().map(|p| (p.id, p)).collect(),
        }
    }

    fn player(&self, id: u32) -> Option<&crate::dutch::Player> {
        self.by_id.get(&id).copied()
    }

    /// C1: played each other, or forbidden.
    fn c1_blocks(&self, a: u32, b: u32) -> bool {
        let met = self.player(a).is_some_and(|p| {
            p.history
                .iter()
                .any(|e| matches!(e, RoundEntry::Game { opponent, .. } if *opponent == b))
        });
        met || self
            .input
            .forbidden_pairs
            .iter()
            .any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
    }

    /// C3: both non-topscorers with the same absolute colour preference.
    fn c3_blocks(&self, a: u32, b: u32) -> bool {
        let topscorer = |id: u32| {
            let rounds_before = self.input.round.saturating_sub(1);
            self.input.round == self.input.total_rounds
                && self.player(id).is_some_and(|p| {
                    p.score(&self.input.scoring).0 * 2 > self.input.scoring.win.0 * rounds_before
                })
        };
        let absolute = |id: u32| {
            self.player(id).and_then(|p| {
                let played: Vec<_> = p.history.iter().filter_map(|e| e.played_colour()).collect();
                ColourPreference::from_played(&played)
                    .filter(|c| c.strength == PreferenceStrength::Absolute)
                    .map(|c| c.colour)
            })
        };
        !topscorer(a) && !topscorer(b) && absolute(a).is_some() && absolute(a) == absolute(b)
    }

    fn float_reason(&self, id: u32, score: Score, edition: DutchEdition) -> FloatReason {
        let group: Vec<u32> = self
            .scores
            .iter()
            .filter(|&(&q, &s)| s == score && q != id)
            .map(|(&q, _)| q)
            .collect();
        let c1 = !group.is_empty() && group.iter().all(|&q| self.c1_blocks(id, q));
        let c1_or_c3 = !group.is_empty()
            && group
                .iter()
                .all(|&q| self.c1_blocks(id, q) || self.c3_blocks(id, q));
        if c1 {
            FloatReason::NoCompatibleOpponent(Criterion::C1.cite(edition))
        } else if c1_or_c3 {
            FloatReason::NoCompatibleOpponent(Criterion::C3.cite(edition))
        } else if group.len().is_multiple_of(2) {
            // With him the scoregroup is odd.
            FloatReason::OddBracket(Criterion::C6.cite(edition))
        } else {
            FloatReason::Completion(Criterion::C4.cite(edition))
        }
    }
}

/// The fixed phrases of the text, per language.
struct Words {
    round: &'static str,
    board: &'static str,
    bracket: &'static str,
    colour: &'static str,
    criteria_met: &'static str,
    criteria_failed: &'static str,
    others_met: &'static str,
    down: &'static str,
    up: &'static str,
    mdp: &'static str,
    no_preference: &'static str,
    floaters: &'static str,
    upfloaters: &'static str,
    meets_mdp: &'static str,
    bye: &'static str,
    absent: &'static str,
    none: &'static str,
}

const EN: Words = Words {
    round: "Round",
    board: "Board",
    bracket: "bracket",
    colour: "colours",
    criteria_met: "criteria: all quality criteria met",
    criteria_failed: "criteria not fully met",
    others_met: "all others met",
    down: "floats down",
    up: "floats up",
    mdp: "moved-down player (MDP)",
    no_preference: "no preference",
    floaters: "Downfloaters",
    upfloaters: "Upfloaters",
    meets_mdp: "meets the moved-down player",
    bye: "Pairing-allocated bye",
    absent: "Not paired (requested bye or absent)",
    none: "none",
};

const DE: Words = Words {
    round: "Runde",
    board: "Brett",
    bracket: "Gruppe",
    colour: "Farben",
    criteria_met: "Kriterien: alle Qualitätskriterien erfüllt",
    criteria_failed: "nicht voll erfüllte Kriterien",
    others_met: "alle übrigen erfüllt",
    down: "floatet ab",
    up: "floatet auf",
    mdp: "abgestiegener Spieler (MDP)",
    no_preference: "kein Farbwunsch",
    floaters: "Abfloater",
    upfloaters: "Auffloater",
    meets_mdp: "spielt gegen den abgestiegenen Spieler",
    bye: "Spielfrei durch Auslosung (PAB)",
    absent: "Nicht gepaart (beantragtes Freilos oder abwesend)",
    none: "keine",
};

fn colour_rule_text(rule: &Article, lang: Lang) -> &'static str {
    let code = rule.to_string();
    let en = lang == Lang::En;
    match code.rsplit(' ').next().unwrap_or("") {
        "5.2.1" if en => "both colour preferences granted",
        "5.2.1" => "beide Farbwünsche erfüllt",
        "5.2.2" if en => "the stronger colour preference granted",
        "5.2.2" => "der stärkere Farbwunsch erfüllt",
        "5.2.3" if en => "colours alternated from the latest round in which they differed",
        "5.2.3" => "Farben gewechselt gegenüber der letzten Runde mit verschiedenen Farben",
        "5.2.4" if en => "the higher-ranked player's preference granted",
        "5.2.4" => "Farbwunsch des höher eingestuften Spielers erfüllt",
        _ if en => "initial colour by the higher-ranked player's pairing number",
        _ => "Anfangsfarbe nach der Startnummer des höher eingestuften Spielers",
    }
}

fn preference_text(p: Option<ColourPreference>, lang: Lang) -> String {
    let w = if lang == Lang::En { &EN } else { &DE };
    let Some(p) = p else {
        return w.no_preference.to_owned();
    };
    let colour = match (p.colour, lang) {
        (crate::dutch::Colour::White, Lang::En) => "White",
        (crate::dutch::Colour::Black, Lang::En) => "Black",
        (crate::dutch::Colour::White, Lang::De) => "Weiß",
        (crate::dutch::Colour::Black, Lang::De) => "Schwarz",
    };
    let strength = match (p.strength, lang) {
        (PreferenceStrength::Absolute, Lang::En) => "absolute",
        (PreferenceStrength::Strong, Lang::En) => "strong",
        (PreferenceStrength::Mild, Lang::En) => "mild",
        (PreferenceStrength::Absolute, Lang::De) => "absolut",
        (PreferenceStrength::Strong, Lang::De) => "stark",
        (PreferenceStrength::Mild, Lang::De) => "schwach",
    };
    format!("{colour} {strength}")
}

fn articles(list: &[Article]) -> String {
    list.iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Explanation {
    /// The explanation as text in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let w = if lang == Lang::En { &EN } else { &DE };
        let mut out = String::new();
        let _ = writeln!(out, "{} {} ({})", w.round, self.round, self.edition);
        for b in &self.boards {
            let _ = writeln!(
                out,
                "{} {}: {} - {}  ({} {})",
                w.board, b.board, b.white.player, b.black.player, w.bracket, b.bracket
            );
            for s in [&b.white, &b.black] {
                let mut notes = vec![format!("{}", s.score)];
                notes.push(preference_text(s.preference, lang));
                match s.float {
                    Some(Float::Down) => notes.push(w.down.to_owned()),
                    Some(Float::Up) => notes.push(w.up.to_owned()),
                    None => {}
                }
                if s.moved_down {
                    notes.push(w.mdp.to_owned());
                }
                let _ = writeln!(out, "  {}: {}", s.player, notes.join(", "));
            }
            let _ = writeln!(
                out,
                "  {}: {} ({})",
                w.colour,
                b.colour_rule,
                colour_rule_text(&b.colour_rule, lang)
            );
            if b.criteria_failed.is_empty() {
                let _ = writeln!(out, "  {}", w.criteria_met);
            } else {
                let _ = writeln!(
                    out,
                    "  {}: {}; {}",
                    w.criteria_failed,
                    articles(&b.criteria_failed),
                    w.others_met
                );
            }
        }
        let _ = writeln!(out, "{}:", w.floaters);
        if self.floaters.is_empty() {
            let _ = writeln!(out, "  {}", w.none);
        }
        for f in &self.floaters {
            let _ = writeln!(
                out,
                "  {} ({} -> {}): {} ({})",
                f.player,
                f.score,
                f.paired_in,
                float_reason_text(&f.reason, lang),
                f.reason.article()
            );
        }
        if !self.upfloaters.is_empty() {
            let _ = writeln!(out, "{}:", w.upfloaters);
        }
        for u in &self.upfloaters {
            let _ = writeln!(
                out,
                "  {} ({}): {} {} ({}) ({})",
                u.player, u.score, w.meets_mdp, u.partner, u.partner_score, u.article
            );
        }
        if let Some(bye) = &self.bye {
            let _ = writeln!(out, "{}: {}", w.bye, bye.player);
            let _ = writeln!(out, "  {}", bye_text(bye, self.edition, lang));
        }
        if !self.absent.is_empty() {
            let ids: Vec<String> = self.absent.iter().map(u32::to_string).collect();
            let _ = writeln!(out, "{}: {}", w.absent, ids.join(" "));
        }
        out
    }
}

/// The reason a player floated down, as a sentence.
pub fn float_reason_text(reason: &FloatReason, lang: Lang) -> &'static str {
    match (reason, lang) {
        (FloatReason::NoCompatibleOpponent(_), Lang::En) => {
            "no one in his scoregroup he may meet (earlier opponents, forbidden pairs or the same absolute colour preference)"
        }
        (FloatReason::NoCompatibleOpponent(_), Lang::De) => {
            "niemand in seiner Punktgruppe, gegen den er spielen darf (frühere Gegner, verbotene Paarungen oder gleicher absoluter Farbwunsch)"
        }
        (FloatReason::OddBracket(_), Lang::En) => {
            "his scoregroup had an odd number of players: one floats, chosen by the fewest and lowest downfloaters and then the order of generation"
        }
        (FloatReason::OddBracket(_), Lang::De) => {
            "ungerade Spielerzahl in seiner Punktgruppe: einer floatet ab, gewählt nach möglichst wenigen und niedrigen Abfloatern, dann nach der Erzeugungsreihenfolge"
        }
        (FloatReason::Completion(_), Lang::En) => {
            "pairing him inside his scoregroup would have left the rest of the round unpairable or with worse downfloats"
        }
        (FloatReason::Completion(_), Lang::De) => {
            "eine Paarung in seiner Punktgruppe hätte den Rest der Runde unpaarbar gemacht oder schlechtere Abfloats erzwungen"
        }
    }
}

fn bye_text(bye: &ByeNote, edition: DutchEdition, lang: Lang) -> String {
    let en = lang == Lang::En;
    let mut parts = Vec::new();
    parts.push(if en {
        format!(
            "{}: has had no pairing-allocated bye and no win's points without playing",
            bye.reasons[0]
        )
    } else {
        format!(
            "{}: hatte weder spielfrei durch Auslosung noch Gewinnpunkte ohne Partie",
            bye.reasons[0]
        )
    });
    let lower: Vec<String> = bye.lower_eligible.iter().map(u32::to_string).collect();
    match edition {
        DutchEdition::Rules2026 => {
            parts.push(if en {
                format!(
                    "{}, {}: the lowest score ({}) with which the round can be completed",
                    bye.reasons[1], bye.reasons[2], bye.score
                )
            } else {
                format!(
                    "{}, {}: niedrigste Punktzahl ({}), mit der die Runde vollständig gepaart werden kann",
                    bye.reasons[1], bye.reasons[2], bye.score
                )
            });
            if !lower.is_empty() {
                parts.push(if en {
                    format!("lower-scored {} could not take it", lower.join(" "))
                } else {
                    format!(
                        "niedriger stehende {} konnten es nicht erhalten",
                        lower.join(" ")
                    )
                });
            }
            parts.push(if en {
                format!("{}: {} unplayed games so far", bye.reasons[3], bye.unplayed)
            } else {
                format!(
                    "{}: bisher {} nicht gespielte Partien",
                    bye.reasons[3], bye.unplayed
                )
            });
        }
        DutchEdition::Rules2017 => {
            parts.push(if en {
                format!(
                    "{}: the player left over in the last bracket (score {}) when the rest is paired",
                    bye.reasons[1], bye.score
                )
            } else {
                format!(
                    "{}: der in der letzten Gruppe (Punkte {}) übrig bleibende Spieler",
                    bye.reasons[1], bye.score
                )
            });
        }
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dutch::{Colour, Outcome, Player, Scoring, pair_round};

    fn game(opponent: u32, colour: Colour, outcome: Outcome) -> RoundEntry {
        RoundEntry::Game {
            opponent,
            colour,
            outcome,
        }
    }

    fn input(round: u32, players: Vec<Player>) -> Input {
        Input {
            round,
            total_rounds: 5,
            initial_colour: Colour::White,
            scoring: Scoring::STANDARD,
            players,
            forbidden_pairs: Vec::new(),
        }
    }

    fn player(id: u32, history: Vec<RoundEntry>) -> Player {
        Player {
            history,
            ..Player::new(id, 2500 - id as u16)
        }
    }

    fn explained(input: &Input) -> Explanation {
        let pairing = pair_round(input, DutchEdition::Rules2026).unwrap();
        explain(input, &pairing, DutchEdition::Rules2026)
    }

    #[test]
    fn colour_rule_5_2_1_when_preferences_differ() {
        // Round 2: 1 had White and 3 Black; both won. They meet, each gets his wish.
        use Colour::{Black as B, White as W};
        use Outcome::{Loss, Win};
        let why = explained(&input(
            2,
            vec![
                player(1, vec![game(2, W, Win)]),
                player(2, vec![game(1, B, Loss)]),
                player(3, vec![game(4, B, Win)]),
                player(4, vec![game(3, W, Loss)]),
            ],
        ));
        let top = &why.boards[0];
        assert_eq!((top.white.player, top.black.player), (3, 1));
        assert_eq!(top.colour_rule, Article::new("C.04.3 5.2.1"));
        assert!(
            why.render(Lang::En)
                .contains("both colour preferences granted")
        );
        assert!(why.render(Lang::De).contains("beide Farbwünsche erfüllt"));
    }

    #[test]
    fn colour_rule_5_2_2_when_the_stronger_preference_wins() {
        // Round 3: 1 played White twice (absolute for Black), 2 had a bye and one White
        // (strong for Black); both on 2 points. 1 gets Black by the stronger preference.
        use Colour::{Black as B, White as W};
        use Outcome::{Loss, Win};
        let why = explained(&input(
            3,
            vec![
                player(1, vec![game(3, W, Win), game(4, W, Win)]),
                player(
                    2,
                    vec![RoundEntry::Unpaired { points: Score(10) }, game(3, W, Win)],
                ),
                player(3, vec![game(1, B, Loss), game(2, B, Loss)]),
                player(
                    4,
                    vec![RoundEntry::Unpaired { points: Score(0) }, game(1, B, Loss)],
                ),
            ],
        ));
        let top = &why.boards[0];
        assert_eq!((top.white.player, top.black.player), (2, 1));
        assert_eq!(top.colour_rule, Article::new("C.04.3 5.2.2"));
        assert_eq!(
            top.black.preference.map(|p| p.strength),
            Some(PreferenceStrength::Absolute)
        );
        assert_eq!(
            top.white.preference.map(|p| p.strength),
            Some(PreferenceStrength::Strong)
        );
        let text = why.render(Lang::En);
        assert!(
            text.contains("the stronger colour preference granted"),
            "{text}"
        );
        assert!(text.contains("1: 2.0, Black absolute"), "{text}");
        assert!(
            why.render(Lang::De)
                .contains("der stärkere Farbwunsch erfüllt")
        );
    }

    #[test]
    fn a_downfloater_from_an_odd_scoregroup_is_explained() {
        // Round 2: winners 1, 3, 5 (odd group); 5 floats down to a loser.
        use Colour::{Black as B, White as W};
        use Outcome::{Loss, Win};
        let why = explained(&input(
            2,
            vec![
                player(1, vec![game(4, W, Win)]),
                player(2, vec![game(5, W, Loss)]),
                player(3, vec![game(6, W, Win)]),
                player(4, vec![game(1, B, Loss)]),
                player(5, vec![game(2, B, Win)]),
                player(6, vec![game(3, B, Loss)]),
            ],
        ));
        assert_eq!(why.floaters.len(), 1);
        let f = &why.floaters[0];
        assert_eq!((f.score, f.paired_in), (Score(10), Score(0)));
        assert_eq!(f.reason, FloatReason::OddBracket(Article::new("C.04.3 C6")));
        let board = why
            .boards
            .iter()
            .find(|b| b.white.player == f.player || b.black.player == f.player)
            .unwrap();
        let seat = if board.white.player == f.player {
            &board.white
        } else {
            &board.black
        };
        assert!(seat.moved_down);
        assert_eq!(seat.float, Some(Float::Down));
        assert_eq!(why.upfloaters.len(), 1);
        let up = &why.upfloaters[0];
        assert_eq!((up.partner, up.score), (f.player, Score(0)));
        assert_eq!(up.article, Article::new("C.04.3 C6"));
        let text = why.render(Lang::En);
        assert!(text.contains("odd number of players"), "{text}");
        assert!(
            text.contains(&format!("meets the moved-down player {} (1.0)", f.player)),
            "{text}"
        );
        assert!(text.contains("moved-down player (MDP)"), "{text}");
    }

    #[test]
    fn a_downfloater_without_a_compatible_opponent_names_c1() {
        // Round 2: 1 and 2 drew and are alone on ½; they may not meet again.
        use Colour::{Black as B, White as W};
        use Outcome::{Draw, Loss, Win};
        let why = explained(&input(
            2,
            vec![
                player(1, vec![game(2, W, Draw)]),
                player(2, vec![game(1, B, Draw)]),
                player(3, vec![game(4, W, Win)]),
                player(4, vec![game(3, B, Loss)]),
            ],
        ));
        let reasons: Vec<&FloatReason> = why
            .floaters
            .iter()
            .filter(|f| f.score == Score(5))
            .map(|f| &f.reason)
            .collect();
        assert!(!reasons.is_empty());
        assert!(
            reasons
                .iter()
                .all(|r| **r == FloatReason::NoCompatibleOpponent(Article::new("C.04.3 C1")))
        );
    }

    #[test]
    fn the_pab_receiver_is_explained_by_c2_c5_and_c9() {
        // Round 2 with five players: 5 had the bye in round 1 (C2); 3 and 4 have the lowest
        // score, 4 is ranked lower.
        use Colour::{Black as B, White as W};
        use Outcome::{Loss, Win};
        let why = explained(&input(
            2,
            vec![
                player(1, vec![game(3, W, Win)]),
                player(2, vec![game(4, B, Win)]),
                player(3, vec![game(1, B, Loss)]),
                player(4, vec![game(2, W, Loss)]),
                player(5, vec![RoundEntry::PairingAllocatedBye]),
            ],
        ));
        let bye = why.bye.as_ref().unwrap();
        assert_eq!(bye.player, 4);
        assert_eq!(bye.score, Score(0));
        assert_eq!(
            bye.reasons,
            ["C.04.3 C2", "C.04.3 C4", "C.04.3 C5", "C.04.3 C9"].map(Article::new)
        );
        let text = why.render(Lang::En);
        assert!(text.contains("Pairing-allocated bye: 4"), "{text}");
        assert!(text.contains("no pairing-allocated bye"), "{text}");
        assert!(
            why.render(Lang::De)
                .contains("Spielfrei durch Auslosung (PAB): 4")
        );
    }

    #[test]
    fn absent_players_are_listed() {
        let mut players: Vec<Player> = (1..=5).map(|id| player(id, Vec::new())).collect();
        players[1].absent = true;
        let why = explained(&input(1, players));
        assert_eq!(why.absent, [2]);
        assert!(why.bye.is_none());
        assert!(
            why.render(Lang::En)
                .contains("Not paired (requested bye or absent): 2")
        );
    }
}
