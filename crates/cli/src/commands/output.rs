//! Writing a command's output: table cells and standard output.

use std::io::Write;

/// A text cell: for CSV quoted and neutralised against formulas ([`event::table::csv_field`]).
pub(crate) fn csv_field(s: &str, csv: bool) -> String {
    if csv {
        event::table::csv_field(s)
    } else {
        s.to_string()
    }
}

/// Writes to standard output; a closed pipe (`| head`) is not an error.
pub fn emit(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}
