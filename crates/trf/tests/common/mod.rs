//! Helpers shared by the corpus tests.

use std::path::{Path, PathBuf};

/// A file under the project's shared corpora (`../shared/data` beside the repository).
/// Missing corpora fail the test: CI always has them.
pub fn shared_data(relative: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(relative);
    assert!(path.exists(), "corpus {} is missing", path.display());
    path
}

/// Every TRF file (`*.trf`, `*.input`) of the TRF corpus, sorted.
pub fn trf_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("readable corpus directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "trf" || e == "input") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&shared_data("trf"), &mut out);
    out.sort();
    assert!(
        out.len() >= 160,
        "TRF corpus incomplete: {} files",
        out.len()
    );
    out
}
