//! `invalid-answer-key` (Q002): a key that names no option, or several keys on a
//! single-choice question.

use quizkit_model::{index_letter, letter_index};

use crate::{Analysis, Check, Context, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule invalid-answer-key` prints.
pub const DOCS: &str = r#"## What it does
Finds answer keys that do not name exactly the options meant: a letter with no option
(`"D"` on a question with three options), something that is not an option letter (`"b"`,
`"1"`), several letters in one string on a single-choice question (`"A, C"`), an empty list,
or a letter listed twice.

## Why is this bad?
Exports score the question by the key. A key that names no option makes the question
impossible to answer correctly; a string with several letters is read as one (wrong) key.

## Example
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "D"
options = ["32", "64", "128"]
```

## Use instead
```toml
[[question]]
id = "cache-line"
stem = "How many bytes does a typical x86 cache line hold?"
answer = "B"
options = ["32", "64", "128"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "Q002",
    name: "invalid-answer-key",
    level: Level::Error,
    summary: "The answer key names no option, or several on a single-choice question.",
    docs: DOCS,
    check: Check::Question(check),
};

enum InvalidAnswerKey {
    Empty,
    NoSuchOption { letter: String, options: usize },
    NotALetter { written: String },
    SeveralInOneString { written: String },
    Repeated { letter: String },
}

fn range(options: usize) -> String {
    match options {
        0 => "the question has no options".into(),
        1 => "the only option is A".into(),
        n => format!("the options are A–{}", index_letter(n - 1)),
    }
}

impl Violation for InvalidAnswerKey {
    fn message(&self) -> String {
        match self {
            Self::Empty => "the answer key lists no option".into(),
            Self::NoSuchOption { letter, options } => {
                format!("the key `{letter}` names no option: {}", range(*options))
            }
            Self::NotALetter { written } => format!("`{written}` is not an option letter"),
            Self::SeveralInOneString { written } => {
                format!("`{written}` names several options in a single-choice key")
            }
            Self::Repeated { letter } => format!("the key lists `{letter}` twice"),
        }
    }
    fn label(&self) -> Option<String> {
        Some(match self {
            Self::Empty => "empty key".into(),
            Self::NoSuchOption { .. } => "no such option".into(),
            Self::NotALetter { .. } => "not A, B, C, …".into(),
            Self::SeveralInOneString { .. } => "one string, several letters".into(),
            Self::Repeated { .. } => "listed again here".into(),
        })
    }
    fn help(&self) -> Option<String> {
        Some(match self {
            Self::Empty => "list the letters of the correct options, such as `[\"A\", \"C\"]`".into(),
            Self::NoSuchOption { .. } => {
                "use the letter of an existing option (the first option is A), or add the missing option".into()
            }
            Self::NotALetter { written } => {
                let upper = written.trim().to_uppercase();
                if letter_index(&upper).is_some() {
                    format!("write the letter as a capital: `\"{upper}\"`")
                } else {
                    "write the letter of the correct option: the first option is A, the second B".into()
                }
            }
            Self::SeveralInOneString { .. } => {
                "write a list such as `answer = [\"A\", \"C\"]` for a multiple-response question, or keep the one correct letter".into()
            }
            Self::Repeated { .. } => "list each letter once".into(),
        })
    }
}

fn several_letters(s: &str) -> bool {
    let letters: Vec<&str> = s
        .split(|c: char| c == ',' || c == ';' || c == '+' || c.is_whitespace())
        .filter(|p| !p.is_empty())
        .collect();
    let parts = if letters.len() == 1 {
        letters[0]
            .chars()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
    } else {
        letters.iter().map(|l| (*l).to_owned()).collect()
    };
    parts.len() > 1
        && parts
            .iter()
            .all(|p| letter_index(&p.to_uppercase()).is_some())
}

fn check(_: &Context<'_>, q: QuestionRef<'_>, _: &Analysis<'_>, out: &mut Vec<Finding>) {
    let Some(answer) = &q.answer else {
        return;
    };
    if answer.letters.is_empty() {
        out.push(Finding::on(
            q,
            answer.span.clone(),
            &InvalidAnswerKey::Empty,
        ));
        return;
    }
    let mut seen = Vec::new();
    for letter in &answer.letters {
        let written = letter.value.as_str();
        let v = match letter_index(written) {
            Some(_) if seen.contains(&written) => InvalidAnswerKey::Repeated {
                letter: written.to_owned(),
            },
            Some(i) if i >= q.options.len() => InvalidAnswerKey::NoSuchOption {
                letter: written.to_owned(),
                options: q.options.len(),
            },
            Some(_) => {
                seen.push(written);
                continue;
            }
            None if !answer.multiple && several_letters(written) => {
                InvalidAnswerKey::SeveralInOneString {
                    written: written.to_owned(),
                }
            }
            None => InvalidAnswerKey::NotALetter {
                written: written.to_owned(),
            },
        };
        out.push(Finding::on(q, letter.span.clone(), &v));
    }
}
