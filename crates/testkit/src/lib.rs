//! Test support for the workspace's tests (a dev-dependency only).
//!
//! ```
//! let mut rng = testkit::Rng::new(7);
//! assert!(rng.below(10) < 10);
//! ```

#![deny(missing_docs)]

use std::path::PathBuf;

mod chess;
mod mutate;
pub use chess::{assert_witness, corpus_position, thread_cpu_ns};
pub use mutate::{lines_in, mutate};

/// A file under the project's shared corpora (`../shared/data` beside the repository).
/// Missing corpora fail the test: CI always has them.
pub fn shared_data(relative: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(relative);
    assert!(path.exists(), "corpus {} is missing", path.display());
    path
}

/// xorshift64*: deterministic test randomness without a dependency.
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed` (0 is replaced, as xorshift needs a non-zero state).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// Runs the program `bin` (a test passes `env!("CARGO_BIN_EXE_…")`) with `args` and
/// returns its exit code (-1 when killed by a signal), standard output and standard error.
pub fn run<I, S>(bin: &str, args: I) -> (i32, String, String)
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let out = std::process::Command::new(bin)
        .args(args)
        .output()
        .expect("the program runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
