//! Issue #19: what is not a TRF file is refused with a line and column.

use trf::Tournament;

#[test]
fn h19_12_empty_bom_only_nul_and_html_files_are_not_trf() {
    let cases: [(&[u8], (usize, usize)); 6] = [
        (b"", (1, 1)),
        (b"\xef\xbb\xbf", (1, 1)),
        (b"\r\n  \r\n", (1, 1)),
        (&[0; 64], (1, 1)),
        (b"<!DOCTYPE html>\n<html><body>TRF</body></html>\n", (1, 1)),
        (b"\n\nplayers: none\n", (3, 1)),
    ];
    for (bytes, at) in cases {
        let e = Tournament::from_bytes(bytes).expect_err("not a TRF");
        assert_eq!((e.line, e.column), at, "{bytes:?}: {e}");
    }
    let e = Tournament::from_bytes(b"<html>").unwrap_err();
    assert!(e.expected.contains("not a TRF file"), "{e}");
    let t = Tournament::from_bytes(b"012 Open\n").expect("one header is a TRF");
    assert_eq!(t.name(), Some("Open"));
}

#[test]
fn h19_12_control_characters_are_refused_where_they_stand() {
    let e = Tournament::from_bytes(b"012 Open\n022 Ber\x00lin\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 8), "{e}");
    assert!(e.expected.contains("U+0000"), "{e}");
    let t = Tournament::from_bytes(b"012 Open\tCup\n").expect("a tab is text");
    assert_eq!(t.name(), Some("Open\tCup"));
}
