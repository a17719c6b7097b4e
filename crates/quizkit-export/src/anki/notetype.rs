//! The quizkit note type: fixed ids, fields, templates and CSS.
//!
//! Anki matches a note type by its id and, inside it, fields and templates by their ids. A
//! note type whose field count or template count changes is forked on import (`Name+`) and its
//! notes are reported as conflicting, so the schema below is designed once and must never
//! change: no field or template is ever added or removed. Renaming one is safe because every
//! field and template carries a stable id; template and CSS changes are safe when
//! [`NOTETYPE_MOD`] is raised with them, since Anki only takes a note type whose `mod` is newer.

use serde_json::{Value, json};

/// The note type's id: fixed forever. A new id would be a different note type to Anki.
pub const NOTETYPE_ID: i64 = 1_722_093_811_429;

/// The note type's name, as shown in Anki.
pub const NOTETYPE_NAME: &str = "quizkit multiple choice";

/// When the templates or the CSS last changed (seconds since the Unix epoch). Raise it with
/// every change to them, or Anki keeps the old templates of anyone who imported an older deck;
/// a unit test fails when they change without it.
pub const NOTETYPE_MOD: i64 = 1_795_980_848;

/// The fields, in order: name, stable id, and what each holds.
pub const FIELDS: &[(&str, i64, &str)] = &[
    (
        "ID",
        3_504_600_108_893_678,
        "The question's id in the bank; never edit it.",
    ),
    ("Question", 3_698_363_531_002_814, "The question (HTML)."),
    (
        "Options",
        1_754_321_170_737_388,
        "The options as a list; the key is marked on each correct item.",
    ),
    (
        "Answer",
        2_924_256_105_535_932,
        "The letter(s) of the correct option(s).",
    ),
    (
        "Explanation",
        793_170_460_644_137,
        "Why the key is right and the others are wrong (HTML).",
    ),
    ("Topic", 4_335_439_977_927_060, "Category and topic."),
    (
        "Source",
        1_056_129_243_395_667,
        "A link to the question on the bank's site, when it has one.",
    ),
    (
        "Lang",
        1_849_527_736_235_136,
        "The language of the texts (nl, en); picks the card's labels.",
    ),
    (
        "Extra",
        1_553_590_670_029_715,
        "Reserved for later versions; shown on the back when filled.",
    ),
];

/// The index of each field in a note's field list.
pub mod field {
    /// The question id.
    pub const ID: usize = 0;
    /// The stem.
    pub const QUESTION: usize = 1;
    /// The options list.
    pub const OPTIONS: usize = 2;
    /// The key letters.
    pub const ANSWER: usize = 3;
    /// The explanation.
    pub const EXPLANATION: usize = 4;
    /// Category and topic.
    pub const TOPIC: usize = 5;
    /// The link to the question's page.
    pub const SOURCE: usize = 6;
    /// The language code.
    pub const LANG: usize = 7;
    /// The reserved field.
    pub const EXTRA: usize = 8;
}

/// The sort field (shown in Anki's browser): the question.
pub const SORT_FIELD: usize = field::QUESTION;

/// The one card template's stable id.
pub const TEMPLATE_ID: i64 = 2_921_865_577_806_566;

/// The one card template's name.
pub const TEMPLATE_NAME: &str = "Multiple choice";

const FRONT: &str = include_str!("../../assets/anki/front.html");
const BACK: &str = include_str!("../../assets/anki/back.html");
const SCRIPT: &str = include_str!("../../assets/anki/card.js");
/// The note type's CSS.
pub const CSS: &str = include_str!("../../assets/anki/style.css");

/// The front template: the card markup and its script.
pub fn front_template() -> String {
    format!("{FRONT}<script>\n{SCRIPT}</script>\n")
}

/// The back template: the card markup and its script.
pub fn back_template() -> String {
    format!("{BACK}<script>\n{SCRIPT}</script>\n")
}

/// The note type as the JSON object stored under its id in the collection's `models`.
pub fn model_json() -> Value {
    let flds: Vec<Value> = FIELDS
        .iter()
        .enumerate()
        .map(|(ord, (name, id, description))| {
            json!({
                "name": name,
                "ord": ord,
                "sticky": false,
                "rtl": false,
                "font": "Arial",
                "size": 20,
                "description": description,
                "plainText": ord == field::ID || ord == field::ANSWER || ord == field::LANG,
                "collapsed": false,
                "excludeFromSearch": false,
                "id": id,
            })
        })
        .collect();
    json!({
        "id": NOTETYPE_ID,
        "name": NOTETYPE_NAME,
        "type": 0,
        "mod": NOTETYPE_MOD,
        "usn": -1,
        "sortf": SORT_FIELD,
        "did": null,
        "tmpls": [{
            "name": TEMPLATE_NAME,
            "ord": 0,
            "qfmt": front_template(),
            "afmt": back_template(),
            "bqfmt": "",
            "bafmt": "",
            "did": null,
            "bfont": "",
            "bsize": 0,
            "id": TEMPLATE_ID,
        }],
        "flds": flds,
        "css": CSS,
        "latexPre": "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
        "latexPost": "\\end{document}",
        "latexsvg": false,
        "req": [[0, "any", [field::QUESTION]]],
        "tags": [],
        "vers": [],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Template, CSS and field names as they were when [`NOTETYPE_MOD`] was last raised.
    const FINGERPRINT: &str = "bc7e209ad9b14448cc4ceae587b0b44c53e83e6f";

    fn fingerprint() -> String {
        let mut hasher = sha1_smol::Sha1::new();
        for part in [front_template(), back_template(), CSS.to_owned()] {
            hasher.update(part.as_bytes());
            hasher.update(&[0]);
        }
        for (name, id, _) in FIELDS {
            hasher.update(format!("{name}={id}\0").as_bytes());
        }
        hasher.update(format!("{TEMPLATE_NAME}={TEMPLATE_ID}").as_bytes());
        hasher.digest().to_string()
    }

    #[test]
    fn changed_templates_raise_the_note_type_mod() {
        assert_eq!(
            fingerprint(),
            FINGERPRINT,
            "the templates, CSS or field names changed: set NOTETYPE_MOD to the current Unix \
             time (so Anki takes the new note type) and FINGERPRINT to the value above"
        );
    }

    #[test]
    fn the_schema_never_changes() {
        // Adding or removing a field or template forks the note type in every collection
        // that has it; rename instead (ids keep the identity).
        assert_eq!(FIELDS.len(), 9);
        let ids: std::collections::BTreeSet<i64> = FIELDS.iter().map(|f| f.1).collect();
        assert_eq!(ids.len(), FIELDS.len(), "field ids must be unique");
        assert_eq!(FIELDS[field::ID].0, "ID");
        assert_eq!(FIELDS[field::EXTRA].0, "Extra");
    }

    #[test]
    fn templates_reference_only_existing_fields() {
        for template in [front_template(), back_template()] {
            let mut rest = template.as_str();
            while let Some(start) = rest.find("{{") {
                let end = rest[start..]
                    .find("}}")
                    .map(|e| start + e)
                    .expect("a closed field reference");
                let name = rest[start + 2..end].trim_start_matches(['#', '/', '^']);
                assert!(
                    FIELDS.iter().any(|f| f.0 == name),
                    "`{{{{{name}}}}}` is not a field: a script or style must not contain two braces in a row"
                );
                rest = &rest[end + 2..];
            }
            assert!(!template.contains("http://") && !template.contains("https://"));
        }
    }
}
