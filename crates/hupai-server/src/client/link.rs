//! The links the server hands out, read back: a server, a table, a seat with its token, a table
//! to watch.

use super::error::ClientError;
use super::http::check_table_id;

/// A server or table link as `POST /api/tables` and the lobby give them out:
/// `http://HOST:PORT` (the server), `http://HOST:PORT/t/ID` (a table with an open seat to
/// take), `http://HOST:PORT/t/ID?seat=P#token=TOKEN` (a seat), `http://HOST:PORT/t/ID?watch`.
///
/// ```
/// use hupai_server::client::Link;
/// let l: Link = "http://127.0.0.1:8080/t/Ab3_x-9?seat=2#token=tok_EN-1".parse().unwrap();
/// assert_eq!(l.base, "http://127.0.0.1:8080");
/// assert_eq!(l.table.as_deref(), Some("Ab3_x-9"));
/// assert_eq!((l.seat, l.token.as_deref(), l.watch), (Some(2), Some("tok_EN-1"), false));
/// assert!("http://h:1/t/x?watch".parse::<Link>().unwrap().watch);
/// assert!("https://h/t/x".parse::<Link>().is_err());
/// assert!("http://h:1/lobby".parse::<Link>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The server: `http://HOST[:PORT]`.
    pub base: String,
    /// The table, if the link names one.
    pub table: Option<String>,
    /// The seat the link says (the token decides which seat is played).
    pub seat: Option<usize>,
    /// The seat's token.
    pub token: Option<String>,
    /// A link to watch the table.
    pub watch: bool,
}

impl std::str::FromStr for Link {
    type Err = ClientError;

    fn from_str(text: &str) -> Result<Link, ClientError> {
        let bad = |why| ClientError::Link { link: text.to_string(), why };
        let rest = match text.trim().split_once("://") {
            Some(("http", rest)) => rest,
            Some(("https", _)) => {
                return Err(bad("https is not spoken by this client: use the http:// address"))
            }
            Some(_) => return Err(bad("use an http:// link")),
            None => return Err(bad("use an http:// link (http://HOST:PORT)")),
        };
        let (rest, fragment) = rest.split_once('#').unwrap_or((rest, ""));
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let (authority, path) = match rest.find('/') {
            Some(i) => rest.split_at(i),
            None => (rest, ""),
        };
        if authority.is_empty() || authority.contains('@') || authority.contains(' ') {
            return Err(bad("no HOST:PORT after http://"));
        }
        let table = match path.trim_end_matches('/') {
            "" => None,
            p => match p.strip_prefix("/t/") {
                Some(id) if check_table_id(id).is_ok() => Some(id.to_string()),
                _ => return Err(bad("not a table link: http://HOST:PORT/t/ID")),
            },
        };
        let mut link = Link {
            base: format!("http://{authority}"),
            table,
            seat: None,
            token: None,
            watch: false,
        };
        for pair in query.split('&').chain(fragment.split('&')).filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                "watch" => link.watch = true,
                "seat" => {
                    let seat = value.parse().ok().filter(|s| *s < 4);
                    link.seat = Some(seat.ok_or_else(|| bad("seat= takes 0..3"))?);
                }
                "token" if !value.is_empty() => link.token = Some(value.to_string()),
                "token" => return Err(bad("an empty token")),
                _ => {} // other parameters are the web page's
            }
        }
        if link.table.is_none() && (link.watch || link.token.is_some() || link.seat.is_some()) {
            return Err(bad("a seat or watch link names its table: http://HOST:PORT/t/ID"));
        }
        if link.watch && link.token.is_some() {
            return Err(bad("a link to watch carries no token"));
        }
        Ok(link)
    }
}
