//! Small, exact re-implementations of the PHP and WordPress primitives that
//! `rest_validate_value_from_schema` relies on (PHP 8.2 semantics).
//!
//! Each function names the PHP function it mirrors; the pure-PHP fallback
//! (wp-plugin/includes/Fallback/Validator.php) calls the originals.
//!
//! This file: numbers, numeric strings and casts; `formats` the format checks, `sanitizers`
//! the sanitizers and `wp_parse_list()`.

mod formats;
mod sanitizers;

#[cfg(test)]
mod tests;

pub use self::formats::{is_email, is_hex_color, is_ip, is_rest_date, is_uuid, strtotime_accepts};
pub use self::sanitizers::{
    parse_list, php_trim, sanitize_hex_color, sanitize_text_field, sanitize_url,
};

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
