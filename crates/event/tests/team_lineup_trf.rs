//! Lineups to and from TRF-2026 `300` records.

use event::person::PlayerId;
use event::team::lineup::Lineup;

#[test]
fn lineup_to_300_and_back() {
    // Players 11, 13, 12 on boards 1-3, board 4 empty; pairing numbers are the ids less 10.
    let lineup = Lineup(vec![
        Some(PlayerId(11)),
        Some(PlayerId(13)),
        Some(PlayerId(12)),
        None,
    ]);
    let number = |id: PlayerId| u16::try_from(id.0).ok()?.checked_sub(10);
    let record = lineup.to_trf(2, 1, 3, number);
    assert_eq!(record.players, [Some(1), Some(3), Some(2), None]);
    // The same line as a file reads back to the same record and the same lineup.
    let text = "001    1      A1\n001    2      A2\n001    3      A3\n\
                310 1   Alpha                                                               1    2    3\n\
                310 3   Charlie\n\
                300   2   1   3 0001 0003 0002 0000\n";
    let t: trf::Tournament = text.parse().unwrap();
    assert_eq!(t.lineup(2, 1), Some(&record));
    let back = Lineup::from_trf(&record, |n| Some(PlayerId(u32::from(n) + 10)));
    assert_eq!(back, lineup);
    // A player without pairing number becomes an empty board.
    let unknown = lineup.to_trf(2, 1, 3, |id| (id.0 != 13).then(|| number(id)).flatten());
    assert_eq!(unknown.players, [Some(1), None, Some(2), None]);
}
