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

    /// Wraps a value built in code, which was read from nowhere: the span is empty (`0..0`).
    pub fn unspanned(value: T) -> Self {
        Spanned { span: 0..0, value }
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

/// Sets every span in a value to `0..0` (and the file ids of a bank, its categories, topics and
/// questions to the default), so values read from different texts compare equal when they say
/// the same: `load(write(x))` against `x`, a bank against its formatted self, an imported
/// question against the one expected.
pub trait ClearSpans {
    /// Empties every span in `self`.
    fn clear_spans(&mut self);

    /// `self` with every span emptied.
    fn without_spans(mut self) -> Self
    where
        Self: Sized,
    {
        self.clear_spans();
        self
    }
}

impl<T: ClearSpans> ClearSpans for Spanned<T> {
    fn clear_spans(&mut self) {
        self.span = 0..0;
        self.value.clear_spans();
    }
}

impl<T: ClearSpans> ClearSpans for Vec<T> {
    fn clear_spans(&mut self) {
        self.iter_mut().for_each(T::clear_spans);
    }
}

impl<T: ClearSpans> ClearSpans for Option<T> {
    fn clear_spans(&mut self) {
        self.iter_mut().for_each(T::clear_spans);
    }
}

impl<K, T: ClearSpans> ClearSpans for std::collections::BTreeMap<K, T> {
    fn clear_spans(&mut self) {
        self.values_mut().for_each(T::clear_spans);
    }
}

macro_rules! no_spans_inside {
    ($($t:ty),*) => {
        $(impl ClearSpans for $t {
            fn clear_spans(&mut self) {}
        })*
    };
}

no_spans_inside!(
    String,
    bool,
    i64,
    u32,
    f64,
    crate::Difficulty,
    crate::SeverityName
);

macro_rules! spans_in_fields {
    ($($t:path { $($field:ident),* })*) => {
        $(impl ClearSpans for $t {
            fn clear_spans(&mut self) {
                // Destructured, so a field added to the type must be added here too.
                let $t { $($field),* } = self;
                $($field.clear_spans();)*
            }
        })*
    };
}

spans_in_fields! { crate::LangText { lang, text } }
spans_in_fields! { crate::LocalizedText { entries, plain } }
spans_in_fields! { crate::Choice { text, feedback } }
spans_in_fields! { crate::AnswerKey { letters, multiple } }
spans_in_fields! { crate::Allow { rule, reason } }
spans_in_fields! { crate::TopicMeta { title, summary, key_points, order } }
spans_in_fields! { crate::CategoryMeta { title, description, order } }
spans_in_fields! { crate::BankConfig { id, title, languages, shuffle, lint, export } }
spans_in_fields! { crate::ExportConfig { targets, base_url, canvas_banks } }

impl ClearSpans for crate::Question {
    fn clear_spans(&mut self) {
        let crate::Question {
            id,
            stem,
            options,
            answer,
            explanation,
            tags,
            difficulty,
            related,
            checks,
            allow,
            shuffle,
            file,
        } = self;
        id.clear_spans();
        stem.clear_spans();
        options.clear_spans();
        answer.clear_spans();
        explanation.clear_spans();
        tags.clear_spans();
        difficulty.clear_spans();
        related.clear_spans();
        checks.clear_spans();
        allow.clear_spans();
        shuffle.clear_spans();
        *file = crate::FileId::default();
    }
}

impl ClearSpans for crate::LintConfig {
    fn clear_spans(&mut self) {
        let crate::LintConfig {
            select,
            extend_select,
            ignore,
            severity,
            min_options,
            tolerance,
            max_media_kib,
        } = self;
        select.clear_spans();
        extend_select.clear_spans();
        ignore.clear_spans();
        severity.clear_spans();
        min_options.clear_spans();
        tolerance.clear_spans();
        max_media_kib.clear_spans();
    }
}

impl ClearSpans for crate::Bank {
    fn clear_spans(&mut self) {
        let crate::Bank {
            config,
            config_file,
            categories,
            media: _,
        } = self;
        config.clear_spans();
        *config_file = crate::FileId::default();
        categories.clear_spans();
    }
}

impl ClearSpans for crate::Category {
    fn clear_spans(&mut self) {
        let crate::Category {
            slug: _,
            meta,
            file,
            topics,
        } = self;
        meta.clear_spans();
        if let Some(file) = file {
            *file = crate::FileId::default();
        }
        topics.clear_spans();
    }
}

impl ClearSpans for crate::Topic {
    fn clear_spans(&mut self) {
        let crate::Topic {
            slug: _,
            meta,
            file,
            questions,
        } = self;
        meta.clear_spans();
        if let Some(file) = file {
            *file = crate::FileId::default();
        }
        questions.clear_spans();
    }
}
