//! Strategies for bank values, and loading a bank from texts: shared by the writer's and the
//! formatter's tests.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use proptest::prelude::*;
use quizkit_model::load::InputFile;
use quizkit_model::{
    Allow, AnswerKey, BankConfig, CategoryMeta, Choice, ClearSpans, Difficulty, ExportConfig,
    LintConfig, Loaded, LocalizedText, Question, SeverityName, Spanned, TopicMeta,
};

/// The languages every generated bank has; the first is the default.
pub const LANGS: [&str; 3] = ["nl", "en", "zh-Hant"];
const SORTED_LANGS: [&str; 3] = ["en", "nl", "zh-Hant"];

/// Any string, with the characters TOML must escape or quote with care made likely.
pub fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a \"\\\\\n\r\t\u{0}\u{7f}'#=é😀]{0,12}",
        Just(String::new()),
    ]
}

fn spanned<T: std::fmt::Debug + Clone>(
    s: impl Strategy<Value = T>,
) -> impl Strategy<Value = Spanned<T>> {
    s.prop_map(Spanned::unspanned)
}

/// A text: plain (in the default language, as the loader reads it) or in distinct languages.
pub fn localized() -> impl Strategy<Value = LocalizedText> {
    prop_oneof![
        text().prop_map(|t| {
            let mut l = LocalizedText::plain(t);
            l.entries[0].lang.value = LANGS[0].to_owned();
            l
        }),
        // In alphabetical order: the loader reads a table's keys so (`toml` keeps tables in
        // sorted maps), whatever order they were written in.
        (
            proptest::sample::subsequence(SORTED_LANGS.to_vec(), 0..=3),
            proptest::collection::vec(text(), 3)
        )
            .prop_map(|(langs, texts)| LocalizedText::from_entries(langs.into_iter().zip(texts))),
    ]
}

fn id() -> impl Strategy<Value = String> {
    "[a-z0-9]{1,6}(-[a-z0-9]{1,4}){0,2}"
}

fn strings() -> impl Strategy<Value = Vec<Spanned<String>>> {
    proptest::collection::vec(spanned(text()), 0..3)
}

fn choice() -> impl Strategy<Value = Choice> {
    (localized(), proptest::option::of(localized())).prop_map(|(t, f)| {
        let c = Choice::new(t);
        match f {
            Some(f) => c.with_feedback(f),
            None => c,
        }
    })
}

fn answer() -> impl Strategy<Value = AnswerKey> {
    prop_oneof![
        proptest::char::range('A', 'Z').prop_map(AnswerKey::single),
        proptest::collection::vec(proptest::char::range('A', 'Z'), 0..4).prop_map(AnswerKey::list),
    ]
}

fn difficulty() -> impl Strategy<Value = Difficulty> {
    prop_oneof![
        Just(Difficulty::Easy),
        Just(Difficulty::Medium),
        Just(Difficulty::Hard)
    ]
}

/// A question with any of its fields set.
pub fn question() -> impl Strategy<Value = Question> {
    (
        (
            id(),
            localized(),
            proptest::collection::vec(choice(), 0..5),
            proptest::option::of(answer()),
        ),
        (
            proptest::option::of(localized()),
            strings(),
            proptest::option::of(difficulty()),
            strings(),
            strings(),
        ),
        (
            proptest::collection::vec((text(), text()), 0..3),
            proptest::option::of(any::<bool>()),
        ),
    )
        .prop_map(
            |(
                (id, stem, options, answer),
                (explanation, tags, difficulty, related, checks),
                (allow, shuffle),
            )| {
                let mut q = Question::new(id, stem);
                q.options = options.into_iter().map(Spanned::unspanned).collect();
                q.answer = answer.map(Spanned::unspanned);
                q.explanation = explanation.map(Spanned::unspanned);
                q.tags = tags;
                q.difficulty = difficulty.map(Spanned::unspanned);
                q.related = related;
                q.checks = checks;
                q.allow = allow
                    .into_iter()
                    .map(|(rule, reason)| {
                        Spanned::unspanned(Allow {
                            rule: Spanned::unspanned(rule),
                            reason: Spanned::unspanned(reason),
                        })
                    })
                    .collect();
                q.shuffle = shuffle.map(Spanned::unspanned);
                q
            },
        )
}

/// Questions with distinct ids.
pub fn questions() -> impl Strategy<Value = Vec<Question>> {
    proptest::collection::vec(question(), 1..4).prop_map(|mut qs| {
        for (i, q) in qs.iter_mut().enumerate() {
            q.id.value = format!("{}-{i}", q.id.value);
        }
        qs
    })
}

pub fn topic() -> impl Strategy<Value = TopicMeta> {
    (
        proptest::option::of(localized()),
        proptest::option::of(localized()),
        proptest::collection::vec(localized(), 0..3),
        proptest::option::of(any::<i64>()),
    )
        .prop_map(|(title, summary, key_points, order)| TopicMeta {
            title: title.map(Spanned::unspanned),
            summary: summary.map(Spanned::unspanned),
            key_points: key_points.into_iter().map(Spanned::unspanned).collect(),
            order: order.map(Spanned::unspanned),
        })
}

pub fn category() -> impl Strategy<Value = CategoryMeta> {
    (
        proptest::option::of(localized()),
        proptest::option::of(localized()),
        proptest::option::of(any::<i64>()),
    )
        .prop_map(|(title, description, order)| CategoryMeta {
            title: title.map(Spanned::unspanned),
            description: description.map(Spanned::unspanned),
            order: order.map(Spanned::unspanned),
        })
}

fn severity() -> impl Strategy<Value = SeverityName> {
    prop_oneof![
        Just(SeverityName::Error),
        Just(SeverityName::Warning),
        Just(SeverityName::Info)
    ]
}

/// A float that equals itself (not NaN).
fn float() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>().prop_filter("NaN", |x| !x.is_nan()),
        Just(0.1),
        Just(1.0)
    ]
}

pub fn config() -> impl Strategy<Value = BankConfig> {
    (
        (
            id(),
            proptest::option::of(localized()),
            proptest::option::of(any::<bool>()),
        ),
        (
            proptest::option::of(strings()),
            strings(),
            strings(),
            proptest::collection::btree_map(text(), severity(), 0..3),
            proptest::option::of(any::<u32>()),
            proptest::option::of(float()),
            proptest::option::of(any::<u32>()),
        ),
        (
            proptest::option::of(strings()),
            proptest::option::of(text()),
            proptest::option::of(any::<bool>()),
        ),
    )
        .prop_map(
            |(
                (id, title, shuffle),
                (select, extend_select, ignore, severity, min_options, tolerance, max_media_kib),
                (targets, base_url, canvas_banks),
            )| {
                let mut c = BankConfig::new(id, LANGS);
                c.title = title.map(Spanned::unspanned);
                c.shuffle = shuffle.map(Spanned::unspanned);
                c.lint = LintConfig {
                    select,
                    extend_select,
                    ignore,
                    severity: severity
                        .into_iter()
                        .map(|(k, v)| (k, Spanned::unspanned(v)))
                        .collect::<BTreeMap<_, _>>(),
                    min_options: min_options.map(Spanned::unspanned),
                    tolerance: tolerance.map(Spanned::unspanned),
                    max_media_kib: max_media_kib.map(Spanned::unspanned),
                };
                c.export = ExportConfig {
                    targets,
                    base_url: base_url.map(Spanned::unspanned),
                    canvas_banks: canvas_banks.map(Spanned::unspanned),
                };
                c
            },
        )
}

/// The texts of a one-topic bank, as `(path, text)`.
pub struct BankTexts {
    pub config: String,
    pub category: String,
    pub topic: String,
    pub questions: String,
}

/// Loads a one-topic bank from its texts.
pub fn load(texts: &BankTexts) -> Loaded {
    let files = [
        ("quizkit.toml", &texts.config),
        ("cat/category.toml", &texts.category),
        ("cat/top/topic.toml", &texts.topic),
        ("cat/top/q.toml", &texts.questions),
    ];
    quizkit_model::load(
        files
            .iter()
            .map(|(path, text)| InputFile::text(*path, text))
            .collect(),
    )
}

/// What a loaded one-topic bank holds, spans cleared.
#[derive(Debug, PartialEq)]
pub struct Values {
    pub config: BankConfig,
    pub category: CategoryMeta,
    pub topic: TopicMeta,
    pub questions: Vec<Question>,
}

/// The values of a loaded one-topic bank, spans cleared; `None` when it has no bank.
pub fn values(loaded: &Loaded) -> Option<Values> {
    let bank = loaded.bank.as_ref()?;
    let category = bank.categories.first();
    let topic = category.and_then(|c| c.topics.first());
    Some(Values {
        config: bank.config.clone().without_spans(),
        category: category
            .map(|c| c.meta.clone())
            .unwrap_or_default()
            .without_spans(),
        topic: topic
            .map(|t| t.meta.clone())
            .unwrap_or_default()
            .without_spans(),
        questions: topic
            .map(|t| t.questions.clone())
            .unwrap_or_default()
            .without_spans(),
    })
}

/// The loaded bank, spans and file ids cleared.
pub fn bank_without_spans(loaded: &Loaded) -> Option<quizkit_model::Bank> {
    loaded.bank.clone().map(ClearSpans::without_spans)
}

/// The shipped bank's folder.
pub fn shipped_bank() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../questions")
}

/// Every `.toml` file of the shipped bank, as (path relative to the bank, text), sorted.
pub fn shipped_files() -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("the shipped bank")
            .flatten()
            .collect();
        entries.sort_by_key(|e| e.path());
        for e in entries {
            let path = e.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|x| x == "toml") {
                let rel = path
                    .strip_prefix(root)
                    .expect("inside")
                    .to_string_lossy()
                    .replace('\\', "/");
                out.push((rel, std::fs::read_to_string(&path).expect("UTF-8")));
            }
        }
    }
    let root = shipped_bank();
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    assert!(out.len() > 3, "the shipped bank has its files");
    out
}

/// Loads a bank from (path, text) pairs.
pub fn load_files(files: &[(String, String)]) -> Loaded {
    quizkit_model::load(
        files
            .iter()
            .map(|(path, text)| InputFile::text(path.clone(), text))
            .collect(),
    )
}
