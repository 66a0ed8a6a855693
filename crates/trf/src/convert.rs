//! Conversion between TRF16 and TRF-2026.
//!
//! ```
//! use trf::{Format, Tournament};
//!
//! let t: Tournament = "012 Open\nXXR 9\nXXC black1\n".parse()?;
//! let c = t.convert(Format::Trf26);
//! assert_eq!(c.tournament.write()?, "012 Open\n142 9\n152 B\nXXR 9\nXXC black1\n");
//! assert_eq!(c.notes, ["1 x XXR -> 142 (XXR kept)", "1 x XXC white1|black1 -> 152 (XXC kept)"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use laws::ByeKind;

use crate::points::Points;
use crate::record::{
    Acceleration, Bye, Header, LegacyTeam, PairingOptions, PlayerAcceleration, Prohibited, Record,
    RoundEntry, Team,
};
use crate::tournament::{Format, Line, Scoring, Tournament};

/// A converted tournament and what the conversion mapped or dropped, one note per kind of record.
#[derive(Debug, Clone)]
pub struct Conversion {
    /// The result.
    pub tournament: Tournament,
    /// Human-readable notes, e.g. `"2 x XXA -> 250"`, `"1 x 330 dropped (no TRF16 equivalent)"`.
    pub notes: Vec<String>,
}

#[derive(Default)]
struct Notes(Vec<(String, usize)>);

impl Notes {
    fn add(&mut self, note: impl Into<String>) {
        let note = note.into();
        match self.0.iter_mut().find(|(n, _)| *n == note) {
            Some((_, count)) => *count += 1,
            None => self.0.push((note, 1)),
        }
    }

    fn finish(self) -> Vec<String> {
        self.0
            .into_iter()
            .map(|(n, c)| format!("{c} x {n}"))
            .collect()
    }
}

fn has(t: &Tournament, pred: impl Fn(&Record) -> bool) -> bool {
    t.records().any(pred)
}

/// Index after the last header line (where new header records go).
fn header_end(lines: &[Line]) -> usize {
    lines
        .iter()
        .rposition(|l| matches!(l.record, Record::Header(_)))
        .map_or(0, |i| i + 1)
}

impl Tournament {
    /// Converts to `format`. Unchanged lines keep their source text.
    ///
    /// To TRF-2026: `XXR` adds `142`, `XXC white1|black1` adds `152` (both kept for JaVaFo),
    /// `XXS` adds `162` where expressible (kept), `XXA` becomes `250`, `XXP` becomes `260`
    /// for all rounds, `XXZ` becomes `240 Z` for the next round, `013` becomes `310`.
    ///
    /// To TRF16: `142` becomes `XXR`, `152` becomes `XXC`, `162` becomes `XXS`, `250` becomes
    /// `XXA`, `260` covering the next round becomes `XXP`, `240` becomes `0000 - F|H|Z` in the
    /// round's block, `310` becomes `013`; `172`-`222`, `299`, `300`, `320`, `330`, `352`,
    /// `362`, national rating records and `###` comments are dropped.
    pub fn convert(&self, format: Format) -> Conversion {
        match format {
            Format::Trf26 => self.to_trf26(),
            Format::Trf16 => self.to_trf16(),
        }
    }

    fn to_trf26(&self) -> Conversion {
        let mut notes = Notes::default();
        let mut lines: Vec<Line> = Vec::new();
        let mut headers: Vec<Record> = Vec::new();
        let next_round = u16::try_from(self.rounds_played() + 1).unwrap_or(u16::MAX);
        let last_round = self
            .total_rounds()
            .and_then(|n| u16::try_from(n).ok())
            .unwrap_or(next_round);
        let has_142 = has(self, |r| matches!(r, Record::Header(Header::Rounds(_))));
        let has_152 = has(self, |r| {
            matches!(r, Record::Header(Header::InitialColour(_)))
        });
        let has_162 = has(self, |r| matches!(r, Record::Header(Header::Scoring(_))));
        let mut team_number = 0u16;
        for line in self.lines() {
            match &line.record {
                Record::TotalRounds(n) if !has_142 => {
                    headers.push(Record::Header(Header::Rounds(*n)));
                    notes.add("XXR -> 142 (XXR kept)");
                    lines.push(line.clone());
                }
                Record::PairingOptions(PairingOptions {
                    initial_colour: Some(c),
                    ..
                }) if !has_152 => {
                    headers.push(Record::Header(Header::InitialColour(*c)));
                    notes.add("XXC white1|black1 -> 152 (XXC kept)");
                    lines.push(line.clone());
                }
                Record::ExtendedScoring(pairs) if !has_162 => {
                    let mut scoring = Scoring::default();
                    for (code, v) in pairs {
                        scoring.apply_xxs(code, *v);
                    }
                    match scoring.as_162() {
                        Some(s) => {
                            headers.push(Record::Header(Header::Scoring(s)));
                            notes.add("XXS -> 162 (XXS kept)");
                        }
                        None => notes.add("XXS not expressible as 162 (XXS kept)"),
                    }
                    lines.push(line.clone());
                }
                Record::PlayerAcceleration(a) => {
                    notes.add("XXA -> 250");
                    lines.extend(
                        xxa_to_250(a)
                            .into_iter()
                            .map(|r| Line::new(Record::Acceleration(r))),
                    );
                }
                Record::ForbiddenPairs(ids) => {
                    notes.add("XXP -> 260 (all rounds)");
                    lines.push(Line::new(Record::Prohibited(Prohibited {
                        first_round: 1,
                        last_round: last_round.max(1),
                        players: ids.clone(),
                    })));
                }
                Record::Absent(ids) => {
                    notes.add("XXZ -> 240 Z (next round)");
                    lines.push(Line::new(Record::Bye(Bye {
                        kind: ByeKind::Zero,
                        round: next_round,
                        players: ids.clone(),
                    })));
                }
                Record::LegacyTeam(t) => {
                    team_number += 1;
                    notes.add("013 -> 310");
                    lines.push(Line::new(Record::Team(Team {
                        number: team_number,
                        name: t.name.clone(),
                        nickname: String::new(),
                        strength: String::new(),
                        match_points: None,
                        game_points: None,
                        rank: None,
                        players: t.players.clone(),
                    })));
                }
                _ => lines.push(line.clone()),
            }
        }
        let at = header_end(&lines);
        lines.splice(at..at, headers.into_iter().map(Line::new));
        Conversion {
            tournament: Tournament::from_lines(lines, self.line_ending()),
            notes: notes.finish(),
        }
    }

    fn to_trf16(&self) -> Conversion {
        let mut notes = Notes::default();
        let mut lines: Vec<Line> = Vec::new();
        let mut headers: Vec<Record> = Vec::new();
        let mut acceleration: Vec<(u16, Vec<Points>)> = Vec::new();
        let mut byes: Vec<(u16, u16, ByeKind)> = Vec::new();
        let next_round = self.rounds_played() + 1;
        let has_xxr = has(self, |r| matches!(r, Record::TotalRounds(_)));
        let has_xxc = has(self, |r| matches!(r, Record::PairingOptions(_)));
        let has_xxs = has(self, |r| matches!(r, Record::ExtendedScoring(_)));
        let has_xxa = has(self, |r| matches!(r, Record::PlayerAcceleration(_)));
        for line in self.lines() {
            match &line.record {
                Record::Header(Header::Rounds(n)) => {
                    if !has_xxr {
                        headers.push(Record::TotalRounds(*n));
                        notes.add("142 -> XXR");
                    } else {
                        notes.add("142 dropped (XXR present)");
                    }
                }
                Record::Header(Header::InitialColour(c)) => {
                    if !has_xxc {
                        headers.push(Record::PairingOptions(PairingOptions {
                            rank: false,
                            initial_colour: Some(*c),
                        }));
                        notes.add("152 -> XXC");
                    } else {
                        notes.add("152 dropped (XXC present)");
                    }
                }
                Record::Header(Header::Scoring(pairs)) => {
                    if !has_xxs {
                        let mut scoring = Scoring::default();
                        scoring.apply_162_line(pairs);
                        headers.push(Record::ExtendedScoring(scoring.as_xxs()));
                        notes.add("162 -> XXS");
                    } else {
                        notes.add("162 dropped (XXS present)");
                    }
                }
                Record::Header(Header::TeamScoring(_)) => {
                    notes.add("362 dropped (no TRF16 equivalent)")
                }
                Record::Header(Header::Text { code, .. }) if *code >= 142 => {
                    notes.add(format!("{code:03} dropped (no TRF16 equivalent)"));
                }
                Record::Acceleration(a) if !has_xxa => {
                    notes.add("250 -> XXA");
                    if let Some(gp) = a.game_points {
                        let players: Vec<u16> = self
                            .players()
                            .map(|p| p.number())
                            .filter(|n| (a.first_player..=a.last_player).contains(n))
                            .collect();
                        for p in players {
                            let slot = match acceleration.iter().position(|(q, _)| *q == p) {
                                Some(i) => i,
                                None => {
                                    acceleration.push((p, Vec::new()));
                                    acceleration.len() - 1
                                }
                            };
                            let points = &mut acceleration[slot].1;
                            let last = usize::from(a.last_round);
                            if points.len() < last {
                                points.resize(last, Points::ZERO);
                            }
                            for r in usize::from(a.first_round.max(1))..=last {
                                points[r - 1] = gp;
                            }
                        }
                    }
                }
                Record::Acceleration(_) => notes.add("250 dropped (XXA present)"),
                Record::Prohibited(p) => {
                    if (usize::from(p.first_round)..=usize::from(p.last_round))
                        .contains(&next_round)
                    {
                        notes.add("260 -> XXP (round range lost)");
                        lines.push(Line::new(Record::ForbiddenPairs(p.players.clone())));
                    } else {
                        notes.add("260 not covering the next round dropped");
                    }
                }
                Record::Bye(b) => {
                    notes.add("240 -> bye entries in 001 round blocks");
                    byes.extend(b.players.iter().map(|&p| (p, b.round, b.kind)));
                }
                Record::Team(t) => {
                    notes.add("310 -> 013 (number, nickname, strength, points, rank lost)");
                    lines.push(Line::new(Record::LegacyTeam(LegacyTeam {
                        name: t.name.clone(),
                        players: t.players.clone(),
                    })));
                }
                Record::TeamPab(_) => notes.add("320 dropped (no TRF16 equivalent)"),
                Record::ForfeitedMatch(_) => notes.add("330 dropped (no TRF16 equivalent)"),
                Record::LineUp(_) => notes.add("300 dropped (no TRF16 equivalent)"),
                Record::AbnormalPoints(_) => notes.add("299 dropped (no TRF16 equivalent)"),
                Record::NationalRating(_) => notes.add("national rating record dropped"),
                Record::Comment(_) => notes.add("### comment dropped"),
                _ => lines.push(line.clone()),
            }
        }
        for (player, round, kind) in byes {
            let entry = lines.iter_mut().find_map(|l| match &mut l.record {
                Record::Player(p) if p.number() == player => Some(p),
                _ => None,
            });
            let Some(p) = entry else {
                notes.add("240 for an unknown player dropped");
                continue;
            };
            let index = usize::from(round.max(1)) - 1;
            if p.rounds.len() <= index {
                p.rounds.resize(index + 1, RoundEntry::BLANK);
            }
            if p.rounds[index] == RoundEntry::BLANK {
                p.rounds[index] = RoundEntry::bye(kind.into());
            } else {
                notes.add("240 for a round already filled in dropped");
            }
        }
        lines.extend(acceleration.into_iter().map(|(player, points)| {
            Line::new(Record::PlayerAcceleration(PlayerAcceleration {
                player,
                points,
            }))
        }));
        let at = header_end(&lines);
        lines.splice(at..at, headers.into_iter().map(Line::new));
        Conversion {
            tournament: Tournament::from_lines(lines, self.line_ending()),
            notes: notes.finish(),
        }
    }
}

/// One `250` line per run of equal, non-zero acceleration points.
fn xxa_to_250(a: &PlayerAcceleration) -> Vec<Acceleration> {
    let mut out: Vec<Acceleration> = Vec::new();
    for (i, &v) in a.points.iter().enumerate() {
        let round = u16::try_from(i + 1).unwrap_or(u16::MAX);
        if v == Points::ZERO {
            continue;
        }
        match out.last_mut() {
            Some(last) if last.game_points == Some(v) && last.last_round + 1 == round => {
                last.last_round = round;
            }
            _ => out.push(Acceleration {
                match_points: None,
                game_points: Some(v),
                first_round: round,
                last_round: round,
                first_player: a.player,
                last_player: a.player,
            }),
        }
    }
    out
}
