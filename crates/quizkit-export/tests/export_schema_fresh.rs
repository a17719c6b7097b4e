//! `schema/export.schema.json` is exactly the schema of the JSON export's types.

use std::path::Path;

#[test]
fn committed_export_schema_is_fresh() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schema/export.schema.json");
    let generated = quizkit_export::json::schema();
    if std::env::var_os("QUIZKIT_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write the schema");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "schema/export.schema.json is stale: run `QUIZKIT_BLESS=1 cargo test -p quizkit-export --test export_schema_fresh` and commit the result"
    );
}
