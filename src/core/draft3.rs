//! WordPress's draft-3 `'required' => true` on a property, lifted into its parent's `required`
//! list: the one Rust reading of the rule (`Schema\Draft3Required` is the PHP one).
//!
//! Who lifts, and how:
//! - the wire encoding (`transform/required.rs`) joins the lifted names to the node's own list and
//!   rebuilds it from scratch (`join(Vec::new(), own.chain(lifted))`: a name repeated in the
//!   schema's own list goes too). It finds the properties that say `required: true` during its
//!   one walk, after converting objects, not through [`required_properties`];
//! - the strict profile (`validate/strict/schema_json.rs` `modernize_node`) joins them to the list as written
//!   (`join(own, lifted)`: a repeated name of its own stays, for the 2020-12 meta-schema to refuse);
//! - the standard profile (`validate/schema/compile.rs`) keeps core's draft-3 semantics on purpose:
//!   `rest_validate_value_from_schema()` reads [`required_properties`] only when `required` is not
//!   an array, and never merges the two.

use std::collections::HashSet;
use std::hash::Hash;

use super::view::{Key, Shape, View};

/// The keys of the properties whose own schema (an array) says `'required' => true`, in order.
pub fn required_properties<'a, V: View<'a>>(properties: V) -> impl Iterator<Item = Key<'a>> + 'a {
    properties.entries().filter_map(|(k, p)| {
        let required_true = matches!(p.shape(), Shape::Array { .. })
            && matches!(
                p.get("required").map(|r| r.shape()),
                Some(Shape::Bool(true))
            );
        required_true.then(|| k.into())
    })
}

/// `names`, then each of `lifted` whose `key` is not yet among them (names already repeated in
/// `names` stay).
pub fn join<T, K: Eq + Hash>(
    mut names: Vec<T>,
    lifted: impl IntoIterator<Item = T>,
    key: impl Fn(&T) -> K,
) -> Vec<T> {
    let mut seen: HashSet<K> = names.iter().map(&key).collect();
    for name in lifted {
        if seen.insert(key(&name)) {
            names.push(name);
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_array_properties_saying_true_are_lifted() {
        let props = json!({"a": {"required": true}, "b": {"required": "true"}, "c": {}, "d": {"required": false}, "e": true});
        let names: Vec<Key> = required_properties(&props).collect();
        assert_eq!(names, vec![Key::Str(b"a")]);
    }

    #[test]
    fn join_keeps_the_own_list_and_adds_each_new_name_once() {
        let own = vec!["a", "a", "b"];
        assert_eq!(join(own, ["b", "c", "c"], |n| *n), vec!["a", "a", "b", "c"]);
        assert_eq!(
            join(Vec::new(), ["a", "a", "b", "c", "b"], |n| *n),
            vec!["a", "b", "c"]
        );
    }
}
