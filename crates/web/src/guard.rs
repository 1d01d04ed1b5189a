//! Safety of a server on the user's own machine: any page the user visits
//! could otherwise make it solve and scan. Refuses requests for a host name
//! it does not serve (DNS rebinding), cross-origin state-changing requests,
//! and bodies a cross-site form could send, and a URI or header longer than
//! [`MAX_URI_BYTES`] or [`MAX_HEADER_BYTES`]; adds the page's security headers.

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::Arc;
use unblocker_api::ApiError;

/// The page loads only its own files; it is never framed.
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; \
    worker-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; manifest-src 'self'; \
    base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The longest URI (path and query) answered; a longer one gets 414.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// The most header bytes (names and values) answered; more get 431.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// The `Host` values the server answers to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Hosts {
    /// Any name (a server bound to every interface, `0.0.0.0`).
    #[default]
    Any,
    /// Exactly these `name:port` values (lower case).
    Only(Vec<String>),
}

impl Hosts {
    /// The names a browser sends for a server listening on `address`: the
    /// address itself, plus `localhost` on a loopback address; any name on
    /// an unspecified address (`0.0.0.0`, `::`).
    pub fn served_at(address: SocketAddr) -> Hosts {
        let ip = address.ip();
        if ip.is_unspecified() {
            return Hosts::Any;
        }
        let port = address.port();
        let mut names = vec![match address {
            SocketAddr::V4(a) => a.ip().to_string(),
            SocketAddr::V6(a) => format!("[{}]", a.ip()),
        }];
        if ip.is_loopback() {
            names.push("localhost".to_string());
        }
        let mut hosts: Vec<String> = names.iter().map(|n| format!("{n}:{port}")).collect();
        // Browsers leave out the default port.
        if port == 80 {
            hosts.extend(names);
        }
        Hosts::Only(hosts)
    }

    /// Whether a request for `host` is answered.
    fn admit(&self, host: &str) -> Result<(), Refusal> {
        match self {
            Hosts::Any => Ok(()),
            Hosts::Only(hosts) if hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) => Ok(()),
            Hosts::Only(hosts) => Err(Refusal::Host {
                got: host.to_string(),
                expected: hosts.join(" or "),
            }),
        }
    }
}

/// Why a request was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Refusal {
    #[error(
        "this server answers only to {expected}, not to the host name '{}'",
        unblocker_model::quote(got)
    )]
    Host { got: String, expected: String },
    #[error("cross-origin requests are refused (origin '{}'): open the page from this server", unblocker_model::quote(.0))]
    CrossOrigin(String),
    #[error(
        "send the request body as {expected}, not '{}'",
        unblocker_model::quote(got)
    )]
    ContentType { got: String, expected: &'static str },
    #[error("the URI is {0} bytes long; at most {MAX_URI_BYTES} are answered")]
    UriTooLong(usize),
    #[error("the headers are {0} bytes long; at most {MAX_HEADER_BYTES} are answered")]
    HeadersTooLarge(usize),
}

impl Refusal {
    fn status(&self) -> StatusCode {
        match self {
            Refusal::Host { .. } => StatusCode::MISDIRECTED_REQUEST,
            Refusal::CrossOrigin(_) => StatusCode::FORBIDDEN,
            Refusal::ContentType { .. } => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Refusal::UriTooLong(_) => StatusCode::URI_TOO_LONG,
            Refusal::HeadersTooLarge(_) => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        ApiError::new(refusal.status(), refusal.to_string())
    }
}

/// The middleware: checks a request, then adds the security headers to
/// whatever answers it (a refusal included).
pub async fn guard(State(hosts): State<Arc<Hosts>>, request: Request, next: Next) -> Response {
    let mut response = match check(&hosts, &request) {
        Ok(()) => next.run(request).await,
        Err(refusal) => ApiError::from(refusal).into_response(),
    };
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// The headers every answer carries.
pub(crate) const SECURITY_HEADERS: [(header::HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::X_FRAME_OPTIONS, "DENY"),
];

/// Every rule a request must pass.
fn check(hosts: &Hosts, request: &Request) -> Result<(), Refusal> {
    let (method, path, headers) = (request.method(), request.uri().path(), request.headers());
    let uri = request
        .uri()
        .path_and_query()
        .map_or(0, |p| p.as_str().len());
    if uri > MAX_URI_BYTES {
        return Err(Refusal::UriTooLong(uri));
    }
    let header_bytes: usize = headers
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum();
    if header_bytes > MAX_HEADER_BYTES {
        return Err(Refusal::HeadersTooLarge(header_bytes));
    }
    let host = text(headers, header::HOST).unwrap_or_default();
    hosts.admit(host)?;
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(());
    }
    same_origin(host, headers)?;
    content_type(path, headers)
}

fn text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// A browser says where a request comes from in `Sec-Fetch-Site` (recent
/// browsers) and `Origin` (every browser, on every POST); a request without
/// either is not from a web page (curl, scripts).
fn same_origin(host: &str, headers: &HeaderMap) -> Result<(), Refusal> {
    if let Some(site) = headers.get("sec-fetch-site") {
        let site = site.to_str().unwrap_or("?");
        if !matches!(site, "same-origin" | "none") {
            return Err(Refusal::CrossOrigin(format!("Sec-Fetch-Site: {site}")));
        }
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("?");
        if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
            return Err(Refusal::CrossOrigin(origin.to_string()));
        }
    }
    Ok(())
}

/// JSON for the API, an image or a multipart form for a scan: types a
/// cross-site form cannot send without the browser asking first (except
/// multipart, which the origin check covers).
fn content_type(path: &str, headers: &HeaderMap) -> Result<(), Refusal> {
    let got = text(headers, header::CONTENT_TYPE).unwrap_or("");
    let essence = got
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let (fits, expected) = if path == "/api/scan" {
        (
            essence.starts_with("image/")
                || essence == "application/octet-stream"
                || essence == "multipart/form-data",
            "an image (Content-Type image/png, image/jpeg, …) or multipart/form-data",
        )
    } else {
        (essence == "application/json", "application/json")
    };
    if fits {
        Ok(())
    } else {
        Err(Refusal::ContentType {
            got: if got.is_empty() { "none" } else { got }.to_string(),
            expected,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_serves_its_address_and_localhost() {
        let hosts = Hosts::served_at("127.0.0.1:8080".parse().unwrap());
        assert_eq!(
            hosts,
            Hosts::Only(vec!["127.0.0.1:8080".into(), "localhost:8080".into()])
        );
        assert!(hosts.admit("LOCALHOST:8080").is_ok());
        for foreign in ["localhost:8081", "attacker.example:8080", "127.0.0.1", ""] {
            assert_eq!(
                hosts.admit(foreign),
                Err(Refusal::Host {
                    got: foreign.to_string(),
                    expected: "127.0.0.1:8080 or localhost:8080".to_string()
                })
            );
        }
        let v6 = Hosts::served_at("[::1]:80".parse().unwrap());
        for name in ["[::1]:80", "[::1]", "localhost"] {
            assert!(v6.admit(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn a_lan_address_serves_only_itself_and_every_interface_any_name() {
        let lan = Hosts::served_at("192.168.1.20:8080".parse().unwrap());
        assert_eq!(lan, Hosts::Only(vec!["192.168.1.20:8080".into()]));
        assert!(lan.admit("localhost:8080").is_err());
        assert_eq!(
            Hosts::served_at("0.0.0.0:8080".parse().unwrap()),
            Hosts::Any
        );
    }
}
