//! Maximum-cardinality matching in general graphs (Edmonds' blossom algorithm).
//!
//! Used to decide the completion criterion (C4): whether the players still to be
//! paired admit a pairing that respects the absolute criteria. [`Graph`] holds adjacency
//! lists; [`SubsetGraph`] reads the neighbours of a subset of players straight from the
//! compatibility bit rows, so a completion check builds no graph.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// Neighbour enumeration for the blossom search.
pub(crate) trait Neighbours {
    /// Number of vertex indices (vertices are `0..len()`, some possibly unused).
    fn len(&self) -> usize;
    /// Replaces `out` with the neighbours of `v`.
    fn neighbours(&self, v: usize, out: &mut Vec<usize>);
}

/// An undirected graph on vertices `0..n` given by adjacency lists.
pub(crate) struct Graph {
    adjacency: Vec<Vec<usize>>,
}

impl Graph {
    pub(crate) fn new(n: usize) -> Graph {
        Graph {
            adjacency: vec![Vec::new(); n],
        }
    }

    pub(crate) fn add_edge(&mut self, a: usize, b: usize) {
        self.adjacency[a].push(b);
        self.adjacency[b].push(a);
    }

    /// The size of a maximum matching.
    pub(crate) fn maximum_matching(&self) -> usize {
        let vertices: Vec<usize> = (0..self.len()).collect();
        maximum_matching(self, &vertices)
    }

    /// The vertices left unmatched by one maximum matching.
    pub(crate) fn unmatched(&self) -> Vec<usize> {
        let vertices: Vec<usize> = (0..self.len()).collect();
        let mate = mates(self, &vertices);
        vertices.into_iter().filter(|&v| mate[v] == NONE).collect()
    }
}

impl Neighbours for Graph {
    fn len(&self) -> usize {
        self.adjacency.len()
    }

    fn neighbours(&self, v: usize, out: &mut Vec<usize>) {
        out.clear();
        out.extend_from_slice(&self.adjacency[v]);
    }
}

/// The subgraph induced by `members` of a graph given by symmetric bit rows (`rows[a]` has
/// bit `b` set when `a` and `b` are adjacent), plus an optional extra vertex `rows.len()`
/// adjacent to the members flagged in `extra`.
pub(crate) struct SubsetGraph<'a> {
    rows: &'a [Vec<u64>],
    mask: Vec<u64>,
    extra: Option<&'a [bool]>,
}

impl<'a> SubsetGraph<'a> {
    pub(crate) fn new(rows: &'a [Vec<u64>], members: &[usize], extra: Option<&'a [bool]>) -> Self {
        let mut mask = vec![0u64; rows.len().div_ceil(64)];
        for &m in members {
            mask[m / 64] |= 1 << (m % 64);
        }
        SubsetGraph { rows, mask, extra }
    }

    /// Whether the members, with the extra vertex if given, can all be matched.
    pub(crate) fn is_perfect(&self, members: &[usize]) -> bool {
        let mut vertices = members.to_vec();
        if self.extra.is_some() {
            vertices.push(self.rows.len());
        }
        maximum_matching(self, &vertices) * 2 == vertices.len()
    }
}

impl Neighbours for SubsetGraph<'_> {
    fn len(&self) -> usize {
        self.rows.len() + 1
    }

    fn neighbours(&self, v: usize, out: &mut Vec<usize>) {
        out.clear();
        let n = self.rows.len();
        if v == n {
            if let Some(extra) = self.extra {
                out.extend((0..n).filter(|&i| extra[i] && self.mask[i / 64] >> (i % 64) & 1 == 1));
            }
            return;
        }
        for (w, (&row, &mask)) in self.rows[v].iter().zip(&self.mask).enumerate() {
            let mut bits = row & mask;
            while bits != 0 {
                out.push(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        if self.extra.is_some_and(|extra| extra[v]) {
            out.push(n);
        }
    }
}

/// The size of a maximum matching among `vertices` (every neighbour reported for them must
/// be one of them).
fn maximum_matching(graph: &impl Neighbours, vertices: &[usize]) -> usize {
    let mate = mates(graph, vertices);
    vertices.iter().filter(|&&v| mate[v] != NONE).count() / 2
}

/// The mate of every vertex in one maximum matching among `vertices`, `NONE` if unmatched.
fn mates(graph: &impl Neighbours, vertices: &[usize]) -> Vec<usize> {
    let mut mate = vec![NONE; graph.len()];
    let mut scratch = Vec::new();
    // Greedy start: most vertices are matched without any search.
    for &v in vertices {
        if mate[v] != NONE {
            continue;
        }
        graph.neighbours(v, &mut scratch);
        if let Some(&w) = scratch.iter().find(|&&w| mate[w] == NONE && w != v) {
            mate[v] = w;
            mate[w] = v;
        }
    }
    let mut search = Search::new(graph.len());
    for &root in vertices {
        if mate[root] == NONE {
            search.augment_from(graph, &mut mate, root);
        }
    }
    mate
}

struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Search {
    fn new(n: usize) -> Search {
        Search {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    fn lowest_common_ancestor(&self, mate: &[usize], mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; mate.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[mate[b]];
        }
    }

    fn mark_path(&mut self, mate: &[usize], mut v: usize, base: usize, mut child: usize) {
        while self.base[v] != base {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// Searches an augmenting path from the free vertex `root` and applies it.
    fn augment_from(&mut self, graph: &impl Neighbours, mate: &mut [usize], root: usize) -> bool {
        let n = graph.len();
        let mut neighbours = Vec::new();
        self.parent.fill(NONE);
        self.used.fill(false);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.queue.clear();
        self.used[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            graph.neighbours(v, &mut neighbours);
            for &to in &neighbours {
                if self.base[v] == self.base[to] || mate[v] == to {
                    continue;
                }
                if to == root || (mate[to] != NONE && self.parent[mate[to]] != NONE) {
                    let current = self.lowest_common_ancestor(mate, v, to);
                    self.blossom.fill(false);
                    self.mark_path(mate, v, current, to);
                    self.mark_path(mate, to, current, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = current;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if mate[to] == NONE {
                        let mut u = to;
                        while u != NONE {
                            let pv = self.parent[u];
                            let next = mate[pv];
                            mate[u] = pv;
                            mate[pv] = u;
                            u = next;
                        }
                        return true;
                    }
                    self.used[mate[to]] = true;
                    self.queue.push_back(mate[to]);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_force(n: usize, edges: &[(usize, usize)]) -> usize {
        let mut best = 0;
        for mask in 0u32..(1 << edges.len()) {
            let mut used = vec![false; n];
            let mut ok = true;
            let mut count = 0;
            for (i, &(a, b)) in edges.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    if used[a] || used[b] {
                        ok = false;
                        break;
                    }
                    used[a] = true;
                    used[b] = true;
                    count += 1;
                }
            }
            if ok {
                best = best.max(count);
            }
        }
        best
    }

    #[test]
    fn odd_cycle_blossom_is_augmented_through() {
        // A triangle 0-1-2 with a tail 2-3 and 0-4: greedy matches 0-1, 2-3 and misses 4.
        let mut g = Graph::new(5);
        for (a, b) in [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4)] {
            g.add_edge(a, b);
        }
        assert_eq!(g.maximum_matching(), 2);
        let mut g = Graph::new(6);
        for (a, b) in [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (1, 5)] {
            g.add_edge(a, b);
        }
        assert_eq!(g.maximum_matching(), 3);
    }

    #[test]
    fn agrees_with_brute_force_on_pseudo_random_graphs() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..300 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let n = 2 + (state % 8) as usize;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    if state.is_multiple_of(3) && edges.len() < 14 {
                        edges.push((a, b));
                    }
                }
            }
            let mut g = Graph::new(n);
            for &(a, b) in &edges {
                g.add_edge(a, b);
            }
            assert_eq!(
                g.maximum_matching(),
                brute_force(n, &edges),
                "{n} {edges:?}"
            );
        }
    }
}
