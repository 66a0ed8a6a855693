//! Players of a section: registration with the next free pairing number, late entry,
//! withdrawal, edits, deletion and merging of duplicates before the player is paired.

use sqlx::any::AnyRow;
use sqlx::{Any, Transaction};

use crate::audit::Audit;
use crate::row::{AnyQuery, Versioned, change_one, count, entity, get, insert_id};
use crate::sections::{bump_revision, replace_section_data};
use crate::{Store, StoreError};

/// A player to register.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Deserialize)]
pub struct NewPlayer {
    /// `Lastname, Firstname`.
    pub name: String,
    /// `m`, `w` or empty.
    #[serde(default)]
    pub sex: String,
    /// FIDE title (`GM`, `WIM`, ...) or empty.
    #[serde(default)]
    pub title: String,
    /// German national rating (DWZ), if any.
    #[serde(default)]
    pub dwz: Option<i64>,
    /// FIDE rating (Elo), if any.
    #[serde(default)]
    pub elo: Option<i64>,
    /// Federation code (`GER`) or empty.
    #[serde(default)]
    pub federation: String,
    /// FIDE id or empty.
    #[serde(default)]
    pub fide_id: String,
    /// `YYYY/MM/DD` or `YYYY`, as in TRF.
    #[serde(default)]
    pub birth_date: String,
    /// Club name or empty.
    #[serde(default)]
    pub club: String,
    /// First round the player takes part in (late entry when above 1).
    #[serde(default)]
    pub first_round: i64,
    /// JSON of the domain registration.
    #[serde(default)]
    pub data: String,
}

impl NewPlayer {
    /// Binds the stored fields as `$1` to `$10`: name, sex, title, DWZ, Elo, federation,
    /// FIDE id, birth date, club, domain document.
    fn bind_fields<'q>(&'q self, query: AnyQuery<'q>) -> AnyQuery<'q> {
        query
            .bind(&self.name)
            .bind(&self.sex)
            .bind(&self.title)
            .bind(self.dwz)
            .bind(self.elo)
            .bind(&self.federation)
            .bind(&self.fide_id)
            .bind(&self.birth_date)
            .bind(&self.club)
            .bind(&self.data)
    }

    /// The stored fields in words, for the audit log: name, DWZ, Elo, title, federation, FIDE
    /// id, birth date, sex, club, and the arbiter's reason when the registration was admitted
    /// over a refusal (the domain document's `admitted_over`).
    pub(crate) fn summary(&self) -> String {
        let rating = |r: Option<i64>| r.map_or("-".to_owned(), |r| r.to_string());
        let data: serde_json::Value = serde_json::from_str(&self.data).unwrap_or_default();
        let over = match data["admitted_over"]["reason"].as_str() {
            Some(reason) => format!("; admitted by override: {reason}"),
            None => String::new(),
        };
        format!(
            "{} (DWZ {}, Elo {}, title {:?}, federation {:?}, FIDE id {:?}, born {:?}, sex {:?}, club {:?}){over}",
            self.name,
            rating(self.dwz),
            rating(self.elo),
            self.title,
            self.federation,
            self.fide_id,
            self.birth_date,
            self.sex,
            self.club,
        )
    }
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Player {
    /// The player's key.
    pub id: i64,
    /// The key of the player's section.
    pub section: i64,
    /// Pairing number (starting rank).
    pub number: i64,
    /// `Lastname, Firstname`.
    pub name: String,
    /// `m`, `w` or empty.
    pub sex: String,
    /// FIDE title or empty.
    pub title: String,
    /// German national rating (DWZ), if any.
    pub dwz: Option<i64>,
    /// FIDE rating (Elo), if any.
    pub elo: Option<i64>,
    /// Federation code or empty.
    pub federation: String,
    /// FIDE id or empty.
    pub fide_id: String,
    /// `YYYY/MM/DD` or `YYYY`, as in TRF.
    pub birth_date: String,
    /// Club name or empty.
    pub club: String,
    /// First round the player takes part in.
    pub first_round: i64,
    /// Withdrawn after this round (0: before round 1).
    pub withdrawn_after: Option<i64>,
    /// JSON of the domain registration.
    #[serde(skip)]
    pub data: String,
    /// Optimistic-locking version, raised by every update.
    pub version: i64,
}

entity! {
    Player = "player" from "players", columns "" {
        id: "id",
        section: "section_id",
        number: "number",
        name: "name",
        sex: "sex",
        title: "title",
        dwz: "dwz",
        elo: "elo",
        federation: "federation",
        fide_id: "fide_id",
        birth_date: "birth_date",
        club: "club",
        first_round: "first_round",
        withdrawn_after: "withdrawn_after",
        data: "data",
        version: "version",
    }
}

impl Player {
    /// The registration as stored, e.g. to change some fields for [`Store::update_player`].
    pub fn registration(&self) -> NewPlayer {
        NewPlayer {
            name: self.name.clone(),
            sex: self.sex.clone(),
            title: self.title.clone(),
            dwz: self.dwz,
            elo: self.elo,
            federation: self.federation.clone(),
            fide_id: self.fide_id.clone(),
            birth_date: self.birth_date.clone(),
            club: self.club.clone(),
            first_round: self.first_round,
            data: self.data.clone(),
        }
    }

    /// Whether the player is to be paired in `round`.
    pub fn plays_in(&self, round: i64) -> bool {
        round >= self.first_round && self.withdrawn_after.is_none_or(|w| round <= w)
    }
}

impl Store {
    /// Registers a player with the next free pairing number; `first_round` above 1 is a late
    /// entry.
    pub async fn add_player(
        &self,
        by: Option<i64>,
        section: i64,
        p: &NewPlayer,
    ) -> Result<i64, StoreError> {
        let ids = self
            .add_players(by, section, std::slice::from_ref(p))
            .await?;
        ids.first().copied().ok_or(StoreError::NotFound {
            entity: "player",
            id: 0,
        })
    }

    /// Registers several players (an imported list) in one transaction, in order, with the
    /// next free pairing numbers: either all are stored or none. Returns their ids. A first
    /// round that is paired already (by a pairing committed meanwhile) becomes the next
    /// unpaired round, so an acknowledged entry is never left out of a round.
    pub async fn add_players(
        &self,
        by: Option<i64>,
        section: i64,
        players: &[NewPlayer],
    ) -> Result<Vec<i64>, StoreError> {
        self.section(section).await?;
        let mut tx = self.write().await?;
        bump_revision(&mut tx, section).await?;
        let mut ids = Vec::with_capacity(players.len());
        for p in players {
            ids.push(insert_player(&mut tx, by, section, p).await?);
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// The players of a section by pairing number.
    pub async fn players(&self, section: i64) -> Result<Vec<Player>, StoreError> {
        self.list("WHERE section_id = $1 ORDER BY number", &[section])
            .await
    }

    /// One player.
    pub async fn player(&self, id: i64) -> Result<Player, StoreError> {
        self.by_id(id).await
    }

    /// Withdraws a player after round `after` (0: before the first round), or takes a
    /// withdrawal back (`None`); `version` is the version the caller read.
    pub async fn set_withdrawn(
        &self,
        by: Option<i64>,
        player: i64,
        after: Option<i64>,
        version: i64,
    ) -> Result<i64, StoreError> {
        let old = self.player(player).await?;
        if old.version != version {
            return Err(StoreError::Conflict {
                entity: "player",
                id: player,
            });
        }
        let text = |w: Option<i64>| {
            w.map_or("active".to_owned(), |r| {
                format!("withdrawn after round {r}")
            })
        };
        let set = sqlx::query(
            "UPDATE players SET withdrawn_after = $1, version = version + 1 WHERE id = $2 AND version = $3",
        )
        .bind(after);
        let audit = Audit::new(by, "player", player, "withdraw");
        let change = (text(old.withdrawn_after), text(after));
        self.set_player_column(&old, version, set, audit, (&change.0, &change.1))
            .await
    }

    /// Replaces the domain document of a player the caller read at `version` (e.g. requested
    /// byes); `what` describes the change for the audit log. Returns the new version.
    pub async fn update_player_data(
        &self,
        by: Option<i64>,
        player: i64,
        data: &str,
        version: i64,
        what: &str,
    ) -> Result<i64, StoreError> {
        let old = self.player(player).await?;
        let set = sqlx::query(
            "UPDATE players SET data = $1, version = version + 1 WHERE id = $2 AND version = $3",
        )
        .bind(data);
        let audit = Audit::new(by, "player", player, what);
        self.set_player_column(&old, version, set, audit, (&old.data, data))
            .await
    }

    /// Runs `set`, an update of one column of player `old` (new value bound as `$1`, the id and
    /// `version` bound here as `$2` and `$3`), with the audit entry of the change (old and new
    /// value in words) and a new revision of the section. Returns the new version.
    async fn set_player_column(
        &self,
        old: &Player,
        version: i64,
        set: AnyQuery<'_>,
        audit: Audit<'_>,
        (before, after): (&str, &str),
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        change_one(&mut tx, set.bind(old.id).bind(version), "player", old.id).await?;
        audit.write(&mut tx, Some(before), Some(after)).await?;
        bump_revision(&mut tx, old.section).await?;
        tx.commit().await?;
        Ok(version + 1)
    }

    /// Replaces every stored field of a player the caller read at `version` (name, sex,
    /// title, DWZ, Elo, federation, FIDE id, birth date, club and the domain document; the first
    /// round stays, a late entry sets it): [`StoreError::Conflict`] when the player changed
    /// meanwhile. Audited with the old and new fields; returns the new version.
    pub async fn update_player(
        &self,
        by: Option<i64>,
        player: i64,
        p: &NewPlayer,
        version: i64,
    ) -> Result<i64, StoreError> {
        let (old, mut tx) = self.player_change(player).await?;
        replace_player(&mut tx, player, p, version).await?;
        let old_fields = old.registration().summary();
        Audit::new(by, "player", player, "edit")
            .commit(tx, Some(&old_fields), Some(&p.summary()))
            .await?;
        Ok(version + 1)
    }

    /// Deletes a player the caller read at `version`, refused ([`StoreError::Invalid`]) once the
    /// player is in a stored pairing (withdraw instead). Audited; the pairing numbers of the
    /// others stay (they are registration order, not starting ranks). `settings` is a new
    /// settings document of the section stored with it (e.g. the player gone from the fixed
    /// order and the prohibited pairs), `None` to keep it.
    pub async fn delete_player(
        &self,
        by: Option<i64>,
        player: i64,
        version: i64,
        settings: Option<&str>,
    ) -> Result<(), StoreError> {
        let (old, mut tx) = self.player_change(player).await?;
        remove_player(&mut tx, player, version).await?;
        if let Some(data) = settings {
            replace_section_data(&mut tx, by, old.section, data, None, "settings").await?;
        }
        let old_fields = old.registration().summary();
        Audit::new(by, "player", player, "delete")
            .commit(tx, Some(&old_fields), None)
            .await
    }

    /// Merges a duplicate registration into the one kept, both read at the versions given and
    /// in the same section, before either is in a stored pairing: `keep` gets the `merged`
    /// fields (its first round stays) and the duplicate is deleted, in one transaction with an
    /// audit entry for each; `settings` as for [`Store::delete_player`]. Returns the kept
    /// player's new version.
    pub async fn merge_players(
        &self,
        by: Option<i64>,
        keep: Versioned,
        duplicate: Versioned,
        merged: &NewPlayer,
        settings: Option<&str>,
    ) -> Result<i64, StoreError> {
        let dup = self.player(duplicate.id).await?;
        let (old, mut tx) = self.player_change(keep.id).await?;
        if keep.id == duplicate.id || old.section != dup.section {
            return Err(StoreError::Invalid(format!(
                "player {} cannot be merged into player {}: a duplicate is another player of the same section",
                duplicate.id, keep.id
            )));
        }
        remove_player(&mut tx, duplicate.id, duplicate.version).await?;
        unpaired(&mut tx, keep.id).await?;
        replace_player(&mut tx, keep.id, merged, keep.version).await?;
        if let Some(data) = settings {
            replace_section_data(&mut tx, by, old.section, data, None, "settings").await?;
        }
        let (old_fields, dup_fields) = (old.registration().summary(), dup.registration().summary());
        let into = format!("merged into player {}", keep.id);
        Audit::new(by, "player", duplicate.id, "merge")
            .write(&mut tx, Some(&dup_fields), Some(&into))
            .await?;
        let note = format!(
            "{}; merged with player {}: {dup_fields}",
            merged.summary(),
            duplicate.id
        );
        Audit::new(by, "player", keep.id, "merge")
            .commit(tx, Some(&old_fields), Some(&note))
            .await?;
        Ok(keep.version + 1)
    }

    /// A change of a stored player begins: the player as stored and the write transaction,
    /// in which the section's revision is already raised.
    async fn player_change(
        &self,
        player: i64,
    ) -> Result<(Player, Transaction<'static, Any>), StoreError> {
        let old = self.player(player).await?;
        let mut tx = self.write().await?;
        bump_revision(&mut tx, old.section).await?;
        Ok((old, tx))
    }
}

/// Inserts one player with the next free pairing number of the section, from its first round
/// or the next unpaired one, with its audit row; the section is locked ([`bump_revision`]).
async fn insert_player(
    tx: &mut Transaction<'static, Any>,
    by: Option<i64>,
    section: i64,
    p: &NewPlayer,
) -> Result<i64, StoreError> {
    let unpaired = count(
        tx,
        sqlx::query("SELECT COALESCE(MAX(number), 0) + 1 AS n FROM rounds WHERE section_id = $1")
            .bind(section),
    )
    .await?;
    let first_round = p.first_round.max(unpaired);
    let number = count(
        tx,
        sqlx::query("SELECT COALESCE(MAX(number), 0) + 1 AS n FROM players WHERE section_id = $1")
            .bind(section),
    )
    .await?;
    let insert = sqlx::query(
        "INSERT INTO players (name, sex, title, dwz, elo, federation, fide_id, birth_date, club,
         data, section_id, number, first_round)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
    );
    let insert = p
        .bind_fields(insert)
        .bind(section)
        .bind(number)
        .bind(first_round);
    let id = insert_id(tx, insert).await?;
    let registered = format!("{}, from round {first_round}", p.summary());
    Audit::new(by, "player", id, "register")
        .write(tx, None, Some(&registered))
        .await?;
    Ok(id)
}

/// Writes every edited field of a player still at `version` ([`Store::update_player`]).
async fn replace_player(
    tx: &mut Transaction<'static, Any>,
    player: i64,
    p: &NewPlayer,
    version: i64,
) -> Result<(), StoreError> {
    let update = sqlx::query(
        "UPDATE players SET name = $1, sex = $2, title = $3, dwz = $4, elo = $5, federation = $6,
         fide_id = $7, birth_date = $8, club = $9, data = $10, version = version + 1
         WHERE id = $11 AND version = $12",
    );
    let update = p.bind_fields(update).bind(player).bind(version);
    change_one(tx, update, "player", player).await
}

/// [`StoreError::Invalid`] once a player is in a stored pairing (of any round, published or
/// not): the player's games and the later pairings depend on the registration.
async fn unpaired(tx: &mut Transaction<'static, Any>, player: i64) -> Result<(), StoreError> {
    let rounds: AnyRow = sqlx::query(
        "SELECT COUNT(*) AS n, MIN(r.number) AS first FROM games g JOIN rounds r ON r.id = g.round_id
         WHERE g.white_id = $1 OR g.black_id = $1",
    )
    .bind(player)
    .fetch_one(&mut **tx)
    .await?;
    if get::<i64>(&rounds, "n")? > 0 {
        let first: i64 = get(&rounds, "first")?;
        return Err(StoreError::Invalid(format!(
            "player {player} is paired in round {first}: a paired player is withdrawn, not deleted or merged"
        )));
    }
    Ok(())
}

/// Deletes a player still at `version` and in no stored pairing ([`unpaired`]).
async fn remove_player(
    tx: &mut Transaction<'static, Any>,
    player: i64,
    version: i64,
) -> Result<(), StoreError> {
    unpaired(tx, player).await?;
    let delete = sqlx::query("DELETE FROM players WHERE id = $1 AND version = $2")
        .bind(player)
        .bind(version);
    change_one(tx, delete, "player", player).await
}
