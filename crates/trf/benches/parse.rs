//! Parse, validate and write every TRF file of the shared corpus; prints throughput.
//! Run: `cargo bench -p trf --bench parse`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use trf::Tournament;

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "trf" || e == "input") {
            out.push(path);
        }
    }
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/trf");
    let mut files = Vec::new();
    collect(&root, &mut files);
    assert!(!files.is_empty(), "corpus {} is missing", root.display());
    let texts: Vec<Vec<u8>> = files.iter().filter_map(|f| std::fs::read(f).ok()).collect();
    let bytes: usize = texts.iter().map(Vec::len).sum();
    let iterations = 20;
    let start = Instant::now();
    let mut players = 0;
    for _ in 0..iterations {
        for text in &texts {
            if let Ok(t) = Tournament::from_bytes(text) {
                players += t.validate().players;
                std::hint::black_box(t.write().ok());
            }
        }
    }
    let elapsed = start.elapsed();
    let mb = (bytes * iterations) as f64 / 1e6;
    println!(
        "{} files, {} bytes, {iterations} iterations: {:.3} s, {:.1} MB/s parse+validate+write, {} player records",
        texts.len(),
        bytes,
        elapsed.as_secs_f64(),
        mb / elapsed.as_secs_f64(),
        players / iterations
    );
}
