//! A wire schema node's `required`: an array's names as strings, anything else dropped, and
//! WordPress's draft-3 `required: true` on a property lifted into its parent's list.

use super::serialize::{is_serializing, serialize_marked};
use super::walk::{Node, Walk, Wire};
use super::{is_list, shared_entries, Builder, Entry, OutKey, TransformError};
use crate::core::keywords::Position;
use crate::core::view::{ObjectKind, Shape, View};
use crate::core::MAX_DEPTH;

/// What a wire schema node's `required` comes to.
pub(super) enum Required<O> {
    /// Not an array: dropped (`was_true`: it was WordPress's draft-3 `required: true`).
    Dropped { was_true: bool },
    /// A list of strings: kept as it is.
    Same,
    /// The names as strings, in order (what JSON cannot name is left out).
    Names(Vec<O>),
}

/// The name of a property that said `required: true`: its key, or its index in a renumbered list.
#[derive(Clone, Copy)]
pub(super) enum PropertyName<K> {
    Key(K),
    Index(i64),
}

/// A schema node's `required` while its other keys are walked: where it sits in the output,
/// what it came to, and its source value.
pub(super) type RequiredSlot<'a, V, O> = (usize, Required<O>, V);

impl<'a, 'b, V: View<'a>, B: Builder<'a, V>> Walk<'a, 'b, V, B> {
    /// The `required` entry (at `index`) of a wire schema `node`: dropped, or kept in place
    /// (its final value is known once `properties` has been walked).
    pub(super) fn required_entry(
        &mut self,
        node: &mut Node<'a, V, B::Out>,
        index: usize,
        entry_key: V::EntryKey,
        child: V,
        depth: usize,
    ) -> Result<(), TransformError> {
        match self.required(child, depth + 1)? {
            Required::Dropped { was_true } => {
                node.required_true = was_true;
                node.changed(index);
            }
            names => {
                if matches!(names, Required::Names(_)) {
                    node.changed(index);
                }
                let slot = node.out_index(index);
                node.keep(entry_key, child);
                node.required = Some((slot, names, child));
            }
        }
        Ok(())
    }

    /// Notes that the member at `index` of the `properties` map `node` said `required: true`.
    pub(super) fn promote(
        &mut self,
        node: &Node<'a, V, B::Out>,
        index: usize,
        entry_key: V::EntryKey,
    ) {
        // A list is renumbered when entries are removed: the name is the new index.
        let at = node.out_index(index);
        self.promoted.push(if node.renumbered {
            PropertyName::Index(at as i64)
        } else {
            PropertyName::Key(entry_key)
        });
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
            } => self.serialized_required(v, identity, depth),
            _ => Ok(Required::Dropped { was_true: false }),
        }
    }

    /// A `required` given as a `JsonSerializable` object: what it serialises to.
    fn serialized_required(
        &mut self,
        v: V,
        identity: usize,
        depth: usize,
    ) -> Result<Required<B::Out>, TransformError> {
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

    /// Puts a wire schema node's `required` in its final form: its names, joined by the
    /// properties that said `required: true` ([`Self::lift_required_true`]).
    pub(super) fn finish_required(
        &mut self,
        node: &mut Node<'a, V, B::Out>,
        promoted: Vec<PropertyName<V::EntryKey>>,
    ) {
        let (slot, names) = match node.required.take() {
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
        let names = if promoted.is_empty() {
            names
        } else {
            self.lift_required_true(names, promoted)
        };
        let list = self.builder.array(
            names
                .into_iter()
                .enumerate()
                .map(|(i, n)| (OutKey::Index(i as i64), Entry::New(n)))
                .collect::<Vec<_>>(),
        );
        let v = node.v;
        let out = node.rebuilt.get_or_insert_with(|| shared_entries(v));
        match slot {
            Some(slot) => out[slot].1 = Entry::New(list),
            None => out.push((OutKey::Name("required"), Entry::New(list))),
        }
    }

    /// WordPress's draft-3 lifting: a schema's `required` names joined by those of its
    /// properties that said `required: true`, once each and in order
    /// ([`crate::core::draft3::join`], rebuilt from scratch: a name repeated in the schema's own
    /// list goes too).
    fn lift_required_true(
        &mut self,
        names: Vec<B::Out>,
        promoted: Vec<PropertyName<V::EntryKey>>,
    ) -> Vec<B::Out> {
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
        crate::core::draft3::join(Vec::new(), own.chain(lifted), name_bytes)
    }
}
