//! Reading a command's input file, where `-` means standard input.

use std::io::{self, Read};
use std::path::Path;

/// The bytes of `path`, or of standard input when `path` is `-`.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}
