//! The sanitizers `rest_sanitize_value_from_schema` calls for formats, and `wp_parse_list()`
//! (ports used without a host: the extension asks WordPress itself, see `hooks`).

use super::formats::is_hex_color;
use super::is_php_ws;

/// `wp_parse_list($scalar_as_string)`: `preg_split('/[\s,]+/', …, PREG_SPLIT_NO_EMPTY)`.
pub fn parse_list(s: &[u8]) -> Vec<&[u8]> {
    s.split(|&b| b == b',' || is_php_ws(b))
        .filter(|p| !p.is_empty())
        .collect()
}

/// `_sanitize_text_fields($s, $keep_newlines)` without filters.
pub fn sanitize_text_field(s: &[u8], keep_newlines: bool) -> Vec<u8> {
    if s.is_empty() || std::str::from_utf8(s).is_err() {
        return Vec::new();
    }
    let mut f: Vec<u8> = s.to_vec();
    if f.contains(&b'<') {
        f = pre_kses_less_than(&f);
        f = strip_all_tags(&f);
        f = replace_all(&f, b"<\n", b"&lt;\n");
    }
    if !keep_newlines {
        let mut out = Vec::with_capacity(f.len());
        let mut in_ws = false;
        for &b in &f {
            if matches!(b, b'\r' | b'\n' | b'\t' | b' ') {
                if !in_ws {
                    out.push(b' ');
                }
                in_ws = true;
            } else {
                out.push(b);
                in_ws = false;
            }
        }
        f = out;
    }
    f = php_trim(&f).to_vec();
    let mut found = false;
    loop {
        let pos = f
            .windows(3)
            .position(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit());
        match pos {
            Some(p) => {
                let m = f[p..p + 3].to_vec();
                f = replace_all(&f, &m, b"");
                found = true;
            }
            None => break,
        }
    }
    if found {
        let mut out = Vec::with_capacity(f.len());
        let mut prev_space = false;
        for &b in &f {
            if b == b' ' {
                if !prev_space {
                    out.push(b);
                }
                prev_space = true;
            } else {
                out.push(b);
                prev_space = false;
            }
        }
        f = php_trim(&out).to_vec();
    }
    f
}

/// `trim()` with the default character list " \t\n\r\0\x0B".
pub fn php_trim(s: &[u8]) -> &[u8] {
    let set: &[u8] = b" \t\n\r\0\x0B";
    let mut a = 0;
    let mut b = s.len();
    while a < b && set.contains(&s[a]) {
        a += 1;
    }
    while b > a && set.contains(&s[b - 1]) {
        b -= 1;
    }
    &s[a..b]
}

fn replace_all(s: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    if from.is_empty() {
        return s.to_vec();
    }
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// `wp_pre_kses_less_than`: `<` not starting a tag-like `<[^>]*?((?=<)|>|$)` chunk that
/// contains `>` becomes `&lt;`. Mirrors the regex callback: a match without `>` is escaped.
fn pre_kses_less_than(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'<' {
            // match `<[^>]*?((?=<)|>|$)` lazily: stop at the first '<' (lookahead), '>' or end
            let mut j = i + 1;
            loop {
                if j >= s.len() {
                    // `$` matched (end): no '>' in the chunk → escape
                    out.extend_from_slice(b"&lt;");
                    out.extend_from_slice(&s[i + 1..j]);
                    break;
                }
                if s[j] == b'<' {
                    out.extend_from_slice(b"&lt;");
                    out.extend_from_slice(&s[i + 1..j]);
                    break;
                }
                if s[j] == b'>' {
                    j += 1;
                    out.extend_from_slice(&s[i..j]);
                    break;
                }
                if s[j] == b'\n' && j + 1 == s.len() {
                    // `$` before a final newline
                    out.extend_from_slice(b"&lt;");
                    out.extend_from_slice(&s[i + 1..j]);
                    break;
                }
                j += 1;
            }
            i = j;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// `wp_strip_all_tags($s)` (no break removal): drop script/style elements, `strip_tags`, trim.
fn strip_all_tags(s: &[u8]) -> Vec<u8> {
    let s = remove_script_style(s);
    let s = strip_tags(&s);
    php_trim(&s).to_vec()
}

fn remove_script_style(s: &[u8]) -> Vec<u8> {
    // '@<(script|style)[^>]*?>.*?</\1>@si'
    let lower: Vec<u8> = s.to_ascii_lowercase();
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    'outer: while i < s.len() {
        if s[i] == b'<' {
            for tag in [&b"script"[..], &b"style"[..]] {
                if lower[i + 1..].starts_with(tag) {
                    if let Some(gt) = s[i + 1 + tag.len()..].iter().position(|&b| b == b'>') {
                        let body = i + 1 + tag.len() + gt + 1;
                        let mut close = b"</".to_vec();
                        close.extend_from_slice(tag);
                        close.push(b'>');
                        if let Some(c) = lower[body..]
                            .windows(close.len())
                            .position(|w| w == close.as_slice())
                        {
                            i = body + c + close.len();
                            continue 'outer;
                        }
                    }
                }
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// A simplified `strip_tags` state machine (PHP's php_strip_tags without allowed tags):
/// removes `<…>` spans (quotes inside tags respected), `<!-- … -->` comments, and `<?…?>`.
fn strip_tags(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        if c == b'<' {
            // PHP: '<' followed by whitespace is not a tag
            if i + 1 < s.len() && (s[i + 1] as char).is_ascii_whitespace() {
                out.push(c);
                i += 1;
                continue;
            }
            if s[i..].starts_with(b"<!--") {
                match s[i + 4..].windows(3).position(|w| w == b"-->") {
                    Some(p) => {
                        i = i + 4 + p + 3;
                        continue;
                    }
                    None => break,
                }
            }
            // inside a tag until the matching '>' (depth for nested '<')
            let mut depth = 1;
            let mut quote: Option<u8> = None;
            let mut j = i + 1;
            while j < s.len() {
                let d = s[j];
                match quote {
                    Some(q) => {
                        if d == q {
                            quote = None;
                        }
                    }
                    None => match d {
                        b'"' | b'\'' => quote = Some(d),
                        b'<' => depth += 1,
                        b'>' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    },
                }
                j += 1;
            }
            i = j + 1;
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// The protocols `wp_allowed_protocols()` returns by default.
const PROTOCOLS: [&str; 22] = [
    "http", "https", "ftp", "ftps", "mailto", "news", "irc", "irc6", "ircs", "gopher", "nntp",
    "feed", "telnet", "mms", "rtsp", "sms", "svn", "tel", "fax", "xmpp", "webcal", "urn",
];

/// A subset of `sanitize_url()` (`esc_url( …, 'db' )`): ltrim, spaces to %20, drop characters
/// outside the URL set, strip %0a/%0d, default to http://, and reject unknown protocols.
pub fn sanitize_url(s: &[u8]) -> Vec<u8> {
    if s.is_empty() {
        return Vec::new();
    }
    let ws: &[u8] = b" \t\n\r\0\x0B";
    let start = s.iter().position(|b| !ws.contains(b)).unwrap_or(s.len());
    let mut url: Vec<u8> = Vec::with_capacity(s.len());
    for &b in &s[start..] {
        if b == b' ' {
            url.extend_from_slice(b"%20");
        } else if b.is_ascii_alphanumeric() || b >= 0x80 || b"-~+_.?#=!&;,/:%@$|*'()[]".contains(&b)
        {
            url.push(b);
        }
    }
    if url.is_empty() {
        return url;
    }
    if !(url.len() >= 7 && url[..7].eq_ignore_ascii_case(b"mailto:")) {
        loop {
            let before = url.len();
            for pat in [b"%0d", b"%0a"] {
                url = replace_all_ci(&url, pat);
            }
            if url.len() == before {
                break;
            }
        }
    }
    url = replace_all(&url, b";//", b"://");
    if url.is_empty() {
        return url;
    }
    let is_php_file = {
        let dot = url.windows(4).position(|w| w.eq_ignore_ascii_case(b".php"));
        matches!(dot, Some(d) if d > 0 && url[..d].iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-'))
    };
    if !url.contains(&b':') && !matches!(url[0], b'/' | b'#' | b'?') && !is_php_file {
        let mut u = b"http://".to_vec();
        u.extend_from_slice(&url);
        url = u;
    }
    if url[0] == b'/' {
        return url;
    }
    let stop = url
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(url.len());
    if let Some(colon) = url.iter().position(|&b| b == b':') {
        if colon < stop {
            let scheme = url[..colon].to_ascii_lowercase();
            if !PROTOCOLS.iter().any(|p| p.as_bytes() == scheme.as_slice()) {
                return Vec::new();
            }
        }
    }
    url
}

fn replace_all_ci(s: &[u8], pat: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s.len() - i >= pat.len() && s[i..i + pat.len()].eq_ignore_ascii_case(pat) {
            i += pat.len();
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// `sanitize_hex_color`: the color when valid, '' otherwise.
pub fn sanitize_hex_color(s: &[u8]) -> Vec<u8> {
    if is_hex_color(s) {
        s.to_vec()
    } else {
        Vec::new()
    }
}
