//! Every text of the bank rendered once per language, before any page is written.
//!
//! A question's stem appears on its own page, in its topic's list, in its practice data and
//! in up to [`super::pages`]' "more questions" lists of other pages, and a topic's summary on
//! every card of its category: rendering each Markdown text once and sharing the result keeps
//! the site's cost proportional to the bank, not to the links between its pages.

use std::ops::Range;

use std::sync::{Arc, OnceLock};

use quizkit_model::{Bank, Question, Topic};
use rayon::prelude::*;

use super::escape::esc;
use super::{Lang, Site, has_block, plain};
use crate::markdown::{self, Img, Math};

/// How many folders below the site root a question page is (`<lang>/<c>/<t>/q/<id>.html`).
const QUESTION_DEPTH: usize = 4;
/// How many folders below the site root a practice page is (`<lang>/<c>/<t>/practice.html`).
const PRACTICE_DEPTH: usize = 3;

/// A question's texts as HTML on one page, its images addressed from that page.
pub struct Html {
    /// The stem as block HTML.
    pub stem_block: String,
    /// Each option's text as inline HTML.
    pub options: Vec<String>,
    /// Each option's feedback as inline HTML.
    pub feedback: Vec<Option<String>>,
    /// The explanation as block HTML.
    pub explanation: Option<String>,
}

impl Html {
    /// Renders the texts of `question` in `lang`, asking `images` about each image.
    fn new(question: &Question, lang: &str, images: &mut dyn FnMut(&str) -> Option<Img>) -> Self {
        let inline = |text: &str, images: &mut dyn FnMut(&str) -> Option<Img>| {
            markdown::to_inline_html_with_images(text, Math::MathMl, images)
        };
        Html {
            stem_block: markdown::to_html_with_images(
                question.stem.value.get_or_first(lang),
                Math::MathMl,
                images,
            ),
            options: question
                .options
                .iter()
                .map(|o| inline(o.text.value.get_or_first(lang), images))
                .collect(),
            feedback: question
                .options
                .iter()
                .map(|o| {
                    o.feedback
                        .as_ref()
                        .map(|f| inline(f.value.get_or_first(lang), images))
                })
                .collect(),
            explanation: question.explanation.as_ref().map(|e| {
                markdown::to_html_with_images(e.value.get_or_first(lang), Math::MathMl, images)
            }),
        }
    }
}

/// One question's texts in one language.
pub struct QuestionText {
    /// The texts as the question's page shows them.
    pub page: Html,
    /// The texts as the practice page shows them, when they hold images (whose addresses
    /// differ there); else the same as `page`.
    practice: Option<Html>,
    /// Where the stem as inline HTML lies in `page.stem_block` (all of it unless it is one
    /// paragraph).
    stem_inline: Range<usize>,
    /// The stem as plain text.
    pub stem_plain: String,
    /// The stem as phrasing content for the text of a link, when it differs from the inline HTML.
    stem_phrasing: Option<String>,
}

impl QuestionText {
    fn new(site: &Site<'_>, dir: &str, question: &Question, lang: &str) -> Self {
        let mut carried = false;
        let page = Html::new(question, lang, &mut |dest| {
            let img = site.images.img(site.bank, dir, QUESTION_DEPTH, dest);
            carried |= img.is_some();
            img
        });
        let practice = carried.then(|| {
            Html::new(question, lang, &mut |dest| {
                site.images.img(site.bank, dir, PRACTICE_DEPTH, dest)
            })
        });
        let stem_inline = markdown::inline_range(&page.stem_block);
        let inline = &page.stem_block[stem_inline.clone()];
        let stem_plain = plain(question.stem.value.get_or_first(lang));
        let stem_phrasing =
            (has_block(inline) || inline.contains("<a ") || inline.contains("<img"))
                .then(|| esc(&stem_plain).into_owned());
        QuestionText {
            page,
            practice,
            stem_inline,
            stem_plain,
            stem_phrasing,
        }
    }

    /// The texts as the practice page shows them.
    pub fn practice(&self) -> &Html {
        self.practice.as_ref().unwrap_or(&self.page)
    }

    /// The stem as inline HTML: what [`super::inline`] gives.
    pub fn stem_inline(&self) -> &str {
        &self.page.stem_block[self.stem_inline.clone()]
    }

    /// The stem as phrasing content: what [`super::phrasing`] gives.
    pub fn stem_phrasing(&self) -> &str {
        self.stem_phrasing
            .as_deref()
            .unwrap_or_else(|| self.stem_inline())
    }
}

/// One topic's texts in one language.
pub struct TopicText {
    /// The title as plain text.
    pub title: String,
    /// The summary as a card's `<span>`, or "".
    pub card_summary: String,
}

impl TopicText {
    fn new(topic: &Topic, code: &str) -> Self {
        TopicText {
            title: plain(topic.title(code)),
            card_summary: topic
                .meta
                .summary
                .as_ref()
                .map(|s| format!("<span>{}</span> ", super::phrasing(s.get_or_first(code))))
                .unwrap_or_default(),
        }
    }
}

/// The texts of a bank in one language.
pub struct Rendered<'b> {
    /// The site, for its images.
    site: &'b Site<'b>,
    /// The language.
    code: &'b str,
    /// The bank's title as plain text.
    pub bank_title: String,
    /// Each category's title as plain text.
    pub category_titles: Vec<String>,
    /// The bank.
    bank: &'b Bank,
    /// Each topic's texts, by category, rendered when first asked for unless rendered up
    /// front.
    topics: Vec<Vec<OnceLock<TopicText>>>,
    /// Where each topic's questions start in `questions`, by category.
    starts: Vec<Vec<usize>>,
    /// Every question with its topic's folder, in bank order.
    all: Vec<(Arc<str>, &'b Question)>,
    /// Every question's texts, in bank order, rendered when first asked for unless rendered
    /// up front.
    questions: Vec<OnceLock<QuestionText>>,
}

impl<'b> Rendered<'b> {
    /// Renders every text of `bank` in `lang`, the questions in parallel.
    pub fn new(site: &'b Site<'b>, lang: &Lang<'b>) -> Self {
        Rendered::some(site, lang, |_, _| true)
    }

    /// Renders the titles of `bank` in `lang`, and the questions of the topics `eager` picks
    /// (by category and topic index) in parallel; any other question's texts are rendered
    /// when a page first asks for them. For writing some pages of the site.
    pub fn some(site: &'b Site<'b>, lang: &Lang<'b>, eager: impl Fn(usize, usize) -> bool) -> Self {
        let bank: &'b Bank = site.bank;
        let code = lang.code;
        let mut starts = Vec::with_capacity(bank.categories.len());
        let mut all: Vec<(Arc<str>, &Question)> = Vec::new();
        let mut picked: Vec<bool> = Vec::new();
        for (ci, category) in bank.categories.iter().enumerate() {
            let mut topic_starts = Vec::with_capacity(category.topics.len());
            for (ti, topic) in category.topics.iter().enumerate() {
                topic_starts.push(all.len());
                let dir: Arc<str> = Bank::topic_dir(category, topic).into();
                all.extend(topic.questions.iter().map(|q| (dir.clone(), q)));
                picked.resize(all.len(), eager(ci, ti));
            }
            starts.push(topic_starts);
        }
        let questions = all
            .par_iter()
            .zip(picked)
            .map(|((dir, q), picked)| {
                let cell = OnceLock::new();
                if picked {
                    let _ = cell.set(QuestionText::new(site, dir, q, code));
                }
                cell
            })
            .collect();
        let topics = bank
            .categories
            .iter()
            .enumerate()
            .map(|(ci, category)| {
                (0..category.topics.len())
                    .map(|ti| {
                        let cell = OnceLock::new();
                        if eager(ci, ti) {
                            let _ = cell.set(TopicText::new(&category.topics[ti], code));
                        }
                        cell
                    })
                    .collect()
            })
            .collect();
        Rendered {
            site,
            code,
            bank,
            all,
            bank_title: plain(bank.title(code)),
            category_titles: bank
                .categories
                .iter()
                .map(|c| plain(c.title(code)))
                .collect(),
            topics,
            starts,
            questions,
        }
    }

    /// The texts of topic `topic` of category `category`.
    pub fn topic(&self, category: usize, topic: usize) -> &TopicText {
        self.topics[category][topic].get_or_init(|| {
            TopicText::new(&self.bank.categories[category].topics[topic], self.code)
        })
    }

    /// The texts of question `index` of topic `topic` of category `category`.
    pub fn question(&self, category: usize, topic: usize, index: usize) -> &QuestionText {
        let at = self.starts[category][topic] + index;
        let (dir, question) = &self.all[at];
        self.questions[at].get_or_init(|| QuestionText::new(self.site, dir, question, self.code))
    }
}
