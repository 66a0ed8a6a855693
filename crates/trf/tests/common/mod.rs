//! Helpers shared by the corpus tests.

use std::path::{Path, PathBuf};
pub use testkit::shared_data;

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
