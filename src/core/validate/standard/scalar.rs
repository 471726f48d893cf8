//! The scalar validators: `rest_validate_number_value_from_schema` (integer and number),
//! `rest_validate_string_value_from_schema`, and the `format` check.

use super::types::{display_php_value, ge, gt, le, lt, numeric, scalar_string, ValueKind};
use super::{Flow, Stop, WalkState};
use crate::core::validate::hooks;
use crate::core::validate::php::{self, Num};
use crate::core::validate::schema::{Format, Node};

impl<'p> WalkState<'p> {
    pub(super) fn format(&mut self, k: ValueKind<'p>, f: Format) -> Flow {
        // preg_match & co. read scalars as strings; WordPress errors on arrays here.
        let owned;
        let s: &[u8] = match k {
            ValueKind::Str(s) => s,
            _ => {
                owned = scalar_string(k).unwrap_or_default();
                &owned
            }
        };
        match f {
            Format::HexColor if !php::is_hex_color(s) => {
                self.fail("format", |w| format!("{w} is not a valid hex color."))
            }
            Format::DateTime if !php::is_rest_date(s) => {
                self.fail("format", |w| format!("{w} is not a valid date."))
            }
            Format::Email if !hooks::is_email(s) => {
                self.fail("format", |w| format!("{w} is not a valid email address."))
            }
            Format::Ip if !php::is_ip(s) => {
                self.fail("format", |w| format!("{w} is not a valid IP address."))
            }
            Format::Uuid if !(matches!(k, ValueKind::Str(_)) && php::is_uuid(s)) => {
                self.fail("format", |w| format!("{w} is not a valid UUID."))
            }
            _ => Ok(()),
        }
    }

    /// `rest_validate_number_value_from_schema`; returns whether the type check passed.
    pub(super) fn number(
        &mut self,
        k: ValueKind<'p>,
        n: &Node,
        type_name: &'static str,
    ) -> Result<bool, Stop> {
        let Some(x) = numeric(k) else {
            self.fail("type", |w| format!("{w} is not of type {type_name}."))?;
            return Ok(false);
        };
        if let Some(m) = n.multiple_of {
            let xf = x.as_f64();
            let r = xf % m;
            if r != 0.0 {
                let ms = if m.fract() == 0.0 && m.abs() < 1e15 {
                    (m as i64).to_string()
                } else {
                    php::float_to_php_string(m)
                };
                self.fail("multipleOf", |w| format!("{w} must be a multiple of {ms}."))?;
            }
        }
        self.minimum(x, n)?;
        self.maximum(x, n)?;
        Ok(true)
    }

    /// `minimum` (exclusive when `exclusiveMinimum` is truthy, the draft-4 form core reads).
    fn minimum(&mut self, x: Num, n: &Node) -> Flow {
        let Some(min) = &n.minimum else {
            return Ok(());
        };
        let bad = if n.exclusive_minimum {
            le(x, min)
        } else {
            lt(x, min)
        };
        if !bad {
            return Ok(());
        }
        let m = display_php_value(min);
        if n.exclusive_minimum {
            self.fail("exclusiveMinimum", |w| {
                format!("{w} must be greater than {m}.")
            })
        } else {
            self.fail("minimum", |w| {
                format!("{w} must be greater than or equal to {m}.")
            })
        }
    }

    /// `maximum` (exclusive when `exclusiveMaximum` is truthy).
    fn maximum(&mut self, x: Num, n: &Node) -> Flow {
        let Some(max) = &n.maximum else {
            return Ok(());
        };
        let bad = if n.exclusive_maximum {
            ge(x, max)
        } else {
            gt(x, max)
        };
        if !bad {
            return Ok(());
        }
        let m = display_php_value(max);
        if n.exclusive_maximum {
            self.fail("exclusiveMaximum", |w| {
                format!("{w} must be less than {m}.")
            })
        } else {
            self.fail("maximum", |w| {
                format!("{w} must be less than or equal to {m}.")
            })
        }
    }

    /// `rest_validate_string_value_from_schema`; returns whether the type check passed.
    pub(super) fn string(&mut self, k: ValueKind<'p>, n: &Node) -> Result<bool, Stop> {
        let ValueKind::Str(s) = k else {
            self.fail("type", |w| format!("{w} is not of type string."))?;
            return Ok(false);
        };
        if n.min_length.is_some() || n.max_length.is_some() {
            let len = Num::Int(hooks::mb_strlen(s) as i64);
            if let Some(min) = &n.min_length {
                if lt(len, min) {
                    let m = display_php_value(min);
                    self.fail("minLength", |w| {
                        format!("{w} must be at least {m} characters long.")
                    })?;
                }
            }
            if let Some(max) = &n.max_length {
                if gt(len, max) {
                    let m = display_php_value(max);
                    self.fail("maxLength", |w| {
                        format!("{w} must be at most {m} characters long.")
                    })?;
                }
            }
        }
        if let Some(p) = &n.pattern {
            if !p.is_match(s) {
                let src = String::from_utf8_lossy(&p.source);
                self.fail("pattern", |w| format!("{w} does not match pattern {src}."))?;
            }
        }
        Ok(true)
    }
}
