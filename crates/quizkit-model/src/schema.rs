//! JSON Schemas for the bank's files, generated from the model.

use schemars::generate::SchemaSettings;

use crate::{BankConfig, CategoryMeta, QuestionFile, TopicMeta};

/// One schema: its file name under `schema/` and its JSON text.
#[derive(Debug, Clone)]
pub struct SchemaFile {
    /// The file name (`questions.schema.json`).
    pub name: &'static str,
    /// The schema, pretty-printed JSON with a trailing newline.
    pub json: String,
}

/// The schemas of question files, `topic.toml`, `category.toml` and `quizkit.toml`.
pub fn all() -> Vec<SchemaFile> {
    vec![
        file::<QuestionFile>("questions.schema.json"),
        file::<TopicMeta>("topic.schema.json"),
        file::<CategoryMeta>("category.schema.json"),
        file::<BankConfig>("quizkit.schema.json"),
    ]
}

fn file<T: schemars::JsonSchema>(name: &'static str) -> SchemaFile {
    let generator = SchemaSettings::draft07().into_generator();
    let schema = generator.into_root_schema_for::<T>();
    let mut json = serde_json::to_string_pretty(&schema).unwrap_or_default();
    json.push('\n');
    SchemaFile { name, json }
}
