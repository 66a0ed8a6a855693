//! Minimum-cost assignment (the Hungarian method with potentials, Kuhn 1955 and Munkres 1957):
//! the exact lower bounds of the Dutch engine for the counted criteria C10-C17 (C.04.3).
//!
//! A cost is `None` where the assignment is forbidden (the absolute criteria C1-C3).

/// Larger than any sum of costs the engine builds: the distance of an unreachable column.
const UNREACHABLE: i128 = i128::MAX / 4;

/// The arithmetic of an assignment left the range of `i128` (costs too large): the
/// assignment is not computed, and a caller uses no bound from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Overflow;

/// The least total cost of assigning every one of `rows` rows to a distinct column of
/// `columns` (`rows <= columns`), `cost(row, column)` each; `None` if no assignment exists.
/// The costs are read once; the assignment is [`Incremental`]'s, spare rows costing nothing.
pub(crate) fn minimum_cost(
    rows: usize,
    columns: usize,
    cost: impl Fn(usize, usize) -> Option<i128>,
) -> Result<Option<i128>, Overflow> {
    let matrix: Vec<Option<i128>> = (0..rows)
        .flat_map(|r| (0..columns).map(move |c| (r, c)))
        .map(|(r, c)| cost(r, c))
        .collect();
    let cost = |row: Option<usize>, column: usize| match row {
        Some(r) => matrix[r * columns + column],
        None => Some(0),
    };
    match Incremental::new(rows, &vec![true; columns], &cost)? {
        Some(solution) => solution.total(&cost),
        None => Ok(None),
    }
}

/// A minimum-cost assignment kept optimal while rows and columns are taken out, for a search
/// that pairs one row at a time: the least cost, found again by one shortest augmenting path
/// per removal instead of a new solution.
///
/// The real rows must each take a distinct column; every column left over is taken by a
/// spare row at the cost `cost(None, column)`, so the problem is square and its potentials
/// stay feasible when a row and a column are removed (Hungarian method, Kuhn 1955).
#[derive(Clone)]
pub(crate) struct Incremental {
    /// Real rows are `1..=real`, spare rows above; indices are 1-based, column 0 is virtual.
    real: usize,
    column_alive: Vec<bool>,
    row_potential: Vec<i128>,
    column_potential: Vec<i128>,
    /// The row holding each column (0: none), and the column of each row.
    owner: Vec<usize>,
    column_of: Vec<usize>,
}

/// A cost: `(Some(row), column)` for a real row, `(None, column)` for a spare row.
pub(crate) type Cost<'a> = dyn Fn(Option<usize>, usize) -> Option<i128> + 'a;

fn add(a: i128, b: i128) -> Result<i128, Overflow> {
    a.checked_add(b).ok_or(Overflow)
}

fn sub(a: i128, b: i128) -> Result<i128, Overflow> {
    a.checked_sub(b).ok_or(Overflow)
}

impl Incremental {
    /// The least-cost assignment of `rows` real rows (0-based) to the live columns (0-based
    /// positions where `alive` is true); `None` if there is none.
    ///
    /// Start: each row's potential is its least cost, and a row takes the first free column
    /// at that cost (the reduced cost 0); the other rows by shortest augmenting paths.
    pub(crate) fn new(
        rows: usize,
        alive: &[bool],
        cost: &Cost,
    ) -> Result<Option<Incremental>, Overflow> {
        let live = alive.iter().filter(|a| **a).count();
        if rows > live {
            return Ok(None);
        }
        let columns = alive.len();
        let mut column_alive = vec![false; columns + 1];
        column_alive[1..].copy_from_slice(alive);
        let mut solution = Incremental {
            real: rows,
            column_alive,
            row_potential: vec![0; live + 1],
            column_potential: vec![0; columns + 1],
            owner: vec![0; columns + 1],
            column_of: vec![0; live + 1],
        };
        for row in 1..=live {
            solution.start(row, cost)?;
        }
        for row in 1..=live {
            if solution.column_of[row] == 0 && !solution.augment(row, cost)? {
                return Ok(None);
            }
        }
        Ok(Some(solution))
    }

    /// The greedy start of `row`: its least cost as its potential, and the first free live
    /// column at that cost, if any.
    fn start(&mut self, row: usize, cost: &Cost) -> Result<(), Overflow> {
        let real = self.real_row(row);
        let live = (1..self.owner.len()).filter(|&c| self.column_alive[c]);
        let costs: Vec<(usize, i128)> = live
            .filter_map(|c| cost(real, c - 1).map(|w| (c, w)))
            .collect();
        let Some(least) = costs.iter().map(|&(_, w)| w).min() else {
            return Ok(());
        };
        if least >= UNREACHABLE / 2 || least <= -UNREACHABLE / 2 {
            return Err(Overflow);
        }
        self.row_potential[row] = least;
        if let Some(&(c, _)) = costs
            .iter()
            .find(|&&(c, w)| w == least && self.owner[c] == 0)
        {
            self.owner[c] = row;
            self.column_of[row] = c;
        }
        Ok(())
    }

    /// Takes out real row `row` and column `column` (0-based, both still in): the optimum of
    /// the rest, or false if the rest has no assignment.
    pub(crate) fn remove(
        &mut self,
        row: usize,
        column: usize,
        cost: &Cost,
    ) -> Result<bool, Overflow> {
        let (r, c) = (row + 1, column + 1);
        let (held, holder) = (self.column_of[r], self.owner[c]);
        self.column_alive[c] = false;
        self.owner[c] = 0;
        self.column_of[r] = 0;
        if held == c {
            return Ok(true);
        }
        // The row that held the column looks for the one the removed row leaves free.
        self.owner[held] = 0;
        self.column_of[holder] = 0;
        self.augment(holder, cost)
    }

    /// The cost of the assignment (`None` if a cost of it is `None`).
    pub(crate) fn total(&self, cost: &Cost) -> Result<Option<i128>, Overflow> {
        let mut total = 0i128;
        for c in (1..self.owner.len()).filter(|&c| self.column_alive[c]) {
            let Some(w) = cost(self.real_row(self.owner[c]), c - 1) else {
                return Ok(None);
            };
            total = add(total, w)?;
        }
        Ok(Some(total))
    }

    fn real_row(&self, row: usize) -> Option<usize> {
        (row <= self.real).then(|| row - 1)
    }

    /// One shortest augmenting path from the free `row` to a free column, with the
    /// potentials kept feasible (Dijkstra on the reduced costs): false if there is none.
    /// Every sum is checked; the distances stay below [`UNREACHABLE`].
    fn augment(&mut self, row: usize, cost: &Cost) -> Result<bool, Overflow> {
        let columns = self.owner.len() - 1;
        let mut distance = vec![UNREACHABLE; columns + 1];
        let mut done = vec![false; columns + 1];
        let mut way = vec![0usize; columns + 1];
        self.owner[0] = row;
        let mut column = 0;
        loop {
            done[column] = true;
            let r = self.owner[column];
            let real = self.real_row(r);
            let (mut delta, mut next) = (UNREACHABLE, 0);
            for c in 1..=columns {
                if done[c] || !self.column_alive[c] {
                    continue;
                }
                if let Some(w) = cost(real, c - 1) {
                    let reduced = sub(sub(w, self.row_potential[r])?, self.column_potential[c])?;
                    if reduced >= UNREACHABLE / 2 {
                        return Err(Overflow);
                    }
                    if reduced < distance[c] {
                        distance[c] = reduced;
                        way[c] = column;
                    }
                }
                if distance[c] < delta {
                    delta = distance[c];
                    next = c;
                }
            }
            if next == 0 || delta >= UNREACHABLE / 2 {
                return Ok(false);
            }
            for c in 0..=columns {
                if done[c] {
                    self.row_potential[self.owner[c]] =
                        add(self.row_potential[self.owner[c]], delta)?;
                    self.column_potential[c] = sub(self.column_potential[c], delta)?;
                } else if distance[c] < UNREACHABLE / 2 {
                    distance[c] -= delta;
                }
            }
            column = next;
            if self.owner[column] == 0 {
                break;
            }
        }
        while column != 0 {
            let previous = way[column];
            self.owner[column] = self.owner[previous];
            self.column_of[self.owner[column]] = column;
            column = previous;
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_force(rows: usize, columns: usize, m: &[Vec<Option<i128>>]) -> Option<i128> {
        fn go(r: usize, used: &mut Vec<bool>, m: &[Vec<Option<i128>>]) -> Option<i128> {
            if r == m.len() {
                return Some(0);
            }
            let mut best = None;
            for c in 0..used.len() {
                if used[c] {
                    continue;
                }
                let Some(w) = m[r][c] else { continue };
                used[c] = true;
                if let Some(rest) = go(r + 1, used, m) {
                    best = Some(best.map_or(w + rest, |b: i128| b.min(w + rest)));
                }
                used[c] = false;
            }
            best
        }
        let _ = rows;
        go(0, &mut vec![false; columns], m)
    }

    #[test]
    fn h13_incremental_assignment_keeps_the_minimum_as_rows_and_columns_go() {
        let mut seed = 777u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as i128
        };
        for _ in 0..300 {
            let rows = 1 + (next() % 6) as usize;
            let columns = rows + (next() % 3) as usize;
            let m: Vec<Vec<Option<i128>>> = (0..rows)
                .map(|_| {
                    (0..columns)
                        .map(|_| (next() % 4 != 0).then(|| next() % 20))
                        .collect()
                })
                .collect();
            let spare: Vec<i128> = (0..columns).map(|_| next() % 20).collect();
            let cost = |r: Option<usize>, c: usize| match r {
                Some(r) => m[r][c],
                None => Some(spare[c]),
            };
            // The same problem as rectangular costs: row cost less the column's spare cost.
            let exact = |from: usize, alive: &[bool]| {
                let cols: Vec<usize> = (0..columns).filter(|&c| alive[c]).collect();
                let base: i128 = cols.iter().map(|&c| spare[c]).sum();
                minimum_cost(rows - from, cols.len(), |r, k| {
                    m[from + r][cols[k]].map(|w| w - spare[cols[k]])
                })
                .unwrap()
                .map(|v| v + base)
            };
            let mut alive = vec![true; columns];
            let Some(mut solution) = Incremental::new(rows, &alive, &cost).unwrap() else {
                assert_eq!(exact(0, &alive), None, "{m:?}");
                continue;
            };
            assert_eq!(solution.total(&cost).unwrap(), exact(0, &alive), "{m:?}");
            for row in 0..rows {
                let candidates: Vec<usize> = (0..columns)
                    .filter(|&c| alive[c] && m[row][c].is_some())
                    .collect();
                let Some(&column) = candidates.get((next() as usize) % candidates.len().max(1))
                else {
                    break;
                };
                alive[column] = false;
                let kept = solution.remove(row, column, &cost).unwrap();
                let want = exact(row + 1, &alive);
                if !kept {
                    assert_eq!(want, None, "{m:?}");
                    break;
                }
                assert_eq!(
                    solution.total(&cost).unwrap(),
                    want,
                    "{m:?} row {row} column {column}"
                );
            }
        }
    }

    #[test]
    fn h13_assignment_is_the_minimum_of_every_assignment() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as i128
        };
        for _ in 0..400 {
            let rows = (next() % 6) as usize;
            let columns = rows + (next() % 3) as usize;
            let m: Vec<Vec<Option<i128>>> = (0..rows)
                .map(|_| {
                    (0..columns)
                        .map(|_| (next() % 4 != 0).then(|| next() % 20))
                        .collect()
                })
                .collect();
            assert_eq!(
                minimum_cost(rows, columns, |r, c| m[r][c]).unwrap(),
                brute_force(rows, columns, &m),
                "{m:?}"
            );
        }
    }

    #[test]
    fn h13_assignment_overflow_is_an_error_not_a_wrong_minimum() {
        // 200 rows that each must take a cost of 2^120: the sum leaves i128.
        let big = 1i128 << 120;
        assert_eq!(minimum_cost(200, 200, |_, _| Some(big)), Err(Overflow));
        // A cost beyond the distances' range that must be taken.
        assert_eq!(
            minimum_cost(2, 2, |r, c| (r == 0 || c == 1).then_some(i128::MAX / 2)),
            Err(Overflow)
        );
        // Below it, the minimum.
        assert_eq!(
            minimum_cost(3, 3, |r, c| Some(if r == c { big } else { big + 1 })),
            Ok(Some(3 * big))
        );
    }
}
