//! The format checks of `rest_validate_value_from_schema` (hex-color, date-time, email, ip,
//! uuid) as WordPress 6.x-7.1 writes them.

use crate::core::validate::hooks;

/// `rest_parse_hex_color`: `|^#([A-Fa-f0-9]{3}){1,2}$|` (`$` also before a final "\n").
pub fn is_hex_color(s: &[u8]) -> bool {
    let s = strip_final_newline(s);
    (s.len() == 4 || s.len() == 7) && s[0] == b'#' && s[1..].iter().all(|b| b.is_ascii_hexdigit())
}

/// PCRE's `$` without the D modifier matches before one trailing "\n".
pub(super) fn strip_final_newline(s: &[u8]) -> &[u8] {
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
    hooks::strtotime(s)
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
