//! The appeal of a team championship without a local tribunal (SJRP §21.2, §21.3): the
//! tournament is finished first (§21.2.4); within 5 days after its end the captain appeals in
//! writing to the 1. Vorsitzender (§21.2.5, §21.2.6), who passes it to the Spielleiter für
//! Mannschaftsturniere (§21.2.10) — or straight to the Schiedsgericht of the SBRP when the
//! Spielleiter directed the tournament (§21.3.1); the fee of 10 € is paid within 5 days
//! (§21.2.8). Against the Spielleiter's decision a further appeal within 5 days, fee 50 €,
//! goes to the Schiedsgericht, the last instance (§21.2.11-§21.2.15).

use super::{
    APPEAL_FEE_CENTS, Appeal, CaseError, DAYS_TO_APPEAL, FURTHER_FEE_CENTS, Instance, Procedure,
    Proceedings,
};
use crate::date::{Date, DateTime};

impl Proceedings {
    /// Lodges the appeal against the director's decision on protest `n` of the §21.2
    /// procedure at `now`. `ended` is the last day of the tournament, `None` while it is not
    /// finished (§21.2.4); `directed_by_spielleiter` sends it to the Schiedsgericht (§21.3.1).
    /// The fee may follow within 5 days ([`Proceedings::pay_appeal_fee`]).
    pub fn appeal_to_federation(
        &mut self,
        n: u32,
        written: bool,
        fee_paid: bool,
        ended: Option<Date>,
        directed_by_spielleiter: bool,
        now: DateTime,
    ) -> Result<(), CaseError> {
        let p = self.appealable(n, Procedure::Federation)?;
        let ended = ended.ok_or(CaseError::NotEnded)?;
        within(ended, now, false)?;
        if !written {
            return Err(CaseError::NotInWriting);
        }
        let instance = if directed_by_spielleiter {
            Instance::Schiedsgericht
        } else {
            Instance::Spielleiter
        };
        p.appeal = Some(lodged(now, APPEAL_FEE_CENTS, fee_paid, instance));
        Ok(())
    }

    /// Lodges the further appeal against the Spielleiter's decision on protest `n` at `now`:
    /// within 5 days of it, in writing, fee 50 € within 5 days, to the Schiedsgericht
    /// (§21.2.11-§21.2.15).
    pub fn further_appeal(
        &mut self,
        n: u32,
        written: bool,
        fee_paid: bool,
        now: DateTime,
    ) -> Result<(), CaseError> {
        let p = self.protest_mut(n)?;
        let first = p.appeal.as_ref().ok_or(CaseError::NoAppeal(n))?;
        let decided = first.decision.as_ref().ok_or(CaseError::NoAppeal(n))?;
        if first.instance != Instance::Spielleiter || p.further.is_some() {
            let last = p.further.as_ref().map_or(first.instance, |f| f.instance);
            return Err(CaseError::Final(n, last));
        }
        within(decided.at.date, now, true)?;
        if !written {
            return Err(CaseError::NotInWriting);
        }
        p.further = Some(lodged(
            now,
            FURTHER_FEE_CENTS,
            fee_paid,
            Instance::Schiedsgericht,
        ));
        Ok(())
    }

    /// Records at `now` the payment of the fee of protest `n`'s open appeal; after its 5 days
    /// the appeal is inadmissible (§21.2.8, §21.2.9, §21.2.13, §21.2.14).
    pub fn pay_appeal_fee(&mut self, n: u32, now: DateTime) -> Result<(), CaseError> {
        let p = self.protest_mut(n)?;
        let a = p
            .pending_mut()
            .filter(|a| !a.fee_paid)
            .ok_or(CaseError::NoAppeal(n))?;
        if now.date > a.fee_due() {
            return Err(CaseError::Inadmissible(n));
        }
        a.fee_paid = true;
        Ok(())
    }
}

/// Refuses an appeal lodged more than 5 days after `from` (§21.2.5, §21.2.11).
fn within(from: Date, now: DateTime, further: bool) -> Result<(), CaseError> {
    let last_day = from.add_days(DAYS_TO_APPEAL);
    if now.date > last_day {
        return Err(CaseError::AppealLate { last_day, further });
    }
    Ok(())
}

fn lodged(now: DateTime, fee_cents: u32, fee_paid: bool, instance: Instance) -> Appeal {
    Appeal {
        filed: now,
        fee_cents,
        fee_paid,
        instance,
        bench: Vec::new(),
        decision: None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Entitled, NewProtest};
    use super::*;

    fn on(day: &str) -> DateTime {
        DateTime {
            date: day.parse().unwrap(),
            time: "18:00".parse().unwrap(),
        }
    }

    fn team_protest(p: &mut Proceedings) -> u32 {
        let protest = NewProtest {
            section: "U16 Mannschaft".into(),
            round: 3,
            board: Some(2),
            by: "Kaya, Elif".into(),
            role: Entitled::Captain,
            club: "SC Mainz".into(),
            subject: "Aufstellung des Gegners regelwidrig".into(),
        };
        p.file_team_protest(protest, on("2026-03-14"), false)
            .unwrap()
    }

    #[test]
    fn h18_05_without_a_tribunal_the_appeal_comes_after_the_end_within_five_days() {
        let mut p = Proceedings::default();
        let n = team_protest(&mut p);
        assert_eq!(p.protest(n).unwrap().procedure, Procedure::Federation);
        p.decide(n, false, "Aufstellung war korrekt", on("2026-03-14"))
            .unwrap();
        let to_tribunal = p.appeal(n, true, true, Vec::new(), on("2026-03-14"));
        assert_eq!(
            to_tribunal,
            Err(CaseError::WrongProcedure(n, Procedure::Federation))
        );
        let early = p.appeal_to_federation(n, true, true, None, false, on("2026-03-14"));
        assert_eq!(early.clone(), Err(CaseError::NotEnded));
        assert!(early.unwrap_err().german().ends_with("(SJRP §21.2.4)"));
        assert!(
            p.blocking("U16 Mannschaft", 4).is_none(),
            "§21.2.4: play on"
        );
        let ended = Some("2026-03-15".parse().unwrap());
        let late = p.appeal_to_federation(n, true, true, ended, false, on("2026-03-21"));
        let last_day = "2026-03-20".parse().unwrap();
        assert_eq!(
            late,
            Err(CaseError::AppealLate {
                last_day,
                further: false
            })
        );
        assert_eq!(
            p.appeal_to_federation(n, false, true, ended, false, on("2026-03-20")),
            Err(CaseError::NotInWriting)
        );
        p.appeal_to_federation(n, true, false, ended, false, on("2026-03-20"))
            .unwrap();
        let a = p.protest(n).unwrap().appeal.clone().unwrap();
        assert_eq!(
            (a.instance, a.fee_cents, a.fee_paid),
            (Instance::Spielleiter, 1000, false)
        );
        assert_eq!(
            p.decide_appeal(n, true, "stattgegeben", on("2026-03-22")),
            Err(CaseError::FeeDue {
                last_day: "2026-03-25".parse().unwrap()
            })
        );
        assert_eq!(
            p.pay_appeal_fee(n, on("2026-03-26")),
            Err(CaseError::Inadmissible(n))
        );
        assert_eq!(
            p.decide_appeal(n, true, "stattgegeben", on("2026-03-26")),
            Err(CaseError::Inadmissible(n))
        );
        p.decide_appeal(n, false, "unzulässig (§21.2.9)", on("2026-03-26"))
            .unwrap();
        assert!(!p.protest(n).unwrap().appeal.as_ref().unwrap().refund());
    }

    #[test]
    fn h18_05_the_spielleiters_decision_goes_on_to_the_schiedsgericht_for_50_euros() {
        let mut p = Proceedings::default();
        let n = team_protest(&mut p);
        p.decide(n, false, "abgelehnt", on("2026-03-14")).unwrap();
        let ended = Some("2026-03-15".parse().unwrap());
        p.appeal_to_federation(n, true, false, ended, false, on("2026-03-16"))
            .unwrap();
        p.pay_appeal_fee(n, on("2026-03-18")).unwrap();
        assert_eq!(
            p.further_appeal(n, true, true, on("2026-03-19")),
            Err(CaseError::NoAppeal(n))
        );
        p.decide_appeal(n, false, "zurückgewiesen", on("2026-04-01"))
            .unwrap();
        let late = p.further_appeal(n, true, true, on("2026-04-07"));
        assert!(late.unwrap_err().german().ends_with("(SJRP §21.2.11)"));
        p.further_appeal(n, true, true, on("2026-04-06")).unwrap();
        let f = p.protest(n).unwrap().further.clone().unwrap();
        assert_eq!((f.instance, f.fee_cents), (Instance::Schiedsgericht, 5000));
        assert!(p.protest(n).unwrap().appeal_open());
        p.decide_appeal(n, true, "stattgegeben", on("2026-05-02"))
            .unwrap();
        let f = p.protest(n).unwrap().further.clone().unwrap();
        assert!(f.refund(), "§21.2.16");
        let again = p
            .further_appeal(n, true, true, on("2026-05-03"))
            .unwrap_err();
        assert_eq!(again, CaseError::Final(n, Instance::Schiedsgericht));
        assert!(again.german().ends_with("(SJRP §21.2.15)"));
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Proceedings>(&json).unwrap(), p);
    }

    #[test]
    fn h18_05_directed_by_the_spielleiter_the_appeal_goes_straight_to_the_schiedsgericht() {
        let mut p = Proceedings::default();
        let n = team_protest(&mut p);
        p.decide(n, false, "abgelehnt", on("2026-03-14")).unwrap();
        let ended = Some("2026-03-15".parse().unwrap());
        p.appeal_to_federation(n, true, true, ended, true, on("2026-03-15"))
            .unwrap();
        let a = p.protest(n).unwrap().appeal.clone().unwrap();
        assert_eq!(a.instance, Instance::Schiedsgericht);
        p.decide_appeal(n, false, "zurückgewiesen", on("2026-04-01"))
            .unwrap();
        assert_eq!(
            p.further_appeal(n, true, true, on("2026-04-02")),
            Err(CaseError::Final(n, Instance::Schiedsgericht))
        );
    }
}
