//! Guideline II numbering against the 960 start positions listed in Scharnagl order.

use laws::chess960::StartPosition;

#[test]
fn numbering_matches_scharnagl_list() {
    let text = std::fs::read_to_string(testkit::shared_data("fen/chess960_start_positions.sfens"))
        .unwrap();
    let fens: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(fens.len(), 960);
    for (n, fen) in fens.iter().enumerate() {
        assert_eq!(
            StartPosition::new(n as u32).unwrap().fen(),
            *fen,
            "position {n}"
        );
    }
}
