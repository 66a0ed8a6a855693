//! Form bodies (`application/x-www-form-urlencoded`) read strictly: a field whose
//! percent-decoded bytes are not UTF-8 is refused with its name instead of being silently
//! altered (U+FFFD), and a body over the limit is a 413.

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use percent_encoding::percent_decode;
use serde::de::DeserializeOwned;

use crate::AppError;

/// A form deserialized into `T` after [`check_utf8`]; use it instead of `axum::Form`.
pub(crate) struct Form<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Form<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Form<T>, AppError> {
        let (parts, bytes) = body(req, state).await?;
        parse(&parts, bytes, state).await.map(Form)
    }
}

/// The body of a form request, checked by [`check_utf8`].
pub(crate) async fn body<S: Send + Sync>(
    req: Request,
    state: &S,
) -> Result<(Parts, Bytes), AppError> {
    let (parts, body) = req.into_parts();
    let bytes = Bytes::from_request(Request::from_parts(parts.clone(), body), state)
        .await
        .map_err(|e| body_error(e.status(), &e.body_text()))?;
    check_utf8(&bytes)?;
    Ok((parts, bytes))
}

/// A form body read by [`body`], deserialized into `T`.
pub(crate) async fn parse<T: DeserializeOwned, S: Send + Sync>(
    parts: &Parts,
    bytes: Bytes,
    state: &S,
) -> Result<T, AppError> {
    let req = Request::from_parts(parts.clone(), Body::from(bytes));
    axum::Form::<T>::from_request(req, state)
        .await
        .map(|axum::Form(value)| value)
        .map_err(|e| AppError::BadRequest(format!("form: {}", e.body_text())))
}

/// The error of a body that could not be read: 413 over the limit, 400 otherwise.
fn body_error(status: StatusCode, text: &str) -> AppError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::TooLarge(format!("the request is too large ({text})"))
    } else {
        AppError::BadRequest(format!("the request body cannot be read: {text}"))
    }
}

/// The `name=value` pairs of an urlencoded body, still encoded.
fn pairs(body: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> {
    body.split(|&b| b == b'&')
        .filter(|p| !p.is_empty())
        .map(|pair| match pair.iter().position(|&b| b == b'=') {
            Some(i) => (&pair[..i], &pair[i + 1..]),
            None => (pair, &[][..]),
        })
}

/// The decoded value of the first field `name` of an urlencoded body (e.g. the CSRF token,
/// read beside the form's own fields without deserializing the body twice).
pub(crate) fn field(body: &[u8], name: &str) -> Option<String> {
    pairs(body)
        .find(|(n, _)| decode(n).as_deref() == Some(name))
        .and_then(|(_, v)| decode(v))
}

/// Refuses an urlencoded body whose field names or values are not UTF-8 once decoded.
pub(crate) fn check_utf8(body: &[u8]) -> Result<(), AppError> {
    for (name, value) in pairs(body) {
        let name = decode(name)
            .ok_or_else(|| AppError::BadRequest("form: a field name is not UTF-8".into()))?;
        if decode(value).is_none() {
            return Err(not_utf8(&name));
        }
    }
    Ok(())
}

/// The error of a form field `name` whose value is not UTF-8.
pub(crate) fn not_utf8(name: &str) -> AppError {
    AppError::BadRequest(format!(
        "form field `{name}`: not valid UTF-8 text (expected the form sent as UTF-8)"
    ))
}

/// A name or value with `+` as space and `%XX` decoded; `None` when not UTF-8.
fn decode(part: &[u8]) -> Option<String> {
    let spaced: Vec<u8> = part
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    percent_decode(&spaced)
        .decode_utf8()
        .ok()
        .map(|s| s.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h19_09_invalid_utf8_in_a_form_names_the_field() {
        assert!(check_utf8(b"user=J%C3%BCrgen+M&csrf=x&flag").is_ok());
        let e = check_utf8(b"csrf=x&name=M%FCller").unwrap_err();
        assert_eq!(e.status(), StatusCode::BAD_REQUEST);
        assert!(e.to_string().contains("`name`"), "{e}");
        assert!(check_utf8(b"n%FF=1").is_err());
    }

    #[test]
    fn h12_01_a_field_is_read_from_the_body_decoded() {
        let body = b"name=J%C3%BCrgen+M&csrf=a%2Bb+c&csrf=second&flag";
        assert_eq!(field(body, "csrf").as_deref(), Some("a+b c"));
        assert_eq!(field(body, "name").as_deref(), Some("Jürgen M"));
        assert_eq!(field(body, "flag").as_deref(), Some(""));
        assert_eq!(field(body, "missing"), None);
    }
}
