//! Small, exact re-implementations of the PHP and WordPress primitives that
//! `rest_validate_value_from_schema` relies on (PHP 8.2 semantics).
//!
//! Each function names the PHP function it mirrors; the pure-PHP fallback
//! (wp-plugin/includes/Fallback/Validator.php) calls the originals.

/// 2^63 as a float: where PHP's float-to-integer conversions leave the i64 range.
const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;

/// The whitespace `is_numeric` accepts around a number: " \t\n\r\v\f".
#[inline]
pub fn is_php_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// A number as PHP sees a numeric string or a numeric zval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }
}

/// PHP 8 comparison of two numbers: `$a <=> $b` (None when NaN is involved: every ordered
/// comparison with NaN is false in PHP).
pub fn num_cmp(a: Num, b: Num) -> Option<std::cmp::Ordering> {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => Some(x.cmp(&y)),
        _ => a.as_f64().partial_cmp(&b.as_f64()),
    }
}

/// `is_numeric($string)` and the number PHP makes of it (`is_numeric_string`).
/// Leading and trailing whitespace is allowed (PHP 8); no hex, no `_`, no inf/nan words.
pub fn parse_numeric(s: &[u8]) -> Option<Num> {
    let mut start = 0;
    while start < s.len() && is_php_ws(s[start]) {
        start += 1;
    }
    let mut end = s.len();
    while end > start && is_php_ws(s[end - 1]) {
        end -= 1;
    }
    let t = &s[start..end];
    if t.is_empty() {
        return None;
    }
    let mut i = 0;
    if t[0] == b'+' || t[0] == b'-' {
        i = 1;
    }
    let int_start = i;
    while i < t.len() && t[i].is_ascii_digit() {
        i += 1;
    }
    let int_digits = i - int_start;
    let mut is_float = false;
    let mut frac_digits = 0;
    if i < t.len() && t[i] == b'.' {
        is_float = true;
        i += 1;
        let fs = i;
        while i < t.len() && t[i].is_ascii_digit() {
            i += 1;
        }
        frac_digits = i - fs;
    }
    if int_digits == 0 && frac_digits == 0 {
        return None;
    }
    if i < t.len() && (t[i] == b'e' || t[i] == b'E') {
        let mut j = i + 1;
        if j < t.len() && (t[j] == b'+' || t[j] == b'-') {
            j += 1;
        }
        let es = j;
        while j < t.len() && t[j].is_ascii_digit() {
            j += 1;
        }
        if j == es {
            return None;
        }
        is_float = true;
        i = j;
    }
    if i != t.len() {
        return None;
    }
    let text = std::str::from_utf8(t).ok()?;
    if !is_float {
        if let Ok(v) = text.parse::<i64>() {
            return Some(Num::Int(v));
        }
    }
    // Rust's parser rejects a leading '+', a bare trailing '.' is fine for it ("5." parses).
    let text = text.strip_prefix('+').unwrap_or(text);
    text.parse::<f64>().ok().map(Num::Float)
}

/// `floor($f) === $f`: whole (INF counts, NaN does not). Without a libm call: where the compiler
/// evaluates this ahead of the type check (on an unused enum payload), valgrind flags floor()'s
/// branches; a cast and a compare carry no branch.
pub fn float_is_whole(f: f64) -> bool {
    /// From 2^52 up every finite double is whole.
    const ALL_WHOLE: f64 = 4_503_599_627_370_496.0;
    if f.abs() < ALL_WHOLE {
        (f as i64) as f64 == f
    } else {
        !f.is_nan()
    }
}

/// `rest_is_integer` on a string: `/^\s*[+-]?[0-9]+\s*$/` first, then the float rule.
pub fn str_is_integer(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() && is_php_ws(s[i]) {
        i += 1;
    }
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        i += 1;
    }
    let ds = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    if i > ds {
        let mut j = i;
        while j < s.len() && is_php_ws(s[j]) {
            j += 1;
        }
        // PCRE's `$` also matches before a final "\n"; \s already covers that newline.
        if j == s.len() {
            return true;
        }
    }
    match parse_numeric(s) {
        Some(Num::Int(_)) => true,
        Some(Num::Float(f)) => float_is_whole(f),
        None => false,
    }
}

/// `mb_strlen($s)` in UTF-8 as PHP 8.2's mbstring counts it (by lead-byte table, so invalid
/// sequences still count deterministically: C0, C1 and F5..FF lead nothing): the port used
/// without a host (the extension asks PHP itself, `hooks::mb_strlen`).
pub fn mb_strlen(s: &[u8]) -> usize {
    let mut i = 0;
    let mut n = 0;
    while i < s.len() {
        let b = s[i];
        i += match b {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 1,
        };
        n += 1;
    }
    n
}

/// `(string) $float` with PHP's default `precision = 14`.
pub fn float_to_php_string(f: f64) -> String {
    if f.is_nan() {
        return "NAN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "INF".into() } else { "-INF".into() };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    // 14 significant digits, correctly rounded.
    let e = format!("{:.13e}", f.abs());
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    while digits.len() > 1 && digits.ends_with('0') {
        digits.pop();
    }
    let decpt = exp + 1; // value = 0.DIGITS * 10^decpt
    let neg = if f < 0.0 { "-" } else { "" };
    if !(-3..=14).contains(&decpt) {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        let sign = if decpt - 1 < 0 { '-' } else { '+' };
        return format!("{neg}{first}.{rest}E{sign}{}", (decpt - 1).abs());
    }
    if decpt <= 0 {
        return format!("{neg}0.{}{}", "0".repeat((-decpt) as usize), digits);
    }
    let d = decpt as usize;
    if digits.len() <= d {
        format!("{neg}{}{}", digits, "0".repeat(d - digits.len()))
    } else {
        format!("{neg}{}.{}", &digits[..d], &digits[d..])
    }
}

/// `(int) $float` on 64-bit PHP 8.2 (`zend_dval_to_lval`: modular for finite out-of-range
/// values, 0 for NaN/INF).
pub fn float_to_int(f: f64) -> i64 {
    if !f.is_finite() {
        return 0;
    }
    if (-TWO_POW_63..TWO_POW_63).contains(&f) {
        return f as i64;
    }
    // zend_dval_to_lval modular arithmetic
    let two64 = 18446744073709551616.0_f64;
    let mut dmod = f % two64;
    if dmod < 0.0 {
        // we're going to make this number positive; call ourselves recursively
        // if the result is -zend_long_MIN, which can't be represented as positive
        dmod += two64;
        if dmod >= two64 {
            return 0;
        }
    }
    if dmod > TWO_POW_63 {
        dmod -= two64;
    }
    dmod as i64
}

/// `(int) $string` (PHP 8.2: leading numeric prefix; float forms saturate).
pub fn str_to_int(s: &[u8]) -> i64 {
    match numeric_prefix(s) {
        Some(Num::Int(i)) => i,
        Some(Num::Float(f)) => {
            if !f.is_finite() {
                0 // zend_dval_to_lval_cap: NAN and INF ("1e400") are 0, finite floats saturate
            } else if f >= TWO_POW_63 {
                i64::MAX
            } else if f <= -TWO_POW_63 {
                i64::MIN
            } else {
                f as i64
            }
        }
        None => 0,
    }
}

/// `(float) $string`.
pub fn str_to_float(s: &[u8]) -> f64 {
    match numeric_prefix(s) {
        Some(n) => n.as_f64(),
        None => 0.0,
    }
}

/// The longest numeric prefix of a string (after leading whitespace), as `(int)`/`(float)`
/// casts read it.
fn numeric_prefix(s: &[u8]) -> Option<Num> {
    let mut i = 0;
    while i < s.len() && is_php_ws(s[i]) {
        i += 1;
    }
    let start = i;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        i += 1;
    }
    let ds = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - ds;
    let mut end = i;
    let mut is_float = false;
    if i < s.len() && s[i] == b'.' {
        let mut j = i + 1;
        let fs = j;
        while j < s.len() && s[j].is_ascii_digit() {
            j += 1;
        }
        if digits > 0 || j > fs {
            digits += j - fs;
            is_float = true;
            end = j;
        }
    }
    if digits == 0 {
        return None;
    }
    if end < s.len() && (s[end] == b'e' || s[end] == b'E') {
        let mut j = end + 1;
        if j < s.len() && (s[j] == b'+' || s[j] == b'-') {
            j += 1;
        }
        let es = j;
        while j < s.len() && s[j].is_ascii_digit() {
            j += 1;
        }
        if j > es {
            is_float = true;
            end = j;
        }
    }
    parse_numeric(&s[start..end]).or(if is_float {
        None
    } else {
        Some(Num::Float(0.0))
    })
}

/// `strtolower` (ASCII only since PHP 8.2) compared with a lowercase literal.
pub fn eq_ignore_ascii_case(s: &[u8], lower: &str) -> bool {
    s.eq_ignore_ascii_case(lower.as_bytes())
}

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

/// `rest_parse_hex_color`: `|^#([A-Fa-f0-9]{3}){1,2}$|` (`$` also before a final "\n").
pub fn is_hex_color(s: &[u8]) -> bool {
    let s = strip_final_newline(s);
    (s.len() == 4 || s.len() == 7) && s[0] == b'#' && s[1..].iter().all(|b| b.is_ascii_hexdigit())
}

/// PCRE's `$` without the D modifier matches before one trailing "\n".
fn strip_final_newline(s: &[u8]) -> &[u8] {
    s.strip_suffix(b"\n").unwrap_or(s)
}

/// `wp_is_uuid($s)` (no version).
pub fn is_uuid(s: &[u8]) -> bool {
    let s = strip_final_newline(s);
    if s.len() != 36 {
        return false;
    }
    s.iter().enumerate().all(|(i, &b)| match i {
        8 | 13 | 18 | 23 => b == b'-',
        _ => matches!(b, b'0'..=b'9' | b'a'..=b'f'),
    })
}

/// `rest_parse_date($s) !== false`: the RFC 3339 regex, then `strtotime` must succeed.
pub fn is_rest_date(s: &[u8]) -> bool {
    let s0 = strip_final_newline(s);
    let d = |i: usize| s0.get(i).is_some_and(|b| b.is_ascii_digit());
    if s0.len() < 19 {
        return false;
    }
    if !(d(0)
        && d(1)
        && d(2)
        && d(3)
        && s0[4] == b'-'
        && d(5)
        && d(6)
        && s0[7] == b'-'
        && d(8)
        && d(9))
    {
        return false;
    }
    if !matches!(s0[10], b'T' | b't' | b' ') {
        return false;
    }
    if !(d(11) && d(12) && s0[13] == b':' && d(14) && d(15) && s0[16] == b':' && d(17) && d(18)) {
        return false;
    }
    let mut i = 19;
    if i < s0.len() && s0[i] == b'.' {
        let fs = i + 1;
        i = fs;
        while i < s0.len() && s0[i].is_ascii_digit() {
            i += 1;
        }
        if i == fs {
            return false;
        }
    }
    if i < s0.len() {
        match s0[i] {
            b'Z' => i += 1,
            b'+' | b'-' => {
                if !(d(i + 1) && d(i + 2)) {
                    return false;
                }
                i += 3;
                if i < s0.len() && s0[i] == b':' {
                    if !(d(i + 1) && d(i + 2)) {
                        return false;
                    }
                    i += 3;
                }
            }
            _ => return false,
        }
    }
    if i != s0.len() {
        return false;
    }
    super::hooks::strtotime(s)
}

/// The host's `strtotime` stand-in (`cargo test`): the part that matters after the RFC 3339
/// regex matched (measured on PHP 8.2; offsets past it are not modelled): month <= 12, day <= 31, hour <= 24, minute <= 59, second <= 60 (zeros accepted); a
/// "+HH:MM" offset needs HH <= 24 and MM <= 59 (a bare "+HH" is always read).
pub fn strtotime_accepts(s: &[u8]) -> bool {
    let n = |a: usize, b: usize| -> u32 {
        s[a..b]
            .iter()
            .fold(0u32, |acc, c| acc * 10 + (c - b'0') as u32)
    };
    if n(5, 7) > 12 || n(8, 10) > 31 || n(11, 13) > 24 || n(14, 16) > 59 || n(17, 19) > 60 {
        return false;
    }
    let body = strip_final_newline(s);
    if let Some(pos) = body.iter().rposition(|&b| b == b'+' || b == b'-') {
        if pos > 19 {
            let tz = &body[pos + 1..];
            if tz.len() == 5 && tz[2] == b':' {
                let hh = (tz[0] - b'0') as u32 * 10 + (tz[1] - b'0') as u32;
                let mm = (tz[3] - b'0') as u32 * 10 + (tz[4] - b'0') as u32;
                if hh > 24 || mm > 59 {
                    return false;
                }
            }
        }
    }
    true
}

/// `rest_is_ip_address`: IPv4 by WordPress's regex or IPv6 by `WpOrg\Requests\Ipv6::check_ipv6`.
pub fn is_ip(s: &[u8]) -> bool {
    is_ipv4_wp(strip_final_newline(s)) || is_ipv6_requests(s)
}

fn is_ipv4_wp(s: &[u8]) -> bool {
    let parts: Vec<&[u8]> = s.split(|&b| b == b'.').collect();
    if parts.len() != 4 {
        return false;
    }
    parts.iter().all(|p| {
        // (?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)
        match p.len() {
            1 => p[0].is_ascii_digit(),
            2 => p[0].is_ascii_digit() && p[1].is_ascii_digit(),
            3 => {
                p.iter().all(|b| b.is_ascii_digit())
                    && (p[0] == b'0'
                        || p[0] == b'1'
                        || (p[0] == b'2' && (p[1] < b'5' || (p[1] == b'5' && p[2] <= b'5'))))
            }
            _ => false,
        }
    })
}

/// `Ipv6::check_ipv6`: uncompress `::`, split an optional trailing IPv4 part, then 8 (or 6 +
/// IPv4) groups of 1-4 hex digits; IPv4 part checked with `ip2long`-like strictness.
fn is_ipv6_requests(s: &[u8]) -> bool {
    let Ok(ip) = std::str::from_utf8(s) else {
        return false;
    };
    // Ipv6::uncompress: only when exactly one "::"
    let ip_owned;
    let ip = if ip.matches("::").count() == 1 {
        let (left, right) = ip.split_once("::").unwrap();
        let c1 = if left.is_empty() {
            -1
        } else {
            left.matches(':').count() as i64
        };
        let c2 = if right.is_empty() {
            -1
        } else {
            right.matches(':').count() as i64
        };
        let c2 = if right.contains('.') { c2 + 1 } else { c2 };
        // PHP code:
        if c1 == -1 && c2 == -1 {
            ip_owned = "0:0:0:0:0:0:0:0".to_string();
        } else if c1 == -1 {
            if 7 - c2 < 0 {
                return false;
            }
            let fill = "0:".repeat((7 - c2) as usize);
            ip_owned = format!("{fill}{right}");
        } else if c2 == -1 {
            if 7 - c1 < 0 {
                return false;
            }
            let fill = ":0".repeat((7 - c1) as usize);
            ip_owned = format!("{left}{fill}");
        } else {
            if 6 - c2 - c1 < 0 {
                return false;
            }
            let fill = ":0".repeat((6 - c2 - c1) as usize);
            ip_owned = format!("{left}{fill}:{right}");
        }
        ip_owned.as_str()
    } else {
        ip
    };
    // split_v6_v4: any '.' splits at the last ':' (none: position 0, as PHP's false)
    let (v6, v4) = if ip.contains('.') {
        match ip.rfind(':') {
            Some(pos) => (&ip[..pos], &ip[pos + 1..]),
            None => ("", ip.get(1..).unwrap_or("")),
        }
    } else {
        (ip, "")
    };
    let groups: Vec<&str> = v6.split(':').collect();
    let v4parts: Vec<&str> = v4.split('.').collect();
    if !((groups.len() == 8 && v4parts.len() == 1) || (groups.len() == 6 && v4parts.len() == 4)) {
        return false;
    }
    for g in &groups {
        if g.is_empty() || g.len() > 4 || !g.bytes().all(|b| b.is_ascii_hexdigit()) {
            return false;
        }
    }
    if v4parts.len() == 4 {
        for p in v4parts {
            // (string) (int) $part === $part, 0..255
            match p.parse::<i64>() {
                Ok(v) if (0..=255).contains(&v) && v.to_string() == p => {}
                _ => return false,
            }
        }
    }
    true
}

/// `is_email($s)` without filters.
pub fn is_email(s: &[u8]) -> bool {
    if s.len() < 6 {
        return false;
    }
    let Some(at) = s[1..].iter().position(|&b| b == b'@').map(|p| p + 1) else {
        return false;
    };
    let local = &s[..at];
    let domain = &s[at + 1..];
    let local = strip_final_newline(local);
    if local.is_empty()
        || !local
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b"!#$%&'*+/=?^_`{|}~.-".contains(&b))
    {
        return false;
    }
    if domain.windows(2).any(|w| w == b"..") {
        return false;
    }
    let trim_set: &[u8] = b" \t\n\r\0\x0B.";
    if domain.first().is_some_and(|b| trim_set.contains(b))
        || domain.last().is_some_and(|b| trim_set.contains(b))
    {
        return false;
    }
    let subs: Vec<&[u8]> = domain.split(|&b| b == b'.').collect();
    if subs.len() < 2 {
        return false;
    }
    let hy: &[u8] = b" \t\n\r\0\x0B-";
    for sub in subs {
        if sub.first().is_some_and(|b| hy.contains(b)) || sub.last().is_some_and(|b| hy.contains(b))
        {
            return false;
        }
        let sub = strip_final_newline(sub);
        if sub.is_empty() || !sub.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-') {
            return false;
        }
    }
    true
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_floats_as_floor_sees_them() {
        for (f, whole) in [
            (3.0, true),
            (-3.0, true),
            (-0.0, true),
            (2.5, false),
            (-2.5, false),
            (1e300, true),
            (4503599627370495.5, false),
            (f64::INFINITY, true),
            (f64::NEG_INFINITY, true),
            (f64::NAN, false),
        ] {
            assert_eq!(float_is_whole(f), whole, "{f}");
            assert_eq!(float_is_whole(f), f.floor() == f, "{f}");
        }
    }

    #[test]
    fn numeric_strings() {
        assert_eq!(parse_numeric(b" 12 "), Some(Num::Int(12)));
        assert_eq!(parse_numeric(b"1e3"), Some(Num::Float(1000.0)));
        assert_eq!(parse_numeric(b".5"), Some(Num::Float(0.5)));
        assert_eq!(parse_numeric(b"5."), Some(Num::Float(5.0)));
        assert_eq!(parse_numeric(b"+7"), Some(Num::Int(7)));
        assert_eq!(parse_numeric(b"\x0b1"), Some(Num::Int(1)));
        for bad in [
            &b""[..],
            b" ",
            b"0x1A",
            b"1_000",
            b"1e",
            b".",
            b"abc",
            b"1 2",
            b"inf",
            b"NAN",
        ] {
            assert_eq!(parse_numeric(bad), None, "{:?}", bad);
        }
        assert!(matches!(
            parse_numeric(b"99999999999999999999"),
            Some(Num::Float(_))
        ));
    }

    #[test]
    fn integers_and_casts() {
        assert!(str_is_integer(b" -12 "));
        assert!(str_is_integer(b"1.0"));
        assert!(str_is_integer(b"1e3"));
        assert!(!str_is_integer(b"1.5"));
        assert!(str_is_integer(b"123456789012345678901234567890"));
        assert_eq!(str_to_int(b"1e20"), i64::MAX);
        assert_eq!(str_to_int(b" 12 "), 12);
        assert_eq!(str_to_int(b"1.9e1"), 19);
        // an overflowing exponent is INF, which (int) makes 0 (finite floats saturate)
        assert_eq!(str_to_int(b"1e400"), 0);
        assert_eq!(str_to_int(b"-1e400"), 0);
        assert_eq!(float_to_int(1e20), 7766279631452241920);
        assert_eq!(float_to_int(-1e19), 8446744073709551616);
        assert_eq!(float_to_int(f64::NAN), 0);
    }

    #[test]
    fn float_strings() {
        assert_eq!(float_to_php_string(1e15), "1.0E+15");
        assert_eq!(float_to_php_string(1e14), "1.0E+14");
        assert_eq!(float_to_php_string(1e13), "10000000000000");
        assert_eq!(
            float_to_php_string(123456789012345678.0),
            "1.2345678901235E+17"
        );
        assert_eq!(float_to_php_string(0.0001), "0.0001");
        assert_eq!(float_to_php_string(0.00001), "1.0E-5");
        assert_eq!(float_to_php_string(-0.0), "-0");
        assert_eq!(float_to_php_string(1.5), "1.5");
        assert_eq!(float_to_php_string(0.1 + 0.2), "0.3");
        assert_eq!(float_to_php_string(2.5e-5), "2.5E-5");
        assert_eq!(float_to_php_string(-3.0), "-3");
    }

    #[test]
    fn mb_lengths() {
        assert_eq!(mb_strlen("héllo".as_bytes()), 5);
        assert_eq!(mb_strlen(b"\xE0a"), 1);
        assert_eq!(mb_strlen(b"\xF8abc"), 4);
        assert_eq!(mb_strlen(b"a\x80b"), 3);
        assert_eq!(mb_strlen(b"\xC0\xAF"), 2, "C0 leads nothing (overlong)");
        assert_eq!(mb_strlen(b"\xF5\x80\x80\x80"), 4, "F5 leads nothing");
    }

    #[test]
    fn formats() {
        assert!(is_email(b"a@b.co"));
        assert!(!is_email(b"a@b"));
        assert!(!is_email(b"@ab.com"));
        assert!(!is_email(b"a@-b.com"));
        assert!(is_hex_color(b"#fff"));
        assert!(is_hex_color(b"#A0b1C2"));
        assert!(!is_hex_color(b"#ffff"));
        assert!(is_uuid(b"123e4567-e89b-12d3-a456-426614174000"));
        assert!(!is_uuid(b"123E4567-e89b-12d3-a456-426614174000"));
        assert!(is_rest_date(b"2024-01-02T03:04:05Z"));
        assert!(is_rest_date(b"2024-01-02 03:04:05+02:00"));
        assert!(!is_rest_date(b"2024-13-02T03:04:05"));
        assert!(is_ip(b"127.0.0.1"));
        assert!(!is_ip(b"256.0.0.1"));
        assert!(is_ip(b"::1"));
        assert!(is_ip(b"2001:db8::8a2e:370:7334"));
        assert!(!is_ip(b"2001:db8:::1"));
        assert_eq!(parse_list(b"a, b,,c d"), vec![&b"a"[..], b"b", b"c", b"d"]);
        assert_eq!(
            sanitize_text_field(b"  a\n\tb  %41c <b>x</b>", false),
            b"a b c x".to_vec()
        );
    }
}
