//! What a walk produces: keys and entries of rebuilt containers, and the host's [`Builder`].

use crate::core::view::{Shape, View};

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
