//! The lists of a round as the pages and print-outs show them (#14 items 1 and 5): the
//! pairing list by board and alphabetically ([`event::Section::pairing_list`]) joined with the
//! stored games (their keys and versions, for result entry), the count of results in, the
//! round's scheduled start, and the round checklist of a section (paired → published →
//! results complete → next round paired).

use event::section::RoundSchedule;
use event::table::{ListedPlayer, PairingLine};
use laws::GameResult;
use serde_json::{Value, json};
use store::Recorded;

use crate::Loaded;

/// A player of a list line: row id, pairing number (`tpn`), name, club, rating, points before
/// the round, and whether the player has withdrawn before this round.
fn player(loaded: &Loaded, p: &ListedPlayer, round: i64) -> Value {
    let row = loaded.player(p.player);
    let withdrawn = row
        .and_then(|r| r.withdrawn_after)
        .is_some_and(|after| after < round);
    json!({
        "id": p.player.0,
        "tpn": p.tpn,
        "name": p.name,
        "club": p.club,
        "rating": p.rating,
        "points": p.points,
        "withdrawn": withdrawn,
    })
}

/// The stored game of a list line: the board of its white player, or the bye of its player.
fn stored<'a>(games: &'a [store::Game], line: &PairingLine) -> Option<&'a store::Game> {
    let white = i64::from(line.white.player.0);
    games
        .iter()
        .find(|g| g.white == white && g.black.is_some() == line.black.is_some())
}

/// The pairing list of round `round` in a section view ([`Loaded::view`]): boards in order,
/// then the byes, each line with `board` (`null` for a bye), `game` and `version` (the stored
/// game), `manual`, `result` (the stored code: `1-0`, `+/-`, `bye-1/2`, …, `*` while pending),
/// `white` and `black` (`null` for a bye) as players with number, name, club, rating and
/// points before the round. `alphabetical` lists one line per player by name instead, with
/// `listed` (the player), `colour` (`w`, `b`, empty for a bye) and `opponent`. `None` when the
/// view has no such round.
pub fn pairing_rows(loaded: &Loaded, round: i64, alphabetical: bool) -> Option<Vec<Value>> {
    let (_, games) = loaded.round(round)?;
    let n = u32::try_from(round).ok()?;
    let lines = loaded.section().pairing_list(n, alphabetical)?;
    Some(
        lines
            .iter()
            .map(|line| {
                let game = stored(games, line);
                let white = player(loaded, &line.white, round);
                let black = line.black.as_ref().map(|b| player(loaded, b, round));
                let mut row = json!({
                    "board": line.board,
                    "game": game.map(|g| g.id),
                    "version": game.map(|g| g.version),
                    "slot": game.map(|g| g.board),
                    "manual": line.manual,
                    "result": game.map_or("*", |g| g.result.code()),
                });
                match line.listed_for {
                    Some(me) if me == line.white.player => {
                        row["listed"] = white;
                        row["colour"] = json!(if black.is_some() { "w" } else { "" });
                        row["opponent"] = json!(black);
                    }
                    Some(_) => {
                        row["listed"] = json!(black);
                        row["colour"] = json!("b");
                        row["opponent"] = white;
                    }
                    None => {
                        row["white"] = white;
                        row["black"] = json!(black);
                    }
                }
                row
            })
            .collect(),
    )
}

/// Results in and games of round `round` (byes are not counted): `(9, 10)` reads "9 of 10
/// results in". `None` when the view has no such round.
pub fn results_in(loaded: &Loaded, round: i64) -> Option<(usize, usize)> {
    let (_, games) = loaded.round(round)?;
    let boards = games.iter().filter(|g| g.black.is_some());
    let entered = boards
        .clone()
        .filter(|g| g.result != Recorded::Game(GameResult::Pending))
        .count();
    Some((entered, boards.count()))
}

/// The scheduled start of round `round`, if the section's timetable has one.
pub fn round_start(loaded: &Loaded, round: i64) -> Option<RoundSchedule> {
    let i = usize::try_from(round).ok()?.checked_sub(1)?;
    loaded.section().schedule.get(i).copied()
}

/// The round checklist of a section view: for every round of the section, `number`,
/// `paired`, `published`, `entered` and `games` (results in), `complete` (every game has a
/// result) and `next_paired` (the next round is paired; `null` after the last round).
pub fn checklist(loaded: &Loaded) -> Vec<Value> {
    let total = loaded.section_row.rounds;
    (1..=total)
        .map(|n| {
            let stored = loaded.round(n);
            let (entered, games) = results_in(loaded, n).unwrap_or((0, 0));
            json!({
                "number": n,
                "paired": stored.is_some(),
                "published": stored.is_some_and(|(r, _)| r.published),
                "entered": entered,
                "games": games,
                "complete": stored.is_some() && entered == games,
                "next_paired": (n < total).then(|| loaded.round(n + 1).is_some()),
            })
        })
        .collect()
}

/// At most this many players in the answer of a search.
pub const FOUND: usize = 50;

/// The longest search text taken.
pub const QUERY: usize = 100;

impl crate::Service {
    /// The players of event `event` whose name contains `query` (#14 item 7), German-folded
    /// ([`event::sort_key`]: `ö` finds `o`, `ss` finds `ß`, any case), across its sections as
    /// the viewer sees them ([`Loaded::view`]): section id and name, player id, pairing number,
    /// name and club, by name; at most [`FOUND`]. An empty query finds nobody; a query longer
    /// than [`QUERY`] characters is refused.
    pub async fn search_players(
        &self,
        event: i64,
        query: &str,
        arbiter: bool,
    ) -> Result<Vec<Value>, crate::ServiceError> {
        let query = query.trim();
        if query.chars().count() > QUERY {
            return Err(crate::ServiceError::BadRequest(format!(
                "q: expected at most {QUERY} characters, found {}",
                query.chars().count()
            )));
        }
        let wanted = event::sort_key(query);
        if wanted.is_empty() {
            return Ok(Vec::new());
        }
        let mut found = Vec::new();
        for s in self.store().sections(event).await? {
            if self.store().team_section(s.id).await?.is_some() {
                continue;
            }
            let loaded = self.view(s.id, arbiter).await?;
            for p in &loaded.players {
                if event::sort_key(&p.name).contains(&wanted) {
                    found.push(json!({
                        "section": s.id,
                        "section_name": s.name,
                        "id": p.id,
                        "number": p.number,
                        "name": p.name,
                        "club": p.club,
                    }));
                }
            }
        }
        found.sort_by_cached_key(|p| {
            let name = p["name"].as_str().unwrap_or_default();
            (event::sort_key(name), name.to_owned())
        });
        found.truncate(FOUND);
        Ok(found)
    }
}
