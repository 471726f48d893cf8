//! `rest_validate_array_value_from_schema`: items, minItems, maxItems, uniqueItems (a scalar is
//! first made a list by `wp_parse_list()`).

use super::types::{display_php_value, gt, is_array, lt, parse_list_value, ValueKind};
use super::{Flow, Stop, WalkState};
use crate::core::validate::canonical::{unique_items, Uniqueness};
use crate::core::validate::php::Num;
use crate::core::validate::schema::Node;
use crate::core::validate::value::keyed_entries;
use crate::core::view::View;

impl<'p> WalkState<'p> {
    /// `rest_validate_array_value_from_schema`; returns whether the type check passed.
    pub(super) fn array<V: View<'p>>(
        &mut self,
        v: V,
        k: ValueKind<'p>,
        n: &Node,
    ) -> Result<bool, Stop> {
        if !is_array(v, k) {
            self.fail("type", |w| format!("{w} is not of type array."))?;
            return Ok(false);
        }
        if let ValueKind::Arr(_) = k {
            let entered = match self.enter(v) {
                Ok(e) => e,
                Err(Stop) if !self.first_only => return Ok(false),
                Err(Stop) => return Err(Stop),
            };
            let r = self.array_body(v, n);
            if entered.is_some() {
                self.ancestors.pop();
            }
            return r.map(|_| true);
        }
        // A scalar: wp_parse_list() makes a list of strings of it.
        let list = parse_list_value(k);
        let mut sub = WalkState::new(
            self.first_only,
            self.depth + self.ancestors.len(),
            self.pointer(),
        );
        let r = sub.array_body(&list, n);
        self.errors.append(std::mem::take(&mut sub.errors));
        r.map(|_| true)
    }

    fn array_body<V: View<'p>>(&mut self, v: V, n: &Node) -> Flow {
        let mut count = 0usize;
        if let Some(items) = &n.items {
            for (key, child) in keyed_entries(v) {
                count += 1;
                self.in_member(key, |walk| walk.value(child, items))?;
            }
        } else {
            count = keyed_entries(v).count();
        }
        let c = Num::Int(count as i64);
        if let Some(min) = &n.min_items {
            if lt(c, min) {
                let m = display_php_value(min);
                self.fail("minItems", |w| {
                    format!("{w} must contain at least {m} items.")
                })?;
            }
        }
        if let Some(max) = &n.max_items {
            if gt(c, max) {
                let m = display_php_value(max);
                self.fail("maxItems", |w| {
                    format!("{w} must contain at most {m} items.")
                })?;
            }
        }
        if n.unique_items {
            match unique_items(v) {
                Uniqueness::Unique => {}
                Uniqueness::Duplicate => {
                    self.fail("uniqueItems", |w| format!("{w} has duplicate items."))?
                }
                Uniqueness::Undecided(why) => self.fail("uniqueItems", |w| {
                    format!("{w} has items that {why}, so they cannot be shown to be unique.")
                })?,
            }
        }
        Ok(())
    }
}
