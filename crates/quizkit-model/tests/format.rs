//! The formatter: it prints what the writer prints (`format(write(x)) == write(x)`), gives
//! any layout of the same values the one canonical text, keeps comments, is idempotent, and
//! never changes what a file loads to.

mod common;
mod scramble;

use common::{BankTexts, Values, load, values};
use proptest::prelude::*;
use quizkit_model::format::{FileKind, format};
use quizkit_model::write;

fn fmt(kind: FileKind, text: &str) -> String {
    format(kind, text).unwrap_or_else(|d| panic!("{}: {}\n{text}", d.code, d.message))
}

fn written(v: &Values) -> BankTexts {
    BankTexts {
        config: write::bank_file(&v.config, Some("../schema/quizkit.schema.json")),
        category: write::category_file(&v.category, None),
        topic: write::topic_file(&v.topic, Some("../../../schema/topic.schema.json")),
        questions: write::question_file(
            &v.questions,
            Some("../../../schema/questions.schema.json"),
        ),
    }
}

fn formatted(t: &BankTexts) -> BankTexts {
    BankTexts {
        config: fmt(FileKind::Config, &t.config),
        category: fmt(FileKind::Category, &t.category),
        topic: fmt(FileKind::Topic, &t.topic),
        questions: fmt(FileKind::Questions, &t.questions),
    }
}

fn values_strategy() -> impl Strategy<Value = Values> {
    (
        common::config(),
        common::category(),
        common::topic(),
        common::questions(),
    )
        .prop_map(|(config, category, topic, questions)| Values {
            config,
            category,
            topic,
            questions,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_formatter_leaves_what_the_writer_wrote(v in values_strategy()) {
        let w = written(&v);
        let f = formatted(&w);
        prop_assert_eq!(&f.config, &w.config);
        prop_assert_eq!(&f.category, &w.category);
        prop_assert_eq!(&f.topic, &w.topic);
        prop_assert_eq!(&f.questions, &w.questions);
    }

    /// The same values in another layout (keys shuffled, inline tables, `[x.y]` sub-tables,
    /// literal and escaped strings, inline option arrays): formatted, they are the writer's
    /// text exactly; with comments added, they load the same, keep every comment, and format
    /// to themselves.
    #[test]
    fn any_layout_formats_to_the_canonical_text(v in values_strategy(), seed in any::<u64>()) {
        let w = written(&v);
        let plain = scramble::bank(&w, seed, false);
        let f = formatted(&plain);
        prop_assert_eq!(&f.questions, &w.questions, "from:\n{}", plain.questions);
        prop_assert_eq!(&f.topic, &w.topic, "from:\n{}", plain.topic);
        prop_assert_eq!(&f.category, &w.category, "from:\n{}", plain.category);
        prop_assert_eq!(&f.config, &w.config, "from:\n{}", plain.config);

        let commented = scramble::bank(&w, seed, true);
        let f = formatted(&commented);
        let back = values(&load(&f)).expect("a bank");
        prop_assert_eq!(&back, &values(&load(&commented)).expect("a bank"));
        prop_assert_eq!(&back, &v);
        for (before, after) in [
            (&commented.config, &f.config),
            (&commented.category, &f.category),
            (&commented.topic, &f.topic),
            (&commented.questions, &f.questions),
        ] {
            for token in scramble::comments(before) {
                prop_assert!(after.contains(&token), "lost `{}`:\n{}\n---\n{}", token, before, after);
            }
        }
        prop_assert_eq!(formatted(&f).questions, f.questions.clone());
        prop_assert_eq!(formatted(&f).topic, f.topic.clone());
        prop_assert_eq!(formatted(&f).config, f.config.clone());
    }
}

#[test]
fn the_shipped_bank_is_formatted() {
    for (path, text) in common::shipped_files() {
        let kind = FileKind::of_path(&path);
        let f = fmt(kind, &text);
        assert_eq!(
            f, text,
            "{path} is not formatted: run `quizkit fmt questions`"
        );
    }
}

#[test]
fn every_shipped_file_formats_to_the_same_values_and_to_itself() {
    let files = common::shipped_files();
    // A shuffled layout of each file, so the formatter has work to do on real questions.
    let scrambled: Vec<(String, String)> = files
        .iter()
        .enumerate()
        .map(|(i, (path, text))| {
            (
                path.clone(),
                scramble::file(FileKind::of_path(path), text, i as u64, true),
            )
        })
        .collect();
    let formatted: Vec<(String, String)> = scrambled
        .iter()
        .map(|(path, text)| (path.clone(), fmt(FileKind::of_path(path), text)))
        .collect();
    let original = common::load_files(&files);
    let again = common::load_files(&formatted);
    assert!(again.diagnostics.is_empty(), "{:?}", again.diagnostics);
    assert!(common::bank_without_spans(&original) == common::bank_without_spans(&again));
    for ((path, before), (_, after)) in scrambled.iter().zip(&formatted) {
        for token in scramble::comments(before) {
            assert!(after.contains(&token), "{path}: lost `{token}`");
        }
        assert_eq!(
            &fmt(FileKind::of_path(path), after),
            after,
            "{path}: not idempotent"
        );
    }
    // Without comments, the formatted files are the shipped ones without their comments.
    for (i, (path, text)) in files.iter().enumerate() {
        let plain = scramble::file(FileKind::of_path(path), text, i as u64, false);
        let uncommented: String = text
            .lines()
            .filter(|l| !l.starts_with('#') || l.starts_with("#:schema"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(fmt(FileKind::of_path(path), &plain), uncommented, "{path}");
    }
}

#[test]
fn comments_stay_with_what_they_were_written_about() {
    let text = r#"#:schema ../../../schema/questions.schema.json
# About the file.

# About the question.
[[question]]
tags = ["a"] # after tags
# About the id.
id = "q"
stem = 'Which $\alpha$?'
options = [
  "one", # after one
  # above two
  "two",
  # at the end
]
"#;
    let f = fmt(FileKind::Questions, text);
    assert_eq!(
        f,
        r#"#:schema ../../../schema/questions.schema.json

# About the file.

# About the question.
[[question]]
# About the id.
id = "q"
stem = 'Which $\alpha$?'
tags = ["a"] # after tags

[[question.options]] # after one
text = "one"

# above two
[[question.options]]
text = "two"
# at the end
"#
    );
    assert_eq!(fmt(FileKind::Questions, &f), f);
}

#[test]
fn a_file_that_is_not_toml_is_an_s001_at_its_fault() {
    let text = "#:schema x.json\n[[question]]\nid = \"q\nstem = \"s\"\n";
    let d = format(FileKind::Questions, text).expect_err("not TOML");
    assert_eq!(d.code, "S001");
    let at = &text[d.span.start..];
    assert!(
        at.starts_with('\n') || at.starts_with("stem") || d.span.start >= text.find("\"q").unwrap(),
        "{:?}",
        d.span
    );
    let source = quizkit_model::SourceFile {
        path: "q.toml".into(),
        text: text.into(),
    };
    assert_eq!(source.line_col(d.span.start).0, 3);
}

#[test]
fn a_key_written_twice_is_refused() {
    let d = format(
        FileKind::Questions,
        "[[question]]\nid = \"a\"\nid = \"b\"\n",
    )
    .expect_err("duplicate");
    assert_eq!(d.code, "S001");
}

#[test]
fn a_byte_order_mark_and_crlf_line_ends_go() {
    let f = fmt(FileKind::Category, "\u{feff}title = \"C\"\r\norder = 1\r\n");
    assert_eq!(f, "order = 1\ntitle = \"C\"\n");
}

#[test]
fn empty_arrays_stay_empty_arrays() {
    for (kind, text) in [
        (FileKind::Questions, "question = []\n"),
        (
            FileKind::Questions,
            "[[question]]\nid = \"a\"\noptions = []\n",
        ),
        (FileKind::Topic, "key_points = []\n"),
    ] {
        assert_eq!(fmt(kind, text), text);
    }
}

#[test]
fn keys_quizkit_does_not_know_keep_their_values_after_the_known_ones() {
    let text = "[[question]]\nzz = { a.b = 1, c = [1, 2] }\nid = \"a\"\n[question.foo]\nbar = 1979-05-27T07:32:00Z\n[[question.foo.baz]]\nq = nan\n";
    assert_eq!(
        fmt(FileKind::Questions, text),
        "[[question]]\nid = \"a\"\nzz.a.b = 1\nzz.c = [1, 2]\nfoo.bar = 1979-05-27T07:32:00Z\nfoo.baz = [{ q = nan }]\n"
    );
}
