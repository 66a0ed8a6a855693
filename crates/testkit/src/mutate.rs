//! Deterministic mutation of reader inputs for the fuzz-like property tests: byte flips,
//! deletions, truncation, insertion of NUL, line breaks, control characters and huge numbers,
//! and duplicated chunks and lines.

use crate::Rng;

/// Bytes every reader must survive, added to a test's own alphabet.
const HOSTILE: &[u8] = b"\x00\n\r\t\x01\x1b\x7f\xef\xbb\xbf\xff\xfe \"'<>&;,-+0123456789";

/// Inserted whole: numbers no field can hold, and empty markup.
const CHUNKS: [&[u8]; 6] = [
    b"99999999999999999999999",
    b"-1",
    b"18446744073709551616",
    b"<player><player>",
    b"\r\n\r\n",
    b"\xc3\xa9",
];

/// Applies one to four random edits to `data`; `alphabet` holds the bytes that mean something
/// to the reader under test.
pub fn mutate(rng: &mut Rng, data: &mut Vec<u8>, alphabet: &[u8]) {
    for _ in 0..=rng.below(4) {
        let at = rng.below(data.len() + 1);
        let byte = if rng.below(2) == 0 && !alphabet.is_empty() {
            alphabet[rng.below(alphabet.len())]
        } else {
            HOSTILE[rng.below(HOSTILE.len())]
        };
        match rng.below(8) {
            0 if at < data.len() => data[at] = byte,
            1 if at < data.len() => data[at] = rng.next_u64() as u8,
            2 if at < data.len() => {
                data.remove(at);
            }
            3 => data.insert(at, byte),
            4 => data.truncate(at),
            5 => {
                let chunk = CHUNKS[rng.below(CHUNKS.len())];
                data.splice(at..at, chunk.iter().copied());
            }
            6 => duplicate_line(rng, data, at),
            _ => {
                let end = (at + rng.below(64)).min(data.len());
                let chunk = data[at..end].to_vec();
                let to = rng.below(data.len() + 1);
                data.splice(to..to, chunk);
            }
        }
    }
}

/// Repeats the line around `at` after itself.
fn duplicate_line(rng: &mut Rng, data: &mut Vec<u8>, at: usize) {
    let start = data[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let end = data[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(data.len(), |p| at + p + 1);
    let line = data[start..end].to_vec();
    for _ in 0..=rng.below(2) {
        data.splice(end..end, line.iter().copied());
    }
}

/// How many lines `bytes` has when `\n`, `\r\n` and a lone `\r` each end one: the highest line a
/// reader may name.
pub fn lines_in(bytes: &[u8]) -> usize {
    let lone_cr = bytes
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
        .count();
    1 + lone_cr + bytes.iter().filter(|&&b| b == b'\n').count()
}
