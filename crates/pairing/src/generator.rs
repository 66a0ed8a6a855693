//! Random tournament generator: a Swiss tournament paired round by round by the Dutch engine
//! (C.04.3), with results drawn from the players' ratings, written as TRF-2026 with the
//! `XXR`/`XXC` engine extensions. The same seed always gives the same file.
//!
//! The configuration is `Key=Value` lines (`#` starts a comment), with the keys of
//! bbpPairings' generator where they mean the same, and some of our own ([`Config`]).
//!
//! ```
//! use pairing::generator::{Config, generate};
//!
//! let config: Config = "PlayersNumber=12\nRoundsNumber=5\nDrawPercentage=30".parse()?;
//! let tournament = generate(&config, 7)?;
//! assert_eq!(tournament.players().count(), 12);
//! assert_eq!(tournament.rounds_played(), 5);
//! assert!(tournament.validate().is_valid());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use trf::{
    Header, Line, PairingOptions, Points, Record, ResultCode, RoundEntry, Tournament, TrfError,
};

use crate::acceleration;
use crate::dutch::{Colour, DutchEdition, PairingError, pair_round};
use crate::trf_input;

/// What the generator produces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `PlayersNumber`: players in the list, 2-9999.
    pub players: u16,
    /// `RoundsNumber`: rounds, 1-99.
    pub rounds: u16,
    /// `DrawPercentage`: the draw rate of a game between equally rated players, 0-100. It
    /// shrinks for unequal ratings so that the expected score stays the Elo one.
    pub draw_percentage: u8,
    /// `ForfeitRate`: percentage of pairings decided by forfeit (either side absent, 50/50).
    pub forfeit_rate: u8,
    /// `RetiredRate`: percentage chance, per player and round from round 2, of withdrawing
    /// for the rest of the tournament.
    pub retired_rate: u8,
    /// `HalfPointByeRate`: percentage chance, per player and round, of a requested half-point bye.
    pub half_point_bye_rate: u8,
    /// `FullPointByeRate`: the same for a full-point bye.
    pub full_point_bye_rate: u8,
    /// `ZeroPointByeRate`: the same for a zero-point bye (announced absence).
    pub zero_point_bye_rate: u8,
    /// `HighestRating`: ratings are drawn uniformly from `LowestRating..=HighestRating`.
    pub highest_rating: u16,
    /// `LowestRating`.
    pub lowest_rating: u16,
    /// `PointsForWin` (also forfeit wins and full-point byes).
    pub win: Points,
    /// `PointsForDraw` (also half-point byes).
    pub draw: Points,
    /// `PointsForLoss`.
    pub loss: Points,
    /// `PointsForZPB`: zero-point byes and absences.
    pub zero_point_bye: Points,
    /// `PointsForForfeitLoss`.
    pub forfeit_loss: Points,
    /// `PointsForPAB`: the pairing-allocated bye.
    pub pairing_allocated_bye: Points,
    /// `InitialColour`: `white` or `black`, the colour of player 1 in round 1 (C.04.3 5.1).
    pub initial_colour: Colour,
    /// `Edition`: `2026` or `2017`, the C.04.3 edition used to pair. The file says it with
    /// `192 FIDE_DUTCH` and the start date `042 2026/02/01` (the date-resolved ETT26 code, which
    /// bbpPairings 6 reads) or with `192 FIDE_DUTCH_2017` and `042 2025/02/01`.
    pub edition: DutchEdition,
    /// `Baku`: `yes` to pair with Baku acceleration (C.04.7), written as `192 ..._BAKU`.
    pub baku: bool,
    /// `SystemCode`: the `192` text instead of the one derived from `Edition` and `Baku`
    /// (e.g. `FIDE_DUTCH_2026`).
    pub system_code: Option<String>,
    /// `HalfZeroRate`: percentage of played games scored ½-0 or 0-½ (50/50; the arbiter
    /// scores one side only, Laws 10.2, 11.8), written `=` against `0`.
    pub half_zero_rate: u8,
    /// `ZeroZeroRate`: percentage of played games scored 0-0 (both lose, Laws 11.3.2), written
    /// `0` against `0`.
    pub zero_zero_rate: u8,
    /// `DoubleForfeitRate`: percentage of pairings where neither player appears (Laws 6.7.1):
    /// zero points each, written `-` against `-`.
    pub double_forfeit_rate: u8,
    /// `TieBreaks`: the C.07 tie-breaks after points, comma-separated (`BH/C1,BH,SB`; a
    /// leading `PTS` is dropped), written as the TRF-2026 records `202` (tie-breaks breaking
    /// ties) and `212` (`PTS` and the same list: the standings). Empty: neither record.
    pub tiebreaks: Vec<String>,
}

impl Default for Config {
    /// 40 players, 9 rounds, 30 % draws, 2 % forfeits, 1 % withdrawals, 2 % half-point byes,
    /// ratings 1400-2600, 1 - ½ - 0 scoring, White for player 1, 2026 rules, no acceleration.
    fn default() -> Config {
        Config {
            players: 40,
            rounds: 9,
            draw_percentage: 30,
            forfeit_rate: 2,
            retired_rate: 1,
            half_point_bye_rate: 2,
            full_point_bye_rate: 0,
            zero_point_bye_rate: 0,
            highest_rating: 2600,
            lowest_rating: 1400,
            win: Points::ONE,
            draw: Points::HALF,
            loss: Points::ZERO,
            zero_point_bye: Points::ZERO,
            forfeit_loss: Points::ZERO,
            pairing_allocated_bye: Points::ONE,
            initial_colour: Colour::White,
            edition: DutchEdition::Rules2026,
            baku: false,
            system_code: None,
            half_zero_rate: 0,
            zero_zero_rate: 0,
            double_forfeit_rate: 0,
            tiebreaks: Vec::new(),
        }
    }
}

impl Config {
    /// A configuration drawn from `seed`, as the generator uses when none is given:
    /// 15-215 players, 5-15 rounds (at most a third of the players), draws 10-50 %,
    /// forfeits, withdrawals and half-point byes 0-5 % each.
    pub fn random(seed: u64) -> Config {
        let mut rng = SplitMix64::new(seed ^ 0x5eed_c0f1_9000_0000);
        let players = 15 + rng.below(201) as u16;
        let rounds = (5 + rng.below(11) as u16).min(players / 3);
        Config {
            players,
            rounds,
            draw_percentage: 10 + rng.below(41) as u8,
            forfeit_rate: rng.below(6) as u8,
            retired_rate: rng.below(6) as u8,
            half_point_bye_rate: rng.below(6) as u8,
            ..Config::default()
        }
    }

    fn check(&self) -> Result<(), ConfigError> {
        let fail = |message: &str| {
            Err(ConfigError {
                line: 0,
                message: message.to_owned(),
            })
        };
        if !(2..=9999).contains(&self.players) {
            return fail("PlayersNumber must be 2-9999");
        }
        if !(1..=99).contains(&self.rounds) {
            return fail("RoundsNumber must be 1-99");
        }
        if self.lowest_rating > self.highest_rating || self.highest_rating > 9999 {
            return fail("LowestRating must not exceed HighestRating, nor that 9999");
        }
        let rates = [
            self.draw_percentage,
            self.forfeit_rate,
            self.retired_rate,
            self.half_point_bye_rate,
            self.full_point_bye_rate,
            self.zero_point_bye_rate,
            self.half_zero_rate,
            self.zero_zero_rate,
            self.double_forfeit_rate,
        ];
        if rates.iter().any(|&r| r > 100) {
            return fail("rates are percentages, 0-100");
        }
        let points = [
            self.win,
            self.draw,
            self.loss,
            self.zero_point_bye,
            self.forfeit_loss,
            self.pairing_allocated_bye,
        ];
        if points.iter().any(|p| p.tenths() < 0) {
            return fail("points must not be negative");
        }
        Ok(())
    }

    /// The scoring as `162` symbols: `W D L P`, and `A` (zero-point byes, forfeit losses) when
    /// it is not the default 0 — bbpPairings reads this symbol as `Z` and rejects `A`.
    fn scoring_162(&self) -> Vec<(String, Points)> {
        [
            ("W", self.win),
            ("D", self.draw),
            ("L", self.loss),
            ("A", self.zero_point_bye),
            ("P", self.pairing_allocated_bye),
        ]
        .into_iter()
        .filter(|&(s, p)| s != "A" || p != Points::ZERO)
        .map(|(s, p)| (s.to_owned(), p))
        .collect()
    }

    /// The scoring as JaVaFo `XXS` codes.
    fn scoring_xxs(&self) -> Vec<(String, Points)> {
        [
            ("WW", self.win),
            ("BW", self.win),
            ("WD", self.draw),
            ("BD", self.draw),
            ("WL", self.loss),
            ("BL", self.loss),
            ("FW", self.win),
            ("FL", self.forfeit_loss),
            ("FPB", self.win),
            ("HPB", self.draw),
            ("ZPB", self.zero_point_bye),
            ("PAB", self.pairing_allocated_bye),
        ]
        .into_iter()
        .map(|(s, p)| (s.to_owned(), p))
        .collect()
    }

    fn is_standard_scoring(&self) -> bool {
        let d = Config::default();
        (
            self.win,
            self.draw,
            self.loss,
            self.zero_point_bye,
            self.forfeit_loss,
            self.pairing_allocated_bye,
        ) == (
            d.win,
            d.draw,
            d.loss,
            d.zero_point_bye,
            d.forfeit_loss,
            d.pairing_allocated_bye,
        )
    }
}

/// A configuration line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// 1-based line of the configuration text; 0 for a problem of the whole configuration.
    pub line: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "configuration: {}", self.message)
        } else {
            write!(f, "configuration line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for ConfigError {}

impl FromStr for Config {
    type Err = ConfigError;

    /// Reads `Key=Value` lines over the [defaults](Config::default); blank lines and text
    /// after `#` are ignored. Keys are case-sensitive. `TieBreaks` is checked for its form
    /// only; [`Config::parse_with`] also checks the codes.
    fn from_str(text: &str) -> Result<Config, ConfigError> {
        Config::parse_with(text, |_| Ok(()))
    }
}

impl Config {
    /// Reads the configuration like [`FromStr`], and hands each `TieBreaks` code to
    /// `check_tiebreak` (the caller knows the C.07 codes: this crate does not depend on
    /// the standings), whose refusal becomes an error of that line.
    pub fn parse_with(
        text: &str,
        check_tiebreak: impl Fn(&str) -> Result<(), String>,
    ) -> Result<Config, ConfigError> {
        let mut c = Config::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let err = |message: String| ConfigError { line, message };
            let Some((key, value)) = content.split_once('=') else {
                return Err(err(format!("expected Key=Value, found `{content}`")));
            };
            let (key, value) = (key.trim(), value.trim());
            let number = |max: u32| -> Result<u32, ConfigError> {
                value
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n <= max)
                    .ok_or_else(|| {
                        err(format!("{key}: expected a number 0-{max}, found `{value}`"))
                    })
            };
            let percent = || number(100).map(|n| n as u8);
            let points = || -> Result<Points, ConfigError> {
                value
                    .parse::<Points>()
                    .ok()
                    .filter(|p| p.tenths() >= 0)
                    .ok_or_else(|| {
                        err(format!(
                            "{key}: expected points such as 1.0, found `{value}`"
                        ))
                    })
            };
            match key {
                "PlayersNumber" => c.players = number(9999)? as u16,
                "RoundsNumber" => c.rounds = number(99)? as u16,
                "DrawPercentage" => c.draw_percentage = percent()?,
                "ForfeitRate" => c.forfeit_rate = percent()?,
                "RetiredRate" => c.retired_rate = percent()?,
                "HalfPointByeRate" => c.half_point_bye_rate = percent()?,
                "FullPointByeRate" => c.full_point_bye_rate = percent()?,
                "ZeroPointByeRate" => c.zero_point_bye_rate = percent()?,
                "HighestRating" => c.highest_rating = number(9999)? as u16,
                "LowestRating" => c.lowest_rating = number(9999)? as u16,
                "PointsForWin" => c.win = points()?,
                "PointsForDraw" => c.draw = points()?,
                "PointsForLoss" => c.loss = points()?,
                "PointsForZPB" => c.zero_point_bye = points()?,
                "PointsForForfeitLoss" => c.forfeit_loss = points()?,
                "PointsForPAB" => c.pairing_allocated_bye = points()?,
                "InitialColour" | "InitialColor" => {
                    c.initial_colour = match value.to_ascii_lowercase().as_str() {
                        "white" | "w" => Colour::White,
                        "black" | "b" => Colour::Black,
                        _ => return Err(err(format!("{key}: expected white or black"))),
                    }
                }
                "Edition" => {
                    c.edition = match value {
                        "2017" => DutchEdition::Rules2017,
                        "2026" => DutchEdition::Rules2026,
                        _ => return Err(err(format!("{key}: expected 2017 or 2026"))),
                    }
                }
                "Baku" => {
                    c.baku = match value.to_ascii_lowercase().as_str() {
                        "yes" | "true" | "1" => true,
                        "no" | "false" | "0" => false,
                        _ => return Err(err(format!("{key}: expected yes or no"))),
                    }
                }
                "SystemCode" => {
                    if value.is_empty() || value.contains(char::is_whitespace) {
                        return Err(err(format!(
                            "{key}: expected a code such as FIDE_DUTCH_2026"
                        )));
                    }
                    c.system_code = Some(value.to_owned());
                }
                "HalfZeroRate" => c.half_zero_rate = percent()?,
                "ZeroZeroRate" => c.zero_zero_rate = percent()?,
                "DoubleForfeitRate" => c.double_forfeit_rate = percent()?,
                "TieBreaks" => {
                    c.tiebreaks = tiebreak_list(value).map_err(|m| err(format!("{key}: {m}")))?;
                    for code in &c.tiebreaks {
                        check_tiebreak(code).map_err(|m| err(format!("{key}: `{code}`: {m}")))?;
                    }
                }
                _ => return Err(err(format!("unknown key `{key}`"))),
            }
        }
        c.check().map(|()| c)
    }
}

/// The codes of a `TieBreaks` value: comma-separated, each letters, digits and `/ + -`
/// (C.07 names with their modifiers, as TRF-2026 `202` writes them), a leading `PTS` dropped.
fn tiebreak_list(value: &str) -> Result<Vec<String>, String> {
    let mut codes: Vec<String> = value.split(',').map(|c| c.trim().to_owned()).collect();
    if codes.first().is_some_and(|c| c.eq_ignore_ascii_case("PTS")) {
        codes.remove(0);
    }
    let well_formed = |c: &String| {
        !c.is_empty()
            && c.chars().next().is_some_and(|ch| ch.is_ascii_alphabetic())
            && c.chars()
                .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '/' | '+' | '-'))
    };
    if codes.is_empty() || !codes.iter().all(well_formed) {
        return Err(format!(
            "expected tie-break codes separated by commas, such as BH/C1,BH,SB, found `{value}`"
        ));
    }
    Ok(codes)
}

/// Why a tournament could not be generated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GenerateError {
    /// The configuration is inconsistent.
    Config(ConfigError),
    /// The engine found no pairing for a round (C.04.3 1.9.3), e.g. too many rounds for the
    /// players.
    Pairing {
        /// The round that could not be paired.
        round: u16,
        /// Why not.
        error: PairingError,
    },
    /// The file built so far could not be read back as pairing input.
    Trf(TrfError),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Config(e) => e.fmt(f),
            GenerateError::Pairing { round, error } => write!(f, "round {round}: {error}"),
            GenerateError::Trf(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GenerateError {}

/// The SplitMix64 generator (Steele, Lea, Flood 2014): small, fast, and the same sequence on
/// every platform.
#[derive(Debug, Clone)]
struct SplitMix64(u64);

impl SplitMix64 {
    fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), by rejection so that no value is favoured.
    fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Uniform in `[0, 1)` with 53 bits.
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `percent` %.
    fn chance(&mut self, percent: u8) -> bool {
        self.below(100) < u64::from(percent)
    }

    /// Like [`SplitMix64::chance`], but draws nothing at 0 %, so that a rate left at 0 keeps
    /// the tournaments of earlier versions seed for seed.
    fn happens(&mut self, percent: u8) -> bool {
        percent > 0 && self.chance(percent)
    }
}

/// `e^x` from the basic IEEE operations only (exactly rounded on every platform), so that
/// a seed gives the same tournament everywhere: x/32 by Taylor series, then squared 5 times.
fn exp(x: f64) -> f64 {
    let y = x / 32.0;
    let (mut term, mut sum) = (1.0, 1.0);
    for k in 1..=12 {
        term = term * y / f64::from(k);
        sum += term;
    }
    for _ in 0..5 {
        sum *= sum;
    }
    sum
}

/// The expected score of a player rated `own` against `other` by the Elo formula
/// (`1 / (1 + 10^(-D/400))`, the difference capped at 800 points).
fn expected_score(own: u16, other: u16) -> f64 {
    let d = (f64::from(own) - f64::from(other)).clamp(-800.0, 800.0);
    1.0 / (1.0 + exp(-d * std::f64::consts::LN_10 / 400.0))
}

/// Generates a tournament by `config`, every round paired by [`pair_round`] from the file as
/// it stands, so that the checker (`trf_input` + the engine) re-pairs it identically.
pub fn generate(config: &Config, seed: u64) -> Result<Tournament, GenerateError> {
    config.check().map_err(GenerateError::Config)?;
    let mut rng = SplitMix64::new(seed);
    let n = config.players;
    let mut ratings: Vec<u16> = (0..n)
        .map(|_| {
            let span = u64::from(config.highest_rating - config.lowest_rating) + 1;
            config.lowest_rating + rng.below(span) as u16
        })
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let mut t = Tournament::default();
    let (code, start) = match config.edition {
        DutchEdition::Rules2026 => ("FIDE_DUTCH", "2026/02/01"),
        DutchEdition::Rules2017 => ("FIDE_DUTCH_2017", "2025/02/01"),
    };
    let system = match (&config.system_code, config.baku) {
        (Some(code), _) => code.clone(),
        (None, false) => code.to_owned(),
        (None, true) => format!("{code}_BAKU"),
    };
    let rated = ratings.iter().filter(|&&r| r > 0).count();
    let headers = [
        (12, format!("Arbiter random tournament, seed {seed}")),
        (42, start.to_owned()),
        (62, n.to_string()),
        (72, rated.to_string()),
        (92, "Individual: Swiss-System".to_owned()),
        (192, system),
    ];
    let tiebreak_headers = (!config.tiebreaks.is_empty()).then(|| {
        let list = config.tiebreaks.join(",");
        [(202, list.clone()), (212, format!("PTS,{list}"))]
    });
    let lines = t.lines_mut();
    for (code, value) in headers
        .into_iter()
        .chain(tiebreak_headers.into_iter().flatten())
    {
        lines.push(Line::new(Record::Header(Header::Text { code, value })));
    }
    lines.push(Line::new(Record::Header(Header::Rounds(u32::from(
        config.rounds,
    )))));
    lines.push(Line::new(Record::Header(Header::InitialColour(
        match config.initial_colour {
            Colour::White => trf::Colour::White,
            Colour::Black => trf::Colour::Black,
        },
    ))));
    lines.push(Line::new(Record::Header(Header::Scoring(
        config.scoring_162(),
    ))));
    lines.push(Line::new(Record::TotalRounds(u32::from(config.rounds))));
    lines.push(Line::new(Record::PairingOptions(PairingOptions {
        rank: false,
        initial_colour: Some(match config.initial_colour {
            Colour::White => trf::Colour::White,
            Colour::Black => trf::Colour::Black,
        }),
    })));
    if !config.is_standard_scoring() {
        lines.push(Line::new(Record::ExtendedScoring(config.scoring_xxs())));
    }
    for (i, &rating) in ratings.iter().enumerate() {
        let number = i as u16 + 1;
        lines.push(Line::new(Record::Player(trf::Player {
            person: trf::Person {
                number,
                name: format!("Player {number:04}"),
                rating: (rating > 0).then_some(rating),
                ..trf::Person::default()
            },
            ..trf::Player::default()
        })));
    }
    let mut withdrawn = vec![false; usize::from(n)];
    for round in 1..=config.rounds {
        for (k, p) in t.players_mut().enumerate() {
            if round > 1 && !withdrawn[k] && rng.chance(config.retired_rate) {
                withdrawn[k] = true;
            }
            let absence = if withdrawn[k] {
                Some(ResultCode::ZeroPointBye)
            } else if rng.chance(config.half_point_bye_rate) {
                Some(ResultCode::HalfPointBye)
            } else if rng.chance(config.full_point_bye_rate) {
                Some(ResultCode::FullPointBye)
            } else if rng.chance(config.zero_point_bye_rate) {
                Some(ResultCode::ZeroPointBye)
            } else {
                None
            };
            if let Some(code) = absence {
                p.rounds.push(RoundEntry::bye(code));
            }
        }
        let mut input =
            trf_input::input_for_round(&t, u32::from(round)).map_err(GenerateError::Trf)?;
        if config.baku {
            acceleration::apply_baku(&mut input);
        }
        let pairing = pair_round(&input, config.edition)
            .map_err(|error| GenerateError::Pairing { round, error })?;
        let mut entries: Vec<Option<RoundEntry>> = vec![None; usize::from(n) + 1];
        for board in &pairing.boards {
            let (w, b) = (board.white as usize, board.black as usize);
            let (white_result, black_result) = if rng.chance(config.forfeit_rate) {
                if rng.below(2) == 0 {
                    (ResultCode::ForfeitWin, ResultCode::ForfeitLoss)
                } else {
                    (ResultCode::ForfeitLoss, ResultCode::ForfeitWin)
                }
            } else if rng.happens(config.double_forfeit_rate) {
                (ResultCode::ForfeitLoss, ResultCode::ForfeitLoss)
            } else if rng.happens(config.zero_zero_rate) {
                (ResultCode::Loss, ResultCode::Loss)
            } else if rng.happens(config.half_zero_rate) {
                if rng.below(2) == 0 {
                    (ResultCode::Draw, ResultCode::Loss)
                } else {
                    (ResultCode::Loss, ResultCode::Draw)
                }
            } else {
                let expected = expected_score(ratings[w - 1], ratings[b - 1]);
                let draw = (f64::from(config.draw_percentage) / 100.0)
                    .min(2.0 * expected.min(1.0 - expected));
                let u = rng.unit();
                if u < expected - draw / 2.0 {
                    (ResultCode::Win, ResultCode::Loss)
                } else if u < expected + draw / 2.0 {
                    (ResultCode::Draw, ResultCode::Draw)
                } else {
                    (ResultCode::Loss, ResultCode::Win)
                }
            };
            entries[w] = Some(RoundEntry {
                opponent: Some(b as u16),
                colour: Some(trf::Colour::White),
                result: white_result,
            });
            entries[b] = Some(RoundEntry {
                opponent: Some(w as u16),
                colour: Some(trf::Colour::Black),
                result: black_result,
            });
        }
        if let Some(bye) = pairing.bye {
            entries[bye as usize] = Some(RoundEntry::bye(ResultCode::PairingAllocatedBye));
        }
        for p in t.players_mut() {
            if let Some(e) = entries[usize::from(p.number())] {
                p.rounds.push(e);
            }
        }
    }
    let scoring = t.scoring();
    let totals: Vec<Points> = t
        .players()
        .map(|p| p.rounds.iter().map(|e| scoring.points(e)).sum())
        .collect();
    let mut order: Vec<usize> = (0..totals.len()).collect();
    order.sort_by(|&a, &b| totals[b].cmp(&totals[a]).then(a.cmp(&b)));
    let mut rank = vec![0u16; totals.len()];
    for (place, &k) in order.iter().enumerate() {
        rank[k] = place as u16 + 1;
    }
    for (k, p) in t.players_mut().enumerate() {
        p.points = Some(totals[k]);
        p.rank = Some(rank[k]);
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_agrees_with_the_library_function() {
        for x in [-5.3, -1.0, 0.0, 0.5, 2.0, 5.3] {
            let (ours, std) = (exp(x), f64::exp(x));
            assert!((ours - std).abs() / std < 1e-12, "{x}: {ours} vs {std}");
        }
    }

    #[test]
    fn expected_score_follows_the_elo_table() {
        // FIDE table 8.1.2: a difference of 200 gives 0.76 (rounded).
        assert!((expected_score(2200, 2000) - 0.7597).abs() < 1e-3);
        assert!((expected_score(2000, 2000) - 0.5).abs() < 1e-12);
        assert!((expected_score(1000, 2000) - expected_score(1200, 2000)).abs() < 1e-12);
    }

    #[test]
    fn splitmix_matches_the_published_sequence() {
        // First outputs of SplitMix64 seeded with 1234567 (reference implementation).
        let mut r = SplitMix64::new(1_234_567);
        assert_eq!(r.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(r.next_u64(), 3_203_168_211_198_807_973);
    }

    #[test]
    fn random_configurations_stay_in_their_documented_ranges() {
        for seed in 0..200 {
            let c = Config::random(seed);
            assert!((15..=215).contains(&c.players), "{c:?}");
            assert!(
                (5..=15).contains(&c.rounds) && c.rounds <= c.players / 3,
                "{c:?}"
            );
            assert!((10..=50).contains(&c.draw_percentage), "{c:?}");
            assert!(c.forfeit_rate <= 5 && c.retired_rate <= 5 && c.half_point_bye_rate <= 5);
            assert_eq!(c.check(), Ok(()));
        }
        assert_ne!(Config::random(1), Config::random(2));
    }

    #[test]
    fn config_reads_keys_and_rejects_unknown_ones_with_the_line() {
        let c: Config = "# comment\nPlayersNumber=30 # players\n\nPointsForWin=3.0\nInitialColour=black\nEdition=2017\n"
            .parse()
            .unwrap();
        assert_eq!(c.players, 30);
        assert_eq!(c.win, Points::from_tenths(30));
        assert_eq!(c.initial_colour, Colour::Black);
        assert_eq!(c.edition, DutchEdition::Rules2017);
        let e = "PlayersNumber=30\nPlayerNumber=3\n"
            .parse::<Config>()
            .unwrap_err();
        assert_eq!(e.line, 2);
        let e = "DrawPercentage=140\n".parse::<Config>().unwrap_err();
        assert_eq!(e.line, 1);
        let e = "LowestRating=2000\nHighestRating=1000\n"
            .parse::<Config>()
            .unwrap_err();
        assert_eq!(e.line, 0);
    }
}
