//! The one keyword table: where the value of each JSON Schema keyword sits. The transform, the
//! validator (its compiler, its cache key and the strict profile's schema conversion) all read
//! it, and PHP gets it as `McpNative\schema_keywords()` (the fallback's
//! `SchemaKeywords::POSITIONS` mirrors it, checked by a unit test). Keywords absent from the
//! table hold plain scalars or string lists (`type`, `required`, `minimum`, …).
//!
//! Also here, since every walk needs it the same way: JSON Pointer escaping (the draft-3
//! `required: true` promotion is `draft3.rs`).

/// What the value of a keyword is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// One sub-schema (`not`, `additionalProperties`, …).
    Schema,
    /// A map from names to sub-schemas (`properties`, `$defs`, …).
    SchemaMap,
    /// A list of sub-schemas (`anyOf`, `prefixItems`, …).
    SchemaList,
    /// `items`: one schema, or (draft 4 tuples) a list of schemas.
    SchemaOrList,
    /// `dependencies`: a map whose values are sub-schemas or lists of property names.
    MapOfSchemaOrList,
    /// Instance data (`enum`, `const`, `default`, `examples`): never walked as schema.
    Data,
    /// WordPress's own keys (`sanitize_callback`, …): server-side, never on the wire.
    WordPressOnly,
}

impl Position {
    /// The name PHP sees (`McpNative\schema_keywords()`).
    pub fn name(self) -> &'static str {
        match self {
            Position::Schema => "schema",
            Position::SchemaMap => "schema_map",
            Position::SchemaList => "schema_list",
            Position::SchemaOrList => "schema_or_list",
            Position::MapOfSchemaOrList => "map_of_schema_or_list",
            Position::Data => "data",
            Position::WordPressOnly => "wordpress_only",
        }
    }

    /// Whether an empty value is an empty map of sub-schemas (dropped by the transform: an
    /// empty PHP array would reach the wire as a JSON list).
    pub fn is_schema_map(self) -> bool {
        matches!(self, Position::SchemaMap | Position::MapOfSchemaOrList)
    }
}

/// Every keyword whose value is not a plain scalar or string list, in a stable order.
pub const KEYWORDS: [(&str, Position); 29] = [
    ("additionalProperties", Position::Schema),
    ("additionalItems", Position::Schema),
    ("not", Position::Schema),
    ("if", Position::Schema),
    ("then", Position::Schema),
    ("else", Position::Schema),
    ("contains", Position::Schema),
    ("propertyNames", Position::Schema),
    ("unevaluatedItems", Position::Schema),
    ("unevaluatedProperties", Position::Schema),
    ("contentSchema", Position::Schema),
    ("properties", Position::SchemaMap),
    ("patternProperties", Position::SchemaMap),
    ("$defs", Position::SchemaMap),
    ("definitions", Position::SchemaMap),
    ("dependentSchemas", Position::SchemaMap),
    ("allOf", Position::SchemaList),
    ("anyOf", Position::SchemaList),
    ("oneOf", Position::SchemaList),
    ("prefixItems", Position::SchemaList),
    ("items", Position::SchemaOrList),
    ("dependencies", Position::MapOfSchemaOrList),
    ("default", Position::Data),
    ("examples", Position::Data),
    ("enum", Position::Data),
    ("const", Position::Data),
    ("sanitize_callback", Position::WordPressOnly),
    ("validate_callback", Position::WordPressOnly),
    ("arg_options", Position::WordPressOnly),
];

/// Every entry of the table.
pub fn all() -> impl Iterator<Item = (&'static str, Position)> {
    KEYWORDS.iter().copied()
}

/// The position of a keyword at a schema node, `None` for keywords with plain values and for
/// unknown keys. A unit test checks it against [`all`].
#[inline(always)]
pub fn position(name: &[u8]) -> Option<Position> {
    match schema_position(name) {
        Position::Data => data_position(name),
        p => Some(p),
    }
}

/// [`position`] for the keywords whose values hold sub-schemas or are WordPress-only: the
/// ones the transform acts on; `Data` for every other key (for the transform, instance data is
/// like any unknown key). One `match` on the bytes (a switch on length, then a compare): it
/// runs for every key of every schema.
#[inline(always)]
pub fn schema_position(name: &[u8]) -> Position {
    use Position::*;
    let is = |candidate: &[u8]| name == candidate;
    match name.len() {
        2 if is(b"if") => Schema,
        3 if is(b"not") => Schema,
        4 if is(b"then") || is(b"else") => Schema,
        5 if is(b"items") => SchemaOrList,
        5 if is(b"anyOf") || is(b"oneOf") || is(b"allOf") => SchemaList,
        5 if is(b"$defs") => SchemaMap,
        8 if is(b"contains") => Schema,
        10 if is(b"properties") => SchemaMap,
        11 if is(b"arg_options") => WordPressOnly,
        11 if is(b"definitions") => SchemaMap,
        11 if is(b"prefixItems") => SchemaList,
        12 if is(b"dependencies") => MapOfSchemaOrList,
        13 if is(b"propertyNames") || is(b"contentSchema") => Schema,
        15 if is(b"additionalItems") => Schema,
        16 if is(b"unevaluatedItems") => Schema,
        16 if is(b"dependentSchemas") => SchemaMap,
        17 if is(b"sanitize_callback") || is(b"validate_callback") => WordPressOnly,
        17 if is(b"patternProperties") => SchemaMap,
        20 if is(b"additionalProperties") => Schema,
        21 if is(b"unevaluatedProperties") => Schema,
        _ => Data,
    }
}

/// Whether `name` is a WordPress-only keyword. Most keys are ruled out by their length alone
/// (a bit set of the table's WordPress-only lengths), before any byte is compared.
#[inline(always)]
pub fn is_wordpress_only(name: &[u8]) -> bool {
    const LENGTHS: u64 = {
        let mut lengths = 0u64;
        let mut i = 0;
        while i < KEYWORDS.len() {
            if matches!(KEYWORDS[i].1, Position::WordPressOnly) {
                assert!(KEYWORDS[i].0.len() < 64);
                lengths |= 1 << KEYWORDS[i].0.len();
            }
            i += 1;
        }
        lengths
    };
    name.len() < 64
        && LENGTHS >> name.len() & 1 != 0
        && schema_position(name) == Position::WordPressOnly
}

/// [`position`] for the instance-data keywords.
#[inline]
fn data_position(name: &[u8]) -> Option<Position> {
    matches!(name, b"enum" | b"const" | b"default" | b"examples").then_some(Position::Data)
}

/// Keywords whose values no validation profile reads (annotations, WordPress-only keys): the
/// validator's cache key and the strict profile's schema leave their values out.
#[inline]
pub fn is_unread_by_validation(name: &[u8]) -> bool {
    matches!(
        name,
        b"description"
            | b"title"
            | b"default"
            | b"examples"
            | b"$comment"
            | b"readonly"
            | b"readOnly"
            | b"writeOnly"
            | b"context"
            | b"arg_options"
            | b"deprecated"
    )
}

/// Appends one JSON Pointer segment (RFC 6901: `~` → `~0`, `/` → `~1`): the one place a
/// native path is escaped. A name that is not UTF-8 or holds a NUL byte is shown as 0x and hex.
pub fn push_pointer_segment(out: &mut String, segment: &[u8]) {
    match std::str::from_utf8(segment) {
        Ok(text) if !text.contains('\0') => {
            for ch in text.chars() {
                match ch {
                    '~' => out.push_str("~0"),
                    '/' => out.push_str("~1"),
                    c => out.push(c),
                }
            }
        }
        // JSON cannot carry it (or a message would end at its NUL): 0x and hex, printable and
        // unambiguous, as the fallback's JsonPointer::token writes it
        _ => {
            out.push_str("0x");
            for b in segment {
                out.push_str(&format!("{b:02x}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_match_and_the_table_agree() {
        for (name, pos) in all() {
            assert_eq!(position(name.as_bytes()), Some(pos), "{name}");
        }
        for other in [
            "type",
            "required",
            "description",
            "minimum",
            "format",
            "ite",
            "itemss",
            "$ref",
        ] {
            assert_eq!(position(other.as_bytes()), None, "{other}");
        }
        assert_eq!(all().count(), 29);
        for (name, pos) in all() {
            assert_eq!(
                is_wordpress_only(name.as_bytes()),
                pos == Position::WordPressOnly,
                "{name}"
            );
        }
        for other in ["type", "required", "arg_optionz", "sanitize_callbacks", ""] {
            assert!(!is_wordpress_only(other.as_bytes()), "{other}");
        }
    }

    #[test]
    fn pointer_segments_are_escaped() {
        let mut s = String::from("/a");
        push_pointer_segment(&mut s, b"x/y~z");
        assert_eq!(s, "/ax~1y~0z");
    }
}
