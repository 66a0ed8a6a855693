//! German and English UI text. The language comes from `?lang=`, else the `lang` cookie, else
//! the `Accept-Language` header; English is the default.

use std::collections::BTreeMap;

pub use event::Lang;

/// Every UI text of `lang`, by key.
pub fn texts(lang: Lang) -> BTreeMap<&'static str, &'static str> {
    TEXTS
        .iter()
        .map(|&(key, en, de)| (key, lang.pick(en, de)))
        .collect()
}

/// Key, English, German.
const TEXTS: &[(&str, &str, &str)] = &[
    (
        "title",
        "Arbiter tournament service",
        "Arbiter Turnierdienst",
    ),
    ("events", "Events", "Turniere"),
    ("new_event", "New event", "Neues Turnier"),
    ("name", "Name", "Name"),
    ("place", "Place", "Ort"),
    ("start_date", "Start date", "Beginn"),
    ("create", "Create", "Anlegen"),
    ("login", "Log in", "Anmelden"),
    ("logout", "Log out", "Abmelden"),
    ("user", "User", "Benutzer"),
    ("password", "Password", "Passwort"),
    ("sections", "Sections", "Gruppen"),
    ("new_section", "New section", "Neue Gruppe"),
    ("rounds", "Rounds", "Runden"),
    ("round", "Round", "Runde"),
    ("system", "System", "System"),
    ("swiss", "Swiss (Dutch)", "Schweizer System (Dutch)"),
    (
        "round_robin",
        "Round robin (Berger)",
        "Rundenturnier (Berger)",
    ),
    ("tiebreaks", "Tie-breaks", "Feinwertungen"),
    ("players", "Players", "Teilnehmer"),
    ("add_player", "Add player", "Teilnehmer hinzufügen"),
    ("last_name", "Last name", "Nachname"),
    ("first_name", "First name", "Vorname"),
    ("federation", "Federation", "Verband"),
    ("club", "Club", "Verein"),
    ("birth", "Birth date", "Geburtsdatum"),
    ("sex", "Sex", "Geschlecht"),
    (
        "first_round",
        "First round (late entry)",
        "Erste Runde (Nachmeldung)",
    ),
    ("withdraw", "Withdraw", "Zurückziehen"),
    (
        "withdrawn",
        "withdrawn after round",
        "zurückgezogen nach Runde",
    ),
    ("reinstate", "Reinstate", "Wieder aufnehmen"),
    ("pair_next", "Pair next round", "Nächste Runde auslosen"),
    ("pairing", "Pairing", "Paarungen"),
    (
        "preview",
        "Preview (not published)",
        "Vorschau (nicht veröffentlicht)",
    ),
    ("publish", "Publish", "Veröffentlichen"),
    ("unpair", "Unpair", "Auslosung zurücknehmen"),
    ("board", "Board", "Brett"),
    ("white", "White", "Weiß"),
    ("black", "Black", "Schwarz"),
    ("result", "Result", "Ergebnis"),
    ("bye", "bye", "spielfrei"),
    ("standings", "Standings", "Tabelle"),
    ("crosstable", "Crosstable", "Kreuztabelle"),
    ("alphabetical", "Alphabetical", "Alphabetisch"),
    ("by_board", "By board", "Nach Brettern"),
    ("rank", "Rank", "Platz"),
    ("points", "Points", "Punkte"),
    ("export_trf", "Export TRF26", "TRF26 exportieren"),
    ("export_csv", "Standings (CSV)", "Rangliste (CSV)"),
    (
        "export_dsb_xml",
        "DSB XML (DWZ evaluation)",
        "DSB-XML (DWZ-Auswertung)",
    ),
    ("export_swi", "SWI (DWZ evaluation)", "SWI (DWZ-Auswertung)"),
    (
        "import_trf",
        "Import TRF to continue an event",
        "TRF importieren und fortsetzen",
    ),
    ("import", "Import", "Importieren"),
    ("audit", "Audit log", "Änderungsprotokoll"),
    ("users", "Accounts", "Benutzerkonten"),
    ("role", "Role", "Rolle"),
    ("role_arbiter", "Arbiter", "Schiedsrichter"),
    ("role_admin", "Admin", "Administrator"),
    ("new_account", "New account", "Neues Konto"),
    ("saved", "saved", "gespeichert"),
    ("error", "Error", "Fehler"),
    ("no_events", "No events yet.", "Noch keine Turniere."),
    ("print", "Print", "Drucken"),
    (
        "breakdown",
        "Tie-break breakdown",
        "Feinwertung im Einzelnen",
    ),
    ("when", "When", "Wann"),
    ("action", "Action", "Aktion"),
    ("old", "Old", "Alt"),
    ("new", "New", "Neu"),
    ("warnings", "Warnings", "Hinweise"),
    ("settings", "Settings", "Einstellungen"),
    ("save", "Save", "Speichern"),
    ("classes", "Classes", "Altersklassen"),
    (
        "double_round_robin",
        "Double round robin (Berger)",
        "Doppelrundenturnier (Berger)",
    ),
    (
        "suggested_system",
        "Suggested system",
        "Vorgeschlagenes System",
    ),
    ("time_control", "Time control", "Bedenkzeit"),
    ("profile", "Regulations", "Regelwerk"),
    (
        "default_time",
        "Default time (minutes)",
        "Karenzzeit (Minuten)",
    ),
    ("scoring", "Scoring", "Punktwertung"),
    ("dwz_evaluation", "DWZ evaluation", "DWZ-Auswertung"),
    ("elo_evaluation", "FIDE rating", "Elo-Auswertung"),
    (
        "initial_colour",
        "Colour of no. 1 in round 1",
        "Farbe von Nr. 1 in Runde 1",
    ),
    (
        "schedule",
        "Schedule (one line per round: YYYY-MM-DD HH:MM)",
        "Zeitplan (eine Zeile je Runde: JJJJ-MM-TT HH:MM)",
    ),
    ("end_date", "End date", "Ende"),
    ("cut_off", "Age cut-off day (MM-DD)", "Stichtag (MM-TT)"),
    ("cut_off_year", "Cut-off year", "Jahr des Stichtags"),
    (
        "public_birth",
        "Birth dates for the public",
        "Geburtsdaten für die Öffentlichkeit",
    ),
    ("public_birth_year", "year only", "nur das Jahr"),
    ("time_zone", "Time zone", "Zeitzone"),
    ("public_birth_none", "none", "keine"),
    (
        "cut_off_previous",
        "year before the season (DSJ reading)",
        "Vorjahr der Saison (DSJ-Lesart)",
    ),
    ("cut_off_season", "season year", "Jahr der Saison"),
    ("cut_off_day", "Cut-off day", "Stichtag"),
    ("timetable", "Timetable", "Zeitplan"),
    ("class_ranking", "Ranking of", "Wertung"),
    // Team events.
    ("teams", "Teams", "Mannschaften"),
    ("team", "Team", "Mannschaft"),
    ("games", "Games", "Partien"),
    ("competition", "Competition", "Wettbewerb"),
    ("boards", "boards", "Bretter"),
    ("board_colours", "Board colours", "Brettfarben"),
    ("match_points", "Match points", "Mannschaftspunkte"),
    ("order", "Order", "Wertung"),
    (
        "squad_violations",
        "Squad rule violations",
        "Verstöße gegen die Meldevorschriften",
    ),
    ("substitute", "substitute", "Ersatz"),
    ("pair_round", "Pair round", "Runde auslosen"),
    ("register_team", "Register team", "Mannschaft melden"),
    ("club_or_school", "Club or school", "Verein oder Schule"),
    (
        "school_type",
        "School type (school teams)",
        "Schulart (Schulmannschaften)",
    ),
    (
        "secondary_school",
        "Secondary school",
        "Realschule plus / IGS",
    ),
    ("primary_school", "Primary school", "Grundschule"),
    (
        "vocational_school",
        "Vocational school",
        "Berufsbildende Schule",
    ),
    (
        "squad_lines",
        "Players in board order, one per line: Last, First; DWZ; birth date; sex; grade",
        "Spieler in Brettreihenfolge, einer je Zeile: Name, Vorname; DWZ; Geburtsdatum; Geschlecht; Klasse",
    ),
    ("team_bye", "team bye", "spielfrei"),
    ("confirmed", "confirmed", "bestätigt"),
    (
        "submitted",
        "submitted, awaiting the arbiter",
        "gemeldet, wartet auf den Schiedsrichter",
    ),
    ("lineup", "lineup", "Aufstellung"),
    ("lineup_default", "registered order", "Meldereihenfolge"),
    (
        "lineup_submitted",
        "submitted, awaiting the arbiter",
        "gemeldet, wartet auf den Schiedsrichter",
    ),
    ("lineup_confirmed", "confirmed", "bestätigt"),
    ("confirm", "Confirm", "Bestätigen"),
    ("submit_lineup", "Submit lineup", "Aufstellung melden"),
    ("scored", "Scored", "Gewertet"),
    ("forfeited_match", "Forfeited match", "Kampflos"),
    ("absent", "absent", "nicht angetreten"),
    (
        "confirm_result",
        "Enter and confirm result",
        "Ergebnis eintragen und bestätigen",
    ),
    ("submit_result", "Submit result", "Ergebnis melden"),
    ("board_statistics", "Best player per board", "Brettwertung"),
    (
        "new_team_section",
        "New team section",
        "Neue Mannschaftsgruppe",
    ),
    ("role_captain", "Captain", "Mannschaftsführer"),
    (
        "captain_team",
        "Team (captains)",
        "Mannschaft (Mannschaftsführer)",
    ),
    (
        "upload_list",
        "Import players from a list",
        "Teilnehmer aus einer Liste importieren",
    ),
    ("list_file", "Player list", "Spielerliste"),
    (
        "clubs_file",
        "DSB vereine.csv (optional)",
        "DSB vereine.csv (optional)",
    ),
    ("list_format", "Format", "Format"),
    ("format_auto", "detect", "automatisch erkennen"),
    ("upload", "Upload and preview", "Hochladen und prüfen"),
    (
        "upload_preview",
        "Preview of the list",
        "Vorschau der Liste",
    ),
    (
        "upload_failed",
        "The upload cannot be read",
        "Die Datei kann nicht gelesen werden",
    ),
    (
        "upload_nothing_stored",
        "Nothing was stored; the registered players are unchanged.",
        "Nichts wurde gespeichert; die gemeldeten Teilnehmer sind unverändert.",
    ),
    (
        "upload_skipped",
        "Rows that could not be read",
        "Zeilen, die nicht gelesen werden konnten",
    ),
    ("line", "Line", "Zeile"),
    ("class", "Class", "Klasse"),
    (
        "register_selected",
        "Register selected",
        "Ausgewählte melden",
    ),
    ("trf_file", "TRF file", "TRF-Datei"),
    ("edit_pairings", "Edit pairings", "Paarungen bearbeiten"),
    (
        "edit_published",
        "This round is published: pairings can only be edited before publication.",
        "Diese Runde ist veröffentlicht: Paarungen können nur vor der Veröffentlichung bearbeitet werden.",
    ),
    ("swap_colours", "Swap colours", "Farben tauschen"),
    ("unpair_board", "Take apart", "Paarung auflösen"),
    ("pair_by_hand", "Pair by hand", "Von Hand paaren"),
    ("exchange_players", "Exchange players", "Spieler tauschen"),
    ("give_bye", "Give bye", "Freilos geben"),
    (
        "manual_note",
        "Boards marked * were paired by hand. Manual pairings must be published at least 30 minutes before the round (SJRP Spielordnung §6.2).",
        "Mit * markierte Bretter wurden von Hand gepaart. Manuelle Paarungen müssen mindestens 30 Minuten vor der Runde veröffentlicht werden (SJRP-Spielordnung §6.2).",
    ),
    ("published_at", "Published at", "Veröffentlicht am"),
    ("result_slips", "Result slips", "Ergebniszettel"),
    ("signature", "Signature", "Unterschrift"),
    ("number", "No.", "Nr."),
    ("colour", "Colour", "Farbe"),
    ("opponent", "Opponent", "Gegner"),
    ("score", "Score", "Stand"),
    ("performance", "Performance", "Turnierleistung"),
    ("rated_games", "rated games", "gewertete Partien"),
    ("requested_byes", "Requested byes", "Beantragte Freilose"),
    ("request_bye", "Request a bye", "Freilos beantragen"),
    ("dwz_list", "DWZ from list", "DWZ aus Liste"),
    ("elo_list", "Elo from list", "Elo aus Liste"),
    ("result_bye", "Pairing-allocated bye", "Freilos der Auslosung (spielfrei)"),
    ("result_bye-1", "Full-point bye (1)", "Freilos mit 1 Punkt"),
    ("result_bye-1/2", "Half-point bye (½)", "Freilos mit ½ Punkt"),
    ("result_bye-0", "Zero-point bye (0)", "Freilos ohne Punkt (0)"),
    (
        "none",
        "none (withdraw request)",
        "keins (Antrag zurückziehen)",
    ),
    ("moves_pgn", "Moves (PGN)", "Züge (PGN)"),
    ("games_pgn", "Games (PGN)", "Partien (PGN)"),
    ("player_card", "Player card", "Spielerkarte"),
    ("starting_ranks", "Starting ranks", "Setzliste"),
    ("seeding", "Seeding", "Setzreihenfolge"),
    (
        "seeding_help",
        "dwz-elo: DWZ, else Elo; elo-dwz: Elo, else DWZ; max: the higher one; pseudo-800: DWZ, else Elo, else 800; then title and name. No. is the pairing number.",
        "dwz-elo: DWZ, sonst Elo; elo-dwz: Elo, sonst DWZ; max: die höhere; pseudo-800: DWZ, sonst Elo, sonst 800; danach Titel und Name. Nr. ist die Startnummer.",
    ),
    (
        "seeding_then",
        "then title and name. No. is the pairing number.",
        "danach Titel und Name. Nr. ist die Startnummer.",
    ),
    (
        "numbers_frozen",
        "Round 1 is paired: the starting ranks are fixed.",
        "Runde 1 ist ausgelost: die Startnummern stehen fest.",
    ),
    ("reseed", "Re-seed by the rule", "Nach der Regel neu setzen"),
    ("new_number", "New No.", "Neue Nr."),
    ("move_player", "Move player", "Spieler verschieben"),
    ("player_title", "Title", "Titel"),
    (
        "admission_list",
        "Admission list (SJRP §7.2, §8.1), one a line: Last, First, birth year, class, FIDE id; empty: everyone",
        "Teilnahmeberechtigte (SJRP §7.2, §8.1), je Zeile: Nachname, Vorname, Jahrgang, Klasse, FIDE-ID; leer: alle",
    ),
    ("edit_player", "Edit player", "Teilnehmer bearbeiten"),
    ("player_saved", "Player saved.", "Teilnehmer gespeichert."),
    (
        "delete_player",
        "Delete entry (before pairing)",
        "Meldung löschen (vor der Auslosung)",
    ),
    (
        "merge_duplicate",
        "Merge duplicate",
        "Dublette zusammenführen",
    ),
    ("merge_into", "Keep instead", "Behalten wird"),
    ("female", "f", "w"),
    (
        "override_reason",
        "Reason for exception",
        "Begründung für Ausnahme",
    ),
    (
        "admitted_over",
        "Admitted by exception",
        "Zugelassen als Ausnahme",
    ),
    ("back", "Back", "Zurück"),
    ("error_400", "Bad request", "Ungültige Eingabe"),
    ("error_403", "Not allowed", "Nicht erlaubt"),
    ("error_404", "Not found", "Nicht gefunden"),
    (
        "error_409",
        "Changed meanwhile",
        "Zwischenzeitlich geändert",
    ),
    ("error_413", "Too large", "Zu groß"),
    ("error_422", "Refused", "Abgelehnt"),
    ("error_429", "Too many attempts", "Zu viele Versuche"),
    ("error_500", "Internal error", "Interner Fehler"),
    ("check_in", "Check-in", "Anmeldung vor Ort"),
    ("checked_in", "Checked in", "Anwesend"),
    ("check_in_now", "Check in", "Anwesend melden"),
    (
        "check_in_off",
        "This section does not use check-in; switch it on in the settings.",
        "Diese Gruppe verwendet keine Anmeldung vor Ort; sie lässt sich in den Einstellungen einschalten.",
    ),
    (
        "check_in_rule",
        "Round 1 pairs only the players checked in; the others get a zero-point bye.",
        "Die 1. Runde lost nur die anwesenden Spieler aus; die anderen erhalten ein Freilos mit null Punkten.",
    ),
    (
        "check_in_closed",
        "Round 1 is paired: check-in is closed. Later absences are byes or forfeits.",
        "Die 1. Runde ist ausgelost: der Check-in ist geschlossen. Spätere Abwesenheiten sind Freilose oder kampflose Partien.",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_first_supported() {
        assert_eq!(
            Lang::from_accept_language("fr-FR, de-DE;q=0.8, en;q=0.5"),
            Some(Lang::De)
        );
        assert_eq!(Lang::from_accept_language("fr"), None);
        assert_eq!(Lang::from_code("EN-gb"), Some(Lang::En));
    }

    #[test]
    fn both_languages_have_every_key() {
        assert_eq!(texts(Lang::En).len(), TEXTS.len());
        assert_eq!(texts(Lang::De)["standings"], "Tabelle");
    }
}
