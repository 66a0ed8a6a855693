//! The draw of a section: its order of players, engine pairings, storing, publishing, unpairing,
//! manual edits (the round types are in `round`).

use std::collections::{HashMap, HashSet};

use laws::Article;
use pairing::dutch::{self, Colour, DutchEdition, Input, RoundEntry, Score};

use crate::age::Class;
use crate::date::DateTime;
use crate::person::PlayerId;
use crate::player::Entry;
use crate::round::{
    Board, Bye, ByeKind, Explanation, Float, GameResult, Round, RoundDraft, Warning, WarningKind,
};
use crate::section::{
    DutchRules, PairError, RatingEvaluation, RoundError, SJRP_SWISS_TIEBREAKS, Scoring, Section,
    SectionKind, System,
};
use crate::seeding::Seeding;

/// What one player had in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// On a board (played, forfeited or pending).
    Game {
        opponent: PlayerId,
        white: bool,
        result: GameResult,
    },
    /// Not on a board.
    Bye(ByeKind),
}

impl Slot {
    /// The player's outcome; `None` for a game without result.
    pub(crate) fn outcome(self) -> Option<standings::Outcome> {
        match self {
            Slot::Game { white, result, .. } => {
                standings::Outcome::of_game(result).map(|(w, b)| if white { w } else { b })
            }
            Slot::Bye(kind) => Some(kind.into()),
        }
    }
}

/// Points in tenths, as the Dutch engine counts them.
fn tenths(p: standings::Points) -> Score {
    Score(p.half_points() * 5)
}

impl Section {
    /// A Swiss section with SJRP defaults: 7 rounds, 90 min/40 moves + 30 min, 30 s increment,
    /// the SJRP profile of its classes (`laws::edition::Profile::sjrp_for_age_limits`:
    /// `sjrp-u8-u12`, `sjrp-u14-u18` or `sjrp-u20`), 15 minutes default time, 1-½-0, tie-breaks of §6.1, DWZ evaluation, no
    /// schedule.
    pub fn new(name: &str, classes: Vec<Class>) -> Section {
        let profile = Section::sjrp_profile_of(&classes).name.to_string();
        Section {
            name: name.to_string(),
            classes,
            system: System::Swiss { edition: None },
            rounds: 7,
            time_control: "40/5400+30:1800+30".to_string(),
            profile,
            default_time_minutes: 15,
            kind: SectionKind::Championship,
            supervised: false,
            scoring: Scoring::Standard,
            tiebreaks: SJRP_SWISS_TIEBREAKS.to_string(),
            rating: RatingEvaluation {
                dwz: true,
                elo: false,
            },
            schedule: Vec::new(),
            initial_colour_white: true,
            seeding: Seeding::DwzElo,
            check_in: false,
            fixed_order: Vec::new(),
            dem_quota: Vec::new(),
            playoffs: Vec::new(),
            prohibited: Vec::new(),
            entries: Vec::new(),
            played: Vec::new(),
            fide_mode: true,
            integrity: Vec::new(),
            public_delay_minutes: crate::section::DEFAULT_PUBLIC_DELAY_MINUTES,
        }
    }

    /// Checks the settings that are text: time control (`laws::time_control`), profile
    /// (`laws::edition`) and tie-breaks (a preset name or C.07 codes).
    pub fn check_settings(&self) -> Result<(), RoundError> {
        self.time_control
            .parse::<laws::time_control::TimeControl>()
            .map_err(|e| RoundError::TimeControl(e.to_string()))?;
        self.profile
            .parse::<laws::edition::Profile>()
            .map_err(|e| RoundError::Profile(e.to_string()))?;
        self.tiebreak_order()
            .map_err(|e| RoundError::TieBreaks(e.to_string()))?;
        Ok(())
    }

    /// Rounds of the section: the set number for a Swiss; for a round robin n − 1 (n even) or n
    /// (n odd) per cycle.
    pub fn total_rounds(&self) -> u32 {
        match self.system {
            System::Swiss { .. } => self.rounds,
            System::RoundRobin { double } => {
                let n = u32::try_from(self.entries.len()).unwrap_or(u32::MAX);
                let per_cycle = if n % 2 == 0 { n.saturating_sub(1) } else { n };
                if double { per_cycle * 2 } else { per_cycle }
            }
        }
    }

    /// The entries in pairing-number order: the fixed order ([`Section::fixed_order`]) followed
    /// by everyone not in it, in the initial order of [`Section::seeding`] (C.04.2). Pairing
    /// number = index + 1.
    pub fn ranking(&self) -> Vec<&Entry> {
        let mut by_rating: Vec<&Entry> = self.entries.iter().collect();
        by_rating.sort_by(|a, b| self.seeding.compare(&a.player, &b.player));
        if !self.fixed_order.is_empty() {
            let mut ordered: Vec<&Entry> = self
                .fixed_order
                .iter()
                .filter_map(|&id| self.entry(id))
                .collect();
            let drawn: HashSet<PlayerId> = ordered.iter().map(|e| e.id()).collect();
            ordered.extend(by_rating.into_iter().filter(|e| !drawn.contains(&e.id())));
            return ordered;
        }
        by_rating
    }

    /// Fixes the pairing numbers to `order` (e.g. drawn by lot for a round robin, C.05), before
    /// round 1 is paired. Every entry must appear exactly once.
    pub fn set_order(&mut self, order: Vec<PlayerId>) -> Result<(), RoundError> {
        if !self.played.is_empty() {
            return Err(RoundError::NumbersFixed);
        }
        let mut seen = HashSet::new();
        for &p in &order {
            if self.entry(p).is_none() {
                return Err(RoundError::UnknownPlayer(p));
            }
            if !seen.insert(p) {
                return Err(RoundError::PlayerTwice(p));
            }
        }
        if let Some(missing) = self.entries.iter().find(|e| !seen.contains(&e.id())) {
            return Err(RoundError::MissingFromOrder(missing.id()));
        }
        self.fixed_order = order;
        Ok(())
    }

    /// Renumbers the players by the seeding rule (drops a fixed or manually changed order);
    /// refused once round 1 is paired.
    pub fn reseed(&mut self) -> Result<(), RoundError> {
        if !self.played.is_empty() {
            return Err(RoundError::NumbersFixed);
        }
        self.fixed_order.clear();
        Ok(())
    }

    /// Moves `player` to pairing number `number`, the players between shifting by one;
    /// refused once round 1 is paired.
    pub fn move_to(&mut self, player: PlayerId, number: u32) -> Result<(), RoundError> {
        if !self.played.is_empty() {
            return Err(RoundError::NumbersFixed);
        }
        if self.entry(player).is_none() {
            return Err(RoundError::UnknownPlayer(player));
        }
        let mut order: Vec<PlayerId> = self.ranking().iter().map(|e| e.id()).collect();
        let index = usize::try_from(number)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .filter(|&i| i < order.len())
            .ok_or(RoundError::NoNumber {
                number,
                players: order.len(),
            })?;
        order.retain(|&p| p != player);
        order.insert(index, player);
        self.fixed_order = order;
        Ok(())
    }

    /// Pairing numbers of every entry.
    pub(crate) fn numbers(&self) -> HashMap<PlayerId, u32> {
        self.ranking()
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id(), u32::try_from(i + 1).unwrap_or(u32::MAX)))
            .collect()
    }

    /// The pairing number of `player`.
    pub fn pairing_number(&self, player: PlayerId) -> Option<u32> {
        self.numbers().get(&player).copied()
    }

    /// The entry of `player`.
    pub fn entry(&self, player: PlayerId) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id() == player)
    }

    /// The entry of `player`, mutable.
    pub fn entry_mut(&mut self, player: PlayerId) -> Option<&mut Entry> {
        self.entries.iter_mut().find(|e| e.id() == player)
    }

    /// The paired round `number`.
    pub fn round(&self, number: u32) -> Option<&Round> {
        number
            .checked_sub(1)
            .and_then(|i| self.played.get(usize::try_from(i).ok()?))
    }

    /// Every entry's slot in each paired round (a player missing from a round's lists has the
    /// bye of [`Entry::unpaired_bye`]).
    pub(crate) fn slots(&self) -> HashMap<PlayerId, Vec<Slot>> {
        let mut slots: HashMap<PlayerId, Vec<Slot>> = self
            .entries
            .iter()
            .map(|e| (e.id(), Vec::with_capacity(self.played.len())))
            .collect();
        for round in &self.played {
            let mut seen: HashSet<PlayerId> = HashSet::new();
            for b in &round.boards {
                for (me, opponent, white) in [(b.white, b.black, true), (b.black, b.white, false)] {
                    if let Some(list) = slots.get_mut(&me) {
                        list.push(Slot::Game {
                            opponent,
                            white,
                            result: b.result,
                        });
                        seen.insert(me);
                    }
                }
            }
            for bye in &round.byes {
                if let Some(list) = slots.get_mut(&bye.player)
                    && seen.insert(bye.player)
                {
                    list.push(Slot::Bye(bye.kind));
                }
            }
            for e in &self.entries {
                if !seen.contains(&e.id())
                    && let Some(list) = slots.get_mut(&e.id())
                {
                    list.push(Slot::Bye(e.unpaired_bye(round.number)));
                }
            }
        }
        slots
    }

    /// The Dutch edition: the one chosen, else by the first round's date, else 2026.
    pub fn dutch_edition(&self) -> DutchEdition {
        match self.system {
            System::Swiss {
                edition: Some(DutchRules::Rules2017),
            } => DutchEdition::Rules2017,
            System::Swiss {
                edition: Some(DutchRules::Rules2026),
            } => DutchEdition::Rules2026,
            _ => self.schedule.first().map_or(DutchEdition::Rules2026, |s| {
                DutchEdition::for_start_date(s.date.year(), s.date.month(), s.date.day())
            }),
        }
    }

    /// The pairing engine's input for `round` (players by pairing number).
    pub fn dutch_input(&self, round: u32) -> Input {
        let numbers = self.numbers();
        let slots = self.slots();
        let scoring = self.scoring.system();
        let engine_scoring = dutch::Scoring {
            win: tenths(scoring.win),
            draw: tenths(scoring.draw),
            loss: tenths(scoring.loss),
            pairing_allocated_bye: tenths(scoring.pairing_bye),
            forfeit_win: tenths(scoring.forfeit_win),
            forfeit_loss: tenths(scoring.forfeit_loss),
        };
        let players = self
            .ranking()
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let history = slots[&e.id()]
                    .iter()
                    .take(usize::try_from(round.saturating_sub(1)).unwrap_or(usize::MAX))
                    .map(|&slot| match slot {
                        Slot::Game {
                            opponent,
                            white,
                            result,
                        } => {
                            let opponent = numbers.get(&opponent).copied().unwrap_or(0);
                            let colour = if white { Colour::White } else { Colour::Black };
                            let mine = standings::Outcome::of_game(result)
                                .map(|(w, b)| if white { w } else { b });
                            match mine {
                                Some(standings::Outcome::ForfeitWin) => RoundEntry::Forfeit {
                                    opponent,
                                    colour,
                                    won: true,
                                },
                                Some(standings::Outcome::ForfeitLoss) => RoundEntry::Forfeit {
                                    opponent,
                                    colour,
                                    won: false,
                                },
                                Some(standings::Outcome::Win) => RoundEntry::Game {
                                    opponent,
                                    colour,
                                    outcome: dutch::Outcome::Win,
                                },
                                Some(standings::Outcome::Draw) => RoundEntry::Game {
                                    opponent,
                                    colour,
                                    outcome: dutch::Outcome::Draw,
                                },
                                _ => RoundEntry::Game {
                                    opponent,
                                    colour,
                                    outcome: dutch::Outcome::Loss,
                                },
                            }
                        }
                        Slot::Bye(ByeKind::PairingAllocated) => RoundEntry::PairingAllocatedBye,
                        Slot::Bye(kind) => RoundEntry::Unpaired {
                            points: tenths(scoring.points(kind.into())),
                        },
                    })
                    .collect();
                dutch::Player {
                    id: u32::try_from(i + 1).unwrap_or(u32::MAX),
                    rating: e.player.elo.unwrap_or(0),
                    history,
                    absent: !self.available(e, round),
                    acceleration: Score(0),
                }
            })
            .collect();
        let mut forbidden_pairs: Vec<(u32, u32)> = self
            .prohibited
            .iter()
            .filter_map(|(a, b)| Some((*numbers.get(a)?, *numbers.get(b)?)))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        forbidden_pairs.sort_unstable();
        forbidden_pairs.dedup();
        Input {
            round,
            total_rounds: self.total_rounds().max(round),
            initial_colour: if self.initial_colour_white {
                Colour::White
            } else {
                Colour::Black
            },
            scoring: engine_scoring,
            players,
            forbidden_pairs,
        }
    }

    /// Pairs `round` (the next one) without changing the section: Dutch for a Swiss, Berger for
    /// a round robin. In a Swiss, players not available (late entry, withdrawal, requested bye)
    /// get their requested bye or a zero-point bye. A round robin keeps the table's games for
    /// everyone (enter forfeits for absent players); the player without a game in an odd field
    /// has a zero-point bye.
    pub fn pair_round(&self, round: u32) -> Result<RoundDraft, PairError> {
        self.pair_round_explained(round).map(|(draft, _)| draft)
    }

    /// [`Section::pair_round`] with the engine's explanation of every board: bracket, floats,
    /// colour rule and criteria not fully met (for the preview before publishing).
    pub fn pair_round_explained(
        &self,
        round: u32,
    ) -> Result<(RoundDraft, Vec<Explanation>), PairError> {
        let next = u32::try_from(self.played.len() + 1).unwrap_or(u32::MAX);
        if round != next {
            return Err(PairError::NotNextRound { round, next });
        }
        let rounds = self.total_rounds();
        if round > rounds {
            return Err(PairError::BeyondLastRound { round, rounds });
        }
        if let Some(prev) = self.played.last() {
            let boards: Vec<usize> = prev
                .boards
                .iter()
                .enumerate()
                .filter(|(_, b)| !b.result.is_decided())
                .map(|(i, _)| i + 1)
                .collect();
            if !boards.is_empty() {
                return Err(PairError::ResultsMissing {
                    round: prev.number,
                    boards,
                });
            }
        }
        let ranking = self.ranking();
        let id_of = |tpn: u32| -> Result<PlayerId, PairError> {
            usize::try_from(tpn)
                .ok()
                .and_then(|t| t.checked_sub(1))
                .and_then(|i| ranking.get(i))
                .map(|e| e.id())
                .ok_or_else(|| PairError::Engine(format!("unknown pairing number {tpn}")))
        };
        let mut draft = Round {
            number: round,
            boards: Vec::new(),
            byes: Vec::new(),
            published: None,
        };
        let mut explanations = Vec::new();
        match self.system {
            System::Swiss { .. } => {
                let input = self.dutch_input(round);
                if input.players.iter().filter(|p| !p.absent).count() < 2 {
                    return Err(PairError::TooFewPlayers);
                }
                let pairing =
                    dutch::pair_round(&input, self.dutch_edition()).map_err(|e| match e {
                        dutch::PairingError::NoValidPairing => PairError::NoValidPairing,
                        other => PairError::Engine(format!("{other} ({})", other.article())),
                    })?;
                let float = |f: Option<dutch::Float>| {
                    f.map(|f| match f {
                        dutch::Float::Down => Float::Down,
                        dutch::Float::Up => Float::Up,
                    })
                };
                for (i, b) in pairing.boards.iter().enumerate() {
                    draft.boards.push(Board {
                        white: id_of(b.white)?,
                        black: id_of(b.black)?,
                        result: GameResult::Pending,
                        manual: false,
                    });
                    let e = &b.explanation;
                    explanations.push(Explanation {
                        board: i + 1,
                        bracket: Some(e.bracket.to_string()),
                        white_float: float(e.floats.0),
                        black_float: float(e.floats.1),
                        colour_rule: e.colour_rule.to_string(),
                        criteria_failed: e.criteria_failed.iter().map(|a| a.to_string()).collect(),
                    });
                }
                if let Some(p) = pairing.bye {
                    draft.byes.push(Bye {
                        player: id_of(p)?,
                        kind: ByeKind::PairingAllocated,
                    });
                }
                for e in &ranking {
                    if !self.available(e, round) {
                        draft.byes.push(Bye {
                            player: e.id(),
                            kind: e.unpaired_bye(round),
                        });
                    }
                }
            }
            System::RoundRobin { double } => {
                let n = ranking.len();
                if let Some(first) = self.played.first() {
                    let field = first.boards.len() * 2 + first.byes.len();
                    if field != n {
                        return Err(PairError::RoundRobinFieldChanged);
                    }
                }
                let schedule = if double {
                    roundrobin::Schedule::double(n)
                } else {
                    roundrobin::Schedule::single(n)
                }
                .map_err(|e| PairError::RoundRobinSize(e.0))?;
                let index = usize::try_from(round - 1).unwrap_or(usize::MAX);
                let boards = schedule
                    .rounds()
                    .get(index)
                    .ok_or(PairError::BeyondLastRound { round, rounds })?;
                for b in boards {
                    match *b {
                        roundrobin::Board::Game { white, black } => {
                            draft.boards.push(Board {
                                white: id_of(u32::from(white))?,
                                black: id_of(u32::from(black))?,
                                result: GameResult::Pending,
                                manual: false,
                            });
                            explanations.push(Explanation {
                                board: draft.boards.len(),
                                bracket: None,
                                white_float: None,
                                black_float: None,
                                colour_rule: schedule.article().to_string(),
                                criteria_failed: Vec::new(),
                            });
                        }
                        roundrobin::Board::Bye(p) => draft.byes.push(Bye {
                            player: id_of(u32::from(p))?,
                            kind: ByeKind::Zero,
                        }),
                    }
                }
            }
        }
        Ok((draft, explanations))
    }

    /// Stores a draft as the next round, unpublished (a preview). Storing round 1 fixes the
    /// pairing numbers if they are not fixed yet.
    pub fn add_round(&mut self, draft: RoundDraft) -> Result<(), RoundError> {
        let next = u32::try_from(self.played.len() + 1).unwrap_or(u32::MAX);
        if draft.number != next {
            return Err(RoundError::NotLastRound(draft.number));
        }
        let mut seen = HashSet::new();
        let players = draft
            .boards
            .iter()
            .flat_map(|b| [b.white, b.black])
            .chain(draft.byes.iter().map(|b| b.player));
        for p in players {
            if self.entry(p).is_none() {
                return Err(RoundError::UnknownPlayer(p));
            }
            if !seen.insert(p) {
                return Err(RoundError::PlayerTwice(p));
            }
        }
        if draft.number == 1 && self.fixed_order.is_empty() {
            self.fixed_order = self.ranking().iter().map(|e| e.id()).collect();
        }
        self.played.push(draft);
        Ok(())
    }

    /// Publishes round `round` at `at`. A round with manual boards published less than 30
    /// minutes before its scheduled start gives a warning (SJRP §6.2).
    pub fn publish(&mut self, round: u32, at: DateTime) -> Result<Vec<Warning>, RoundError> {
        let start = self.schedule_of(round);
        let r = self.round_mut(round)?;
        if r.is_published() {
            return Err(RoundError::AlreadyPublished(round));
        }
        r.published = Some(at);
        let mut warnings = Vec::new();
        if r.has_manual_boards()
            && let Some(start) = start
        {
            let minutes_before = at.minutes_until(start);
            if minutes_before < 30 {
                warnings.push(Warning {
                    kind: WarningKind::LatePublication { minutes_before },
                    article: Article::new("SJRP §6.2"),
                });
            }
        }
        Ok(warnings)
    }

    /// The scheduled start of `round`, if the schedule has it.
    pub fn schedule_of(&self, round: u32) -> Option<DateTime> {
        let i = usize::try_from(round.checked_sub(1)?).ok()?;
        self.schedule.get(i).and_then(|s| s.start())
    }

    pub(crate) fn round_mut(&mut self, round: u32) -> Result<&mut Round, RoundError> {
        round
            .checked_sub(1)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.played.get_mut(i))
            .ok_or(RoundError::NoRound(round))
    }

    /// Removes the last round if no result is entered, returning it. Removing round 1 of a Swiss
    /// releases the pairing numbers fixed when it was stored.
    pub fn unpair(&mut self, round: u32) -> Result<Round, RoundError> {
        let last = self.played.last().ok_or(RoundError::NoRound(round))?;
        if last.number != round {
            return Err(if self.round(round).is_some() {
                RoundError::NotLastRound(round)
            } else {
                RoundError::NoRound(round)
            });
        }
        if last.has_results() {
            return Err(RoundError::HasResults(round));
        }
        if round == 1 && matches!(self.system, System::Swiss { .. }) {
            self.fixed_order.clear();
        }
        self.played.pop().ok_or(RoundError::NoRound(round))
    }

    /// Sets board `board` (1-based; one past the last adds a board) of round `round` to
    /// `white` - `black` by hand. The players leave their former boards or byes; a former board
    /// other than `board` is removed (later boards move up) and partners left alone get a
    /// zero-point bye entry, to be paired by hand on a new board. Returns the warnings: rematch,
    /// colour rules, prohibited pair, unavailable player. Boards with a result are not touched.
    pub fn set_pair(
        &mut self,
        round: u32,
        board: usize,
        white: PlayerId,
        black: PlayerId,
    ) -> Result<Vec<Warning>, RoundError> {
        for p in [white, black] {
            if self.entry(p).is_none() {
                return Err(RoundError::UnknownPlayer(p));
            }
        }
        if white == black {
            return Err(RoundError::PlayerTwice(white));
        }
        let warnings = self.check_pair(round, white, black);
        let r = self.round_mut(round)?;
        let target = board
            .checked_sub(1)
            .filter(|&i| i <= r.boards.len())
            .ok_or(RoundError::NoBoard { round, board })?;
        let involved =
            |b: &Board| [b.white, b.black].contains(&white) || [b.white, b.black].contains(&black);
        for (i, b) in r.boards.iter().enumerate() {
            if (i == target || involved(b)) && b.result.is_decided() {
                return Err(RoundError::AlreadyEntered {
                    round,
                    board: i + 1,
                });
            }
        }
        let new_board = Board {
            white,
            black,
            result: GameResult::Pending,
            manual: true,
        };
        let mut orphans = Vec::new();
        let mut boards = Vec::with_capacity(r.boards.len() + 1);
        for (i, b) in r.boards.iter().enumerate() {
            if i == target || involved(b) {
                orphans.extend(
                    [b.white, b.black]
                        .into_iter()
                        .filter(|p| ![white, black].contains(p)),
                );
                if i == target {
                    boards.push(new_board.clone());
                }
            } else {
                boards.push(b.clone());
            }
        }
        if target == r.boards.len() {
            boards.push(new_board);
        }
        r.boards = boards;
        r.byes.retain(|b| b.player != white && b.player != black);
        for p in orphans {
            r.byes.push(Bye {
                player: p,
                kind: ByeKind::Zero,
            });
        }
        Ok(warnings)
    }

    /// Whether `player` is a topscorer when `round` is the final round: more than 50% of the
    /// maximum possible score (C.04.3 A.7); the colour criteria C3 do not bind topscorers.
    fn is_topscorer(
        &self,
        slots: &HashMap<PlayerId, Vec<Slot>>,
        player: PlayerId,
        round: u32,
    ) -> bool {
        if round != self.total_rounds() || round < 2 {
            return false;
        }
        let scoring = self.scoring.system();
        let before = usize::try_from(round - 1).unwrap_or(usize::MAX);
        let score: u32 = slots.get(&player).map_or(0, |s| {
            s.iter()
                .take(before)
                .filter_map(|slot| slot.outcome())
                .map(|o| scoring.points(o).half_points())
                .sum()
        });
        score * 2 > (round - 1) * scoring.win.half_points()
    }

    /// The warnings `white` - `black` would raise in `round`, without changing anything. The
    /// colour warnings (C.04.1 f, g; C.04.3 C3) are not given for topscorers in the final
    /// round.
    pub fn check_pair(&self, round: u32, white: PlayerId, black: PlayerId) -> Vec<Warning> {
        let mut warnings = Vec::new();
        for earlier in self.played.iter().filter(|r| r.number < round) {
            let met = earlier.boards.iter().any(|b| {
                (b.white == white && b.black == black) || (b.white == black && b.black == white)
            });
            if met {
                warnings.push(Warning {
                    kind: WarningKind::Rematch {
                        a: white,
                        b: black,
                        round: earlier.number,
                    },
                    article: Article::new("C.04.1 b"),
                });
            }
        }
        if self
            .prohibited
            .iter()
            .any(|&(a, b)| (a, b) == (white, black) || (a, b) == (black, white))
        {
            warnings.push(Warning {
                kind: WarningKind::ProhibitedPair { a: white, b: black },
                article: Article::new("C.04.3 C1"),
            });
        }
        let slots = self.slots();
        for (player, gets_white) in [(white, true), (black, false)] {
            if self
                .entry(player)
                .is_some_and(|e| !self.available(e, round))
            {
                warnings.push(Warning {
                    kind: WarningKind::Unavailable { player },
                    article: Article::new("C.04.2"),
                });
            }
            if self.is_topscorer(&slots, player, round) {
                continue;
            }
            let colours: Vec<bool> = slots
                .get(&player)
                .map(|s| {
                    s.iter()
                        .take(usize::try_from(round.saturating_sub(1)).unwrap_or(usize::MAX))
                        .filter_map(|slot| match slot {
                            Slot::Game { white, result, .. } if result.is_played() => Some(*white),
                            _ => None,
                        })
                        .collect()
                })
                .unwrap_or_default();
            if colours.len() >= 2
                && colours[colours.len() - 2..]
                    .iter()
                    .all(|&c| c == gets_white)
            {
                warnings.push(Warning {
                    kind: WarningKind::SameColourThreeTimes { player },
                    article: Article::new("C.04.1 g"),
                });
            }
            let whites = colours.iter().filter(|&&c| c).count() + usize::from(gets_white);
            let blacks = colours.len() + 1 - whites;
            let difference = i32::try_from(whites).unwrap_or(i32::MAX)
                - i32::try_from(blacks).unwrap_or(i32::MAX);
            if difference.abs() > 2 {
                warnings.push(Warning {
                    kind: WarningKind::ColourDifference { player, difference },
                    article: Article::new("C.04.1 f"),
                });
            }
        }
        warnings
    }
}
