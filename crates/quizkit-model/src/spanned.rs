//! A value together with where it was written.

use std::ops::{Deref, Range};

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer};

/// A value and the byte range of the source text it was read from.
///
/// Deserializes through [`toml::Spanned`], so any value read by the `toml` crate carries its
/// span; the JSON Schema of `Spanned<T>` is the schema of `T`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    /// Byte range in the source file.
    pub span: Range<usize>,
    /// The value.
    pub value: T,
}

impl<T> Spanned<T> {
    /// Wraps `value` with `span`.
    pub fn new(span: Range<usize>, value: T) -> Self {
        Spanned { span, value }
    }
}

impl<T> Deref for Spanned<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spanned = toml::Spanned::<T>::deserialize(deserializer)?;
        let span = spanned.span();
        Ok(Spanned {
            span,
            value: spanned.into_inner(),
        })
    }
}

impl<T: JsonSchema> JsonSchema for Spanned<T> {
    fn inline_schema() -> bool {
        T::inline_schema()
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        T::json_schema(generator)
    }
}
