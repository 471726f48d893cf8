//! The entry points, and what a walk's root becomes: an object schema as it is, a schema
//! without a `type` (or a null one) typed as an object, any other schema wrapped in one.

use super::scan::scan_root;
use super::walk::{Walk, Wire};
use super::{shared_entries, Builder, Entries, Entry, OutKey, ShapeLen, TransformError};
use crate::core::keywords::Position;
use crate::core::view::{Key, Shape, View};

#[derive(Debug)]
pub struct Transformed<'a, V, O> {
    pub schema: Entry<V, O>,
    pub was_transformed: bool,
    pub wrapper_property: Option<&'a str>,
}

/// `transform_to_object_schema(?array $schema, string $wrapper_key)`. `schema` must be an array
/// view (the host checks the type).
pub fn transform_to_object_schema<'a, V: View<'a>, B: Builder<'a, V>>(
    schema: Option<V>,
    wrapper_key: &'a str,
    builder: &mut B,
) -> Result<Transformed<'a, V, B::Out>, TransformError> {
    transform_root(schema, wrapper_key, builder, Encoding::Transform)
}

/// A tool's `inputSchema`/`outputSchema`: the wire schema and the property a non-object schema
/// was wrapped in.
#[derive(Debug)]
pub struct WireTool<'a, V, O> {
    pub schema: Entry<V, O>,
    pub wrapper: Option<&'a str>,
}

/// `wire_tool_schema(array $schema, string $wrapper_key)`: the transform and the wire rules in one
/// walk; the root always has `type: object` and a `properties` object.
pub fn wire_tool_schema<'a, V: View<'a>, B: Builder<'a, V>>(
    schema: V,
    wrapper_key: &'a str,
    builder: &mut B,
) -> Result<WireTool<'a, V, B::Out>, TransformError> {
    let t = transform_root(Some(schema), wrapper_key, builder, Encoding::Tool)?;
    Ok(WireTool {
        schema: t.schema,
        wrapper: t.wrapper_property,
    })
}

/// `wire_ability_schema(array $schema)`: an ability's own schema on the wire (never wrapped; no
/// schema is `{}`).
pub fn wire_ability_schema<'a, V: View<'a>, B: Builder<'a, V>>(
    schema: V,
    builder: &mut B,
) -> Result<Entry<V, B::Out>, TransformError> {
    if schema.is_empty_array() {
        return Ok(Entry::New(builder.empty_object()));
    }
    Ok(transform_root(
        Some(schema),
        crate::core::arguments::DEFAULT_INPUT_WRAPPER,
        builder,
        Encoding::Ability,
    )?
    .schema)
}

/// What the root of a walk becomes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Encoding {
    /// `transform_to_object_schema`'s contract.
    Transform,
    /// A tool schema on the wire.
    Tool,
    /// An ability's schema on the wire: a wrapped schema comes back without its wrapper.
    Ability,
}

impl<'a, V, O> Transformed<'a, V, O> {
    /// A schema that is (now) an object schema: not wrapped.
    fn unwrapped(schema: Entry<V, O>) -> Self {
        Transformed {
            schema,
            was_transformed: false,
            wrapper_property: None,
        }
    }

    /// A schema of another type, in (or for) a wrapper under `wrapper_key`.
    fn wrapped(schema: Entry<V, O>, wrapper_key: &'a str) -> Self {
        Transformed {
            schema,
            was_transformed: true,
            wrapper_property: Some(wrapper_key),
        }
    }
}

/// Walks `schema` and makes its root what `encoding` asks for.
fn transform_root<'a, V: View<'a>, B: Builder<'a, V>>(
    schema: Option<V>,
    wrapper_key: &'a str,
    builder: &mut B,
    encoding: Encoding,
) -> Result<Transformed<'a, V, B::Out>, TransformError> {
    let tool = encoding == Encoding::Tool;
    let Some(root) = schema.filter(|root| root.is_array()) else {
        return Ok(Transformed::unwrapped(Entry::New(minimal_object(
            builder, tool,
        ))));
    };
    let wire = if encoding == Encoding::Transform {
        Wire::Off
    } else {
        Wire::On
    };
    // `_held` keeps the root's entries alive until the result is built.
    let _held = root.hold();
    let (clean, root_type) = scan_root(root, wire != Wire::Off);
    let cleaned = if clean {
        None
    } else {
        Walk::new(&mut *builder).entries(root, Position::Schema, 0, false, wire)?
    };
    let (len, type_kind) = match &cleaned {
        None => (root.shape_len(), type_kind(root_type.map(View::shape))),
        Some(entries) => (entries.len(), cleaned_type_kind(entries, builder)),
    };
    if len == 0 {
        return Ok(Transformed::unwrapped(Entry::New(minimal_object(
            builder, tool,
        ))));
    }
    let entries_of =
        |cleaned: Option<Entries<'a, V, B::Out>>| cleaned.unwrap_or_else(|| shared_entries(root));
    Ok(match type_kind {
        TypeKind::Object => Transformed::unwrapped(object_root(root, cleaned, builder, tool)),
        TypeKind::Missing => {
            Transformed::unwrapped(typeless_root(entries_of(cleaned), builder, tool))
        }
        TypeKind::Null => {
            Transformed::unwrapped(null_type_root(entries_of(cleaned), builder, tool))
        }
        TypeKind::Other => {
            let inner = match cleaned {
                None => Entry::Same(root),
                Some(entries) => Entry::New(builder.array(entries)),
            };
            wrapped_root(inner, wrapper_key, builder, encoding)
        }
    })
}

/// The `type` of a cleaned root (a jsonSerialize() may have made it): what PHP would then read.
fn cleaned_type_kind<'a, V: View<'a>, B: Builder<'a, V>>(
    entries: &Entries<'a, V, B::Out>,
    builder: &B,
) -> TypeKind {
    type_kind(
        entries
            .iter()
            .find(|(k, _)| out_key_is(k, "type"))
            .map(|(_, e)| match e {
                Entry::Same(v) => v.shape(),
                Entry::New(made) => builder.made_shape(made),
            }),
    )
}

/// A root that says `type: object`: as it is, but for a tool with a `properties` object.
fn object_root<'a, V: View<'a>, B: Builder<'a, V>>(
    root: V,
    cleaned: Option<Entries<'a, V, B::Out>>,
    builder: &mut B,
    tool: bool,
) -> Entry<V, B::Out> {
    match cleaned {
        None if !tool || has_properties(root) => Entry::Same(root),
        cleaned => {
            let mut entries = cleaned.unwrap_or_else(|| shared_entries(root));
            if tool {
                with_properties(&mut entries, builder);
            }
            Entry::New(builder.array(entries))
        }
    }
}

/// A root without a `type`: given `type: object`.
fn typeless_root<'a, V: View<'a>, B: Builder<'a, V>>(
    mut entries: Entries<'a, V, B::Out>,
    builder: &mut B,
    tool: bool,
) -> Entry<V, B::Out> {
    // Before a `required` the wire rules appended (draft-3 names), as the two passes
    // (transform, then encoder) this walk replaces ordered them.
    let at = match entries.last() {
        Some((OutKey::Name("required"), _)) => entries.len() - 1,
        _ => entries.len(),
    };
    entries.insert(
        at,
        (OutKey::Name("type"), Entry::New(builder.string("object"))),
    );
    if tool {
        with_properties(&mut entries, builder);
    }
    Entry::New(builder.array(entries))
}

/// A root whose `type` is null: `type: object` in its place.
fn null_type_root<'a, V: View<'a>, B: Builder<'a, V>>(
    mut entries: Entries<'a, V, B::Out>,
    builder: &mut B,
    tool: bool,
) -> Entry<V, B::Out> {
    let object = builder.string("object");
    if let Some(slot) = entries.iter_mut().find(|(k, _)| out_key_is(k, "type")) {
        slot.1 = Entry::New(object);
    }
    if tool {
        with_properties(&mut entries, builder);
    }
    Entry::New(builder.array(entries))
}

/// A root of another type (`inner`, cleaned): wrapped under `wrapper_key`, but for an ability's
/// own schema, which the wire carries as it is.
fn wrapped_root<'a, V: View<'a>, B: Builder<'a, V>>(
    inner: Entry<V, B::Out>,
    wrapper_key: &'a str,
    builder: &mut B,
    encoding: Encoding,
) -> Transformed<'a, V, B::Out> {
    if encoding == Encoding::Ability {
        return Transformed::wrapped(inner, wrapper_key);
    }
    // PHP reads the key "0" as the integer 0: JSON would make that map a list.
    let properties_as_object = encoding == Encoding::Tool && wrapper_key == "0";
    let wrapper = builder.wrapper(inner, wrapper_key, properties_as_object);
    Transformed::wrapped(Entry::New(wrapper), wrapper_key)
}

/// Whether a tool root already has a `properties` value (PHP's `isset`).
fn has_properties<'a, V: View<'a>>(root: V) -> bool {
    root.get("properties")
        .is_some_and(|p| p.shape() != Shape::Null)
}

/// A tool root's `properties`: `{}` in place of a missing or null one.
fn with_properties<'a, V: View<'a>, B: Builder<'a, V>>(
    entries: &mut Entries<'a, V, B::Out>,
    builder: &mut B,
) {
    match entries
        .iter()
        .position(|(k, _)| out_key_is(k, "properties"))
    {
        Some(slot) => {
            let is_null = match &entries[slot].1 {
                Entry::Same(v) => v.shape() == Shape::Null,
                Entry::New(made) => builder.made_shape(made) == Shape::Null,
            };
            if is_null {
                entries[slot].1 = Entry::New(builder.empty_object());
            }
        }
        None => entries.push((
            OutKey::Name("properties"),
            Entry::New(builder.empty_object()),
        )),
    }
}

enum TypeKind {
    Missing,
    Null,
    Object,
    Other,
}

/// What the `type` keyword says (`isset()` and `=== 'object'` in PHP terms).
fn type_kind(shape: Option<Shape<'_>>) -> TypeKind {
    match shape {
        None => TypeKind::Missing,
        Some(Shape::Null) => TypeKind::Null,
        Some(Shape::Str(b"object")) => TypeKind::Object,
        Some(_) => TypeKind::Other,
    }
}

fn out_key_is<'a, K: Copy + Into<Key<'a>>>(key: &OutKey<'a, K>, name: &str) -> bool {
    match *key {
        OutKey::Orig(k) => k.into().is(name),
        OutKey::Name(n) => n == name,
        OutKey::Index(_) => false,
    }
}

/// `{type: object}`, and for a tool `properties: {}` after it.
fn minimal_object<'a, V: View<'a>, B: Builder<'a, V>>(builder: &mut B, tool: bool) -> B::Out {
    let object = builder.string("object");
    if !tool {
        return builder.array([(OutKey::Name("type"), Entry::New(object))]);
    }
    let properties = builder.empty_object();
    builder.array([
        (OutKey::Name("type"), Entry::New(object)),
        (OutKey::Name("properties"), Entry::New(properties)),
    ])
}
