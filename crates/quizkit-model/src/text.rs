//! Text in one or more languages.

use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};

use crate::Spanned;

/// One language's version of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LangText {
    /// The language code (`nl`, `en`). For a plain string this is the bank's first language,
    /// filled in by the loader, with the span of the string itself.
    pub lang: Spanned<String>,
    /// The Markdown source.
    pub text: Spanned<String>,
}

/// A text written either as a plain string (the bank's first language) or as a table keyed by
/// language code.
///
/// ```toml
/// stem = "Which statement is correct?"
/// stem.nl = "Welke uitspraak is juist?"
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LocalizedText {
    /// The versions: for a table, in the order the TOML parser hands its keys over, which is
    /// sorted by language code (`toml` keeps tables in sorted maps), not the order written.
    pub entries: Vec<LangText>,
    /// True when the text was a plain string rather than a table.
    pub plain: bool,
}

/// `a == b` for language codes: a few bytes, compared in line. The library's comparison calls
/// `memcmp`, whose call costs more than the compare; the linter asks for texts by language
/// millions of times.
pub fn same_code(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

impl LocalizedText {
    /// A plain string: written as `stem = "…"`, read in the bank's first language (the
    /// language is left empty until the loader fills it in).
    pub fn plain(text: impl Into<String>) -> Self {
        LocalizedText {
            entries: vec![LangText {
                lang: Spanned::unspanned(String::new()),
                text: Spanned::unspanned(text.into()),
            }],
            plain: true,
        }
    }

    /// A text in one language, written as a table (`stem.en = "…"`).
    pub fn single(lang: impl Into<String>, text: impl Into<String>) -> Self {
        Self::from_entries([(lang, text)])
    }

    /// A text in the given languages, in order, written as a table (`stem.nl = "…"`,
    /// `stem.en = "…"`).
    pub fn from_entries<L: Into<String>, T: Into<String>>(
        entries: impl IntoIterator<Item = (L, T)>,
    ) -> Self {
        LocalizedText {
            entries: entries
                .into_iter()
                .map(|(lang, text)| LangText {
                    lang: Spanned::unspanned(lang.into()),
                    text: Spanned::unspanned(text.into()),
                })
                .collect(),
            plain: false,
        }
    }

    /// The text in `lang`, if written.
    pub fn get(&self, lang: &str) -> Option<&str> {
        self.entry(lang).map(|e| e.text.value.as_str())
    }

    /// The entry for `lang`, if written.
    pub fn entry(&self, lang: &str) -> Option<&LangText> {
        self.entries.iter().find(|e| same_code(&e.lang.value, lang))
    }

    /// The text in `lang`, else in the first language written, else "".
    pub fn get_or_first(&self, lang: &str) -> &str {
        self.get(lang)
            .or_else(|| self.entries.first().map(|e| e.text.value.as_str()))
            .unwrap_or("")
    }

    /// Gives a plain string its language (the bank's first language) and its span (`span`, the
    /// span of the whole value).
    pub(crate) fn resolve_plain(&mut self, span: &std::ops::Range<usize>, default_lang: &str) {
        if self.plain {
            for entry in &mut self.entries {
                entry.text.span = span.clone();
                entry.lang = Spanned::new(span.clone(), default_lang.to_owned());
            }
        }
    }

    /// Reads a text from a map whose keys are language codes, after the first key was read.
    pub(crate) fn from_lang_map<'de, A: MapAccess<'de>>(
        first_key: Spanned<String>,
        map: &mut A,
    ) -> Result<Self, A::Error> {
        // Room for two languages from the start: growing from one would allocate four.
        let mut entries = Vec::with_capacity(2);
        entries.push(LangText {
            lang: first_key,
            text: map.next_value()?,
        });
        while let Some(lang) = map.next_key::<Spanned<String>>()? {
            let text = map.next_value()?;
            entries.push(LangText { lang, text });
        }
        Ok(LocalizedText {
            entries,
            plain: false,
        })
    }
}

impl<'de> Deserialize<'de> for LocalizedText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextVisitor;

        impl<'de> Visitor<'de> for TextVisitor {
            type Value = LocalizedText;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string, or a table of strings keyed by language code")
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(LocalizedText {
                    entries: vec![LangText {
                        lang: Spanned::new(0..0, String::new()),
                        // The span is set by the enclosing `Spanned<LocalizedText>`.
                        text: Spanned::new(0..0, v.to_owned()),
                    }],
                    plain: true,
                })
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                match map.next_key::<Spanned<String>>()? {
                    Some(first) => LocalizedText::from_lang_map(first, &mut map),
                    None => Ok(LocalizedText::default()),
                }
            }
        }

        deserializer.deserialize_any(TextVisitor)
    }
}

impl JsonSchema for LocalizedText {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "LocalizedText".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Markdown text: a string in the bank's first language, or a table keyed by language code.",
            "anyOf": [
                { "type": "string" },
                {
                    "type": "object",
                    "propertyNames": { "pattern": "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$" },
                    "additionalProperties": { "type": "string" },
                    "minProperties": 1
                }
            ]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::LocalizedText;

    #[derive(serde::Deserialize)]
    struct Doc {
        text: LocalizedText,
    }

    #[test]
    fn a_text_in_two_languages_holds_two_entries_and_no_spare_room() {
        let doc: Doc = toml::from_str("text.nl = \"hallo\"\ntext.en = \"hello\"\n").expect("TOML");
        assert_eq!(doc.text.get("nl"), Some("hallo"));
        assert_eq!(doc.text.get("en"), Some("hello"));
        assert_eq!(doc.text.entries.capacity(), 2);
    }
}
