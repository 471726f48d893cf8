//! `SchemaTransformer::transform_to_object_schema`: makes an ability's schema fit MCP's rule that
//! every tool schema is an object, and cleans it for the wire.
//!
//! The walk is read-only: a node whose subtree needs no change comes back as [`Entry::Same`]
//! (the host shares it, no copy); only the branches that change are rebuilt.
//!
//! Cleaning rules, at any depth:
//! - `stdClass` becomes an array; a `JsonSerializable` object becomes what it serialises to;
//! - `sanitize_callback`, `validate_callback` and `arg_options` are removed at schema positions;
//! - values JSON cannot carry (closures, resources, other objects) are removed with their key
//!   (lists are re-indexed so that they stay lists);
//! - an empty map of sub-schemas (`properties`, `patternProperties`, `$defs`, …) is removed,
//!   since an empty PHP array would reach the wire as a JSON array;
//! - a container met again below itself (a reference cycle) is cut;
//! - nesting deeper than [`MAX_DEPTH`] is an error, never a stack overflow.

use super::keywords;
use super::view::{Key, ObjectKind, Shape, View};
use super::MAX_DEPTH;

/// Where a value sits in a JSON Schema document (decides which keys are keywords): the
/// positions of [the keyword table](super::keywords); `Data` for anything that is not schema.
pub use super::keywords::Position;

/// The position a key gives its value at a schema node (`None`: a plain value or unknown key).
#[inline(always)]
fn keyword(key: Key<'_>) -> Position {
    match key {
        Key::Str(name) => keywords::schema_position(name),
        Key::Int(_) => Position::Data,
    }
}

pub fn is_wordpress_only_key(key: Key<'_>) -> bool {
    keyword(key) == Position::WordPressOnly
}

pub fn is_schema_map_keyword(key: Key<'_>) -> bool {
    keyword(key).is_schema_map()
}

/// The position of the value stored under `key` in a container at `parent`.
pub fn child_position(parent: Position, key: Key<'_>) -> Position {
    let keyword = match parent {
        Position::Schema | Position::SchemaOrList => keyword(key),
        _ => Position::Data,
    };
    position_under(parent, keyword)
}

/// [`child_position`] for a key whose keyword position is known.
fn position_under(parent: Position, keyword: Position) -> Position {
    match parent {
        Position::SchemaMap | Position::SchemaList => Position::Schema,
        Position::MapOfSchemaOrList => Position::SchemaOrList,
        Position::Data | Position::WordPressOnly => Position::Data,
        Position::Schema | Position::SchemaOrList => match keyword {
            Position::WordPressOnly => Position::Data,
            p => p,
        },
    }
}

/// A key in a rebuilt container.
#[derive(Clone, Copy, Debug)]
pub enum OutKey<'a, K> {
    /// The key the entry had in its source container (the host can reuse it).
    Orig(K),
    /// A new string key.
    Name(&'a str),
    /// A list index.
    Index(i64),
}

/// A value of the result: the source value shared as it is, or a rebuilt one.
#[derive(Debug)]
pub enum Entry<V, O> {
    Same(V),
    New(O),
}

pub type Entries<'a, V, O> = Vec<(OutKey<'a, <V as View<'a>>::EntryKey>, Entry<V, O>)>;

/// Builds the host's values for the branches that change.
pub trait Builder<'a, V: View<'a>> {
    type Out;
    /// The source value itself, as an output value (a reference, not a copy).
    fn share(&mut self, v: V) -> Self::Out;
    fn string(&mut self, s: &'a str) -> Self::Out;
    /// A new array from `entries` (shared entries are shared, not copied).
    /// (Any exact-size source: the fixed entries of a wrapper come from a stack array, not a `Vec`.)
    fn array<I>(&mut self, entries: I) -> Self::Out
    where
        I: IntoIterator<Item = (OutKey<'a, V::EntryKey>, Entry<V, Self::Out>)>,
        I::IntoIter: ExactSizeIterator;
    fn is_empty_array(&self, out: &Self::Out) -> bool;
    /// The shape of a value the builder made (only scalars are asked for: a rebuilt `type`).
    fn made_shape<'s>(&'s self, out: &'s Self::Out) -> Shape<'s>;
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransformError(Box<TransformFailure>);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransformFailure {
    /// Nesting deeper than [`MAX_DEPTH`]; `path` is a JSON Pointer to the container that was too deep.
    TooDeep { path: String },
    /// A `JsonSerializable` object failed to serialise.
    Serialize { path: String, message: String },
}

impl TransformError {
    fn too_deep() -> Self {
        TransformError(Box::new(TransformFailure::TooDeep { path: String::new() }))
    }

    fn serialize(message: String) -> Self {
        TransformError(Box::new(TransformFailure::Serialize { path: String::new(), message }))
    }

    pub fn failure(&self) -> &TransformFailure {
        &self.0
    }

    fn under(mut self, key: Key<'_>) -> Self {
        let path = match &mut *self.0 {
            TransformFailure::TooDeep { path } | TransformFailure::Serialize { path, .. } => path,
        };
        *path = format!("/{}{}", pointer_segment(key), path);
        self
    }
}

impl std::fmt::Display for TransformError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &*self.0 {
            TransformFailure::TooDeep { path } => {
                write!(f, "Schema nesting exceeds the maximum depth of {MAX_DEPTH} at '{path}'")
            }
            TransformFailure::Serialize { path, message } => {
                write!(f, "Schema value at '{path}' could not be serialised: {message}")
            }
        }
    }
}

/// A JSON Pointer segment for `key` (RFC 6901 escaping); a key that is not UTF-8, or holds a NUL
/// byte (which no exception message can carry), is shown as `0x` and its bytes in hex.
pub fn pointer_segment(key: Key<'_>) -> String {
    match key {
        Key::Int(i) => i.to_string(),
        Key::Str(s) => match std::str::from_utf8(s) {
            Ok(text) if !text.contains('\0') => {
                let mut segment = String::with_capacity(text.len());
                keywords::push_pointer_segment(&mut segment, s);
                segment
            }
            _ => format!("0x{}", s.iter().map(|b| format!("{b:02x}")).collect::<String>()),
        },
    }
}

/// What the walk made of one value. The caller holds the value itself; a new one waits in
/// [`Walk::made`]. (Returning the new value inside the outcome made every call return a large
/// struct through memory: a store-forwarding stall on each node of every walk.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Same,
    New,
    Remove,
}

struct Walk<'a, 'b, V: View<'a>, B: Builder<'a, V>> {
    builder: &'b mut B,
    /// Identities of the containers between the root and the current node.
    ancestors: Vec<usize>,
    /// The value the last [`Outcome::New`] made, until its caller takes it.
    made: Option<B::Out>,
    _marker: std::marker::PhantomData<&'a V>,
}

impl<'a, 'b, V: View<'a>, B: Builder<'a, V>> Walk<'a, 'b, V, B> {
    fn value(&mut self, v: V, position: Position, depth: usize) -> Result<Outcome, TransformError> {
        if v.is_scalar() {
            return Ok(Outcome::Same);
        }
        match v.shape() {
            Shape::Null | Shape::Bool(_) | Shape::Int(_) | Shape::Float(_) | Shape::Str(_) => Ok(Outcome::Same),
            Shape::Opaque | Shape::Object { kind: ObjectKind::Opaque, .. } => Ok(Outcome::Remove),
            Shape::Array { identity, .. } => self.container(v, identity, position, depth, false),
            Shape::Object { identity, kind: ObjectKind::Plain } => {
                self.container(v, identity, position, depth, true)
            }
            Shape::Object { identity, kind: ObjectKind::JsonSerializable } => {
                if self.ancestors.contains(&identity) {
                    return Ok(Outcome::Remove);
                }
                if depth >= MAX_DEPTH {
                    return Err(TransformError::too_deep());
                }
                let serialized = v
                    .json_value()
                    .map_err(TransformError::serialize)?;
                self.ancestors.push(identity);
                let outcome = self.value(serialized, position, depth + 1);
                self.ancestors.pop();
                // The object itself is replaced by what it serialises to.
                Ok(match outcome? {
                    Outcome::Same => self.made_new(|b| b.share(serialized)),
                    other => other,
                })
            }
        }
    }

    fn container(
        &mut self,
        v: V,
        identity: usize,
        position: Position,
        depth: usize,
        always_rebuild: bool,
    ) -> Result<Outcome, TransformError> {
        if identity != 0 && self.ancestors.contains(&identity) {
            return Ok(Outcome::Remove);
        }
        if depth >= MAX_DEPTH {
            return Err(TransformError::too_deep());
        }
        if identity == 0 {
            return self.rebuilt_or_same(v, position, depth, always_rebuild);
        }
        self.ancestors.push(identity);
        let outcome = self.rebuilt_or_same(v, position, depth, always_rebuild);
        self.ancestors.pop();
        outcome
    }

    fn rebuilt_or_same(
        &mut self,
        v: V,
        position: Position,
        depth: usize,
        always_rebuild: bool,
    ) -> Result<Outcome, TransformError> {
        let held = v.hold();
        let cleaned = self.entries(v, position, depth, always_rebuild)?;
        let outcome = match cleaned {
            None => Outcome::Same,
            Some(entries) => self.made_new(|b| b.array(entries)),
        };
        // The entries point into `v`: held until the result is built, even if PHP code run
        // during the walk (a jsonSerialize()) wrote to it.
        drop(held);
        Ok(outcome)
    }

    /// The cleaned entries of a container, or `None` when nothing changes. The caller holds `v`
    /// ([`View::hold`]) until it no longer reads those entries.
    fn entries(
        &mut self,
        v: V,
        position: Position,
        depth: usize,
        always_rebuild: bool,
    ) -> Result<Option<Entries<'a, V, B::Out>>, TransformError> {
        let position = match position {
            Position::SchemaOrList if is_list(v) => Position::SchemaList,
            Position::SchemaOrList => Position::Schema,
            other => other,
        };
        let mut rebuilt: Option<Entries<'a, V, B::Out>> = always_rebuild.then(Vec::new);
        for (index, (entry_key, child)) in v.entries().enumerate() {
            let key: Key<'a> = entry_key.into();
            // Keys are keywords only at schema positions (elsewhere they are names or indexes).
            let keyword = if position == Position::Schema { keyword(key) } else { Position::Data };
            let outcome = if keyword == Position::WordPressOnly {
                Outcome::Remove
            } else {
                let child_pos = position_under(position, keyword);
                let outcome = self.value(child, child_pos, depth + 1).map_err(|e| e.under(key))?;
                if child_pos.is_schema_map() && self.is_empty(outcome, child) {
                    self.made = None;
                    Outcome::Remove
                } else {
                    outcome
                }
            };
            match outcome {
                Outcome::Same => {
                    if let Some(out) = rebuilt.as_mut() {
                        out.push((OutKey::Orig(entry_key), Entry::Same(child)));
                    }
                }
                Outcome::New => {
                    let n = self.made.take().expect("Outcome::New leaves its value in `made`");
                    rebuilt.get_or_insert_with(|| copy_first(v, index)).push((OutKey::Orig(entry_key), Entry::New(n)));
                }
                Outcome::Remove => {
                    rebuilt.get_or_insert_with(|| copy_first(v, index));
                }
            }
        }
        // A list stays a list: removed entries must not leave gaps in its indexes.
        if let Some(out) = rebuilt.as_mut().filter(|_| is_list(v)) {
            for (i, (k, _)) in out.iter_mut().enumerate() {
                *k = OutKey::Index(i as i64);
            }
        }
        Ok(rebuilt)
    }

    fn made_new(&mut self, make: impl FnOnce(&mut B) -> B::Out) -> Outcome {
        self.made = Some(make(self.builder));
        Outcome::New
    }

    fn is_empty(&self, outcome: Outcome, value: V) -> bool {
        match outcome {
            Outcome::Same => value.is_empty_array(),
            Outcome::New => self.made.as_ref().is_some_and(|n| self.builder.is_empty_array(n)),
            Outcome::Remove => false,
        }
    }
}

/// The first `n` entries of `v`, shared: the prefix of a container that starts changing at `n`.
fn copy_first<'a, V: View<'a>, O>(v: V, n: usize) -> Entries<'a, V, O> {
    let mut out = Vec::with_capacity(n + 4);
    out.extend(v.entries().take(n).map(|(k, c)| (OutKey::Orig(k), Entry::Same(c))));
    out
}

/// PHP's `array_is_list`: keys are 0, 1, 2, … in order.
pub fn is_list<'a, V: View<'a>>(v: V) -> bool {
    v.entries().enumerate().all(|(i, (k, _))| k.into() == Key::Int(i as i64))
}

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
    let not_transformed = |schema| Transformed { schema, was_transformed: false, wrapper_property: None };
    let Some(root) = schema else {
        return Ok(not_transformed(Entry::New(minimal_object(builder))));
    };
    if !root.is_array() {
        return Ok(not_transformed(Entry::New(minimal_object(builder))));
    }
    let mut walk = Walk { builder, ancestors: Vec::new(), made: None, _marker: std::marker::PhantomData };
    // `_held` keeps the root's entries alive until the result is built.
    let _held = root.hold();
    let cleaned = walk.entries(root, Position::Schema, 0, false)?;
    let builder = walk.builder;

    let (len, type_kind) = match &cleaned {
        None => (root.shape_len(), type_kind(root.get("type").map(View::shape))),
        Some(entries) => (
            entries.len(),
            // The cleaned `type` (a jsonSerialize() may have made it): what PHP would then read.
            type_kind(entries.iter().find(|(k, _)| out_key_is(k, "type")).map(|(_, e)| match e {
                Entry::Same(v) => v.shape(),
                Entry::New(made) => builder.made_shape(made),
            })),
        ),
    };
    if len == 0 {
        return Ok(not_transformed(Entry::New(minimal_object(builder))));
    }

    let entries_of = |cleaned: Option<Entries<'a, V, B::Out>>| {
        cleaned.unwrap_or_else(|| root.entries().map(|(k, c)| (OutKey::Orig(k), Entry::Same(c))).collect())
    };
    match type_kind {
        TypeKind::Object => Ok(not_transformed(match cleaned {
            None => Entry::Same(root),
            Some(entries) => Entry::New(builder.array(entries)),
        })),
        TypeKind::Missing => {
            let mut entries = entries_of(cleaned);
            entries.push((OutKey::Name("type"), Entry::New(builder.string("object"))));
            Ok(not_transformed(Entry::New(builder.array(entries))))
        }
        TypeKind::Null => {
            let mut entries = entries_of(cleaned);
            let object = builder.string("object");
            if let Some(slot) = entries.iter_mut().find(|(k, _)| out_key_is(k, "type")) {
                slot.1 = Entry::New(object);
            }
            Ok(not_transformed(Entry::New(builder.array(entries))))
        }
        TypeKind::Other => {
            let inner = match cleaned {
                None => Entry::Same(root),
                Some(entries) => Entry::New(builder.array(entries)),
            };
            let properties = builder.array([(OutKey::Name(wrapper_key), inner)]);
            let required_key = builder.string(wrapper_key);
            let required = builder.array([(OutKey::Index(0), Entry::New(required_key))]);
            let object = builder.string("object");
            let wrapped = builder.array([
                (OutKey::Name("type"), Entry::New(object)),
                (OutKey::Name("properties"), Entry::New(properties)),
                (OutKey::Name("required"), Entry::New(required)),
            ]);
            Ok(Transformed { schema: Entry::New(wrapped), was_transformed: true, wrapper_property: Some(wrapper_key) })
        }
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

fn minimal_object<'a, V: View<'a>, B: Builder<'a, V>>(builder: &mut B) -> B::Out {
    let object = builder.string("object");
    builder.array([(OutKey::Name("type"), Entry::New(object))])
}

trait ShapeLen {
    fn shape_len(self) -> usize;
}

impl<'a, V: View<'a>> ShapeLen for V {
    fn shape_len(self) -> usize {
        match self.shape() {
            Shape::Array { len, .. } => len,
            _ => 0,
        }
    }
}
