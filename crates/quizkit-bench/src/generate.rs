//! The bank generator: a realistic bank of any size from a seed, the same on every machine.
//!
//! The bank has the shape of a large real one: 20 categories × 50 topics (fewer when there
//! are fewer questions than topics), one question file per topic, texts in Dutch and English
//! with the lengths of the shipped bank, about one question in ten a calculation whose
//! `checks` and explanation arithmetic are correct, answer keys balanced over the letters with
//! no runs, options of even length, and distinct stems, so that lint finds nothing and its
//! timing measures the normal case.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

use crate::rng::Rng;
use crate::words::{self, Pair};

/// The file at the root of a generated bank that records what it was generated from. Its name
/// starts with a dot, so quizkit does not read it.
pub const STAMP_FILE: &str = ".quizkit-bench";

/// Bumped whenever the generator's output changes, so that stale banks are regenerated.
const GENERATOR_VERSION: u32 = 1;

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// How many questions.
    pub questions: usize,
    /// The seed: the same seed and size always give the same bytes.
    pub seed: u64,
    /// How many categories (at most 20).
    pub categories: usize,
    /// How many topics per category (at most 52).
    pub topics_per_category: usize,
    /// The share of calculation questions, with `checks`, in percent.
    pub calc_percent: usize,
}

impl Spec {
    /// The default shape: 20 categories × 50 topics, 10% calculation questions.
    pub fn new(questions: usize, seed: u64) -> Self {
        Spec {
            questions,
            seed,
            categories: words::CATEGORIES.len(),
            topics_per_category: 50,
            calc_percent: 10,
        }
    }

    fn stamp(&self) -> String {
        format!(
            "generator={GENERATOR_VERSION} questions={} seed={} categories={} topics_per_category={} calc_percent={}\n",
            self.questions, self.seed, self.categories, self.topics_per_category, self.calc_percent
        )
    }
}

/// One generated file: its path relative to the bank root and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    /// Relative path, `/`-separated.
    pub path: String,
    /// The TOML text.
    pub text: String,
}

/// What was generated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files written (`.toml` only).
    pub files: usize,
    /// Their total size in bytes.
    pub bytes: u64,
    /// Questions.
    pub questions: usize,
    /// Questions with `checks`.
    pub calc_questions: usize,
    /// Claims in `checks`.
    pub checks: usize,
}

/// Generates the bank, handing each file to `sink` as soon as it is complete (so a 100k bank
/// is never held in memory whole). Files come in a fixed order.
pub fn generate<E>(
    spec: &Spec,
    mut sink: impl FnMut(GeneratedFile) -> Result<(), E>,
) -> Result<Summary, E> {
    let categories = spec.categories.clamp(1, words::CATEGORIES.len());
    let per_category = spec
        .topics_per_category
        .clamp(1, words::TOPIC_WORDS.len() - 1);
    let topics = (categories * per_category).min(spec.questions.max(1));
    let mut summary = Summary::default();
    let mut emit = |file: GeneratedFile, summary: &mut Summary| {
        summary.files += 1;
        summary.bytes += file.text.len() as u64;
        sink(file)
    };

    emit(
        GeneratedFile {
            path: "quizkit.toml".into(),
            text: config_toml(),
        },
        &mut summary,
    )?;
    let used_categories = categories.min(topics);
    for c in 0..used_categories {
        emit(
            GeneratedFile {
                path: format!("{}/category.toml", category_slug(c)),
                text: category_toml(spec.seed, c),
            },
            &mut summary,
        )?;
    }

    let mut stems = HashSet::new();
    let mut decks: [Vec<usize>; 5] = Default::default();
    let base = spec.questions / topics;
    let extra = spec.questions % topics;
    let mut start = 0;
    for t in 0..topics {
        // Topic t sits in category t % categories, so small banks still span every category.
        let c = t % categories;
        let k = t / categories;
        let len = base + usize::from(t < extra);
        let dir = format!("{}/{}", category_slug(c), topic_slug(c, k));
        emit(
            GeneratedFile {
                path: format!("{dir}/topic.toml"),
                text: topic_toml(spec.seed, c, k),
            },
            &mut summary,
        )?;
        let mut writer = TopicWriter {
            spec,
            rng: Rng::derive(spec.seed, 0x7091_0000 + t as u64),
            block: start..start + len,
            decks: &mut decks,
            stems: &mut stems,
            summary: &mut summary,
        };
        let text = writer.file();
        summary.questions += len;
        emit(
            GeneratedFile {
                path: format!("{dir}/01-{}.toml", topic_slug(c, k)),
                text,
            },
            &mut summary,
        )?;
        start += len;
    }
    Ok(summary)
}

/// Generates the bank into `dir`, replacing a bank generated there before. Refuses a folder
/// that exists, is not empty and was not made by this generator.
pub fn write_bank(spec: &Spec, dir: &Path) -> io::Result<Summary> {
    if dir.exists() {
        let ours = dir.join(STAMP_FILE).is_file();
        let empty = fs::read_dir(dir)?.next().is_none();
        if !ours && !empty {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!(
                    "`{}` exists and was not generated by quizkit-bench; choose another folder",
                    dir.display()
                ),
            ));
        }
        fs::remove_dir_all(dir)?;
    }
    fs::create_dir_all(dir)?;
    let summary = generate(spec, |file| {
        let path = dir.join(&file.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(path, file.text)
    })?;
    fs::write(dir.join(STAMP_FILE), spec.stamp())?;
    Ok(summary)
}

/// True when `dir` holds a complete bank generated from exactly `spec` by this version.
pub fn is_generated(spec: &Spec, dir: &Path) -> bool {
    fs::read_to_string(dir.join(STAMP_FILE)).is_ok_and(|s| s == spec.stamp())
}

fn config_toml() -> String {
    "#:schema ../schema/quizkit.schema.json\n\
     # A generated bank for benchmarks (quizkit-bench generate).\n\
     id = \"benchbank\"\n\
     title.nl = \"Benchmarkbank\"\n\
     title.en = \"Benchmark bank\"\n\
     languages = [\"nl\", \"en\"]\n\
     \n\
     [lint]\n\
     min_options = 3\n"
        .to_owned()
}

use quizkit::commands::new::slug;

fn category_slug(c: usize) -> String {
    format!("{:02}-{}", c + 1, slug(words::CATEGORIES[c].0))
}

/// The two words of topic `k` in category `c`: distinct, and distinct pairs within a category.
fn topic_words(c: usize, k: usize) -> (Pair, Pair) {
    let n = words::TOPIC_WORDS.len();
    let a = words::TOPIC_WORDS[k % n];
    let b = words::TOPIC_WORDS[(k + 1 + c % (n - 1)) % n];
    (a, b)
}

fn topic_slug(c: usize, k: usize) -> String {
    let (a, b) = topic_words(c, k);
    slug(&format!("{} en {}", a.0, b.0))
}

fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A TOML basic string.
fn basic(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TOML multi-line basic string, as the shipped bank writes explanations.
fn multiline(s: &str) -> String {
    let escaped = s.replace('\\', "\\\\").replace('"', "\\\"");
    format!("\"\"\"{escaped}\"\"\"")
}

fn string_array(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| basic(s)).collect();
    format!("[{}]", inner.join(", "))
}

fn category_toml(seed: u64, c: usize) -> String {
    let mut rng = Rng::derive(seed, 0xCA7E_0000 + c as u64);
    let (nl, en) = words::CATEGORIES[c];
    let mut picks: Vec<Pair> = (0..4).map(|_| *rng.pick(words::CONCEPTS)).collect();
    picks.dedup();
    while picks.len() < 4 {
        picks.push(words::CONCEPTS[picks.len()]);
    }
    let desc_nl = format!(
        "Vragen over {}: van {} en {} tot {} en {}, en wat ze betekenen voor de prestaties en de betrouwbaarheid van een systeem.",
        nl.to_lowercase(),
        picks[0].0,
        picks[1].0,
        picks[2].0,
        picks[3].0
    );
    let desc_en = format!(
        "Questions on {}: from {} and {} to {} and {}, and what they mean for the performance and reliability of a system.",
        en.to_lowercase(),
        picks[0].1,
        picks[1].1,
        picks[2].1,
        picks[3].1
    );
    format!(
        "#:schema ../../schema/category.schema.json\norder = {}\ntitle.nl = {}\ntitle.en = {}\ndescription.nl = {}\ndescription.en = {}\n",
        c + 1,
        basic(nl),
        basic(en),
        basic(&desc_nl),
        basic(&desc_en)
    )
}

fn topic_toml(seed: u64, c: usize, k: usize) -> String {
    let mut rng = Rng::derive(seed, 0x7091_C000_0000 + (c * 1000 + k) as u64);
    let (a, b) = topic_words(c, k);
    let title_nl = capitalize(&format!("{} en {}", a.0, b.0));
    let title_en = capitalize(&format!("{} and {}", a.1, b.1));
    let c1 = *rng.pick(words::CONCEPTS);
    let c2 = *rng.pick(words::CONCEPTS);
    let c3 = *rng.pick(words::CONCEPTS);
    let p1 = *rng.pick(words::PROPERTIES);
    let p2 = *rng.pick(words::PROPERTIES);
    let summary_nl = format!(
        "Leer met meerkeuzevragen over {} en {}, zoals {}, {} en {}, en hoe die {} en {} beïnvloeden in systemen die in de praktijk worden gebruikt.",
        a.0, b.0, c1.0, c2.0, c3.0, p1.0, p2.0
    );
    let summary_en = format!(
        "Learn with multiple-choice questions about {} and {}, such as {}, {} and {}, and how they affect {} and {} in systems used in practice.",
        a.1, b.1, c1.1, c2.1, c3.1, p1.1, p2.1
    );
    let mut out = format!(
        "#:schema ../../../schema/topic.schema.json\norder = {}\ntitle.nl = {}\ntitle.en = {}\nsummary.nl = {}\nsummary.en = {}\n",
        k + 1,
        basic(&title_nl),
        basic(&title_en),
        basic(&summary_nl),
        basic(&summary_en)
    );
    for _ in 0..2 {
        let mut nl = Vec::new();
        let mut en = Vec::new();
        for _ in 0..3 {
            let (n, e) = filler_sentence(&mut rng);
            nl.push(n);
            en.push(e);
        }
        let _ = write!(
            out,
            "\n[[key_points]]\nnl = {}\nen = {}\n",
            multiline(&nl.join(" ")),
            multiline(&en.join(" "))
        );
    }
    out
}

/// One of the general sentences explanations and key points are made of.
fn filler_sentence(rng: &mut Rng) -> (String, String) {
    let c = *rng.pick(words::CONCEPTS);
    let c2 = *rng.pick(words::CONCEPTS);
    let p = *rng.pick(words::PROPERTIES);
    let x = *rng.pick(words::CONTEXTS);
    match rng.below(3) {
        0 => {
            let g = *rng.pick(words::GOALS);
            (
                format!(
                    "In de praktijk wordt {} vaak gecombineerd met {} om {}.",
                    c.0, c2.0, g.0
                ),
                format!(
                    "In practice {} is often combined with {} to {}.",
                    c.1, c2.1, g.1
                ),
            )
        }
        1 => {
            let n = *rng.pick(words::NUMBERS);
            let unit = *rng.pick(words::UNITS);
            let figure = if unit == "%" {
                format!("{}%", n % 100)
            } else {
                format!("{n} {unit}")
            };
            (
                format!(
                    "Een typische meting geeft {figure} voor {}, maar de waarde hangt sterk af van {}.",
                    p.0, x.0
                ),
                format!(
                    "A typical measurement gives {figure} for {}, but the value depends strongly on {}.",
                    p.1, x.1
                ),
            )
        }
        _ => (
            format!(
                "Wie {} wil verbeteren, begint daarom vaak bij {}.",
                p.0, c.0
            ),
            format!(
                "Anyone who wants to improve {} therefore often starts with {}.",
                p.1, c.1
            ),
        ),
    }
}

/// A question's id: a function of the seed and its index alone, so `related` can name
/// questions not generated yet.
pub fn question_id(seed: u64, index: usize) -> String {
    let mut rng = Rng::derive(seed, 0x1D00_0000_0000 + index as u64);
    let a = rng.pick(words::ID_WORDS);
    let mut b = rng.pick(words::ID_WORDS);
    if a == b {
        b = &words::ID_WORDS[(rng.below(words::ID_WORDS.len() - 1) + 1) % words::ID_WORDS.len()];
    }
    format!("{a}-{b}-{index}")
}

/// One option as generated.
struct Opt {
    nl: String,
    en: String,
    concept: usize,
    effect: usize,
    property: usize,
}

/// An option as written: its text in Dutch and English, and feedback when there is some.
type OptionText = (String, String, Option<(String, String)>);

/// How to get one language's text of an option.
type OptionLang = fn(&Opt) -> &str;

/// A question ready to be written.
struct Q {
    id: String,
    stem: (String, String),
    options: Vec<OptionText>,
    key: usize,
    difficulty: &'static str,
    explanation: (String, String),
    tags: Vec<String>,
    related: Vec<String>,
    checks: Vec<String>,
}

struct TopicWriter<'a> {
    spec: &'a Spec,
    rng: Rng,
    block: std::ops::Range<usize>,
    decks: &'a mut [Vec<usize>; 5],
    stems: &'a mut HashSet<String>,
    summary: &'a mut Summary,
}

impl TopicWriter<'_> {
    fn file(&mut self) -> String {
        let mut out = String::from("#:schema ../../../schema/questions.schema.json\n");
        for index in self.block.clone() {
            let q = self.question(index);
            write_question(&mut out, &q);
        }
        out
    }

    /// A key position for a question with `n` options, dealt from a shuffled deck of the `n`
    /// letters per option count (block randomization): every letter is the key equally often
    /// across the bank, and runs of one letter stay short, as lint's key-position rules
    /// expect of a well-kept bank.
    fn key(&mut self, n: usize) -> usize {
        let deck = &mut self.decks[n];
        if deck.is_empty() {
            deck.extend(0..n);
            self.rng.shuffle(deck);
        }
        deck.pop().unwrap_or(0)
    }

    fn question(&mut self, index: usize) -> Q {
        let id = question_id(self.spec.seed, index);
        let difficulty = match self.rng.below(10) {
            0..=2 => "easy",
            3..=7 => "medium",
            _ => "hard",
        };
        let related = self.related(index);
        let mut q = if self.rng.chance(self.spec.calc_percent) {
            self.calc_question(id, difficulty, related)
        } else {
            self.text_question(id, difficulty, related)
        };
        q.tags = self.tags(!q.checks.is_empty());
        self.summary.checks += q.checks.len();
        self.summary.calc_questions += usize::from(!q.checks.is_empty());
        q
    }

    fn related(&mut self, index: usize) -> Vec<String> {
        let others = self.block.len().saturating_sub(1);
        let want = others.min(self.rng.range(2, 5));
        let mut picked: Vec<usize> = Vec::with_capacity(want);
        while picked.len() < want {
            let j = self.block.start + self.rng.below(self.block.len());
            if j != index && !picked.contains(&j) {
                picked.push(j);
            }
        }
        picked
            .into_iter()
            .map(|j| question_id(self.spec.seed, j))
            .collect()
    }

    fn tags(&mut self, calc: bool) -> Vec<String> {
        let mut tags: Vec<String> = Vec::new();
        if calc {
            tags.push("arithmetic".into());
        }
        let want = self.rng.range(1, 3);
        while tags.len() < want + usize::from(calc) {
            let t = *self.rng.pick(words::TAGS);
            if !tags.iter().any(|x| x == t) {
                tags.push(t.to_owned());
            }
        }
        tags
    }

    /// The slots of a text stem: template, concept, property, context, condition and number.
    /// Two stems with the same template and number differ in at least two of the four phrase
    /// slots, so lint's duplicate-stem (word 3-shingles, numbers exempt) sees them as
    /// different questions.
    fn stem_slots(&mut self) -> (usize, usize, usize, usize, usize, usize) {
        for attempt in 0.. {
            let slots = [
                self.rng.below(words::CONCEPTS.len()),
                self.rng.below(words::PROPERTIES.len()),
                self.rng.below(words::CONTEXTS.len()),
                self.rng.below(words::CONDITIONS.len()),
            ];
            let template = self.rng.below(6);
            let number = self.rng.below(words::NUMBERS.len());
            let keys: Vec<String> = (0..slots.len())
                .map(|masked| {
                    let mut key = format!("t{template}n{number}");
                    for (i, s) in slots.iter().enumerate() {
                        if i == masked {
                            key.push_str("-*");
                        } else {
                            let _ = write!(key, "-{s}");
                        }
                    }
                    key
                })
                .collect();
            // The space is far larger than 100k stems; the bound only guards against a bank
            // so large that it fills up.
            if attempt >= 1000 || keys.iter().all(|k| !self.stems.contains(k)) {
                self.stems.extend(keys);
                return (template, slots[0], slots[1], slots[2], slots[3], number);
            }
        }
        unreachable!("the loop returns by attempt 1000")
    }

    /// A stem that no other question of the bank has; `make` draws one.
    fn unique_stem(
        &mut self,
        mut make: impl FnMut(&mut Rng) -> (String, String),
    ) -> (String, String) {
        for _ in 0..64 {
            let stem = make(&mut self.rng);
            if self.stems.insert(stem.1.clone()) {
                return stem;
            }
        }
        // The space of stems is large; this only happens in banks far beyond 100k questions.
        let (nl, en) = make(&mut self.rng);
        let n = self.stems.len();
        let stem = (format!("{nl} (variant {n})"), format!("{en} (variant {n})"));
        self.stems.insert(stem.1.clone());
        stem
    }

    fn text_question(&mut self, id: String, difficulty: &'static str, related: Vec<String>) -> Q {
        let (template, ci, pi, xi, ki, ni) = self.stem_slots();
        let (c, p, x) = (
            words::CONCEPTS[ci],
            words::PROPERTIES[pi],
            words::CONTEXTS[xi],
        );
        let n = words::NUMBERS[ni].to_string();
        let (k_nl, k_en) = words::CONDITIONS[ki];
        let (k_nl, k_en) = (k_nl.replace("{n}", &n), k_en.replace("{n}", &n));
        let stem = match template {
            0 => (
                format!(
                    "Welke uitspraak over {} en {} bij {} is juist {k_nl}?",
                    c.0, p.0, x.0
                ),
                format!(
                    "Which statement about {} and {} in {} is correct {k_en}?",
                    c.1, p.1, x.1
                ),
            ),
            1 => (
                format!(
                    "Wat is de belangrijkste reden dat {} invloed heeft op {} bij {} {k_nl}?",
                    c.0, p.0, x.0
                ),
                format!(
                    "What is the main reason that {} affects {} in {} {k_en}?",
                    c.1, p.1, x.1
                ),
            ),
            2 => (
                format!(
                    "Wat gebeurt er met {} bij {} als {} wordt ingezet {k_nl}?",
                    p.0, x.0, c.0
                ),
                format!(
                    "What happens to {} in {} when {} is used {k_en}?",
                    p.1, x.1, c.1
                ),
            ),
            3 => (
                format!(
                    "Welke maatregel naast {} helpt {} bij {} het meest {k_nl}?",
                    c.0, p.0, x.0
                ),
                format!(
                    "Which measure besides {} helps {} in {} the most {k_en}?",
                    c.1, p.1, x.1
                ),
            ),
            4 => (
                format!(
                    "Welke beschrijving past het best bij de rol van {} voor {} in {} {k_nl}?",
                    c.0, p.0, x.0
                ),
                format!(
                    "Which description best fits the role of {} for {} in {} {k_en}?",
                    c.1, p.1, x.1
                ),
            ),
            _ => (
                format!(
                    "Een team meet {} bij {} met {} {k_nl}. Welke verklaring past het best bij de meting?",
                    p.0, x.0, c.0
                ),
                format!(
                    "A team measures {} in {} with {} {k_en}. Which explanation best fits the measurement?",
                    p.1, x.1, c.1
                ),
            ),
        };
        let n = if self.rng.chance(25) { 4 } else { 3 };
        let key = self.key(n);
        // Options whose key repeats no word of the stem that the distractors lack (lint's
        // stem-key-word-repeat); a handful of draws always finds some.
        let mut options = self.balanced_options(n, ci, pi);
        for _ in 0..16 {
            self.rng.shuffle(&mut options);
            if let Some(i) = (0..n).find(|&i| !word_cue(&stem, &options, i)) {
                options.swap(i, key);
                break;
            }
            options = self.balanced_options(n, ci, pi);
        }

        let x = words::CONTEXTS[xi];
        let k = &options[key];
        let r = *self.rng.pick(words::REASONS);
        let mut nl = vec![format!(
            "Bij {} geldt het volgende: {} {} {}, omdat {}.",
            x.0,
            words::CONCEPTS[k.concept].0,
            words::EFFECTS[k.effect].0,
            words::PROPERTIES[k.property].0,
            r.0
        )];
        let mut en = vec![format!(
            "In {}, {} {} {}, because {}.",
            x.1,
            words::CONCEPTS[k.concept].1,
            words::EFFECTS[k.effect].1,
            words::PROPERTIES[k.property].1,
            r.1
        )];
        let distractors: Vec<&Opt> = options
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != key)
            .map(|(_, o)| o)
            .collect();
        let mut more = vec![(
            format!(
                "De andere opties gaan over {} en {}; die hebben vooral invloed op {}.",
                words::CONCEPTS[distractors[0].concept].0,
                words::CONCEPTS[distractors[1].concept].0,
                words::PROPERTIES[distractors[0].property].0
            ),
            format!(
                "The other options are about {} and {}; those mainly affect {}.",
                words::CONCEPTS[distractors[0].concept].1,
                words::CONCEPTS[distractors[1].concept].1,
                words::PROPERTIES[distractors[0].property].1
            ),
        )];
        for _ in 0..3 {
            more.push(filler_sentence(&mut self.rng));
        }
        self.rng.shuffle(&mut more);
        if self.rng.chance(20) {
            let ident = self.rng.pick(words::IDENTS);
            more.push((
                format!("In configuratiebestanden stelt u dit meestal in met `{ident}`."),
                format!("In configuration files this is usually set with `{ident}`."),
            ));
        }
        for (n, e) in more {
            nl.push(n);
            en.push(e);
        }

        let feedback_share = 15;
        let options = options
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let feedback = (i != key && self.rng.chance(feedback_share)).then(|| {
                    (
                        format!(
                            "Nee: {} {} vooral {}; dat beantwoordt de vraag niet.",
                            words::CONCEPTS[o.concept].0,
                            words::EFFECTS[o.effect].0,
                            words::PROPERTIES[o.property].0
                        ),
                        format!(
                            "No: {} mainly {} {}; that does not answer the question.",
                            words::CONCEPTS[o.concept].1,
                            words::EFFECTS[o.effect].1,
                            words::PROPERTIES[o.property].1
                        ),
                    )
                });
                (o.nl.clone(), o.en.clone(), feedback)
            })
            .collect();
        Q {
            id,
            stem,
            options,
            key,
            difficulty,
            explanation: (nl.join(" "), en.join(" ")),
            tags: Vec::new(),
            related,
            checks: Vec::new(),
        }
    }

    /// `n` options of about the same length in both languages, none about the stem's concept
    /// or property, all distinct.
    fn balanced_options(
        &mut self,
        n: usize,
        stem_concept: usize,
        stem_property: usize,
    ) -> Vec<Opt> {
        let mut best = self.option_window(n, stem_concept, stem_property);
        for _ in 0..8 {
            if even(&best) {
                break;
            }
            best = self.option_window(n, stem_concept, stem_property);
        }
        best
    }

    /// The `n` options of closest length from a pool of ten.
    fn option_window(&mut self, n: usize, stem_concept: usize, stem_property: usize) -> Vec<Opt> {
        let mut pool: Vec<Opt> = Vec::with_capacity(10);
        let mut concepts = Vec::new();
        while pool.len() < 10 {
            let ci = self.rng.below(words::CONCEPTS.len());
            let pi = self.rng.below(words::PROPERTIES.len());
            if ci == stem_concept || pi == stem_property || concepts.contains(&ci) {
                continue;
            }
            concepts.push(ci);
            let ei = self.rng.below(words::EFFECTS.len());
            let r = *self.rng.pick(words::REASONS);
            let (c, e, p) = (
                words::CONCEPTS[ci],
                words::EFFECTS[ei],
                words::PROPERTIES[pi],
            );
            pool.push(Opt {
                nl: format!("{} {} {} omdat {}", capitalize(c.0), e.0, p.0, r.0),
                en: format!("{} {} {} because {}", capitalize(c.1), e.1, p.1, r.1),
                concept: ci,
                effect: ei,
                property: pi,
            });
        }
        // The window of `n` options, by English length, with the least spread in either
        // language.
        pool.sort_by_key(|o| o.en.chars().count());
        let spread = |w: &[Opt]| {
            let (mut lo_nl, mut hi_nl, mut lo_en, mut hi_en) = (usize::MAX, 0, usize::MAX, 0);
            for o in w {
                let (l_nl, l_en) = (o.nl.chars().count(), o.en.chars().count());
                lo_nl = lo_nl.min(l_nl);
                hi_nl = hi_nl.max(l_nl);
                lo_en = lo_en.min(l_en);
                hi_en = hi_en.max(l_en);
            }
            (hi_nl - lo_nl).max(hi_en - lo_en)
        };
        let best = (0..=pool.len() - n)
            .min_by_key(|&s| spread(&pool[s..s + n]))
            .unwrap_or(0);
        pool.drain(best..best + n).collect()
    }

    fn calc_question(&mut self, id: String, difficulty: &'static str, related: Vec<String>) -> Q {
        let mut calc = None;
        let stem = self.unique_stem(|rng| {
            let c = calc_family(rng);
            let stem = c.stem.clone();
            calc = Some(c);
            stem
        });
        let Some(calc) = calc else {
            unreachable!("unique_stem calls its closure at least once")
        };
        let n = 3;
        let key = self.key(n);
        // Options ascending, as authors write numbers: the key at `key`, ×2 per step.
        let options = (0..n)
            .map(|i| {
                let value = if i >= key {
                    calc.value << (i - key)
                } else {
                    calc.value >> (key - i)
                };
                let text = format!("{value} {}", calc.unit);
                (text.clone(), text, None)
            })
            .collect();
        let (f_nl, f_en) = filler_sentence(&mut self.rng);
        Q {
            id,
            stem,
            options,
            key,
            difficulty: if difficulty == "hard" {
                "medium"
            } else {
                difficulty
            },
            explanation: (
                format!("{} {f_nl}", calc.explanation.0),
                format!("{} {f_en}", calc.explanation.1),
            ),
            tags: Vec::new(),
            related,
            checks: calc.checks,
        }
    }
}

/// True when no option is much longer than another in either language: lint's
/// longest-option-is-key fires at 1.2× and 10 characters.
fn even(options: &[Opt]) -> bool {
    let langs: [OptionLang; 2] = [|o| &o.nl, |o| &o.en];
    langs.iter().all(|text| {
        let lengths: Vec<usize> = options.iter().map(|o| text(o).chars().count()).collect();
        let (lo, hi) = (
            lengths.iter().copied().min().unwrap_or(0),
            lengths.iter().copied().max().unwrap_or(0),
        );
        hi < lo + 10 || (hi as f64) < 1.15 * lo as f64
    })
}

/// The words of a text that lint compares, crudely: lowercase, four letters or more.
fn content_words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 4 && w.chars().any(char::is_alphabetic))
        .map(str::to_lowercase)
}

/// The first four letters: "peak" and "peaks" share them, as do the Dutch "pieken" and
/// "piekbelasting", which lint takes for the same word (a compound begun by it).
fn prefix(word: &str) -> String {
    word.chars().take(4).collect()
}

/// True when option `key` would give itself away in either language: it has a word that
/// starts like a word of the stem and that no other option has. Coarser than lint's
/// Snowball stems in the direction of caution.
fn word_cue(stem: &(String, String), options: &[Opt], key: usize) -> bool {
    let langs: [(&str, OptionLang); 2] = [(&stem.0, |o| &o.nl), (&stem.1, |o| &o.en)];
    langs.iter().any(|(stem, text)| {
        let stem_prefixes: HashSet<String> = content_words(stem).map(|w| prefix(&w)).collect();
        let others: HashSet<String> = options
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != key)
            .flat_map(|(_, o)| content_words(text(o)))
            .collect();
        content_words(text(&options[key]))
            .any(|w| stem_prefixes.contains(&prefix(&w)) && !others.contains(&w))
    })
}

/// A calculation: its stem, the key's value (divisible by 4, so the ×½ and ×¼ distractors are
/// whole numbers), the unit, the explanation with the arithmetic, and the checks.
struct Calc {
    stem: (String, String),
    value: u64,
    unit: &'static str,
    explanation: (String, String),
    checks: Vec<String>,
}

fn calc_family(rng: &mut Rng) -> Calc {
    let x = *rng.pick(words::CONTEXTS);
    match rng.below(5) {
        0 => {
            let p = 4 * rng.range(1, 100) as u64;
            let (b, format) = *rng.pick(&[(1u64, "INT8"), (2, "FP16"), (4, "FP32")]);
            let v = p * b;
            let bytes = if b == 1 { "byte" } else { "bytes" };
            Calc {
                stem: (
                    format!(
                        "Een model met {p} miljard parameters bewaart zijn gewichten in {format} ({b} {bytes} per parameter) voor {}. Hoeveel geheugen nemen de gewichten ongeveer in?",
                        x.0
                    ),
                    format!(
                        "A model with {p} billion parameters keeps its weights in {format} ({b} {bytes} per parameter) for {}. Approximately how much memory do the weights take?",
                        x.1
                    ),
                ),
                value: v,
                unit: "GB",
                explanation: (
                    format!(
                        "Elke parameter neemt in {format} {b} {bytes} in beslag, dus de gewichten vragen {p} miljard × {b} {bytes} = {v} GB. De andere waarden volgen uit een verkeerd aantal bytes per parameter. Voor {} komen de KV-cache en de activaties daar nog bij.",
                        x.0
                    ),
                    format!(
                        "Each parameter takes {b} {bytes} in {format}, so the weights need {p} billion × {b} {bytes} = {v} GB. The other values follow from a wrong number of bytes per parameter. For {} the KV cache and the activations come on top of this.",
                        x.1
                    ),
                ),
                checks: vec![format!("{p}e9 * {b} B = {v} GB")],
            }
        }
        1 => {
            let bw = *rng.pick(&[2u64, 4, 8, 16, 25, 32, 50, 64]);
            let t = 4 * rng.range(1, 15) as u64;
            let s = bw * t;
            Calc {
                stem: (
                    format!(
                        "Voor {} wordt {s} GB aan gegevens gekopieerd over een verbinding van {bw} GB/s. Hoe lang duurt de overdracht ongeveer?",
                        x.0
                    ),
                    format!(
                        "For {}, {s} GB of data is copied over a link of {bw} GB/s. Approximately how long does the transfer take?",
                        x.1
                    ),
                ),
                value: t,
                unit: "s",
                explanation: (
                    format!(
                        "De tijd is de hoeveelheid gegevens gedeeld door de bandbreedte: {s} GB / {bw} GB/s = {t} s. Wie de eenheden verwisselt of met bits in plaats van bytes rekent, komt op een van de andere waarden uit. Bij {} komt er in de praktijk nog wat vertraging bij voor het opzetten van de verbinding.",
                        x.0
                    ),
                    format!(
                        "The time is the amount of data divided by the bandwidth: {s} GB / {bw} GB/s = {t} s. Mixing up the units, or counting bits instead of bytes, leads to one of the other values. For {} some delay for setting up the connection comes on top of this in practice.",
                        x.1
                    ),
                ),
                checks: vec![format!("{s} GB / ({bw} GB/s) = {t} s")],
            }
        }
        2 => {
            let intensity = 4 * rng.range(1, 16) as u64;
            let bw = *rng.pick(&[1u64, 2, 3, 4, 8]);
            let perf = intensity * bw;
            Calc {
                stem: (
                    format!(
                        "Een versneller met een geheugenbandbreedte van {bw} TB/s voert voor {} een bewerking uit met een rekenintensiteit van {intensity} FLOP/byte. Welke prestatie laat het geheugen hoogstens toe?",
                        x.0
                    ),
                    format!(
                        "An accelerator with a memory bandwidth of {bw} TB/s runs an operation with an arithmetic intensity of {intensity} FLOP/byte for {}. What performance does the memory allow at most?",
                        x.1
                    ),
                ),
                value: perf,
                unit: "TFLOPS",
                explanation: (
                    format!(
                        "Volgens het roofline-model is de haalbare prestatie de rekenintensiteit maal de bandbreedte: {intensity} FLOP/byte × {bw} TB/s = {perf} TFLOPS, zolang dat onder de piek van de rekeneenheden blijft. De andere waarden ontstaan door te delen in plaats van te vermenigvuldigen, of door een factor twee te vergeten. Voor {} bepaalt dit of de bewerking geheugenbegrensd is.",
                        x.0
                    ),
                    format!(
                        "According to the roofline model, the attainable performance is the arithmetic intensity times the bandwidth: {intensity} FLOP/byte × {bw} TB/s = {perf} TFLOPS, as long as that stays below the peak of the compute units. The other values come from dividing instead of multiplying, or from forgetting a factor of two. For {} this decides whether the operation is memory-bound.",
                        x.1
                    ),
                ),
                checks: vec![format!("{intensity} FLOP/byte * {bw} TB/s = {perf} TFLOPS")],
            }
        }
        3 => {
            let w = 20 * rng.range(1, 35) as u64;
            let h = *rng.pick(&[4u64, 8, 12, 24, 48]);
            let e = w * h;
            Calc {
                stem: (
                    format!(
                        "Een server voor {} verbruikt {w} W, {h} uur lang. Hoeveel energie gebruikt hij in die tijd?",
                        x.0
                    ),
                    format!(
                        "A server for {} draws {w} W for {h} hours. How much energy does it use in that time?",
                        x.1
                    ),
                ),
                value: e,
                unit: "Wh",
                explanation: (
                    format!(
                        "Energie is vermogen maal tijd: {w} W × {h} h = {e} Wh. De andere waarden ontstaan door het aantal uren te halveren of te verdubbelen. Voor {} telt daarnaast het verbruik van de koeling mee.",
                        x.0
                    ),
                    format!(
                        "Energy is power times time: {w} W × {h} h = {e} Wh. The other values come from halving or doubling the number of hours. For {} the power drawn by the cooling counts as well.",
                        x.1
                    ),
                ),
                checks: vec![format!("{w} W * {h} h = {e} Wh")],
            }
        }
        _ => {
            let p = rng.range(1, 100) as u64;
            let v = 16 * p;
            Calc {
                stem: (
                    format!(
                        "Een model met {p} miljard parameters wordt voor {} getraind met gewichten, gradiënten en de twee toestanden van Adam allemaal in FP32 (4 bytes). Hoeveel geheugen is ongeveer nodig, exclusief activaties?",
                        x.0
                    ),
                    format!(
                        "A model with {p} billion parameters is trained for {} with the weights, the gradients and the two Adam states all in FP32 (4 bytes). Approximately how much memory is needed, excluding activations?",
                        x.1
                    ),
                ),
                value: v,
                unit: "GB",
                explanation: (
                    format!(
                        "Per parameter worden vier waarden van 4 bytes bijgehouden, samen 16 bytes, dus {p} miljard × 16 bytes = {v} GB. Wie de toestanden van Adam vergeet, komt op de helft uit. Voor {} komen de activaties daar nog bij.",
                        x.0
                    ),
                    format!(
                        "Four values of 4 bytes are kept per parameter, 16 bytes together, so {p} billion × 16 bytes = {v} GB. Forgetting Adam's states gives half of that. For {} the activations come on top of this.",
                        x.1
                    ),
                ),
                checks: vec![format!("{p}e9 * (4 + 4 + 4 + 4) B = {v} GB")],
            }
        }
    }
}

fn write_question(out: &mut String, q: &Q) {
    let _ = write!(
        out,
        "\n[[question]]\nid = {}\nstem.nl = {}\nstem.en = {}\nanswer = \"{}\"\ndifficulty = \"{}\"\nexplanation.nl = {}\nexplanation.en = {}\ntags = {}\n",
        basic(&q.id),
        basic(&q.stem.0),
        basic(&q.stem.1),
        char::from(b'A' + q.key as u8),
        q.difficulty,
        multiline(&q.explanation.0),
        multiline(&q.explanation.1),
        string_array(&q.tags),
    );
    if !q.related.is_empty() {
        let _ = writeln!(out, "related = {}", string_array(&q.related));
    }
    if !q.checks.is_empty() {
        let _ = writeln!(out, "checks = {}", string_array(&q.checks));
    }
    for (nl, en, feedback) in &q.options {
        match feedback {
            None => {
                let _ = write!(
                    out,
                    "\n[[question.options]]\nnl = {}\nen = {}\n",
                    basic(nl),
                    basic(en)
                );
            }
            Some((f_nl, f_en)) => {
                let _ = write!(
                    out,
                    "\n[[question.options]]\ntext.nl = {}\ntext.en = {}\nfeedback.nl = {}\nfeedback.en = {}\n",
                    basic(nl),
                    basic(en),
                    basic(f_nl),
                    basic(f_en)
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(spec: &Spec) -> Vec<GeneratedFile> {
        let mut files = Vec::new();
        generate(spec, |f| {
            files.push(f);
            Ok::<(), ()>(())
        })
        .unwrap_or_default();
        files
    }

    #[test]
    fn same_seed_same_bank_other_seed_other_bank() {
        let a = files(&Spec::new(300, 1));
        assert_eq!(a, files(&Spec::new(300, 1)));
        assert_ne!(a, files(&Spec::new(300, 2)));
    }

    #[test]
    fn every_file_is_valid_toml_and_counts_add_up() {
        let spec = Spec::new(2500, 3);
        let mut summary = Summary::default();
        let mut questions = 0;
        let mut checks = 0;
        let all = files(&spec);
        for f in &all {
            let table: toml::Table =
                toml::from_str(&f.text).unwrap_or_else(|e| panic!("{}: {e}\n{}", f.path, f.text));
            summary.files += 1;
            if let Some(qs) = table.get("question").and_then(|q| q.as_array()) {
                questions += qs.len();
                for q in qs {
                    checks += q
                        .get("checks")
                        .and_then(|c| c.as_array())
                        .map_or(0, Vec::len);
                }
            }
        }
        assert_eq!(questions, 2500);
        assert!((150..350).contains(&checks), "{checks} checks");
        assert_eq!(summary.files, 1 + 20 + 2 * 1000);
    }

    #[test]
    fn small_banks_have_one_topic_per_question() {
        let all = files(&Spec::new(7, 1));
        assert_eq!(
            all.iter()
                .filter(|f| f.path.ends_with("topic.toml"))
                .count(),
            7
        );
    }

    #[test]
    fn slugs_are_kebab_case() {
        assert_eq!(slug("SSD's en RAID"), "ssd-s-en-raid");
        assert_eq!(slug("Machine learning"), "machine-learning");
    }
}
