//! The formatter on any TOML document, not only bank values: keys quizkit knows in places it
//! does not expect them, empty arrays and tables, mixed arrays, every scalar. Whatever the
//! layout, it formats without refusing, to a text with the same values, which formats to
//! itself.

mod common;
mod scramble;

use proptest::prelude::*;
use quizkit_model::format::{FileKind, format};
use toml::{Table, Value};

const KEYS: &[&str] = &[
    "question",
    "options",
    "id",
    "stem",
    "text",
    "feedback",
    "nl",
    "en",
    "key_points",
    "lint",
    "export",
    "severity",
    "allow",
    "rule",
    "tags",
    "order",
    "title",
    "x",
    "a b",
    "",
];

fn key() -> impl Strategy<Value = String> {
    proptest::sample::select(KEYS).prop_map(str::to_owned)
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        common::text().prop_map(Value::String),
        any::<i64>().prop_map(Value::Integer),
        any::<f64>()
            .prop_filter("NaN", |x| !x.is_nan())
            .prop_map(Value::Float),
        any::<bool>().prop_map(Value::Boolean),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::vec(table_of(inner.clone()), 0..3)
                .prop_map(|ts| Value::Array(ts.into_iter().map(Value::Table).collect())),
            table_of(inner).prop_map(Value::Table),
        ]
    })
}

fn table_of(inner: impl Strategy<Value = Value>) -> impl Strategy<Value = Table> {
    proptest::collection::btree_map(key(), inner, 0..4).prop_map(|m| m.into_iter().collect())
}

/// Options written as strings are tables with only `text` once formatted (they load the same).
fn normalized(kind: FileKind, mut t: Table) -> Table {
    if kind != FileKind::Questions {
        return t;
    }
    if let Some(Value::Array(qs)) = t.get_mut("question")
        && !qs.is_empty()
        && qs.iter().all(Value::is_table)
    {
        for q in qs.iter_mut() {
            if let Some(Value::Array(os)) = q.get_mut("options")
                && !os.is_empty()
                && os.iter().all(|o| o.is_table() || o.is_str())
            {
                for o in os.iter_mut() {
                    if let Value::String(s) = o {
                        let mut table = Table::new();
                        table.insert("text".to_owned(), Value::String(std::mem::take(s)));
                        *o = Value::Table(table);
                    }
                }
            }
        }
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn any_document_formats_to_the_same_values_and_to_itself(doc in table_of(value()), seed in any::<u64>()) {
        let text = toml::to_string(&doc).expect("serializable");
        for (i, kind) in [FileKind::Questions, FileKind::Topic, FileKind::Category, FileKind::Config].into_iter().enumerate() {
            let scrambled = scramble::file_exact(kind, &text, seed.wrapping_add(i as u64), true);
            let parsed: Table = toml::from_str(&scrambled).expect("the scrambled text is TOML");
            prop_assert_eq!(&parsed, &doc, "the scrambler changed the values:\n{}", scrambled);
            let out = match format(kind, &scrambled) {
                Ok(out) => out,
                Err(d) => return Err(TestCaseError::fail(format!("{kind:?}: {} {}\n{scrambled}", d.code, d.message))),
            };
            let back: Table = toml::from_str(&out).expect("formatted text is TOML");
            prop_assert_eq!(&back, &normalized(kind, doc.clone()), "{:?}\n{}\n---\n{}", kind, scrambled, out);
            let again = format(kind, &out).expect("formats again");
            prop_assert_eq!(&again, &out, "{:?} not idempotent:\n{}", kind, scrambled);
            for token in scramble::comments(&scrambled) {
                prop_assert!(out.contains(&token), "{:?} lost {}:\n{}\n---\n{}", kind, token, scrambled, out);
            }
        }
    }
}
