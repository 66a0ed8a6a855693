//! Minimum-cost assignment (the Hungarian method with potentials, Kuhn 1955 and Munkres 1957):
//! the exact lower bounds of the Dutch engine for the counted criteria C10-C17 (C.04.3).
//!
//! A cost is `None` where the assignment is forbidden (the absolute criteria C1-C3).

/// Larger than any sum of costs the engine builds: the distance of an unreachable column.
const UNREACHABLE: i128 = i128::MAX / 4;

/// The least total cost of assigning every one of `rows` rows to a distinct column of
/// `columns` (`rows <= columns`), `cost(row, column)` each; `None` if no assignment exists.
pub(crate) fn minimum_cost(
    rows: usize,
    columns: usize,
    cost: impl Fn(usize, usize) -> Option<i128>,
) -> Option<i128> {
    if rows > columns {
        return None;
    }
    let matrix: Vec<Option<i128>> = (0..rows)
        .flat_map(|r| (0..columns).map(move |c| (r, c)))
        .map(|(r, c)| cost(r, c))
        .collect();
    // 1-based: column 0 is the free row's virtual start.
    let mut row_potential = vec![0i128; rows + 1];
    let mut column_potential = vec![0i128; columns + 1];
    let mut owner = vec![0usize; columns + 1];
    let mut way = vec![0usize; columns + 1];
    let mut distance = vec![UNREACHABLE; columns + 1];
    let mut done = vec![false; columns + 1];
    for row in 1..=rows {
        owner[0] = row;
        let mut column = 0;
        distance.fill(UNREACHABLE);
        done.fill(false);
        loop {
            done[column] = true;
            let r = owner[column];
            let (mut delta, mut next) = (UNREACHABLE, 0);
            for c in 1..=columns {
                if done[c] {
                    continue;
                }
                if let Some(w) = matrix[(r - 1) * columns + c - 1] {
                    let reduced = w - row_potential[r] - column_potential[c];
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
                return None;
            }
            for c in 0..=columns {
                if done[c] {
                    row_potential[owner[c]] += delta;
                    column_potential[c] -= delta;
                } else if distance[c] < UNREACHABLE / 2 {
                    distance[c] -= delta;
                }
            }
            column = next;
            if owner[column] == 0 {
                break;
            }
        }
        while column != 0 {
            let previous = way[column];
            owner[column] = owner[previous];
            column = previous;
        }
    }
    (1..=columns)
        .filter(|&c| owner[c] != 0)
        .map(|c| matrix[(owner[c] - 1) * columns + c - 1])
        .sum()
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
                minimum_cost(rows, columns, |r, c| m[r][c]),
                brute_force(rows, columns, &m),
                "{m:?}"
            );
        }
    }
}
