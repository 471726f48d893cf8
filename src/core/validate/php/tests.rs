//! The PHP primitives against values measured on PHP 8.2.

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
