//! One way from a table row to a typed value ([`Entity`], implemented per row type by
//! [`entity!`] from one field-to-column table), and the shapes every entity's queries share: by
//! id, a list, an insert returning the key, a count, and a compare-and-set update.

use std::fmt::Display;
use std::str::FromStr;

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, Row, Transaction};

use crate::{Store, StoreError};

/// A query with its bound arguments, ready to run on the pool or in a transaction.
pub(crate) type AnyQuery<'q> = Query<'q, Any, AnyArguments<'q>>;

/// A row and the version the caller read it at (optimistic locking).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Versioned {
    /// The row's key.
    pub id: i64,
    /// The version the caller read.
    pub version: i64,
}

/// A value stored as one row of a table: where it is read from and how a row maps to it.
pub(crate) trait Entity: Sized {
    /// The entity's name in errors ([`StoreError::NotFound`]).
    const NAME: &'static str;
    /// The columns [`Entity::from_row`] reads, as written in a `SELECT`.
    const COLUMNS: &'static str;
    /// The table, with an alias when the columns use one.
    const FROM: &'static str;
    /// The key column, in the terms of [`Entity::COLUMNS`].
    const KEY: &'static str = "id";

    /// The value of a row with [`Entity::COLUMNS`].
    fn from_row(r: &AnyRow) -> Result<Self, StoreError>;

    /// `SELECT` of the columns from the table, followed by `tail` (`WHERE ... ORDER BY ...`).
    fn select(tail: &str) -> String {
        format!("SELECT {} FROM {} {tail}", Self::COLUMNS, Self::FROM)
    }
}

/// The value of a column in a row of the store: how [`entity!`] reads each field.
pub(crate) trait Column: Sized {
    /// The value of column `column` of `row`.
    fn read(row: &AnyRow, column: &str) -> Result<Self, StoreError>;
}

impl Column for i64 {
    fn read(row: &AnyRow, column: &str) -> Result<i64, StoreError> {
        get(row, column)
    }
}

impl Column for Option<i64> {
    fn read(row: &AnyRow, column: &str) -> Result<Option<i64>, StoreError> {
        get(row, column)
    }
}

impl Column for String {
    fn read(row: &AnyRow, column: &str) -> Result<String, StoreError> {
        get(row, column)
    }
}

impl Column for bool {
    /// A `0`/`1` flag.
    fn read(row: &AnyRow, column: &str) -> Result<bool, StoreError> {
        Ok(get::<i64>(row, column)? != 0)
    }
}

/// A column holding the text of a `T` (a role, a result code), [`StoreError::Invalid`] when
/// the text is not one.
pub(crate) fn parsed<T: FromStr>(row: &AnyRow, column: &str) -> Result<T, StoreError>
where
    T::Err: Display,
{
    get::<String>(row, column)?
        .parse()
        .map_err(|e: T::Err| StoreError::Invalid(e.to_string()))
}

/// Implements [`Entity`] for a struct from one `field: "column"` pair per field, each read
/// with [`Column`]: the `SELECT` list and the mapping come from the same pairs, so they cannot
/// drift apart. `columns` is the prefix of every column (the table's alias with a dot, or
/// empty); `key` the key column when it is not `id`.
macro_rules! entity {
    (
        $ty:ident = $name:literal from $from:literal, $(key $key:literal,)? columns $prefix:literal {
            $f0:ident: $c0:literal $(, $f:ident: $c:literal)* $(,)?
        }
    ) => {
        impl $crate::row::Entity for $ty {
            const NAME: &'static str = $name;
            const COLUMNS: &'static str = concat!($prefix, $c0 $(, ", ", $prefix, $c)*);
            const FROM: &'static str = $from;
            $(const KEY: &'static str = $key;)?

            fn from_row(r: &sqlx::any::AnyRow) -> Result<$ty, $crate::StoreError> {
                use $crate::row::Column;
                Ok($ty {
                    $f0: Column::read(r, $c0)?,
                    $($f: Column::read(r, $c)?,)*
                })
            }
        }
    };
}
pub(crate) use entity;

/// The value of column `column` of a row.
pub(crate) fn get<'r, T: sqlx::Decode<'r, Any> + sqlx::Type<Any>>(
    row: &'r AnyRow,
    column: &str,
) -> Result<T, StoreError> {
    Ok(row.try_get(column)?)
}

impl Store {
    /// The row of `sql` (a `... WHERE key = $1` query) with key `id`, if there is one.
    pub(crate) async fn row(&self, sql: &str, id: i64) -> Result<Option<AnyRow>, StoreError> {
        Ok(sqlx::query(sql).bind(id).fetch_optional(&self.pool).await?)
    }

    /// The row of `sql` with key `id`, or [`StoreError::NotFound`] naming `entity`.
    pub(crate) async fn row_by_id(
        &self,
        sql: &str,
        entity: &'static str,
        id: i64,
    ) -> Result<AnyRow, StoreError> {
        self.row(sql, id)
            .await?
            .ok_or(StoreError::NotFound { entity, id })
    }

    /// The entity with key `id`, if there is one.
    pub(crate) async fn find<T: Entity>(&self, id: i64) -> Result<Option<T>, StoreError> {
        let sql = T::select(&format!("WHERE {} = $1", T::KEY));
        self.row(&sql, id)
            .await?
            .map(|r| T::from_row(&r))
            .transpose()
    }

    /// The entity with key `id`, or [`StoreError::NotFound`].
    pub(crate) async fn by_id<T: Entity>(&self, id: i64) -> Result<T, StoreError> {
        self.find(id).await?.ok_or(StoreError::NotFound {
            entity: T::NAME,
            id,
        })
    }

    /// The entities `tail` selects (`WHERE ... ORDER BY ...`), its `$1`, `$2`, ... bound to
    /// `keys` in order.
    pub(crate) async fn list<T: Entity>(
        &self,
        tail: &str,
        keys: &[i64],
    ) -> Result<Vec<T>, StoreError> {
        let sql = T::select(tail);
        let query = keys
            .iter()
            .fold(sqlx::query(&sql), |query, key| query.bind(*key));
        query
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(T::from_row)
            .collect()
    }
}

/// Runs a `SELECT COUNT(*) AS n ...` (or another query of one row with a number `n`) inside a
/// transaction.
pub(crate) async fn count(
    tx: &mut Transaction<'static, Any>,
    query: AnyQuery<'_>,
) -> Result<i64, StoreError> {
    let row: AnyRow = query.fetch_one(&mut **tx).await?;
    Ok(row.try_get("n")?)
}

/// Runs an `INSERT ... RETURNING id`.
pub(crate) async fn insert_id(
    tx: &mut Transaction<'static, Any>,
    query: AnyQuery<'_>,
) -> Result<i64, StoreError> {
    let row: AnyRow = query.fetch_one(&mut **tx).await?;
    Ok(row.try_get("id")?)
}

/// Runs an `UPDATE` or `DELETE` of one row guarded by what the caller read (its version or
/// state): [`StoreError::Conflict`] naming `entity` and `id` unless exactly one row changed.
pub(crate) async fn change_one(
    tx: &mut Transaction<'static, Any>,
    query: AnyQuery<'_>,
    entity: &'static str,
    id: i64,
) -> Result<(), StoreError> {
    if query.execute(&mut **tx).await?.rows_affected() != 1 {
        return Err(StoreError::Conflict { entity, id });
    }
    Ok(())
}

/// A unique-constraint violation as [`StoreError::Duplicate`] naming `what`.
pub(crate) fn duplicate(e: StoreError, what: &str) -> StoreError {
    match e {
        StoreError::Database(sqlx::Error::Database(d)) if d.is_unique_violation() => {
            StoreError::Duplicate(what.to_owned())
        }
        e => e,
    }
}
