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
//! - a container met again below itself (a reference cycle) is cut, and so is an object met
//!   again while its own `jsonSerialize()` runs (one that walks the schema it belongs to);
//! - nesting deeper than [`MAX_DEPTH`] is an error, never a stack overflow.
//!
//! The wire encodings ([`wire_tool_schema`], [`wire_ability_schema`]) are the same walk with the
//! rules JSON needs on top, applied in the same pass (so a schema is walked once on its way out):
//! - an empty sub-schema (`[]`) becomes `{}`, and a map of sub-schemas whose keys PHP reads as a
//!   list (0, 1, …) becomes an object;
//! - a list of sub-schemas (`anyOf`, …) with other keys is re-indexed;
//! - WordPress's draft-3 `required: true` on a property moves to the parent's `required` list; a
//!   `required` that is not an array is dropped, and its names become strings;
//! - a tool's root always has `type: object` and a `properties` object.

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
    matches!(key, Key::Str(name) if keywords::is_wordpress_only(name))
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
    /// The shape of a value the builder made (only scalars are asked for: a rebuilt `type`, a
    /// `required` name).
    fn made_shape<'s>(&'s self, out: &'s Self::Out) -> Shape<'s>;

    // The wire encodings only:

    /// `{}`: the JSON object without members.
    fn empty_object(&mut self) -> Self::Out;
    /// A JSON object from `entries` (a map whose keys PHP would read as a list).
    fn object<I>(&mut self, entries: I) -> Self::Out
    where
        I: IntoIterator<Item = (OutKey<'a, V::EntryKey>, Entry<V, Self::Out>)>,
        I::IntoIter: ExactSizeIterator;
    /// PHP's `(string)` of a number or boolean (a `required` name given as one).
    fn scalar_string(&mut self, scalar: Shape<'_>) -> Self::Out;
    /// PHP's `(string)` of a key (a property promoted to `required`).
    fn key_string(&mut self, key: V::EntryKey) -> Self::Out;

    /// A flattened schema's wrapper, `{"type": "object", "properties": {key: inner}, "required": [key]}`
    /// (`properties` as a JSON object when `properties_as_object`): a fixed shape, which a host may
    /// build faster than through [`Self::array`].
    fn wrapper(
        &mut self,
        inner: Entry<V, Self::Out>,
        key: &'a str,
        properties_as_object: bool,
    ) -> Self::Out {
        wrapper_of_arrays(self, inner, key, properties_as_object)
    }
}

/// [`Builder::wrapper`] made through [`Builder::array`] and [`Builder::object`]: the default, and
/// what a host with fixed shapes falls back on for the keys it has none for.
pub fn wrapper_of_arrays<'a, V: View<'a>, B: Builder<'a, V> + ?Sized>(
    builder: &mut B,
    inner: Entry<V, B::Out>,
    key: &'a str,
    properties_as_object: bool,
) -> B::Out {
    let property = [(OutKey::Name(key), inner)];
    let properties = if properties_as_object {
        builder.object(property)
    } else {
        builder.array(property)
    };
    let required_key = builder.string(key);
    let required = builder.array([(OutKey::Index(0), Entry::New(required_key))]);
    let object = builder.string("object");
    builder.array([
        (OutKey::Name("type"), Entry::New(object)),
        (OutKey::Name("properties"), Entry::New(properties)),
        (OutKey::Name("required"), Entry::New(required)),
    ])
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransformError(Box<TransformFailure>);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransformFailure {
    /// Nesting deeper than [`MAX_DEPTH`]; `path` is a JSON Pointer to the container that was too deep.
    TooDeep { path: String },
    /// More than [`MAX_CONTAINERS`] arrays and objects to walk (shared sub-arrays count once per
    /// place they are used); `path` is a JSON Pointer to the first one past the bound.
    TooLarge { path: String },
    /// A `JsonSerializable` object failed to serialise.
    Serialize { path: String, message: String },
}

impl TransformError {
    fn too_deep() -> Self {
        TransformError(Box::new(TransformFailure::TooDeep {
            path: String::new(),
        }))
    }

    fn too_large() -> Self {
        TransformError(Box::new(TransformFailure::TooLarge {
            path: String::new(),
        }))
    }

    fn serialize(message: String) -> Self {
        TransformError(Box::new(TransformFailure::Serialize {
            path: String::new(),
            message,
        }))
    }

    pub fn failure(&self) -> &TransformFailure {
        &self.0
    }

    fn under(mut self, key: Key<'_>) -> Self {
        let path = match &mut *self.0 {
            TransformFailure::TooDeep { path }
            | TransformFailure::TooLarge { path }
            | TransformFailure::Serialize { path, .. } => path,
        };
        *path = format!("/{}{}", pointer_segment(key), path);
        self
    }
}

impl std::fmt::Display for TransformError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &*self.0 {
            TransformFailure::TooDeep { path } => {
                write!(
                    f,
                    "Schema nesting exceeds the maximum depth of {MAX_DEPTH} at '{path}'"
                )
            }
            TransformFailure::TooLarge { path } => {
                write!(f, "Schema has more than {MAX_CONTAINERS} arrays and objects to walk (a shared sub-array counts each time it is used) at '{path}'")
            }
            TransformFailure::Serialize { path, message } => {
                write!(
                    f,
                    "Schema value at '{path}' could not be serialised: {message}"
                )
            }
        }
    }
}

/// A JSON Pointer segment for `key` (RFC 6901 escaping); a key that is not UTF-8, or holds a NUL
/// byte (which no exception message can carry), is shown as `0x` and its bytes in hex.
pub fn pointer_segment(key: Key<'_>) -> String {
    match key {
        Key::Int(i) => i.to_string(),
        Key::Str(s) => {
            let mut segment = String::with_capacity(s.len());
            keywords::push_pointer_segment(&mut segment, s);
            segment
        }
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

/// Which wire rules apply at a node (the plain transform walks with `Off` everywhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wire {
    Off,
    On,
    /// On, and the node is a `properties` map: its members' draft-3 `required: true` are collected.
    Properties,
}

/// What a wire schema node's `required` comes to.
enum Required<O> {
    /// Not an array: dropped (`was_true`: it was WordPress's draft-3 `required: true`).
    Dropped { was_true: bool },
    /// A list of strings: kept as it is.
    Same,
    /// The names as strings, in order (what JSON cannot name is left out).
    Names(Vec<O>),
}

/// The name of a property that said `required: true`: its key, or its index in a renumbered list.
#[derive(Clone, Copy)]
enum PropertyName<K> {
    Key(K),
    Index(i64),
}

/// A schema node's `required` while its other keys are walked: where it sits in the output,
/// what it came to, and its source value.
type RequiredSlot<'a, V, O> = (usize, Required<O>, V);

/// Most arrays and objects one walk enters. Shared sub-arrays make a schema of a few KB as large
/// as its expansion (40 levels of `{x: $s, y: $s}` are 2^40 of them), and PHP's
/// `max_execution_time` cannot stop a walk in native code: this bound ends it. (A 500-tool
/// list's schemas are about 10 000 in all.)
pub const MAX_CONTAINERS: usize = 1_000_000;

/// Most `jsonSerialize()` calls of the walks that may be running at once in one thread: a
/// `jsonSerialize()` that starts another walk (a schema builder transforming its own schema) nests
/// walks on the native stack, so the nesting is bounded (the fallback has the same bound).
pub const MAX_SERIALIZE_NESTING: usize = 16;

thread_local! {
    /// Identities of the objects whose `jsonSerialize()` is running, in every walk of this thread
    /// (the walks nested by those calls included): an object met again while its own
    /// `jsonSerialize()` runs is cut, as an ancestor is, so a `jsonSerialize()` that walks the
    /// schema it belongs to cannot recurse without end.
    static SERIALIZING: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Whether the object `identity` is inside its own `jsonSerialize()` in this thread.
fn is_serializing(identity: usize) -> bool {
    SERIALIZING.with(|s| s.borrow().contains(&identity))
}

/// Takes the object off [`SERIALIZING`] when its `jsonSerialize()` returns (or unwinds).
struct SerializingGuard;

impl Drop for SerializingGuard {
    fn drop(&mut self) {
        SERIALIZING.with(|s| s.borrow_mut().pop());
    }
}

/// What the `JsonSerializable` object `v` serialises to, its `jsonSerialize()` run with the object
/// marked as serializing (see [`SERIALIZING`]).
fn serialize_marked<'a, V: View<'a>>(v: V, identity: usize) -> Result<V, TransformError> {
    let nesting = SERIALIZING.with(|s| s.borrow().len());
    if nesting >= MAX_SERIALIZE_NESTING {
        return Err(TransformError::serialize(format!(
            "jsonSerialize() calls nest more than {MAX_SERIALIZE_NESTING} deep (each walks a schema again)"
        )));
    }
    SERIALIZING.with(|s| s.borrow_mut().push(identity));
    let _guard = SerializingGuard;
    v.json_value().map_err(TransformError::serialize)
}

struct Walk<'a, 'b, V: View<'a>, B: Builder<'a, V>> {
    builder: &'b mut B,
    /// Containers entered so far (see [`MAX_CONTAINERS`]).
    containers: usize,
    /// Identities of the containers between the root and the current node.
    ancestors: Vec<usize>,
    /// The value the last [`Outcome::New`] made, until its caller takes it.
    made: Option<B::Out>,
    /// Names of `properties` members that said `required: true`: a stack, each schema node takes
    /// what its own `properties` pushed (from the length it saw before).
    promoted: Vec<PropertyName<V::EntryKey>>,
    /// Whether the schema node walked last said `required: true` (its `properties` map reads it).
    required_true: bool,
    _marker: std::marker::PhantomData<&'a V>,
}

impl<'a, 'b, V: View<'a>, B: Builder<'a, V>> Walk<'a, 'b, V, B> {
    fn new(builder: &'b mut B) -> Self {
        Walk {
            builder,
            containers: 0,
            ancestors: Vec::new(),
            made: None,
            promoted: Vec::new(),
            required_true: false,
            _marker: std::marker::PhantomData,
        }
    }

    fn value(
        &mut self,
        v: V,
        position: Position,
        depth: usize,
        wire: Wire,
    ) -> Result<Outcome, TransformError> {
        if v.is_scalar() {
            return Ok(Outcome::Same);
        }
        match v.shape() {
            Shape::Null | Shape::Bool(_) | Shape::Int(_) | Shape::Float(_) | Shape::Str(_) => {
                Ok(Outcome::Same)
            }
            Shape::Opaque
            | Shape::Object {
                kind: ObjectKind::Opaque,
                ..
            } => Ok(Outcome::Remove),
            Shape::Array { identity, .. } => {
                self.container(v, identity, position, depth, false, wire)
            }
            Shape::Object {
                identity,
                kind: ObjectKind::Plain,
            } => self.container(v, identity, position, depth, true, wire),
            Shape::Object {
                identity,
                kind: ObjectKind::JsonSerializable,
            } => {
                if self.ancestors.contains(&identity) || is_serializing(identity) {
                    return Ok(Outcome::Remove);
                }
                if depth >= MAX_DEPTH {
                    return Err(TransformError::too_deep());
                }
                let serialized = serialize_marked(v, identity)?;
                self.ancestors.push(identity);
                let outcome = self.value(serialized, position, depth + 1, wire);
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
        wire: Wire,
    ) -> Result<Outcome, TransformError> {
        if identity != 0 && self.ancestors.contains(&identity) {
            return Ok(Outcome::Remove);
        }
        if depth >= MAX_DEPTH {
            return Err(TransformError::too_deep());
        }
        self.containers += 1;
        if self.containers > MAX_CONTAINERS {
            return Err(TransformError::too_large());
        }
        if identity == 0 {
            return self.rebuilt_or_same(v, position, depth, always_rebuild, wire);
        }
        self.ancestors.push(identity);
        let outcome = self.rebuilt_or_same(v, position, depth, always_rebuild, wire);
        self.ancestors.pop();
        outcome
    }

    fn rebuilt_or_same(
        &mut self,
        v: V,
        position: Position,
        depth: usize,
        always_rebuild: bool,
        wire: Wire,
    ) -> Result<Outcome, TransformError> {
        let held = v.hold();
        let cleaned = self.entries(v, position, depth, always_rebuild, wire)?;
        let outcome = match (wire, cleaned) {
            (Wire::Off, None) => Outcome::Same,
            (Wire::Off, Some(entries)) => self.made_new(|b| b.array(entries)),
            (_, cleaned) => self.wire_container(v, position, cleaned),
        };
        // The entries point into `v`: held until the result is built, even if PHP code run
        // during the walk (a jsonSerialize()) wrote to it.
        drop(held);
        Ok(outcome)
    }

    /// A cleaned container in its wire form: `{}` for an empty sub-schema, an object for a map
    /// of sub-schemas that PHP would read as a list (JSON would make it an array).
    fn wire_container(
        &mut self,
        v: V,
        position: Position,
        cleaned: Option<Entries<'a, V, B::Out>>,
    ) -> Outcome {
        let len = cleaned.as_ref().map_or_else(|| v.shape_len(), Vec::len);
        match position {
            Position::Schema | Position::SchemaOrList if len == 0 => {
                self.made_new(|b| b.empty_object())
            }
            // (Empty maps are removed by their parent: they stay arrays here.)
            Position::SchemaMap | Position::MapOfSchemaOrList
                if len > 0 && keys_are_list(v, cleaned.as_ref()) =>
            {
                let entries = cleaned.unwrap_or_else(|| shared_entries(v));
                self.made_new(|b| b.object(entries))
            }
            _ => match cleaned {
                None => Outcome::Same,
                Some(entries) => self.made_new(|b| b.array(entries)),
            },
        }
    }

    /// The cleaned entries of a container, or `None` when nothing changes. The caller holds `v`
    /// ([`View::hold`]) until it no longer reads those entries.
    fn entries(
        &mut self,
        v: V,
        position: Position,
        depth: usize,
        always_rebuild: bool,
        wire: Wire,
    ) -> Result<Option<Entries<'a, V, B::Out>>, TransformError> {
        let position = match position {
            Position::SchemaOrList if is_list(v) => Position::SchemaList,
            Position::SchemaOrList => Position::Schema,
            other => other,
        };
        // On the wire a list of sub-schemas is a JSON array, whatever its keys were.
        let reindex = wire != Wire::Off && position == Position::SchemaList && !is_list(v);
        let schema_node = wire != Wire::Off && position == Position::Schema;
        let promoted_from = self.promoted.len();
        let renumbered = wire == Wire::Properties && is_list(v);
        let mut required_true = false;
        let mut required: Option<RequiredSlot<'a, V, B::Out>> = None;
        let mut rebuilt: Option<Entries<'a, V, B::Out>> =
            (always_rebuild || reindex).then(Vec::new);
        for (index, (entry_key, child)) in v.entries().enumerate() {
            let key: Key<'a> = entry_key.into();
            if schema_node && key.is("required") {
                match self.required(child, depth + 1).map_err(|e| e.under(key))? {
                    Required::Dropped { was_true } => {
                        required_true = was_true;
                        rebuilt.get_or_insert_with(|| copy_first(v, index));
                    }
                    names => {
                        // Kept in place; its final value is known once `properties` has been walked.
                        if matches!(names, Required::Names(_)) {
                            rebuilt.get_or_insert_with(|| copy_first(v, index));
                        }
                        let slot = rebuilt.as_ref().map_or(index, Vec::len);
                        if let Some(out) = rebuilt.as_mut() {
                            out.push((OutKey::Orig(entry_key), Entry::Same(child)));
                        }
                        required = Some((slot, names, child));
                    }
                }
                continue;
            }
            // Keys are keywords only at schema positions (elsewhere they are names or indexes).
            let keyword = if position == Position::Schema {
                keyword(key)
            } else {
                Position::Data
            };
            let outcome = if keyword == Position::WordPressOnly {
                Outcome::Remove
            } else {
                let child_pos = position_under(position, keyword);
                let child_wire = match (wire, child_pos) {
                    (Wire::Off, _) | (_, Position::Data | Position::WordPressOnly) => Wire::Off,
                    // The names lists of `dependencies` are not sub-schemas on the wire.
                    _ if position == Position::MapOfSchemaOrList
                        && child.shape_len() > 0
                        && is_list(child) =>
                    {
                        Wire::Off
                    }
                    _ if schema_node && key.is("properties") => Wire::Properties,
                    _ => Wire::On,
                };
                self.required_true = false;
                let outcome = self
                    .value(child, child_pos, depth + 1, child_wire)
                    .map_err(|e| e.under(key))?;
                if wire == Wire::Properties && self.required_true {
                    // A list is renumbered when entries are removed: the name is the new index.
                    let at = rebuilt.as_ref().map_or(index, Vec::len);
                    self.promoted.push(if renumbered {
                        PropertyName::Index(at as i64)
                    } else {
                        PropertyName::Key(entry_key)
                    });
                }
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
                    let n = self
                        .made
                        .take()
                        .expect("Outcome::New leaves its value in `made`");
                    rebuilt
                        .get_or_insert_with(|| copy_first(v, index))
                        .push((OutKey::Orig(entry_key), Entry::New(n)));
                }
                Outcome::Remove => {
                    rebuilt.get_or_insert_with(|| copy_first(v, index));
                }
            }
        }
        // A list stays a list: removed entries must not leave gaps in its indexes.
        if let Some(out) = rebuilt.as_mut().filter(|_| reindex || is_list(v)) {
            for (i, (k, _)) in out.iter_mut().enumerate() {
                *k = OutKey::Index(i as i64);
            }
        }
        if schema_node {
            let promoted = self.promoted.split_off(promoted_from);
            self.finish_required(v, &mut rebuilt, required, promoted);
            // Set last: the walks of this node's children set it for themselves.
            self.required_true = required_true;
        }
        Ok(rebuilt)
    }

    /// A wire schema node's `required`: an array's names as strings (after the transform's
    /// cleaning of its entries), `Dropped` for anything else.
    fn required(&mut self, v: V, depth: usize) -> Result<Required<B::Out>, TransformError> {
        match v.shape() {
            Shape::Bool(b) => Ok(Required::Dropped { was_true: b }),
            Shape::Array { identity, .. } => self.names(v, identity, depth, false),
            Shape::Object {
                identity,
                kind: ObjectKind::Plain,
            } => self.names(v, identity, depth, true),
            Shape::Object {
                identity,
                kind: ObjectKind::JsonSerializable,
            } => {
                if self.ancestors.contains(&identity) || is_serializing(identity) {
                    return Ok(Required::Dropped { was_true: false });
                }
                if depth >= MAX_DEPTH {
                    return Err(TransformError::too_deep());
                }
                let serialized = serialize_marked(v, identity)?;
                self.ancestors.push(identity);
                let names = self.required(serialized, depth + 1);
                self.ancestors.pop();
                Ok(match names? {
                    // The list is what the object serialises to, not the object.
                    Required::Same => Required::Names(
                        serialized
                            .entries()
                            .map(|(_, n)| self.builder.share(n))
                            .collect(),
                    ),
                    other => other,
                })
            }
            _ => Ok(Required::Dropped { was_true: false }),
        }
    }

    fn names(
        &mut self,
        v: V,
        identity: usize,
        depth: usize,
        always_rebuild: bool,
    ) -> Result<Required<B::Out>, TransformError> {
        if identity != 0 && self.ancestors.contains(&identity) {
            return Ok(Required::Dropped { was_true: false });
        }
        if depth >= MAX_DEPTH {
            return Err(TransformError::too_deep());
        }
        let held = v.hold();
        if identity != 0 {
            self.ancestors.push(identity);
        }
        let cleaned = self.entries(v, Position::Data, depth, always_rebuild, Wire::Off);
        if identity != 0 {
            self.ancestors.pop();
        }
        let names = match cleaned? {
            None if is_list(v) && v.entries().all(|(_, n)| n.as_str().is_some()) => Required::Same,
            None => Required::Names(
                v.entries()
                    .filter_map(|(_, n)| self.name(Entry::Same(n)))
                    .collect(),
            ),
            Some(entries) => Required::Names(
                entries
                    .into_iter()
                    .filter_map(|(_, e)| self.name(e))
                    .collect(),
            ),
        };
        // Every name is owned by now (shared strings): nothing points into `v` any more.
        drop(held);
        Ok(names)
    }

    /// One entry of `required` as a name: a string as it is, a number or boolean as PHP's
    /// `(string)`; anything else names nothing.
    fn name(&mut self, entry: Entry<V, B::Out>) -> Option<B::Out> {
        let shape = match &entry {
            Entry::Same(n) => n.shape(),
            Entry::New(made) => self.builder.made_shape(made),
        };
        let scalar: Shape<'static> = match shape {
            Shape::Str(_) => {
                return Some(match entry {
                    Entry::Same(n) => self.builder.share(n),
                    Entry::New(made) => made,
                })
            }
            Shape::Int(i) => Shape::Int(i),
            Shape::Float(f) => Shape::Float(f),
            Shape::Bool(b) => Shape::Bool(b),
            _ => return None,
        };
        Some(self.builder.scalar_string(scalar))
    }

    /// Puts a wire schema node's `required` in its final form: its names, joined (once each, in
    /// order: [`super::draft3::join`]) by the properties that said `required: true`.
    fn finish_required(
        &mut self,
        v: V,
        rebuilt: &mut Option<Entries<'a, V, B::Out>>,
        required: Option<RequiredSlot<'a, V, B::Out>>,
        promoted: Vec<PropertyName<V::EntryKey>>,
    ) {
        let (slot, names) = match required {
            Some((slot, names, source)) => (
                Some(slot),
                match names {
                    Required::Same if promoted.is_empty() => return,
                    Required::Same => source
                        .entries()
                        .map(|(_, n)| self.builder.share(n))
                        .collect(),
                    Required::Names(names) => names,
                    Required::Dropped { .. } => Vec::new(),
                },
            ),
            None if promoted.is_empty() => return,
            None => (None, Vec::new()),
        };
        let list = if promoted.is_empty() {
            self.builder.array(
                names
                    .into_iter()
                    .enumerate()
                    .map(|(i, n)| (OutKey::Index(i as i64), Entry::New(n)))
                    .collect::<Vec<_>>(),
            )
        } else {
            let lifted: Vec<B::Out> = promoted
                .into_iter()
                .map(|name| match name {
                    PropertyName::Key(key) => self.builder.key_string(key),
                    PropertyName::Index(i) => self.builder.scalar_string(Shape::Int(i)),
                })
                .collect();
            let builder = &*self.builder;
            let name_bytes = |n: &B::Out| match builder.made_shape(n) {
                Shape::Str(bytes) => Some(bytes.to_vec()),
                _ => None,
            };
            let own = names.into_iter().filter(|n| name_bytes(n).is_some());
            // Rebuilt from scratch: a name repeated in the schema's own list goes too.
            let merged = super::draft3::join(Vec::new(), own.chain(lifted), name_bytes);
            self.builder.array(
                merged
                    .into_iter()
                    .enumerate()
                    .map(|(i, n)| (OutKey::Index(i as i64), Entry::New(n)))
                    .collect::<Vec<_>>(),
            )
        };
        let out = rebuilt.get_or_insert_with(|| shared_entries(v));
        match slot {
            Some(slot) => out[slot].1 = Entry::New(list),
            None => out.push((OutKey::Name("required"), Entry::New(list))),
        }
    }

    fn made_new(&mut self, make: impl FnOnce(&mut B) -> B::Out) -> Outcome {
        self.made = Some(make(self.builder));
        Outcome::New
    }

    fn is_empty(&self, outcome: Outcome, value: V) -> bool {
        match outcome {
            Outcome::Same => value.is_empty_array(),
            Outcome::New => self
                .made
                .as_ref()
                .is_some_and(|n| self.builder.is_empty_array(n)),
            Outcome::Remove => false,
        }
    }
}

/// Whether the walk would leave the entries of `v` (at `position`, `depth`; with the wire rules
/// or without) as they are. Most schemas need nothing, and this read-only scan costs a fraction
/// of the walk, which keeps at every entry the state a rebuild needs.
///
/// Clean means: no WordPress-only key at a schema position, no object, no value JSON cannot
/// carry, no empty map of sub-schemas; on the wire also no empty sub-schema (it becomes `{}`), no
/// map of sub-schemas keyed as a list (it becomes an object), no list of sub-schemas with other
/// keys, and every `required` a list of names (anything else is dropped or rewritten, and a
/// draft-3 `required: true` is itself not a list). What the scan cannot decide alone (an array
/// behind a PHP reference, a possible cycle; nesting at the depth limit, which the walk reports)
/// counts as not clean: the walk then decides. So does a schema past [`MAX_CONTAINERS`] (`left`
/// counts down the containers the scan may still enter).
fn is_clean<'a, V: View<'a>>(
    v: V,
    position: Position,
    depth: usize,
    wire: bool,
    left: &mut usize,
) -> bool {
    let position = match position {
        Position::SchemaOrList if is_list(v) => Position::SchemaList,
        Position::SchemaOrList => Position::Schema,
        other => other,
    };
    if wire && position == Position::SchemaList && !is_list(v) {
        return false;
    }
    v.entries()
        .all(|(key, child)| is_clean_entry(key, child, position, depth, wire, left))
}

/// One entry of [`is_clean`]'s container `v` (at `position`, `depth`).
#[inline(always)]
fn is_clean_entry<'a, V: View<'a>>(
    entry_key: V::EntryKey,
    child: V,
    position: Position,
    depth: usize,
    wire: bool,
    left: &mut usize,
) -> bool {
    // Only a schema's keys are read: elsewhere a key's text is one memory load that decides
    // nothing (a property name, a list index).
    let keyword = if position == Position::Schema {
        let key: Key<'a> = entry_key.into();
        if child.is_scalar() {
            // A scalar changes only under a WordPress-only key, or as a `required` on the wire
            // (not a list of names): most keys are ruled out by their length alone.
            return !(is_wordpress_only_key(key) || wire && key.is("required"));
        }
        let keyword = keyword(key);
        if keyword == Position::WordPressOnly {
            return false;
        }
        if wire && key.is("required") {
            return depth + 1 < MAX_DEPTH && is_name_list(child);
        }
        keyword
    } else {
        Position::Data
    };
    if child.is_scalar() {
        return true;
    }
    let Some(len) = to_enter(child, depth, left) else {
        return false;
    };
    let child_pos = position_under(position, keyword);
    let child_wire = wire
        && child_pos != Position::Data
        // The names lists of `dependencies` are not sub-schemas on the wire.
        && !(position == Position::MapOfSchemaOrList && len > 0 && is_list(child));
    if len == 0 {
        // Removed (an empty map of sub-schemas), or `{}` on the wire (an empty sub-schema).
        return !(child_pos.is_schema_map()
            || child_wire && matches!(child_pos, Position::Schema | Position::SchemaOrList));
    }
    if child_pos == Position::Data {
        return is_clean_data(child, depth + 1, left);
    }
    if child_wire && child_pos.is_schema_map() && is_list(child) {
        return false;
    }
    is_clean(child, child_pos, depth + 1, child_wire, left)
}

/// [`is_clean`] at a position that holds only data (an `enum`, a `default`, an unknown keyword's
/// value): no key is read and no wire rule applies, so only the values decide.
fn is_clean_data<'a, V: View<'a>>(v: V, depth: usize, left: &mut usize) -> bool {
    v.entries().all(|(_, child)| {
        if child.is_scalar() {
            return true;
        }
        to_enter(child, depth, left)
            .is_some_and(|len| len == 0 || is_clean_data(child, depth + 1, left))
    })
}

/// The length of a value (not a scalar) of a container at `depth` that the scan may enter, and
/// one container fewer `left`; `None` for anything but an array reached directly (an object, a
/// value behind a shared reference) or past the bounds: the walk decides those.
#[inline(always)]
fn to_enter<'a, V: View<'a>>(child: V, depth: usize, left: &mut usize) -> Option<usize> {
    let Shape::Array { identity: 0, len } = child.shape() else {
        return None;
    };
    if depth + 1 >= MAX_DEPTH || *left == 0 {
        return None;
    }
    *left -= 1;
    Some(len)
}

/// [`is_clean`] for a walk's root, and the root's `type` when it is clean (met on the way, so
/// not looked up again).
fn scan_root<'a, V: View<'a>>(root: V, wire: bool) -> (bool, Option<V>) {
    let mut left = MAX_CONTAINERS;
    let mut type_value = None;
    let clean = root.entries().all(|(key, child)| {
        if Into::<Key<'a>>::into(key).is("type") {
            type_value = Some(child);
        }
        is_clean_entry(key, child, Position::Schema, 0, wire, &mut left)
    });
    (clean, type_value)
}

/// [`is_clean`] for a walk's root.
#[cfg(test)]
fn is_clean_root<'a, V: View<'a>>(root: V, wire: bool) -> bool {
    scan_root(root, wire).0
}

/// A `required` the wire walk keeps as it is: a list of strings.
fn is_name_list<'a, V: View<'a>>(v: V) -> bool {
    matches!(v.shape(), Shape::Array { identity: 0, .. })
        && is_list(v)
        && v.entries().all(|(_, name)| name.as_str().is_some())
}

/// Every entry of `v`, shared.
fn shared_entries<'a, V: View<'a>, O>(v: V) -> Entries<'a, V, O> {
    v.entries()
        .map(|(k, c)| (OutKey::Orig(k), Entry::Same(c)))
        .collect()
}

/// Whether the keys a container comes out with are 0, 1, 2, … (PHP's `array_is_list`).
fn keys_are_list<'a, V: View<'a>, O>(v: V, cleaned: Option<&Entries<'a, V, O>>) -> bool {
    match cleaned {
        None => is_list(v),
        Some(entries) => entries.iter().enumerate().all(|(i, (k, _))| match *k {
            OutKey::Orig(k) => k.into() == Key::Int(i as i64),
            OutKey::Index(n) => n == i as i64,
            OutKey::Name(_) => false,
        }),
    }
}

/// The first `n` entries of `v`, shared: the prefix of a container that starts changing at `n`.
fn copy_first<'a, V: View<'a>, O>(v: V, n: usize) -> Entries<'a, V, O> {
    let mut out = Vec::with_capacity(n + 4);
    out.extend(
        v.entries()
            .take(n)
            .map(|(k, c)| (OutKey::Orig(k), Entry::Same(c))),
    );
    out
}

/// PHP's `array_is_list`: keys are 0, 1, 2, … in order.
pub fn is_list<'a, V: View<'a>>(v: V) -> bool {
    v.entries()
        .enumerate()
        .all(|(i, (k, _))| k.into() == Key::Int(i as i64))
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
        super::arguments::DEFAULT_INPUT_WRAPPER,
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

fn transform_root<'a, V: View<'a>, B: Builder<'a, V>>(
    schema: Option<V>,
    wrapper_key: &'a str,
    builder: &mut B,
    encoding: Encoding,
) -> Result<Transformed<'a, V, B::Out>, TransformError> {
    let tool = encoding == Encoding::Tool;
    let not_transformed = |schema| Transformed {
        schema,
        was_transformed: false,
        wrapper_property: None,
    };
    let Some(root) = schema.filter(|root| root.is_array()) else {
        return Ok(not_transformed(Entry::New(minimal_object(builder, tool))));
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

    let (len, type_kind) =
        match &cleaned {
            None => (root.shape_len(), type_kind(root_type.map(View::shape))),
            Some(entries) => (
                entries.len(),
                // The cleaned `type` (a jsonSerialize() may have made it): what PHP would then read.
                type_kind(entries.iter().find(|(k, _)| out_key_is(k, "type")).map(
                    |(_, e)| match e {
                        Entry::Same(v) => v.shape(),
                        Entry::New(made) => builder.made_shape(made),
                    },
                )),
            ),
        };
    if len == 0 {
        return Ok(not_transformed(Entry::New(minimal_object(builder, tool))));
    }

    let entries_of =
        |cleaned: Option<Entries<'a, V, B::Out>>| cleaned.unwrap_or_else(|| shared_entries(root));
    match type_kind {
        TypeKind::Object => Ok(not_transformed(match cleaned {
            None if !tool || has_properties(root) => Entry::Same(root),
            cleaned => {
                let mut entries = entries_of(cleaned);
                if tool {
                    with_properties(&mut entries, builder);
                }
                Entry::New(builder.array(entries))
            }
        })),
        TypeKind::Missing => {
            let mut entries = entries_of(cleaned);
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
            Ok(not_transformed(Entry::New(builder.array(entries))))
        }
        TypeKind::Null => {
            let mut entries = entries_of(cleaned);
            let object = builder.string("object");
            if let Some(slot) = entries.iter_mut().find(|(k, _)| out_key_is(k, "type")) {
                slot.1 = Entry::New(object);
            }
            if tool {
                with_properties(&mut entries, builder);
            }
            Ok(not_transformed(Entry::New(builder.array(entries))))
        }
        TypeKind::Other => {
            let inner = match cleaned {
                None => Entry::Same(root),
                Some(entries) => Entry::New(builder.array(entries)),
            };
            let transformed = |schema| Transformed {
                schema,
                was_transformed: true,
                wrapper_property: Some(wrapper_key),
            };
            if encoding == Encoding::Ability {
                return Ok(transformed(inner));
            }
            // PHP reads the key "0" as the integer 0: JSON would make that map a list.
            let properties_as_object = tool && wrapper_key == "0";
            Ok(transformed(Entry::New(builder.wrapper(
                inner,
                wrapper_key,
                properties_as_object,
            ))))
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::json::JsonBuilder;
    use serde_json::{json, Map, Value};

    /// Whether the walk itself leaves the root's entries as they are.
    fn walk_keeps(schema: &Value, wire: Wire) -> Result<bool, TransformError> {
        let mut builder = JsonBuilder;
        let mut walk = Walk::new(&mut builder);
        Ok(walk
            .entries(schema, Position::Schema, 0, false, wire)?
            .is_none())
    }

    /// A small deterministic generator (xorshift): schemas built from keywords of every
    /// position, WordPress-only keys, names, empty and non-empty containers.
    struct Gen(u64);

    impl Gen {
        fn next(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }

        fn value(&mut self, depth: usize) -> Value {
            match if depth > 5 {
                self.next(3)
            } else {
                self.next(10)
            } {
                0 => json!("object"),
                8 => json!(["a", "b"]),
                9 => json!(true),
                1 => json!(self.next(10)),
                2 => Value::Null,
                3 => json!([]),
                4 | 5 => self.map(depth),
                _ => Value::Array((0..self.next(3)).map(|_| self.value(depth + 1)).collect()),
            }
        }

        fn map(&mut self, depth: usize) -> Value {
            const KEYS: [&str; 16] = [
                "type",
                "properties",
                "items",
                "anyOf",
                "not",
                "dependencies",
                "$defs",
                "enum",
                "default",
                "sanitize_callback",
                "arg_options",
                "name",
                "0",
                "required",
                "patternProperties",
                "description",
            ];
            let mut map = Map::new();
            for _ in 0..self.next(4) {
                let key = KEYS[self.next(KEYS.len() as u64) as usize];
                map.insert(key.to_string(), self.value(depth + 1));
            }
            Value::Object(map)
        }
    }

    #[test]
    fn the_clean_scan_agrees_with_the_walk() {
        for (wire, seed) in [
            (Wire::Off, 0x9e37_79b9_7f4a_7c15),
            (Wire::On, 0x2545_f491_4f6c_dd1d),
        ] {
            let mut gen = Gen(seed);
            let (mut clean, mut changed) = (0, 0);
            for _ in 0..40_000 {
                let schema = gen.map(0);
                let scan = is_clean_root(&schema, wire != Wire::Off);
                assert_eq!(
                    scan,
                    walk_keeps(&schema, wire).unwrap(),
                    "{wire:?}: {schema}"
                );
                if scan {
                    clean += 1;
                } else {
                    changed += 1;
                }
            }
            // Both answers occur often enough for the agreement to mean something.
            assert!(
                clean > 5_000 && changed > 5_000,
                "{wire:?}: clean {clean}, changed {changed}"
            );
        }
    }

    #[test]
    fn the_clean_scan_leaves_the_depth_limit_to_the_walk() {
        let mut deep = json!({"type": "string"});
        for _ in 0..MAX_DEPTH {
            deep = json!({ "not": deep });
        }
        for wire in [Wire::Off, Wire::On] {
            assert!(!is_clean_root(&deep, wire != Wire::Off));
            assert!(walk_keeps(&deep, wire).is_err());
        }
        let mut fits = json!({"type": "string"});
        for _ in 0..MAX_DEPTH - 1 {
            fits = json!({ "not": fits });
        }
        for wire in [Wire::Off, Wire::On] {
            assert!(is_clean_root(&fits, wire != Wire::Off));
            assert!(walk_keeps(&fits, wire).unwrap());
        }
    }
}
