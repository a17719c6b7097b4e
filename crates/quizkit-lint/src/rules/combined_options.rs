//! `combined-options` (F014): an option made of other options ("A and B").

use quizkit_model::{index_letter, letter_index};

use crate::lexicon::{Lexicon, PhraseMatch, find, option_matches};
use crate::text::Token;
use crate::{Analysis, Check, Context, Field, Finding, Level, QuestionRef, Rule, Violation};

/// What `quizkit rule combined-options` prints.
pub const DOCS: &str = r#"## What it does
Finds options that combine other options: "A en B", "zowel A als C", "Both A and B are
correct", "I, II en III", "beide antwoorden". The letters must name options of the question,
and the option may hold little else ("are correct", "zijn juist"), so a sentence that
mentions "matrices A and B" is not taken for one. Options that combine the items of a numbered
list in the stem by their numbers ("1 en 2", "1, 2 and 3" after "1. Rubens 2. Van Eyck
3. Van der Weyden", one item a line, or after "(1) … ; (2) … ; (3) …" in the running text)
are such options too.

It also finds an option that joins the texts of two or more other options with a combining
word ("and", "both", "together", "en", "zowel", "samen"; the `combining_words` of the
language): "Both copper and zinc" beside "Copper" and "Zinc", "Gauguin en Cézanne samen"
beside "Paul Gauguin" and "Paul Cézanne" (an option may stand by its last word, or, where
the other options share a frame, by the words that set it apart: "Zowel de eerste als de
vierde trap" beside "De drieklank op de eerste trap" and "… op de vierde trap", unless every
other option joins parts too, as in "kleiner en meer licht" beside "groter en minder licht"). Here too
the option may hold little else, so "Water, a compound of hydrogen and oxygen" is an answer
of its own.

## Why is this bad?
Complex ("type K") options test reasoning about the options rather than the content, reward
test-wise elimination (knowing that A is wrong rules out "A and B"), and Haladyna, Downing and
Rodriguez advise against them.

## Example
```toml
[[question]]
id = "cache-levels"
stem = "Which caches does a typical x86 core have to itself?"
answer = "C"
shuffle = false
options = ["L1", "L2", "A and B"]
```

## Use instead
```toml
[[question]]
id = "cache-levels"
stem = "Which caches does a typical x86 core have to itself?"
answer = "B"
options = ["Only the L3 cache", "The L1 and L2 caches", "No cache at all"]
```
"#;

/// The rule.
pub const RULE: Rule = Rule {
    code: "F014",
    name: "combined-options",
    level: Level::Warning,
    summary: "An option combines other options (\"A and B\", \"I, II en III\").",
    docs: DOCS,
    check: Check::Question(check),
};

struct CombinedOptions {
    option: usize,
    phrase: String,
}

impl Violation for CombinedOptions {
    fn message(&self) -> String {
        format!(
            "option {} combines other options (\"{}\")",
            index_letter(self.option),
            self.phrase
        )
    }
    fn label(&self) -> Option<String> {
        Some("a combination of options".into())
    }
    fn help(&self) -> Option<String> {
        Some("ask about one thing per option; if several are right, make it a multiple-response question (`answer = [\"A\", \"B\"]`)".into())
    }
}

/// The combined-options phrases of an option whose letters name existing options and whose
/// other words are only filler ("are correct").
pub(crate) fn combined(lexicon: &Lexicon, toks: &[Token<'_>], options: usize) -> Vec<PhraseMatch> {
    let found = find(&lexicon.combined_options, toks);
    if found.is_empty() {
        return found;
    }
    let filler_only = toks.iter().enumerate().all(|(k, t)| {
        !t.word
            || t.code
            || found.iter().any(|m| m.tokens.contains(&k))
            || lexicon.combined_filler.contains(t.lower.as_ref())
    });
    if !filler_only {
        return Vec::new();
    }
    found
        .into_iter()
        .filter(|m| {
            m.letters
                .iter()
                .all(|(letter, _)| letter_index(&letter.to_string()).is_some_and(|i| i < options))
        })
        .collect()
}

/// The indices of the prose words of `toks`.
fn prose_words(toks: &[Token<'_>]) -> Vec<usize> {
    (0..toks.len())
        .filter(|&k| toks[k].is_prose_word())
        .collect()
}

/// Where the words `want` (lower case) stand, one after the other, among the prose words
/// `words` of `toks`, as token indices, skipping the ones in `taken`.
fn occurrence(
    toks: &[Token<'_>],
    words: &[usize],
    want: &[&str],
    taken: &[usize],
) -> Option<Vec<usize>> {
    if want.is_empty() || want.len() > words.len() {
        return None;
    }
    words
        .windows(want.len())
        .find(|w| {
            w.iter()
                .zip(want)
                .all(|(&k, &lower)| toks[k].lower == lower && !taken.contains(&k))
        })
        .map(<[usize]>::to_vec)
}

/// An option that joins the texts of two or more other options with one of the
/// `combining_words` ("Both copper and zinc", "Gauguin en Cézanne samen"): each other option
/// stands in it whole, or by its last word ("Gauguin" for "Paul Gauguin"), or, where the other
/// options share a frame, by the words that set it apart ("zowel de eerste als de vierde trap"
/// beside "de drieklank op de eerste trap", "both `UNIQUE` and `PRIMARY KEY`" beside
/// "`UNIQUE` on that column"); its other words are only combining words, filler, stop words
/// and the frame. `others` are the tokens of the other options in the same language.
pub(crate) fn joined(
    lexicon: &Lexicon,
    toks: &[Token<'_>],
    others: &[&[Token<'_>]],
) -> Option<PhraseMatch> {
    let joins = find(&lexicon.combining_words, toks);
    if joins.is_empty() {
        return None;
    }
    // A combining word, filler or a stop word: what may stand beside the options joined.
    let free = |k: usize| {
        let lower = toks[k].lower.as_ref();
        joins.iter().any(|m| m.tokens.contains(&k))
            || lexicon.combined_filler.contains(lower)
            || lexicon.is_stopword(lower)
    };
    let words = prose_words(toks);
    let (words, taken, frame) = match whole_options(lexicon, toks, &words, others) {
        Some(taken) => (words, taken, Vec::new()),
        None => {
            // "Kleiner en meer licht" beside "groter en minder licht": where every other option
            // joins parts too, the options are combinations alike, not one built of others.
            if others
                .iter()
                .all(|o| !find(&lexicon.combining_words, o).is_empty())
            {
                return None;
            }
            let words: Vec<usize> = (0..toks.len()).filter(|&k| toks[k].word).collect();
            let (taken, frame) = setting_apart(toks, &words, others, free)?;
            (words, taken, frame)
        }
    };
    let rest_is_filler = words
        .iter()
        .all(|&k| taken.contains(&k) || free(k) || frame.contains(&k));
    let joins_outside = joins
        .iter()
        .any(|m| m.tokens.clone().all(|k| !taken.contains(&k)));
    if !rest_is_filler || !joins_outside {
        return None;
    }
    let (first, last) = (words.first()?, words.last()?);
    let range = toks[*first].range.start..toks[*last].range.end;
    Some(PhraseMatch {
        phrase: joins[0].phrase.clone(),
        range,
        tokens: *first..*last + 1,
        letters: Vec::new(),
    })
}

/// The tokens of `toks` (among its prose `words`) where two or more other options stand
/// whole or by their last word, or `None` when fewer do.
fn whole_options(
    lexicon: &Lexicon,
    toks: &[Token<'_>],
    words: &[usize],
    others: &[&[Token<'_>]],
) -> Option<Vec<usize>> {
    let mut taken: Vec<usize> = Vec::new();
    let mut parts = 0;
    for other in others {
        let theirs: Vec<&str> = prose_words(other)
            .into_iter()
            .map(|k| other[k].lower.as_ref())
            .collect();
        if theirs.is_empty() || theirs.len() >= words.len() {
            continue;
        }
        let found = occurrence(toks, words, &theirs, &taken).or_else(|| {
            let last = theirs[theirs.len() - 1];
            (theirs.len() > 1 && !lexicon.is_stopword(last))
                .then(|| occurrence(toks, words, &[last], &taken))
                .flatten()
        });
        if let Some(found) = found {
            taken.extend(found);
            parts += 1;
        }
    }
    (parts >= 2).then_some(taken)
}

/// The tokens of `toks` (among its `words`, code included) that are words of one other option
/// only, when two or more other options stand in it so; with the tokens of the frame, the
/// words every other option has. `None` as soon as a word is in no other option and not
/// `free` (a combining word, filler or a stop word).
fn setting_apart(
    toks: &[Token<'_>],
    words: &[usize],
    others: &[&[Token<'_>]],
    free: impl Fn(usize) -> bool,
) -> Option<(Vec<usize>, Vec<usize>)> {
    if others.len() < 2 {
        return None;
    }
    let has = |other: &[Token<'_>], w: &str| other.iter().any(|t| t.word && t.lower == w);
    let (mut taken, mut frame, mut owners) = (Vec::new(), Vec::new(), Vec::new());
    for &k in words {
        let w = toks[k].lower.as_ref();
        let mut holders = (0..others.len()).filter(|&j| has(others[j], w));
        match (holders.next(), holders.next()) {
            (Some(j), None) => {
                taken.push(k);
                if !owners.contains(&j) {
                    owners.push(j);
                }
            }
            (Some(_), Some(_)) if others.iter().all(|o| has(o, w)) => frame.push(k),
            (None, _) if !free(k) => return None,
            _ => {}
        }
    }
    (owners.len() >= 2).then_some((taken, frame))
}

/// The tokens of the options beside the one whose tokens are `toks` (a text of `a`), in the
/// language it is written in.
fn others<'a, 't>(
    cx: &Context<'_>,
    a: &'a Analysis<'t>,
    options: usize,
    toks: &[Token<'t>],
) -> Option<Vec<&'a [Token<'t>]>> {
    cx.languages().find_map(|lang| {
        let mut all = (0..options)
            .map(|j| a.text(Field::Option(j), lang).map(|t| t.tokens()))
            .collect::<Option<Vec<_>>>()?;
        let at = all.iter().position(|t| std::ptr::eq(*t, toks))?;
        all.remove(at);
        Some(all)
    })
}

/// How many items the numbered list of the stem has, counted from 1 in any of its languages:
/// one item a line (`1. Rubens`, `2) Van Eyck`) or in the running text, numbered in brackets
/// (`(1) laat je de wond doorbloeden; (2) …`); 0 when it has none.
fn numbered_items(q: QuestionRef<'_>) -> usize {
    q.question
        .stem
        .entries
        .iter()
        .map(|e| lines_numbered(&e.text.value).max(bracketed_numbers(&e.text.value)))
        .max()
        .unwrap_or(0)
}

/// How many lines of `text`, counted from 1, open with their number (`1. `, `2) `).
fn lines_numbered(text: &str) -> usize {
    let mut next = 1;
    for line in text.lines() {
        let line = line.trim_start();
        let number = line
            .chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>();
        let rest = &line[number.len()..];
        if number.parse() == Ok(next) && (rest.starts_with(". ") || rest.starts_with(") ")) {
            next += 1;
        }
    }
    next - 1
}

/// How many numbers in brackets `text` has one after the other, counted from 1: `(1)`, then
/// `(2)` after it, and so on.
fn bracketed_numbers(text: &str) -> usize {
    let mut rest = text;
    let mut count = 0;
    while let Some(at) = rest.find(&format!("({})", count + 1)) {
        count += 1;
        rest = &rest[at..];
    }
    count
}

/// An option that only combines items of the stem's numbered list, of `items` items, by their
/// numbers: "1 en 2", "1, 2 and 3" (the items are statements, and the option a type K
/// combination of them).
fn numbered_combination(
    lexicon: &Lexicon,
    toks: &[Token<'_>],
    items: usize,
) -> Option<PhraseMatch> {
    let joining: Vec<usize> = find(&lexicon.combining_words, toks)
        .into_iter()
        .flat_map(|m| m.tokens)
        .collect();
    let mut numbers = 0;
    for (k, t) in toks.iter().enumerate() {
        if t.word
            && t.lower
                .parse::<usize>()
                .is_ok_and(|n| (1..=items).contains(&n))
        {
            numbers += 1;
        } else if t.text != "," && !joining.contains(&k) {
            return None;
        }
    }
    let joins = toks.len() - numbers;
    let (first, last) = (toks.first()?, toks.last()?);
    (numbers >= 2 && joins >= 1).then(|| PhraseMatch {
        phrase: String::new(),
        range: first.range.start..last.range.end,
        tokens: 0..toks.len(),
        letters: Vec::new(),
    })
}

fn check(cx: &Context<'_>, q: QuestionRef<'_>, a: &Analysis<'_>, out: &mut Vec<Finding>) {
    let options = q.options.len();
    let items = numbered_items(q);
    let matches = option_matches(
        cx,
        q,
        a,
        |l| [&l.combined_options, &l.combining_words],
        |lexicon, toks| {
            combined(lexicon, toks, options)
                .into_iter()
                .next()
                .or_else(|| {
                    (items >= 2)
                        .then(|| numbered_combination(lexicon, toks, items))
                        .flatten()
                })
                .or_else(|| joined(lexicon, toks, &others(cx, a, options, toks)?))
        },
    );
    for (option, entry, m) in matches {
        let v = CombinedOptions {
            option,
            phrase: entry.text.value[m.range.clone()].to_owned(),
        };
        out.push(Finding::on(q, cx.locate(q.file, &entry.text, m.range), &v));
    }
}

#[cfg(test)]
mod tests {
    use super::bracketed_numbers;
    use crate::testing::rule_findings;

    #[test]
    fn numbers_in_brackets_count_from_one_in_order() {
        assert_eq!(
            bracketed_numbers("Stir: (1) the yeast; (2) the salt; (3) the flour."),
            3
        );
        assert_eq!(bracketed_numbers("(1) first (3) third"), 1);
        assert_eq!(bracketed_numbers("A pH (2) of (3) nothing"), 0);
        assert_eq!(bracketed_numbers("Before baking (see note 1)"), 0);
    }

    /// Options that combine statements numbered in brackets in the running text of the stem.
    #[test]
    fn statements_numbered_in_brackets_are_combined_by_number() {
        let question = |stem: &str| {
            format!(
                "[[question]]\nid = \"q\"\nstem = \"{stem}\"\nanswer = \"C\"\n\
                 options = [\"1 and 2\", \"2 and 3\", \"1 and 3\"]\n"
            )
        };
        let found = rule_findings(
            "combined-options",
            "\"en\"",
            &question(
                "Before proofing: (1) you knead the dough; (2) you salt the yeast; (3) you cover it. Which are right?",
            ),
        );
        assert_eq!(found.len(), 3, "{found:?}");
        let plain = rule_findings(
            "combined-options",
            "\"en\"",
            &question("How many days of the week does the bakery open on 1 and 2 May?"),
        );
        assert!(plain.is_empty(), "{plain:?}");
    }
}
