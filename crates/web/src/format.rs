//! Template filters that write numbers, dates and colours as the page's language does: German
//! pages use the decimal comma (`4,5`), `TT.MM.JJJJ` dates (`07.04.2026`) and `w`/`s` for
//! weiß/schwarz; English pages keep `4.5`, `2026-04-07` and `w`/`b`. The language is the page
//! context's `lang`. Draws are `½-½` in both.

use minijinja::value::Value;
use minijinja::{Environment, State};

/// Registers the filters `num`, `day`, `colour` and `result`.
pub(crate) fn register(env: &mut Environment<'static>) {
    env.add_filter("num", num);
    env.add_filter("day", day);
    env.add_filter("colour", colour);
    env.add_filter("result", result);
}

/// A game result as chess writes it in every language: `½-½` for the stored `1/2-1/2`.
fn result(value: Value) -> Value {
    match value.as_str() {
        Some(text) if text.contains("1/2") => Value::from(text.replace("1/2", "½")),
        _ => value,
    }
}

/// Whether the page is German.
fn german(state: &State) -> bool {
    state
        .lookup("lang")
        .is_some_and(|l| l.as_str() == Some("de"))
}

/// A number (points, a tie-break value) with the decimal comma on German pages; anything that is
/// not a decimal number is left as it is.
fn num(state: &State, value: Value) -> Value {
    if value.is_none() || value.is_undefined() {
        return value;
    }
    let text = value.to_string();
    let decimal = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
        && text.bytes().any(|b| b.is_ascii_digit());
    if german(state) && decimal {
        Value::from(text.replace('.', ","))
    } else {
        value
    }
}

/// An ISO date (`2026-04-07`) as `07.04.2026` on German pages; anything else as it is.
fn day(state: &State, value: Value) -> Value {
    let Some(text) = value.as_str() else {
        return value;
    };
    match (german(state), text.parse::<event::date::Date>()) {
        (true, Ok(date)) if text.len() == 10 => Value::from(date.german()),
        _ => value,
    }
}

/// A colour letter (`w`, `b`) as the page's language abbreviates it: `s` for schwarz in German.
fn colour(state: &State, value: Value) -> Value {
    match (german(state), value.as_str()) {
        (true, Some("b")) => Value::from("s"),
        (true, Some("B")) => Value::from("S"),
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use minijinja::{Environment, context};

    fn render(template: &str, lang: &str, value: &str) -> String {
        let mut env = Environment::new();
        super::register(&mut env);
        env.render_str(template, context! { lang => lang, v => value })
            .unwrap()
    }

    #[test]
    fn h14_03_german_pages_write_decimal_commas_dotted_dates_and_s_for_black() {
        let cases = [
            ("num", "de", "26.50", "26,50"),
            ("num", "en", "26.50", "26.50"),
            ("num", "de", "4", "4"),
            ("num", "de", "1-0", "1-0"),
            ("num", "de", "Kim, A.", "Kim, A."),
            ("day", "de", "2026-04-07", "07.04.2026"),
            ("day", "en", "2026-04-07", "2026-04-07"),
            ("day", "de", "2014", "2014"),
            ("day", "de", "07.04.2026", "07.04.2026"),
            ("colour", "de", "b", "s"),
            ("colour", "de", "w", "w"),
            ("colour", "en", "b", "b"),
            ("result", "de", "1/2-1/2", "½-½"),
            ("result", "en", "1/2-1/2", "½-½"),
            ("result", "de", "+/-", "+/-"),
        ];
        for (filter, lang, value, expected) in cases {
            let template = format!("{{{{ v|{filter} }}}}");
            assert_eq!(
                render(&template, lang, value),
                expected,
                "{filter} {lang} {value}"
            );
        }
    }
}
