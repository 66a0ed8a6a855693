//! Helpers shared by the corpus tests.

use std::path::PathBuf;

/// A file under the project's shared corpora (`../shared/data` beside the repository).
/// Missing corpora fail the test: CI always has them.
pub fn shared_data(relative: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(relative);
    assert!(path.exists(), "corpus {} is missing", path.display());
    path
}
