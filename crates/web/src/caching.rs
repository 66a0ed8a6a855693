//! HTTP caching of the public pages, exports and JSON API (#17 item 5), for browsers and for a
//! cache or CDN in front of several server processes.
//!
//! An anonymous `GET` of a public output of an event or section gets an `ETag` derived from
//! what it shows ([`store::Store::event_fingerprint`]: the event's version and each of its
//! sections' revision and version — every change of results, rounds, players, teams and
//! settings raises one) and the answer's language. The tag is read from the database before
//! anything is rendered: a request whose `If-None-Match` names it gets `304 Not Modified`
//! without the page being built. As the tag comes from the database, every process serving it
//! gives the same tag for the same content. Answers are `public, max-age=0, must-revalidate`
//! (a cache keeps them but asks again each time), or `private` when they set a cookie; a
//! logged-in viewer (session cookie) sees more than the public and gets `private, no-store`.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use store::EventOf;

use crate::i18n::Lang;
use crate::{AppState, SESSION_COOKIE, cookie, request_lang};

/// `Cache-Control` of anonymous public answers: any cache may keep them, but must ask again.
pub const PUBLIC: &str = "public, max-age=0, must-revalidate";
/// `Cache-Control` of public answers that set a cookie (only the browser may keep them).
pub const PRIVATE: &str = "private, max-age=0, must-revalidate";
/// `Cache-Control` of the same outputs for a logged-in viewer.
pub const NO_STORE: &str = "private, no-store";

/// Which public outputs are cacheable, by path: those of one section, or of a whole event.
fn scope(path: &str) -> Option<EventOf> {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let (api, rest) = match segments.split_first() {
        Some((&"api", rest)) => (true, rest),
        _ => (false, &segments[..]),
    };
    match rest {
        ["sections", id, tail @ ..] if public_section_output(api, tail) => {
            id.parse().ok().map(EventOf::Section)
        }
        ["events", id, tail @ ..] if matches!(tail, [] | ["final"] | ["proceedings"]) => {
            id.parse().ok().map(EventOf::Event)
        }
        _ => None,
    }
}

/// Whether `tail` (after `/sections/{id}`) names a public output of a section.
fn public_section_output(api: bool, tail: &[&str]) -> bool {
    let common = matches!(
        tail,
        [] | ["standings"]
            | ["rounds", _]
            | ["players", _]
            | ["teams", "standings"]
            | ["teams", "rounds", _]
    );
    common
        || if api {
            matches!(tail, ["pgn"] | ["export", _])
        } else {
            matches!(
                tail,
                ["crosstable"]
                    | ["standings.csv"]
                    | ["export.trf" | "export.xml" | "export.swi" | "export.pgn"]
                    | ["certificates"]
                    | ["rounds", _, "alphabetical"]
                    | ["teams"]
            )
        }
}

/// The entity tag of content with `fingerprint` in `lang`, as a page or as an htmx fragment:
/// FNV-1a of all three and the release, quoted.
fn entity_tag(fingerprint: &str, lang: Lang, htmx: bool) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let version = env!("CARGO_PKG_VERSION");
    let form = if htmx { "htmx" } else { "page" };
    for byte in [fingerprint, lang.code(), form, version].join("|").bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("\"{hash:016x}\"")
}

/// Whether `If-None-Match` names `tag` (or is `*`); weak tags compare by their value.
fn matches(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim())
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == tag)
}

/// Answers revalidations of public outputs with 304 and marks their answers cacheable.
pub(crate) async fn http_cache(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return next.run(req).await;
    }
    let Some(of) = scope(req.uri().path()) else {
        return next.run(req).await;
    };
    if cookie(req.headers(), SESSION_COOKIE).is_some() {
        let mut response = next.run(req).await;
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(NO_STORE));
        return response;
    }
    // Read before rendering: content rendered later is at least as new as the tag says.
    let fingerprint = match state.store().event_fingerprint(of).await {
        Ok(Some(f)) => f,
        _ => return next.run(req).await,
    };
    let lang = request_lang(req.uri(), req.headers());
    let htmx = req.headers().contains_key("hx-request");
    let tag = entity_tag(&fingerprint, lang, htmx);
    if matches(req.headers(), &tag) {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        validators(response.headers_mut(), &tag, PUBLIC);
        return response;
    }
    let lang_cookie = cookie(req.headers(), "lang").map(str::to_owned);
    let mut response = next.run(req).await;
    if response.status() != StatusCode::OK {
        return response;
    }
    let headers = response.headers_mut();
    drop_repeated_lang_cookie(headers, lang_cookie.as_deref());
    let control = if headers.contains_key(header::SET_COOKIE) {
        PRIVATE
    } else {
        PUBLIC
    };
    validators(headers, &tag, control);
    response
}

/// `ETag`, `Cache-Control` and `Vary` (the language comes from the cookie or the browser; htmx
/// requests get fragments).
fn validators(headers: &mut HeaderMap, tag: &str, control: &'static str) {
    if let Ok(tag) = HeaderValue::from_str(tag) {
        headers.insert(header::ETAG, tag);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(control));
    headers.insert(
        header::VARY,
        HeaderValue::from_static("Cookie, Accept-Language, HX-Request"),
    );
}

/// Removes a `lang` cookie the request already carries with the same value (pages set it on
/// every answer): an answer without `Set-Cookie` may be kept by shared caches.
fn drop_repeated_lang_cookie(headers: &mut HeaderMap, sent: Option<&str>) {
    let Some(sent) = sent else { return };
    let repeated = format!("lang={sent};");
    let kept: Vec<HeaderValue> = headers
        .get_all(header::SET_COOKIE)
        .iter()
        .filter(|v| !v.to_str().is_ok_and(|c| c.starts_with(&repeated)))
        .cloned()
        .collect();
    headers.remove(header::SET_COOKIE);
    for value in kept {
        headers.append(header::SET_COOKIE, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h17_05_public_outputs_are_scoped_to_their_event_or_section() {
        assert_eq!(scope("/sections/7/standings"), Some(EventOf::Section(7)));
        assert_eq!(scope("/api/sections/7/rounds/2"), Some(EventOf::Section(7)));
        assert_eq!(scope("/sections/7/export.trf"), Some(EventOf::Section(7)));
        assert_eq!(
            scope("/api/sections/7/export/trf"),
            Some(EventOf::Section(7))
        );
        assert_eq!(scope("/events/3"), Some(EventOf::Event(3)));
        assert_eq!(scope("/api/events/3/final"), Some(EventOf::Event(3)));
        for private in [
            "/",
            "/login",
            "/users",
            "/audit",
            "/events/3/settings",
            "/sections/7/check-in",
            "/sections/7/starting-ranks",
            "/sections/7/rounds/2/slips",
            "/sections/x/standings",
            "/healthz",
        ] {
            assert_eq!(scope(private), None, "{private}");
        }
    }

    #[test]
    fn h17_05_tags_differ_by_content_and_language() {
        let a = entity_tag("e1;s1.4.1", Lang::En, false);
        assert_eq!(a, entity_tag("e1;s1.4.1", Lang::En, false));
        assert_ne!(a, entity_tag("e1;s1.5.1", Lang::En, false));
        assert_ne!(a, entity_tag("e1;s1.4.1", Lang::De, false));
        assert_ne!(
            a,
            entity_tag("e1;s1.4.1", Lang::En, true),
            "fragments differ"
        );
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&format!("\"x\", W/{a}")).unwrap(),
        );
        assert!(matches(&headers, &a));
        assert!(!matches(&headers, &entity_tag("e2", Lang::En, false)));
    }
}
