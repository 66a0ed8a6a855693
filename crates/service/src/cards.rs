//! Player cards: every round of a player with board, colour, opponent, result and running
//! score, and the performance rating (C.07 Art. 10.2).

use std::collections::BTreeMap;

use event::round::ByeKind;
use serde_json::{Value, json};

use crate::Loaded;
use crate::rows::player_id;

/// The card of a player: every round with board, colour, opponent, result and running score,
/// and the performance rating over the rated games played (C.07 Art. 10.2), in a section view
/// ([`Loaded::view`]).
pub fn player_card(loaded: &Loaded, player: i64) -> Option<Value> {
    let row = loaded.players.iter().find(|p| p.id == player)?;
    let s = loaded.section();
    let me = player_id(player);
    let scoring = s.scoring.system();
    let entry = s.entry(me)?;
    let mut score = standings::Points::ZERO;
    let mut rated = Vec::new();
    let mut rounds = Vec::new();
    for r in &s.played {
        let mut line = json!({ "round": r.number });
        let outcome = if let Some(i) = r.board_of(me) {
            let b = &r.boards[i];
            let white = b.white == me;
            let opponent = if white { b.black } else { b.white };
            let opp = loaded.player(opponent);
            line["board"] = json!(i + 1);
            line["colour"] = json!(if white { "w" } else { "b" });
            line["opponent"] = json!(loaded.name(i64::from(opponent.0)));
            line["opponent_id"] = json!(opponent.0);
            line["opponent_dwz"] = json!(opp.and_then(|p| p.dwz));
            line["opponent_elo"] = json!(opp.and_then(|p| p.elo));
            line["manual"] = json!(b.manual);
            let mine =
                standings::Outcome::of_game(b.result).map(|(w, bl)| if white { w } else { bl });
            if let (Some(o), Some(rating)) = (
                mine,
                opp.and_then(|p| p.elo).and_then(|r| u16::try_from(r).ok()),
            ) && matches!(
                o,
                standings::Outcome::Win | standings::Outcome::Draw | standings::Outcome::Loss
            ) {
                rated.push(standings::rating::Game {
                    opponent: rating,
                    score: match o {
                        standings::Outcome::Win => standings::Points::ONE,
                        standings::Outcome::Draw => standings::Points::HALF,
                        _ => standings::Points::ZERO,
                    },
                });
            }
            mine
        } else {
            let kind = r.bye_of(me).unwrap_or_else(|| entry.unpaired_bye(r.number));
            line["bye"] = json!(store::Recorded::from(kind).code());
            Some(kind.into())
        };
        line["result"] = json!(outcome.map_or("*".to_owned(), |o| {
            let p = scoring.points(o);
            match o {
                standings::Outcome::ForfeitWin => format!("+ ({p})"),
                standings::Outcome::ForfeitLoss => format!("- ({p})"),
                _ => p.to_string(),
            }
        }));
        if let Some(o) = outcome {
            score += scoring.points(o);
        }
        line["score"] = json!(score.to_string());
        rounds.push(line);
    }
    let performance = standings::rating::performance_rating(&rated);
    Some(json!({
        "id": row.id,
        "number": row.number,
        "name": row.name,
        "dwz": entry.player.dwz,
        "elo": entry.player.elo,
        "club": row.club,
        "federation": row.federation,
        "score": score.to_string(),
        "performance": performance,
        "rated_games": rated.len(),
        "rounds": rounds,
        "requested_byes": byes_json(&entry.requested_byes),
        "version": row.version,
    }))
}

/// Requested byes as `{round, kind}` with the stored bye code.
pub fn byes_json(byes: &BTreeMap<u32, ByeKind>) -> Vec<Value> {
    byes.iter()
        .map(|(r, k)| json!({ "round": r, "kind": store::Recorded::from(*k).code() }))
        .collect()
}
