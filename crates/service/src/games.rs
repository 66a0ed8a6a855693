//! Game records: a pasted game checked move by move (`pgn`), attached to its game, and the
//! games of a section as one PGN file.

use std::collections::BTreeMap;

use laws::GameResult;
use laws::position::StartingPosition;
use store::Recorded;

use crate::Service;
use crate::error::ServiceError;

/// Checks a pasted game record with the `pgn` crate: exactly one game, every move legal.
/// Returns the moves as clean PGN movetext, or the message naming the move.
pub fn check_pgn(text: &str, german: bool) -> Result<String, ServiceError> {
    let refused = |english: &str, deutsch: &str| {
        ServiceError::BadRequest(format!("PGN: {}", if german { deutsch } else { english }))
    };
    let mut games = pgn::reader::Reader::new(text);
    let raw = games
        .next()
        .ok_or_else(|| refused("no game found", "keine Partie gefunden"))?;
    if games.next().is_some() {
        return Err(refused(
            "one game per board expected, found more",
            "eine Partie je Brett erwartet, mehrere gefunden",
        ));
    }
    let imported = pgn::import::import(&raw);
    if let Some(e) = &imported.error {
        let message = e.kind.message(if german {
            laws::notation::Language::German
        } else {
            laws::notation::Language::English
        });
        return Err(ServiceError::BadRequest(format!(
            "PGN: {}: {message}",
            e.location
        )));
    }
    let start = imported
        .start
        .as_ref()
        .ok_or_else(|| refused("no start position", "keine Ausgangsstellung"))?;
    let text = pgn::export::write_pgn(
        &[],
        &start.position,
        &imported.moves,
        None,
        laws::notation::Language::English,
    );
    Ok(text)
}

/// PGN tag date `YYYY.MM.DD` of an event date `YYYY-MM-DD`.
fn pgn_date(date: &str) -> String {
    let d = date.replace('-', ".");
    if d.len() == 10 {
        d
    } else {
        "????.??.??".into()
    }
}

impl Service {
    /// Attaches a game record to a game (checked by [`check_pgn`], messages in German when
    /// `german`); empty text removes it.
    pub async fn store_pgn(
        &self,
        by: Option<i64>,
        game: i64,
        text: &str,
        german: bool,
    ) -> Result<(), ServiceError> {
        let g = self.store.game(game).await?;
        if g.black.is_none() {
            let message = if german {
                "ein Freilos hat keine Partienotation"
            } else {
                "a bye has no game record"
            };
            return Err(ServiceError::BadRequest(message.into()));
        }
        let clean = if text.trim().is_empty() {
            String::new()
        } else {
            check_pgn(text, german)?
        };
        self.store.set_game_pgn(by, game, &clean).await?;
        Ok(())
    }

    /// The start and moves of the finished live games (issue #15) of a section view that
    /// have no game record entered.
    async fn finished_live_games(
        &self,
        loaded: &crate::Loaded,
        records: &BTreeMap<i64, String>,
    ) -> Result<BTreeMap<i64, (StartingPosition, Vec<shakmaty::Move>)>, ServiceError> {
        let mut out = BTreeMap::new();
        for (_, games) in &loaded.rounds {
            for g in games.iter().filter(|g| g.black.is_some()) {
                if records.contains_key(&g.id) || self.store.live_game(g.id).await?.is_none() {
                    continue;
                }
                let (report, _) = self.live_report(g.id, 0).await?;
                if report.arbiter.result().is_some() {
                    let game = report.arbiter.game();
                    out.insert(g.id, (game.start().clone(), game.moves().to_vec()));
                }
            }
        }
        Ok(out)
    }

    /// The games of a section view ([`Service::view`]) as PGN: the seven-tag roster,
    /// `WhiteElo`/`BlackElo`, the moves when entered (else those of a finished live game),
    /// else the result alone; with the file's
    /// name ([`crate::Loaded::file_name`]).
    pub async fn section_pgn(
        &self,
        section: i64,
        arbiter: bool,
    ) -> Result<(String, String), ServiceError> {
        let loaded = self.view(section, arbiter).await?;
        let records: BTreeMap<i64, String> = self
            .store
            .section_pgns(section)
            .await?
            .into_iter()
            .collect();
        let live = self.finished_live_games(&loaded, &records).await?;
        let mut out = String::new();
        let event_name = format!("{} - {}", loaded.event_row.name, loaded.section_row.name);
        for (r, games) in &loaded.rounds {
            let date = loaded
                .section()
                .schedule_of(u32::try_from(r.number).unwrap_or(0))
                .map_or_else(
                    || pgn_date(&loaded.event_row.start_date),
                    |d| pgn_date(&d.date.to_string()),
                );
            for g in games {
                let Some(black) = g.black else { continue };
                let result = match g.result {
                    Recorded::Game(GameResult::WhiteWins | GameResult::WhiteWinsByForfeit) => "1-0",
                    Recorded::Game(GameResult::BlackWins | GameResult::BlackWinsByForfeit) => "0-1",
                    Recorded::Game(GameResult::Draw) => "1/2-1/2",
                    _ => "*",
                };
                let round = format!("{}.{}", r.number, g.board);
                let elo = |id: i64| {
                    loaded
                        .players
                        .iter()
                        .find(|p| p.id == id)
                        .and_then(|p| p.elo)
                        .map(|r| r.to_string())
                };
                let (white, black_name) = (loaded.name(g.white), loaded.name(black));
                let mut tags: Vec<(&str, String)> = vec![
                    ("Event", event_name.clone()),
                    ("Site", loaded.event_row.place.clone()),
                    ("Date", date.clone()),
                    ("Round", round),
                    ("White", white),
                    ("Black", black_name),
                    ("Result", result.to_owned()),
                ];
                if let Some(e) = elo(g.white) {
                    tags.push(("WhiteElo", e));
                }
                if let Some(e) = elo(black) {
                    tags.push(("BlackElo", e));
                }
                if matches!(g.result, Recorded::Game(r) if r.is_forfeit()) {
                    tags.push(("Termination", "forfeit".into()));
                }
                let tag_refs: Vec<(&str, &str)> =
                    tags.iter().map(|(k, v)| (*k, v.as_str())).collect();
                let (start, moves) = records
                    .get(&g.id)
                    .and_then(|text| {
                        let raw = pgn::reader::Reader::new(text).next()?;
                        let imported = pgn::import::import(&raw);
                        Some((imported.start?.position, imported.moves))
                    })
                    .or_else(|| live.get(&g.id).cloned())
                    .unwrap_or_else(|| (laws::position::StartingPosition::standard(), Vec::new()));
                out.push_str(&pgn::export::write_pgn(
                    &tag_refs,
                    &start,
                    &moves,
                    None,
                    laws::notation::Language::English,
                ));
                out.push('\n');
            }
        }
        Ok((loaded.file_name("pgn"), out))
    }
}
