//! Irregularities (Art. 7) that need arithmetic rather than a ruling: the
//! clocks after the position is restored to an earlier move.
//!
//! Art. 7.1 leaves the clocks to the arbiter's best judgement; the arbiters'
//! commentary recommends the proportional method (the "rule of three"): each
//! player keeps the share of the time used that matches the moves kept.
//!
//! ```
//! use laws::irregularities::proportional_time_used_ms;
//!
//! const MIN: u64 = 60_000;
//! // 2 h for 40 moves; after move 30 the game goes back to move 20.
//! // White used 1:15 h, so keeps 20/30 of it: 0:50 h.
//! assert_eq!(proportional_time_used_ms(75 * MIN, 30, 20), Some(50 * MIN));
//! ```

/// The time used to keep after going back from `moves_played` to
/// `moves_kept` moves: `used × kept / played`, rounded down to the
/// millisecond. `None` if `moves_kept` exceeds `moves_played` or no move was played.
pub fn proportional_time_used_ms(used_ms: u64, moves_played: u32, moves_kept: u32) -> Option<u64> {
    if moves_played == 0 || moves_kept > moves_played {
        return None;
    }
    let kept = u128::from(used_ms) * u128::from(moves_kept) / u128::from(moves_played);
    u64::try_from(kept).ok()
}
