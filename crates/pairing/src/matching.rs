//! Maximum-cardinality matching in general graphs (Edmonds' blossom algorithm).
//!
//! Used to decide the completion criterion (C4): whether the players still to be
//! paired admit a pairing that respects the absolute criteria. [`Graph`] holds adjacency
//! lists; [`SubsetGraph`] reads the neighbours of a subset of players straight from the
//! compatibility bit rows, so a completion check builds no graph.

use std::collections::VecDeque;

/// The mate of an unmatched vertex.
pub(crate) const NONE: usize = usize::MAX;

/// Neighbour enumeration for the blossom search.
pub(crate) trait Neighbours {
    /// Number of vertex indices (vertices are `0..len()`, some possibly unused).
    fn len(&self) -> usize;
    /// Replaces `out` with the neighbours of `v`.
    fn neighbours(&self, v: usize, out: &mut Vec<usize>);
    /// The first neighbour of `v`, in the order of [`Self::neighbours`], other than `v` and
    /// set in the bit set `free`.
    fn first_free(&self, v: usize, free: &[u64]) -> Option<usize>;
}

/// Whether bit `i` of a bit set is set.
fn bit(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

/// The 64 bits of `bits` from bit `start` on (zeros beyond its end).
fn bits_from(bits: &[u64], start: usize) -> u64 {
    let (word, shift) = (start / 64, start % 64);
    let low = bits.get(word).copied().unwrap_or(0) >> shift;
    match shift {
        0 => low,
        _ => low | bits.get(word + 1).copied().unwrap_or(0) << (64 - shift),
    }
}

/// The first set bit of `row & mask & free` (a mask of `None`: every bit) other than `skip`,
/// the bits of `free` taken from bit `offset` on.
fn first_common(
    row: &[u64],
    mask: Option<&[u64]>,
    free: &[u64],
    offset: usize,
    skip: usize,
) -> Option<usize> {
    for (w, &r) in row.iter().enumerate() {
        let mut bits = r & bits_from(free, offset + w * 64);
        if let Some(mask) = mask {
            bits &= mask[w];
        }
        if skip / 64 == w {
            bits &= !(1 << (skip % 64));
        }
        if bits != 0 {
            return Some(w * 64 + bits.trailing_zeros() as usize);
        }
    }
    None
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
}

impl Neighbours for Graph {
    fn len(&self) -> usize {
        self.adjacency.len()
    }

    fn neighbours(&self, v: usize, out: &mut Vec<usize>) {
        out.clear();
        out.extend_from_slice(&self.adjacency[v]);
    }

    fn first_free(&self, v: usize, free: &[u64]) -> Option<usize> {
        self.adjacency[v]
            .iter()
            .copied()
            .find(|&w| w != v && bit(free, w))
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
        self.is_perfect_from(members, vec![NONE; self.len()])
    }

    /// [`Self::is_perfect`], found from `start`: a matching among the members (the mate of
    /// each vertex, [`NONE`] if unmatched), for instance a maximum one of some of them. Each
    /// free vertex is then matched by an augmenting path if it has one, so the result is the
    /// same from any start.
    pub(crate) fn is_perfect_from(&self, members: &[usize], start: Vec<usize>) -> bool {
        let mut vertices = members.to_vec();
        if self.extra.is_some() {
            vertices.push(self.rows.len());
        }
        let mut mate = start;
        greedy(self, &vertices, &mut mate);
        // The searches start from the free vertex with the fewest neighbours: its search tree
        // meets a vertex adjacent to a free one soonest. A vertex without an augmenting path
        // never gets one later (Edmonds 1965): it stays unmatched, so it decides.
        let mut roots: Vec<(usize, usize)> = vertices
            .iter()
            .filter(|&&v| mate[v] == NONE)
            .map(|&v| (self.degree(v), v))
            .collect();
        roots.sort_unstable();
        let mut search = Search::new(self.len());
        roots
            .iter()
            .all(|&(_, root)| mate[root] != NONE || search.augment_from(self, &mut mate, root))
    }

    /// The number of neighbours of `v`.
    fn degree(&self, v: usize) -> usize {
        let n = self.rows.len();
        match self.extra {
            _ if v < n => {
                let row = &self.rows[v];
                let inside: u32 = row
                    .iter()
                    .zip(&self.mask)
                    .map(|(r, m)| (r & m).count_ones())
                    .sum();
                inside as usize + usize::from(self.extra.is_some_and(|extra| extra[v]))
            }
            Some(extra) => (0..n).filter(|&i| extra[i] && bit(&self.mask, i)).count(),
            None => 0,
        }
    }

    /// One maximum matching among the members (with the extra vertex if given): the mate of
    /// every vertex, [`NONE`] if unmatched.
    pub(crate) fn matching(&self, members: &[usize]) -> Vec<usize> {
        let mut vertices = members.to_vec();
        if self.extra.is_some() {
            vertices.push(self.rows.len());
        }
        mates(self, &vertices)
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

    fn first_free(&self, v: usize, free: &[u64]) -> Option<usize> {
        let n = self.rows.len();
        if v == n {
            let extra = self.extra?;
            return (0..n).find(|&i| extra[i] && bit(&self.mask, i) && bit(free, i));
        }
        first_common(&self.rows[v], Some(&self.mask), free, 0, v)
            .or_else(|| (self.extra.is_some_and(|extra| extra[v]) && bit(free, n)).then_some(n))
    }
}

/// Bit rows of the graph between `of` and `over`: bit `j` of row `i` is set when
/// `edge(of[i], over[j])`.
pub(crate) fn bit_rows(
    of: &[usize],
    over: &[usize],
    edge: impl Fn(usize, usize) -> bool,
) -> Vec<Vec<u64>> {
    of.iter()
        .map(|&a| {
            let mut row = vec![0u64; over.len().div_ceil(64)];
            for (j, &b) in over.iter().enumerate() {
                if edge(a, b) {
                    row[j / 64] |= 1 << (j % 64);
                }
            }
            row
        })
        .collect()
}

/// The compatibility graph of a bracket in local indices: the `heads` (its MDPs, first) pair
/// only with the `tail` (its residents, after them), the residents among themselves too. Both
/// are bit rows over the tail's positions (see [`bit_rows`]); a removed player has no edges.
/// Neighbours come in ascending local index, as in a [`Graph`] built in that order.
#[derive(Clone)]
pub(crate) struct BracketGraph<'a> {
    heads: Vec<Vec<u64>>,
    tail: &'a [Vec<u64>],
    /// The tail positions present, as bits, and the heads present.
    present: Vec<u64>,
    heads_present: Vec<bool>,
}

impl<'a> BracketGraph<'a> {
    pub(crate) fn new(heads: Vec<Vec<u64>>, tail: &'a [Vec<u64>]) -> BracketGraph<'a> {
        let mut present = vec![!0u64; tail.len().div_ceil(64)];
        if !tail.len().is_multiple_of(64) {
            present[tail.len() / 64] = (1 << (tail.len() % 64)) - 1;
        }
        let heads_present = vec![true; heads.len()];
        BracketGraph {
            heads,
            tail,
            present,
            heads_present,
        }
    }

    /// Takes the player of local index `v` out of the graph.
    pub(crate) fn remove(&mut self, v: usize) {
        match v.checked_sub(self.heads.len()) {
            None => self.heads_present[v] = false,
            Some(r) => self.present[r / 64] &= !(1 << (r % 64)),
        }
    }

    /// The size of a maximum matching.
    pub(crate) fn maximum_matching(&self) -> usize {
        let vertices: Vec<usize> = (0..self.len()).collect();
        maximum_matching(self, &vertices)
    }

    /// The vertices left unmatched by one maximum matching (the one a [`Graph`] with the
    /// same edges, added in ascending order, finds).
    pub(crate) fn unmatched(&self) -> Vec<usize> {
        let vertices: Vec<usize> = (0..self.len()).collect();
        let mate = mates(self, &vertices);
        vertices.into_iter().filter(|&v| mate[v] == NONE).collect()
    }

    fn head_sees(&self, d: usize, r: usize) -> bool {
        self.heads_present[d] && bit(&self.heads[d], r)
    }
}

impl Neighbours for BracketGraph<'_> {
    fn len(&self) -> usize {
        self.heads.len() + self.tail.len()
    }

    fn neighbours(&self, v: usize, out: &mut Vec<usize>) {
        out.clear();
        let m0 = self.heads.len();
        let (row, skip) = match v.checked_sub(m0) {
            None if !self.heads_present[v] => return,
            None => (&self.heads[v], usize::MAX),
            Some(r) if !bit(&self.present, r) => return,
            Some(r) => {
                out.extend((0..m0).filter(|&d| self.head_sees(d, r)));
                (&self.tail[r], r)
            }
        };
        for (w, (&row, &present)) in row.iter().zip(&self.present).enumerate() {
            let mut bits = row & present;
            while bits != 0 {
                let j = w * 64 + bits.trailing_zeros() as usize;
                if j != skip {
                    out.push(m0 + j);
                }
                bits &= bits - 1;
            }
        }
    }

    fn first_free(&self, v: usize, free: &[u64]) -> Option<usize> {
        let m0 = self.heads.len();
        let (row, skip) = match v.checked_sub(m0) {
            None if !self.heads_present[v] => return None,
            None => (&self.heads[v], usize::MAX),
            Some(r) if !bit(&self.present, r) => return None,
            Some(r) => {
                if let Some(d) = (0..m0).find(|&d| self.head_sees(d, r) && bit(free, d)) {
                    return Some(d);
                }
                (&self.tail[r], r)
            }
        };
        first_common(row, Some(&self.present), free, m0, skip).map(|j| m0 + j)
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
    greedy(graph, vertices, &mut mate);
    let mut search = Search::new(graph.len());
    for &root in vertices {
        if mate[root] == NONE {
            search.augment_from(graph, &mut mate, root);
        }
    }
    mate
}

/// Greedy start: most vertices are matched without any search.
fn greedy(graph: &impl Neighbours, vertices: &[usize], mate: &mut [usize]) {
    // `free` holds the unmatched vertices as bits.
    let mut free = vec![0u64; graph.len().div_ceil(64)];
    for (v, _) in mate.iter().enumerate().filter(|(_, m)| **m == NONE) {
        free[v / 64] |= 1 << (v % 64);
    }
    for &v in vertices {
        if mate[v] != NONE {
            continue;
        }
        if let Some(w) = graph.first_free(v, &free) {
            mate[v] = w;
            mate[w] = v;
            for x in [v, w] {
                free[x / 64] &= !(1 << (x % 64));
            }
        }
    }
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

    /// The vertices a [`Graph`] leaves unmatched (greedy start and augmenting order as in
    /// [`BracketGraph::unmatched`]).
    fn graph_unmatched(graph: &Graph) -> Vec<usize> {
        let vertices: Vec<usize> = (0..graph.len()).collect();
        let mate = mates(graph, &vertices);
        vertices.into_iter().filter(|&v| mate[v] == NONE).collect()
    }

    #[test]
    fn h13_bracket_graph_matches_like_the_graph_of_its_edges() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..400 {
            let heads = (next() % 4) as usize;
            let tail = (next() % 150) as usize;
            let n = heads + tail;
            let density = 1 + next() % 9;
            let mut adjacent = vec![vec![false; n]; n];
            for i in 0..n {
                for j in (i + 1).max(heads)..n {
                    let edge = next() % 10 < density;
                    adjacent[i][j] = edge;
                    adjacent[j][i] = edge;
                }
            }
            let removed: Vec<bool> = (0..n).map(|_| next() % 6 == 0).collect();
            let heads_of: Vec<usize> = (0..heads).collect();
            let tail_of: Vec<usize> = (heads..n).collect();
            let edge = |a: usize, b: usize| adjacent[a][b];
            let tail_rows = bit_rows(&tail_of, &tail_of, edge);
            let mut bracket = BracketGraph::new(bit_rows(&heads_of, &tail_of, edge), &tail_rows);
            let mut graph = Graph::new(n);
            for i in 0..n {
                for j in i + 1..n {
                    if adjacent[i][j] && !removed[i] && !removed[j] {
                        graph.add_edge(i, j);
                    }
                }
            }
            let whole = BracketGraph::new(bracket.heads.clone(), &tail_rows);
            for v in (0..n).filter(|&v| removed[v]) {
                bracket.remove(v);
            }
            for v in 0..n {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                bracket.neighbours(v, &mut a);
                graph.neighbours(v, &mut b);
                assert_eq!(a, b, "neighbours of {v}");
            }
            assert_eq!(bracket.unmatched(), graph_unmatched(&graph));
            assert_eq!(bracket.maximum_matching(), graph.maximum_matching());
            let mut full = Graph::new(n);
            for i in 0..n {
                for j in i + 1..n {
                    if adjacent[i][j] {
                        full.add_edge(i, j);
                    }
                }
            }
            assert_eq!(whole.unmatched(), graph_unmatched(&full));
        }
    }

    #[test]
    fn h13_perfect_from_a_matching_of_part_answers_as_from_nothing() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..500 {
            let n = 1 + (next() % 140) as usize;
            let density = 1 + next() % 10;
            let mut rows = vec![vec![0u64; n.div_ceil(64)]; n];
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 40 < density {
                        rows[a][b / 64] |= 1 << (b % 64);
                        rows[b][a / 64] |= 1 << (a % 64);
                    }
                }
            }
            let bye: Vec<bool> = (0..n).map(|_| next() % 3 == 0).collect();
            let members: Vec<usize> = (0..n).filter(|_| next() % 5 != 0).collect();
            let extra_count = (next() % 4) as usize;
            let (extra, base) = members.split_at(extra_count.min(members.len()));
            let start = SubsetGraph::new(&rows, base, None).matching(base);
            let set: Vec<usize> = extra.iter().chain(base).copied().collect();
            let graph = SubsetGraph::new(&rows, &set, (set.len() % 2 == 1).then_some(&bye[..]));
            assert_eq!(graph.is_perfect_from(&set, start), graph.is_perfect(&set));
            // The greedy bit scan finds the first free neighbour in the listed order.
            let mut free = vec![0u64; (n + 1).div_ceil(64)];
            for v in 0..=n {
                if next() % 2 == 0 {
                    free[v / 64] |= 1 << (v % 64);
                }
            }
            let mut listed = Vec::new();
            for &v in set.iter().chain(&[n]) {
                graph.neighbours(v, &mut listed);
                let first = listed.iter().copied().find(|&w| w != v && bit(&free, w));
                assert_eq!(graph.first_free(v, &free), first);
            }
        }
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
