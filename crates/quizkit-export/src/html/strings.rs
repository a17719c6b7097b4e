//! The site's UI strings, one TOML file per language under `assets/html/i18n/`.

use std::collections::BTreeMap;

use serde::Deserialize;

/// The languages the site has UI strings for, with their files.
const FILES: &[(&str, &str)] = &[
    ("nl", include_str!("../../assets/html/i18n/nl.toml")),
    ("en", include_str!("../../assets/html/i18n/en.toml")),
];

/// The language whose strings serve a bank language without a file of its own.
pub const FALLBACK: &str = "en";

/// The UI strings of one language. `{name}` placeholders are filled with [`fill`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strings {
    pub language_name: String,
    pub skip_to_content: String,
    pub languages_label: String,
    pub breadcrumb_label: String,
    pub choose_language: String,
    pub topics_in: String,
    pub other_topics_in: String,
    pub questions_one: String,
    pub questions_other: String,
    pub practice_heading: String,
    pub practice_ten: String,
    pub practice_ten_note: String,
    pub practice_all: String,
    pub practice_all_note: String,
    pub practice_weak: String,
    pub practice_weak_note: String,
    pub minutes_one: String,
    pub minutes_other: String,
    pub key_points: String,
    pub all_questions: String,
    pub question_number: String,
    pub options_label: String,
    pub show_answer: String,
    pub answer_is: String,
    pub feedback_heading: String,
    pub practise_topic: String,
    pub to_topic: String,
    pub more_questions: String,
    pub question_pager_label: String,
    pub previous_question: String,
    pub next_question: String,
    pub practice_title: String,
    pub no_script: String,
    pub footer: String,
    pub letters_and: String,
    /// Strings the scripts show, handed to them as JSON.
    pub script: BTreeMap<String, String>,
}

impl Strings {
    /// The strings for `lang`, and whether they are the fallback's because `lang` has no file.
    pub fn for_lang(lang: &str) -> Result<(Strings, bool), String> {
        let (file_lang, text) = FILES
            .iter()
            .find(|(l, _)| *l == lang)
            .or_else(|| FILES.iter().find(|(l, _)| *l == FALLBACK))
            .ok_or_else(|| format!("no UI strings for `{FALLBACK}`"))?;
        let strings = toml::from_str(text)
            .map_err(|e| format!("the built-in UI strings for `{file_lang}` are broken: {e}"))?;
        Ok((strings, *file_lang != lang))
    }

    /// "1 question" or "N questions".
    pub fn questions(&self, n: usize) -> String {
        count(&self.questions_one, &self.questions_other, n)
    }

    /// "about N minutes" for practising `questions` questions, at half a minute each.
    pub fn minutes(&self, questions: usize) -> String {
        let minutes = questions.div_ceil(2).max(1);
        count(&self.minutes_one, &self.minutes_other, minutes)
    }

    /// Option letters joined for a sentence: "A", "A and C", "A, B and D".
    pub fn letters(&self, letters: &[char]) -> String {
        match letters {
            [] => String::new(),
            [one] => one.to_string(),
            [init @ .., last] => {
                let init: Vec<String> = init.iter().map(char::to_string).collect();
                format!("{}{}{last}", init.join(", "), self.letters_and)
            }
        }
    }
}

fn count(one: &str, other: &str, n: usize) -> String {
    if n == 1 {
        one.to_owned()
    } else {
        fill(other, &[("n", &n.to_string())])
    }
}

/// `template` with each `{name}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in values {
        let placeholder = format!("{{{name}}}");
        if out.contains(&placeholder) {
            out = out.replace(&placeholder, value);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> Vec<String> {
        let table: toml::Table = toml::from_str(text).expect("toml");
        let mut keys = Vec::new();
        for (k, v) in &table {
            match v.as_table() {
                Some(sub) => keys.extend(sub.keys().map(|s| format!("{k}.{s}"))),
                None => keys.push(k.clone()),
            }
        }
        keys
    }

    #[test]
    fn every_language_file_loads_and_has_the_same_keys() {
        let reference = keys(FILES[0].1);
        for (lang, text) in FILES {
            let (strings, fallback) = Strings::for_lang(lang).expect("loads");
            assert!(!fallback);
            assert!(!strings.language_name.is_empty());
            assert_eq!(keys(text), reference, "keys of {lang}.toml");
        }
    }

    #[test]
    fn an_unknown_language_falls_back_to_english() {
        let (strings, fallback) = Strings::for_lang("de").expect("loads");
        assert!(fallback);
        assert_eq!(strings.language_name, "English");
    }

    #[test]
    fn the_time_estimate_follows_the_count() {
        let (nl, _) = Strings::for_lang("nl").expect("nl");
        assert_eq!(nl.minutes(10), "ongeveer 5 minuten");
        assert_eq!(nl.minutes(1), "ongeveer 1 minuut");
        assert_eq!(nl.minutes(3), "ongeveer 2 minuten");
        assert_eq!(
            fill(&nl.practice_ten, &[("questions", &nl.questions(10))]),
            "Oefen 10 vragen"
        );
        let (en, _) = Strings::for_lang("en").expect("en");
        assert_eq!(en.minutes(50), "about 25 minutes");
    }

    #[test]
    fn letters_read_as_a_list() {
        let (en, _) = Strings::for_lang("en").expect("en");
        assert_eq!(en.letters(&['A']), "A");
        assert_eq!(en.letters(&['A', 'C']), "A and C");
        assert_eq!(en.letters(&['A', 'B', 'D']), "A, B and D");
    }
}
