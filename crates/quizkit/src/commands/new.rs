//! `quizkit new`: start a bank, or add a category, a topic or a question to one. Files are
//! written in the canonical layout (`quizkit_model::write`), and never over an existing file.

use std::fs;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use quizkit_model::load::{CATEGORY_FILE, CONFIG_FILE, TOPIC_FILE};
use quizkit_model::write::{bank_file, category_file, question_file, topic_file};
use quizkit_model::{
    AnswerKey, BankConfig, CategoryMeta, Choice, LocalizedText, Question, Spanned, TopicMeta,
    index_letter,
};

use crate::EXIT_OK;
use crate::cli::GlobalArgs;
use crate::fsio::{Failure, load_bank, write_atomic, write_new};

/// Arguments of `quizkit new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// What to create.
    #[command(subcommand)]
    pub what: NewCommand,
}

/// What `quizkit new` creates.
#[derive(Debug, Subcommand)]
pub enum NewCommand {
    /// A bank that lints clean: quizkit.toml, one category, one topic, one example question in
    /// every language, the JSON Schemas, a GitHub workflow running quizkit's Action, and a
    /// .gitignore for dist/.
    Bank(NewBankArgs),
    /// A category folder with its category.toml, in the bank here or at --bank.
    Category(NewCategoryArgs),
    /// A topic folder with its topic.toml, inside a category folder.
    Topic(NewTopicArgs),
    /// A question skeleton with a fresh id and every bank language, appended to the topic's
    /// last question file (or a new one).
    Question(NewQuestionArgs),
}

/// Arguments of `quizkit new bank`.
#[derive(Debug, Args)]
pub struct NewBankArgs {
    /// The folder to create the bank in (created if missing; existing files are never
    /// overwritten).
    pub dir: PathBuf,
    /// The bank's languages, the default first.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "en",
        value_name = "LANGS"
    )]
    pub lang: Vec<String>,
    /// The bank's title. Default: the folder's name.
    #[arg(long)]
    pub title: Option<String>,
    /// The GitHub Action the workflow runs, as `OWNER/REPO@REF`.
    #[arg(long, default_value_t = action(), value_name = "REF")]
    pub action: String,
}

/// Arguments of `quizkit new category`.
#[derive(Debug, Args)]
pub struct NewCategoryArgs {
    /// The category's title; its folder is the title as a slug.
    pub name: String,
    /// The bank. Default: ./questions, else the nearest quizkit.toml in this folder or above.
    #[arg(long, value_name = "PATH")]
    pub bank: Option<PathBuf>,
}

/// Arguments of `quizkit new topic`.
#[derive(Debug, Args)]
pub struct NewTopicArgs {
    /// The category folder to add the topic to.
    pub category: PathBuf,
    /// The topic's title; its folder is the title as a slug.
    pub name: String,
}

/// Arguments of `quizkit new question`.
#[derive(Debug, Args)]
pub struct NewQuestionArgs {
    /// The topic folder. Default: the current folder.
    #[arg(default_value = ".")]
    pub topic: PathBuf,
}

/// The Action the new bank's workflow runs: this project's `action.yml` (at the root of the
/// repository the workspace's `repository` names) at the release tag of this binary's version,
/// `OWNER/REPO@vX.Y.Z`, so a new bank's CI lints with the quizkit that made it, and the Action
/// installs that release's build instead of compiling.
pub fn action() -> String {
    action_ref(env!("CARGO_PKG_REPOSITORY"), env!("CARGO_PKG_VERSION"))
}

/// `OWNER/REPO@vVERSION` from a repository URL (`https://github.com/OWNER/REPO`, with or
/// without `.git` or a final `/`) and a version.
fn action_ref(repository: &str, version: &str) -> String {
    let path = repository
        .trim_end_matches('/')
        .trim_end_matches(".git")
        .rsplitn(3, '/')
        .take(2)
        .collect::<Vec<_>>();
    let name = match path.as_slice() {
        [repo, owner] => format!("{owner}/{repo}"),
        _ => repository.to_owned(),
    };
    format!("{name}@v{version}")
}

/// The example question's texts in one language: stem, explanation, category title, topic
/// title.
struct Example {
    stem: &'static str,
    explanation: &'static str,
    category: &'static str,
    topic: &'static str,
}

/// The example's texts in the languages quizkit has them in.
fn example(lang: &str) -> Option<Example> {
    Some(match lang {
        "en" => Example {
            stem: "Which file of a bank lists its languages?",
            explanation: "The languages of a bank are set in one place, at its root; the first one is the default.",
            category: "Getting started",
            topic: "First topic",
        },
        "nl" => Example {
            stem: "Welk bestand van een bank somt haar talen op?",
            explanation: "De talen van een bank staan op één plek, in de hoofdmap; de eerste is de standaardtaal.",
            category: "Aan de slag",
            topic: "Eerste onderwerp",
        },
        "de" => Example {
            stem: "Welche Datei einer Fragensammlung listet ihre Sprachen auf?",
            explanation: "Die Sprachen einer Sammlung stehen an einer Stelle, im Hauptordner; die erste ist die Standardsprache.",
            category: "Erste Schritte",
            topic: "Erstes Thema",
        },
        "fr" => Example {
            stem: "Quel fichier d'une banque liste ses langues ?",
            explanation: "Les langues d'une banque sont déclarées une seule fois, à sa racine ; la première est la langue par défaut.",
            category: "Premiers pas",
            topic: "Premier thème",
        },
        _ => return None,
    })
}

/// `title` as a folder name: lower case ASCII letters and digits, other runs as `-`.
pub fn slug(title: &str) -> String {
    let mut out = String::new();
    for ch in title.chars().flat_map(char::to_lowercase) {
        if ch.is_ascii_alphanumeric() {
            out.push(ch);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

fn text_in(languages: &[String], text: impl Fn(&str) -> String) -> LocalizedText {
    LocalizedText::from_entries(languages.iter().map(|l| (l.clone(), text(l))))
}

/// A file to write: its path and text.
type Planned = (PathBuf, String);

/// Fails when any planned file exists, before anything is written.
fn refuse_existing(files: &[Planned]) -> Result<(), Failure> {
    if let Some((path, _)) = files.iter().find(|(p, _)| p.exists()) {
        return Err(
            Failure::new(format!("`{}` already exists", path.display())).with_help(
                "quizkit new never overwrites a file: choose another folder or name, or move it away",
            ),
        );
    }
    Ok(())
}

fn write_all(global: &GlobalArgs, files: &[Planned]) -> Result<(), Failure> {
    refuse_existing(files)?;
    for (path, text) in files {
        write_new(path, text.as_bytes())?;
        if !global.quiet {
            eprintln!("  created {}", path.display());
        }
    }
    Ok(())
}

fn check_languages(languages: &[String]) -> Result<(), Failure> {
    for lang in languages {
        let ok = (2..=8).contains(&lang.len())
            && lang.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !ok {
            return Err(Failure::new(format!("`{lang}` is not a language code"))
                .with_help("give codes such as `en` or `nl,en`, comma-separated"));
        }
    }
    if languages.is_empty() {
        return Err(Failure::new("no language given").with_help("pass `--lang en`"));
    }
    Ok(())
}

/// The files of a new bank in `dir`, as (path, text).
fn bank_files(args: &NewBankArgs) -> Result<Vec<Planned>, Failure> {
    let langs = &args.lang;
    check_languages(langs)?;
    let dir = &args.dir;
    let folder_name = dir
        .canonicalize()
        .ok()
        .or_else(|| std::env::current_dir().ok().map(|c| c.join(dir)))
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "bank".into());
    let mut id = slug(&folder_name);
    if id.is_empty() {
        id = "bank".into();
    }
    let title = args.title.clone().unwrap_or_else(|| folder_name.clone());
    let mut config = BankConfig::new(id, langs.iter().cloned());
    config.title = Some(Spanned::unspanned(text_in(langs, |_| title.clone())));
    let texts = |l: &str| example(l).or_else(|| example("en"));
    let pick = |f: fn(&Example) -> &'static str| {
        move |l: &str| texts(l).map(|e| f(&e).to_owned()).unwrap_or_default()
    };
    let category = CategoryMeta {
        title: Some(Spanned::unspanned(text_in(langs, pick(|e| e.category)))),
        order: Some(Spanned::unspanned(1)),
        ..CategoryMeta::default()
    };
    let topic = TopicMeta {
        title: Some(Spanned::unspanned(text_in(langs, pick(|e| e.topic)))),
        order: Some(Spanned::unspanned(1)),
        ..TopicMeta::default()
    };
    let mut question = Question::new("bank-languages", text_in(langs, pick(|e| e.stem)));
    question.options = ["quizkit.toml", "topic.toml", "category.toml"]
        .iter()
        .map(|name| Spanned::unspanned(Choice::new(text_in(langs, |_| (*name).to_owned()))))
        .collect();
    question.answer = Some(Spanned::unspanned(AnswerKey::single('A')));
    question.explanation = Some(Spanned::unspanned(text_in(langs, pick(|e| e.explanation))));
    question.tags = vec![Spanned::unspanned("quizkit".to_owned())];

    let (cat, top) = ("getting-started", "first-topic");
    let mut files = vec![
        (
            dir.join(CONFIG_FILE),
            bank_file(&config, Some("schema/quizkit.schema.json")),
        ),
        (
            dir.join(cat).join(CATEGORY_FILE),
            category_file(&category, Some("../schema/category.schema.json")),
        ),
        (
            dir.join(cat).join(top).join(TOPIC_FILE),
            topic_file(&topic, Some("../../schema/topic.schema.json")),
        ),
        (
            dir.join(cat).join(top).join("01-questions.toml"),
            question_file(&[question], Some("../../schema/questions.schema.json")),
        ),
        (dir.join(".gitignore"), "dist/\nsite/\n".to_owned()),
        (
            dir.join(".github/workflows/quizkit.yml"),
            workflow(&args.action),
        ),
    ];
    for s in quizkit_model::schema::all() {
        files.push((dir.join("schema").join(s.name), s.json));
    }
    Ok(files)
}

/// The bank's CI: lint on every push and pull request with quizkit's Action, annotations on the
/// pull request and a SARIF report for code scanning.
fn workflow(action: &str) -> String {
    format!(
        "# Lints the bank on every push and pull request: annotations on the pull request, and a\n\
         # SARIF report for GitHub code scanning.\n\
         name: quizkit\n\
         on:\n  push:\n  pull_request:\n\
         permissions:\n  contents: read\n  security-events: write\n\
         jobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n\
         \x20     - uses: actions/checkout@v4\n\
         \x20     - name: quizkit lint\n        uses: {action}\n        with:\n          path: .\n          sarif: quizkit.sarif\n\
         \x20     - name: Upload SARIF to code scanning\n        if: always()\n        uses: github/codeql-action/upload-sarif@v3\n        with:\n          sarif_file: quizkit.sarif\n          category: quizkit\n"
    )
}

/// The bank that holds `dir`: the nearest folder from `dir` upwards with `quizkit.toml`.
fn bank_above(dir: &Path) -> Result<PathBuf, Failure> {
    let full = dir
        .canonicalize()
        .map_err(|e| Failure::io("read", dir, &e))?;
    full.ancestors()
        .find(|d| d.join(CONFIG_FILE).is_file())
        .map(Path::to_path_buf)
        .ok_or_else(|| {
            Failure::new(format!(
                "`{}` is not inside a bank: no {CONFIG_FILE} in it or above",
                dir.display()
            ))
            .with_help("create a bank first: `quizkit new bank DIR`")
        })
}

/// The `#:schema` line for a file `depth` folders below a bank root that has `schema/`.
fn schema_line(root: &Path, name: &str, depth: usize) -> Option<String> {
    root.join("schema")
        .join(name)
        .is_file()
        .then(|| format!("{}schema/{name}", "../".repeat(depth)))
}

/// The bank's languages, read from the bank at `root`.
fn bank_languages(root: &Path) -> Result<(Vec<String>, quizkit_model::Bank), Failure> {
    let (_, loaded) = load_bank(Some(root))?;
    let bank = loaded.bank.ok_or_else(|| {
        Failure::new(format!(
            "the bank's {CONFIG_FILE} at `{}` does not load",
            root.display()
        ))
        .with_help("run `quizkit lint` on the bank to see why")
    })?;
    Ok((bank.config.languages().map(str::to_owned).collect(), bank))
}

fn new_bank(global: &GlobalArgs, args: &NewBankArgs) -> Result<u8, Failure> {
    let files = bank_files(args)?;
    refuse_existing(&files)?;
    if !global.quiet {
        eprintln!("Creating the bank {}:", args.dir.display());
    }
    write_all(global, &files)?;
    if !global.quiet {
        let missing: Vec<&str> = args
            .lang
            .iter()
            .filter(|l| example(l).is_none())
            .map(String::as_str)
            .collect();
        if !missing.is_empty() {
            eprintln!(
                "The example's {} texts are in English: translate them.",
                missing.join(", ")
            );
        }
        eprintln!(
            "Next: `quizkit preview {0}` to see it, `quizkit new question {0}/getting-started/first-topic` to add a question.",
            args.dir.display()
        );
    }
    Ok(EXIT_OK)
}

/// The folder name of a new category or topic titled `title`.
fn folder_name(title: &str) -> Result<String, Failure> {
    let name = slug(title);
    if name.is_empty() {
        return Err(
            Failure::new(format!("`{title}` makes an empty folder name"))
                .with_help("give a title with letters or digits"),
        );
    }
    Ok(name)
}

fn new_category(global: &GlobalArgs, args: &NewCategoryArgs) -> Result<u8, Failure> {
    let root = crate::fsio::find_bank(args.bank.as_deref())?;
    let (langs, _) = bank_languages(&root)?;
    let name = folder_name(&args.name)?;
    let meta = CategoryMeta {
        title: Some(Spanned::unspanned(text_in(&langs, |_| args.name.clone()))),
        ..CategoryMeta::default()
    };
    let schema = schema_line(&root, "category.schema.json", 1);
    write_all(
        global,
        &[(
            root.join(&name).join(CATEGORY_FILE),
            category_file(&meta, schema.as_deref()),
        )],
    )?;
    Ok(EXIT_OK)
}

fn new_topic(global: &GlobalArgs, args: &NewTopicArgs) -> Result<u8, Failure> {
    let root = bank_above(&args.category)?;
    let category = args
        .category
        .canonicalize()
        .map_err(|e| Failure::io("read", &args.category, &e))?;
    if category.parent() != Some(root.as_path()) {
        return Err(Failure::new(format!(
            "`{}` is not a category folder: a category is a folder right below the bank's {CONFIG_FILE}",
            args.category.display()
        ))
        .with_help(format!("pass a folder inside `{}`", root.display())));
    }
    let (langs, _) = bank_languages(&root)?;
    let name = folder_name(&args.name)?;
    let meta = TopicMeta {
        title: Some(Spanned::unspanned(text_in(&langs, |_| args.name.clone()))),
        ..TopicMeta::default()
    };
    let schema = schema_line(&root, "topic.schema.json", 2);
    write_all(
        global,
        &[(
            args.category.join(&name).join(TOPIC_FILE),
            topic_file(&meta, schema.as_deref()),
        )],
    )?;
    Ok(EXIT_OK)
}

fn new_question(global: &GlobalArgs, args: &NewQuestionArgs) -> Result<u8, Failure> {
    let root = bank_above(&args.topic)?;
    let topic_dir = args
        .topic
        .canonicalize()
        .map_err(|e| Failure::io("read", &args.topic, &e))?;
    let is_topic = topic_dir
        .parent()
        .and_then(Path::parent)
        .is_some_and(|p| p == root);
    if !is_topic {
        return Err(Failure::new(format!(
            "`{}` is not a topic folder: a topic is a folder inside a category folder of the bank",
            args.topic.display()
        ))
        .with_help(format!(
            "pass a folder two levels below `{}`, or create one with `quizkit new topic`",
            root.display()
        )));
    }
    let (langs, bank) = bank_languages(&root)?;
    let topic_slug = topic_dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ids: std::collections::HashSet<&str> = bank
        .questions()
        .map(|(_, _, q)| q.id.value.as_str())
        .collect();
    let base = slug(&topic_slug);
    let id = (1..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| !ids.contains(id.as_str()))
        .unwrap_or_default();
    let empty = |_: &str| String::new();
    let mut question = Question::new(id.clone(), text_in(&langs, empty));
    question.options = (0..3)
        .map(|_| Spanned::unspanned(Choice::new(text_in(&langs, empty))))
        .collect();
    // The key goes to the letter the bank's keys use least, so that skeletons filled in as
    // they come do not pile their keys on A.
    let mut used = [0usize; 3];
    for (_, _, q) in bank.questions() {
        for i in q.key_indices().into_iter().filter(|&i| i < 3) {
            used[i] += 1;
        }
    }
    let least = (0..3).min_by_key(|&i| (used[i], i)).unwrap_or(0);
    question.answer = Some(Spanned::unspanned(AnswerKey::single(index_letter(least))));
    question.explanation = Some(Spanned::unspanned(text_in(&langs, empty)));

    let mut question_files: Vec<PathBuf> = fs::read_dir(&args.topic)
        .map_err(|e| Failure::io("read", &args.topic, &e))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.extension().is_some_and(|e| e == "toml")
                && p.file_name().is_some_and(|n| n != TOPIC_FILE)
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    question_files.sort();
    match question_files.last() {
        Some(last) => {
            let old = fs::read_to_string(last).map_err(|e| Failure::io("read", last, &e))?;
            let mut text = old.clone();
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            if !text.trim().is_empty() {
                text.push('\n');
            }
            text.push_str(&question_file(&[question], None));
            write_atomic(last, text.as_bytes())?;
            if !global.quiet {
                eprintln!("Added the question `{id}` to {}.", last.display());
            }
        }
        None => {
            let schema = schema_line(&root, "questions.schema.json", 2);
            let path = args.topic.join(format!("01-{base}.toml"));
            write_all(
                global,
                &[(path, question_file(&[question], schema.as_deref()))],
            )?;
            if !global.quiet {
                eprintln!("Added the question `{id}`.");
            }
        }
    }
    if !global.quiet {
        eprintln!("Fill in its stem, options and explanation; `quizkit lint` shows what is left.");
    }
    Ok(EXIT_OK)
}

/// Runs `quizkit new`.
pub fn run(global: &GlobalArgs, args: &NewArgs) -> Result<u8, Failure> {
    match &args.what {
        NewCommand::Bank(a) => new_bank(global, a),
        NewCommand::Category(a) => new_category(global, a),
        NewCommand::Topic(a) => new_topic(global, a),
        NewCommand::Question(a) => new_question(global, a),
    }
}

#[cfg(test)]
mod tests {
    use super::action_ref;

    #[test]
    fn the_action_reference_is_the_repository_at_the_version_tag() {
        for url in [
            "https://github.com/quizkit/quizkit",
            "https://github.com/quizkit/quizkit/",
            "https://github.com/quizkit/quizkit.git",
        ] {
            assert_eq!(action_ref(url, "0.3.1"), "quizkit/quizkit@v0.3.1", "{url}");
        }
    }
}
