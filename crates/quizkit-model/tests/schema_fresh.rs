//! The committed schemas under `schema/` are exactly what the model generates.

use std::path::Path;

#[test]
fn committed_schemas_are_fresh() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schema");
    let mut stale = Vec::new();
    for schema in quizkit_model::schema::all() {
        let path = dir.join(schema.name);
        match std::fs::read_to_string(&path) {
            Ok(committed) if committed == schema.json => {}
            _ => stale.push(schema.name),
        }
    }
    assert!(
        stale.is_empty(),
        "stale schemas {stale:?}: run `cargo run -- schema --write schema` and commit the result"
    );
}
