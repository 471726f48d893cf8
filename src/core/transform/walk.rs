//! The walk: every container of a schema, read-only, rebuilding only the branches that change.

use super::required::{PropertyName, RequiredSlot};
use super::serialize::{is_serializing, serialize_marked};
use super::{
    copy_first, is_list, keyword, node_position, position_under, shared_entries, Builder, Entries,
    Entry, OutKey, ShapeLen, TransformError, MAX_CONTAINERS,
};
use crate::core::keywords::Position;
use crate::core::view::{Key, ObjectKind, Shape, View};
use crate::core::MAX_DEPTH;

/// What the walk made of one value. The caller holds the value itself; a new one waits in
/// [`Walk::made`]. (Returning the new value inside the outcome made every call return a large
/// struct through memory: a store-forwarding stall on each node of every walk.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    Same,
    New,
    Remove,
}

/// Which wire rules apply at a node (the plain transform walks with `Off` everywhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wire {
    Off,
    On,
    /// On, and the node is a `properties` map: its members' draft-3 `required: true` are collected.
    Properties,
}

/// One walk's state: the builder, the bounds' counts, and what a node's children tell it.
pub(super) struct Walk<'a, 'b, V: View<'a>, B: Builder<'a, V>> {
    pub(super) builder: &'b mut B,
    /// Containers entered so far (see [`MAX_CONTAINERS`]).
    containers: usize,
    /// Identities of the containers between the root and the current node.
    pub(super) ancestors: Vec<usize>,
    /// The value the last [`Outcome::New`] made, until its caller takes it.
    made: Option<B::Out>,
    /// Names of `properties` members that said `required: true`: a stack, each schema node takes
    /// what its own `properties` pushed (from the length it saw before).
    pub(super) promoted: Vec<PropertyName<V::EntryKey>>,
    /// Whether the schema node walked last said `required: true` (its `properties` map reads it).
    pub(super) required_true: bool,
    _marker: std::marker::PhantomData<&'a V>,
}

/// One container while [`Walk::entries`] reads it: where it sits, and what its entries come to.
pub(super) struct Node<'a, V: View<'a>, O> {
    pub(super) v: V,
    pub(super) position: Position,
    pub(super) wire: Wire,
    /// A schema on the wire: its `required` follows the wire rules.
    pub(super) schema_node: bool,
    /// A `properties` list: a property's name is its index once the list is renumbered.
    pub(super) renumbered: bool,
    /// The entries so far, from the first one that changed (`None`: all of `v`'s, as they are).
    pub(super) rebuilt: Option<Entries<'a, V, O>>,
    /// This schema's own `required` on the wire, kept in place until `properties` is walked.
    pub(super) required: Option<RequiredSlot<'a, V, O>>,
    /// Whether this schema said draft-3 `required: true` (for its parent's `properties`).
    pub(super) required_true: bool,
}

impl<'a, V: View<'a>, O> Node<'a, V, O> {
    /// The rebuilt entries, started (with the `index` entries before this one) if need be.
    pub(super) fn changed(&mut self, index: usize) -> &mut Entries<'a, V, O> {
        let v = self.v;
        self.rebuilt.get_or_insert_with(|| copy_first(v, index))
    }

    /// Where the entry at `index` of `v` sits in the output.
    pub(super) fn out_index(&self, index: usize) -> usize {
        self.rebuilt.as_ref().map_or(index, Vec::len)
    }

    /// An entry that stays as it is.
    pub(super) fn keep(&mut self, key: V::EntryKey, child: V) {
        if let Some(out) = self.rebuilt.as_mut() {
            out.push((OutKey::Orig(key), Entry::Same(child)));
        }
    }

    /// A list stays a list: removed entries must not leave gaps in its indexes.
    fn renumber(&mut self, reindex: bool) {
        if let Some(out) = self.rebuilt.as_mut().filter(|_| reindex || is_list(self.v)) {
            for (i, (k, _)) in out.iter_mut().enumerate() {
                *k = OutKey::Index(i as i64);
            }
        }
    }
}

impl<'a, 'b, V: View<'a>, B: Builder<'a, V>> Walk<'a, 'b, V, B> {
    pub(super) fn new(builder: &'b mut B) -> Self {
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
            } => self.serializable(v, identity, position, depth, wire),
        }
    }

    /// A `JsonSerializable` object: replaced by what it serialises to, walked in its place.
    fn serializable(
        &mut self,
        v: V,
        identity: usize,
        position: Position,
        depth: usize,
        wire: Wire,
    ) -> Result<Outcome, TransformError> {
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
    pub(super) fn entries(
        &mut self,
        v: V,
        position: Position,
        depth: usize,
        always_rebuild: bool,
        wire: Wire,
    ) -> Result<Option<Entries<'a, V, B::Out>>, TransformError> {
        let position = node_position(v, position);
        // On the wire a list of sub-schemas is a JSON array, whatever its keys were.
        let reindex = wire != Wire::Off && position == Position::SchemaList && !is_list(v);
        let mut node = Node {
            v,
            position,
            wire,
            schema_node: wire != Wire::Off && position == Position::Schema,
            renumbered: wire == Wire::Properties && is_list(v),
            rebuilt: (always_rebuild || reindex).then(Vec::new),
            required: None,
            required_true: false,
        };
        let promoted_from = self.promoted.len();
        for (index, (entry_key, child)) in v.entries().enumerate() {
            let key: Key<'a> = entry_key.into();
            if node.schema_node && key.is("required") {
                self.required_entry(&mut node, index, entry_key, child, depth)
                    .map_err(|e| e.under(key))?;
                continue;
            }
            let outcome = self
                .member(&node, index, entry_key, child, depth)
                .map_err(|e| e.under(key))?;
            match outcome {
                Outcome::Same => node.keep(entry_key, child),
                Outcome::New => {
                    let made = self
                        .made
                        .take()
                        .expect("Outcome::New leaves its value in `made`");
                    let entry = (OutKey::Orig(entry_key), Entry::New(made));
                    node.changed(index).push(entry);
                }
                Outcome::Remove => {
                    node.changed(index);
                }
            }
        }
        node.renumber(reindex);
        if node.schema_node {
            let promoted = self.promoted.split_off(promoted_from);
            self.finish_required(&mut node, promoted);
            // Set last: the walks of this node's children set it for themselves.
            self.required_true = node.required_true;
        }
        Ok(node.rebuilt)
    }

    /// What one entry of `node` (not a wire schema's `required`) comes to.
    fn member(
        &mut self,
        node: &Node<'a, V, B::Out>,
        index: usize,
        entry_key: V::EntryKey,
        child: V,
        depth: usize,
    ) -> Result<Outcome, TransformError> {
        let key: Key<'a> = entry_key.into();
        // Keys are keywords only at schema positions (elsewhere they are names or indexes).
        let keyword = if node.position == Position::Schema {
            keyword(key)
        } else {
            Position::Data
        };
        if keyword == Position::WordPressOnly {
            return Ok(Outcome::Remove);
        }
        let child_pos = position_under(node.position, keyword);
        let child_wire = child_wire(node, key, child, child_pos);
        self.required_true = false;
        let outcome = self.value(child, child_pos, depth + 1, child_wire)?;
        if node.wire == Wire::Properties && self.required_true {
            self.promote(node, index, entry_key);
        }
        if child_pos.is_schema_map() && self.is_empty(outcome, child) {
            self.made = None;
            return Ok(Outcome::Remove);
        }
        Ok(outcome)
    }

    pub(super) fn made_new(&mut self, make: impl FnOnce(&mut B) -> B::Out) -> Outcome {
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

/// Which wire rules apply to `child`, the value under `key` of `node`, at `child_pos`.
fn child_wire<'a, V: View<'a>, O>(
    node: &Node<'a, V, O>,
    key: Key<'a>,
    child: V,
    child_pos: Position,
) -> Wire {
    match (node.wire, child_pos) {
        (Wire::Off, _) | (_, Position::Data | Position::WordPressOnly) => Wire::Off,
        // The names lists of `dependencies` are not sub-schemas on the wire.
        _ if node.position == Position::MapOfSchemaOrList
            && child.shape_len() > 0
            && is_list(child) =>
        {
            Wire::Off
        }
        _ if node.schema_node && key.is("properties") => Wire::Properties,
        _ => Wire::On,
    }
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
